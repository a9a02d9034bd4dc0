"""An attack written as stages, ruled by running them in order: who rolls
what (`referee.stages.roll`), how a face reads (`read`), count and cancel
(`count`), who wins a comparison (`compare`), what it costs (`costs`); a
side that battles back runs cancel and costs a second time with its own
dice, if it still stands. The stages are pure; this module only strings
them together and builds the outcome "tally"."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from referee.chance.dice import Face, pips
from referee.core.errors import RefereeError, setting
from referee.outcomes.tally import Tally, TallySide
from referee.procedures.staged.grammar import SideStages, Staged
from referee.procedures.told import ROLLS
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle, Throw
from referee.rulings.procedure import DiceNeed, attack_name, cite
from referee.rulings.ruling import SIDES, Ruling, Side, Step, listed, say, spaced, step
from referee.stages import added, compare, costs, count, follow, pairs, read, roll
from referee.stages.compare import Compare
from referee.stages.needs import read_each_need, read_need, side_pool, untold
from referee.stages.pool_rules import pool_steps
from referee.words.names import article

Paid = tuple[dict[Side, int], dict[Side, int]]  # what each side loses, and how far it retreats
Dealt = tuple[str, read.Reading]  # a die dealt to its unit: the die it is (a key of 'dice') and how it reads
# each side's roll by the battle it reads: its dice, who chooses, and why
Rolled = dict[tuple[Side, Hashable], tuple[int, Side | None, list[Step]]]


def odds_keys(params: Staged) -> tuple[str, ...]:
    """The outcome fields that tell one result from another: what a side scores
    where several symbols cost a loss (hits and crits together), else the
    losses it deals, the retreats it forces and the losses it takes itself;
    a comparison deals losses to either side; where a stage tells the ruling its own way, its keys."""
    telling = added.teller(params)
    if telling:
        return telling.odds_keys
    keys = [f"{side}_loses" for side in SIDES] if params.compare else []
    for side in SIDES:
        carried = {*getattr(params, side).symbols(), *params.given(side)}
        losing, retreating = carried & set(params.costs.losses), carried & set(params.costs.retreats)
        if carried & set(params.costs.counts):  # outcomes of their own: the side's score tells them
            keys.append(f"{side}_scores")
        if carried & set(params.costs.own_losses):
            keys.append(f"{side}_loses")
        if len(losing) > 1 and not params.costs.damage:
            keys.append(f"{side}_scores")
            continue
        if side in critical_sides(params):  # the damage with the criticals that rolled it
            keys.append(f"{side}_criticals")
        if losing:
            keys.append(f"{side.other}_loses")
        if retreating:
            keys.append(f"{side.other}_retreats")
        if carried & set(params.costs.own_losses):
            keys.append(f"{side}_loses")
    return tuple(dict.fromkeys(keys))


ODDS_KEYS = odds_keys  # the keys depend on the file: the door asks them of the attack's parameters
FOLLOW = "follow"  # the group every follow-up step is typed under, in turn
DAMAGE, CRITICAL = "damage", "critical"  # the groups each side's damage dice are typed under, in turn
TYPED = {**ROLLS, "damage_roll": DAMAGE, "critical_roll": CRITICAL, "follow_roll": FOLLOW}
"""The words that type each group: each side's faces, the damage dice of
each side that rolls them (the attacker's, then the defender's), the extra
dice of their critical hits likewise, and every follow-up step, in turn."""


def critical_sides(params: Staged) -> tuple[Side, ...]:
    """The sides whose damage rolls may be critical: the file rolls damage
    that a critical hit makes larger, and the side's faces read critical hits
    among symbols that cost a loss."""
    damage = params.costs.damage
    if damage is None or not damage.extra:
        return ()
    return tuple(
        side
        for side in SIDES
        if read.CRITICAL in (carried := getattr(params, side).symbols()) and set(carried) & set(params.costs.losses)
    )


def dice_needed(rules: Ruleset, params: Staged, battle: Battle) -> dict[str, DiceNeed]:
    """Each side's dice by the roll stage; a side that rolls none has no group
    (nothing to type or draw). A reading this battle cannot take is refused
    here, before a roll."""
    _distance_read(rules, params, battle)
    added_stages = added.of(params)
    rolls, chooser, _ = _rolls(rules, params, battle, attack_name(rules, params), added_stages)
    need = {}
    read_by: dict[Side, list[read.Reading]] = {}
    for side in SIDES:
        stages = getattr(params, side)
        readings, each, _ = _reading(rules, params, battle, side, rolls[side])
        if rolls[side]:
            die = rules.dice[stages.die].die
            pool = side_pool(stages.pool, die, readings, battle, side, chooser)
            rule, waits = cite(params, "roll"), untold(stages.pool, battle, side)
            dealt = [(rules.dice[name].die, reading) for name, reading in each]
            if params.compare and params.compare.by == "pairs":  # every number counts: no faces merged
                need[side.value] = (
                    replace(read_each_need(die, rule, dealt), runs=()) if each else DiceNeed(die, rolls[side], rule)
                )
            elif each:
                need[side.value] = read_each_need(die, rule, dealt)
            else:
                need[side.value] = read_need(die, rolls[side], rule, readings, pool, waits)
            every = read_by[side] = [readings, *(reading for _, reading in each)]
            need.update(_damage_need(rules, params, side, rolls[side], every))
            if side == Side.ATTACKER:
                need.update(_follow_need(rules, params, battle, rolls[side], every))

    def most(side: Side, symbols: Sequence[str]) -> int:
        return _most(params, side, rolls[side], read_by.get(side, ()), symbols)

    return {**need, **added.needs(added_stages, rules, battle, most, FOLLOW)}


def decides(rules: Ruleset, params: Staged, battle: Battle, rolled: Rolled | None = None) -> Hashable:
    """What of a battle decides the attack's result, as each stage declares
    what it reads (icepool's `next_state_key`): each side's dice and how
    every face reads (who rolls what, how a die reads, what the pool does:
    the damage and follow-up dice follow from them), the numbers follow-up
    dice need, what the costs and the comparison read
    of each side, and both sides' units where an added stage reads the
    battle as it likes. Battles that decide alike have one distribution of
    results, so a whole fight rules each such round once. `rolled` keeps
    each side's roll across the battles of one fight (see `_rolls`)."""
    added_stages = added.of(params)
    rolls, chooser, _ = _rolls(rules, params, battle, attack_name(rules, params), added_stages, rolled)
    dice, most = [], {}  # each side's dice: how many, what its pool does, how each face reads
    for side in SIDES:
        readings, each, _ = _reading(rules, params, battle, side, rolls[side])
        stages = getattr(params, side)
        pool = side_pool(stages.pool, rules.dice[stages.die].die, readings, battle, side, chooser)
        dealt = tuple((die, _frozen(reading)) for die, reading in each)
        dice.append((rolls[side], pool if rolls[side] else None, _frozen(readings), dealt))
        if params.compare and params.compare.by == "pairs":  # one die wins a pair: no more than the fewer dice
            most[side] = min(rolls.values())
        elif params.compare:
            every = [readings, *(reading for _, reading in each)]
            most[side] = _most(params, side, rolls[side], every, (params.compare.symbol,))
    units = (battle.attacker, battle.defender)
    compared: Hashable = ()
    if params.compare:  # follow-up rolls change what the attacker counts: its units, then
        compared = units if params.follow else params.compare.reads(battle, most)
    return (
        tuple(dice),
        follow.numbers(rules, params.follow, battle, cite(params, "follow")) if params.follow else (),
        tuple(costs.reads(params.costs, battle, side) for side in SIDES),
        compared,
        added.reads(added_stages, rules, battle),
    )


def paired_alone(params: Staged) -> bool:
    """Whether ranked pairs are all an attack reads of its dice: no symbol
    costs anything, no pool, follow-up, damage, added stage, unit rolling its
    own die or side battling back. A whole fight may then count a round by
    the pairs stage alone (`pairs.chances`); a test holds it to the resolver summed."""
    spec = params.costs
    sides = [getattr(params, side) for side in SIDES]
    return bool(
        params.compare
        and params.compare.by == "pairs"
        and not (spec.losses or spec.retreats or spec.own_losses or spec.damage or params.follow)
        and not added.of(params)
        and not any(stages.pool or stages.units or stages.roll.battles_back for stages in sides)
    )


def one_for_one(params: Staged) -> str | None:
    """The symbol each of which costs the other side one loss, where that is
    all an attack reads of its dice: no comparison, pool, follow-up, damage,
    retreat, loss of a side's own or side battling back, and no added stage
    but one that tells a fight so (fire). Each side's dice then count on
    their own, so a whole fight may count a round die by die (convolved);
    a test holds it to the resolver summed. None where the attack reads more."""
    return None if params.follow else each_on_its_own(params)


def each_on_its_own(params: Staged) -> str | None:
    """`one_for_one`, where each success may also roll follow-up dice of its
    own (to wound, a save): each die's part still comes through on its own."""
    spec, stages, told = params.costs, added.of(params), added.teller(params)
    sides = [getattr(params, side) for side in SIDES]
    if params.compare or spec.damage or spec.retreats or spec.own_losses or spec.counts:
        return None
    if any(side.pool or side.roll.battles_back for side in sides):
        return None
    if told is not None and told.fought and len(stages) == 1:
        return read.HIT
    return spec.losses[0] if not stages and len(spec.losses) == 1 else None


def dice_read(rules: Ruleset, params: Staged, battle: Battle) -> dict[Side, list[Dealt]]:
    """Each side's dice as a ruling reads them: each the die it is (a key of
    'dice') and how its faces read, for a whole fight that counts a round die by die."""
    rolls, _, _ = _rolls(rules, params, battle, attack_name(rules, params), added.of(params))
    out = {}
    for side in SIDES:
        readings, each, _ = _reading(rules, params, battle, side, rolls[side])
        out[side] = each or [(getattr(params, side).die, readings)] * rolls[side]
    return out


def _frozen(reading: read.Reading) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted(reading.items()))


