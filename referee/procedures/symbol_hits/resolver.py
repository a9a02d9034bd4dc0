"""Symbol hits, the preset: each side counts the faces that are hits for it,
more hits wins, and the loser removes units as the winner's side of the file
says (the winner's surplus, everything, or nothing). Ground Force's normal and
heavy-weapon attacks are two parameter sets of it.

The mechanics are the shared stages: who rolls what (`stages.roll`), how a
face reads (`read`), what the pool does (`pool`), counting (`count`), most
hits wins (`compare`) and what the loser takes (`costs`). What is its own:
the reach of the attack, an attack made alone, the attackers moving in, and
the way it says both sides' dice and hits, one step each."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.records import record
from referee.outcomes import Exchange
from referee.procedures.base import DiceNeed, attack_name, cite, read_need, side_pool, size, untold
from referee.procedures.symbol_hits.grammar import HIT, SymbolHits
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle, Throw
from referee.rulings.ruling import SIDES, Ruling, Side, Step, say, step
from referee.stages import compare, costs, count, read, roll
from referee.stages import exchange as exchanges
from referee.stages.pool_rules import pool_steps
from referee.stages.read import Reading
from referee.words.names import article, span

if TYPE_CHECKING:
    from referee.stages.pool import Pool

ODDS_KEYS = exchanges.ODDS_KEYS


def made_alone(params: SymbolHits) -> str | None:
    """The rule that makes this attack one no other unit may join, if any."""
    return (params.cite.alone or params.rule) if params.alone else None


@record
class _Ready:
    """One side through the stages before its throw: its first dice, how its faces read, its pool."""

    rolls: int
    readings: Reading
    pool: Pool | None


def _stages(rules: Ruleset, params: SymbolHits, battle: Battle, side: Side) -> _Ready:
    """A side's dice by the roll stage (too many refused), its faces by the read stage, its pool."""
    spec = getattr(params, side)
    # symbol hits says both sides' dice in one step of its own (`_rolls`), not the roll stage's
    rolls, _, _ = roll.dice(rules, spec.as_roll(rules), battle, side, cite(params, "dice"), attack_name(rules, params))
    die = params.die_of(side)
    readings, _ = read.reading(rules, spec.as_read(), die, battle, side, cite(params, "hits"))
    return _Ready(rolls, readings, side_pool(spec.pool, rules.dice[die].die, readings, battle, side))


def dice_needed(rules: Ruleset, params: SymbolHits, battle: Battle) -> dict[str, DiceNeed]:
    """The attack's reach checked, then each side's dice by the stages."""
    reach = params.range
    if battle.range is not None and not reach.min <= battle.range <= reach.max:
        reaches = say(
            "range.reach",
            "{an_attack} reaches distance {span}, not {given}",
            an_attack=article(params.label),
            attack=rules.attack_said(attack_name(rules, params)),
            span=span(reach.min, reach.max),
            given=battle.range,
        )
        raise RefereeError(reaches, rule=cite(params, "range"))
    need: dict[str, DiceNeed] = {}
    for side in SIDES:
        ready = _stages(rules, params, battle, side)
        die = rules.dice[params.die_of(side)].die
        waits = untold(getattr(params, side).pool, battle, side)
        need[side] = read_need(die, ready.rolls, cite(params, "dice"), ready.readings, ready.pool, waits)
    return need


def prepare(rules: Ruleset, name: str, params: SymbolHits, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told: each side's dice, readings and pool, worked out once."""
    sides = {side: _stages(rules, params, battle, side) for side in SIDES}
    return lambda throw: _rule(rules, name, params, battle, sides, throw)


def _rule(
    rules: Ruleset, name: str, params: SymbolHits, battle: Battle, sides: Mapping[Side, _Ready], throw: Throw
) -> Ruling:
    steps: list[Step] = []
    if battle.range is not None:
        steps.append(
            step(
                cite(params, "range"),
                "range.reached",
                "target at distance {distance}: {an_attack} reaches {reach}",
                distance=battle.range,
                an_attack=article(params.label),
                attack=rules.attack_said(name),
                reach=span(params.range.min, params.range.max),
            )
        )
    by = {side: getattr(params, side).as_roll(rules) for side in SIDES}
    steps.append(
        exchanges.sides_roll(
            rules, {side: ready.rolls for side, ready in sides.items()}, by, battle, cite(params, "dice")
        )
    )
    rolled = {side: list(throw[side]) for side in SIDES}
    for side, ready in sides.items():
        if ready.pool is not None:
            settled = ready.pool.settle(ready.pool.rounds(throw[side], ready.rolls))
            rolled[side] = list(settled.kept)
            said = partial(rules.face_said, params.die_of(side))
            steps += pool_steps(getattr(params, side).pool, side, settled, said)
    hits = {side: count.count(sides[side].readings, tuple(rolled[side]), (HIT,))[HIT] for side in SIDES}
    dice = {side: params.die_of(side) for side in SIDES}
    counting = {side: getattr(params, side).hits for side in SIDES}
    steps.append(exchanges.sides_hit(rules, dice, rolled, hits, counting, cite(params, "hits")))
    contest = params.as_compare()
    costly = {side: contest.on_win(side) != "nothing" for side in SIDES}
    winner, margin, compared = compare.compare(hits, contest.tie, costly, cite(params, "compare"))
    steps.append(compared)

    loses = dict.fromkeys(SIDES, 0)
    options: dict[Side, list[dict[str, int]]] = {side: [] for side in SIDES}
    moves_in = False
    if winner and contest.on_win(winner) not in costs.TAKES_NOTHING:
        loser, on_win = winner.other, contest.on_win(winner)
        units = battle.side(loser)
        loses[loser], options[loser], paid = costs.removed(
            rules,
            on_win,
            loser,
            units,
            margin,
            params.loss,
            cite(params, "losses"),
            (contest.chooser, cite(params, "choice")),
            hits[winner],
        )
        steps += paid
        if winner == Side.ATTACKER and on_win not in costs.WOUNDS and loses[loser] == size(units):
            moves_in = params.move_in
            steps.append(
                step(cite(params, "move_in"), "move_in.yes", "the target space is empty: the attacking units move in")
                if moves_in
                else step(
                    cite(params, "move_in"), "move_in.no", "the target space is empty; the attacker does not move in"
                )
            )

    return Ruling(
        outcome=Exchange.of_sides(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            units={side: battle.side(side) for side in SIDES},
            rolled=rolled,
            hits=hits,
            loses=loses,
            options=options,
            moves_in=moves_in,
            loss=params.loss.one if params.loss else None,
        ),
        steps=tuple(steps),
    )
