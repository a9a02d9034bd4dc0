"""An attack written as stages told as an exchange (its `exchange` key):
hits against hits, as Ground Force's rulebook tells a battle. The stages
are the same (who rolls what, how a face reads, the pool, most hits wins,
what the loser takes, the added stages at the dice and at the end); what
is its own is the telling: both sides' dice in one step and both sides'
hits in another, each saying which faces count, and an outcome of the kind
"exchange", with the ways the loser may remove its units and whether the
attackers move in. An exchange is ruled one attack at a time.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from referee.core.records import section
from referee.outcomes import Exchange
from referee.ruleset.crosscheck import Fail
from referee.rulings.procedure import cite
from referee.rulings.ruling import SIDES, Ruling, Side, Step, either, listed, say, say_n, step
from referee.stages import added, compare, costs, count, read, roll
from referee.stages.move_in import MOVES
from referee.stages.needs import side_pool
from referee.stages.pool_rules import pool_steps
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.chance.dice import Face
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle, Throw
    from referee.stages.roll import Roll

own_catalogue(__file__)

KIND = "exchange"  # the kind of outcome, and the report that reads it
ODDS_KEYS = ("winner", "attacker_loses", "defender_loses")


@section
class Telling:
    """The attack is told as an exchange: hits against hits, the units the loser may remove."""

    def cross_check_attack(self, attack: Any, path: str, fail: Fail) -> None:
        """An exchange is hits against hits, one attack at a time: a comparison
        of one symbol is all that costs, each side rolls its own die at once."""
        spec = attack.costs
        sides = [attack.attacker, attack.defender]
        others = spec.losses or spec.retreats or spec.own_losses or spec.damage or attack.follow or attack.fight
        by_pairs = attack.compare is None or attack.compare.by == "pairs"
        if by_pairs or others or any(side.units or side.roll.battles_back for side in sides):
            hits = pgettext(
                "file.exchange",
                "an exchange tells hits against hits: it needs compare (by difference) and no costs by symbol, "
                "follow, units with their own dice, side battling back or fight",
            )
            raise fail(path, hits)


def ruler(rules: Ruleset, name: str, params: Any, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told: each side's dice, readings and pool, worked out once."""
    stages = added.of(params)
    rolls = {
        side: roll.dice(rules, getattr(params, side).roll, battle, side, cite(params, "roll"), name)[0]
        for side in SIDES
    }
    rolls, before = added.run("dice", stages, rules, battle, rolls)
    readings = {
        side: read.reading(
            rules, getattr(params, side).read, getattr(params, side).die, battle, side, cite(params, "read")
        )[0]
        for side in SIDES
    }
    pools = {
        side: side_pool(
            getattr(params, side).pool, rules.dice[getattr(params, side).die].die, readings[side], battle, side
        )
        for side in SIDES
    }
    contest = params.compare
    assert contest is not None, "an exchange compares (the grammar's cross-check)"
    counting = {side: [f for f, carried in readings[side].items() if contest.symbol in carried] for side in SIDES}
    dice = {side: getattr(params, side).die for side in SIDES}
    rolled_step = sides_roll(
        rules, rolls, {side: getattr(params, side).roll for side in SIDES}, battle, cite(params, "roll")
    )
    loss = params.loss

    def rule_on(throw: Throw) -> Ruling:
        steps = [*before, rolled_step]
        rolled = {side: tuple(throw.get(side, ())) for side in SIDES}
        for side, pool in pools.items():
            if pool is not None and rolled[side]:
                settled = pool.settle(pool.rounds(rolled[side], rolls[side]))
                rolled[side] = settled.kept
                steps += pool_steps(getattr(params, side).pool, side, settled, partial(rules.face_said, dice[side]))
        symbol = (contest.symbol,)
        hits = {side: count.count(readings[side], rolled[side], symbol)[contest.symbol] for side in SIDES}
        steps.append(sides_hit(rules, dice, rolled, hits, counting, cite(params, "read")))
        costly = {side: contest.on_win(side) != "nothing" for side in SIDES}
        winner, margin, compared = compare.compare(
            hits, contest.tie, costly, cite(params, "compare"), wins=contest.wins
        )
        steps.append(compared)
        loses = dict.fromkeys(SIDES, 0)
        options: dict[Side, list[dict[str, int]]] = {side: [] for side in SIDES}
        if winner and contest.on_win(winner) not in costs.TAKES_NOTHING:
            loser, on_win = winner.other, contest.on_win(winner)
            plus = contest.plus if contest.plus and on_win == "wounds" else None
            loses[loser], options[loser], paid = costs.removed(
                rules,
                on_win,
                loser,
                battle.side(loser),
                margin,
                loss,
                cite(params, "costs"),
                (contest.chooser, params.cite.choice or cite(params, "costs")),
                hits[winner],
                (plus.of(battle.side(winner)), rules.said(plus.label)) if plus else (0, ""),
            )
            steps += paid
        ended = added.run("losses", stages, rules, battle, (loses, dict.fromkeys(SIDES, 0)))[1]
        steps += ended
        outcome = Exchange.of_sides(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            units={side: battle.side(side) for side in SIDES},
            rolled={side: list(rolled[side]) for side in SIDES},
            hits=hits,
            loses=loses,
            options=options,
            moves_in=any(said.message == MOVES for said in ended),
            loss=loss.one if loss else None,
        )
        return Ruling(outcome=outcome, steps=tuple(steps))

    return rule_on


