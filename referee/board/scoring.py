"""The end of a game of dice on a map: merging two own dice (grouping), and
who wins from the dice left on the map, by the ruleset's criteria in order."""

from __future__ import annotations

from collections.abc import Mapping

from referee.board.deployment import deployment_of
from referee.chance.dice import pips
from referee.core.errors import RefereeError
from referee.core.records import record
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, Value, either, say, say_n, step


@record
class Merged:
    value: int
    lost: int
    steps: tuple[Step, ...]


@record
class Score:
    dice: Mapping[str, int]
    pips: Mapping[str, int]
    winner: str | None  # None: it comes down to who moved first, which was not given
    decided_by: str
    steps: tuple[Step, ...]


def _checked(rules: Ruleset, values: tuple[int, ...], who: str, rule: str) -> None:
    faces = set(pips(rules.dice[deployment_of(rules).die].faces))
    for value in values:
        if value not in faces:
            raise RefereeError(
                say(
                    "error.score.face",
                    "{who}: a die shows {low} to {high}, not {value}",
                    who=who,
                    low=min(faces),
                    high=max(faces),
                    value=value,
                ),
                rule=rule,
            )


def group(rules: Ruleset, values: tuple[int, ...]) -> Merged:
    if rules.grouping is None:
        raise RefereeError(say("error.score.no_grouping", "{game} has no grouping rule", game=rules.name))
    rule = rules.grouping.rule
    if len(values) != 2:
        raise RefereeError(
            say("error.score.grouping_two", "grouping merges two dice, not {given}", given=len(values)), rule=rule
        )
    _checked(rules, values, say("error.score.grouping", "grouping"), rule)
    total = sum(values)
    value = min(total, rules.grouping.cap)
    lost = total - value
    said = (
        step(
            rule,
            "grouping.capped",
            "{a} + {b} = {total}, capped at {cap}: {lost} lost",
            a=values[0],
            b=values[1],
            total=total,
            cap=rules.grouping.cap,
            lost=say_n("count.pips", "{n} pip", "{n} pips", lost),
        )
        if lost
        else step(rule, "grouping.kept", "{a} + {b} = {total}: nothing lost", a=values[0], b=values[1], total=total)
    )
    return Merged(value, lost, (said,))


def score(rules: Ruleset, dice: Mapping[str, tuple[int, ...]], first: str | None) -> Score:
    if rules.scoring is None:
        raise RefereeError(say("error.score.none", "{game} has no scoring rule", game=rules.name))
    rule = rules.scoring.rule
    players = deployment_of(rules).players
    for player in players:
        if player not in dice:
            raise RefereeError(
                say("error.score.give", "give {player}'s dice on the map, e.g. 6,5,1", player=rules.said(player)),
                rule=rule,
            )
        _checked(rules, dice[player], rules.said(player), rule)
        land = rules.landscape
        if land and len(dice[player]) > land.dice.per_colour:
            raise RefereeError(
                say(
                    "error.score.box",
                    "{player} has {dice} dice on the map, but the box holds {box} of a colour",
                    player=rules.said(player),
                    dice=len(dice[player]),
                    box=land.dice.per_colour,
                ),
                rule=land.dice.rule,
            )
    counts = {p: len(dice[p]) for p in players}
    totals = {p: sum(dice[p]) for p in players}
    steps = []
    for criterion in rules.scoring.order:
        if criterion == "first":
            if first is None:
                steps.append(
                    step(
                        rule,
                        "score.first.unknown",
                        "still equal: the player who moved first wins (say who: {players})",
                        players=either(rules.said(p).spoken for p in players),
                    )
                )
                return Score(counts, totals, None, criterion, tuple(steps))
            steps.append(
                step(rule, "score.first", "still equal: {first} moved first and wins", first=rules.said(first))
            )
            return Score(counts, totals, first, criterion, tuple(steps))
        values = counts if criterion == "dice" else totals
        a, b = (values[p] for p in players)
        said: dict[str, Value] = {"first": rules.said(players[0]), "a": a, "second": rules.said(players[1]), "b": b}
        if a != b:
            winner = players[0] if a > b else players[1]
            steps.append(
                step(
                    rule,
                    "score.dice",
                    "most dice on the map: {first} {a}, {second} {b} dice: {winner} wins",
                    winner=rules.said(winner),
                    **said,
                )
                if criterion == "dice"
                else step(
                    rule,
                    "score.pips",
                    "highest pip total: {first} {a}, {second} {b} pips: {winner} wins",
                    winner=rules.said(winner),
                    **said,
                )
            )
            return Score(counts, totals, winner, criterion, tuple(steps))
        steps.append(
            step(rule, "score.dice.equal", "most dice on the map: {a} dice each", **said)
            if criterion == "dice"
            else step(rule, "score.pips.equal", "highest pip total: {a} pips each", **said)
        )
    raise RefereeError(say("error.score.draw", "a draw: the ruleset's criteria do not separate the players"), rule=rule)
