"""Twilight Imperium's space combat (docs/examples/ti4.yaml), written as stages from
the ruleset guide alone: every ship rolls a d10 against its own combat value (a war
sun three), both sides at once, a dreadnought or war sun sustains one hit, and
destroyers' anti-fighter barrage hits fighters only. Exact odds of a round, of a
barrage and of whole fights against a brute force written here (itertools and
Fraction, never the resolver); rulings on typed and drawn dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

from referee.ruleset.load import load_file
from referee.rulings.battle import Battle
from referee.rulings.ruling import Side
from referee.stages.costs import Costs, costs, stands

TI4 = Path(__file__).resolve().parent.parent / "docs" / "examples" / "ti4.yaml"
BARRAGE = "--attack anti-fighter-barrage"  # a destroyer makes space combat unless told this

COMBAT = {
    "fighter": 9,
    "destroyer": 9,
    "carrier": 9,
    "cruiser": 7,
    "dreadnought": 5,
    "war-sun": 3,
    "damaged-dreadnought": 5,
    "damaged-war-sun": 3,
}
DICE = {"war-sun": 3, "damaged-war-sun": 3}
SUSTAINS = {"dreadnought", "war-sun"}
# The fight's stated order of casualties (TI-5), first lost first.
ORDER = [
    "fighter",
    "destroyer",
    "carrier",
    "cruiser",
    "damaged-dreadnought",
    "dreadnought",
    "damaged-war-sun",
    "war-sun",
]
D10 = range(1, 11)

Fleet = tuple[tuple[str, int], ...]


def fleet(text: str) -> Fleet:
    """'2 cruiser, dreadnought' as ((kind, count), ...)."""
    out = []
    for part in text.split(","):
        words = part.split()
        out.append((words[-1], int(words[0]) if len(words) == 2 else 1))
    return tuple(out)


def combat_values(ships: Fleet, boost: int = 0) -> list[int]:
    """The combat value of each die the fleet rolls; Morale Boost's +1 to each roll (TI-7) is one less to reach."""
    return [COMBAT[kind] - boost for kind, count in ships for _ in range(count * DICE.get(kind, 1))]


@cache
def hits(values: tuple[int, ...]) -> dict[int, Fraction]:
    """The hits of dice with these combat values, over every face of every die."""
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=len(values)):
        out[sum(face >= value for face, value in zip(throw, values, strict=True))] += 1
    return {n: Fraction(c, 10 ** len(values)) for n, c in out.items()}


def strength(ships: Fleet) -> int:
    """The hits a fleet can take: one a ship, two a ship that sustains damage (TI-4)."""
    return sum(count * (2 if kind in SUSTAINS else 1) for kind, count in ships)


def brute_round(attacker: str, defender: str, boosts: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) of one round, both sides rolling at once, each side's rolls plus its boost."""
    mine, theirs = fleet(attacker), fleet(defender)
    out: dict[tuple[int, int], Fraction] = {}
    for (a, pa), (d, pd) in itertools.product(
        hits(tuple(combat_values(mine, boosts[0]))).items(), hits(tuple(combat_values(theirs, boosts[1]))).items()
    ):
        key = (min(d, strength(mine)), min(a, strength(theirs)))
        out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def odds(command: str) -> dict[tuple[int, int], Fraction]:
    found = run_json(f"odds {TI4} {command}")["outcomes"]
    return {(o.get("attacker_loses", 0), o["defender_loses"]): Fraction(o["probability"]) for o in found}


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("2 cruiser, dreadnought", "war-sun"),
        ("3 fighter, carrier", "2 destroyer, cruiser"),
        ("dreadnought", "dreadnought"),
        ("war-sun", "2 fighter"),
        ("2 fighter, dreadnought", "cruiser, 2 fighter"),
        ("damaged-dreadnought, cruiser", "damaged-war-sun"),
    ],
)
def test_a_round_of_space_combat_is_the_brute_force(attacker: str, defender: str) -> None:
    assert odds(f"--attacker '{attacker}' --defender '{defender}'") == brute_round(attacker, defender)


