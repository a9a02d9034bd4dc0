"""A whole fight played at the table, round after round, on dice typed for
each round (rounds apart by ';') or drawn by the referee: each round is the
attack ruled by the door on the units left, through the same `settle` as
one `battle`, and its result moves the fight as the odds' solver moves it,
until the fight ends. The first round draws from the seed itself, so a fight
over in one round is that `battle`; round k draws from a seed made of the
seed and k, so every round draws its own dice and one seed repeats them all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast

from referee.chance.dice import new_seed, seed_of
from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.fights.answers import Fought, fight_rules
from referee.procedures.base import Battle, Units
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Side, Step, say, say_n, step_n
from referee.settle.rolling import Settled, settle

MAX_ROUNDS = 100
"""The most rounds one fight is played for: a fight whose dice keep changing nothing stops there, said so."""
ROUNDS_APART = ";"


class Playable(Fought, Protocol):
    """A procedure's whole fight that can be played round by round: each state's
    attack as a battle, what of a round's ruling moves the fight, and the rule
    that says how a fight ends."""

    rule: str

    def round_battle(self, state: Any) -> Battle: ...

    def round_result(self, outcome: Any) -> Any: ...


@record
class Played:
    """The rounds as ruled (each its battle and its settled ruling), why the
    fight ended and how that is said, each side's units left, the fight's seed
    where the referee drew, and the between-round policy in words."""

    battles: tuple[Battle, ...]
    rounds: tuple[Settled, ...]
    end: str
    verdict: Step
    left: tuple[Units, Units]
    seed: int | None
    typed: tuple[str, ...]  # the groups typed in any round
    policy: tuple[Step, ...]


def round_seed(seed: int, number: int) -> int:
    """The seed round `number` (from 1) draws its dice from."""
    return seed if number == 1 else seed_of(f"{seed} round {number}".encode())


def play(rules: Ruleset, battle: Battle, typed: Mapping[str, str], seed: int | None) -> Played:
    """Play the fight told, on the rounds typed for each group, drawing the rest."""
    opened = fight_rules(rules, battle)
    if not callable(getattr(opened, "round_battle", None)):
        raise RefereeError(
            say(
                "error.fight.odds_only",
                "{game}'s whole fights are odds only: ask 'referee odds' with {until}, or rule one round with 'battle'",
                game=rules.spoken_title,
                until=setting("until"),
            )
        )
    fight = cast(Playable, opened)
    state = fight.start(battle)
    parts = {group: text.split(ROUNDS_APART) for group, text in typed.items()}
    base = new_seed() if seed is None else seed
    battles: list[Battle] = []
    rounds: list[Settled] = []
    while (end := fight.end(state)) is None:
        if len(rounds) == MAX_ROUNDS:
            raise RefereeError(
                say_n(
                    "error.fight.endless",
                    "this fight has not ended after {n} round: no more are played",
                    "this fight has not ended after {n} rounds: no more are played",
                    MAX_ROUNDS,
                )
            )
        now = fight.round_battle(state)
        number = len(rounds) + 1
        this_round = {group: said[number - 1] for group, said in parts.items() if number <= len(said)}
        settled = settle(rules, now, this_round, round_seed(base, number))
        battles.append(now)
        rounds.append(settled)
        state = fight.after(state, fight.round_result(settled.ruling.outcome))
    for group, said in parts.items():
        if len(said) > len(rounds):
            raise RefereeError(
                say_n(
                    "error.fight.typed_past_end",
                    "the fight ended after {n} round, but {typed} were typed for the {side}",
                    "the fight ended after {n} rounds, but {typed} were typed for the {side}",
                    len(rounds),
                    typed=say_n("count.rounds", "{n} round", "{n} rounds", len(said)),
                    side=Side(group),
                )
            )
    survivors = fight.left(state)
    left = tuple(tuple((unit, n) for (unit, _), n in side.items() if n) for side in survivors)
    drew = any(settled.seed is not None for settled in rounds)
    return Played(
        battles=tuple(battles),
        rounds=tuple(rounds),
        end=end,
        verdict=verdict(fight.rule, end, len(rounds), bool(left[1])),
        left=(left[0], left[1]),
        seed=base if drew else None,
        typed=tuple(parts),
        policy=fight.policy(),
    )


def verdict(rule: str, end: str, rounds: int, defender_left: bool) -> Step:
    """How the fight ended: the defender gone or retreated, the attacker beaten or driven back."""
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
    return step_n(
        rule,
        "fight.verdict.out",
        "after {n} round the attacker has nothing left: the defender holds",
        "after {n} rounds the attacker has nothing left: the defender holds",
        rounds,
    )