def _follow_need(
    rules: Ruleset, params: Staged, battle: Battle, rolls: int, readings: Sequence[read.Reading]
) -> dict[str, DiceNeed]:
    """The attacker's follow-up dice: each step enough for every symbol its
    dice can read (an exploding die counted with every die it may add), each
    die read in its order and only as reaching its number or not, so each is
    a run of its own with its faces merged by that."""
    spec = params.follow
    count = _most(params, Side.ATTACKER, rolls, readings, (spec.symbol,)) if spec else 0
    if spec is None or not count:
        return {}
    need = {}
    for i, (link, number) in enumerate(zip(spec.steps, follow.numbers(rules, spec, battle, cite(params, "follow")))):
        die = rules.dice[link.die].die
        merged = follow.merged(die, number, link.aim.natural)
        need[follow.group(i)] = DiceNeed(
            die,
            count,
            link.rule or cite(params, "follow"),
            runs=((merged, 1),) * count,
            after=True,
            said=rules.said(link.name).spoken,
            typed_with=FOLLOW,
        )
    return need


def _most(params: Staged, side: Side, rolls: int, readings: Sequence[read.Reading], symbols: Sequence[str]) -> int:
    """The most of these symbols a side's dice can read in one throw: each
    die its face carrying the most of them, an exploding die counted with
    every die it may add."""
    stages = getattr(params, side)
    per_die = max((sum(s in symbols for s in carried) for r in readings for carried in r.values()), default=0)
    return rolls * per_die * (stages.pool.explode.depth + 1 if stages.pool and stages.pool.explode else 1)