def test_every_ship_hits_on_its_own_value_typed() -> None:
    command = (
        f"battle {TI4} --attacker '2 cruiser, dreadnought, 2 fighter' --defender 'war sun, 3 fighters'"
        " --attacker-roll 7,3,5,9,10 --defender-roll 3,4,8,9,ten,2"
    )
    ruling = run_json(command)
    assert ruling["defender"]["rolled"] == [3, 4, 8, 9, 10, 2]
    assert (ruling["attacker"]["symbols"], ruling["defender"]["symbols"]) == ({"hit": 4}, {"hit": 5})
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (5, 4)
    assert ruling["loss"] == "hit"
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-1", "the defender rolls 6 dice (3 per war sun, 1 per fighter)") in texts
    assert (
        "TI-2",
        "the attacker's dice hit by their units: 2 cruisers on 7 or more, dreadnought on 5 or more,"
        " 2 fighters on 9 or more",
    ) in texts
    assert "The attacker loses 5 hits. The defender loses 4 hits." in run(command).stdout


def test_a_war_sun_sustains_one_hit_and_the_rest_is_wasted() -> None:
    ruling = run_json(f"battle {TI4} --attacker dreadnought --defender war-sun --attacker-roll 5 --defender-roll 9,9,9")
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-4", "the attacker has only 2 hits: 1 more is wasted") in texts


def test_a_damaged_ship_takes_one_hit() -> None:
    ruling = run_json(
        f"battle {TI4} --attacker 'damaged dreadnought, cruiser' --defender 'damaged war sun'"
        " --attacker-roll 5,7 --defender-roll 1,3,3"
    )
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-4", "the defender has only 1 hit: 1 more is wasted") in texts


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_drawn_dice_hit_by_the_ship_that_rolls_them(seed: int) -> None:
    command = f"battle {TI4} --attacker 'war sun, 2 fighter' --defender '2 cruiser, destroyer' --seed {seed}"
    ruling = ruling_of(command)
    assert ruling == ruling_of(command)
    a, d = ruling["attacker"]["rolled"], ruling["defender"]["rolled"]
    a_hits = sum(face >= value for face, value in zip(a, [3, 3, 3, 9, 9], strict=True))
    d_hits = sum(face >= value for face, value in zip(d, [7, 7, 9], strict=True))
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (min(d_hits, 4), min(a_hits, 3))


def test_a_face_the_d10_cannot_show_is_refused_citing_the_dies_rule() -> None:
    refused = fails(f"battle {TI4} --attacker cruiser --defender fighter --attacker-roll 11 --defender-roll 1")
    assert refused == "error: an attacker roll of 11 is impossible: the d10 shows 1 to 10 (TI-2)"
    refused = fails(f"battle {TI4} --attacker cruiser --defender fighter --attacker-roll eleven --defender-roll 1")
    assert refused.startswith("error: unknown face 'eleven'") and refused.endswith("(TI-2)")


@pytest.mark.parametrize("typed", ["0", "10", "ten", "zero"])
def test_the_d10s_zero_is_typed_as_the_die_prints_it(typed: str) -> None:
    # The die prints its 10 as 0; '0' is an alias of the face 10 (quoted in the file), so typed it is a 10.
    ruling = run_json(
        f"battle {TI4} --attacker cruiser --defender war-sun --attacker-roll {typed} --defender-roll 2,{typed},0"
    )
    assert ruling["attacker"]["rolled"] == [10] and ruling["defender"]["rolled"] == [2, 10, 10]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)


@pytest.mark.parametrize(("barrages", "fighters"), [(1, 1), (1, 3), (2, 2), (3, 5)])
def test_anti_fighter_barrage_hits_fighters_only(barrages: int, fighters: int) -> None:
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=2 * barrages):
        out[min(sum(face >= 9 for face in throw), fighters)] += 1
    brute = {(0, n): Fraction(c, 10 ** (2 * barrages)) for n, c in out.items()}
    assert odds(f"--attacker '{barrages} destroyer' --defender '{fighters} fighter' {BARRAGE}") == brute


def test_a_barrage_typed() -> None:
    told = f"battle {TI4} --attacker '2 dd' --defender '3 fighters' {BARRAGE} --attacker-roll 9,2,10,9"
    ruling = run_json(told)
    assert (ruling["attack"], ruling["defender_loses"], ruling["loss"]) == ("anti-fighter-barrage", 3, "fighter")
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-6", "the attacker rolls 4 dice (2 per destroyer)") in texts
    untold = run_json(f"battle {TI4} --attacker '2 dd' --defender '3 fighters' --attacker-roll 9,2")
    assert (untold["attack"], untold["defender_loses"]) == ("space-combat", 1)  # untold: space combat, 9 and up


