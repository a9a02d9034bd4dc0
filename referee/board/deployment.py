"""Rolling the armies and deciding who places first and who starts, for games
whose pieces are dice placed on a dealt map. The armies come from their own
"setup" stream, so re-rolling armies never changes the map of the same seed."""

from __future__ import annotations

from collections.abc import Mapping

from referee.chance.dice import Face, Rng, pips
from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.ruleset.model import Ruleset
from referee.ruleset.sections import Deployment
from referee.rulings.ruling import Step, listed, say, say_n, series, step
from referee.words.language import pgettext
from referee.words.names import Lexicon, lexicon

SETUP_STREAM = "setup"
MAX_ROLLS = 1000


@record
class Armies:
    """Each player's rolled dice (the last roll, after any re-rolls), who
    places first, and why."""

    rolls: Mapping[str, tuple[int, ...]]
    rerolls: int
    first: str
    steps: tuple[Step, ...]
    typed: bool = False


def deployment_of(rules: Ruleset) -> Deployment:
    if rules.deployment is None:
        raise RefereeError(say("error.setup.none", "{game} has no army setup", game=rules.name))
    return rules.deployment


def players_of(rules: Ruleset) -> Lexicon[str]:
    setup = deployment_of(rules)
    return lexicon(rules, pgettext("kind", "player"), {p: setup.aliases.get(p, ()) for p in setup.players})


def _faces(rules: Ruleset) -> list[int]:
    return sorted(set(pips(rules.dice[deployment_of(rules).die].faces)), reverse=True)


def placing_order(rules: Ruleset, rolls: Mapping[str, tuple[int, ...]]) -> tuple[str | None, Step]:
    """Who has more of the highest face, then of the next...; None on identical
    rolls. The step names every face counted on the way."""
    setup = deployment_of(rules)
    red, blue = setup.players
    tied: list[str] = []
    for face in _faces(rules):
        mine, theirs = rolls[red].count(face), rolls[blue].count(face)
        if mine != theirs:
            winner = red if mine > theirs else blue
            counted = say(
                "order.face",
                "{face}s: {red} {mine}, {blue} {theirs}",
                face=face,
                red=rules.said(red),
                mine=mine,
                blue=rules.said(blue),
                theirs=theirs,
            )
            faces = listed([*tied, counted])
            return winner, step(
                setup.order_rule,
                "order.first",
                "{faces}: {winner} places first",
                faces=faces,
                winner=rules.said(winner),
            )
        tied.append(say("order.tied", "{face}s: {n} each", face=face, n=mine))
    faces = listed(tied)
    return None, step(
        setup.order_rule, "order.identical", "{faces}: identical rolls, both re-roll everything", faces=faces
    )


def typed_rolls(setup: Deployment, rolls: str) -> Step:
    """The step that says what the players rolled with their own dice."""
    return step(setup.roll_rule, "armies.typed", "{rolls} (typed)", rolls=rolls)


def roll_armies(rules: Ruleset, dice: int, seed: int) -> Armies:
    setup = deployment_of(rules)
    die = rules.dice[setup.die].die
    rng = Rng(seed, SETUP_STREAM)
    steps: list[Step] = []
    for attempt in range(MAX_ROLLS):
        rolls = {p: tuple(sorted(pips(die.roll(dice, rng)), reverse=True)) for p in setup.players}
        said = series(
            say_n(
                "armies.rolls",
                "{player} rolls {n} die: {faces}",
                "{player} rolls {n} dice: {faces}",
                dice,
                player=rules.said(p),
                faces=listed(map(str, rolls[p])),
            )
            for p in setup.players
        )
        steps.append(
            step(setup.roll_rule, "armies.rolled", "{rolls}", rolls=said)
            if attempt == 0
            else step(setup.roll_rule, "armies.rerolled", "{rolls} (re-roll)", rolls=said)
        )
        first, why = placing_order(rules, rolls)
        steps.append(why)
        if first is not None:
            return Armies(rolls, attempt, first, tuple(steps))
    raise RefereeError(
        say("error.setup.identical_often", "identical rolls {n} times running", n=MAX_ROLLS)
    )  # pragma: no cover


