"""Whole fights: the one round resolver iterated over fight states as a Markov
chain. Each round costs some side at least one loss, so the chain has no
cycles and a memoised recursion solves it exactly; the choices players make
between rounds come from the ruleset's `fight` policy, never from here.

One round distribution is computed per distinct front (the rear counts only
by which kinds are there), so a 100 × 100 Risk chart rolls a handful of rounds.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.dice import exact_throws
from referee.errors import RefereeError
from referee.mechanics import attack_of, check_situations, check_states, dice_needed, resolve
from referee.mechanics.base import SIDES, Battle, Step, Units, dice_of
from referee.mechanics.ranked_pairs import divisions, reads_rear, situations_on
from referee.ruleset.model import Ruleset, Situation
from referee.ruleset.procedures.ranked_pairs import RankedPairs

Division = tuple[str, int]
Rear = tuple[tuple[Division, int], ...]  # each kind with its count: a big rear stays small
Side = tuple[tuple[Division, ...], Rear]  # front, rear
State = tuple[Side, Side]  # attacker, defender
Number = Any  # Fraction when exact, float otherwise


MAX_EXACT = 40_000


@dataclass(frozen=True)
class Value:
    """What is still to come from a state: chances and expected units destroyed."""

    wins: Number
    fails: Number
    attacker_lost: Number
    defender_lost: Number


@dataclass(frozen=True)
class FightOdds:
    exact: bool
    p_attacker_wins: Number
    p_defender_holds: Number
    p_attacker_runs_out: Number
    p_attack_fails: Number
    expected_losses: dict[str, Number]
    policy: tuple[Step, ...]
    failing: tuple[Situation, ...]  # the situations that can make the attack fail


def _sorted(items: list[Division]) -> tuple[Division, ...]:
    return tuple(sorted(items))


def _size(rear: Rear) -> int:
    return sum(n for _, n in rear)


class Fight:
    """A whole fight over one border, solved exactly (or in floats when asked)."""

    def __init__(self, rules: Ruleset, battle: Battle, exact: bool = True, losses: bool = True):
        self.rules = rules
        self.when = battle.when
        _, params = attack_of(rules, battle)
        if params.procedure != "ranked-pairs":
            raise RefereeError(
                f"a {params.label} is not fought in rounds; --until needs a ruleset whose attack is ranked pairs"
            )
        self.params: RankedPairs = params
        self.exact = exact
        self.zero: Number = Fraction(0) if exact else 0.0
        self.rounds: dict[State, list[tuple[Number, Any]]] = {}
        self.memo: dict[State, Value] = {}
        self.losses = losses  # a chart needs only the chance to win: skip the rest
        self.moves: dict[tuple[str, tuple[Division, ...], Rear], Side] = {}
        self.reads = {side: reads_rear(rules, params, battle, side) for side in SIDES}
        check_situations(rules, battle)
        check_states(rules, battle)  # as a single round does: a state word on a unit that has no such state
        self.stopping = {
            side: [s for s in situations_on(rules, battle, other) if s.stops_repair]
            for side, other in zip(SIDES, reversed(SIDES))
        }

    # -- states ---------------------------------------------------------
    def start(self, battle: Battle) -> State:
        sides = []
        for side in SIDES:
            front = divisions(self.rules, battle, side)
            rear = divisions(self.rules, battle, f"{side}_rear")
            if self.params.fight.given == "territory":
                sides.append(self._between(side, [], Counter(front + rear)))
            else:
                sides.append((_sorted(front), tuple(sorted(Counter(rear).items()))))
        return sides[0], sides[1]

    def _next(self, side: str, front: tuple[Division, ...], rear: Rear) -> Side:
        """`_between` remembered: a chart meets the same fronts and rears again and again."""
        key = (side, front, rear)
        if key not in self.moves:
            self.moves[key] = self._between(side, list(front), Counter(dict(rear)))
        return self.moves[key]

    def _between(self, side: str, front: list[Division], rear: Counter) -> Side:
        """The policy between rounds: swap worn units for fresh ones of their kind, then supply."""
        policy = self.params.fight
        if policy.withdraw_worn and not self.stopping[side]:
            for worn in sorted((d for d in front if d[1]), key=lambda d: -d[1]):
                fresh = (worn[0], 0)
                if rear[fresh] > 0:
                    front[front.index(worn)] = fresh
                    rear[fresh] -= 1
                    rear[worn] += 1
        if policy.supply:
            order = {unit: i for i, unit in enumerate(policy.supply_order)}
            keep = policy.keep_behind if side == "attacker" else 0
            take = max(0, min(getattr(self.params, side).max_front - len(front), sum(rear.values()) - keep))
            for kind in sorted(rear, key=lambda d: (d[1] > 0, order.get(d[0], len(order)), d[1])):
                moved = min(take, rear[kind])
                front += [kind] * moved
                rear[kind] -= moved
                take -= moved
        return _sorted(front), tuple(sorted((kind, n) for kind, n in rear.items() if n))

    def _battle(self, state: State) -> Battle:
        groups: dict[str, Units] = {}
        states = []
        for side, (front, rear) in zip(SIDES, state):
            for group, counted in ((side, Counter(front)), (f"{side}_rear", Counter(dict(rear)))):
                units: Counter = Counter()
                for (unit, index), n in counted.items():
                    units[unit] += n
                    if index:
                        states.append((group, unit, self.rules.units[unit].states[index], n))
                groups[group] = tuple(units.items())
        return Battle.of_groups(groups, when=self.when, states=tuple(states))

    # -- rounds ---------------------------------------------------------
    def _round(self, state: State) -> list[tuple[Number, Any]]:
        """(chance, (attacker front after, defender front after, attacker failed, defender failed))."""
        key = (self._as_read("attacker", state[0]), self._as_read("defender", state[1]))
        if key not in self.rounds:
            battle = self._battle(key)
            needs = dice_needed(self.rules, battle)
            totals: dict[Any, Fraction] = {}
            for throw, chance in exact_throws(dice_of(needs)):
                out = resolve(self.rules, battle, throw).outcome
                result = tuple(self._divisions(out[side]["front_after"]) for side in SIDES) + tuple(
                    out[side]["failed"] for side in SIDES
                )
                totals[result] = totals.get(result, Fraction(0)) + chance
            self.rounds[key] = [(p if self.exact else float(p), r) for r, p in totals.items()]
        return self.rounds[key]

    def _as_read(self, side: str, state: Side) -> Side:
        """A side as one round sees it: which kinds wait in the rear, and only if the round reads the rear."""
        front, rear = state
        return front, tuple((kind, 1) for kind, _ in rear) if self.reads[side] else ()

    def _divisions(self, pairs: list[list[str]]) -> tuple[Division, ...]:
        return _sorted([(u, self.rules.units[u].states.index(s) if s else 0) for u, s in pairs])

    def value(self, state: State) -> Value:
        """Solved depth first; each round destroys or wears a unit, so the depth is bounded."""
        if state in self.memo:
            return self.memo[state]
        (att_front, _), (def_front, _) = state
        zero = self.zero
        if not def_front:
            result = Value(zero + 1, zero, zero, zero)
        elif not att_front:
            result = Value(zero, zero, zero, zero)
        else:
            wins = fails = att_lost = def_lost = zero
            for chance, (att_after, def_after, att_failed, _def_failed) in self._round(state):
                if att_failed:
                    if self.losses:
                        fails += chance
                        att_lost += chance * (len(state[0][0]) + _size(state[0][1]))
                        def_lost += chance * (len(state[1][0]) - len(def_after))
                    continue
                later = self.value(
                    (self._next("attacker", att_after, state[0][1]), self._next("defender", def_after, state[1][1]))
                )
                wins += chance * later.wins
                if self.losses:
                    fails += chance * later.fails
                    att_lost += chance * (len(state[0][0]) - len(att_after) + later.attacker_lost)
                    def_lost += chance * (len(state[1][0]) - len(def_after) + later.defender_lost)
            result = Value(wins, fails, att_lost, def_lost)
        self.memo[state] = result
        return result

    def odds(self, battle: Battle) -> FightOdds:
        start = self.start(battle)
        _bound(self.exact, *(len(front) + _size(rear) for front, rear in start))
        depth = sum(len(f) + _size(r) for f, r in start) * 4 + 1000
        sys.setrecursionlimit(max(sys.getrecursionlimit(), depth))
        v = self.value(start)
        return FightOdds(
            exact=self.exact,
            p_attacker_wins=v.wins,
            p_defender_holds=1 - v.wins,
            p_attacker_runs_out=1 - v.wins - v.fails,
            p_attack_fails=v.fails,
            expected_losses={"attacker": v.attacker_lost, "defender": v.defender_lost},
            policy=self.policy(),
            failing=tuple(s for s in situations_on(self.rules, battle, "attacker") if s.fails_without),
        )

    def policy(self) -> tuple[Step, ...]:
        """The file's policy, and what this fight's situations change in it."""
        changed = tuple(
            Step(s.rule, f"{s.text}: the {side}'s worn units cannot withdraw to repair")
            for side in SIDES
            for s in self.stopping[side]
            if self.params.fight.withdraw_worn
        )
        return policy_steps(self.rules, self.params) + changed


def policy_steps(rules: Ruleset, params: RankedPairs) -> tuple[Step, ...]:
    """The between-round policy in words, from the file's parameters."""
    policy = params.fight
    steps = [
        Step(
            policy.rule,
            "--attacker and --defender count "
            + (
                "everything on the territories; the fronts are filled from them"
                if policy.given == "territory"
                else "the front, which fights the first round as told; --attacker-rear and --defender-rear the rear"
            ),
        )
    ]
    if any(u.states for u in rules.units.values()):
        steps.append(
            Step(
                params.cite.losses or params.rule,
                "a loss among units of one kind goes first to a "
                + ("worn (damaged) one" if params.worn_first else "fresh (intact) one"),
            )
        )
    if policy.keep_behind:
        steps.append(
            Step(
                policy.keep_rule or policy.rule,
                f"the attacker keeps {policy.keep_behind} unit{'s' if policy.keep_behind > 1 else ''} "
                "behind on its territory, out of the fight",
            )
        )
    if policy.withdraw_worn:
        steps.append(
            Step(
                policy.withdraw_rule or policy.rule,
                "between rounds a worn unit on the front ("
                + ", ".join(f"{u.states[-1]} {u.title}" for u in rules.units.values() if u.states)
                + ") swaps with a fresh one of its kind waiting in the rear",
            )
        )
    if policy.supply:
        order = ", then ".join(rules.units[u].title for u in policy.supply_order)
        steps.append(
            Step(
                policy.rule,
                "before each round each side fills its front (attacker "
                f"{params.attacker.max_front}, defender {params.defender.max_front}) "
                "from its rear"
                + (f": {order} first" if order else "")
                + (", fresh before worn" if any(u.states for u in rules.units.values()) else ""),
            )
        )
    steps.append(
        Step(
            policy.conquest_rule or policy.rule,
            "the attacker conquers when the defender has no unit left to stand on the front; "
            "the attack stops when the attacker has none",
        )
    )
    return tuple(steps)