def brute_fight(attacker: str, defender: str, boost: int = 0) -> Fraction:
    """The chance the attacker destroys every defending ship and keeps one, over rounds
    until a side is gone: each side's hits go first to its ships that can sustain damage,
    one each, then to its ships in the stated order, one ship at a time (the file's house
    order, TI-5); the attacker's rolls plus `boost` in every round (a situation named for a
    whole fight holds in each)."""

    def line(ships: Fleet) -> tuple[tuple[str, int], ...]:
        counts = dict(ships)
        return tuple((kind, 2 if kind in SUSTAINS else 1) for kind in ORDER for _ in range(counts.get(kind, 0)))

    def take(ships: tuple[tuple[str, int], ...], losses: int) -> tuple[tuple[str, int], ...]:
        left = list(ships)
        for i, (kind, toughness) in enumerate(left):  # sustain damage first: one hit each
            if losses and toughness > 1:
                left[i], losses = (kind, toughness - 1), losses - 1
        left.sort(key=lambda ship: (ORDER.index(ship[0]), ship[1]))  # a damaged ship goes before its kind's others
        while losses and left:
            kind, toughness = left[0]
            spent = min(losses, toughness)
            losses -= spent
            left[0] = (kind, toughness - spent)
            if left[0][1] == 0:
                left.pop(0)
        return tuple(left)

    @cache
    def win(mine: tuple[tuple[str, int], ...], theirs: tuple[tuple[str, int], ...]) -> Fraction:
        if not theirs:
            return Fraction(int(bool(mine)))
        if not mine:
            return Fraction(0)
        a_hits = hits(tuple(COMBAT[kind] - boost for kind, _ in mine for _ in range(DICE.get(kind, 1))))
        d_hits = hits(tuple(COMBAT[kind] for kind, _ in theirs for _ in range(DICE.get(kind, 1))))
        stay, moved = Fraction(0), Fraction(0)
        for (a, pa), (d, pd) in itertools.product(a_hits.items(), d_hits.items()):
            if a == d == 0:
                stay += pa * pd
            else:
                moved += pa * pd * win(take(mine, d), take(theirs, a))
        return moved / (1 - stay)

    return win(line(fleet(attacker)), line(fleet(defender)))


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("cruiser, dreadnought", "war-sun"),
        ("2 fighter, dreadnought", "cruiser, 2 fighter"),
        ("dreadnought", "2 cruiser"),
        ("damaged-dreadnought, 2 fighter", "dreadnought"),
        ("2 cruiser, dreadnought", "war-sun, 2 fighter"),
    ],
)
def test_a_whole_fight_is_the_brute_force(attacker: str, defender: str) -> None:
    found = run_json(f"odds {TI4} --attacker '{attacker}' --defender '{defender}' --until conquest")
    assert Fraction(found["p_attacker_wins"]) == brute_fight(attacker, defender)


