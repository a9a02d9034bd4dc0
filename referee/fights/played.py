"""A whole fight played at the table, round after round, on dice typed for
each round (rounds apart by ';') or drawn by the referee: each round is the
attack ruled by the door on the units left, through the same `settle` as
one `battle`, and its result moves the fight as the odds' solver moves it,
until the fight ends: a side has nothing left, a retreat ends it, the
attacker is down to where it was told to stop, or a situation's rule fails
the attack. Territories told in turn are fought one after the other, as the
odds' chain fights them. The first round draws from the seed itself, so a
fight over in one round is that `battle`; round k draws from a seed made of
the seed and k, so every round draws its own dice and one seed repeats them all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from referee.chance.dice import new_seed, seed_of
from referee.core.errors import RefereeError
from referee.core.records import record
from referee.fights.answers import MOVE_ON, Fought, Territories, fight_rules, stops_before
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.rulings.ruling import Side, Step, say, say_n, step_n
from referee.settle.rolling import Settled, settle

MAX_ROUNDS = 2000
"""The most rounds one fight is played for: far past a blitz of a thousand armies a side,
whose every round costs one of them; a fight whose dice keep changing nothing stops there, said so."""
ROUNDS_APART = ";"

Left = tuple[tuple[tuple[str, str], int], ...]
"""A side's units in the fight: each (unit, state) with its count, the state "" when fresh or stateless."""
Forces = tuple[Left, Left]  # the attacker's, the defender's


@record
class Played:
    """The rounds as ruled (each its battle and its settled ruling, the territory
    it was fought for and each side's units before and after it), why the fight
    ended and how that is said, each side's units left, the fight's seed where
    the referee drew, and the between-round policy in words."""

    battles: tuple[Battle, ...]
    rounds: tuple[Settled, ...]
    end: str
    verdict: tuple[Step, ...]  # in a chain the territories taken, then how it ended
    left: Forces
    seed: int | None
    typed: tuple[str, ...]  # the groups typed in any round
    policy: tuple[Step, ...]
    territory: tuple[int, ...] = ()  # [round]: the territory fought for, from 0
    before: tuple[Forces, ...] = ()  # [round]: each side's units as it began
    after: tuple[Forces, ...] = ()  # [round]: each side's units once it was ruled
    taken: int = 0  # territories conquered
    kept: int = 0  # the attacker's units that stay behind on each territory it attacks from
    kept_rule: str = ""
    stop_at: int | None = None  # the attacker stops when down to this many units, where told


def round_seed(seed: int, number: int) -> int:
    """The seed round `number` (from 1) draws its dice from."""
    return seed if number == 1 else seed_of(f"{seed} round {number}".encode())


