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

from collections.abc import Callable, Hashable, Iterator, Sequence
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
        # each state's moves: the next states counted over its round's throws, and the
        # number of throws that move at all (a round that changes nothing is divided out)
        self.moves: dict[State, tuple[int, list[tuple[int, State]]]] = {}
        self.order: list[State] = []
        self.rounds: dict[Key, tuple[Sequence[tuple[Result, int]], int]] = {}
        self._scaled: tuple[int, tuple[int, dict[int, int]] | None] = (-1, None)  # for how many states

    def add(self, start: State) -> None:
        """Explore every state reachable from `start`, depth first on an explicit
        stack; each state's round is read and its moves worked out on first visit.
        One loop with its names bound locally: a chart meets ten thousand states."""
        moves_of, rounds, order, limit = self.moves, self.rounds, self.order, self.limit
        end, key_of, round_of, after = self.rules.end, self.rules.key, self.rules.round, self.rules.after
        if start in moves_of:
            return
        open_: set[State] = {start}
        stack: list[tuple[State, Iterator[State] | None]] = [(start, None)]
        while stack:
            state, children = stack[-1]
            if children is None:
                if len(moves_of) >= limit:
                    raise RefereeError(
                        f"this fight has more than {limit:,} states, too many to solve here: ask for fewer units"
                    )
                moves: dict[State, int] = {}
                total = 0
                if end(state) is None:
                    key = key_of(state)
                    if key not in rounds:
                        rounds[key] = round_of(key)
                    counted, total = rounds[key]
                    for result, n in counted:
                        next_ = after(state, result)
                        moves[next_] = moves[next_] + n if next_ in moves else n
                    if state in moves:  # a result that changes nothing: play the round again
                        total -= moves.pop(state)
                        if not total:
                            raise RefereeError("no result of this round changes anything: the fight would never end")
                moves_of[state] = (total, [(n, next_) for next_, n in moves.items()])
                children = iter(moves)
                stack[-1] = (state, children)
            for child in children:
                if child not in moves_of:
                    open_.add(child)
                    stack.append((child, None))
                    break
                if child in open_:
                    raise RefereeError("these rules let a fight come back to where it was: it may never end")
            else:
                stack.pop()
                open_.discard(state)
                order.append(state)

    def _scale(self) -> tuple[int, dict[int, int]] | None:
        """A base every round's number of throws is a power of (6 for six-sided
        dice), with each number's exponent: exact chances are then whole numbers
        over a power of the base, summed without a single gcd."""
        if self._scaled[0] != len(self.moves):
            self._scaled = (len(self.moves), self._find_scale())
        return self._scaled[1]

    def _find_scale(self) -> tuple[int, dict[int, int]] | None:
        totals = {total for total, _ in self.moves.values() if total}
        base = min(totals - {1}, default=2)  # a move that always happens counts 1 throw: base**0
        for k in range(base.bit_length(), 1, -1):
            root = round(base ** (1 / k))
            if root**k == base:
                base = root
                break
        exponents = {}
        for total in totals:
            k, power = 0, 1
            while power < total:
                power, k = power * base, k + 1
            if power != total:
                return None
            exponents[total] = k
        return base, exponents

    def ends(self, start: State) -> dict[State, Number]:
        """Every state the fight from `start` can end in, with its chance."""
        self.add(start)
        scale = self._scale() if self.exact else None
        if scale:
            return self._exact_ends(start, *scale)
        mass: dict[State, Number] = {start: Fraction(1) if self.exact else 1.0}
        out: dict[State, Number] = {}
        for state in reversed(self.order):
            if state not in mass:
                continue
            p = mass.pop(state)
            total, moves = self.moves[state]
            if not moves:
                out[state] = p
                continue
            share = p / total
            for n, after in moves:
                mass[after] = mass[after] + share * n if after in mass else share * n
            if not mass:
                break
        return out

    def _exact_ends(self, start: State, base: int, exponents: dict[int, int]) -> dict[State, Number]:
        """`ends` in whole numbers: a chance is (n, e) for n / base**e."""
        powers = [1]
        mass: dict[State, tuple[int, int]] = {start: (1, 0)}
        out: dict[State, Number] = {}
        for state in reversed(self.order):
            if state not in mass:
                continue
            n, e = mass.pop(state)
            total, moves = self.moves[state]
            if not moves:
                while len(powers) <= e:
                    powers.append(powers[-1] * base)
                out[state] = Fraction(n, powers[e])
                continue
            e_after = e + exponents[total]
            while len(powers) <= e_after:
                powers.append(powers[-1] * base)
            for count, after in moves:
                if after in mass:
                    m, f = mass[after]
                    if f < e_after:
                        mass[after] = (m * powers[e_after - f] + n * count, e_after)
                    else:
                        mass[after] = (m + n * count * powers[f - e_after], f)
                else:
                    mass[after] = (n * count, e_after)
            if not mass:
                break
        return out

    def values(self, at_end: Callable[[State], int]) -> dict[State, Number]:
        """The expected value of `at_end` (a whole number) over where the fight
        ends, from every state met."""
        scale = self._scale() if self.exact else None
        if not scale:
            value: dict[State, Number] = {}
            for state in self.order:
                total, moves = self.moves[state]
                if not moves:
                    value[state] = at_end(state)
                elif self.exact:
                    value[state] = sum((n * value[after] for n, after in moves), Fraction(0)) / total
                else:
                    value[state] = sum(n * value[after] for n, after in moves) / total
            return value
        base, exponents = scale
        powers = [1]
        scaled: dict[State, tuple[int, int]] = {}  # (n, e) for n / base**e
        for state in self.order:
            total, moves = self.moves[state]
            if not moves:
                scaled[state] = (at_end(state), 0)
                continue
            k = exponents[total]
            top = max(scaled[after][1] for _, after in moves) + k
            while len(powers) <= top:
                powers.append(powers[-1] * base)
            n = 0
            for count, after in moves:
                m, f = scaled[after]
                n += count * m * powers[top - k - f]
            scaled[state] = (n, top)
        while len(powers) <= max((e for _, e in scaled.values()), default=0):
            powers.append(powers[-1] * base)
        return {state: Fraction(n, powers[e]) for state, (n, e) in scaled.items()}
