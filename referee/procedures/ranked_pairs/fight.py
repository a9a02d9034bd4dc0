"""Ranked pairs fought in rounds: the fight states, what decides each round,
and the ruleset's between-round policy (`fight` in the file), as the
whole-fight solver asks for them (referee/fights/solver.py, `FightRules`).

A side's state is its front, sorted, and its rear as each kind with its
count (a big rear stays small); the solver sees each side by a number, so a
fight state is two small integers and hashing one costs nothing. The
attacker's units kept behind stay out of the state: they never fight and
only count when the attack is told to stop.

A round is counted by the pairs stage (`pairs.patterns`, as any fight of
pairs is), keyed by what decides it: each side's dice and bonus by rank,
no unit and no situation, so one count serves every fight state, chart
cell and command that meets it. It reuses the ruling's own helpers for
who stands for which pair and what a loss does (`_stand`, `_take_losses`),
so a loss is worked out one way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.chance.dice import pips
from referee.core.errors import RefereeError, setting
from referee.core.numbering import Numbering
from referee.procedures.door import check_situations, check_states, dice_needed
from referee.procedures.ranked_pairs.grammar import RankedPairs
from referee.procedures.ranked_pairs.resolver import _stand, _take_losses, divisions, reads_rear, situations_on
from referee.ruleset.model import Ruleset, Situation
from referee.rulings.battle import Battle, Units
from referee.rulings.procedure import attack_name
from referee.rulings.ruling import SIDES, Step, Value, in_turn, listed, say, say_n, step, step_n
from referee.stages.pairs import Pattern, Pool, patterns

if TYPE_CHECKING:
    from referee.outcomes.pairs import Round

Division = tuple[str, int]  # unit, index of its state (0: fresh)
Rear = tuple[tuple[Division, int], ...]
Side = tuple[tuple[Division, ...], Rear]  # front, rear
State = tuple[int, int]  # the attacker's side and the defender's, by number; FAILED once the attack failed
RoundKey = tuple[Pool, Pool, tuple[int, ...], tuple[int, ...]]
"""What decides a round: each side's dice, and its bonus at each rank paired (one per pair; ties as the file says)."""
GONE: Side = ((), ())
FAILED = -1


def _sorted(items: Sequence[Division]) -> tuple[Division, ...]:
    return tuple(sorted(items))


def size(side: Side) -> int:
    front, rear = side
    return len(front) + sum(n for _, n in rear)


def units(side: Side) -> Counter[Division]:
    front, rear = side
    counted = Counter(front)
    counted.update(dict(rear))
    return counted


def fight_rules(
    rules: Ruleset, params: RankedPairs, when: tuple[tuple[str, str], ...], stop_at: int | None
) -> RankedFight:
    """The door the whole-fight service opens for a procedure that fights in rounds."""
    return RankedFight(rules, params, when, stop_at)


