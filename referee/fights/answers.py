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
from fractions import Fraction
from math import prod
from typing import Any, Protocol

from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.fights.grid import grid
from referee.fights.solver import ENDS, Chain, FightRules, Number
from referee.procedures.door import attack_of, procedure
from referee.ruleset.model import Ruleset, Situation
from referee.rulings.battle import Battle
from referee.rulings.ruling import SIDES, Step, say
from referee.words.language import Grouped
from referee.words.names import article

MAX_STATES = {True: 40_000, False: 80_000}
"""The most fight states solved in one request, in exact fractions and in floats (2-3 s here)."""
MAX_CHART = {True: 25_000, False: 60_000}
"""A chart also writes every cell: fewer states fit in the same few seconds."""


class Fought(FightRules[Any, Any, Any], Protocol):
    """What the answers read of a procedure's whole fights, besides what the
    solver asks: states from what was told, survivors, and the policy in words;
    and what a fight played round by round on real dice asks (referee/fights/played.py)."""

    keep: int  # units that stay home and never fight, besides the attacking ones told
    keep_rule: str  # the rule that keeps them there
    rule: str  # the rule a fight played cites for how it ended

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

    def moved(self, role: int, side: Any, result: Any) -> Any:
        """A side on its own after a round's result: a state is (attacker's side, defender's side)."""
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

    def round_battle(self, state: Any) -> Battle:
        """For a fight played: the attack a round of this state is, as `battle` is told it."""
        ...

    def round_result(self, outcome: Any) -> Any:
        """For a fight played: what of a round's ruling moves the fight, as `after` takes it."""
        ...


@record
class FightOdds:
    """One fight, or a chain of them: how it ends and what is left."""

    exact: bool
    p_attacker_wins: Number  # every territory taken
    p_attacker_runs_out: Number
    p_attack_fails: Number
    p_attacker_stops: Number
    p_attacker_driven_back: Number
    taken: tuple[Number, ...]  # [k - 1]: the chance to take at least the first k territories
    conquer_with: tuple[Number, ...]  # [k - 1]: the chance to conquer with at least k units left
    defender_keeps: tuple[Number, ...]  # [k - 1]: the chance the defender keeps at least k units
    expected_left: dict[str, dict[tuple[str, str], Number]]  # side -> (unit, state) -> units
    expected_losses: dict[str, Number]
    kept_behind: int
    kept_rule: str
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
    door = procedure(params).fight
    if door is None:
        raise RefereeError(
            say(
                "error.fight.no_rounds",
                "{attack} is not fought in rounds: ask for the odds of one attack, without {until} or {table}",
                attack=article(params.label),
                label=params.label,
                until=setting("until"),
                table=setting("table"),
            )
        )
    fought: Fought = importlib.import_module(door).fight_rules(rules, params, battle.when, stop_at)
    return fought


def _estimate(rules: Ruleset, counts: Sequence[Counter[str]]) -> int:
    """Fight states a request can meet, about: each side's units plus one, 2.5
    times that for a side whose units can be worn (measured on Frontline Risk:
    4 to 5.2 times (A+1)(D+1) with armour on both sides, from 30 to 190 a side)."""
    return int(prod((sum(c.values()) + 1) * (2.5 if any(rules.units[u].states for u in c) else 1) for c in counts))


def bound(exact: bool, estimate: int, instead: str, limits: Mapping[bool, int] = MAX_STATES) -> None:
    """Refuse up front a request that would take more than a few seconds."""
    limit = limits[exact]
    if estimate > limit:
        way = (
            say("error.fight.add_float", "add {float}", float=setting("float"))
            if exact and estimate <= limits[False]
            else instead
        )
        raise RefereeError(
            say(
                "error.fight.too_big_exact",
                "about {estimate:,} fight states are too many to solve in exact fractions here "
                "(at most {most:,}): {way}",
                estimate=Grouped(estimate),
                most=Grouped(limit),
                way=way,
            )
            if exact
            else say(
                "error.fight.too_big",
                "about {estimate:,} fight states are too many to solve here (at most {most:,}): {way}",
                estimate=Grouped(estimate),
                most=Grouped(limit),
                way=way,
            )
        )


def _counts(battle: Battle, side: str) -> Counter[str]:
    counted: Counter[str] = Counter(dict(battle.side(side)))
    counted.update(dict(battle.rear(side)))
    return counted


MOVE_ON = "move on"  # the round key of a conquest that leads to the next territory


