"""Land Battle (docs/examples/landbattle.yaml), simultaneous fire: every unit
rolls its own die and hits on its value or less, both sides lose at once.
Rulings and exact odds, one round and whole fights, are checked against a
brute force written here from the rules' text (LB-1 to LB-5): itertools and
Fraction, never the resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

LAND = "docs/examples/landbattle.yaml"
PRESET = "tests/presets/landbattle.yaml"  # the file as the simultaneous-fire preset wrote it, read through its template
ROUND = "--attacker '2 infantry, artillery' --defender '2 infantry' --attacker-roll 2,4,1 --defender-roll 2,5"

# LB-1, LB-2 and LB-6 as the rulebook says them, kept apart from the file
ATTACK = {"infantry": 1, "artillery": 2, "tank": 3}
DEFEND = {"infantry": 2, "artillery": 2, "tank": 3}
COST_ORDER = ("infantry", "artillery", "tank")  # LB-4: cheapest first
Army = tuple[tuple[str, int], ...]


def values(army: Army, attacking: bool) -> list[int]:
    """The value each unit hits with; each attacking artillery lifts one infantry to 2 (LB-2)."""
    counts = dict(army)
    table = ATTACK if attacking else DEFEND
    out = []
    lifted = min(counts.get("artillery", 0), counts.get("infantry", 0)) if attacking else 0
    for unit, n in army:
        for i in range(n):
            out.append(table[unit] + (unit == "infantry" and i < lifted))
    return out


def brute_round(attacker: Army, defender: Army) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) for every throw of every die, both sides at once (LB-3)."""
    a_values, d_values = values(attacker, True), values(defender, False)
    a_size, d_size = sum(n for _, n in attacker), sum(n for _, n in defender)
    counted: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=len(a_values) + len(d_values)):
        a_hits = sum(f <= v for f, v in zip(faces, a_values))
        d_hits = sum(f <= v for f, v in zip(faces[len(a_values) :], d_values))
        counted[min(d_hits, a_size), min(a_hits, d_size)] += 1
    total = 6 ** (len(a_values) + len(d_values))
    return {key: Fraction(n, total) for key, n in counted.items()}


def lose(army: Army, hits: int) -> Army:
    """Cheapest first (LB-4)."""
    left = dict(army)
    for unit in COST_ORDER:
        take = min(hits, left.get(unit, 0))
        left[unit] = left.get(unit, 0) - take
        hits -= take
    return tuple((unit, left[unit]) for unit in COST_ORDER if left.get(unit))


@cache
def conquers(attacker: Army, defender: Army, stop_at: int = -1) -> Fraction:
    """The chance the attacker ends with units and the defender with none (LB-5),
    a round that hits nobody played again: p = sum p(r) p(next) / (1 - p(nothing))."""
    a_size = sum(n for _, n in attacker)
    if not a_size:
        return Fraction(0)
    if not defender:  # taken, whatever the attacker has left
        return Fraction(1)
    if a_size <= stop_at:  # the attacker retreats
        return Fraction(0)
    chances = brute_round(attacker, defender)
    again = chances.pop((0, 0), Fraction(0))
    total = sum(
        (
            p * conquers(lose(attacker, a_lost), lose(defender, d_lost), stop_at)
            for (a_lost, d_lost), p in chances.items()
        ),
        Fraction(0),
    )
    return total / (1 - again)


def army(text: str) -> Army:
    """'2 infantry, artillery' as the brute force holds it, in the order told."""
    out = []
    for part in text.split(","):
        words = part.split()
        out.append((words[-1], int(words[0]) if len(words) > 1 else 1))
    return tuple(out)


def every_choice(have: Army, count: int) -> list[dict[str, int]]:
    """Every legal set of casualties: `count` units taken from what the side has."""
    ranges = [range(n + 1) for _, n in have]
    return [
        {unit: k for (unit, _), k in zip(have, pick) if k} for pick in itertools.product(*ranges) if sum(pick) == count
    ]


