"""Whole fights for attacks written as stages (`procedure: staged` with a
`fight:`): round after round until a side has nothing left or a retreat
ends the fight, through `odds --until conquest` in text and --json. The exact
chances are checked against a Markov chain written here from the rules'
words (itertools and Fraction over every ordered throw, never the resolver),
for three small games written in this file: hits and flags that end a fight,
a comparison of hits against units that take two losses, and two kinds of
unit lost cheapest first with every retreat a loss."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
MEMOIR = EXAMPLES / "memoir44.yaml"

RAID = """\
format: 1
name: raid
title: Raid
source: written for a test
rules:
  RD-1: "Each raider rolls one die; a hit costs the other side a raider, a flag makes it retreat."
  RD-2: "Whole fights: round after round until a side is gone or retreats."
dice:
  raid: {rule: RD-1, faces: [hit, hit, flag, blank, blank, blank]}
units:
  raider: {aliases: [raiders]}
situations:
  cornered: {side: defender, rule: RD-1, text: the defender cannot retreat}
attacks:
  raid:
    procedure: staged
    rule: RD-1
    label: raid
    attacker: {die: raid, roll: {by: units}, read: {faces: {hit: [hit], flag: [retreat]}}}
    defender: {die: raid, roll: {by: units}, read: {faces: {hit: [hit], flag: [retreat]}}}
    costs: {losses: [hit], retreats: [retreat], cannot_retreat: [cornered]}
    fight: {rule: RD-2}
"""

CLASH = """\
format: 1
name: clash
title: Clash
source: written for a test
rules:
  CL-1: "Each knight rolls a d6: the attacker hits on 5 or 6, the defender on 6; the loser takes the surplus in wounds."
  CL-2: "Whole fights: a knight is removed at its second wound."