class RankedFight:
    """One whole fight's rules: the file's parameters, the situations told, and
    when the attacker stops (`stop_at`: its units as --attacker counts them, the
    kept-behind ones left out)."""

    def __init__(self, rules: Ruleset, params: RankedPairs, when: tuple[tuple[str, str], ...], stop_at: int | None):
        self.rules, self.params, self.when, self.stop_at = rules, params, when, stop_at
        self.attack = attack_name(rules, params)  # every round's: the attack told, where a unit can make several
        self.keep = params.fight.keep_behind
        self.keep_rule = params.fight.keep_rule or params.fight.rule
        self.rule = params.fight.conquest_rule or params.fight.rule  # a fight played cites it for how it ended
        self.faces = {die: pips(spec.faces) for die, spec in rules.dice.items()}
        probe = Battle(attacker=(), defender=(), when=when)
        self.on: dict[str, list[Situation]] = {side: situations_on(rules, probe, side) for side in SIDES}
        self.stopping: dict[str, list[Situation]] = {  # the other side's situations stop a side's repair
            side: [s for s in self.on[other] if s.stops_repair] for side, other in zip(SIDES, reversed(SIDES))
        }
        self.reads = {side: reads_rear(rules, params, probe, side) for side in SIDES}
        self._checked: set[Battle] = set()
        self._pools: dict[tuple[str, tuple[tuple[Division, int], ...]], int] = {}
        self._sides: dict[tuple[str, tuple[Division, ...], bool], int] = {}
        self._made: list[tuple[Pool, tuple[int, ...]]] = []  # dice and bonus by rank, by number
        self._brings: tuple[dict[int, int], dict[int, int]] = ({}, {})  # side number -> what it brings
        self.number: Numbering[Side] = Numbering()  # each side met, by its number
        self.known = self.number.known
        self._keys: dict[tuple[int, int], int] = {}
        self._round_numbers: dict[RoundKey, int] = {}
        self._round_keys: list[RoundKey] = []
        # the results of rounds by number (the solver hands them back to `after`, so
        # each next state is found by two list indexes and an integer key)
        self._patterns: list[Pattern] = []
        self.result_numbers: dict[Pattern, int] = {}
        # for each side, by result: its next sides by side number. A side's next state
        # depends only on the ranks it lost, so results losing it the same ranks share one
        self._next: tuple[list[dict[int, int]], list[dict[int, int]]] = ([], [])
        self._by_losses: tuple[dict[tuple[int, ...], dict[int, int]], ...] = ({}, {})
        self._fronts: dict[tuple[tuple[Division, ...], tuple[int, ...]], tuple[Division, ...]] = {}

    # -- (a) the state from what the players told -----------------------
    def start(self, battle: Battle) -> State:
        """The first state; refuses what the rules refuse, with the rule, before solving.
        A front told as such fights the first round as told; units told as those
        that fight fill the front from them. Either way the attacker's units
        kept behind are not among those told: they never enter the state."""
        check_situations(self.rules, battle)
        check_states(self.rules, battle)
        sides = []
        for side in SIDES:
            front = divisions(self.rules, battle, side)
            rear = divisions(self.rules, battle, f"{side}_rear")
            if self.params.fight.given == "fighting":
                if rear:
                    no_rear = say(
                        "rear.none",
                        "this game has no rear: {flag} counts every unit that fights, "
                        "so count these in it and leave out {rear_flag}",
                        flag=setting(side),
                        rear_flag=setting(side + "-rear"),
                    )
                    raise RefereeError(no_rear, rule=self.params.fight.keep_rule or self.params.fight.rule)
                sides.append(self.between(side, [], Counter(front)))
            else:
                sides.append((_sorted(front), tuple(sorted(Counter(rear).items()))))
        state = (self.number(sides[0]), self.number(sides[1]))
        if self.end(state) is None:
            first = self.battle(state)
            if first not in self._checked:  # a chart starts a thousand fights with a few first rounds
                dice_needed(self.rules, first)
                self._checked.add(first)
        return state

    def next_start(self, end: State, battle: Battle) -> State:
        """A chain: the attacker's survivors move onto the conquered territory and
        attack the next one from there, leaving the file's keep-behind again."""
        defender = divisions(self.rules, battle, "defender") + divisions(self.rules, battle, "defender_rear")
        return self.pooled(units(self.side(end[0])), Counter(defender))

    def pooled(self, attacker: Mapping[Division, int], defender: Mapping[Division, int]) -> State:
        """Each side's units on its territory, the attacker's keep-behind staying
        home and both fronts filled by the file's policy; checked by `start` once."""
        return (self._pool("attacker", attacker), self._pool("defender", defender))

    def side(self, number: int) -> Side:
        return GONE if number == FAILED else self.known[number]

    def _pool(self, side: str, units_: Mapping[Division, int]) -> int:
        key = (side, tuple(units_.items()))
        if key not in self._pools:
            pool = self._stay_home(units_) if side == "attacker" else Counter(units_)
            self._pools[key] = self.number(self.between(side, [], pool))
        return self._pools[key]

    def _stay_home(self, pool: Mapping[Division, int]) -> Counter[Division]:
        """The pool without the units kept behind: those the supply would send last."""
        pool, home = Counter(pool), self.keep
        for kind in sorted(pool, key=self._supply_rank, reverse=True):
            stay = min(home, pool[kind])
            pool[kind] -= stay
            home -= stay
        return pool

    def _supply_rank(self, division: Division) -> tuple[bool, int, int]:
        order = self.params.fight.supply_order
        return (division[1] > 0, order.index(division[0]) if division[0] in order else len(order), division[1])

    # -- (c) the between-round policy -----------------------------------
    def between(self, side: str, front: list[Division], rear: Counter[Division]) -> Side:
        """Swap worn units on the front for fresh ones of their kind, then supply the front."""
        policy = self.params.fight
        if policy.withdraw_worn and not self.stopping[side]:
            for worn in sorted((d for d in front if d[1]), key=lambda d: -d[1]):
                fresh = (worn[0], 0)
                if rear[fresh] > 0:
                    front[front.index(worn)] = fresh
                    rear[fresh] -= 1
                    rear[worn] += 1
        if policy.supply:
            take = max(0, min(getattr(self.params, side).max_front - len(front), sum(rear.values())))
            for kind in sorted(rear, key=self._supply_rank):
                moved = min(take, rear[kind])
                front += [kind] * moved
                rear[kind] -= moved
                take -= moved
        return _sorted(front), tuple(sorted((kind, n) for kind, n in rear.items() if n))

    # -- what the solver asks -------------------------------------------
    def end(self, state: State) -> str | None:
        attacker, defender = state
        if attacker == FAILED:
            return "failed"
        if not self.known[defender][0]:
            return "conquest"
        if not self.known[attacker][0]:
            return "out"
        if self.stop_at is not None and size(self.known[attacker]) <= self.stop_at:
            return "stopped"
        return None

    def key(self, state: State) -> int:
        """The round's key (a `RoundKey`), numbered: found by what each side brings,
        so thousands of states share a few keys and hash as integers."""
        attacker, defender = state
        a = self._brings[0].get(attacker)
        if a is None:
            a = self._brings[0][attacker] = self._side("attacker", self.known[attacker])
        d = self._brings[1].get(defender)
        if d is None:
            d = self._brings[1][defender] = self._side("defender", self.known[defender])
        found = self._keys.get((a, d))
        if found is None:
            (a_dice, a_bonus), (d_dice, d_bonus) = self._made[a], self._made[d]
            pairs = min(len(a_bonus), len(d_bonus))
            key = (a_dice, d_dice, a_bonus[:pairs], d_bonus[:pairs])
            if key not in self._round_numbers:
                self._round_numbers[key] = len(self._round_keys)
                self._round_keys.append(key)
            found = self._keys[a, d] = self._round_numbers[key]
        return found

    def round(self, key: int) -> tuple[Sequence[tuple[int, int]], int]:
        """The round a key stands for, each result by its number: one cached sum
        per key for every fight of the process."""
        a_dice, d_dice, a_bonus, d_bonus = self._round_keys[key]
        counted, total = patterns(a_dice, d_dice, (a_bonus, d_bonus), self.params.tie, len(a_bonus))
        return [(self.result_number(pattern), n) for pattern, n in counted], total

    def result_number(self, pattern: Pattern) -> int:
        """The number `round` and `after` know a result (who lost each pair) by."""
        found = self.result_numbers.get(pattern)
        if found is None:
            found = self.result_numbers[pattern] = len(self._patterns)
            self._patterns.append(pattern)
            for role, (known, by_losses) in enumerate(zip(self._next, self._by_losses)):
                lost = tuple(rank for rank, attacker_lost in enumerate(pattern) if attacker_lost == (role == 0))
                known.append(by_losses.setdefault(lost, {}))
        return found

    def after(self, state: State, result: int) -> State:
        return (self.moved(0, state[0], result), self.moved(1, state[1], result))

    def moved(self, role: int, side: int, result: int) -> int:
        """One side after a result (role 0 the attacker), found once per side and result."""
        found = self._next[role][result].get(side)
        return self._after(role, side, result) if found is None else found

    def _side(self, side: str, state: Side) -> int:
        """A side's dice and its bonus at each rank its front could pair (one per unit), numbered."""
        key = (side, state[0], bool(state[1]))
        if key in self._sides:
            return self._sides[key]
        front, rear = state
        spec, divisions_ = getattr(self.params, side), self.params.divisions
        more = spec.cover if spec.cover and len(front) >= spec.max_front and rear else 0
        names = {s.name for s in self.on[side]}  # a situation replaced by another adds no die
        more += sum(s.extra_dice for s in self.on[side] if not names & set(s.not_on_top_of))
        kinds = self.params.dice_kinds(self.rules, side, [unit for unit, _ in front], more)
        dice = tuple((self.faces[die], n) for die, n in kinds)
        bonus = [0] * len(front)
        if not any(s.cancels_bombardment for s in self.on[SIDES[1 - SIDES.index(side)]]):
            bombarding = [divisions_[unit].bombard for unit, _ in front if divisions_[unit].bombard]
            for rank, b in enumerate(bombarding):
                bonus[rank] += b
        if front:
            bonus[0] += sum(s.highest_bonus for s in self.on[side])
        self._sides[key] = len(self._made)
        self._made.append((dice, tuple(bonus)))
        return self._sides[key]

    def _after(self, role: int, number: int, result: int) -> int:
        """A side after the pairs it lost and the between-round policy; FAILED when
        a situation's rule removes the attacker (a landing without armour), and a
        removed defender has lost its territory."""
        side = SIDES[role]
        front, rear = self.known[number]
        pattern = self._patterns[result]
        ranks = tuple(rank for rank, attacker_lost in enumerate(pattern) if attacker_lost == (role == 0))
        after = list(self._front_after(front, ranks))
        kinds = {unit for unit, _ in after} | {unit for (unit, _), _ in rear}
        if all(s.fails_without in kinds for s in self.on[side] if s.fails_without):
            found = self.number(self.between(side, after, Counter(dict(rear))))
        else:
            found = FAILED if role == 0 else self.number(GONE)
        self._next[role][result][number] = found
        return found

    def _front_after(self, front: tuple[Division, ...], ranks: tuple[int, ...]) -> tuple[Division, ...]:
        """A front after losing the pairs at `ranks`, worked out once per front and
        ranks: the sides of a big fight share a few fronts."""
        found = self._fronts.get((front, ranks))
        if found is None:
            stood = _stand(self.params, list(front))
            lost = Counter(stood[rank][0] for rank in ranks)
            found = tuple(_take_losses(self.rules, self.params, list(front), lost)[0] if lost else front)
            self._fronts[front, ranks] = found
        return found

    def battle(self, state: State) -> Battle:
        """One round of a state as a battle: what the rules check before a fight is solved,
        and what a fight played rules on, its units in the file's order, as a player lists them."""
        groups: dict[str, Units] = {}
        states = []
        for side, (front, rear) in zip(SIDES, map(self.side, state)):
            shown = {side: Counter(front), f"{side}_rear": Counter(dict(rear)) if self.reads[side] else Counter()}
            for group, counted in shown.items():
                per_unit: Counter[str] = Counter()
                for (unit, index), n in counted.items():
                    per_unit[unit] += n
                    if index:
                        states.append((group, unit, self.rules.units[unit].states[index], n))
                groups[group] = tuple((unit, per_unit[unit]) for unit in self.rules.units if per_unit[unit])
        return Battle.of_groups(groups, when=self.when, states=tuple(states), attack=self.attack)

    def round_battle(self, state: State) -> Battle:
        """For a fight played: the attack a round of this state is, as `battle` is told it."""
        return self.battle(state)

    def round_result(self, outcome: Round) -> int:
        """What of a round's ruling moves the fight: who lost each pair, by the number `after` knows it by."""
        return self.result_number(tuple(pair.winner == SIDES[1] for pair in outcome.pairs))

    def left(self, state: State) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
        return (self._left(self.side(state[0])), self._left(self.side(state[1])))

    def _left(self, side: Side) -> Counter[tuple[str, str]]:
        out: Counter[tuple[str, str]] = Counter()
        for (unit, index), n in units(side).items():
            out[unit, self.rules.units[unit].states[index] if self.rules.units[unit].states else ""] += n
        return out

    def kinds(self) -> int:
        return len(self.params.divisions)

    def failing(self) -> tuple[Situation, ...]:
        return tuple(s for s in self.on["attacker"] if s.fails_without)

    def policy(self) -> tuple[Step, ...]:
        """The file's policy in words, and what this fight's situations change in it."""
        changed = tuple(
            step(
                s.rule,
                "policy.no_repair",
                "{situation}: the {side}'s worn units cannot withdraw to repair",
                situation=s.said,
                side=side,
            )
            for side in SIDES
            for s in self.stopping[side]
            if self.params.fight.withdraw_worn
        )
        stop = (
            (
                step_n(
                    self.params.fight.rule,
                    "policy.stop_at",
                    "the attacker stops when down to {n} unit",
                    "the attacker stops when down to {n} units",
                    self.stop_at,
                ),
            )
            if self.stop_at is not None
            else ()
        )
        return policy_steps(self.rules, self.params) + changed + stop