def _reading(
    rules: Ruleset, params: Staged, battle: Battle, side: Side, rolls: int
) -> tuple[read.Reading, list[Dealt], list[Step]]:
    """How a side's faces read; where its dice are dealt to its units (an aim
    by unit, or units that roll their own die or read their own way), each
    die's die and reading as the throw holds them (else none); and why."""
    stages = getattr(params, side)
    readings, said = read.reading(rules, stages.read, stages.die, battle, side, cite(params, "read"))
    if stages.units:
        each, more = _own(rules, params, battle, side, rolls, readings)
        return readings, each, [*said, *more]
    if stages.read.aim is None or not stages.read.aim.each_unit():
        return readings, [], said
    per_unit = roll.each_unit(stages.roll, battle.side(side))
    dealt, said = read.dealt(rules, stages.read, stages.die, battle, side, per_unit, rolls, cite(params, "read"))
    return readings, [(stages.die, reading) for reading in dealt], said


def _own(
    rules: Ruleset, params: Staged, battle: Battle, side: Side, rolls: int, readings: read.Reading
) -> tuple[list[Dealt], list[Step]]:
    """Each die of a side whose units roll their own die or read their own
    way: dealt to the units in the order told (a die a situation adds is the
    side's; dice a situation takes away are the last units'), then kind by
    kind in the order the units first roll each, as the throw holds them
    (the side's own die typed plain, any other after its name: d8:7)."""
    stages, rule = getattr(params, side), cite(params, "read")
    per_unit = roll.each_unit(stages.roll, battle.side(side))
    rolling = [unit for unit, n in battle.side(side) for _ in range(per_unit[unit] * n)]
    rolling = (rolling + [""] * rolls)[:rolls]  # "": a die of the side's own
    kinds: dict[str, Dealt] = {"": (stages.die, readings)}
    steps: list[Step] = []  # how each unit's own faces read, after the dice it rolls
    for unit in dict.fromkeys(rolling):
        own = stages.units.get(unit)
        if unit and own is not None and (own.read or own.die):
            reading, why = read.reading(rules, own.read or stages.read, stages.die_of(unit), battle, side, rule)
            kinds[unit] = (stages.die_of(unit), reading)
            steps += why if own.read else []
    dealt = [kinds.get(unit, kinds[""]) for unit in rolling]
    if stages.read.aim is not None and stages.read.aim.each_unit():  # each die at its unit's number, on its own die
        dealt, steps = _aimed_own(rules, stages, battle, side, per_unit, rolling, rule)
    order = list(dict.fromkeys(die for die, _ in dealt))
    have = dict(battle.side(side))
    said = listed(
        say(
            "read.unit_die",
            "{units}: {dice} {die}",
            units=rules.units[unit].counted(have[unit]),
            dice=rolling.count(unit),
            die=rules.said(stages.die_of(unit)),
        )
        for unit in dict.fromkeys(rolling)
        if unit
    )
    dice = step(rule, "read.unit_dice", "the {side}'s units roll their own dice: {units}", side=side, units=said)
    own = len(kinds) > 1  # a unit told rolls a die or reads a way not the side's: else nothing to say
    return sorted(dealt, key=lambda one: order.index(one[0])), [dice, *steps] if own else steps


