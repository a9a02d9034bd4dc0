"""A chart's fights in floats, swept over plain lists: every attacking side
against every defending side, where a round's result changes each side on its
own (`Sided.moved`). The sides are met first, each side's own moves put in
order (every side after the sides it moves to), and the chance of each pair
of sides is then one pass, row by row, reading the pairs it leads to by two
list indexes: no fight state is hashed or compiled into a chain.

It asks the fight the same rounds as the general chain (referee/fights/solver.py)
and refuses what that refuses; exact fractions stay with the chain, whose
whole-number sums are faster than fractions would be here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from referee.core.errors import RefereeError
from referee.fights.solver import FightRules, comes_back, never_ends, too_many

Side = TypeVar("Side", bound=Hashable)
Round = tuple[Sequence[tuple[Any, int]], int]  # each result counted over the throws, and the throws


class Sided(FightRules[tuple[Side, Side], Any, Any], Protocol[Side]):
    """A fight whose state is the attacker's side and the defender's, each
    changed by a round's result on its own: `after(state, result)` is
    `(moved(0, attacker, result), moved(1, defender, result))`."""

    def moved(self, role: int, side: Side, result: Any) -> Side:
        """A side (role 0 the attacker, 1 the defender) after a round's result."""
        ...


class _Met(Generic[Side]):
    """One role's sides met so far, by index, each with its moves (the index of
    its next side by result) and the rounds it fights, whose results it has moved by."""

    def __init__(self, role: int, sides: Sequence[Side]) -> None:
        self.role = role
        self.sides: list[Side] = []
        self.index: dict[Side, int] = {}
        self.moves: list[dict[Any, int]] = []
        self.rounds: list[set[Any]] = []
        self.first = [self(side) for side in sides]

    def __call__(self, side: Side) -> int:
        found = self.index.get(side)
        if found is None:
            found = self.index[side] = len(self.sides)
            self.sides.append(side)
            self.moves.append({})
            self.rounds.append(set())
        return found

    def fights(self, rules: Sided[Side], i: int, key: Any, round_: Round) -> None:
        """Side i fights a round: its moves by each result, each side it moves to met."""
        self.rounds[i].add(key)
        moves, side = self.moves[i], self.sides[i]
        for result, _ in round_[0]:
            if result not in moves:
                moves[result] = self(rules.moved(self.role, side, result))


def grid(
    rules: Sided[Side],
    attackers: Sequence[Side],
    defenders: Sequence[Side],
    at_end: Callable[[tuple[Side, Side]], float],
    limit: int,
) -> tuple[list[list[float]], int]:
    """The expected value of `at_end` over where the fight ends, in floats, for
    each attacker against each defender (rows the attackers), and the number of
    pairs of sides solved: every side met against every side met."""
    attacking, defending = _Met(0, attackers), _Met(1, defenders)
    rounds: dict[Any, Round] = {}
    keys: list[list[Any]] = []  # [i][j]: the round's key, None once the fight is over
    value: list[list[float]] = []  # [i][j]: at_end where the fight is over, else the chance once swept
    # every attacking side met against every defending side met, until no pair meets a new side
    while len(keys) < len(attacking.sides) or any(len(row) < len(defending.sides) for row in keys):
        if len(attacking.sides) * len(defending.sides) > limit:
            raise RefereeError(too_many(limit))
        for i, attacker in enumerate(list(attacking.sides)):
            if i == len(keys):
                keys.append([])
                value.append([])
            row, a_rounds = keys[i], attacking.rounds[i]
            for j in range(len(row), len(defending.sides)):
                state = (attacker, defending.sides[j])
                if rules.end(state) is not None:
                    row.append(None)
                    value[i].append(float(at_end(state)))
                    continue
                key = rules.key(state)
                if key not in rounds:
                    rounds[key] = rules.round(key)
                if key not in a_rounds:
                    attacking.fights(rules, i, key, rounds[key])
                if key not in defending.rounds[j]:
                    defending.fights(rules, j, key, rounds[key])
                row.append(key)
                value[i].append(0.0)
    _sweep(keys, value, rounds, attacking.moves, defending.moves)
    rows = [[value[i][j] for j in defending.first] for i in attacking.first]
    return rows, len(attacking.sides) * len(defending.sides)


def _sweep(
    keys: list[list[Any]],
    value: list[list[float]],
    rounds: dict[Any, Round],
    attacking: list[dict[Any, int]],
    defending: list[dict[Any, int]],
) -> None:
    """Each pair's chance from the pairs it leads to, swept children first on
    both sides, so every pair a result leads to is already known; a result that
    changes neither side is divided out."""
    columns = _children_first(defending)
    for i in _children_first(attacking):
        row, values, a_moves = keys[i], value[i], attacking[i]
        for j in columns:
            key = row[j]
            if key is None:
                continue
            results, total = rounds[key]
            d_moves = defending[j]
            chance = 0.0
            for result, n in results:
                a, d = a_moves[result], d_moves[result]
                if a == i and d == j:
                    total -= n
                else:
                    chance += n * value[a][d]
            if not total:
                raise RefereeError(never_ends())
            values[j] = chance / total


def _children_first(moves: list[dict[Any, int]]) -> list[int]:
    """The sides by index, each after every side it moves to (a side that stays
    as it was is no move), depth first on an explicit stack. A side that comes
    back to itself through others may make a fight that never ends: refused,
    as the chain refuses such a fight."""
    order: list[int] = []
    done = [False] * len(moves)
    opened = [False] * len(moves)  # the path being explored, and the sides placed
    for root in range(len(moves)):
        stack = [root]
        while stack:
            side = stack.pop()
            if done[side]:
                continue
            if opened[side]:  # every side it moves to is placed
                done[side] = True
                order.append(side)
                continue
            opened[side] = True
            stack.append(side)
            for next_ in moves[side].values():
                if next_ == side or done[next_]:
                    continue
                if opened[next_]:
                    raise RefereeError(comes_back())
                stack.append(next_)
    return order
