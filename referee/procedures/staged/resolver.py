"""An attack written as stages, ruled by running them in order: who rolls
what (`referee.stages.roll`), how a face reads (`read`), count and cancel
(`count`), what it costs (`costs`). The stages are pure; this module only
strings them together and builds the outcome "tally"."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

from referee.dice import Face, alike
from referee.outcomes.tally import Tally, TallySide
from referee.procedures.base import Battle, DiceNeed, Throw, cite
from referee.procedures.staged.grammar import SideStages, Staged
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES, Ruling, Side, Step, listed, say, step
from referee.stages import costs, count, read, roll
from referee.stages.pool import Pool, pool_steps


def odds_keys(params: Staged) -> tuple[str, ...]:
    """The outcome fields that tell one result from another: what a side scores
    where several symbols cost a loss (hits and crits together), else the
    losses it deals, and the retreats it forces."""
    keys: list[str] = []
    for side in SIDES:
        carried = set(getattr(params, side).read.symbols())
        losing, retreating = carried & set(params.costs.losses), carried & set(params.costs.retreats)
        if len(losing) > 1:
            keys.append(f"{side}_scores")
            continue
        if losing:
            keys.append(f"{side.other}_loses")
        if retreating:
            keys.append(f"{side.other}_retreats")
    return tuple(keys)


ODDS_KEYS = odds_keys  # the keys depend on the file: the door asks them of the attack's parameters


def dice_needed(rules: Ruleset, params: Staged, battle: Battle) -> dict[str, DiceNeed]:
    """Each side's dice by the roll stage; a side that rolls none has no group
    (nothing to type or draw). A reading this battle cannot take is refused
    here, before a roll."""
    need = {}
    for side in SIDES:
        stages = getattr(params, side)
        rolls, _, _ = roll.dice(rules, stages.roll, battle, side, cite(params, "roll"))
        readings, _ = read.reading(rules, stages.read, stages.die, battle, side, cite(params, "read"))
        if rolls:
            die = rules.dice[stages.die].die
            pool = _pool(rules, params, battle, side, readings)
            reads = partial(_reads, readings, pool)
            need[side.value] = DiceNeed(die, rolls, cite(params, "roll"), runs=((alike(die, reads), rolls),), pool=pool)
    return need


def _pool(rules: Ruleset, params: Staged, battle: Battle, side: Side, readings: read.Reading) -> Pool | None:
    """What a side's dice do before they count, its misses the faces that carry no symbol here."""
    stages: SideStages = getattr(params, side)
    if stages.pool is None:
        return None
    die = rules.dice[stages.die].die
    misses = tuple(face for face in die.faces if not readings.get(str(face)))
    return stages.pool.of(die, misses, dict(battle.side(side)), {name for told, name in battle.when if told == side})


def _reads(readings: read.Reading, pool: Pool | None, face: Face) -> Hashable:
    """What a ruling reads of a face: its symbols, and what the pool does with it."""
    return readings.get(str(face), ()), pool.reading(face) if pool else None


def prepare(rules: Ruleset, name: str, params: Staged, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told: the dice counted and the faces' readings
    are the same for every throw, worked out once."""
    before: list[Step] = []
    chooser: Side | None = None
    readings = {}
    rolls: dict[Side, int] = {}
    for side in SIDES:
        rolls[side], chose, said = roll.dice(rules, getattr(params, side).roll, battle, side, cite(params, "roll"))
        chooser = chooser or chose
        before += said
    for side in SIDES:
        stages = getattr(params, side)
        readings[side], said = read.reading(rules, stages.read, stages.die, battle, side, cite(params, "read"))
        before += said
    order = tuple(dict.fromkeys(s for side in SIDES for s in getattr(params, side).read.symbols()))
    pools = {side: _pool(rules, params, battle, side, readings[side]) for side in SIDES}
    costed = (*params.costs.losses, *params.costs.retreats)

    def rule_on(throw: Throw) -> Ruling:
        steps = list(before)
        symbols, standing = {}, {}
        for side in SIDES:
            faces = throw.get(side, ())
            pool, stages = pools[side], getattr(params, side)
            if pool is not None and faces:
                settled = pool.settle(pool.rounds(faces, rolls[side]))
                steps += pool_steps(stages.pool, side, settled, partial(rules.face_said, stages.die))
                faces = settled.kept
            standing[side] = faces
            symbols[side] = count.count(readings[side], faces, order)
            if faces:
                steps.append(_rolled(rules, params, side, faces, symbols[side]))
        kept, said = count.cancel(symbols, params.cancel, cite(params, "cancel"))
        loses, retreats, paid = costs.costs(rules, params.costs, kept, battle, cite(params, "costs"))
        scores = {side: count.scored(kept[side], costed) for side in SIDES}
        parts = {
            side: TallySide(
                units=dict(battle.side(side)),
                dice=rolls[side],
                rolled=list(standing[side]),
                symbols={s: n for s, n in symbols[side].items() if n},
                scores=scores[side],
                loses=loses[side],
                retreats=retreats[side],
            )
            for side in SIDES
        }
        outcome = Tally(
            ruleset=rules.name,
            attack=name,
            chooser=chooser,
            attacker=parts[Side.ATTACKER],
            defender=parts[Side.DEFENDER],
            attacker_scores=scores[Side.ATTACKER],
            defender_scores=scores[Side.DEFENDER],
            attacker_loses=loses[Side.ATTACKER],
            defender_loses=loses[Side.DEFENDER],
            attacker_retreats=retreats[Side.ATTACKER],
            defender_retreats=retreats[Side.DEFENDER],
        )
        return Ruling(outcome=outcome, steps=(*steps, *said, *paid))

    return rule_on


def _rolled(rules: Ruleset, params: Staged, side: Side, faces: tuple[object, ...], symbols: dict[str, int]) -> Step:
    """'the attacker rolled grenade, flag: hit 1, retreat 1'."""
    die = getattr(params, side).die
    carried = count.scored(symbols, tuple(symbols))
    return step(
        cite(params, "read"),
        "read.rolled",
        "the {side} rolled {faces}: {symbols}",
        side=side,
        faces=listed(rules.face_said(die, f) for f in faces) or say("faces.none", "nothing"),
        symbols=carried,
    )