def _aimed_own(
    rules: Ruleset,
    stages: SideStages,
    battle: Battle,
    side: Side,
    per_unit: dict[str, int],
    rolling: list[str],
    rule: str,
) -> tuple[list[Dealt], list[Step]]:
    """Dice of units that roll their own die under an aim by unit: each read
    at its unit's number (improved by support) on its own die's faces, a die
    past the units at the aim's number; said as the aim by unit says it."""
    aim = stages.read.aim
    assert aim is not None
    _, said = read.dealt(rules, stages.read, stages.die, battle, side, per_unit, len(rolling), rule)
    plus = aim.plus_in(rules, battle, side)[0]
    numbers = read.numbers(aim.hits_on, lambda unit: aim.units.get(unit, aim.number), aim.support, battle.side(side))
    per_die = [(unit, number) for unit, number, _ in numbers for _ in range(per_unit.get(unit, 0))]
    per_die = (per_die + [("", aim.number)] * len(rolling))[: len(rolling)]
    dealt: list[Dealt] = []
    for unit, number in per_die:
        die = stages.die_of(unit) if unit else stages.die
        dealt.append((die, read.aimed(pips(rules.dice[die].faces), number - plus, aim.natural, aim.hits_on)))
    return dealt, said


def _damage_need(
    rules: Ruleset, params: Staged, side: Side, rolls: int, readings: Sequence[read.Reading]
) -> dict[str, DiceNeed]:
    """A side's damage dice, where each hit costs a damage roll: enough for
    every hit its dice can read (an exploding die counted with every die it
    may add), then the extra dice of critical hits; each die read in its
    order, so each is a run of its own for odds."""
    damage, stages = params.costs.damage, getattr(params, side)
    hits = _most(params, side, rolls, readings, params.costs.losses)
    if damage is None or not hits:
        return {}
    die, rule = rules.dice[damage.die].die, cite(params, "costs")

    def in_order(count: int, said: str, typed: str) -> DiceNeed:
        return DiceNeed(die, count, rule, runs=((die, 1),) * count, after=True, said=said, typed_with=typed)

    said = say("roll.group_damage", "{side}'s damage", side=side)
    need = {f"{side.value}_damage": in_order(hits * damage.dice, said, DAMAGE)}
    if damage.extra and read.CRITICAL in stages.symbols():
        critical = say("roll.group_critical", "{side}'s critical damage", side=side)
        need[f"{side.value}_critical"] = in_order(hits * damage.extra, critical, CRITICAL)
    return need