def typed_armies(rules: Ruleset, dice: int, given: Mapping[str, tuple[Face, ...]]) -> Armies:
    """The armies the players rolled with their own dice, and who places first."""
    setup = deployment_of(rules)
    faces = set(_faces(rules))
    rolls = {}
    for player in setup.players:
        if player not in given:
            raise RefereeError(
                say(
                    "error.setup.both_armies",
                    "give {player}'s army too ({option} DICE), or neither to let the referee roll",
                    player=rules.said(player),
                    option=setting(player),
                ),
                rule=setup.roll_rule,
            )
        values = tuple(sorted(pips(given[player]), reverse=True))
        if len(values) != dice:
            count_rule = rules.landscape.dice.rule if rules.landscape else setup.roll_rule
            raise RefereeError(
                say(
                    "error.setup.dice_count",
                    "{player} rolls {dice} dice on this map ({rule}), not {given}",
                    player=rules.said(player),
                    dice=dice,
                    rule=count_rule,
                    given=len(values),
                ),
                rule=setup.roll_rule,
            )
        if not set(values) <= faces:
            raise RefereeError(
                say(
                    "error.setup.dice_faces",
                    "{player}'s dice are each {low} to {high}, not {given}",
                    player=rules.said(player),
                    low=min(faces),
                    high=max(faces),
                    given=listed(map(str, values)),
                ),
                rule=setup.roll_rule,
            )
        rolls[player] = values
    first, why = placing_order(rules, rolls)
    if first is None:
        raise RefereeError(
            say("error.setup.identical", "identical rolls: both re-roll everything; type the new dice"),
            rule=setup.order_rule,
        )
    said = series(
        say_n(
            "armies.rolled_dice",
            "{player} rolled {n} die: {faces}",
            "{player} rolled {n} dice: {faces}",
            len(rolls[p]),
            player=rules.said(p),
            faces=listed(map(str, rolls[p])),
        )
        for p in setup.players
    )
    steps = (typed_rolls(setup, said), why)
    return Armies(rolls, 0, first, steps, typed=True)


def who_starts(rules: Ruleset, armies: Armies, left: Mapping[str, tuple[Face, ...]]) -> tuple[str, tuple[Step, ...]]:
    """The player with the higher sum of the dice left over starts; equal sums: as the file decides.
    Dice the referee did not roll are noted, not refused: a table may roll its own."""
    setup = deployment_of(rules)
    faces = set(_faces(rules))
    sums = {}
    notes: list[Step] = []
    for player in setup.players:
        if player not in left:
            raise RefereeError(
                say(
                    "error.setup.hand",
                    "say which {hand} dice {player} has left with {option}",
                    hand=setup.hand,
                    player=rules.said(player),
                    option=setting(player + "-left"),
                ),
                rule=setup.start_rule,
            )
        dice = pips(left[player])
        if len(dice) != setup.hand or not set(dice) <= faces:
            raise RefereeError(
                say(
                    "error.setup.hand_dice",
                    "{player} is left with {hand} dice, each {low} to {high}, not {given}",
                    player=rules.said(player),
                    hand=setup.hand,
                    low=min(faces),
                    high=max(faces),
                    given=listed(map(str, dice)) or say("error.none", "none"),
                ),
                rule=setup.start_rule,
            )

        rolled = list(armies.rolls[player])
        for value in dice:
            if value in rolled:
                rolled.remove(value)
            else:
                notes.append(
                    step(
                        setup.roll_rule,
                        "start.kept_untyped",
                        "{player} keeps a {value}, which is not among the dice typed for {player}: "
                        "ruling on the dice as given",
                        player=rules.said(player),
                        value=value,
                    )
                    if armies.typed
                    else step(
                        setup.roll_rule,
                        "start.kept_unrolled",
                        "{player} keeps a {value}, which is not among the dice the referee rolled for {player}: "
                        "ruling on the dice as given",
                        player=rules.said(player),
                        value=value,
                    )
                )
        sums[player] = sum(dice)
    red, blue = setup.players
    if sums[red] != sums[blue]:
        starter = red if sums[red] > sums[blue] else blue
        why = step(
            setup.start_rule,
            "start.higher",
            "{red} keeps {a}, {blue} {b}: {starter} starts",
            red=rules.said(red),
            a=sums[red],
            blue=rules.said(blue),
            b=sums[blue],
            starter=rules.said(starter),
        )
    else:
        second = blue if armies.first == red else red
        starter = armies.first if setup.equal_start == "first-placer" else second
        why = (
            step(
                setup.start_rule,
                "start.first_placer",
                "both keep {n}: the first placer, {starter}, starts",
                n=sums[red],
                starter=rules.said(starter),
            )
            if starter == armies.first
            else step(
                setup.start_rule,
                "start.second_placer",
                "both keep {n}: the second placer, {starter}, starts",
                n=sums[red],
                starter=rules.said(starter),
            )
        )
    return starter, (*notes, why)
