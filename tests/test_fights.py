"""Whole fights: the general solver on a toy chain with rounds that change
nothing, the answers that decide an attack (retreat, survivors, chains)
against an independent recursion written here for classic Risk, Frontline
Risk against rounds enumerated by hand, and every option of a whole fight
read or refused."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import exact_throws
from referee.core.errors import RefereeError
from referee.fights.answers import chart, fight_rules, solve
from referee.fights.grid import grid
from referee.fights.solver import Chain
from referee.procedures.door import dice_needed, resolve
from referee.ruleset.load import load
from referee.rulings.battle import Battle
from referee.rulings.procedure import dice_of, joined
from referee.stages.pairs import patterns

RISK = load("risk")
FR = load("frontline-risk")


# -- the solver, general over procedures ----------------------------------
class Duel:
    """Each round one die: 1-2 the attacker loses a unit, 3-4 the defender, 5-6 nothing."""

    def end(self, state: tuple[int, int]) -> str | None:
        return "conquest" if state[1] == 0 else "out" if state[0] == 0 else None

    def key(self, state: tuple[int, int]) -> str:
        return "d6"

    def round(self, key: str) -> tuple[Sequence[tuple[int, int]], int]:
        return [(-1, 2), (1, 2), (0, 2)], 6

    def after(self, state: tuple[int, int], result: int) -> tuple[int, int]:
        a, d = state
        return (a - 1, d) if result < 0 else (a, d - 1) if result > 0 else state


@cache
def duel(a: int, d: int) -> Fraction:
    """The same fight by hand: a round that changes nothing is played again, so only the others count."""
    if d == 0:
        return Fraction(1)
    if a == 0:
        return Fraction(0)
    return (duel(a - 1, d) + duel(a, d - 1)) / 2


def test_rounds_that_change_nothing_are_divided_out() -> None:
    chain = Chain(Duel(), exact=True, limit=10_000)
    for a, d in ((1, 1), (3, 2), (7, 9)):
        assert sum(p for end, p in chain.ends((a, d)).items() if end[1] == 0) == duel(a, d)
    won = chain.values(lambda end: 1 if end[1] == 0 else 0)
    assert won[(7, 9)] == duel(7, 9)


def test_a_long_fight_needs_no_recursion_limit() -> None:
    chain = Chain(Duel(), exact=False, limit=100_000)
    ends = chain.ends((5000, 1))  # a path 5,000 rounds long: far past Python's recursion limit
    assert sum(ends.values()) == pytest.approx(1)
    assert ends[(5000, 0)] == pytest.approx(0.5)


class Loop(Duel):
    def after(self, state: tuple[int, int], result: int) -> tuple[int, int]:
        return (state[0], state[1] + 1) if result == 0 else super().after(state, result)


class OddDuel(Duel):
    """The duel on a die of 6 faces, and a round of 10 outcomes when the attacker is down to one unit."""

    def key(self, state: tuple[int, int]) -> str:
        return "d10" if state[0] == 1 else "d6"

    def round(self, key: str) -> tuple[Sequence[tuple[int, int]], int]:
        return ([(-1, 5), (1, 5)], 10) if key == "d10" else super().round(key)


def test_exact_sums_over_any_number_of_throws() -> None:
    chain = Chain(OddDuel(), exact=True, limit=10_000)
    assert sum(p for end, p in chain.ends((4, 3)).items() if end[1] == 0) == duel(4, 3)
    assert chain.values(lambda end: 1 if end[1] == 0 else 0)[(4, 3)] == duel(4, 3)
    floats = Chain(OddDuel(), exact=False, limit=10_000)
    floats.add((4, 3))
    assert floats.values(lambda end: 1 if end[1] == 0 else 0)[(4, 3)] == pytest.approx(float(duel(4, 3)))


def test_a_fight_that_can_come_back_is_refused() -> None:
    with pytest.raises(RefereeError, match="may never end"):
        Chain(Loop(), exact=True, limit=1000).ends((2, 2))


def test_states_past_the_limit_are_refused() -> None:
    with pytest.raises(RefereeError, match="more than 50 states"):
        Chain(Duel(), exact=True, limit=50).ends((20, 20))


# -- the float sweep over sides: the chain's answers, in floats -----------
class SidedDuel(Duel):
    """The duel told side by side, as the sweep asks for it."""

    def moved(self, role: int, side: int, result: int) -> int:
        return side - 1 if result == (-1, 1)[role] else side


class SidedLoop(SidedDuel):
    """The defender turns about on a round that changes nothing else, and back on
    the next: a fight that may never end."""

    def moved(self, role: int, side: int, result: int) -> int:
        if role == 1 and result == 0:
            return -side
        return super().moved(role, abs(side), result)


def conquered(end: tuple[int, int]) -> float:
    return 1.0 if end[1] == 0 else 0.0


def test_the_sweep_divides_out_rounds_that_change_nothing() -> None:
    rows, pairs = grid(SidedDuel(), [7, 1, 3], [9, 2], conquered, limit=1000)
    assert rows == [[pytest.approx(float(duel(a, d)), rel=1e-12) for d in (9, 2)] for a in (7, 1, 3)]
    assert pairs == 8 * 10  # every attacking side met, 0 to 7, against every defending one, 0 to 9


def test_the_sweep_refuses_what_the_chain_refuses() -> None:
    with pytest.raises(RefereeError, match="may never end"):
        grid(SidedLoop(), [2], [2], conquered, limit=1000)
    with pytest.raises(RefereeError, match="more than 50 states"):
        grid(SidedDuel(), [20], [20], conquered, limit=50)


@pytest.mark.parametrize("size", [1, 4, 13])
def test_a_float_chart_is_the_exact_chart_in_floats(size: int) -> None:
    exact, floats = chart(RISK, size, exact=True), chart(RISK, size, exact=False)
    assert floats.rows == [[pytest.approx(float(p), rel=1e-12, abs=1e-300) for p in row] for row in exact.rows]


def test_a_float_chart_of_simultaneous_fire_is_its_exact_chart(tmp_path: Path) -> None:
    """Land Battle with infantry alone (as the simultaneous-fire template reads it): both sides lose at once,
    each side by the other's hits."""
    text = Path("tests/presets/landbattle.yaml").read_text(encoding="utf-8")
    others = (
        "  artillery:\n    plural: artillery\n    aliases: [art, guns]\n    cost: 4\n",
        "  tank:\n    aliases: [tanks, armour]\n    cost: 6\n",
        "      artillery: {attacker: 2, defender: 2}\n      tank: {attacker: 3, defender: 3}\n",
        "    support:\n      - {unit: artillery, raises: infantry, by: 1, side: attacker, rule: LB-2}\n",
    )
    for lines in others:  # the other kinds and the support they give
        assert lines in text
        text = text.replace(lines, "")
    path = tmp_path / "infantry.yaml"
    path.write_text(text, encoding="utf-8")
    exact, floats = run_json(f"odds {path} --table 6"), run_json(f"odds {path} --table 6 --float")
    assert floats["p_attacker_wins"] == [
        [pytest.approx(float(Fraction(p)), rel=1e-12) for p in row] for row in exact["p_attacker_wins"]
    ]


