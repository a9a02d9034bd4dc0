"""Ranked pairs: each side sorts its dice high to low, adds bonuses by rank
(bombarding units, air support), and compares pair by pair; every lost pair
costs the unit behind it one loss, which moves it to its next state (intact
to damaged) or destroys it. Classic Risk and Frontline Risk are two
parameter sets of this one procedure.

A ruling carries the core's keys, read for pairs: a side's `hits` are the
pairs it won, its `loses` the losses its units took (each lost pair is one
damage or one destruction), and `winner` is the side that won more pairs,
null when both won as many. So one side's hits are the other's losses, and
`winner` follows from the losses: adding it to the odds keys groups no
outcome differently."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from dataclasses import field as dc_field
from functools import partial
from typing import TYPE_CHECKING

from referee.chance.dice import pips
from referee.core.errors import RefereeError, setting
from referee.procedures.ranked_pairs.grammar import PairSide, RankedPairs
from referee.ruleset.model import Ruleset, Situation
from referee.rulings.battle import Battle, Throw
from referee.rulings.procedure import DiceNeed, cite
from referee.rulings.ruling import (
    SIDES,
    Ruling,
    Said,
    Side,
    Spoken,
    Step,
    Value,
    both,
    joined,
    listed,
    other,
    say,
    say_n,
    series,
    step,
    step_n,
    typed,
)
from referee.stages import pairs as pairs_stage
from referee.stages.bonus import by_rank
from referee.stages.cover import cover_step
from referee.words.names import article

if TYPE_CHECKING:
    from referee.outcomes.pairs import SideLosses

ODDS_KEYS = ("winner", "attacker_loses", "defender_loses", "attacker_suffers", "defender_suffers")
Division = tuple[str, int]  # unit, index of its state


def divisions(rules: Ruleset, battle: Battle, group: str) -> list[Division]:
    """The units of a group one by one, each with its state index (0: fresh)."""
    out: list[Division] = []
    for unit, count in battle.groups()[group]:
        states = rules.units[unit].states
        special = [(states.index(state), n) for g, u, state, n in battle.states if g == group and u == unit]
        out += [(unit, 0)] * (count - sum(n for _, n in special))
        out += [(unit, index) for index, n in special for _ in range(n)]
    return out


def label(rules: Ruleset, division: Division) -> str:
    """'damaged armour': a division as a ruling records it, the same in every language."""
    unit, index = division
    kind = rules.units[unit]
    return f"{kind.states[index]} {kind.word}" if index else kind.word


def _counted(rules: Ruleset, items: list[Division]) -> list[Spoken]:
    """Each kind of unit with its state, counted: '2 armies', 'damaged armour'."""
    return [
        rules.units[unit].counted(n, rules.units[unit].states[index] if index else "")
        for (unit, index), n in Counter(items).items()
    ]


def labels(rules: Ruleset, items: list[Division]) -> Spoken:
    """'2 armies, damaged armour' ('2 支軍隊、受損裝甲師'), as a sentence lists them."""
    return listed(_counted(rules, items)) if items else say("suffers.nothing", "nothing")


def _acting(side: str) -> str:
    """'attacking': what a side's units do, as a word before their noun."""
    return say("acting.attacking", "attacking") if side == Side.ATTACKER else say("acting.defending", "defending")


def _kind(rules: Ruleset, units: list[Division]) -> str:
    """'armies' where the units told are of one kind, else 'units'."""
    kinds = {unit for unit, _ in units}
    if len(kinds) > 1:
        return say("kind.units", "units")
    return rules.units[kinds.pop()].titles


def _whole_fight(rules: Ruleset, battle: Battle) -> str:
    """The odds command that plays out the battle told as a whole fight, as typed:
    the same counts mean the same units there."""
    words = [f"referee odds {rules.name}"]
    for side in SIDES:
        front = divisions(rules, battle, side)
        one_kind = len(rules.units) == 1 and not any(index for _, index in front)
        told = str(len(front)) if one_kind else f'"{typed(_counted(rules, front))}"'
        words.append(f"{setting(side)} {told}")
    words += [f"{setting('when')} {side}:{name}" for side, name in battle.when]
    return " ".join([*words, f"{setting('until')} conquest"])


def on_the_front(params: RankedPairs) -> str:
    """' on the front' where units also wait in a rear; nothing where a side is the units that fight."""
    return " on the front" if params.fight.given == "front" else ""


def _on_front(params: RankedPairs) -> str:
    """`on_the_front` as a step says it, in the current language."""
    return say("front.on", " on the front") if params.fight.given == "front" else ""


