"""A roll chain: each step rolls one die against its number, taken
from the roller's stat or from a table of the target's stat minus the
attacker's (the nearest row beyond its ends). The attacker rolls its steps'
dice in order, the defender its own; a die of a step never reached is not
read, so summing over every throw gives exact odds.

The mechanics are the follow stage's (`stages.follow`) with one die: each
step is a follow-up roll of the one success before it, read by the read
stage's aim at the number needed; the attacker's die that reaches it goes on,
a defender's that reaches it (a save) stops the chain; each die, read only as
reaching its number or not, is a run of its own for odds. What is its own:
one unit a side, the numbers from each unit's stats and tables, and the way
it says each step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.chance.dice import pips
from referee.core.errors import RefereeError
from referee.outcomes.chain import Chain, StepResult
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle, Throw
from referee.rulings.procedure import DiceNeed
from referee.rulings.ruling import SIDES, Ruling, Side, Step, say, step
from referee.stages import follow
from referee.stages.by_difference import looked_up
from referee.stages.chain import ODDS_KEYS, ChainStep, Telling
from referee.stages.read import Natural

__all__ = ["ODDS_KEYS", "dice_needed", "prepare"]
PLAIN = Natural()  # a chain's faces decide nothing whatever the number: no natural results


def _one(battle: Battle, side: str) -> str:
    units = battle.side(side)
    if len(units) != 1 or units[0][1] != 1:
        raise RefereeError(
            say(
                "chain.one_unit",
                "a chain is rolled for one unit against one: name one unit for the {side}",
                side=Side(side),
            )
        )
    return units[0][0]


def _needed(rules: Ruleset, params: Telling, link: ChainStep, units: dict[Side, str]) -> tuple[int | None, str]:
    """The number a step needs (None: the chart says no roll can), and where it comes from in words."""
    if link.stat:
        roller = units[Side(link.roller)]
        value = params.stats[roller][link.stat]
        return value, say(
            "chain.stat",
            "the {side}'s {unit} has {stat} {value}",
            side=Side(link.roller),
            unit=rules.units[roller].title,
            stat=link.stat,
            value=value,
        )
    table = params.tables[link.table]
    a, t = params.stats[units[Side.ATTACKER]][table.attacker], params.stats[units[Side.DEFENDER]][table.target]
    return looked_up(table, t - a)[0], say(
        "chain.table",
        "{target} {t} against {attacker} {a} (difference {difference})",
        target=table.target,
        t=t,
        attacker=table.attacker,
        a=a,
        difference=t - a,
    )


def _need(number: int | None, top: int) -> str:
    """'3+', '7+, which no face shows', or the chart's 'cannot' in words."""
    if number is None:
        return say("chain.need.cannot", "more than any roll: the chart says it cannot")
    if number <= top:
        return say("chain.need", "{n}+", n=number)
    return say("chain.need.none", "{n}+, which no face shows", n=number)


def dice_needed(rules: Ruleset, attack: Any, battle: Battle) -> dict[str, DiceNeed]:
    params: Telling = attack.added["chain"]
    die = rules.dice[attack.attacker.die].die
    for side in SIDES:
        unit = _one(battle, side)
        if unit not in params.stats:
            no_stats = say(
                "chain.no_stats",
                "a {unit} has no stats for a {attack}",
                unit=rules.units[unit].title,
                attack=attack.label,
            )
            raise RefereeError(no_stats, rule=attack.rule)
    units = {side: _one(battle, side) for side in SIDES}
    needed = [_needed(rules, params, link, units)[0] for link in params.steps]
    need: dict[str, DiceNeed] = {}
    for side in SIDES:
        mine = [(s, n) for s, n in zip(params.steps, needed) if s.roller == side]
        if mine:  # one die per step, each only reaching its number or not
            runs = tuple((follow.merged(die, number, PLAIN), 1) for _, number in mine)
            need[side] = DiceNeed(die, len(mine), mine[0][0].rule, runs=runs)
    return need


def prepare(rules: Ruleset, name: str, attack: Any, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one chain: the numbers needed are worked out once."""
    params: Telling = attack.added["chain"]
    units = {side: _one(battle, side) for side in SIDES}
    needed = [_needed(rules, params, link, units) for link in params.steps]
    return lambda throw: _rule(rules, name, attack, units, needed, throw)


def _rule(
    rules: Ruleset,
    name: str,
    attack: Any,
    units: dict[Side, str],
    needed: list[tuple[int | None, str]],
    throw: Throw,
) -> Ruling:
    dice = {side: list(pips(throw.get(side, ()))) for side in SIDES}
    used = {side: 0 for side in SIDES}
    params: Telling = attack.added["chain"]
    faces = pips(rules.dice[attack.attacker.die].faces)
    results: list[StepResult] = []
    steps: list[Step] = []
    stopped: str | None = None
    for link, (number, why) in zip(params.steps, needed):
        side = Side(link.roller)
        roll = dice[side][used[side]]
        used[side] += 1
        if stopped is not None:
            results.append(StepResult(link.name, side, number, None, None))
            continue
        (passed,), going_on = follow.through(side, faces, number, PLAIN, (roll,))
        steps.append(
            step(
                link.rule,
                "chain.step",
                "{name}: {why}, needs {need}; the {side} rolled {roll}: {result}{stops}",
                name=link.name,
                why=why,
                need=_need(number, max(faces)),
                side=side,
                roll=roll,
                result=say("chain.passed", "passed") if passed else say("chain.failed", "failed"),
                stops="" if going_on else say("chain.stops", ", the chain stops at {name}", name=link.name),
            )
        )
        results.append(StepResult(link.name, side, number, roll, passed))
        if not going_on:
            stopped = link.name
    if stopped is None:
        steps.append(
            step(attack.rule, "chain.through", "every step went the attacker's way: {result}", result=params.result)
        )
    return Ruling(
        outcome=Chain(
            ruleset=rules.name,
            attack=name,
            attacker=units[Side.ATTACKER],
            defender=units[Side.DEFENDER],
            steps=results,
            stopped_at=stopped,
            result=None if stopped else params.result,
        ),
        steps=tuple(steps),
    )