def test_each_unit_hits_on_its_own_value_and_both_sides_lose_at_once() -> None:
    ruling = run_json(f"battle {LAND} {ROUND}")
    # infantry 2 hits only because artillery lifts it to 2 (LB-2); the second infantry needs 1
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"]) == (2, 1)
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 2)
    assert ruling["winner"] is None
    assert ruling["attacker"]["removal_options"] == [{"infantry": 1}, {"artillery": 1}]  # cheapest first, then the rest
    assert ruling["defender"]["removal_options"] == [{"infantry": 2}]
    rules = [step["rule"] for step in ruling["explanation"]]
    assert rules == ["LB-1", "LB-2", "LB-1", "LB-1", "LB-3", "LB-4"]


def test_the_same_face_reads_by_unit_and_by_side() -> None:
    # a 2 misses for an unsupported attacking infantry, hits for a defending one and for a tank
    ruling = run_json(
        f"battle {LAND} --attacker 'infantry, tank' --defender 'infantry' --attacker-roll 2,2 --defender-roll 2"
    )
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"]) == (1, 1)
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(COST_ORDER), min_size=1, max_size=4),
    st.lists(st.sampled_from(COST_ORDER), min_size=1, max_size=3),
    st.data(),
)
def test_a_ruling_lists_every_legal_choice_with_the_stated_one_first(
    attackers: list[str], defenders: list[str], data: st.DataObject
) -> None:
    a_army = tuple(Counter(attackers).items())
    d_army = tuple(Counter(defenders).items())
    a_roll = data.draw(st.lists(st.integers(1, 6), min_size=len(attackers), max_size=len(attackers)))
    d_roll = data.draw(st.lists(st.integers(1, 6), min_size=len(defenders), max_size=len(defenders)))
    told = {side: ", ".join(f"{n} {unit}" for unit, n in force) for side, force in (("a", a_army), ("d", d_army))}
    ruling = run_json(
        f"battle {LAND} --attacker '{told['a']}' --defender '{told['d']}' "
        f"--attacker-roll {','.join(map(str, a_roll))} --defender-roll {','.join(map(str, d_roll))}"
    )
    a_hits = sum(f <= v for f, v in zip(a_roll, values(a_army, True)))
    d_hits = sum(f <= v for f, v in zip(d_roll, values(d_army, False)))
    for side, force, hit_by in (("attacker", a_army, d_hits), ("defender", d_army, a_hits)):
        count = min(hit_by, sum(n for _, n in force))
        assert ruling[f"{side}_loses"] == count
        options = ruling[side]["removal_options"]
        assert sorted(map(sorted, map(dict.items, options))) == sorted(
            map(sorted, map(dict.items, every_choice(force, count) if count else []))
        )
        if count:
            stated = dict(lose(force, 0))
            after = dict(lose(force, count))
            assert options[0] == {u: stated[u] - after.get(u, 0) for u in stated if stated[u] != after.get(u, 0)}


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [("2 infantry, artillery", "2 infantry"), ("infantry, tank", "artillery, infantry"), ("3 infantry", "tank")],
)
def test_odds_of_one_round_are_the_brute_force_sum(attacker: str, defender: str) -> None:
    outcomes = run_json(f"odds {LAND} --attacker '{attacker}' --defender '{defender}'")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert found == brute_round(army(attacker), army(defender))


def hits_by_die(values: list[int]) -> Counter[int]:
    """Hits of dice that each hit on their value or less, over every hit/miss of every die, with Fraction weights."""
    out: Counter[int] = Counter()
    for hit in itertools.product((True, False), repeat=len(values)):
        chance = Fraction(1)
        for h, v in zip(hit, values):
            chance *= Fraction(v, 6) if h else Fraction(6 - v, 6)
        out[sum(hit)] += chance
    return out


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [("8 infantry", "8 infantry"), ("3 infantry, 2 artillery, 3 tank", "4 infantry, 2 artillery, 2 tank")],
)
def test_eight_units_a_side_are_summed_exactly(attacker: str, defender: str) -> None:
    """Dice of one value read alike in any order, as a hit or a miss: 16 dice are a few hundred throws, not 6**16."""
    outcomes = run_json(f"odds {LAND} --attacker '{attacker}' --defender '{defender}'")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    a, d = army(attacker), army(defender)
    expected: Counter[tuple[int, int]] = Counter()
    a_hits, d_hits = hits_by_die(values(a, True)), hits_by_die(values(d, False))
    for (ah, p), (dh, q) in itertools.product(a_hits.items(), d_hits.items()):
        expected[min(dh, sum(n for _, n in a)), min(ah, sum(n for _, n in d))] += p * q
    assert found == dict(expected)


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("2 infantry, artillery", "2 infantry"),
        ("infantry, artillery, tank", "2 infantry, artillery"),
        ("tank", "2 infantry"),
    ],
)
def test_whole_fights_are_the_brute_force_chain(attacker: str, defender: str) -> None:
    odds = run_json(f"odds {LAND} --attacker '{attacker}' --defender '{defender}' --until conquest")
    a, d = army(attacker), army(defender)
    expected = conquers(
        tuple((u, n) for u in COST_ORDER for v, n in a if v == u),
        tuple((u, n) for u in COST_ORDER for v, n in d if v == u),
    )
    assert Fraction(odds["p_attacker_wins"]) == expected
    assert Fraction(odds["p_defender_holds"]) == 1 - expected