def front_limit(params: RankedPairs, side: str) -> tuple[int, str] | None:
    """The most units a side's front holds and the rule that refuses more,
    where units also wait in a rear; None where a side is the units that fight."""
    if params.fight.given != "front":
        return None
    spec = getattr(params, side)
    return spec.max_front, _front_rules(params, spec)[1]


def _front_rules(params: RankedPairs, spec: PairSide) -> tuple[str, str]:
    """The rule that gives a side its dice by its front, and the rule that limits the front."""
    front_rule = spec.rule or cite(params, "front")
    return front_rule, params.cite.max_front or front_rule


def _spoken_label(rules: Ruleset, division: Division) -> str:
    """'damaged armour' as a step says it: the unit's word in the language spoken."""
    unit, index = division
    return rules.units[unit].counted(1, rules.units[unit].states[index] if index else "")


def situations_on(rules: Ruleset, battle: Battle, side: str) -> list[Situation]:
    return [rules.situations[name] for s, name in battle.when if s == side]


def _dice_parts(rules: Ruleset, params: RankedPairs, battle: Battle, side: str) -> list[tuple[int, Step]]:
    """Where a side's dice come from: (count, the step that says why), in the order the rules add them."""
    front = divisions(rules, battle, side)
    spec = getattr(params, side)
    front_rule, limit_rule = _front_rules(params, spec)
    on = on_the_front(params)
    if not front:
        if on:
            none = say("front.none", "the {side} needs at least one unit on the front", side=Side(side))
        else:
            none = say("front.none_fighting", "the {side} needs at least one unit", side=Side(side))
        raise RefereeError(none, rule=limit_rule)
    if len(front) > spec.max_front and not on:
        many = say(
            "front.too_many_fighting",
            "the {side} fights with {units}; at most {most} roll in one battle "
            "({flag} counts the {acting} {kind}, one die each); for the whole fight: {command}",
            side=Side(side),
            units=labels(rules, front),
            most=spec.max_front,
            flag=setting(side),
            acting=_acting(side),
            kind=_kind(rules, front),
            command=_whole_fight(rules, battle),
        )
        raise RefereeError(many, rule=limit_rule)
    if len(front) > spec.max_front:
        many = say(
            "front.too_many",
            "the {side} has {units} on the front; at most {most} may stand there",
            side=Side(side),
            units=labels(rules, front),
            most=spec.max_front,
        )
        raise RefereeError(many, rule=limit_rule)
    for unit, _ in front:
        if unit not in params.divisions:
            outside = say(
                "front.does_not_fight",
                "{a_unit} does not fight in {an_attack}",
                a_unit=article(rules.units[unit].title),
                an_attack=article(params.label),
                unit=rules.units[unit].title,
                attack=params.label,
            )
            raise RefereeError(outside, rule=params.rule)
    count = sum(params.divisions[unit].dice for unit, _ in front)
    own = [f"{n} {d}" for d, n in params.dice_kinds(rules, side, [u for u, _ in front], 0) if d != params.die_of(side)]
    has: dict[str, Value] = {
        "side": Side(side),
        "units": labels(rules, front),
        "on": _on_front(params),
        "dice": say_n("count.dice", "{n} die", "{n} dice", count),
        "own": both(own),
    }
    parts = [
        (
            count,
            step(front_rule, "front.dice.own", "the {side} has {units}{on}: {dice}, of them {own}", **has)
            if own
            else step(front_rule, "front.dice", "the {side} has {units}{on}: {dice}", **has),
        )
    ]
    rear = divisions(rules, battle, f"{side}_rear")
    if spec.cover and len(front) >= spec.max_front and rear:
        parts.append((spec.cover, cover_step(cite(params, "cover"), spec.cover, len(front), len(rear))))
    names = {name for s, name in battle.when if s == side}
    for name in dict.fromkeys(name for s, name in battle.when if s == side):
        situation = rules.situations[name]
        if not situation.extra_dice:
            continue
        instead = [below for below in situation.not_on_top_of if below in names]
        if instead:
            said = step(
                situation.rule,
                "situation.not_on_top_of",
                "{situation}: no extra die on top of {below}",
                situation=situation.said,
                below=rules.situations[instead[0]].said,
            )
            parts.append((0, said))
        else:
            said = step_n(
                situation.rule,
                "situation.extra_dice",
                "{situation}: +{n} die",
                "{situation}: +{n} dice",
                situation.extra_dice,
                situation=situation.said,
            )
            parts.append((situation.extra_dice, said))
    return parts


