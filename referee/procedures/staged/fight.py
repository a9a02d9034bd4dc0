"""A staged attack fought in rounds, as the whole-fight solver asks for it
(referee/fights/solver.py, `FightRules`), from the file's `fight:` (see
`rounds.Rounds`). Each round is the attack ruled by its own resolver, over
every throw the door's dice can show: the odds of a round and the ruling on
one are one code path. A state is each side's units in the order they are
lost, each with the losses it still takes, and who retreated; what decides a
round is the units of each kind on each side (a worn unit rolls as a fresh one).

A round's losses go to one unit at a time in the casualty order, each until
it is removed; a side with nothing left has lost (the attacker, even when
the defender is gone too). A retreat, where the file says so (`retreat:
ends`), ends the fight: a defender that retreats gives up the ground (a
conquest), an attacker that retreats is driven back; a retreat the side
cannot take is a loss already, by `costs.cannot_retreat`. With `retreat:
loss` every retreat is one more loss and the fight goes on."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from math import gcd, lcm
from typing import Any

from referee.chance.dice import MAX_THROWS, convolve, exact_throws, pips, throw_count
from referee.core.errors import RefereeError, setting
from referee.core.numbering import Numbering
from referee.procedures.door import dice_needed, ruler
from referee.procedures.staged import counted
from referee.procedures.staged.grammar import Staged
from referee.procedures.staged.resolver import Rolled, decides, dice_read, one_for_one, paired_alone
from referee.procedures.staged.rounds import LOSS, Rounds
from referee.ruleset.model import Ruleset, Situation
from referee.rulings.battle import Battle, Units
from referee.rulings.procedure import DiceNeed, attack_name, cite, dice_of, joined
from referee.rulings.ruling import SIDES, Step, listed, say, say_n, step, step_n
from referee.rulings.ruling import Side as Role
from referee.stages import costs, pairs, roll
from referee.stages.rounds import casualty_order, order_step, until_steps
from referee.words.language import Grouped
from referee.words.names import article

Unit = tuple[int, int]  # its place in the casualty order, the losses it still takes
Army = tuple[Unit, ...]  # a side's units, sorted: the next to take a loss first
Side = tuple[Army, bool]  # its units, and whether it retreated
State = tuple[
    int, int
]  # attacker, defender, each side by its number: changed by a round on its own (a chart sweeps them so)
Key = tuple[Units, Units]
Result = tuple[int, int, int, int]  # the attacker's losses, the defender's; the attacker's retreats, the defender's
MAX_RULED = 20_000
"""The most throws ruled on over every distinct round of one request (a few seconds here: the
resolver says every step of every throw, some 150 µs each)."""
AT_RANGE = True
"""A staged attack may read the distance told (`roll: by: range`): the same in every round."""


def fight_rules(rules: Ruleset, params: Staged, when: tuple[tuple[str, str], ...], stop_at: int | None) -> StagedFight:
    """The door the whole-fight service opens; an attack whose file says no `fight` is refused."""
    if params.fight is None:
        raise RefereeError(
            say(
                "error.fight.staged_no_rounds",
                "{an_attack} is not fought in rounds: its file gives it no 'fight'; "
                "ask for the odds of one attack, without {until}",
                an_attack=article(params.label),
                label=params.label,
                until=setting("until"),
            ),
            rule=params.rule,
        )
    return StagedFight(rules, params, params.fight, when, stop_at)


class StagedFight:
    """One whole fight's rules: the file's parameters and `fight`, the
    situations told (they hold in every round), the distance told (set by
    `start`), and when the attacker stops (`stop_at`: its units left)."""

    def __init__(
        self, rules: Ruleset, params: Staged, spec: Rounds, when: tuple[tuple[str, str], ...], stop_at: int | None
    ) -> None:
        self.rules, self.params, self.spec, self.when, self.stop_at = rules, params, spec, when, stop_at
        self.order = casualty_order(rules, tuple(rules.units), spec.casualties)
        self.rule = spec.rule  # the rule a fight played cites for how it ended
        self.keep, self.keep_rule = spec.keep_behind, spec.keep_rule or spec.rule  # never in the fight, only said
        self.range: int | None = None
        self.values: tuple[tuple[str, str, int], ...] = ()  # the numbers the table stated: the same in every round
        self.attack = attack_name(rules, params)  # every round's: the attack told, where a unit can make several
        self._decided: dict[Key, Hashable] = {}  # each count of units: what decides its round
        self._standing: dict[Hashable, Battle] = {}  # each key: the battle its round is ruled on
        self._rolled: Rolled = {}  # each side's roll, by the units it reads
        self._counted: dict[Army, Units] = {}  # each army met: its units of each kind
        self._number: Numbering[Side] = Numbering()  # each side met, by its number
        self.known = self._number.known
        self._moved: dict[tuple[int, int, Result], int] = {}  # each side, by role and result: its next
        self.alone = paired_alone(params)
        # ranked pairs alone, each side's dice by its own units: a round is keyed side by side
        self._side_by_side = self.alone and all(getattr(params, side).roll.by != "compare" for side in SIDES)
        self._brought: tuple[dict[int, tuple[int, int]], ...] = ({}, {})  # each side met: its dice, its units
        self._roll_rule = cite(params, "roll")
        contest = params.compare
        # a side that loses a pair loses every unit it has; else no more than the pairs compared
        self._takes_all = tuple(bool(contest and contest.on_win(side.other) == "remove-all") for side in SIDES)
        self.counted = one_for_one(params)
        # the most units of each side a round takes (`roll.max_units`): its front, filled from the rest
        self._fronts = tuple(getattr(params, side).roll.max_units for side in SIDES)

    def _side(self, units: Units) -> int:
        return self._number((self._army(units), False))

    def _army(self, units: Units) -> Army:
        lasts = self.spec.lasts
        return tuple(sorted((self.order.index(u), lasts.get(u, 1)) for u, n in units for _ in range(n)))

    def _front(self, role: int, army: Army) -> Army:
        """The units of a side that fight a round: where its roll takes at
        most `max_units`, the first of them in the casualty order (the first
        to take its losses), the others brought in as those fall; else all."""
        most = self._fronts[role]
        return army[:most] if most and len(army) > most else army

    def _units(self, army: Army) -> Units:
        """A side's units of each kind, found once for each army the fight meets."""
        found = self._counted.get(army)
        if found is None:
            counted = Counter(self.order[place] for place, _ in army)
            found = self._counted[army] = tuple((unit, counted[unit]) for unit in self.rules.units if counted[unit])
        return found

    def start(self, battle: Battle) -> State:
        """The first state; refuses what a round of it would refuse, and a fight
        whose rounds would rule on too many throws, before solving (rounds
        counted by their dice, paired or convolved, rule on none)."""
        self.range, self.values = battle.range, battle.values
        state = (self._side(battle.attacker), self._side(battle.defender))
        dice_needed(self.rules, self.round_battle(state))
        if self.counted is None and not self.alone and self._throws(battle) > MAX_RULED:
            raise RefereeError(
                say(
                    "error.fight.throws",
                    "the rounds of this fight would rule on more than {most:,} throws, too many here: "
                    "ask for fewer units",
                    most=Grouped(MAX_RULED),
                )
            )
        return state

    def _throws(self, battle: Battle) -> int:
        """The throws every round the fight may meet would rule on, counted
        (each side's units of each kind from none to as told, a side never
        empty), up to just past MAX_RULED: each round rules on at least one."""

        def fewer(units: Units) -> list[Units]:
            counts = itertools.product(*(range(n + 1) for _, n in units))
            return [tuple((u, n) for (u, _), n in zip(units, c, strict=True) if n) for c in counts if any(c)]

        rounds = [(a, d) for a in fewer(battle.attacker) for d in fewer(battle.defender)]
        rounds = [
            (self._units(self._front(0, self._army(a))), self._units(self._front(1, self._army(d)))) for a, d in rounds
        ]
        if len(rounds) > MAX_RULED:
            return len(rounds)
        ruled, seen = 0, set()
        for units in rounds:
            decided = self._decides(units)
            if decided in seen:  # ruled once for every battle that decides alike
                continue
            seen.add(decided)
            needs = dice_needed(self.rules, self._standing[decided])
            ruled += throw_count(dice_of(needs), MAX_RULED) or MAX_RULED + 1
            if ruled > MAX_RULED:
                break
        return ruled

    def next_start(self, end: State, battle: Battle) -> State:
        """The survivors, worn as they are, move onto the conquered territory
        and attack the next territory's defenders, leaving the file's keep-behind there."""
        return (self._number((self.known[end[0]][0][self.keep :], False)), self._side(battle.defender))

    def pooled(self, attacker: Mapping[tuple[str, int], int], defender: Mapping[tuple[str, int], int]) -> State:
        """Every unit on each territory, fresh (a chart's cell), the attacker's
        keep-behind staying home: the first of its units in the casualty order."""

        def army(units: Mapping[tuple[str, int], int]) -> Army:
            return self._army(tuple((unit, n) for (unit, _), n in units.items()))

        return (self._number((army(attacker)[self.keep :], False)), self._number((army(defender), False)))

    def end(self, state: State) -> str | None:
        (attacker, attacker_back), (defender, defender_back) = self.known[state[0]], self.known[state[1]]
        if not attacker:
            return "out"
        if not defender:
            return "conquest"
        if attacker_back:  # even when the defender retreats at once: the attacker has left
            return "driven back"
        if defender_back:
            return "conquest"
        if self.stop_at is not None and len(attacker) <= self.stop_at:
            return "stopped"
        return None

    def key(self, state: State) -> Hashable:
        """What decides a round of this state (`resolver.decides`), found once
        for each count of units; the first battle met with a key stands for
        every battle with it when the round is ruled. A round of ranked pairs
        alone is decided by what `_paired` reads, found side by side."""
        if not self._side_by_side:
            return self._decides(self._kinds(state))
        (a_dice, a_have), (d_dice, d_have) = self._brings(0, state[0]), self._brings(1, state[1])
        compared = a_dice if a_dice < d_dice else d_dice
        a_takes_all, d_takes_all = self._takes_all
        key = (
            a_dice,
            d_dice,
            a_have if a_takes_all or a_have < compared else compared,
            d_have if d_takes_all or d_have < compared else compared,
        )
        if key not in self._standing:  # the first battle met stands for its key
            self._standing[key] = self._battle(self._kinds(state))
        return key

    def _brings(self, role: int, number: int) -> tuple[int, int]:
        """A side's dice and units, found once for each side the fight meets:
        the roll reads its own units alone (`roll.reads`), so it is counted
        on a battle of that side only."""
        found = self._brought[role].get(number)
        if found is None:
            units, side = self._units(self._front(role, self.known[number][0])), SIDES[role]
            battle = self._battle((units, ()) if role == 0 else ((), units))
            count, _, _ = roll.dice(
                self.rules, getattr(self.params, side).roll, battle, side, self._roll_rule, self.attack
            )
            found = self._brought[role][number] = (count, sum(n for _, n in units))
        return found

    def _decides(self, units: Key) -> Hashable:
        decided = self._decided.get(units)
        if decided is None:
            battle = self._battle(units)
            decided = self._decided[units] = decides(self.rules, self.params, battle, self._rolled)
            self._standing.setdefault(decided, battle)
        return decided

    def _kinds(self, state: State) -> Key:
        attacker, defender = self.known[state[0]][0], self.known[state[1]][0]
        return (self._units(self._front(0, attacker)), self._units(self._front(1, defender)))

    def round_battle(self, state: State) -> Battle:
        """For a fight played: the attack a round of this state is, the units left of each kind, as told."""
        return self._battle(self._kinds(state))

    def _battle(self, key: Key) -> Battle:
        return Battle(
            attacker=key[0], defender=key[1], range=self.range, when=self.when, attack=self.attack, values=self.values
        )

    def round_result(self, outcome: Any) -> Result:
        """What of a round's ruling moves the fight: each side's losses and
        retreats (none where it tells no retreats)."""
        return (
            outcome.attacker_loses,
            outcome.defender_loses,
            getattr(outcome, "attacker_retreats", 0),
            getattr(outcome, "defender_retreats", 0),
        )

    def round(self, key: Hashable) -> tuple[Sequence[tuple[Result, int]], int]:
        """The attack ruled on every throw the sides as they stand can show,
        each result counted over a common denominator of the throws' chances."""
        battle = self._standing[key]
        needs = dice_needed(self.rules, battle)
        return self._paired(battle, needs) or self._convolved(battle) or self.summed(battle, needs)

    def summed(self, battle: Battle, needs: Mapping[str, DiceNeed]) -> tuple[Sequence[tuple[Result, int]], int]:
        """A round as the resolver rules it, summed over every throw: the path every round can take."""
        rule_on = ruler(self.rules, battle)
        chances: dict[Result, Fraction] = {}
        for parts, p in exact_throws(dice_of(needs), MAX_THROWS):
            result = self.round_result(rule_on(joined(needs, parts)).outcome)
            chances[result] = chances.get(result, Fraction(0)) + p
        total = lcm(*(p.denominator for p in chances.values()))
        return sorted((result, int(p * total)) for result, p in chances.items()), total

    def _convolved(self, battle: Battle) -> tuple[Sequence[tuple[Result, int]], int] | None:
        """A round whose losses are one for each of a symbol the other side's
        dice read (`resolver.one_for_one`), counted by convolving each side's
        dice one by one (each die's faces by how many of it they carry) rather
        than ruled throw by throw; each side loses no more than it holds. The
        counts come over the same denominator the resolver summed gives, the
        attacker's hits first; None where the round reads more of its dice."""
        if self.counted is None:
            return None
        spreads = {}
        for side, dice in dice_read(self.rules, self.params, battle).items():
            spread, total = [1], 1
            for die, reading in dice:
                faces = self.rules.dice[die].faces
                spread = convolve(spread, counted.spread(faces, reading, self.counted))
                total *= len(faces)
            spreads[side] = (spread, total)
        (a_spread, a_total), (d_spread, d_total) = spreads[Role.ATTACKER], spreads[Role.DEFENDER]
        held = {side: costs.held(self.params.costs, battle, side) for side in SIDES}
        results: Counter[Result] = Counter()
        for a_hits, a_n in enumerate(a_spread):
            for d_hits, d_n in enumerate(d_spread):
                if a_n and d_n:
                    results[min(d_hits, held[Role.ATTACKER]), min(a_hits, held[Role.DEFENDER]), 0, 0] += a_n * d_n
        total = a_total * d_total
        common = gcd(total, *results.values())
        return sorted(((r, n // common) for r, n in results.items()), key=_attacker_first), total // common

    def _paired(self, battle: Battle, needs: Mapping[str, DiceNeed]) -> tuple[Sequence[tuple[Result, int]], int] | None:
        """A round decided by ranked pairs alone (`resolver.paired_alone`),
        counted by the pairs stage from each side's highest dice rather than
        ruled throw by throw; None where the round reads more of its dice."""
        contest, attacker, defender = self.params.compare, needs.get("attacker"), needs.get("defender")
        if not self.alone or contest is None or attacker is None or defender is None or attacker.mix or defender.mix:
            return None
        lost, total = pairs.chances(
            (pips(attacker.die.faces), attacker.count), (pips(defender.die.faces), defender.count), contest.tie
        )
        have = {side: sum(n for _, n in battle.side(side)) for side in SIDES}

        def cost(side: Role, n: int) -> int:  # what `n` lost pairs cost the side, as the ruling takes it
            on_win = contest.on_win(side.other)
            return costs.taken(on_win, n, n, have[side]) if n and on_win not in costs.TAKES_NOTHING else 0

        results: dict[Result, int] = {}
        for (by_attacker, by_defender), n in lost.items():
            result = (cost(Role.ATTACKER, by_attacker), cost(Role.DEFENDER, by_defender), 0, 0)
            results[result] = results.get(result, 0) + n
        return sorted(results.items()), total

    def after(self, state: State, result: Result) -> State:
        return (self.moved(0, state[0], result), self.moved(1, state[1], result))

    def moved(self, role: int, number: int, result: Result) -> int:
        """One side after a round's result (role 0 the attacker): its losses
        taken, and its retreats, or with `retreat: loss` those as losses too;
        found once for each side and result."""
        found = self._moved.get((role, number, result))
        if found is None:
            army, losses, back = self.known[number][0], result[role], result[2 + role]
            wear = self.spec.wear_first
            if self.spec.retreat == LOSS:
                side = (_lose(army, losses + back, wear), False)
            else:
                side = (_lose(army, losses, wear), bool(back))
            found = self._moved[role, number, result] = self._number(side)
        return found

    def left(self, state: State) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
        def kinds(number: int) -> Counter[tuple[str, str]]:
            return Counter((self.order[place], "") for place, _ in self.known[number][0])

        return (kinds(state[0]), kinds(state[1]))

    def kinds(self) -> int:
        return len(self.rules.units)

    def failing(self) -> tuple[Situation, ...]:
        return ()

    def _front_steps(self) -> list[Step]:
        """Each side's front, where its roll takes at most some units in one
        battle, and the attacker's units kept behind, where the file keeps some."""
        steps = [
            step(
                self._roll_rule,
                "rounds.front",
                "the {side} fights each round with at most {units}, the first in the order of casualties; "
                "the others come in as those fall",
                units=say_n("count.units", "{n} unit", "{n} units", most),
                side=SIDES[role],
            )
            for role, most in enumerate(self._fronts)
            if most
        ]
        if self.keep:
            steps.append(
                step_n(
                    self.keep_rule,
                    "rounds.kept",
                    "{units} stays behind on the attacker's territory, besides those told, and never fights",
                    "{units} stay behind on the attacker's territory, besides those told, and never fight",
                    self.keep,
                    units=say_n("count.units", "{n} unit", "{n} units", self.keep),
                )
            )
        return steps

    def policy(self) -> tuple[Step, ...]:
        """The casualty order, what each unit lasts, the rounds, and what a retreat does."""
        spec, rules = self.spec, self.rules
        attack = attack_name(rules, self.params)
        named = () if isinstance(spec.casualties, str) else spec.casualties
        # units that make only another attack are not in this fight's order
        ours = [unit for unit in self.order if attack in rules.attacks_of(unit) or unit in named]
        steps = [order_step(rules, ours, spec.casualties, self.params.cite.choice or spec.rule)]
        if spec.lasts:
            each = (
                say(
                    "rounds.lasts_unit",
                    "{unit} after {losses}",
                    unit=rules.units[unit].title,
                    losses=self.params.costs.loss.counted(rules, n),
                )
                for unit, n in spec.lasts.items()
            )
            steps.append(
                step(spec.rule, "rounds.lasts", "a unit is removed at its last loss: {lasts}", lasts=listed(each))
            )
        if spec.wear_first:
            steps.append(
                step(
                    spec.rule,
                    "rounds.wear_first",
                    "a round's losses go first to the units that last several, one each, before any unit is removed",
                )
            )
        steps += self._front_steps()
        steps += until_steps(spec.rule, self.stop_at)
        if self.params.costs.retreats:
            steps.append(
                step(spec.rule, "rounds.retreat_loss", "in a whole fight every retreat is one more loss")
                if spec.retreat == LOSS
                else step(
                    spec.rule,
                    "rounds.retreat_ends",
                    "a retreat ends the fight: a defender that retreats gives up the ground to the attacker; "
                    "an attacker that retreats is driven back, and the defender holds",
                )
            )
        return tuple(steps)


def _attacker_first(result: tuple[Result, int]) -> tuple[int, ...]:
    """A round's result by the attacker's hits (the defender's losses), then the defender's."""
    (attacker_loses, defender_loses, *_), _ = result
    return (defender_loses, attacker_loses)


def _lose(army: Army, losses: int, wear_first: bool = False) -> Army:
    """A side after its losses: each to the first unit, until it is removed,
    then the next; with `wear_first`, first one to each unit that lasts
    several, in order (a ship sustains damage before any ship is lost)."""
    units = list(army)
    if wear_first:
        for i, (place, left) in enumerate(units):
            if losses and left > 1:
                units[i], losses = (place, left - 1), losses - 1
        units.sort()  # a worn unit takes its kind's next loss
    while losses and units:
        place, left = units[0]
        if losses >= left:
            losses -= left
            units.pop(0)
        else:
            units[0] = (place, left - losses)
            losses = 0
    return tuple(units)