def test_a_retreat_stops_the_attacker_as_told() -> None:
    told = "--attacker '3 infantry, artillery' --defender '3 infantry'"
    odds = run_json(f"odds {LAND} {told} --until conquest --stop-at 2")
    start = (("infantry", 3), ("artillery", 1))
    assert Fraction(odds["p_attacker_wins"]) == conquers(start, (("infantry", 3),), 2)
    assert Fraction(odds["p_attacker_wins"]) < Fraction(
        run_json(f"odds {LAND} {told} --until conquest")["p_attacker_wins"]
    )
    stopped = Fraction(odds["p_attack_stops"]["attacker_stopped"])
    out = Fraction(odds["p_attack_stops"]["attacker_out_of_units"])
    assert stopped > 0 and stopped + out == Fraction(odds["p_defender_holds"])
    assert [step["rule"] for step in odds["policy"]] == ["LB-4", "LB-5", "LB-5"]  # order, rounds, retreat


def test_both_gone_at_once_is_no_conquest() -> None:
    # a tank against an infantry: a round where both hit leaves nobody; the attacker has not conquered
    odds = run_json(f"odds {LAND} --attacker tank --defender infantry --until conquest")
    one = brute_round((("tank", 1),), (("infantry", 1),))
    p_conquer = one[(0, 1)] / (1 - one[(0, 0)])
    assert Fraction(odds["p_attacker_wins"]) == p_conquer
    assert Fraction(odds["p_attacker_wins"]) == Fraction(1, 2) / (1 - Fraction(1, 2) * Fraction(2, 3)) * Fraction(2, 3)


def test_the_report_says_both_sides_fire_and_who_may_choose() -> None:
    out = run(f"battle {LAND} {ROUND}").stdout
    assert "Both sides fire at once." in out
    assert "chooses which: infantry or artillery" in out


def _edited(tmp_path: Path, old: str, new: str) -> str:
    text = Path(PRESET).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "landbattle.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def test_a_listed_order_replaces_cheapest_first(tmp_path: Path) -> None:
    path = _edited(tmp_path, "casualties: cheapest", "casualties: [artillery, infantry, tank]")
    ruling = run_json(f"battle {path} {ROUND}")
    assert ruling["attacker"]["removal_options"] == [{"artillery": 1}, {"infantry": 1}]


def test_at_least_reads_the_die_the_other_way(tmp_path: Path) -> None:
    path = _edited(tmp_path, "hits_on: at-most", "hits_on: at-least")
    # infantry attacks at 1 or more (always) and support moves it to 0; defending infantry needs 2 or more
    ruling = run_json(f"battle {path} --attacker infantry --defender infantry --attacker-roll 1 --defender-roll 1")
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"]) == (1, 0)


def _tanks_roll_two_d8(tmp_path: Path) -> str:
    """The file with each tank rolling two d8 of its own."""
    text = "tank: {attacker: 3, defender: 3}"
    path = _edited(tmp_path, text, "tank: {attacker: 3, defender: 3, dice: 2, die: d8}")
    Path(path).write_text(
        Path(path)
        .read_text(encoding="utf-8")
        .replace("faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, 3, 4, 5, 6]\n  d8:\n    faces: [1, 2, 3, 4, 5, 6, 7, 8]"),
        encoding="utf-8",
    )
    return path