def dice_needed(rules: Ruleset, params: RankedPairs, battle: Battle) -> dict[str, DiceNeed]:
    need: dict[str, DiceNeed] = {}
    for side in SIDES:
        if battle.rear(side) and not reads_rear(rules, params, battle, side):
            never = say(
                "rear.unread",
                "one round never reads the {side}'s rear here: leave it out "
                "(a whole fight, played until conquest, supplies from it)",
                side=side,
            )
            raise RefereeError(never, rule=cite(params, "cover"))
        parts = _dice_parts(rules, params, battle, side)
        rule = [parts[0][1].rule, *(said.rule for count, said in parts if count)][-1]
        kinds = [(rules.dice[die].die, n) for die, n in side_dice(rules, params, battle, side, parts)]
        need[side] = DiceNeed(kinds[0][0], sum(n for _, n in kinds), rule, mix=tuple(kinds) if len(kinds) > 1 else ())
    return need


def side_dice(
    rules: Ruleset, params: RankedPairs, battle: Battle, side: str, parts: list[tuple[int, Step]]
) -> tuple[tuple[str, int], ...]:
    """Each die a side rolls with its count (at least its own die, maybe none of it)."""
    front = [unit for unit, _ in divisions(rules, battle, side)]
    more = sum(count for count, _ in parts[1:])
    return params.dice_kinds(rules, side, front, more) or ((params.die_of(side), 0),)


def _bonuses(
    rules: Ruleset, params: RankedPairs, battle: Battle, side: str, pairs: int, steps: list[Step]
) -> list[int]:
    """Bonus per paired rank (the bonus stage): bombarding units from the highest die down, then air support."""
    bombarding = [d for d in divisions(rules, battle, side) if params.divisions[d[0]].bombard]
    stopping = [s for s in situations_on(rules, battle, other(side)) if s.cancels_bombardment]
    highest = [(s, s.highest_bonus) for s in situations_on(rules, battle, side) if s.highest_bonus]
    bonus, said = by_rank(
        bombarding,
        pairs,
        lambda d: params.divisions[d[0]].bombard,
        partial(labels, rules),
        Side(side),
        stopping,
        highest,
        cite(params, "bombard"),
    )
    steps += said
    return bonus


def _stand(params: RankedPairs, front: list[Division]) -> list[Division]:
    order = {unit: i for i, unit in enumerate(params.stand_order)}
    return sorted(front, key=lambda d: (order.get(d[0], len(order)), d[1]))


def _take_losses(
    rules: Ruleset, params: RankedPairs, front: list[Division], lost_units: Counter[str]
) -> tuple[list[Division], list[Division], list[Division]]:
    """Each loss moves a unit one state on; past its last state it is destroyed.
    Among units of one kind, fresh ones take the first loss unless the file says worn_first."""
    after, destroyed, worn = [], [], []
    for unit in dict.fromkeys(u for u, _ in front):
        mine = sorted((d for d in front if d[0] == unit), key=lambda d: d[1], reverse=params.worn_first)
        hit = lost_units[unit]
        for n, (_, index) in enumerate(mine):
            if n >= hit:
                after.append((unit, index))
            elif index + 1 < len(rules.units[unit].states):
                after.append((unit, index + 1))
                worn.append((unit, index + 1))
            else:
                destroyed.append((unit, index))
    return after, destroyed, worn


def _suffers(
    rules: Ruleset, destroyed: list[Division], worn: list[Division], failing: Situation | None, side: Side
) -> Said:
    """What a side suffers: said in English for --json and the odds' groups,
    which read the same in every language, and in the language spoken for reports."""
    spoken = _suffered(rules, destroyed, worn, failing, side)
    return Said(spoken.english, spoken)


def _joined_states(rules: Ruleset, worn: list[Division]) -> Spoken:
    """'damaged': the states worn units move into, one word each, joined by a slash."""
    return joined("/", dict.fromkeys(rules.units[u].state_said(rules.units[u].states[i]) for u, i in worn), None)


def _suffered(
    rules: Ruleset, destroyed: list[Division], worn: list[Division], failing: Situation | None, side: Side
) -> Spoken:
    parts: list[str] = []
    if destroyed:
        parts.append(say("suffers.destroyed", "{units} destroyed", units=labels(rules, destroyed)))
    if worn:
        parts.append(
            say_n(
                "suffers.worn",
                "{units} becomes {states}",
                "{units} become {states}",
                len(worn),
                units=labels(rules, [(u, i - 1) for u, i in worn]),
                states=_joined_states(rules, worn),
            )
        )
    if failing is not None:
        parts.append(_failure(failing, side))
    return series(parts) or say("suffers.nothing", "nothing")


