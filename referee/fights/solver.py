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

from referee.core.errors import RefereeError
from referee.rulings.ruling import say
from referee.words.language import Grouped

State = TypeVar("State", bound=Hashable)
Key = TypeVar("Key", bound=Hashable)
Result = TypeVar("Result", bound=Hashable)
Number = Any  # Fraction when exact, float with floats
ENDS = ("conquest", "out", "failed", "stopped", "driven back")
"""Why a fight is over: the attacker conquered, ran out of units, failed by a
situation's rule (a sunk landing), stopped as told (a retreat), or was
driven back by the defender's dice (a retreat it rolled)."""


# what the solvers refuse, said once for the chain and the float sweep (referee/fights/grid.py)
def too_many(limit: int) -> str:
    return say(
        "error.fight.states",
        "this fight has more than {most:,} states, too many to solve here: ask for fewer units",
        most=Grouped(limit),
    )


def never_ends() -> str:
    return say("error.fight.stuck", "no result of this round changes anything: the fight would never end")


def comes_back() -> str:
    return say("error.fight.loops", "these rules let a fight come back to where it was: it may never end")


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
    """The states met from the starts added, compiled once into arrays: each
    state has a number, every state numbered after every state it leads to
    (a topological order), and its moves are (throws, next state's number).
    Solving is then a loop over the arrays, with no hashing of states."""

    def __init__(self, rules: FightRules[State, Key, Result], exact: bool, limit: int) -> None:
        self.rules = rules
        self.exact = exact
        self.limit = limit
        self.number: dict[State, int] = {}
        self.states: list[State] = []  # by number: children first
        # each state's moves: the number of throws that move at all (a round that changes
        # nothing is divided out), and the next states by number, counted over those throws
        self.totals: list[int] = []
        self.moves: list[tuple[tuple[int, int], ...]] = []
        self.rounds: dict[Key, tuple[Sequence[tuple[Result, int]], int]] = {}
        self._scaled: tuple[int, tuple[int, dict[int, int]] | None] = (-1, None)  # for how many states

    def add(self, *starts: State) -> None:
        """Explore every state reachable from `starts`, the first start first,
        depth first on an explicit stack, first child first; a state is numbered
        once every state it leads to is. The states opened and not yet numbered
        are the path being explored, so a state pushed twice comes off the stack
        the second time to be numbered, and a move back onto the path is a fight
        that may never end. One loop with its names bound locally, for every
        start at once: a chart adds ten thousand starts and meets ten thousand states."""
        number, states, totals, moves_of, rounds = self.number, self.states, self.totals, self.moves, self.rounds
        end, key_of, round_of, after = self.rules.end, self.rules.key, self.rules.round, self.rules.after
        limit = self.limit
        opened: dict[State, tuple[int, dict[State, int]]] = {}  # the path: each state's moves
        stack: list[State] = list(reversed(starts))
        push, pop = stack.append, stack.pop
        while stack:
            state = pop()
            if state in number:
                continue
            if state in opened:  # every state it leads to is numbered
                total, found = opened.pop(state)
                number[state] = len(states)
                states.append(state)
                totals.append(total)
                moves_of.append(tuple([(n, number[next_]) for next_, n in found.items()]))
                continue
            if len(states) + len(opened) >= limit:
                raise RefereeError(too_many(limit))
            moves: dict[State, int] = {}
            total = 0
            if end(state) is None:
                key = key_of(state)
                round_ = rounds.get(key)
                if round_ is None:
                    round_ = rounds[key] = round_of(key)
                results, total = round_
                for result, n in results:
                    next_ = after(state, result)
                    moves[next_] = moves[next_] + n if next_ in moves else n
                if state in moves:  # a result that changes nothing: play the round again
                    total -= moves.pop(state)
                    if not total:
                        raise RefereeError(never_ends())
            opened[state] = (total, moves)
            push(state)
            for next_ in reversed(moves):
                if next_ in opened:
                    raise RefereeError(comes_back())
                if next_ not in number:
                    push(next_)

    def _scale(self) -> tuple[int, dict[int, int]] | None:
        """A base every round's number of throws is a power of (6 for six-sided
        dice), with each number's exponent: exact chances are then whole numbers
        over a power of the base, summed without a single gcd."""
        if self._scaled[0] != len(self.states):
            self._scaled = (len(self.states), self._find_scale())
        return self._scaled[1]

    def _find_scale(self) -> tuple[int, dict[int, int]] | None:
        totals = set(self.totals) - {0}
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
        first = self.number[start]
        scale = self._scale() if self.exact else None
        if scale:
            return self._exact_ends(first, *scale)
        mass: list[Number] = [None] * (first + 1)
        mass[first] = Fraction(1) if self.exact else 1.0
        out: dict[State, Number] = {}
        totals, moves_of, states = self.totals, self.moves, self.states
        for i in range(first, -1, -1):
            p = mass[i]
            if p is None:
                continue
            moves = moves_of[i]
            if not moves:
                out[states[i]] = p
                continue
            share = p / totals[i]
            for n, j in moves:
                m = mass[j]
                mass[j] = share * n if m is None else m + share * n
        return out

    def _exact_ends(self, first: int, base: int, exponents: dict[int, int]) -> dict[State, Number]:
        """`ends` in whole numbers: a chance is n / base**e, kept as n and e."""
        powers = [1]
        mass: list[int] = [0] * (first + 1)
        scale: list[int] = [0] * (first + 1)
        mass[first] = 1
        out: dict[State, Number] = {}
        totals, moves_of, states = self.totals, self.moves, self.states
        for i in range(first, -1, -1):
            n = mass[i]
            if not n:
                continue
            e = scale[i]
            moves = moves_of[i]
            if not moves:
                while len(powers) <= e:
                    powers.append(powers[-1] * base)
                out[states[i]] = Fraction(n, powers[e])
                continue
            e_after = e + exponents[totals[i]]
            while len(powers) <= e_after:
                powers.append(powers[-1] * base)
            for count, j in moves:
                m = mass[j]
                if not m:
                    mass[j], scale[j] = n * count, e_after
                elif (f := scale[j]) < e_after:
                    mass[j], scale[j] = m * powers[e_after - f] + n * count, e_after
                else:
                    mass[j] = m + n * count * powers[f - e_after]
        return out

    def values(self, at_end: Callable[[State], int]) -> dict[State, Number]:
        """The expected value of `at_end` (a whole number) over where the fight
        ends, from every state met."""
        return dict(zip(self.states, self.numbered_values(at_end)))

    def numbered_values(self, at_end: Callable[[State], int]) -> list[Number]:
        """`values` by state number: one pass over the arrays, children first."""
        scale = self._scale() if self.exact else None
        if scale:
            return self._exact_values(at_end, *scale)
        value: list[Number] = []
        append = value.append
        exact = self.exact
        for state, total, moves in zip(self.states, self.totals, self.moves):
            if not moves:
                append(at_end(state))
            elif exact:
                append(sum([n * value[j] for n, j in moves], Fraction(0)) / total)
            else:
                append(sum([n * value[j] for n, j in moves]) / total)
        return value

    def _exact_values(self, at_end: Callable[[State], int], base: int, exponents: dict[int, int]) -> list[Number]:
        """`values` in whole numbers: a value is n / base**e, kept as n and e until the end."""
        powers = [1]
        tops: list[int] = []  # each state's e
        tops_append = tops.append
        scaled: list[int] = []  # each state's n
        scaled_append = scaled.append
        for state, total, moves in zip(self.states, self.totals, self.moves):
            if not moves:
                scaled_append(at_end(state))
                tops_append(0)
                continue
            k = exponents[total]
            top = max([tops[j] for _, j in moves]) + k
            while len(powers) <= top:
                powers.append(powers[-1] * base)
            scaled_append(sum([count * scaled[j] * powers[top - k - tops[j]] for count, j in moves]))
            tops_append(top)
        return [Fraction(n, powers[e]) for n, e in zip(scaled, tops)]