@pytest.mark.parametrize(
    "when",
    [(("defender", "city"),), (("attacker", "rear-assault"), ("either", "airfield")), (("attacker", "landing"),)],
)
def test_the_sweep_is_the_exact_chain_on_frontline_risk_with_armour(when: tuple[tuple[str, str], ...]) -> None:
    """Worn armour, withdrawal to repair, bonuses, extra dice and a landing that fails without armour."""
    battle = Battle(
        attacker=(("armour", 2),),
        attacker_rear=(("infantry", 3), ("armour", 2)),
        defender=(("infantry", 1), ("armour", 1)),
        defender_rear=(("infantry", 3), ("armour", 1)),
        when=when,
    )
    fight = fight_rules(FR, battle)
    (attacker, defender) = fight.start(battle)
    rows, _ = grid(fight, [attacker], [defender], lambda end: float(fight.end(end) == "conquest"), limit=100_000)
    assert rows[0][0] == pytest.approx(float(solve(FR, [battle], exact=True).p_attacker_wins), rel=1e-12)


# -- rounds: order statistics against the ruling, throw for throw ----------
FRONT = st.lists(st.sampled_from(["infantry", "armour", "damaged"]), min_size=1, max_size=2)
WHEN = st.sets(st.sampled_from(["defender:city", "attacker:extra-attack-die", "defender:airfield"]))