def test_a_unit_may_roll_its_own_die_and_several_of_them(tmp_path: Path) -> None:
    path = _tanks_roll_two_d8(tmp_path)
    outcomes = run_json(f"odds {path} --attacker tank --defender infantry")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    tank_hits = Fraction(1) - Fraction(5, 8) ** 2  # two d8, each hitting on 3 or less
    assert found[0, 1] == tank_hits * Fraction(4, 6)
    assert found[1, 1] == tank_hits * Fraction(2, 6)
    whole = run_json(f"odds {path} --attacker tank --defender infantry --until conquest")
    assert Fraction(whole["p_attacker_wins"]) == tank_hits * Fraction(4, 6) / (1 - (1 - tank_hits) * Fraction(4, 6))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("raises: infantry", "raises: infantri", "did you mean 'infantry'"),
        ("casualties: cheapest", "casualties: [infantry, tank]", "says nothing of artillery"),
        ("tank: {attacker: 3, defender: 3}", "tank: {attacker: 3, defender: 3, die: d12}", "unknown die 'd12'"),
        ("faces: [1, 2, 3, 4, 5, 6]", "faces: [one, two, three]", "needs numbered faces"),
        ("      tank: {attacker: 3, defender: 3}\n", "", "'tank' makes this attack but has no"),
    ],
)
def test_the_file_is_checked(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert message in fails(f"validate {_edited(tmp_path, old, new)}")


def test_a_wrong_count_of_faces_is_refused() -> None:
    assert "the attacker rolls 3 dice here" in fails(
        f"battle {LAND} --attacker '2 infantry, artillery' --defender infantry --attacker-roll 1,2 --defender-roll 3"
    )


def typed_faces(d6: list[int], d8: list[int]) -> str:
    """Faces as a player types them: the d6 plain, each tank's two d8 after 'd8:', the d8 first."""
    return " ".join([f"d8:{f}" for f in d8] + [str(f) for f in d6])


def dealt(army: Army, d6: list[int], d8: list[int]) -> list[tuple[str, int]]:
    """Each unit's faces in the order told: d6 faces to the d6 units in turn, two d8 faces to each tank."""
    six, eight = iter(d6), iter(d8)
    return [(unit, next(eight if unit == "tank" else six)) for unit, n in army for _ in range(n * DICE[unit])]


DICE = {"infantry": 1, "artillery": 1, "tank": 2}  # each tank rolls two d8 in this file


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(COST_ORDER), min_size=1, max_size=3, unique=True),
    st.lists(st.sampled_from(COST_ORDER), min_size=1, max_size=3, unique=True),
    st.data(),
)
def test_typed_faces_of_own_dice_are_ruled_as_counted_here(
    tmp_path_factory: pytest.TempPathFactory, attackers: list[str], defenders: list[str], data: st.DataObject
) -> None:
    path = _tanks_roll_two_d8(tmp_path_factory.mktemp("d8"))
    counts = st.integers(1, 2)
    forces = {
        side: tuple((u, data.draw(counts)) for u in units) for side, units in (("a", attackers), ("d", defenders))
    }
    faces, typed, hit = {}, {}, {}
    for side, force in forces.items():
        six, eight = (sum(n * DICE[u] for u, n in force if (u == "tank") == tanks) for tanks in (False, True))
        d6 = data.draw(st.lists(st.integers(1, 6), min_size=six, max_size=six))
        d8 = data.draw(st.lists(st.integers(1, 8), min_size=eight, max_size=eight))
        typed[side] = typed_faces(d6, d8)
        faces[side] = dealt(force, d6, d8)
        # LB-1 and LB-2: an attacking infantry lifted by an artillery hits on 2, each d8 face read on the tank's 3
        lifted = min(dict(force).get("artillery", 0), dict(force).get("infantry", 0)) if side == "a" else 0
        table = ATTACK if side == "a" else DEFEND
        hit[side] = 0
        for unit, face in faces[side]:
            value = table[unit] + (unit == "infantry" and lifted > 0)
            lifted -= unit == "infantry" and lifted > 0
            hit[side] += face <= value
    told = {side: ", ".join(f"{n} {unit}" for unit, n in force) for side, force in forces.items()}
    ruling = run_json(
        f"battle {path} --attacker '{told['a']}' --defender '{told['d']}' "
        f"--attacker-roll '{typed['a']}' --defender-roll '{typed['d']}'"
    )
    assert ruling["attacker"]["rolled"] == [face for _, face in faces["a"]]
    assert ruling["defender"]["rolled"] == [face for _, face in faces["d"]]
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"]) == (hit["a"], hit["d"])
    a_size, d_size = (sum(n for _, n in forces[side]) for side in ("a", "d"))
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (min(hit["d"], a_size), min(hit["a"], d_size))