def _more_units(rules: Ruleset, n: int) -> str:
    """'1 more army', '3 more armies', or '2 more units' where the file has several kinds of unit."""
    if len(rules.units) > 1:
        return say_n("count.more_units", "{n} more unit", "{n} more units", n)
    only = next(iter(rules.units.values()))
    return say("count.more_of", "{n} more {unit}", n=n, unit=only.named(n), measure=only.measure)


def policy_steps(rules: Ruleset, params: RankedPairs) -> tuple[Step, ...]:
    """The between-round policy in words, from the file's parameters."""
    policy = params.fight
    steps = [
        step(
            policy.rule,
            "policy.given.fighting",
            "--attacker counts the attacking units, --defender every unit on its territory; "
            "the fronts are filled from them",
        )
        if policy.given == "fighting"
        else step(
            policy.rule,
            "policy.given.front",
            "--attacker and --defender count the front, which fights the first round as told; "
            "--attacker-rear and --defender-rear the rear",
        )
    ]
    worn = any(u.states for u in rules.units.values())
    if worn:
        losses = params.cite.losses or params.rule
        steps.append(
            step(losses, "policy.loss.worn", "a loss among units of one kind goes first to a worn (damaged) one")
            if params.worn_first
            else step(losses, "policy.loss.fresh", "a loss among units of one kind goes first to a fresh (intact) one")
        )
    if policy.keep_behind:
        steps.append(
            step_n(
                policy.keep_rule or policy.rule,
                "policy.keep_behind",
                "{units} stays behind on the attacker's territory, out of the fight and of --attacker",
                "{units} stay behind on the attacker's territory, out of the fight and of --attacker",
                policy.keep_behind,
                units=_more_units(rules, policy.keep_behind),
            )
        )
    if policy.withdraw_worn:
        steps.append(
            step(
                policy.withdraw_rule or policy.rule,
                "policy.withdraw",
                "between rounds a worn unit on the front ({worn}) "
                "swaps with a fresh one of its kind waiting in the rear",
                worn=listed(u.counted(1, u.states[-1]) for u in rules.units.values() if u.states),
            )
        )
    if policy.supply:
        order = in_turn([rules.units[u].title for u in policy.supply_order])
        supplied: dict[str, Value] = {
            "attacker": params.attacker.max_front,
            "defender": params.defender.max_front,
            "order": say("policy.supply.first", ": {order} first", order=order) if order else "",
        }
        supply = policy.supply_rule or policy.rule
        steps.append(
            step(
                supply,
                "policy.supply.worn",
                "before each round each side fills its front (attacker {attacker}, defender {defender}) "
                "from its rear{order}, fresh before worn",
                **supplied,
            )
            if worn
            else step(
                supply,
                "policy.supply",
                "before each round each side fills its front (attacker {attacker}, defender {defender}) "
                "from its rear{order}",
                **supplied,
            )
        )
    steps.append(
        step(
            policy.conquest_rule or policy.rule,
            "policy.conquest",
            "the attacker conquers when the defender has no unit left to stand on the front; "
            "the attack stops when the attacker has none",
        )
    )
    return tuple(steps)