@settings(max_examples=15, deadline=None)
@given(FRONT, FRONT, WHEN)
def test_round_distribution_equals_the_ruling_summed(attacker: list[str], defender: list[str], when: set) -> None:
    """Every state's key and pattern give what `resolve` rules on each ordered throw."""
    from referee.fights.answers import fight_rules

    def side(items: list[str], group: str) -> tuple[tuple, tuple]:
        counts = Counter("armour" if i == "damaged" else i for i in items)
        damaged = items.count("damaged")
        return tuple(counts.items()), ((group, "armour", "damaged", damaged),) if damaged else ()

    (a, sa), (d, sd) = side(attacker, "attacker"), side(defender, "defender")
    told = tuple(tuple(w.split(":")) for w in sorted(when))
    battle = Battle(attacker=a, defender=d, attacker_rear=(("infantry", 1),), states=sa + sd, when=told)
    fight = fight_rules(FR, battle)
    state = fight.start(battle)
    counted, total = fight.round(fight.key(state))
    solver: Counter = Counter()
    for pattern, n in counted:
        solver[fight.after(state, pattern)] += Fraction(n, total)
    ruled: Counter = Counter()
    needs = dice_needed(FR, battle)
    for parts, chance in exact_throws(dice_of(needs)):  # each unordered throw, weighted
        out = resolve(FR, battle, joined(needs, parts)).outcome
        losses = tuple(p["winner"] == "defender" for p in out["pairs"])
        ruled[fight.after(state, fight.result_number(losses))] += chance
    assert solver == ruled


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 8), min_size=1, max_size=6),
    st.lists(st.integers(1, 8), min_size=1, max_size=6),
    st.integers(1, 3),
    st.integers(1, 3),
    st.lists(st.integers(0, 2), min_size=3, max_size=3),
    st.lists(st.integers(0, 2), min_size=3, max_size=3),
    st.booleans(),
)
def test_order_statistics_equal_every_ordered_throw(
    faces: list[int],
    d_faces: list[int],
    a: int,
    d: int,
    a_bonus: list[int],
    d_bonus: list[int],
    ties_to_attacker: bool,
) -> None:
    """Any die per side (repeated faces count twice), any dice, any bonuses, against plain enumeration."""
    pairs = min(a, d)
    pools = (((tuple(faces), a),), ((tuple(d_faces), d),))
    bonus = (tuple(a_bonus[:pairs]), tuple(d_bonus[:pairs]))
    brute: Counter = Counter()
    for att in itertools.product(faces, repeat=a):
        for dfn in itertools.product(d_faces, repeat=d):
            ranked = zip(sorted(att, reverse=True), sorted(dfn, reverse=True), a_bonus, d_bonus)
            brute[tuple(x + bx < y + by or (x + bx == y + by and not ties_to_attacker) for x, y, bx, by in ranked)] += 1
    counted, total = patterns(*pools, bonus, "attacker" if ties_to_attacker else "defender")
    assert dict(counted) == dict(brute) and total == len(faces) ** a * len(d_faces) ** d