def test_a_fight_played_deals_each_rounds_faces_in_the_order_of_casualties() -> None:
    # Told "dreadnought, 2 fighter", a played fight lists (and deals faces to) the fighters first.
    ruling = run_json(
        f"battle {TI4} --attacker 'dreadnought, 2 fighter' --defender '2 fighter' --until conquest"
        " --attacker-roll '9,9,1' --defender-roll '1,1'"
    )
    first = ruling["rounds"][0]
    assert first["attacker"]["units"] == {"fighter": 2, "dreadnought": 1}
    assert first["defender_loses"] == 2 and ruling["winner"] == "attacker"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "only ranked-pairs attacks read states, and its attack 'space-combat' is staged"),
        ("nl", "alleen ranked-pairs-aanvallen lezen toestanden"),
        ("de", "nur ranked-pairs-Angriffe lesen Zustände"),
        ("zh-Hant", "只有 ranked-pairs 攻擊讀取狀態"),
    ],
)
def test_states_on_a_ship_of_a_staged_attack_are_refused_at_load(tmp_path: Path, lang: str, said: str) -> None:
    # A damaged dreadnought typed as a state would be dropped (it took two hits): the file is refused instead.
    ships = "  dreadnought: {attack: space-combat, aliases: [dreadnoughts, dread, dreads]}\n"
    text = TI4.read_text(encoding="utf-8")
    assert ships in text
    text = text.replace(ships, ships.replace("]}", "], states: [intact, damaged]}"))
    text = text.replace("\nunits:\n", "\nstates:\n  intact: {rule: TI-4}\n  damaged: {rule: TI-4}\n\nunits:\n")
    path = tmp_path / "ti4.yaml"
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("  dreadnought:"))
    refused = fails(f"--lang {lang} validate {path}")
    assert f"{path}:{line}:" in refused and "units.dreadnought.states" in refused
    assert said in refused


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "each side loses its units in this order: fighter, then destroyer,"),
        ("nl", "elke kant verliest zijn eenheden in deze volgorde: fighter, dan destroyer,"),
        ("de", "jede Seite verliert ihre Einheiten in dieser Reihenfolge: fighter, dann destroyer,"),
        ("zh-Hant", "雙方按此次序失去單位：fighter，然後destroyer，"),
    ],
)
def test_a_whole_fights_order_of_casualties_names_the_units_of_its_attack_only(lang: str, said: str) -> None:
    command = f"--lang {lang} odds {TI4} --attacker 'cruiser, dreadnought' --defender war-sun --until conquest"
    policy = run_json(command)["policy"][0]
    assert policy["rule"] == "TI-5" and policy["text"].startswith(said)
    assert policy["values"]["order"]["items"][-1] == "war sun"  # not the barrage, a unit of another attack
    assert "".join(said.split()) in "".join(run(command).stdout.split())


def test_german_rulings_put_each_side_in_the_genitive() -> None:
    ruling = run_json(
        f"--lang de battle {TI4} --attacker 'cruiser, dreadnought' --defender 'war sun'"
        " --attacker-roll 7,3 --defender-roll 3,4,8"
    )
    texts = [s["text"] for s in ruling["explanation"] if s["rule"] == "TI-2"]
    assert "die Würfel des Angreifers treffen nach ihren Einheiten: cruiser bei 7 oder mehr," in texts[0]
    assert texts[1].startswith("die Würfel des Verteidigers treffen nach ihren Einheiten: war sun bei 3 oder mehr")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the attacking units choose the attack, each making one its file gives it;"),
        ("nl", "de aanvallende eenheden kiezen de aanval"),
        ("de", "die angreifenden Einheiten wählen den Angriff"),
        ("zh-Hant", "攻擊由進攻單位決定"),
    ],
)
def test_an_attack_told_that_other_units_make_is_refused_naming_them(lang: str, said: str) -> None:
    # A destroyer makes space combat and also anti-fighter barrage; a cruiser makes space combat only.
    for command in ("battle", "odds"):
        refused = fails(f"--lang {lang} {command} {TI4} {BARRAGE} --attacker 'destroyer, cruiser' --defender fighter")
        assert refused.startswith(
            ("error: --attack anti-fighter-barrage:", "fout: --attack", "Fehler: --attack", "錯誤：--attack")
        )
        assert said in refused and "anti-fighter barrage" in refused and "TI-6" in refused
    if lang == "en":
        assert refused.endswith("the units that make anti-fighter barrage: destroyer (TI-6)")