def play(
    rules: Ruleset,
    battles: Sequence[Battle],
    typed: Mapping[str, str],
    seed: int | None,
    stop_at: int | None = None,
) -> Played:
    """Play the fight told, on the rounds typed for each group, drawing the rest:
    `battles` after the first give the next territories' defenders, attacked in
    turn as the odds' chain attacks them (`Territories`)."""
    stops_before(stop_at, battles[0])
    fight = fight_rules(rules, battles[0], stop_at)
    chain = Territories(fight, battles)
    state: tuple[int, Any] = (0, fight.start(battles[0]))
    parts = {group: text.split(ROUNDS_APART) for group, text in typed.items()}
    base = new_seed() if seed is None else seed
    round_battles: list[Battle] = []
    rounds: list[Settled] = []
    territory: list[int] = []
    before: list[Forces] = []
    after: list[Forces] = []
    while (end := chain.end(state)) is None:
        stage, inner = state
        if fight.end(inner) == "conquest":  # a territory taken short of the last: on to the next
            state = chain.after(state, MOVE_ON)
            continue
        if len(rounds) == MAX_ROUNDS:
            raise RefereeError(
                say_n(
                    "error.fight.endless",
                    "this fight has not ended after {n} round: no more are played",
                    "this fight has not ended after {n} rounds: no more are played",
                    MAX_ROUNDS,
                )
            )
        now = fight.round_battle(inner)
        number = len(rounds) + 1
        this_round = {group: said[number - 1] for group, said in parts.items() if number <= len(said)}
        try:
            settled = settle(rules, now, this_round, round_seed(base, number))
        except RefereeError as refused:
            raise RefereeError(
                say("error.fight.in_round", "round {n}: {refused}", n=number, refused=refused.text), rule=refused.rule
            ) from None
        round_battles.append(now)
        rounds.append(settled)
        territory.append(stage)
        before.append(forces(fight, inner))
        state = chain.after(state, fight.round_result(settled.ruling.outcome))
        after.append(forces(fight, state[1]))
    for group, said in parts.items():
        if len(said) > len(rounds):
            raise RefereeError(
                say_n(
                    "error.fight.typed_past_end",
                    "the fight ended after {n} round, but {typed} were typed for the {side}",
                    "the fight ended after {n} rounds, but {typed} were typed for the {side}",
                    len(rounds),
                    typed=say_n("count.rounds", "{n} round", "{n} rounds", len(said)),
                    side=Side(group) if group in (Side.ATTACKER, Side.DEFENDER) else group,
                )
            )
    taken = state[0] + (end == "conquest")
    drew = any(settled.seed is not None for settled in rounds)
    left = forces(fight, state[1])
    failing = fight.failing() if end == "failed" else ()
    ended = verdict(failing[0].rule if failing else fight.rule, end, len(rounds), bool(left[1]))
    return Played(
        battles=tuple(round_battles),
        rounds=tuple(rounds),
        end=end,
        verdict=(*territories_taken(fight.rule, taken, len(battles)), ended),  # the ending last, as the log reads it
        left=left,
        seed=base if drew else None,
        typed=tuple(parts),
        policy=fight.policy(),
        territory=tuple(territory),
        before=tuple(before),
        after=tuple(after),
        taken=taken,
        kept=fight.keep,
        kept_rule=fight.keep_rule,
        stop_at=stop_at,
    )


def forces(fight: Fought, state: Any) -> Forces:
    """Each side's units in a fight state, kept-behind ones aside."""
    attacker, defender = fight.left(state)
    return (_left(attacker), _left(defender))


def _left(side: Counter[tuple[str, str]]) -> Left:
    return tuple((kind, n) for kind, n in side.items() if n)


def territories_taken(rule: str, taken: int, told: int) -> tuple[Step, ...]:
    """In a chain, how many of the territories told were taken in turn; nothing for one territory."""
    if told == 1:
        return ()
    return (
        step_n(
            rule,
            "fight.verdict.territories",
            "{taken} of the {n} territory taken in turn",
            "{taken} of the {n} territories taken in turn",
            told,
            taken=taken,
        ),
    )


def verdict(rule: str, end: str, rounds: int, defender_left: bool) -> Step:
    """How the fight ended: the defender gone or retreated; the attacker beaten,
    driven back, stopped as told, or failed by a situation's rule."""
    if end == "conquest" and defender_left:
        return step_n(
            rule,
            "fight.verdict.retreated",
            "after {n} round the defender retreats and gives up the ground: the attacker conquers",
            "after {n} rounds the defender retreats and gives up the ground: the attacker conquers",
            rounds,
        )
    if end == "conquest":
        return step_n(
            rule,
            "fight.verdict.conquest",
            "after {n} round the defender has nothing left: the attacker conquers",
            "after {n} rounds the defender has nothing left: the attacker conquers",
            rounds,
        )
    if end == "driven back":
        return step_n(
            rule,
            "fight.verdict.driven_back",
            "after {n} round the attacker is driven back: the defender holds",
            "after {n} rounds the attacker is driven back: the defender holds",
            rounds,
        )
    if end == "stopped":
        return step_n(
            rule,
            "fight.verdict.stopped",
            "after {n} round the attacker stops as told: the defender holds",
            "after {n} rounds the attacker stops as told: the defender holds",
            rounds,
        )
    if end == "failed":
        return step_n(
            rule,
            "fight.verdict.failed",
            "after {n} round the attack has failed: the defender holds",
            "after {n} rounds the attack has failed: the defender holds",
            rounds,
        )
    return step_n(
        rule,
        "fight.verdict.out",
        "after {n} round the attacker has nothing left: the defender holds",
        "after {n} rounds the attacker has nothing left: the defender holds",
        rounds,
    )