# -- classic Risk: an independent recursion ---------------------------------
@cache
def _round(att_dice: int, def_dice: int) -> dict[tuple[int, int], Fraction]:
    counts: Counter = Counter()
    for a in itertools.product(range(1, 7), repeat=att_dice):
        for d in itertools.product(range(1, 7), repeat=def_dice):
            att_lost = sum(x <= y for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)))
            counts[att_lost, min(att_dice, def_dice) - att_lost] += 1
    total = 6 ** (att_dice + def_dice)
    return {k: Fraction(v, total) for k, v in counts.items()}


@cache
def ends(a: int, d: int, stop: int) -> dict[tuple[str, int, int], Fraction]:
    """(why, armies on the attacking territory, defending armies) at the end, with chances."""
    if d == 0:
        return {("conquest", a, 0): Fraction(1)}
    if a <= 1:
        return {("out", a, d): Fraction(1)}
    if a <= stop:
        return {("stopped", a, d): Fraction(1)}
    out: Counter = Counter()
    for (al, dl), p in _round(min(3, a - 1), min(2, d)).items():
        for end, q in ends(a - al, d - dl, stop).items():
            out[end] += p * q
    return dict(out)


def at_least(chances: dict[int, Fraction]) -> list[Fraction]:
    top = max(chances, default=0)
    return [sum((p for n, p in chances.items() if n >= k), Fraction(0)) for k in range(1, top + 1)]


@pytest.mark.parametrize(("a", "d", "stop"), [(10, 6, 0), (12, 7, 4), (5, 9, 3), (8, 8, 1)])
def test_retreat_and_survivors_agree_with_a_recursion(a: int, d: int, stop: int) -> None:
    options = f" --stop-at {stop}" if stop else ""
    result = run_json(f"odds risk --attacker {a} --defender {d} --until conquest{options}")
    theirs = ends(a + 1, d, stop + 1)  # --attacker and --stop-at count the attacking armies: one more stays
    conquered = Counter({left - 1: p for (why, left, _), p in theirs.items() if why == "conquest"})
    kept = Counter({held: p for (why, _, held), p in theirs.items() if why != "conquest"})

    def listed(key: str) -> list[Fraction]:
        return [Fraction(row["probability"]) for row in result[key]]

    assert listed("p_conquer_with_at_least") == at_least(conquered)
    assert listed("p_defender_keeps_at_least") == at_least(kept)
    assert Fraction(result["p_attack_stops"]["attacker_stopped"]) == sum(
        (p for (why, _, _), p in theirs.items() if why == "stopped"), Fraction(0)
    )
    fighting = sum((p * (left - 1) for (_, left, _), p in theirs.items()), Fraction(0))
    holding = sum((p * held for (_, _, held), p in theirs.items()), Fraction(0))
    assert {k: Fraction(v) for k, v in result["expected_left"]["attacker"].items()} == {"army": fighting}
    assert Fraction(result["expected_left"]["defender"].get("army", "0")) == holding
    assert Fraction(result["expected_losses"]["attacker"]) == a - fighting


def chain(a: int, defenders: Sequence[int], stop: int) -> tuple[list[Fraction], Fraction]:
    """The chance to take at least the first k territories, and the attacker's
    expected losses: the survivors move in and attack the next territory from
    there, leaving one army behind on each territory attacked from."""
    taken = []
    remaining = Fraction(0)  # the attacker's armies left anywhere, weighted
    starts = {a: Fraction(1)}
    for stage, d in enumerate(defenders):
        after: Counter = Counter()
        for armies, p in starts.items():
            for (why, left, _), q in ends(armies, d, stop).items():
                if why == "conquest" and stage + 1 < len(defenders):
                    after[left - 1] += p * q
                else:
                    remaining += p * q * (left + stage)
                    after[left - 1] += p * q * (why == "conquest")
        taken.append(sum(after.values(), Fraction(0)))
        starts = {k: v for k, v in after.items() if v}
    return taken, a - remaining