def _damage_read(params: Staged, kept: Mapping[Side, Mapping[str, int]]) -> dict[str, int]:
    """The damage dice each side's kept hits read: its hits' dice, and the
    extra dice of as many of them as are critical."""
    damage = params.costs.damage
    if damage is None:
        return {}
    read_of = {}
    for side in SIDES:
        hits = sum(kept[side].get(s, 0) for s in params.costs.losses)
        read_of[f"{side.value}_damage"] = hits * damage.dice
        read_of[f"{side.value}_critical"] = _criticals(params, kept[side]) * damage.extra
    return read_of


def _dealt(
    rules: Ruleset, params: Staged, kept: Mapping[Side, Mapping[str, int]], throw: Throw
) -> dict[Side, tuple[int, list[Step]]] | None:
    """The damage each side's hits deal where the file rolls damage (None where
    it does not): one roll per hit kept, as many critical as its criticals."""
    damage = params.costs.damage
    if damage is None:
        return None
    dealt = {}
    for side in SIDES:
        hits = sum(kept[side].get(s, 0) for s in params.costs.losses)
        dealt[side] = costs.damage_dealt(
            rules,
            damage,
            params.costs.loss,
            hits,
            _criticals(params, kept[side]),
            pips(throw.get(f"{side.value}_damage", ())),
            pips(throw.get(f"{side.value}_critical", ())),
            cite(params, "costs"),
        )
    return dealt


def _criticals(params: Staged, kept: Mapping[str, int]) -> int:
    """How many of a side's damage rolls are critical: one for each critical
    hit it keeps, at most one for each hit that rolls damage."""
    return min(kept.get(read.CRITICAL, 0), sum(kept.get(s, 0) for s in params.costs.losses))


def _distance_read(rules: Ruleset, params: Staged, battle: Battle) -> None:
    """A distance told to an attack whose dice no table by distance counts,
    no added stage reads, and no situation it reads hangs on (range 1 adds a
    die), would be silently ignored: refused, naming the attack."""
    if battle.range is None or any(getattr(params, side).roll.by == "range" for side in SIDES):
        return
    if added.reads_distance(added.of(params)) or _hangs_on_distance(rules, params):
        return
    name = attack_name(rules, params)
    ignored = say(
        "range.not_read",
        "{an_attack} does not depend on the distance: leave out {range}",
        an_attack=article(params.label),
        attack=rules.attack_said(name),
        range=setting("range"),
    )
    raise RefereeError(ignored, rule=cite(params, "roll"))


def _hangs_on_distance(rules: Ruleset, params: Staged) -> bool:
    """Whether a situation the attack reads holds by itself at distances the players state."""
    from referee.ruleset.reading import situations_read

    return any(rules.situations[name].range for name in situations_read(rules, params))


def _rolls(
    rules: Ruleset,
    params: Staged,
    battle: Battle,
    name: str,
    added_stages: added.Stages,
    rolled: Rolled | None = None,
) -> tuple[dict[Side, int], Side | None, dict[Side, list[Step]]]:
    """Each side's dice by the roll stage and the added stages at `dice`, the
    side that chooses where a comparison names one (for a pool that keeps by
    the chooser's order), and why, side by side. `rolled` keeps each side's
    roll by what of the battle it reads (`roll.reads`) for the rounds of one
    fight, whose situations and distance stay."""
    rolled = {} if rolled is None else rolled
    rolls: dict[Side, int] = {}
    chooser: Side | None = None
    steps: dict[Side, list[Step]] = {}
    for side in SIDES:
        spec = getattr(params, side).roll
        seen = (side, roll.reads(spec, battle, side))
        if seen not in rolled:
            rolled[seen] = roll.dice(rules, spec, battle, side, cite(params, "roll"), name)
        rolls[side], chose, said = rolled[seen]
        chooser = chooser or chose
        steps[side] = list(said)
    rolls, said = added.run("dice", added_stages, rules, battle, rolls)
    steps[Side.ATTACKER] += said
    return rolls, chooser, steps