def _bound(exact: bool, attackers: int, defenders: int) -> None:
    """Exact fractions grow with every round: past this size a fight takes
    many seconds, so the referee says so instead of leaving a player waiting."""
    if exact and attackers * defenders > MAX_EXACT:
        raise RefereeError(
            f"{attackers} against {defenders} units is too big to solve in exact fractions "
            f"here (at most {MAX_EXACT:,} as attackers × defenders); add --float"
        )


def chart(rules: Ruleset, size: int, exact: bool) -> tuple[list[int], list[int], list[list[Number]], Fight]:
    """Conquest chances for attacker 2..size+1 against defender 1..size, from one
    shared chain (every smaller fight is a state of a bigger one)."""
    if len(rules.units) != 1:
        raise RefereeError(
            f"--table needs a ruleset with one kind of unit; {rules.title} has "
            f"{len(rules.units)}: ask for one fight with --until conquest"
        )
    unit = next(iter(rules.units))
    attackers, defenders = list(range(2, size + 2)), list(range(1, size + 1))
    probe = Battle(attacker=((unit, 1),), defender=((unit, 1),))
    fight = Fight(rules, probe, exact, losses=False)
    if fight.params.fight.given != "territory":
        raise RefereeError("--table needs a ruleset whose whole fights count the armies on the territories")
    _bound(exact, size + 1, size)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 8 * size + 1000))
    army = (unit, 0)
    rows = [
        [
            fight.value((fight._next("attacker", (), ((army, a),)), fight._next("defender", (), ((army, d),)))).wins
            for d in defenders
        ]
        for a in attackers
    ]
    return attackers, defenders, rows, fight
