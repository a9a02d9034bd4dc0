"""Symbol hits: each side counts the faces that are hits for it, more hits
wins, and the loser removes units as the winner's side of the file says
(the winner's surplus, everything, or nothing). Ground Force's normal and
heavy-weapon attacks are two parameter sets of this one procedure."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import partial

from referee.dice import Face, alike
from referee.errors import RefereeError
from referee.names import article, counted, span
from referee.outcomes import Exchange
from referee.procedures.base import Battle, DiceNeed, Throw, cite, removal_options, size
from referee.procedures.symbol_hits.grammar import SymbolHits, SymbolSide
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES, Ruling, Side, Step, Value, either, listed, other, say, say_n, step
from referee.stages.pool import Pool, PoolRoll, pool_steps

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses")


def made_alone(params: SymbolHits) -> str | None:
    """The rule that makes this attack one no other unit may join, if any."""
    return (params.cite.alone or params.rule) if params.alone else None


def dice_needed(rules: Ruleset, params: SymbolHits, battle: Battle) -> dict[str, DiceNeed]:
    reach = params.range
    if battle.range is not None and not reach.min <= battle.range <= reach.max:
        reaches = say(
            "range.reach",
            "{an_attack} reaches distance {span}, not {given}",
            an_attack=article(params.label),
            attack=rules.attack_said(_name(rules, params)),
            span=span(reach.min, reach.max),
            given=battle.range,
        )
        raise RefereeError(reaches, rule=cite(params, "range"))
    need: dict[str, DiceNeed] = {}
    for side in SIDES:
        die = rules.dice[params.die_of(side)].die
        spec = getattr(params, side)
        units = size(battle.side(side))
        if spec.max_units and units > spec.max_units:
            many = say(
                "units.too_many",
                "the {side} has {n} units in {an_attack}; at most {most} can take part",
                side=side,
                n=units,
                an_attack=article(params.label),
                attack=rules.attack_said(_name(rules, params)),
                most=spec.max_units,
            )
            raise RefereeError(many, rule=cite(params, "dice"))
        count = _count(params, battle, side)
        if spec.max_dice and count > spec.max_dice:
            owned = say(
                "dice.owned",
                "the {side} would roll {n} dice, but a player owns only {most}",
                side=side,
                n=count,
                most=spec.max_dice,
            )
            raise RefereeError(owned, rule=cite(params, "dice"))
        pool = _pool(rules, params, battle, side)
        reading = partial(_reading, spec.hits, pool)
        need[side] = DiceNeed(die, count, cite(params, "dice"), runs=((alike(die, reading), count),), pool=pool)
    return need


def _count(params: SymbolHits, battle: Battle, side: str) -> int:
    """The dice a side rolls first: a fixed number, or by its units."""
    spec = getattr(params, side)
    if spec.dice != "per-unit":
        return int(spec.dice)
    return sum(spec.unit_dice.get(u, 1) * n for u, n in battle.side(side))


def _pool(rules: Ruleset, params: SymbolHits, battle: Battle, side: str) -> Pool | None:
    """What a side's dice do before they count, as the file says, with its units."""
    spec: SymbolSide = getattr(params, side)
    if spec.pool is None:
        return None
    die = rules.dice[params.die_of(side)].die
    misses = tuple(face for face in die.faces if face not in spec.hits)
    return spec.pool.of(die, misses, dict(battle.side(side)), {name for told, name in battle.when if told == side})


def _reading(hits: tuple[Face, ...], pool: Pool | None, face: Face) -> Hashable:
    """What a ruling reads of a face: whether it is a hit, and what the pool does with it."""
    return face in hits, pool.reading(face) if pool else None


def _name(rules: Ruleset, params: SymbolHits) -> str:
    """The attack's name in the file, for its label in the language spoken."""
    return next(name for name, attack in rules.attacks.items() if attack is params)


def _counting(rules: Ruleset, params: SymbolHits, side: Side) -> str:
    """'sword or explosion count', '5 or 6 count', or a side that never hits."""
    hits = getattr(params, side).hits
    if not hits:
        return say("hits.counting.none", "no face counts")
    return say("hits.counting", "{faces} count", faces=either(rules.face_said(params.die_of(side), f) for f in hits))


def _per_unit(rules: Ruleset, params: SymbolHits, battle: Battle, side: str) -> str:
    """' (one per unit)', ' (4 per knight)', or nothing for a fixed number of dice."""
    spec = getattr(params, side)
    if spec.dice != "per-unit":
        return ""
    if not spec.unit_dice:
        return say("dice.per_unit", " (one per unit)")
    each = (
        say("dice.per_kind", "{n} per {unit}", n=spec.unit_dice.get(u, 1), unit=rules.units[u].title)
        for u, _ in battle.side(side)
    )
    return say("dice.per_kinds", " ({kinds})", kinds=listed(each))