@pytest.mark.parametrize(("a", "defenders", "stop"), [(10, (3, 5, 2), 0), (14, (2, 2, 4, 1), 3)])
def test_chain_agrees_with_a_recursion(a: int, defenders: tuple[int, ...], stop: int) -> None:
    told = ",".join(map(str, defenders))
    result = run_json(f"odds risk --attacker {a} --defender {told} --until conquest --stop-at {stop}")
    taken = [Fraction(row["probability"]) for row in result["p_taken_at_least"]]
    # --attacker and --stop-at count the attacking armies: one more stays on the territory
    assert (taken, Fraction(result["expected_losses"]["attacker"])) == chain(a + 1, defenders, stop + 1)
    assert Fraction(result["p_attacker_wins"]) == taken[-1]
    assert len(result["territories"]) == len(defenders)


def test_one_territory_is_taken_as_often_as_the_fight_is_won() -> None:
    result = run_json("odds risk --attacker 9 --defender 4 --until conquest")
    assert [row["probability"] for row in result["p_taken_at_least"]] == [result["p_attacker_wins"]]


# -- Frontline Risk: two rounds by hand, with armour and a city -------------
def test_armour_against_damaged_armour_in_a_city_by_hand() -> None:
    """Intact armour against damaged armour in a city ends within two rounds:
    the attacker's die +1 (bombarding) against the best of the defender's two
    dice +1 (damaged armour still bombards), ties to the defender. A lost pair
    damages the attacker's armour, a second destroys it."""
    wins = sum(
        Fraction(1, 216)
        for a, d1, d2 in itertools.product(range(1, 7), repeat=3)
        if a + 1 > max(d1, d2) + 1  # the defender's bonus goes to its highest die
    )
    result = run_json(
        'odds frontline-risk --attacker armour --defender "damaged armour" --when defender:city --until conquest'
    )
    assert Fraction(result["p_attacker_wins"]) == wins + (1 - wins) * wins
    assert {k: Fraction(v) for k, v in result["expected_left"]["attacker"].items() if Fraction(v)} == {
        "intact armour": wins,
        "damaged armour": (1 - wins) * wins,
    }
    assert [Fraction(r["probability"]) for r in result["p_defender_keeps_at_least"]] == [(1 - wins) ** 2]


def test_infantry_and_armour_two_rounds_by_hand() -> None:
    """Infantry with armour in the rear against one infantry in a city: round one
    pairs the attacker's infantry (one die, no bombardment: the armour waits)
    against two defence dice; if it falls, the armour comes up and fights one
    more round, bombarding; nothing is left to come after it."""
    throws = list(itertools.product(range(1, 7), repeat=3))
    first = sum(Fraction(1, 216) for a, d1, d2 in throws if a > max(d1, d2))
    second = sum(Fraction(1, 216) for a, d1, d2 in throws if a + 1 > max(d1, d2))
    result = run_json(
        "odds frontline-risk --attacker infantry --attacker-rear armour --defender infantry "
        "--when defender:city --until conquest"
    )
    # armour that loses is only damaged, and fights on: the rest of its fight is the first test's chain
    later = second + (1 - second) * second
    assert Fraction(result["p_attacker_wins"]) == first + (1 - first) * later