def sides_roll(rules: Ruleset, rolls: Mapping[Side, int], by: Mapping[Side, Roll], battle: Battle, rule: str) -> Step:
    """'the attacker rolls 2 dice (one per unit); the defender rolls 1 die (one per unit)'."""
    said = {
        side.value: say(
            "dice.side_rolls",
            "the {side} rolls {dice}{per_unit}",
            side=side,
            dice=say_n("count.dice", "{n} die", "{n} dice", rolls[side]),
            per_unit=_per_unit(rules, by[side], battle, side),
        )
        for side in SIDES
    }
    return step(rule, "dice.sides_roll", "{attacker}; {defender}", **said)


def _per_unit(rules: Ruleset, spec: Roll, battle: Battle, side: Side) -> str:
    """' (one per unit)', ' (4 per knight)', or nothing for a fixed number of dice."""
    if spec.by == "units":
        return say("dice.per_unit", " (one per unit)")
    if spec.by != "value":
        return ""
    each = (
        say("dice.per_kind", "{n} per {unit}", n=spec.values.get(u, 0), unit=rules.units[u].title)
        for u, _ in battle.side(side)
    )
    return say("dice.per_kinds", " ({kinds})", kinds=listed(each))


def sides_hit(
    rules: Ruleset,
    dice: Mapping[Side, str],
    rolled: Mapping[Side, Sequence[Face]],
    hits: Mapping[Side, int],
    counting: Mapping[Side, Sequence[Face]],
    rule: str,
) -> Step:
    """'the attacker rolled sword, blank: 1 hit (sword or explosion count); the defender …'."""
    said = {
        side.value: say(
            "hits.side_rolled",
            "the {side} rolled {faces}: {hits} ({counting})",
            side=side,
            faces=listed(rules.face_said(dice[side], f) for f in rolled[side]) or say("faces.none", "nothing"),
            hits=compare.hits(hits[side]),
            counting=_counting(rules, dice[side], counting[side]),
        )
        for side in SIDES
    }
    return step(rule, "hits.sides_rolled", "{attacker}; {defender}", **said)


def _counting(rules: Ruleset, die: str, faces: Sequence[Face]) -> str:
    """'sword or explosion count', '5 or 6 count', or a side that never hits."""
    if not faces:
        return say("hits.counting.none", "no face counts")
    return say("hits.counting", "{faces} count", faces=either(rules.face_said(die, f) for f in faces))


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"exchange": pgettext("show.param", "exchange")}