def prepare(rules: Ruleset, name: str, params: SymbolHits, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told, for every throw."""
    pools = {side: (_pool(rules, params, battle, side), _count(params, battle, side)) for side in SIDES}
    return lambda throw: _rule(rules, name, params, battle, pools, throw)


def _rule(
    rules: Ruleset,
    name: str,
    params: SymbolHits,
    battle: Battle,
    pools: Mapping[Side, tuple[Pool | None, int]],
    throw: Throw,
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
    rolled = {side: list(throw[side]) for side in SIDES}
    settled: dict[Side, PoolRoll] = {}
    for side, (pool, count) in pools.items():
        if pool is not None:
            settled[side] = pool.settle(pool.rounds(throw[side], count))
            rolled[side] = list(settled[side].kept)
    rolls = {
        side.value: say(
            "dice.side_rolls",
            "the {side} rolls {dice}{per_unit}",
            side=side,
            dice=say_n("count.dice", "{n} die", "{n} dice", pools[side][1]),
            per_unit=_per_unit(rules, params, battle, side),
        )
        for side in SIDES
    }
    steps.append(step(cite(params, "dice"), "dice.sides_roll", "{attacker}; {defender}", **rolls))
    for side, roll in settled.items():
        steps += pool_steps(getattr(params, side).pool, side, roll, partial(rules.face_said, params.die_of(side)))
    hits = {side: sum(face in getattr(params, side).hits for face in rolled[side]) for side in SIDES}
    scored = {
        side.value: say(
            "hits.side_rolled",
            "the {side} rolled {faces}: {hits} ({counting})",
            side=side,
            faces=listed(rules.face_said(params.die_of(side), f) for f in rolled[side]) or say("faces.none", "nothing"),
            hits=say_n("count.hits", "{n} hit", "{n} hits", hits[side]),
            counting=_counting(rules, params, side),
        )
        for side in SIDES
    }
    steps.append(step(cite(params, "hits"), "hits.sides_rolled", "{attacker}; {defender}", **scored))

    attacker_hits, defender_hits = hits[Side.ATTACKER], hits[Side.DEFENDER]
    if attacker_hits != defender_hits:
        more = Side.ATTACKER if attacker_hits > defender_hits else Side.DEFENDER
        compared: dict[str, Value] = {
            "hits": say_n("count.hits", "{n} hit", "{n} hits", attacker_hits),
            "against": defender_hits,
            "side": more,
            "winner": more,
            "margin": abs(attacker_hits - defender_hits),
        }
        # a win that removes nothing is no win: nothing happens
        winner: Side | None = None if getattr(params, more).on_win == "nothing" else more
        steps.append(
            step(
                cite(params, "compare"),
                "hits.compared",
                "{hits} against {against}: the {winner} wins by {margin}",
                **compared,
            )
            if winner
            else step(
                cite(params, "compare"),
                "hits.compared.nothing",
                "{hits} against {against}: more hits for the {side}, whose win removes nothing: nothing happens",
                **compared,
            )
        )
    else:
        winner = (
            None if params.tie == "nothing" or getattr(params, params.tie).on_win == "nothing" else Side(params.tie)
        )
        steps.append(
            step(cite(params, "compare"), "hits.equal", "equal hits ({n} each): nothing happens", n=attacker_hits)
            if winner is None
            else step(
                cite(params, "compare"),
                "hits.equal.tie",
                "equal hits ({n} each): the {winner} wins ties",
                n=attacker_hits,
                winner=winner,
            )
        )

    loses = {side: 0 for side in SIDES}
    options: dict[Side, list[dict[str, int]]] = {side: [] for side in SIDES}
    moves_in = False
    if winner:
        loser = other(winner)
        units = battle.side(loser)
        rule = getattr(params, winner).on_win
        surplus = max(abs(attacker_hits - defender_hits), 1)
        count = {
            "remove-surplus": min(surplus, size(units)),
            "remove-all": size(units),
            "wounds": surplus,
        }[rule]
        loses[loser] = count
        options[loser] = [] if rule == "wounds" else removal_options(units, count)
        removed = (
            say("losses.which", " ({units})", units=counted(rules, options[loser][0].items()))
            if len(options[loser]) == 1 and count
            else ""
        )
        said: dict[str, Value] = {
            "loser": loser,
            "winner": winner,
            "units": say_n("count.units", "{n} unit", "{n} units", count),
            "wounds": params.loss.counted(rules, count)
            if params.loss
            else say_n("count.wounds", "{n} wound", "{n} wounds", count),
            "removed": removed,
            "surplus": surplus,
            "size": size(units),
        }
        why = cite(params, "losses")
        steps.append(
            {
                "remove-surplus": step(
                    why,
                    "losses.surplus",
                    "the {loser} removes {units}{removed}: "
                    "the surplus of {surplus}, capped at its {size} in the battle",
                    **said,
                ),
                "remove-all": step(
                    why, "losses.all", "all {size} of the {loser}'s units in the battle are removed{removed}", **said
                ),
                "wounds": step(
                    why,
                    "losses.wounds",
                    "the {loser} takes {wounds}: the surplus of {surplus}, however many units it has",
                    **said,
                ),
            }[rule]
        )
        if len(options[loser]) > 1:
            steps.append(
                step(
                    cite(params, "choice"),
                    "losses.choice",
                    "the {loser} has units of different types and chooses which to remove: {options}",
                    loser=loser,
                    options=either(counted(rules, o.items()) for o in options[loser]),
                )
            )
        if winner == "attacker" and rule != "wounds" and count == size(units):
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