def test_a_side_of_tanks_alone_types_its_d8_plain_or_by_name(tmp_path: Path) -> None:
    path = _tanks_roll_two_d8(tmp_path)
    base = f"battle {path} --attacker tank --defender 'infantry, tank' --defender-roll '2 d8:4 d8:8'"
    plain = ruling_of(f"{base} --attacker-roll 7,3")
    assert plain == ruling_of(f"{base} --attacker-roll 'd8:7 d8:3'")
    assert plain["attacker"]["rolled"] == [7, 3] and plain["defender"]["rolled"] == [2, 4, 8]
    assert (plain["attacker"]["hits"], plain["defender"]["hits"]) == (1, 1)  # a 3 hits on a tank's 3; 2 on 2


@pytest.mark.parametrize(
    ("attacker_roll", "message"),
    [
        ("7 1 d8:2 d8:3", "an attacker roll of 7 is impossible: the d6 shows 1 to 6 (a d8 face is typed d8:7) (LB-1)"),
        ("1 2 d8:9 d8:3", "an attacker roll of 9 is impossible: the d8 shows 1 to 8 (LB-1)"),
        ("1 2 3 d8:3", "1 d8 face was given: type each d8 face after its name, as in d8:8 (LB-1)"),
        ("1 2 d8:3", "the attacker rolls 4 dice here, but 3 faces were given (LB-1)"),
        ("1 2 d12:3 d8:3", "unknown face 'd12:3'"),
    ],
)
def test_typed_own_dice_are_checked_against_their_die(tmp_path: Path, attacker_roll: str, message: str) -> None:
    path = _tanks_roll_two_d8(tmp_path)
    told = f"battle {path} --attacker 'infantry, tank, artillery' --defender infantry --defender-roll 2"
    assert message in fails(f"{told} --attacker-roll '{attacker_roll}'")


def test_a_die_no_unit_of_the_side_rolls_is_refused(tmp_path: Path) -> None:
    path = _tanks_roll_two_d8(tmp_path)
    told = f"battle {path} --attacker infantry --defender infantry --defender-roll 2"
    assert fails(f"{told} --attacker-roll d8:3") == "error: the attacker rolls no d8 here; it rolls 1 d6 (LB-1)"


def test_seeded_own_dice_are_drawn_each_from_its_die(tmp_path: Path) -> None:
    """The same seed draws the same throw; each side's d8 faces come first where a tank is told first."""
    path = _tanks_roll_two_d8(tmp_path)
    eights: list[int] = []
    for seed in range(10):
        command = f"battle {path} --attacker 'tank, 2 infantry' --defender 'infantry, tank' --seed {seed}"
        ruling = ruling_of(command)
        assert ruling == ruling_of(command)
        a, d = ruling["attacker"]["rolled"], ruling["defender"]["rolled"]
        assert all(f in range(1, 7) for f in a[2:] + d[:1]) and all(f in range(1, 9) for f in a[:2] + d[1:])
        eights += a[:2] + d[1:]
        typed = ruling_of(
            f"battle {path} --attacker 'tank, 2 infantry' --defender 'infantry, tank' "
            f"--attacker-roll '{a[2]} {a[3]} d8:{a[0]} d8:{a[1]}' --defender-roll '{d[0]} d8:{d[1]} d8:{d[2]}'"
        )
        for drawn_or_typed in ("seed", "typed"):  # how the dice came, not what they rule
            typed.pop(drawn_or_typed), ruling.pop(drawn_or_typed)
        assert typed == ruling
    assert max(eights) > 6


def test_seeded_own_dice_draw_what_they_drew_before_typing_them_was_possible(tmp_path: Path) -> None:
    """A seed repeats its throw across versions: these faces were drawn for seed 3
    when each side's d8 were still a group of their own, drawn before its d6."""
    path = _tanks_roll_two_d8(tmp_path)
    ruling = run_json(f"battle {path} --attacker 'tank, 2 infantry, artillery' --defender 'infantry, tank' --seed 3")
    assert (ruling["attacker"]["rolled"], ruling["defender"]["rolled"]) == ([8, 8, 2, 1, 6], [4, 1, 8])