def test_an_attack_told_is_one_the_attacking_units_make() -> None:
    told = f"odds {TI4} --attacker '2 destroyer' --defender '3 fighters'"
    assert run_json(f"{told} --attack 'anti-fighter barrage'") == run_json(f"{told} {BARRAGE}")
    assert run_json(f"{told} --attack 'space combat'") == run_json(told)  # the one a destroyer makes untold
    assert run_json(f"{told} {BARRAGE}") != run_json(told)
    assert run_json(f"battle {TI4} --attack space-combat --attacker cruiser --defender fighter --seed 3")["attack"]
    assert fails(f"odds {TI4} --attack melee --attacker cruiser --defender fighter") == (
        "error: unknown attack 'melee'; known: anti-fighter barrage, space combat"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the defender's PDS has no value in a space combat, so it cannot take part"),
        ("nl", "PDS van de verdediger heeft geen waarde in een space combat"),
        ("de", "PDS des Verteidigers hat keinen Wert bei: space combat"),
        ("zh-Hant", "防守方的PDS在space combat中沒有數值"),
    ],
)
def test_a_unit_its_roll_gives_no_value_is_refused_not_rolled_no_dice(tmp_path: Path, lang: str, said: str) -> None:
    # A unit that makes only the barrage, told as a defender in space combat, has no value in its roll:
    # refused, never 0 dice unsaid.
    path = boosted(tmp_path, "values: {destroyer: 2}", "values: {destroyer: 2, pds: 1}")
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "\nattacks:", "\n  pds: {attack: anti-fighter-barrage, label: PDS}\nattacks:"
        ),
        encoding="utf-8",
    )
    for command in (
        f"--lang {lang} battle {path} --attacker cruiser --defender 'fighter, pds' --attacker-roll 7",
        f"--lang {lang} battle {path} --attacker cruiser --defender pds --attacker-roll 7 --defender-roll 9,9",
        f"--lang {lang} odds {path} --attacker cruiser --defender pds",
        f"--lang {lang} odds {path} --attacker cruiser --defender pds --until conquest",
    ):
        refused = fails(command)
        assert said in refused and refused.endswith(("(TI-1)", "（TI-1）"))
    if lang == "en":
        assert refused.endswith(
            "the file gives one to fighter, destroyer, carrier, cruiser, dreadnought, war sun,"
            " damaged dreadnought, damaged war sun (TI-1)"
        )


def test_a_ship_its_own_attack_leaves_out_of_the_roll_is_refused_at_load(tmp_path: Path) -> None:
    # A carrier makes space combat: left out of the attacker's values it would roll no dice unsaid.
    text = TI4.read_text(encoding="utf-8")
    values = "values: {fighter: 1, destroyer: 1, carrier: 1, "
    assert text.count(values) == 1
    path = tmp_path / "ti4.yaml"
    path.write_text(text.replace(values, "values: {fighter: 1, destroyer: 1, "), encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if values in row)
    refused = fails(f"validate {path}")
    assert refused == (
        f"error: {path}:{line}:17: attacks.space-combat.attacker.roll.values:"
        " 'carrier' makes this attack but has no value here: give it one (0 if it rolls no dice)"
    )
    assert fails(f"--lang nl validate {path}").endswith(
        "'carrier' doet deze aanval maar heeft hier geen waarde: geef het er een (0 als het geen dobbelstenen gooit)"
    )


def test_sustain_damage_is_cited_by_its_own_rule_and_a_cap_without_one_by_the_costs() -> None:
    # cite.strength gives the cap of strength (sustain damage, TI-4) its rule; the barrage cites none: its costs'.
    ruling = run_json(f"battle {TI4} --attacker cruiser --defender dreadnought --attacker-roll 7 --defender-roll 1")
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-3", "the defender loses 1 hit") in texts
    assert not any(rule == "TI-4" for rule, _ in texts)  # one hit on a dreadnought: no cap applies
    ruling = run_json(
        f"battle {TI4} --attacker '3 cruiser' --defender dreadnought --attacker-roll 7,8,9 --defender-roll 1"
    )
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert texts[-2:] == [
        ("TI-4", "the defender has only 2 hits: 1 more is wasted"),
        ("TI-3", "the defender loses 2 hits"),
    ]
    barrage = run_json(f"battle {TI4} --attacker destroyer --defender fighter {BARRAGE} --attacker-roll 9,9")
    texts = [(s["rule"], s["text"]) for s in barrage["explanation"]]
    assert ("TI-6", "the defender has only 1 fighter: 1 more is wasted") in texts


@pytest.mark.parametrize(
    ("attacker", "defender", "when", "boosts"),
    [
        ("2 cruiser, dreadnought", "war-sun", "attacker:morale-boost", (1, 0)),
        ("3 fighter, carrier", "2 destroyer, cruiser", "defender:'morale boost'", (0, 1)),
        ("dreadnought, fighter", "damaged-war-sun", "attacker:boost --when defender:boost", (1, 1)),
    ],
)
def test_morale_boost_adds_one_to_every_roll_of_its_side_as_the_brute_force(
    attacker: str, defender: str, when: str, boosts: tuple[int, int]
) -> None:
    found = odds(f"--attacker '{attacker}' --defender '{defender}' --when {when}")
    assert found == brute_round(attacker, defender, boosts)
    assert found != brute_round(attacker, defender)


