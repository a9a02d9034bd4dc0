"""Whole-fight answers a player decides an attack on, all from one chain: the
chance to conquer, what is left (at least k units, expected survivors of each
kind), a retreat (`stop_at`), a chain of territories taken in turn, and the
chart of every count against every count.

The work is bounded before it starts: the states a request can meet are
estimated from its units, and a request past the limit is refused with the
limit and what to ask instead.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Any, Protocol

from referee.errors import RefereeError
from referee.fights.solver import ENDS, Chain, FightRules, Number
from referee.mechanics import attack_of, procedure
from referee.mechanics.base import SIDES, Battle, Step
from referee.ruleset.model import Ruleset, Situation

MAX_STATES = {True: 40_000, False: 80_000}
"""The most fight states solved in one request, in exact fractions and in floats (2-3 s here)."""
MAX_CHART = {True: 25_000, False: 60_000}
"""A chart also writes every cell: fewer states fit in the same few seconds."""


class Fought(FightRules[Any, Any, Any], Protocol):
    """What the answers read of a procedure's whole fights, besides what the
    solver asks: states from what was told, survivors, and the policy in words."""

    keep: int  # attacking units that stay home and never fight

    def start(self, battle: Battle) -> Any:
        """The first state of the fight told; refuses what the rules refuse."""
        ...

    def next_start(self, end: Any, battle: Battle) -> Any:
        """After a conquest, the attack on the next territory (`battle`'s defender) from the conquered one."""
        ...

    def pooled(self, attacker: Mapping[Any, int], defender: Mapping[Any, int]) -> Any:
        """A fight of every unit on each territory, fresh (a chart's cell), once `start` checked one like it."""
        ...

    def left(self, state: Any) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
        """Each side's units in the fight by (unit, state), the state "" for a unit
        without states; kept-behind ones aside."""
        ...

    def kinds(self) -> int:
        """How many kinds of unit fight."""
        ...

    def policy(self) -> tuple[Step, ...]:
        """The between-round policy in words, with the rule of each part."""
        ...

    def failing(self) -> tuple[Situation, ...]:
        """The situations told that can make the attack fail."""
        ...


@dataclass(frozen=True)
class FightOdds:
    """One fight, or a chain of them: how it ends and what is left."""

    exact: bool
    p_attacker_wins: Number  # every territory taken
    p_attacker_runs_out: Number
    p_attack_fails: Number
    p_attacker_stops: Number
    taken: tuple[Number, ...]  # [k - 1]: the chance to take at least the first k territories
    conquer_with: tuple[Number, ...]  # [k - 1]: the chance to conquer with at least k units left
    defender_keeps: tuple[Number, ...]  # [k - 1]: the chance the defender keeps at least k units
    expected_left: dict[str, dict[tuple[str, str], Number]]  # side -> (unit, state) -> units
    expected_losses: dict[str, Number]
    kept_behind: int
    policy: tuple[Step, ...]
    failing: tuple[Situation, ...]  # the situations that can make the attack fail
    states: int
    rounds: int

    @property
    def p_defender_holds(self) -> Number:
        return 1 - self.p_attacker_wins


def fight_rules(rules: Ruleset, battle: Battle, stop_at: int | None = None) -> Fought:
    """The procedure's whole-fight rules (a `FightRules`) for this attack."""
    _, params = attack_of(rules, battle)
    door = getattr(procedure(params), "FIGHT", None)
    if door is None:
        raise RefereeError(
            f"a {params.label} is not fought in rounds: ask for the odds of one attack, without --until or --table"
        )
    fought: Fought = importlib.import_module(door).fight_rules(rules, params, battle.when, stop_at)
    return fought


def _estimate(rules: Ruleset, counts: Sequence[Counter[str]]) -> int:
    """Fight states a request can meet, about: each side's units plus one, 2.5
    times that for a side whose units can be worn (measured on Frontline Risk:
    4 to 5.2 times (A+1)(D+1) with armour on both sides, from 30 to 190 a side)."""
    return int(prod((sum(c.values()) + 1) * (2.5 if any(rules.units[u].states for u in c) else 1) for c in counts))


def bound(
    rules: Ruleset, exact: bool, counts: Sequence[Counter[str]], instead: str, limits: Mapping[bool, int] = MAX_STATES
) -> None:
    """Refuse up front a request that would take more than a few seconds."""
    estimate, limit = _estimate(rules, counts), limits[exact]
    if estimate > limit:
        way = "add --float" if exact and estimate <= limits[False] else instead
        raise RefereeError(
            f"about {estimate:,} fight states are too many to solve {'in exact fractions ' if exact else ''}here "
            f"(at most {limit:,}): {way}"
        )


def _counts(battle: Battle, side: str) -> Counter[str]:
    counted: Counter[str] = Counter(dict(battle.side(side)))
    counted.update(dict(battle.rear(side)))
    return counted


def solve(rules: Ruleset, battles: Sequence[Battle], exact: bool, stop_at: int | None = None) -> FightOdds:
    """A fight, or territories attacked in turn (`battles` after the first give
    only the next defender): every answer from one pass over each chain."""
    first = battles[0]
    fight = fight_rules(rules, first, stop_at)
    defenders = Counter[str]()
    for battle in battles:
        defenders += _counts(battle, "defender")
    bound(rules, exact, [_counts(first, "attacker"), defenders], "ask for fewer units")
    attackers = sum(_counts(first, "attacker").values())
    if stop_at is not None and stop_at >= attackers:
        raise RefereeError(f"the attacker would stop at {stop_at} units and has {attackers}: it would never attack")
    zero: Number = Fraction(0) if exact else 0.0
    starts: dict[Any, Number] = {fight.start(first): zero + 1}
    taken: list[Number] = []
    ends: list[tuple[int, Any, Number]] = []  # (territory, state, chance): where each way of fighting stopped
    states = rounds = 0
    for stage, battle in enumerate(battles):
        if stage:
            starts = {}
            for _, end, p in ends:
                if fight.end(end) == "conquest":
                    start = fight.next_start(end, battle)
                    starts[start] = starts.get(start, zero) + p
            ends = [(s, e, p) for s, e, p in ends if fight.end(e) != "conquest"]
        chain = Chain(fight, exact, 2 * MAX_STATES[exact])  # the estimate is close: this is a safety net
        ended: dict[Any, Number] = {}
        for start, p in starts.items():
            for end, q in chain.ends(start).items():
                ended[end] = ended.get(end, zero) + p * q
        states, rounds = states + len(chain.moves), rounds + len(chain.rounds)
        taken.append(sum((p for end, p in ended.items() if fight.end(end) == "conquest"), zero))
        ends += [(stage, end, p) for end, p in ended.items()]
    defenders_told = [sum(_counts(b, "defender").values()) for b in battles]
    reached = [zero + 1, *taken[:-1]]  # the chance each territory is attacked at all
    return _summary(
        fight,
        ends,
        tuple(taken),
        zero,
        attackers,
        sum((p * n for p, n in zip(reached, defenders_told)), zero),
        (states, rounds),
    )


def _summary(
    fight: Fought,
    ends: list[tuple[int, Any, Number]],
    taken: tuple[Number, ...],
    zero: Number,
    attackers: int,
    defenders: Number,
    work: tuple[int, int],
) -> FightOdds:
    """Every answer from where the fight stopped. In a chain the attacker leaves
    its keep-behind on each territory it attacks from, and the defenders met are
    those of every territory attacked."""
    by_end = {name: zero for name in ENDS}
    left: dict[str, dict[tuple[str, str], Number]] = {side: {} for side in SIDES}
    conquer: dict[int, Number] = {}
    keeps: dict[int, Number] = {}
    kept = zero
    for stage, end, p in ends:
        why = fight.end(end)
        assert why is not None
        by_end[why] += p
        kept += p * fight.keep * (stage + 1)
        survivors = fight.left(end)
        for side, kinds in zip(SIDES, survivors):
            for kind, n in kinds.items():
                left[side][kind] = left[side].get(kind, zero) + p * n
        if why == "conquest":
            n = sum(survivors[0].values())
            conquer[n] = conquer.get(n, zero) + p
        else:
            n = sum(survivors[1].values())
            keeps[n] = keeps.get(n, zero) + p
    return FightOdds(
        exact=isinstance(zero, Fraction),
        p_attacker_wins=taken[-1],
        p_attacker_runs_out=by_end["out"],
        p_attack_fails=by_end["failed"],
        p_attacker_stops=by_end["stopped"],
        taken=taken,
        conquer_with=_at_least(conquer, zero),
        defender_keeps=_at_least(keeps, zero),
        expected_left=left,
        expected_losses={
            "attacker": attackers - kept - sum(left["attacker"].values(), zero),
            "defender": defenders - sum(left["defender"].values(), zero),
        },
        kept_behind=fight.keep,
        policy=fight.policy(),
        failing=fight.failing(),
        states=work[0],
        rounds=work[1],
    )


def _at_least(chances: dict[int, Number], zero: Number) -> tuple[Number, ...]:
    """[k - 1] = the chance of at least k, for k = 1 .. the most seen."""
    out: list[Number] = []
    running = zero
    for k in range(max(chances, default=0), 0, -1):
        running += chances.get(k, zero)
        out.append(running)
    return tuple(reversed(out))


def _number(value: Number, one: Number) -> Number:
    """A fight over before its first round is worth a plain 0 or 1: in the chart's arithmetic."""
    return one * value if isinstance(value, int) else value


@dataclass(frozen=True)
class Chart:
    """The chance to conquer for each count of attackers against each count of defenders."""

    exact: bool
    attackers: list[int]
    defenders: list[int]
    rows: list[list[Number]]
    policy: tuple[Step, ...]
    states: int


def chart(rules: Ruleset, size: int, exact: bool, when: tuple[tuple[str, str], ...] = ()) -> Chart:
    """Every count against every count from one chain (a smaller fight is a state
    of a bigger one), for a ruleset whose fight has one unit kind per side."""
    kinds = list(rules.units)
    probe = Battle(attacker=((kinds[0], 1),), defender=((kinds[0], 1),), when=when)
    fight = fight_rules(rules, probe)
    if len(kinds) != 1 or fight.kinds() != 1:
        raise RefereeError(
            f"--table needs a ruleset whose fight has one kind of unit; {rules.title} has "
            f"{len(kinds)}: ask for one fight with --until conquest"
        )
    unit = kinds[0]
    keep = fight.keep
    attackers, defenders = list(range(keep + 1, keep + size + 1)), list(range(1, size + 1))
    bound(rules, exact, [Counter({unit: attackers[-1]}), Counter({unit: size})], "ask for a smaller --table", MAX_CHART)
    fight.start(Battle(attacker=((unit, attackers[-1]),), defender=((unit, size),), when=when))
    chain = Chain(fight, exact, 2 * MAX_CHART[exact])
    cells = {}
    for a in attackers:
        for d in defenders:
            cells[a, d] = start = fight.pooled({(unit, 0): a}, {(unit, 0): d})
            chain.add(start)
    won = chain.values(lambda end: 1 if fight.end(end) == "conquest" else 0)
    one: Number = Fraction(1) if exact else 1.0
    rows = [[_number(won[cells[a, d]], one) for d in defenders] for a in attackers]
    return Chart(exact, attackers, defenders, rows, fight.policy(), len(chain.moves))