def _failure(situation: Situation, side: Side) -> str:
    return say(
        "situation.fails", "{situation} fails: every unit of the {side} is removed", situation=situation.said, side=side
    )


def _state_pairs(rules: Ruleset, items: list[Division]) -> list[list[str]]:
    return [[unit, rules.units[unit].states[index] if rules.units[unit].states else ""] for unit, index in items]


@dataclass
class _Setup:
    """What a round rules the same way on every throw: the dice steps, the
    fronts in pair order, the bonuses by rank, and (filled as met) what each
    pattern of lost pairs does to a side. Odds rule thousands of throws on one
    battle, so this is worked out once per battle."""

    steps: list[Step]
    front: dict[Side, list[Division]]
    rear: dict[Side, list[Division]]
    pairs: int
    bonus: dict[Side, list[int]]
    bonus_steps: list[Step]
    kinds: dict[Side, tuple[tuple[str, int], ...]]
    losses: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[SideLosses, list[Step]]] = dc_field(
        default_factory=dict
    )


def _setup(rules: Ruleset, params: RankedPairs, battle: Battle) -> _Setup:
    parts = {side: _dice_parts(rules, params, battle, side) for side in SIDES}
    steps = [said for side in SIDES for _, said in parts[side]]
    front = {side: _stand(params, divisions(rules, battle, side)) for side in SIDES}
    pairs = min(len(front[Side.ATTACKER]), len(front[Side.DEFENDER]))
    bonus_steps: list[Step] = []
    bonus = {side: _bonuses(rules, params, battle, side, pairs, bonus_steps) for side in SIDES}
    rear = {side: divisions(rules, battle, f"{side}_rear") for side in SIDES}
    kinds = {side: side_dice(rules, params, battle, side, parts[side]) for side in SIDES}
    return _Setup(steps, front, rear, pairs, bonus, bonus_steps, kinds)


def _typed(kinds: tuple[tuple[str, int], ...], faces: list[int]) -> Spoken:
    """A side's faces as typed: kind by kind, each past the first after its die's name (`5, 2, d8:7`),
    listed as the language spoken lists them."""
    names = [die if i else "" for i, (die, n) in enumerate(kinds) for _ in range(n)]
    return listed(f"{name}:{face}" if name else str(face) for name, face in zip(names, faces))


def _side_losses(
    rules: Ruleset, params: RankedPairs, battle: Battle, setup: _Setup, side: Side, lost: Counter[str]
) -> tuple[SideLosses, list[Step]]:
    """What a pattern of lost pairs does to a side (remembered per pattern)."""
    from referee.outcomes.pairs import SideLosses  # a ruling's record: whole fights never build one

    key = (side, tuple(sorted(lost.items())))
    if key in setup.losses:
        return setup.losses[key]
    after, destroyed, worn = _take_losses(rules, params, setup.front[side], lost)
    rear = setup.rear[side]
    failing = None
    steps = []
    for situation in situations_on(rules, battle, side):
        keep = situation.fails_without
        if keep and not any(u == keep for u, _ in after + rear):
            failing = situation
            destroyed += after + rear
            after, rear = [], []
            steps.append(
                step(
                    situation.rule,
                    "situation.fails_without",
                    "the {side} has no {unit} left: {failed}",
                    side=side,
                    unit=rules.units[keep].title,
                    failed=_failure(situation, side),
                )
            )
    suffers = _suffers(rules, destroyed, worn, failing, side)
    loses = sum(lost.values())
    if loses:
        steps.insert(
            0, step(cite(params, "losses"), "losses.side", "the {side}: {suffers}", side=side, suffers=suffers.spoken)
        )
    result = SideLosses(
        loses=loses,
        destroyed=len(destroyed),
        suffers=suffers,
        failed=failing is not None,
        front_after=_state_pairs(rules, after),
        rear_after=_state_pairs(rules, rear),
    )
    setup.losses[key] = (result, steps)
    return result, steps


def prepare(rules: Ruleset, name: str, params: RankedPairs, battle: Battle) -> Callable[[Throw], Ruling]:
    """The ruler of one battle: what every throw shares is worked out once, here."""
    setup = _setup(rules, params, battle)
    return lambda throw: _rule(rules, name, params, battle, setup, throw)