def test_morale_boost_typed_says_each_ships_number_on_the_die_under_its_own_rule() -> None:
    ruling = run_json(
        f"battle {TI4} --attacker '2 cruiser, dreadnought' --defender 'war sun' --when attacker:morale-boost"
        " --attacker-roll 6,6,4 --defender-roll 2,3,4"
    )
    assert (ruling["attacker"]["symbols"], ruling["defender"]["symbols"]) == ({"hit": 3}, {"hit": 2})
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert texts[2:5] == [
        ("TI-7", "morale-boost: +1 to every die of the attacker"),
        ("TI-2", "the attacker's dice hit by their units: 2 cruisers on 6 or more, dreadnought on 4 or more"),
        ("TI-2", "the defender's dice hit by their units: war sun on 3 or more"),
    ]
    said = run_json(
        f"--lang de battle {TI4} --attacker cruiser --defender fighter --when attacker:boost"
        " --attacker-roll 6 --defender-roll 9"
    )["explanation"][2]
    assert (said["rule"], said["text"]) == ("TI-7", "morale-boost: +1 auf jeden Würfel des Angreifers")


def boosted(tmp_path: Path, old: str, new: str) -> Path:
    """ti4.yaml with one piece of its text written otherwise."""
    text = TI4.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "ti4.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize(("barrages", "fighters"), [(1, 2), (2, 3)])
def test_a_change_adds_to_an_aim_at_one_number_as_the_brute_force(tmp_path: Path, barrages: int, fighters: int) -> None:
    # Not by unit: the barrage's aim at 9, here with a change by situation, hits on 8+ on the die.
    path = boosted(
        tmp_path, "read: {aim: {number: 9}}", "read: {aim: {number: 9, changes: [{when: morale-boost, plus: 1}]}}"
    )
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=2 * barrages):
        out[min(sum(face + 1 >= 9 for face in throw), fighters)] += 1
    brute = {(0, n): Fraction(c, 10 ** (2 * barrages)) for n, c in out.items()}
    found = run_json(
        f"odds {path} --attacker '{barrages} destroyer' --defender '{fighters} fighter' {BARRAGE} --when attacker:boost"
    )
    assert {(0, o["defender_loses"]): Fraction(o["probability"]) for o in found["outcomes"]} == brute
    ruling = run_json(
        f"battle {path} --attacker dd --defender '2 fighter' {BARRAGE} --when attacker:boost --attacker-roll 8,7"
    )
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert texts[1:3] == [
        ("TI-7", "morale-boost: +1 to every die of the attacker"),
        ("TI-6", "a die +1 hits on 9: 8+ on the die"),
    ]
    assert ruling["defender_loses"] == 1


def test_an_aims_change_names_a_situation_the_file_has(tmp_path: Path) -> None:
    path = boosted(tmp_path, "{when: morale-boost, plus: 1}", "{when: morale-bost, plus: 1}")
    refused = fails(f"validate {path}")
    assert "attacks.space-combat.attacker.read.aim.changes[0].when: unknown situation 'morale-bost'" in refused
    assert "did you mean 'morale-boost'" in refused


def test_a_follow_up_rolls_aim_does_not_change_by_situation(tmp_path: Path) -> None:
    legion = Path(__file__).resolve().parent.parent / "docs" / "examples" / "legion.yaml"
    text = legion.read_text(encoding="utf-8")
    aim = "          aim: {number: 6}\n"
    assert text.count(aim) == 1
    text = text.replace(aim, "          aim: {number: 6, changes: [{when: cover, plus: 1}]}\n")
    path = tmp_path / "legion.yaml"
    path.write_text(text, encoding="utf-8")
    refused = fails(f"validate {path}")
    assert refused.endswith(
        "attacks.ranged.follow.steps[0].aim.changes: a follow-up roll's number does not change by situation:"
        " 'changes' belong to a side's read.aim"
    )


