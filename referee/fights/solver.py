"""The whole-fight solver, general over procedures: a fight is a Markov chain
over fight states, and the solver needs only what `FightRules` asks of a
procedure. States are explored without recursion and solved in topological
order (every state after the states it leads to), so a fight of any length
needs no recursion limit; a round that may change nothing is a self-loop,
divided out exactly.

Each round distribution is asked once per key (what decides the round) and
reused by every state with that key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from referee.errors import RefereeError

State = TypeVar("State", bound=Hashable)
Key = TypeVar("Key", bound=Hashable)
Result = TypeVar("Result", bound=Hashable)
Number = Any  # Fraction when exact, float with floats
ENDS = ("conquest", "out", "failed", "stopped")
"""Why a fight is over: the attacker conquered, ran out of units, failed by a
situation's rule (a sunk landing), or stopped as told (a retreat)."""


class FightRules(Protocol[State, Key, Result]):
    """What the solver asks of a procedure that fights in rounds. The procedure
    turns what the players told into a state (its own `start`), and the
    between-round policy of the ruleset lives in `after`."""

    def end(self, state: State) -> str | None:
        """One of ENDS when the fight is over at this state, else None."""
        ...

    def key(self, state: State) -> Key:
        """What decides the next round: states with equal keys roll the same round."""
        ...

    def round(self, key: Key) -> tuple[Sequence[tuple[Result, int]], int]:
        """Each result of the round counted over the ordered throws, and the number of throws."""
        ...

    def after(self, state: State, result: Result) -> State:
        """The next state: the round's result applied, then the between-round policy."""
        ...


class Chain(Generic[State, Key, Result]):
    """The states met from the starts added, with their transitions, in an
    order where every state comes after every state it leads to."""

    def __init__(self, rules: FightRules[State, Key, Result], exact: bool, limit: int) -> None:
        self.rules = rules
        self.exact = exact
        self.limit = limit
        self.moves: dict[State, list[tuple[Number, State]]] = {}
        self.order: list[State] = []
        self.rounds: dict[Key, list[tuple[Result, Number]]] = {}

    def add(self, start: State) -> None:
        """Explore every state reachable from `start`, depth first on an explicit stack."""
        if start in self.moves:
            return
        open_: set[State] = {start}
        stack = [(start, iter(self._expand(start)))]
        while stack:
            state, children = stack[-1]
            for child in children:
                if child not in self.moves:
                    open_.add(child)
                    stack.append((child, iter(self._expand(child))))
                    break
                if child in open_:
                    raise RefereeError("these rules let a fight come back to where it was: it may never end")
            else:
                stack.pop()
                open_.discard(state)
                self.order.append(state)

    def _expand(self, state: State) -> list[State]:
        if len(self.moves) >= self.limit:
            raise RefereeError(f"this fight has more than {self.limit:,} states: too many to solve here")
        if self.rules.end(state) is not None:
            self.moves[state] = []
            return []
        key = self.rules.key(state)
        if key not in self.rounds:
            counted, total = self.rules.round(key)
            self.rounds[key] = [(r, Fraction(n, total) if self.exact else n / total) for r, n in counted]
        moves: dict[State, Number] = {}
        for result, p in self.rounds[key]:
            after = self.rules.after(state, result)
            moves[after] = moves.get(after, 0) + p
        stay = moves.pop(state, 0)
        if stay == 1:
            raise RefereeError("no result of this round changes anything: the fight would never end")
        if stay:
            moves = {s: p / (1 - stay) for s, p in moves.items()}
        self.moves[state] = list(zip(moves.values(), moves))
        return list(moves)

    def ends(self, start: State) -> dict[State, Number]:
        """Every state the fight from `start` can end in, with its chance."""
        self.add(start)
        zero: Number = Fraction(0) if self.exact else 0.0
        mass: dict[State, Number] = {start: zero + 1}
        out: dict[State, Number] = {}
        for state in reversed(self.order):
            if state not in mass:
                continue
            p = mass.pop(state)
            moves = self.moves[state]
            if not moves:
                out[state] = p
            for chance, after in moves:
                mass[after] = mass.get(after, zero) + p * chance
            if not mass:
                break
        return out

    def values(self, at_end: Callable[[State], Number]) -> dict[State, Number]:
        """The expected value of `at_end` over where the fight ends, from every state met."""
        value: dict[State, Number] = {}
        for state in self.order:
            moves = self.moves[state]
            value[state] = sum((p * value[s] for p, s in moves), 0) if moves else at_end(state)
        return value
