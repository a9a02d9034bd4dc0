"""Simultaneous fire: each unit rolls its own dice, each die hits on its
unit's value for its side (improved by support, one for one), every hit is
a casualty of the other side, and both sides lose at once. The casualties
are the losing side's choice: a ruling lists every legal choice, the stated
policy's first; whole fights take the policy's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

from referee.chance.dice import Die, Face, alike
from referee.core.records import record
from referee.outcomes import Exchange
from referee.procedures.simultaneous_fire.grammar import SimultaneousFire, Support
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle, Throw, Units
from referee.rulings.procedure import DiceNeed, cite
from referee.rulings.ruling import SIDES, Ruling, Side, either, listed, say, say_n, step
from referee.stages import read
from referee.stages.costs import removal_options
from referee.stages.rounds import CHEAPEST
from referee.words.names import counted

ODDS_KEYS = ("attacker_loses", "defender_loses")


@record
class Shot:
    """One unit's dice: what it rolls and the value each die hits with."""

    unit: str
    die: str
    dice: int
    value: int
    supported: bool


def hits(params: SimultaneousFire, face: int, value: int) -> bool:
    return read.reaches(params.hits_on, face, value)


def hitting_faces(rules: Ruleset, params: SimultaneousFire, shot: Shot) -> int:
    """How many sides of the shot's die hit."""
    return sum(hits(params, int(face), shot.value) for face in rules.dice[shot.die].faces)


def _support(params: SimultaneousFire, side: str) -> list[Support]:
    """The support lines that help this side."""
    return [line for line in params.support if line.side in (side, "either")]


def shots(params: SimultaneousFire, side: str, units: Units) -> list[Shot]:
    """Each unit of a side in the order told, its value improved where a
    supporting unit stands by it (the read stage's numbers by unit)."""
    numbers = read.numbers(
        params.hits_on, lambda unit: getattr(params.units[unit], side), _support(params, side), units
    )
    return [
        Shot(unit, params.units[unit].die or params.die, params.units[unit].dice, value, supported)
        for unit, value, supported in numbers
    ]


def kinds(fired: list[Shot]) -> dict[str, int]:
    """Each die a side rolls (a key of 'dice') with its count, in the order its
    units first roll it: the order the side's faces come in, kind by kind."""
    counts: dict[str, int] = {}
    for shot in fired:
        counts[shot.die] = counts.get(shot.die, 0) + shot.dice
    return counts


def dice_needed(rules: Ruleset, params: SimultaneousFire, battle: Battle) -> dict[str, DiceNeed]:
    """One group a side: its faces typed plain are the attack's die (the side's
    only die where it rolls no other), any other die's after its name (d8:7)."""
    needs: dict[str, DiceNeed] = {}
    for side in SIDES:
        fired = shots(params, side, battle.side(side))
        rolled = kinds(fired)
        mix = tuple((rules.dice[die].die, count) for die, count in rolled.items())
        own = params.die if params.die in rolled else next(iter(rolled))
        needs[side] = DiceNeed(
            rules.dice[own].die,
            sum(rolled.values()),
            cite(params, "dice"),
            runs=_runs(rules, params, fired),
            mix=mix if len(mix) > 1 else (),
        )
    return needs


def _runs(rules: Ruleset, params: SimultaneousFire, fired: list[Shot]) -> tuple[tuple[Die, int], ...]:
    """A side's dice as odds read them, kind by kind as `_read` deals them:
    dice side by side that hit on the same value are one run, each die's faces
    merged into a hit and a miss."""
    runs: list[tuple[Die, int, int]] = []  # die, value, count
    for die in kinds(fired):
        for shot in (s for s in fired if s.die == die):
            if runs and runs[-1][:2] == (rules.dice[die].die, shot.value):
                runs[-1] = (*runs[-1][:2], runs[-1][2] + shot.dice)
            else:
                runs.append((rules.dice[die].die, shot.value, shot.dice))
    return tuple((alike(die, partial(_hit, params, value)), count) for die, value, count in runs)


def _hit(params: SimultaneousFire, value: int, face: Face) -> bool:
    return hits(params, int(face), value)


def casualties(rules: Ruleset, params: SimultaneousFire, units: Units, count: int) -> dict[str, int]:
    """The units a side loses to `count` hits by the stated order."""
    have, lost = dict(units), {}
    for unit in params.order(rules):
        take = min(count, have.get(unit, 0))
        if take:
            lost[unit] = take
            count -= take
    return lost