@pytest.mark.parametrize(
    ("barrages", "fleet_told", "fighters"),
    [(1, "carrier, 2 fighter", 2), (2, "fighter, carrier, dreadnought", 1), (1, "war sun, cruiser", 0)],
)
def test_a_barrage_against_a_whole_fleet_destroys_its_fighters_only(
    barrages: int, fleet_told: str, fighters: int
) -> None:
    # Every other ship has strength 0 against a barrage (TI-6): hits beyond the fighters have no effect.
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=2 * barrages):
        out[min(sum(face >= 9 for face in throw), fighters)] += 1
    brute = {(0, n): Fraction(c, 10 ** (2 * barrages)) for n, c in out.items()}
    assert odds(f"--attacker '{barrages} destroyer' --defender '{fleet_told}' {BARRAGE}") == brute


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the defender can take no fighters: 2 are wasted"),
        ("nl", "de verdediger kan geen fighters verliezen: 2 gaan verloren"),
        ("de", "der Verteidiger kann keine fighters verlieren: 2 verfallen"),
        ("zh-Hant", "防守方沒有可承受的fighters：2 個作廢"),
    ],
)
def test_a_barrage_at_ships_that_take_none_of_its_hits_wastes_them(lang: str, said: str) -> None:
    told = f"--attacker dd --defender 'carrier, cruiser' {BARRAGE} --attacker-roll 9,10"
    ruling = run_json(f"--lang {lang} battle {TI4} {told}")
    assert ruling["defender_loses"] == 0 and ruling["attacker"]["symbols"] == {"hit": 2}
    assert (ruling["explanation"][-1]["rule"], ruling["explanation"][-1]["text"]) == ("TI-6", said)


def test_a_strength_of_0_beside_a_whole_fight_is_refused_at_load(tmp_path: Path) -> None:
    # A fight gives a round's losses to units in its order of casualties: a ship that takes none cannot be in it.
    path = boosted(tmp_path, "strength: {fighter: 1, destroyer: 1,", "strength: {fighter: 1, destroyer: 0,")
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "destroyer: 0," in row)
    refused = fails(f"validate {path}")
    assert refused.startswith(f"error: {path}:{line}:")
    assert refused.endswith(
        "attacks.space-combat.costs.strength.destroyer: 'destroyer' takes none of this attack's losses (strength 0),"
        " but a whole fight gives a round's losses to the units in its order of casualties: give it a strength,"
        " or leave out 'fight'"
    )


def test_a_side_with_a_unit_of_strength_0_is_never_eliminated_by_the_rest_of_its_losses() -> None:
    # Unit level: a fighter lost beside a carrier the attack cannot hurt leaves the side standing, and its retreat.
    rules = load_file(TI4)
    spec = Costs(losses=("hit",), retreats=("flag",), strength={"fighter": 1, "carrier": 0})
    mixed = Battle(attacker=(("destroyer", 1),), defender=(("fighter", 1), ("carrier", 1)))
    alone = Battle(attacker=(("destroyer", 1),), defender=(("fighter", 1),))
    kept = {Side.ATTACKER: {"hit": 3, "flag": 1}, Side.DEFENDER: {}}
    loses, retreats, steps = costs(rules, spec, kept, mixed, ("TI-6", "TI-4"))
    assert (loses[Side.DEFENDER], retreats[Side.DEFENDER]) == (1, 1)
    assert [s.rule for s in steps if s.message == "costs.capped"] == ["TI-4"]
    assert not any(s.message == "costs.eliminated" for s in steps)
    loses, retreats, steps = costs(rules, spec, kept, alone, ("TI-6", "TI-4"))
    assert (loses[Side.DEFENDER], retreats[Side.DEFENDER]) == (1, 0)
    assert any(s.message == "costs.eliminated" for s in steps)
    assert stands(spec, mixed, Side.DEFENDER, 1, 0) and not stands(spec, alone, Side.DEFENDER, 1, 0)
    assert stands(spec, Battle(attacker=(), defender=(("carrier", 2),)), Side.DEFENDER, 0, 0)


def test_morale_boost_named_for_a_whole_fight_holds_in_every_round() -> None:
    told = f"odds {TI4} --attacker 'cruiser, dreadnought' --defender war-sun --until conquest"
    boosted_fight = Fraction(run_json(f"{told} --when attacker:morale-boost")["p_attacker_wins"])
    assert boosted_fight == brute_fight("cruiser, dreadnought", "war-sun", boost=1)
    assert boosted_fight > brute_fight("cruiser, dreadnought", "war-sun")