class Territories:
    """Territories attacked in turn as one Markov chain over (territory, fight
    state): a conquest short of the last territory is not an end but a sure
    move onto the next one (`Fought.next_start`), so one pass over one chain
    answers every territory."""

    def __init__(self, fight: Fought, battles: Sequence[Battle]) -> None:
        self.fight, self.battles, self.last = fight, battles, len(battles) - 1

    def end(self, state: tuple[int, Any]) -> str | None:
        stage, inner = state
        why = self.fight.end(inner)
        return None if why == "conquest" and stage < self.last else why

    def key(self, state: tuple[int, Any]) -> Any:
        inner = state[1]
        return MOVE_ON if self.fight.end(inner) == "conquest" else self.fight.key(inner)

    def round(self, key: Any) -> tuple[Sequence[tuple[Any, int]], int]:
        return ([(MOVE_ON, 1)], 1) if key == MOVE_ON else self.fight.round(key)

    def after(self, state: tuple[int, Any], result: Any) -> tuple[int, Any]:
        stage, inner = state
        if result == MOVE_ON:
            return (stage + 1, self.fight.next_start(inner, self.battles[stage + 1]))
        return (stage, self.fight.after(inner, result))


def stops_before(stop_at: int | None, battle: Battle) -> None:
    """Refuse a stop the attacker is already at, its units counted as told: it would never attack."""
    attackers = sum(_counts(battle, "attacker").values())
    if stop_at is not None and stop_at >= attackers:
        raise RefereeError(
            say(
                "error.fight.never_attacks",
                "the attacker would stop at {stop} units and has {units}: it would never attack",
                stop=stop_at,
                units=attackers,
            )
        )


def solve(rules: Ruleset, battles: Sequence[Battle], exact: bool, stop_at: int | None = None) -> FightOdds:
    """A fight, or territories attacked in turn (`battles` after the first give
    only the next defender): every answer from one pass over one chain."""
    first = battles[0]
    fight = fight_rules(rules, first, stop_at)
    attacking = _counts(first, "attacker")
    attackers = sum(attacking.values())
    # each territory is a fight of its own, at most as big as the first attacker against it
    estimate = sum(_estimate(rules, [attacking, _counts(b, "defender")]) for b in battles)
    fewer = (
        say("error.fight.fewer_units", "ask for fewer units")
        if len(battles) == 1
        else say("error.fight.fewer_territories", "ask for fewer units or territories")
    )
    bound(exact, estimate, fewer)
    stops_before(stop_at, first)
    chain = Chain(Territories(fight, battles), exact, 2 * MAX_STATES[exact])  # the estimate is close: a safety net
    ends = [(stage, inner, p) for (stage, inner), p in chain.ends((0, fight.start(first))).items()]
    zero: Number = Fraction(0) if exact else 0.0
    gone = [zero] * (len(battles) + 1)  # [k]: the chance the attack ends having taken k territories
    for stage, inner, p in ends:
        gone[stage + (fight.end(inner) == "conquest")] += p
    taken = tuple(sum(gone[k:], zero) for k in range(1, len(battles) + 1))
    defenders_told = [sum(_counts(b, "defender").values()) for b in battles]
    reached = [zero + 1, *taken[:-1]]  # the chance each territory is attacked at all
    told = {side.value: [unit for b in battles for unit in _counts(b, side)] for side in SIDES}
    return _summary(
        fight,
        ends,
        taken,
        zero,
        attackers,
        sum((p * n for p, n in zip(reached, defenders_told)), zero),
        (len(chain.moves), len(chain.rounds.keys() - {MOVE_ON})),
        told,
    )


def _as_told(left: dict[tuple[str, str], Number], told: Sequence[str]) -> dict[tuple[str, str], Number]:
    """Kinds of unit in the order their units were told, each unit's states as met."""
    first = {unit: i for i, unit in reversed(list(enumerate(told)))}
    return dict(sorted(left.items(), key=lambda item: first.get(item[0][0], len(first))))