dice:
  d6: {rule: CL-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  knight: {aliases: [knights]}
attacks:
  clash:
    procedure: staged
    rule: CL-1
    label: clash
    attacker: {die: d6, roll: {by: units}, read: {faces: {5: [hit], 6: [hit]}}}
    defender: {die: d6, roll: {by: units}, read: {faces: {6: [hit]}}}
    compare: {symbol: hit, tie: nothing, attacker_wins: wounds, defender_wins: wounds}
    costs: {loss: {one: wound, many: wounds}}
    fight: {rule: CL-2, lasts: {knight: 2}}
"""

VOLLEY = """\
format: 1
name: volley
title: Volley
source: written for a test
rules:
  VO-1: "A trooper rolls one d6, a heavy two; 5 or 6 hits, and the attacker's 4 drives a unit back."
  VO-2: "Whole fights: every retreat is a loss; troopers are lost before heavies."
dice:
  d6: {rule: VO-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  trooper: {aliases: [troopers], cost: 1}
  heavy: {plural: heavies, aliases: [heavies], cost: 2}
attacks:
  volley:
    procedure: staged
    rule: VO-1
    label: volley
    attacker:
      die: d6
      roll: {by: value, values: {trooper: 1, heavy: 2}}
      read: {faces: {4: [retreat], 5: [hit], 6: [hit]}}
    defender:
      die: d6
      roll: {by: value, values: {trooper: 1, heavy: 2}}
      read: {faces: {5: [hit], 6: [hit]}}
    costs: {losses: [hit], retreats: [retreat]}
    fight: {rule: VO-2, retreat: loss}
"""


@pytest.fixture
def games(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (("raid", RAID), ("clash", CLASH), ("volley", VOLLEY)):
        out[name] = tmp_path / f"{name}.yaml"
        out[name].write_text(text, encoding="utf-8")
    return out


def markov(
    start: Hashable,
    throws: Callable[[Any], Iterable[tuple[Any, int]]],
    after: Callable[[Any, Any], Any],
    won: Callable[[Any], bool | None],
) -> Fraction:
    """The chance to win from `start`: each state's rounds over every ordered
    throw (`throws` gives each throw's result with its weight), a round that
    leaves the state as it was played again (divided out)."""

    @cache
    def chance(state: Any) -> Fraction:
        done = won(state)
        if done is not None:
            return Fraction(int(done))
        stay, total, value = 0, 0, Fraction(0)
        for result, weight in throws(state):
            total += weight
            following = after(state, result)
            if following == state:
                stay += weight
            else:
                value += weight * chance(following)
        return value / (total - stay)

    return chance(start)


def faces_of(die: tuple[Any, ...], n: int) -> Iterable[tuple[Any, ...]]:
    return itertools.product(die, repeat=n)


RAID_DIE = ("hit", "hit", "flag", "blank", "blank", "blank")


def raid_brute(attackers: int, defenders: int, cornered: bool) -> Fraction:
    """Raid as RD-1 and RD-2 read: a state is (raiders, raiders, who retreated)."""

    def throws(state: tuple[int, int, str]) -> Iterable[tuple[tuple[int, int, int, int], int]]:
        a, d, _ = state
        for ours in faces_of(RAID_DIE, a):
            for theirs in faces_of(RAID_DIE, d):
                yield (ours.count("hit"), ours.count("flag"), theirs.count("hit"), theirs.count("flag")), 1

    def after(state: tuple[int, int, str], result: tuple[int, int, int, int]) -> tuple[int, int, str]:
        a, d, _ = state
        a_hits, a_flags, d_hits, d_flags = result
        d_lost = a_hits + (a_flags if cornered else 0)  # a retreat the defender cannot take is a loss
        a_left, d_left = max(a - d_hits, 0), max(d - d_lost, 0)
        back = "attacker" if d_flags else "defender" if a_flags and not cornered else ""
        return (a_left, d_left, back)

    def won(state: tuple[int, int, str]) -> bool | None:
        a, d, back = state
        if a == 0:
            return False
        if d == 0 or back == "defender":
            return True
        return False if back == "attacker" else None

    return markov((attackers, defenders, ""), throws, after, won)


def clash_brute(attackers: int, defenders: int) -> Fraction:
    """Clash as CL-1 and CL-2 read: each side is the wounds its knights can
    still take, the most wounded first; the loser of a round takes its
    surplus in wounds, however many knights it has."""

    def throws(state: tuple[tuple[int, ...], tuple[int, ...]]) -> Iterable[tuple[tuple[int, int], int]]:
        a, d = state
        for ours in faces_of(tuple(range(1, 7)), len(a)):
            for theirs in faces_of(tuple(range(1, 7)), len(d)):
                yield (sum(f >= 5 for f in ours), sum(f == 6 for f in theirs)), 1

    def wound(side: tuple[int, ...], n: int) -> tuple[int, ...]:
        knights = sorted(side)
        while n and knights:
            knights[0] -= 1
            n -= 1
            if not knights[0]:
                knights.pop(0)
        return tuple(knights)

    def after(
        state: tuple[tuple[int, ...], tuple[int, ...]], result: tuple[int, int]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        a, d = state
        ours, theirs = result
        if ours > theirs:
            return (a, wound(d, ours - theirs))
        if theirs > ours:
            return (wound(a, theirs - ours), d)
        return state

    def won(state: tuple[tuple[int, ...], tuple[int, ...]]) -> bool | None:
        a, d = state
        return False if not a else True if not d else None

    return markov(((2,) * attackers, (2,) * defenders), throws, after, won)


def volley_brute(attacker: tuple[int, int], defender: tuple[int, int]) -> Fraction:
    """Volley as VO-1 and VO-2 read: a side is (troopers, heavies), a trooper
    rolls one die and a heavy two; hits and the attacker's 4s are losses,
    troopers lost first."""

    def throws(state: tuple[tuple[int, int], tuple[int, int]]) -> Iterable[tuple[tuple[int, int], int]]:
        (at, ah), (dt, dh) = state
        for ours in faces_of(tuple(range(1, 7)), at + 2 * ah):
            for theirs in faces_of(tuple(range(1, 7)), dt + 2 * dh):
                yield (sum(f >= 4 for f in ours), sum(f >= 5 for f in theirs)), 1

    def lose(side: tuple[int, int], n: int) -> tuple[int, int]:
        troopers, heavies = side
        gone = min(n, troopers)
        return (troopers - gone, max(heavies - (n - gone), 0))

    def after(
        state: tuple[tuple[int, int], tuple[int, int]], result: tuple[int, int]
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        return (lose(state[0], result[1]), lose(state[1], result[0]))

    def won(state: tuple[tuple[int, int], tuple[int, int]]) -> bool | None:
        a, d = state
        return False if not sum(a) else True if not sum(d) else None

    return markov((attacker, defender), throws, after, won)


def whole(path: Path, options: str) -> Any:
    return run_json(f"odds {path} {options} --until conquest")


@pytest.mark.parametrize(
    ("attackers", "defenders", "cornered"), [(1, 1, False), (2, 1, False), (2, 2, True), (3, 2, False)]
)
def test_raid_odds_are_the_brute_force(games: dict[str, Path], attackers: int, defenders: int, cornered: bool) -> None:
    when = " --when defender:cornered" if cornered else ""
    got = whole(games["raid"], f"--attacker {attackers} --defender {defenders}{when}")
    assert got["arithmetic"] == "exact"
    assert Fraction(got["p_attacker_wins"]) == raid_brute(attackers, defenders, cornered)
    driven = Fraction(got["p_attack_stops"]["attacker_driven_back"])
    out = Fraction(got["p_attack_stops"]["attacker_out_of_units"])
    assert driven + out == 1 - Fraction(got["p_attacker_wins"])
    assert driven > 0  # the defender's flags end some fights


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (2, 1), (2, 2), (1, 3)])
def test_clash_odds_are_the_brute_force(games: dict[str, Path], attackers: int, defenders: int) -> None:
    got = whole(games["clash"], f"--attacker {attackers} --defender {defenders}")
    assert Fraction(got["p_attacker_wins"]) == clash_brute(attackers, defenders)


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [((1, 0), (1, 0)), ((0, 1), (2, 0)), ((1, 1), (1, 1)), ((2, 0), (0, 1))],
)
def test_volley_odds_are_the_brute_force(
    games: dict[str, Path], attacker: tuple[int, int], defender: tuple[int, int]
) -> None:
    def told(side: tuple[int, int]) -> str:
        return ", ".join(f"{n} {unit}" for n, unit in zip(side, ("trooper", "heavy"), strict=True) if n)

    got = whole(games["volley"], f'--attacker "{told(attacker)}" --defender "{told(defender)}"')
    assert Fraction(got["p_attacker_wins"]) == volley_brute(attacker, defender)


def test_the_text_report_says_the_policy_and_the_retreats(games: dict[str, Path]) -> None:
    said = run(f"odds {games['raid']} --attacker 2 --defender 2 --until conquest --exact").stdout
    assert "Raid: a whole fight until conquest (exact fractions)" in said
    assert "of which: the attacker was driven back" in said
    assert "RD-2    a retreat ends the fight" in said
    flags = run(f"odds {games['volley']} --attacker 2 --defender 1 --until conquest").stdout
    assert "VO-2    in a whole fight every retreat is one more loss" in flags
    assert "each side loses its units cheapest first: trooper, then heavy" in flags


def test_memoir_whole_fight_in_text_and_json() -> None:
    """A unit battled turn after turn: with the target blocked every flag is a
    figure, so it is destroyed; otherwise it may give up its hex first."""
    told = f"odds {MEMOIR} --attacker infantry --defender armour --range 1 --until conquest"
    said = run(told).stdout
    assert "Memoir '44: a whole fight until conquest" in said
    assert "M44-6   a unit is removed at its last loss: infantry after 4 figures, armour after 3" in said
    free, blocked = run_json(told), run_json(f"{told} --when defender:blocked")
    assert Fraction(free["p_attacker_wins"]) == Fraction(blocked["p_attacker_wins"]) == 1  # the target never shoots
    assert blocked["expected_left"]["defender"] == {}  # blocked: fought to the last figure
    assert 0 < Fraction(free["expected_left"]["defender"]["armour"]) < 1  # free: it may retreat, worn
    assert free["policy"][1]["rule"] == "M44-6"


def test_memoir_whole_fight_odds_are_the_brute_force() -> None:
    """Infantry at range 2 (2 dice) against armour (3 figures), free to retreat:
    the armour ends the fight destroyed or retreating; how often retreating is
    its figures left over, found here from M44-3..6."""
    die = ("infantry", "infantry", "armour", "grenade", "star", "flag")

    def left(figures: int) -> Fraction:  # expected figures... here: the chance it is still on the map
        if figures == 0:
            return Fraction(0)
        stay, total, value = 0, 0, Fraction(0)
        for faces in faces_of(die, 2):
            total += 1
            hits, flags = sum(f in ("armour", "grenade") for f in faces), faces.count("flag")
            rest = max(figures - hits, 0)
            if rest and flags:
                value += 1  # it retreats with figures left: still on the map
            elif rest == figures:
                stay += 1
            else:
                value += left(rest)
        return value / (total - stay)

    got = run_json(f"odds {MEMOIR} --attacker infantry --defender armour --range 2 --until conquest")
    assert Fraction(got["expected_left"]["defender"]["armour"]) == left(3)


def test_a_staged_attack_without_fight_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text(RAID.replace("    fight: {rule: RD-2}\n", ""), encoding="utf-8")
    said = fails(f"odds {plain} --attacker 1 --defender 1 --until conquest")
    assert "a raid is not fought in rounds: its file gives it no 'fight'" in said
    assert "RD-1" in said


def test_a_fight_too_big_is_refused_before_solving(games: dict[str, Path]) -> None:
    said = fails(f"odds {games['volley']} --attacker '30 heavies' --defender '30 heavies' --until conquest")
    assert "the rounds of this fight would rule on more than 20,000 throws, too many here" in said


def test_a_file_naming_an_unknown_unit_in_its_fight_is_refused(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(CLASH.replace("lasts: {knight: 2}", "lasts: {knigt: 2}"), encoding="utf-8")
    said = fails(f"validate {wrong}")
    assert "knigt" in said and "knight" in said


def test_a_chart_of_a_staged_fight_is_the_brute_force_in_exact_and_float(games: dict[str, Path]) -> None:
    """--table charts every count against every count from the same rounds; the
    floats sweep each side on its own and must agree with the exact chain."""
    exact = run_json(f"odds {games['raid']} --table 3")
    floats = run_json(f"odds {games['raid']} --table 3 --float")
    for a, row in enumerate(exact["p_attacker_wins"], 1):
        for d, cell in enumerate(row, 1):
            assert Fraction(cell) == raid_brute(a, d, False)
            assert floats["p_attacker_wins"][a - 1][d - 1] == pytest.approx(float(Fraction(cell)))


# -- a whole fight played: battle --until conquest ------------------------------


def test_a_fight_played_on_typed_rounds_follows_the_rules(games: dict[str, Path]) -> None:
    """Each round typed apart by ';': the losses of one round shrink the sides
    the next round rolls for, and the fight stops when a side is gone."""
    got = run_json(
        f"battle {games['raid']} --attacker 2 --defender 2 --until conquest "
        '--attacker-roll "blank,hit;hit,blank" --defender-roll "blank,blank;blank"'
    )
    assert [r["defender"]["units"] for r in got["rounds"]] == [{"raider": 2}, {"raider": 1}]
    assert [len(r["defender"]["rolled"]) for r in got["rounds"]] == [2, 1]  # one raider left, one die
    assert (got["end"], got["winner"]) == ("conquest", "attacker")
    assert got["left"] == {"attacker": {"raider": 2}, "defender": {}}
    assert got["seed"] is None and got["typed"] == ["attacker", "defender"]
    assert got["explanation"][-1]["text"] == "after 2 rounds the defender has nothing left: the attacker conquers"


def test_a_fight_played_in_text_says_each_round_and_how_it_ended(games: dict[str, Path]) -> None:
    said = run(
        f"battle {games['raid']} --attacker 2 --defender 1 --until conquest "
        '--attacker-roll "blank,blank" --defender-roll "flag"'
    ).stdout
    assert "Raid: a whole fight until conquest, played" in said
    assert "Round 1" in said and "Round 2" not in said
    assert "RD-2    after 1 round the attacker is driven back: the defender holds" in said
    assert "Left to the attacker: 2 raiders; to the defender: 1 raider." in said
    assert "Dice typed by the players." in said


def test_a_fight_with_a_blocked_target_goes_on_to_the_last_figure() -> None:
    """Memoir '44: a flag the blocked armour cannot take is a figure; three figures, then it is gone."""
    got = run_json(
        f"battle {MEMOIR} --attacker infantry --defender armour --range 2 --when defender:blocked --until conquest "
        '--attacker-roll "flag,star;armour,star;grenade,star"'
    )
    assert [r["defender_loses"] for r in got["rounds"]] == [1, 1, 1]
    assert got["left"]["defender"] == {} and got["end"] == "conquest"


def test_a_drawn_fight_repeats_with_its_seed_and_replays_from_the_journal(games: dict[str, Path]) -> None:
    told = f"battle {games['clash']} --attacker 2 --defender 2 --until conquest"
    first = run_json(f"{told} --seed 8")
    assert first["seed"] == 8 and len(first["rounds"]) > 1
    again = run_json(f"{told} --seed 8")
    assert again["rounds"] == first["rounds"] and again["left"] == first["left"]
    # rounds draw their own dice: not the first round's again and again
    assert len({str(r["attacker"]["rolled"]) for r in first["rounds"]}) > 1
    entry = run_json("log")["entries"][-1]
    assert entry["kind"] == "fight"
    replayed = run("replay last").stdout
    assert "The ruling stands: today the referee rules the same." in replayed
    assert run_json("replay 1")["same"] is True


def test_a_fight_half_typed_draws_the_rest_and_replays(games: dict[str, Path]) -> None:
    run(f'battle {games["raid"]} --attacker 3 --defender 3 --until conquest --attacker-roll "blank,blank,blank"')
    assert run_json("replay last")["same"] is True


def test_rounds_typed_past_the_end_are_refused(games: dict[str, Path]) -> None:
    said = fails(
        f"battle {games['raid']} --attacker 2 --defender 2 --until conquest "
        '--attacker-roll "hit,hit;hit" --defender-roll "blank,blank"'
    )
    assert said == "error: the fight ended after 1 round, but 2 rounds were typed for the attacker"


def test_a_fight_played_only_where_the_procedure_plays_rounds() -> None:
    said = fails("battle groundforce --attacker 3 --defender 2 --until conquest")
    assert said == "error: Ground Force is not fought in rounds: leave out --until and rule one attack"


def test_units_that_last_several_losses_are_not_removed_whole_by_a_comparison(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(CLASH.replace("attacker_wins: wounds", "attacker_wins: remove-all"), encoding="utf-8")
    said = fails(f"validate {wrong}")
    assert "attacks.clash.fight.lasts" in said
    assert "a comparison that removes units (remove-all) counts units, not losses" in said
