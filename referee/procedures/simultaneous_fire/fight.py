"""Simultaneous fire fought in rounds, as the whole-fight solver asks for it
(referee/fights/solver.py, `FightRules`): a state is the count of each
fighting kind on each side, a round's result is the hits each side scores,
and each side loses the units its stated casualty order gives up. A round
that hits nobody leaves the state as it was: the solver divides it out.

The attacker is out when it has no unit left, even if the defender has
none either (nobody is left to take the ground); it stops, when told, once
it is down to `stop_at` units."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.procedures.door import dice_needed
from referee.procedures.simultaneous_fire.grammar import SimultaneousFire
from referee.procedures.simultaneous_fire.resolver import casualties, hitting_faces, shots
from referee.ruleset.model import Ruleset, Situation
from referee.rulings.battle import Battle
from referee.rulings.procedure import attack_name
from referee.rulings.ruling import SIDES, Step
from referee.stages.rounds import order_step, until_steps

if TYPE_CHECKING:
    from referee.outcomes import Exchange

Counts = tuple[int, ...]  # units of each fighting kind, in the order of the attack's `units`
State = tuple[Counts, Counts]  # attacker, defender
Hits = tuple[int, int]  # scored by the attacker, by the defender


def fight_rules(
    rules: Ruleset, params: SimultaneousFire, when: tuple[tuple[str, str], ...], stop_at: int | None
) -> FireFight:
    """The door the whole-fight service opens for a procedure that fights in rounds."""
    return FireFight(rules, params, when, stop_at)


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


class FireFight:
    """One whole fight's rules: the file's parameters, the situations told, and
    when the attacker stops (`stop_at`: its units left)."""

    keep = 0  # every attacking unit fights
    keep_rule = ""

    def __init__(
        self, rules: Ruleset, params: SimultaneousFire, when: tuple[tuple[str, str], ...], stop_at: int | None
    ):
        self.rules, self.params, self.when, self.stop_at = rules, params, when, stop_at
        self.kinds_ = tuple(params.units)
        self.rule = params.fight.rule  # a fight played cites it for how it ended
        self.order = params.order(rules)
        self._volleys: dict[tuple[str, Counts], tuple[list[int], int]] = {}
        self.attack = attack_name(rules, params)  # every round's: the attack told, where a unit can make several

    def _units(self, counts: Counts) -> tuple[tuple[str, int], ...]:
        return tuple((unit, n) for unit, n in zip(self.kinds_, counts) if n)

    def _counts(self, units: Mapping[str, int]) -> Counts:
        return tuple(units.get(unit, 0) for unit in self.kinds_)

    def start(self, battle: Battle) -> State:
        """The first state; refuses what a round of it would refuse, before solving."""
        dice_needed(self.rules, battle)
        return (self._counts(dict(battle.attacker)), self._counts(dict(battle.defender)))

    def next_start(self, end: State, battle: Battle) -> State:
        """The survivors attack the next territory's defenders."""
        return (end[0], self._counts(dict(battle.defender)))

    def pooled(self, attacker: Mapping[tuple[str, int], int], defender: Mapping[tuple[str, int], int]) -> State:
        def plain(units: Mapping[tuple[str, int], int]) -> Counts:
            return self._counts({unit: n for (unit, _), n in units.items()})

        return (plain(attacker), plain(defender))

    def end(self, state: State) -> str | None:
        attacker, defender = map(sum, state)
        if not attacker:
            return "out"
        if not defender:
            return "conquest"
        if self.stop_at is not None and attacker <= self.stop_at:
            return "stopped"
        return None

    def key(self, state: State) -> State:
        return state

    def _volley(self, side: str, counts: Counts) -> tuple[list[int], int]:
        """A side's hits counted over its ordered throws (index: hits), and its number of throws."""
        found = self._volleys.get((side, counts))
        if found is None:
            spread, total = [1], 1
            for shot in shots(self.params, side, self._units(counts)):
                faces = len(self.rules.dice[shot.die].faces)
                hit = hitting_faces(self.rules, self.params, shot)
                for _ in range(shot.dice):
                    spread = _convolve(spread, [faces - hit, hit])
                    total *= faces
            found = self._volleys[side, counts] = (spread, total)
        return found

    def round_battle(self, state: State) -> Battle:
        """For a fight played: the attack a round of this state is, the units left of each kind, as told."""
        return Battle(
            attacker=self._units(state[0]), defender=self._units(state[1]), when=self.when, attack=self.attack
        )

    def round_result(self, outcome: Exchange) -> Hits:
        """What of a round's ruling moves the fight: the units each side's hits remove, as `round` counts them."""
        return (outcome.defender_loses, outcome.attacker_loses)

    def round(self, key: State) -> tuple[Sequence[tuple[Hits, int]], int]:
        """Both volleys at once; hits past the other side's units are the same result."""
        (a_spread, a_total), (d_spread, d_total) = (self._volley(side, c) for side, c in zip(SIDES, key))
        results: Counter[Hits] = Counter()
        for a_hits, a_n in enumerate(a_spread):
            for d_hits, d_n in enumerate(d_spread):
                if a_n and d_n:
                    results[min(a_hits, sum(key[1])), min(d_hits, sum(key[0]))] += a_n * d_n
        return sorted(results.items()), a_total * d_total

    def after(self, state: State, result: Hits) -> State:
        attacker, defender = state
        return (self.moved(0, attacker, result), self.moved(1, defender, result))

    def moved(self, role: int, side: Counts, result: Hits) -> Counts:
        """One side after a result (role 0 the attacker): it loses what the other side hit."""
        return self._lose(side, result[1 - role])

    def _lose(self, counts: Counts, hits: int) -> Counts:
        if not hits:
            return counts
        lost = casualties(self.rules, self.params, self._units(counts), hits)
        return tuple(n - lost.get(unit, 0) for unit, n in zip(self.kinds_, counts))

    def left(self, state: State) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
        def kinds(counts: Counts) -> Counter[tuple[str, str]]:
            return Counter({(unit, ""): n for unit, n in self._units(counts)})

        return (kinds(state[0]), kinds(state[1]))

    def kinds(self) -> int:
        return len(self.kinds_)

    def failing(self) -> tuple[Situation, ...]:
        return ()

    def policy(self) -> tuple[Step, ...]:
        """The stated casualty order, the rounds, and the retreat told."""
        params = self.params
        order = order_step(self.rules, self.order, params.fight.casualties, params.cite.choice or params.rule)
        return (order, *until_steps(params.fight.rule, self.stop_at))