def prepare(rules: Ruleset, name: str, params: SimultaneousFire, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one round as told, for every throw: who rolls what is worked out once."""
    fired = {side: shots(params, side, battle.side(side)) for side in SIDES}
    return lambda throw: _rule(rules, name, params, battle, fired, throw)


def _read(fired: list[Shot], faces: tuple[Face, ...]) -> Iterator[tuple[Shot, Face]]:
    """Each die's face with the shot it belongs to: a side's faces come kind by
    kind (`kinds`), each kind's dealt to its units in the order they fire."""
    start: dict[str, int] = {}
    taken = 0
    for die, count in kinds(fired).items():
        start[die], taken = taken, taken + count
    for shot in fired:
        for _ in range(shot.dice):
            yield shot, faces[start[shot.die]]
            start[shot.die] += 1


def _rule(
    rules: Ruleset,
    name: str,
    params: SimultaneousFire,
    battle: Battle,
    fired: dict[Side, list[Shot]],
    throw: Throw,
) -> Ruling:
    rolls = {
        side.value: say(
            "dice.side_rolls_kinds",
            "the {side} rolls {dice} ({kinds})",
            side=side,
            dice=say_n("count.dice", "{n} die", "{n} dice", sum(s.dice for s in fired[side])),
            kinds=listed(
                say_n(
                    "dice.kind_rolls",
                    "{units}: {dice} {die}",
                    "{units}: {dice} {die} each",
                    n,
                    units=rules.units[unit].counted(n),
                    dice=dice,
                    die=die,
                )
                for (unit, dice, die), n in Counter((s.unit, s.dice, s.die) for s in fired[side]).items()
            ),
        )
        for side in SIDES
    }
    steps = [step(cite(params, "dice"), "dice.sides_roll", "{attacker}; {defender}", **rolls)]
    steps += [
        s
        for side in SIDES
        for s in read.support_steps(rules, _support(params, side), battle.side(side), side, cite(params, "support"))
    ]
    scored: dict[Side, int] = {}
    rolled: dict[Side, list[Face]] = {}
    for side in SIDES:
        faced = list(_read(fired[side], throw[side]))
        rolled[side] = [face for _, face in faced]
        scored[side] = sum(hits(params, int(face), shot.value) for shot, face in faced)
        each = listed(
            say(
                "hits.shot",
                "{unit} {face} ({hit} on {value}{supported})",
                unit=rules.units[shot.unit].title,
                face=str(face),
                hit=say("hits.hit", "hit") if hits(params, int(face), shot.value) else say("hits.miss", "miss"),
                value=read.number_said(params.hits_on, shot.value),
                supported=say("hits.supported", ", supported") if shot.supported else "",
            )
            for shot, face in faced
        )
        steps.append(
            step(
                cite(params, "hits"),
                "hits.side_shots",
                "the {side}: {shots}: {hits}",
                side=side,
                shots=each,
                hits=say_n("count.hits", "{n} hit", "{n} hits", scored[side]),
            )
        )
    loses: dict[Side, int] = {}
    options: dict[Side, list[dict[str, int]]] = {}
    for side in SIDES:
        units = battle.side(side)
        hit_by = scored[side.other]
        loses[side] = min(hit_by, sum(n for _, n in units))
        chosen = casualties(rules, params, units, loses[side])
        every = removal_options(units, loses[side])
        options[side] = [chosen, *(o for o in every if o != chosen)] if loses[side] else []
    lost = {
        side.value: say(
            "losses.side_loses",
            "the {side} loses {units} to {hits}",
            side=side,
            units=say_n("count.units", "{n} unit", "{n} units", loses[side]),
            hits=say_n("count.hits", "{n} hit", "{n} hits", scored[side.other]),
        )
        for side in SIDES
    }
    steps.append(
        step(cite(params, "losses"), "losses.at_once", "both sides fire at once: {attacker}; {defender}", **lost)
    )
    policy = (
        say("casualties.cheapest", "cheapest first")
        if params.fight.casualties == CHEAPEST
        else say("casualties.order", "in the order {order}", order=listed(params.order(rules)))
    )
    for side in SIDES:
        if len(options[side]) > 1:
            steps.append(
                step(
                    cite(params, "choice"),
                    "casualties.choice",
                    "the {side} chooses its casualties: {options}; by the stated order ({policy}) {chosen}",
                    side=side,
                    options=either(counted(rules, o.items()) for o in options[side]),
                    policy=policy,
                    chosen=counted(rules, options[side][0].items()),
                )
            )
    outcome = Exchange.of_sides(
        ruleset=rules.name,
        attack=name,
        winner=None,
        units={side: battle.side(side) for side in SIDES},
        rolled=rolled,
        hits=scored,
        loses=loses,
        options=options,
    )
    return Ruling(outcome, tuple(steps))