# -- every option of a whole fight: read, or refused ------------------------
def test_table_honours_situations(edited) -> None:
    fortified = edited(
        "risk",
        lambda t: (
            t
            + "\nsituations:\n  fortified:\n    side: defender\n    rule: RK-B2\n    text: a fort\n    extra_dice: 1\n"
        ),
    )
    plain = run_json(f"odds {fortified} --table 3")["p_attacker_wins"]
    fort = run_json(f"odds {fortified} --table 3 --when defender:fortified")
    assert fort["when"] == ["defender:fortified"]
    assert Fraction(fort["p_attacker_wins"][2][2]) < Fraction(plain[2][2])
    one = run_json(f"odds {fortified} --attacker 3 --defender 3 --when defender:fortified --until conquest")
    assert one["p_attacker_wins"] == fort["p_attacker_wins"][2][2]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("odds risk --table 3 --when defender:banana", "unknown situation 'banana'"),
        ("odds risk --table 3 --attacker 5", "--table charts every count against every count: leave out --attacker"),
        ("odds risk --table 3 --stop-at 2", "leave out --stop-at"),
        ("odds risk --table 3 --rule fill-the-void", "--rule: not used by any attack in risk"),
        ("odds risk --attacker 5 --defender 3 --until conquest --range 2", "--range: whole fights are fought"),
        ("odds risk --attacker 5 --defender 3 --stop-at 2", "--stop-at: whole fights only; add --until conquest"),
        ("odds risk --attacker 5 --defender 3 --exact", "--exact: whole fights only"),
        ("odds risk --attacker 5 --defender 3,2", "territories in turn (--defender 3,5,2): whole fights only"),
        ("odds risk --table 3 --exact --float", "--exact and --float ask for different arithmetic"),
        ("odds risk --attacker 5 --defender 3 --until conquest --stop-at 5", "would stop at 5 units and has 5"),
        (
            "odds frontline-risk --attacker infantry --defender 2,1 --defender-rear 1 --until conquest",
            "--defender-rear is for one territory",
        ),
        ("odds frontline-risk --table 3", "leave out --table and ask for one whole fight"),
        ("odds groundforce --attacker trooper --defender trooper --until conquest", "not fought in rounds"),
        ("odds groundforce --table 3", "not fought in rounds"),
        ("odds risk --attacker 5 --defender 3 --until conquest --rule x", "--rule: not used by any attack in risk"),
        (
            "odds risk --attacker 5 --defender 3 --until conquest --attack melee",
            "unknown attack 'melee'; known: attack",
        ),
        ("odds risk --attacker 5 --defender 3 --until conquest --wounds 1", "--wounds: not used by any attack in risk"),
        ("odds risk --attacker 5 --defender 3 --until conquest --when defender:fort", "unknown situation 'fort'"),
        ("odds diceland --attacker 6 --defender 3 --until conquest", "not fought in rounds"),
        ("odds diceland --attacker 6 --defender 3 --table 3", "not fought in rounds"),
        ("odds trueforces --attack melee --until conquest", "leave out --until"),
        ("odds diceland --attacker 6 --defender 3 --stop-at 2", "not fought in rounds"),
        ("odds diceland --attacker 6 --defender 3 --exact", "not fought in rounds"),
        ("odds trueforces --attack melee --wounds 1 --stop-at 1", "leave out --stop-at"),
        ("odds risk --attacker 1000 --defender 1000 --until conquest --float", "(at most 80,000): ask for fewer"),
        ("odds risk --attacker 250 --defender 250 --until conquest", "add --float"),
        ("odds risk --table 300 --float", "ask for a smaller --table"),
        ("odds risk --attacker 199 --until conquest --defender " + ",".join(["1"] * 250), "or territories"),
    ],
)
def test_whole_fight_options_are_read_or_refused(command: str, message: str) -> None:
    assert message in fails(command)


def test_stop_at_is_read() -> None:
    told = "odds risk --attacker 10 --defender 10 --until conquest"
    assert run_json(told + " --stop-at 4")["p_attacker_wins"] != run_json(told)["p_attacker_wins"]
    assert run_json(told + " --stop-at 4")["stop_at"] == 4


def test_exact_shows_fractions_in_text_and_only_then() -> None:
    told = "odds risk --attacker 4 --defender 2 --until conquest"
    fraction = run_json(told)["p_attacker_wins"]
    assert fraction in run(told + " --exact").stdout.replace("\n", "").replace(" ", "")
    assert fraction not in run(told).stdout