def _rule(rules: Ruleset, name: str, params: RankedPairs, battle: Battle, setup: _Setup, throw: Throw) -> Ruling:
    from referee.outcomes.pairs import Pair, PairedDie, Round, RoundSide

    front, pairs, bonus = setup.front, setup.pairs, setup.bonus
    steps = list(setup.steps)
    rolled = {side: list(pips(throw[side])) for side in SIDES}
    ranked = {side: pairs_stage.ranked(rolled[side]) for side in SIDES}
    sorted_ = {
        side.value: say(
            "dice.sorted",
            "the {side} rolled {faces}, high to low {ranked}",
            side=side,
            faces=_typed(setup.kinds[side], rolled[side]),
            ranked=listed(map(str, ranked[side])),
        )
        for side in SIDES
    }
    steps.append(step(cite(params, "sort"), "dice.sides_sorted", "{attacker}; {defender}", **sorted_))
    steps.append(
        step(
            cite(params, "pairs"),
            "pairs.compared",
            "{pairs} compared ({attackers} against {defenders}{on}); other dice only widen the choice",
            pairs=say_n("count.pairs", "{n} pair", "{n} pairs", pairs),
            attackers=len(front[Side.ATTACKER]),
            defenders=len(front[Side.DEFENDER]),
            on=_on_front(params),
        )
    )
    steps += setup.bonus_steps

    compared = []
    lost: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
    for rank, paired in enumerate(pairs_stage.pair_off(ranked, params.tie, bonus, pairs)):
        winner = paired[0] or Side(params.tie)  # ranked-pairs gives every tie to a side
        lost[other(winner)][front[other(winner)][rank][0]] += 1
        totals = {side: ranked[side][rank] + bonus[side][rank] for side in SIDES}
        shown = {side.value: pairs_stage.shown(ranked[side][rank], bonus[side][rank]) for side in SIDES}
        steps.append(pairs_stage.pair_step(cite(params, "sort"), rank, shown, paired))
        paired_dice = {
            side: PairedDie(ranked[side][rank], bonus[side][rank], totals[side], label(rules, front[side][rank]))
            for side in SIDES
        }
        compared.append(Pair(rank + 1, winner, paired_dice[Side.ATTACKER], paired_dice[Side.DEFENDER]))
    if any(len({u for u, _ in front[side]}) > 1 for side in SIDES):
        stands = series(
            say(
                "pair.stands",
                "pair {rank} stands for the attacker's {attacker} and the defender's {defender}",
                rank=rank + 1,
                attacker=_spoken_label(rules, front[Side.ATTACKER][rank]),
                defender=_spoken_label(rules, front[Side.DEFENDER][rank]),
            )
            for rank in range(pairs)
        )
        steps.append(step(cite(params, "stand"), "pairs.stand", "{pairs}", pairs=stands))

    won = {side: sum(pair.winner == side for pair in compared) for side in SIDES}
    sides: dict[Side, RoundSide] = {}
    for side in SIDES:
        result, loss_steps = _side_losses(rules, params, battle, setup, side, lost[side])
        steps += loss_steps
        sides[side] = RoundSide(
            [label(rules, d) for d in front[side]],
            [label(rules, d) for d in setup.rear[side]],
            rolled[side],
            ranked[side],
            list(bonus[side]),
            won[side],
            **{f.name: getattr(result, f.name) for f in fields(result)},
        )
    attacker, defender = sides[Side.ATTACKER], sides[Side.DEFENDER]
    if not (attacker.loses or defender.loses):
        steps.append(step(cite(params, "losses"), "losses.none", "no pair compared: nobody suffers"))
    return Ruling(
        outcome=Round(
            ruleset=rules.name,
            attack=name,
            winner=None if won[Side.ATTACKER] == won[Side.DEFENDER] else max(SIDES, key=won.__getitem__),
            attacker=attacker,
            defender=defender,
            pairs=compared,
            attacker_loses=attacker.loses,
            defender_loses=defender.loses,
            attacker_suffers=attacker.suffers,
            defender_suffers=defender.suffers,
        ),
        steps=tuple(steps),
    )


def reads_rear(rules: Ruleset, params: RankedPairs, battle: Battle, side: str) -> bool:
    """Whether a round reads this side's rear at all (cover, or a situation that
    counts its units), and then only by which kinds are there: whole fights key
    their cached rounds on that, never on the rear's size."""
    return bool(getattr(params, side).cover or any(s.fails_without for s in situations_on(rules, battle, side)))