def _summary(
    fight: Fought,
    ends: list[tuple[int, Any, Number]],
    taken: tuple[Number, ...],
    zero: Number,
    attackers: int,
    defenders: Number,
    work: tuple[int, int],
    told: Mapping[str, Sequence[str]],
) -> FightOdds:
    """Every answer from where the fight stopped. In a chain the attacker leaves
    its keep-behind on each conquered territory it attacks the next from (the
    one it first attacks from holds its own, never told), and the defenders met are
    those of every territory attacked. What is left is listed in the order the
    units were told, whatever order the fight's states were met in."""
    by_end = {name: zero for name in ENDS}
    left: dict[str, dict[tuple[str, str], Number]] = {side: {} for side in SIDES}
    conquer: dict[int, Number] = {}
    keeps: dict[int, Number] = {}
    kept = zero
    for stage, end, p in ends:
        why = fight.end(end)
        assert why is not None
        by_end[why] += p
        kept += p * fight.keep * stage
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
        p_attacker_driven_back=by_end["driven back"],
        taken=taken,
        conquer_with=_at_least(conquer, zero),
        defender_keeps=_at_least(keeps, zero),
        expected_left={side: _as_told(kinds, told[side]) for side, kinds in left.items()},
        expected_losses={
            "attacker": attackers - kept - sum(left["attacker"].values(), zero),
            "defender": defenders - sum(left["defender"].values(), zero),
        },
        kept_behind=fight.keep,
        kept_rule=fight.keep_rule,
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


@record
class Chart:
    """The chance to conquer for each count of attackers against each count of defenders, in the attack they make."""

    attack: str
    exact: bool
    attackers: list[int]
    defenders: list[int]
    rows: list[list[Number]]
    policy: tuple[Step, ...]
    states: int
    kept_behind: int  # units on the attacking territory besides each row's attackers
    kept_rule: str


def chartable(
    rules: Ruleset, when: tuple[tuple[str, str], ...] = (), values: tuple[tuple[str, str, int], ...] = ()
) -> Fought:
    """The fight a chart plays, refused before anything else is asked of the
    chart when the ruleset's fight has more than one kind of unit (a chart
    counts units, so it cannot say which)."""
    kinds = list(rules.units)
    probe = Battle(attacker=((kinds[0], 1),), defender=((kinds[0], 1),), when=when, values=values)
    fight = fight_rules(rules, probe)
    if len(kinds) != 1 or fight.kinds() != 1:
        raise RefereeError(
            say(
                "error.fight.chart_kinds",
                "{table} needs a ruleset whose fight has one kind of unit; {game} has {kinds}: leave out {table} "
                "and ask for one whole fight, e.g. {attacker} 2 {defender} 2 {until} conquest",
                table=setting("table"),
                game=rules.spoken_title,
                kinds=len(kinds),
                attacker=setting("attacker"),
                defender=setting("defender"),
                until=setting("until"),
            )
        )
    return fight


def chart(
    rules: Ruleset,
    size: int,
    exact: bool,
    when: tuple[tuple[str, str], ...] = (),
    values: tuple[tuple[str, str, int], ...] = (),
) -> Chart:
    """Every count against every count from one solve (a smaller fight is a state
    of a bigger one), for a ruleset whose fight has one unit kind per side. Rows
    count the attacking units, as --attacker does; the territory holds the
    keep-behind besides. Exact fractions come from the chain, floats from the
    sweep over each side against each side (referee/fights/grid.py)."""
    fight = chartable(rules, when, values)
    unit = next(iter(rules.units))
    keep = fight.keep
    counts = list(range(1, size + 1))
    estimate = _estimate(rules, [Counter({unit: size + keep}), Counter({unit: size})])
    bound(
        exact,
        estimate,
        say("error.fight.smaller_chart", "ask for a smaller {table}", table=setting("table")),
        MAX_CHART,
    )
    biggest = Battle(attacker=((unit, size),), defender=((unit, size),), when=when, values=values)
    fight.start(biggest)
    # a cell is an attacking side against a defending side: each count's sides found once
    pools = {n: {(unit, 0): n} for n in range(1, size + keep + 1)}
    attacking, defending = zip(*(fight.pooled(pools[n + keep], pools[n]) for n in counts))
    limit = 2 * MAX_CHART[exact]  # the estimate is close: a safety net

    def won(end: Any) -> int:
        return 1 if fight.end(end) == "conquest" else 0

    if exact:
        chain = Chain(fight, exact, limit)
        # the biggest fight first: it meets most smaller ones as its states
        chain.add(*((a, d) for a in reversed(attacking) for d in reversed(defending)))
        won_from, one = chain.values(won), Fraction(1)
        rows = [[_number(won_from[a, d], one) for d in defending] for a in attacking]
        states = len(chain.moves)
    else:
        rows, states = grid(fight, attacking, defending, won, limit)
    return Chart(
        attack_of(rules, biggest)[0], exact, counts, counts, rows, fight.policy(), states, keep, fight.keep_rule
    )