def test_text_fits_in_100_columns_when_piped() -> None:
    for told in (
        "odds risk --attacker 100 --defender 100 --until conquest --exact",
        "odds risk --table 40",
        "odds risk --attacker 10 --defender 3,5,2 --until conquest --exact",
        'odds frontline-risk --attacker "2 armour" --attacker-rear "10 infantry, 3 armour" --defender "2 infantry" '
        '--defender-rear "8 infantry, 2 armour" --when defender:city --until conquest --exact',
    ):
        out = run(told).stdout
        assert max(len(line) for line in out.splitlines()) <= 100, told


def test_a_wide_chart_splits_into_blocks() -> None:
    out = run("odds risk --table 40").stdout
    headers = [line for line in out.splitlines() if line.startswith("A \\ D")]
    assert len(headers) > 1
    assert headers[1].split()[3] == str(len(headers[0].split()) - 2)  # the next block starts after the last


def test_the_leading_lines_are_percents_with_bars() -> None:
    # 9 attacking armies, 10 on the territory: the 47.99% of published tables
    out = run("odds risk --attacker 9 --defender 10 --until conquest").stdout.splitlines()
    assert out[3].startswith("the attacker conquers") and "47.99%" in out[3] and "█" in out[3]


def test_frontline_risk_thirty_a_side_is_solved_exactly() -> None:
    result = run_json(
        'odds frontline-risk --attacker "2 armour" --attacker-rear "13 infantry, 15 armour" '
        '--defender "2 infantry" --defender-rear "13 infantry, 15 armour" --when defender:city --until conquest'
    )
    assert result["arithmetic"] == "exact"
    assert Fraction(result["p_attacker_wins"]) + Fraction(result["p_defender_holds"]) == 1


def test_the_solver_is_solve_for_every_start_of_one_chain() -> None:
    """A single fight through `solve` equals its cell of the chart."""
    chart = run_json("odds risk --table 5")
    battle = Battle(attacker=(("army", 5),), defender=(("army", 5),))  # row 5: five attacking armies
    assert solve(RISK, [battle], exact=True).p_attacker_wins == Fraction(chart["p_attacker_wins"][4][4])


def test_a_chart_is_of_whole_fights_so_until_conquest_may_be_said_with_it() -> None:
    assert run_json("odds risk --table 3 --until conquest") == run_json("odds risk --table 3")


def test_a_chart_of_a_ruleset_with_two_kinds_of_unit_is_refused_first_and_its_example_works() -> None:
    error = fails("odds frontline-risk --attacker 3 --defender 3 --table 5")
    assert "needs a ruleset whose fight has one kind of unit" in error
    example = re.search(r"e\.g\. (.*)$", error)
    assert example is not None
    assert run_json(f"odds frontline-risk {example.group(1)}")["p_attacker_wins"]


def test_both_ways_out_of_a_chart_with_counts_work_when_followed() -> None:
    error = fails("odds risk --attacker 3 --defender 3 --table 4")
    assert "leave out --attacker, --defender;" in error
    assert "leave out --table and give --until conquest" in error
    assert len(run_json("odds risk --table 4")["p_attacker_wins"]) == 4
    assert run_json("odds risk --attacker 3 --defender 3 --until conquest")["p_attacker_wins"]


def test_a_misspelt_until_gets_a_did_you_mean_in_one_line() -> None:
    assert fails("odds risk --attacker 3 --defender 3 --until conquer") == (
        "error: unknown --until value 'conquer'; did you mean 'conquest'?"
    )
    assert (
        fails("odds risk --attacker 3 --defender 3 --until xyz")
        == "error: unknown --until value 'xyz'; known: conquest"
    )


def test_territories_in_turn_name_the_first_as_a_territory() -> None:
    said = run("odds risk --attacker 9 --defender 3,2,2 --until conquest").stdout
    assert "at least the first territory " in said and "at least the first 2 " in said
    assert "the first 1 " not in said