def prepare(rules: Ruleset, name: str, params: Staged, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one attack as told: the dice counted and the faces' readings
    are the same for every throw, worked out once; where a stage tells the ruling its own way, its ruler."""
    telling = added.teller(params)
    if telling:
        return telling.ruler(rules, name, params, battle)
    added_stages = added.of(params)
    rolls, chooser, said_of = _rolls(rules, params, battle, name, added_stages)
    back = next((side for side in SIDES if getattr(params, side).roll.battles_back), None)
    # what is said before the dice: the side that battles back only when it does
    told: dict[Side | None, list[Step]] = {None: [], back: []}
    for side in SIDES:
        told[side if side == back else None] += said_of[side]
    readings, each = {}, {}
    for side in SIDES:
        readings[side], each[side], said = _reading(rules, params, battle, side, rolls[side])
        if rolls[side]:  # how the faces of a side that rolls none read says nothing
            told[side if side == back else None] += said
    before = told[None]
    order = tuple(dict.fromkeys(s for side in SIDES for s in getattr(params, side).symbols()))
    pools = {
        side: side_pool(
            getattr(params, side).pool,
            rules.dice[getattr(params, side).die].die,
            readings[side],
            battle,
            side,
            chooser,
        )
        for side in SIDES
    }
    costed = (*params.costs.losses, *params.costs.retreats, *params.costs.own_losses, *params.costs.counts)
    carried = {side: frozenset({*getattr(params, side).symbols(), *params.given(side)}) for side in SIDES}
    needed = follow.numbers(rules, params.follow, battle, cite(params, "follow")) if params.follow else ()

    silent = count.count({}, (), order)
    held = {side: costs.held(params.costs, battle, side) for side in SIDES}  # no added stage takes more
    critical = critical_sides(params)

    def read_side(
        side: Side, throw: Throw, steps: list[Step], used: dict[str, int]
    ) -> tuple[tuple[Face, ...], dict[str, int]]:
        """A side's faces as they stand after its pool, and the symbols they carry."""
        faces = throw.get(side, ())
        pool, stages = pools[side], getattr(params, side)
        if pool is not None and faces:
            settled = pool.settle(pool.rounds(faces, rolls[side]))
            told = {name for at, name in battle.when if at == side}
            faces_said = partial(rules.face_said, stages.die)
            steps += pool_steps(stages.pool, side, settled, faces_said, chooser, told, rules.said)
            faces = settled.kept
        dealt = [reading for _, reading in each[side]]
        symbols = count.count_each(dealt, faces, order) if dealt else count.count(readings[side], faces, order)
        if faces:
            steps.append(_rolled(rules, params, side, faces, symbols, [die for die, _ in each[side]]))
        symbols, said = added.run("symbols", added_stages, rules, battle, symbols, side, throw, used)
        steps += said
        return faces, symbols

    def followed(
        faces: Mapping[Side, tuple[Face, ...]],
        symbols: Mapping[Side, dict[str, int]],
        throw: Throw,
        steps: list[Step],
        used: dict[str, int],
    ) -> dict[Side, dict[str, int]]:
        """The symbols as they go on to cancel and costs: the attacker's, where
        it rolled, with what comes through its follow-up rolls (the symbols
        its faces read stay in the ruling as read)."""
        if params.follow is None or not faces.get(Side.ATTACKER):
            return dict(symbols)
        symbol = params.follow.symbol
        attacker = dict(symbols[Side.ATTACKER])
        attacker[symbol], said, rolled = follow.follow(
            rules,
            params.follow,
            needed,
            attacker.get(symbol, 0),
            lambda i: pips(throw.get(follow.group(i), ())),
            cite(params, "follow"),
        )
        steps += said
        used.update((follow.group(i), n) for i, n in enumerate(rolled))
        return {**symbols, Side.ATTACKER: attacker}

    def exchange(
        symbols: Mapping[Side, Mapping[str, int]], steps: list[Step], throw: Throw, used: dict[str, int]
    ) -> tuple[dict[Side, dict[str, int]], Paid]:
        """What the symbols keep once cancelled, and what they cost each side."""
        counted = {side: dict(symbols[side]) for side in SIDES}
        kept, said = added.run("kept", added_stages, rules, battle, counted, throw=throw, read=used)
        for group, n in _damage_read(params, kept).items():  # a side that battles back reads its own the second time
            used[group] = max(used.get(group, 0), n)
        loses, retreats, paid = _costs(rules, params, battle, kept, _dealt(rules, params, kept, throw), throw)
        steps += [*said, *paid]
        return kept, (loses, retreats)

    def rule_on(throw: Throw) -> Ruling:
        steps = list(before)
        faces: dict[Side, tuple[Face, ...]] = {}
        symbols: dict[Side, dict[str, int]] = {}
        used: dict[str, int] = {}
        for side in SIDES:
            faces[side], symbols[side] = ((), dict(silent)) if side == back else read_side(side, throw, steps, used)
        kept, (loses, retreats) = exchange(followed(faces, symbols, throw, steps, used), steps, throw, used)
        dice = dict(rolls)
        if back is not None and rolls[back]:
            if costs.stands(params.costs, battle, back, loses[back], retreats[back]):
                steps += [step(cite(params, "back"), "roll.back", "the {side} battles back", side=back), *told[back]]
                faces[back], symbols[back] = read_side(back, throw, steps, used)
                again, (more, further) = exchange(
                    followed({back: faces[back]}, {back: symbols[back], back.other: dict(silent)}, throw, steps, used),
                    steps,
                    throw,
                    used,
                )
                kept[back] = again[back]
                loses = {side: loses[side] + more[side] for side in SIDES}
                retreats = {side: retreats[side] + further[side] for side in SIDES}
            else:
                dice[back] = 0
                steps.append(
                    step(
                        cite(params, "back"),
                        "roll.no_back",
                        "the {side} does not stand and cannot battle back",
                        side=back,
                    )
                )
        (loses, retreats), said = added.run(
            "losses", added_stages, rules, battle, (loses, retreats), throw=throw, read=used, held=held
        )
        steps += said
        scores = {side: count.scored(kept[side], costed, rules.said, carried[side]) for side in SIDES}
        criticals = {side: _criticals(params, kept[side]) if side in critical else None for side in SIDES}
        parts = {
            side: TallySide(
                units=dict(battle.side(side)),
                dice=dice[side],
                rolled=list(faces[side]),
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
            loss=params.costs.loss.one,
            retreat=params.costs.retreat.one,
            attacker_criticals=criticals[Side.ATTACKER],
            defender_criticals=criticals[Side.DEFENDER],
        )
        return Ruling(outcome=outcome, steps=tuple(steps), read=tuple(used.items()))

    return rule_on


def _rolled(
    rules: Ruleset, params: Staged, side: Side, faces: tuple[Face, ...], symbols: dict[str, int], dice: Sequence[str]
) -> Step:
    """'the attacker rolled grenade, flag: hit 1, retreat 1'; a face of a die
    not the side's own after its die's name, as typed (d8:7)."""
    own = getattr(params, side).die
    thrown = list(zip(dice or [own] * len(faces), faces, strict=True))
    named = {  # each face worded once: odds rule every throw, of up to a thousand dice
        (die, f): rules.face_said(die, f) if die == own else f"{die}:{rules.face_said(die, f)}"
        for die, f in set(thrown)
    }
    said = [named[die_face] for die_face in thrown]
    carried = count.scored(symbols, tuple(symbols), rules.said)
    return step(
        cite(params, "read"),
        "read.rolled",
        "the {side} rolled {faces}: {symbols}",
        side=side,
        faces=listed(said) or say("faces.none", "nothing"),
        symbols=carried,
    )


def _costs(
    rules: Ruleset,
    params: Staged,
    battle: Battle,
    kept: Mapping[Side, Mapping[str, int]],
    dealt: Mapping[Side, tuple[int, list[Step]]] | None,
    throw: Throw,
) -> tuple[dict[Side, int], dict[Side, int], list[Step]]:
    """What each side loses and retreats: by the symbols it faces (or the
    damage they `dealt`), and, where the file compares, what the loser of the
    comparison takes."""
    spec = params.costs
    if params.compare is None or spec.losses or spec.retreats or spec.own_losses:
        capped = params.cite.strength or cite(params, "costs")
        loses, retreats, paid = costs.costs(rules, spec, kept, battle, (cite(params, "costs"), capped), dealt)
    else:
        loses, retreats, paid = dict.fromkeys(SIDES, 0), dict.fromkeys(SIDES, 0), []
    if params.compare is None:
        return loses, retreats, paid
    contest = params.compare
    if contest.by == "pairs":
        paired, steps = _pairs(rules, params, contest, battle, throw)
        return {side: loses[side] + paired[side] for side in SIDES}, retreats, [*steps, *paid]
    counts = {side: kept[side].get(contest.symbol, 0) for side in SIDES}
    costly = {side: contest.on_win(side) != "nothing" for side in SIDES}
    rule = cite(params, "compare")
    said_as = partial(spaced, rules.said(contest.symbol))
    winner, margin, said = compare.compare(counts, contest.tie, costly, rule, said_as, contest.wins)
    steps = [said]
    if winner and contest.on_win(winner) not in costs.TAKES_NOTHING:
        lost, removed = _removed(rules, params, contest, battle, winner, margin, counts[winner])
        loses[winner.other] += lost
        steps += removed
    return loses, retreats, [*steps, *paid]


def _removed(
    rules: Ruleset, params: Staged, contest: Compare, battle: Battle, winner: Side, margin: int, count: int
) -> tuple[int, list[Step]]:
    """What the loser of a comparison takes, by what the winner's side says
    (`count`: the winner's count of the symbol)."""
    loser = winner.other
    plus = contest.plus if contest.plus and contest.on_win(winner) == "wounds" else None
    lost, _, removed = costs.removed(
        rules,
        contest.on_win(winner),
        loser,
        battle.side(loser),
        margin,
        params.costs.loss,
        cite(params, "costs"),
        (contest.chooser, params.cite.choice or cite(params, "costs")),
        count,
        (plus.of(battle.side(winner)), rules.said(plus.label)) if plus else (0, ""),
    )
    return lost, removed


def _pairs(
    rules: Ruleset, params: Staged, contest: Compare, battle: Battle, throw: Throw
) -> tuple[dict[Side, int], list[Step]]:
    """Compare by ranked pairs: each pair a side loses is one loss, taken as
    the pairs' winner's side says (units removed, wounds, or nothing)."""
    rule = cite(params, "compare")
    ranked = {side: pairs.ranked(pips(throw.get(side, ()))) for side in SIDES}
    bonus, steps = _by_rank(rules, params, battle, min(len(ranked[side]) for side in SIDES))
    paired = pairs.pair_off(ranked, contest.tie, bonus)
    steps += [
        pairs.pair_step(
            rule, rank, {side.value: pairs.shown(ranked[side][rank], bonus[side][rank]) for side in SIDES}, one
        )
        for rank, one in enumerate(paired)
    ]
    loses = dict.fromkeys(SIDES, 0)
    for side, n in pairs.lost(paired).items():
        if n and contest.on_win(side.other) not in costs.TAKES_NOTHING:
            loses[side], removed = _removed(rules, params, contest, battle, side.other, n, n)
            steps += removed
    return loses, steps


def _by_rank(rules: Ruleset, params: Staged, battle: Battle, n: int) -> tuple[dict[Side, list[int]], list[Step]]:
    """What each side adds to its paired dice by rank, by the added stages
    that say so (`ranks`: the bonus stage), and why; nothing where none does."""
    bonus = {side: [0] * n for side in SIDES}
    steps: list[Step] = []
    for _, section, _, rule in added.of(params):
        if hasattr(section, "ranks"):
            for side in SIDES:
                more, said = section.ranks(rules, battle, side, n, rule)
                bonus[side] = [a + b for a, b in zip(bonus[side], more, strict=True)]
                steps += said
    return bonus, steps
