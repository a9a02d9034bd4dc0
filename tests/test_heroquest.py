"""docs/examples/heroquest.yaml: HeroQuest's combat, Attack dice against
Defend dice, a hero blocking on white shields and a monster on black ones,
every skull left one Body Point, capped at the figure's Body. Exact odds
against a brute force written here with itertools and Fraction (every face
of every attack die, every face of every defence die), typed and drawn
rulings, the Armory's dice as situations, and a ruling in Dutch."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

HEROQUEST = Path(__file__).resolve().parent.parent / "docs" / "examples" / "heroquest.yaml"

COMBAT = ("skull",) * 3 + ("white-shield",) * 2 + ("black-shield",)  # HQ-3
HEROES = {"barbarian", "dwarf", "elf", "wizard"}
# HQ-2, HQ-6: Attack, Defend, Body
STATS = {
    "barbarian": (3, 2, 8),
    "dwarf": (2, 2, 7),
    "elf": (2, 2, 6),
    "wizard": (1, 2, 4),
    "goblin": (2, 1, 1),
    "orc": (3, 2, 1),
    "fimir": (3, 3, 2),
    "chaos-warrior": (3, 4, 3),
    "gargoyle": (4, 5, 3),
    "skeleton": (2, 2, 1),
    "zombie": (2, 3, 1),
    "mummy": (3, 4, 2),
}
# HQ-7 to HQ-9: the dice a situation adds, by side
EXTRA = {"broadsword": 1, "courage": 2, "helmet": 1, "shield": 1, "plate-armour": 2, "rock-skin": 1}


def counted(dice: int, face: str) -> Counter[int]:
    """Every throw of `dice` combat dice, by how many show `face`."""
    return Counter(sum(f == face for f in throw) for throw in itertools.product(COMBAT, repeat=dice))


def brute(attacker: str, defender: str, more_attack: int = 0, more_defend: int = 0) -> dict[int, Fraction]:
    """Body Points lost by chance: skulls (HQ-3) less the defender's shields of
    its kind (HQ-3, HQ-4), never below none nor past its Body (HQ-5, HQ-6)."""
    attack = STATS[attacker][0] + more_attack
    defend = STATS[defender][1] + more_defend
    shield = "white-shield" if defender in HEROES else "black-shield"
    out: Counter[int] = Counter()
    for (hits, n), (blocks, m) in itertools.product(counted(attack, "skull").items(), counted(defend, shield).items()):
        out[min(max(hits - blocks, 0), STATS[defender][2])] += n * m
    total = 6 ** (attack + defend)
    return {lost: Fraction(n, total) for lost, n in out.items()}


@pytest.mark.parametrize(
    ("attacker", "defender", "when"),
    [
        ("barbarian", "chaos-warrior", ()),
        ("gargoyle", "elf", ()),
        ("goblin", "wizard", ()),
        ("mummy", "barbarian", ()),
        ("dwarf", "gargoyle", ("attacker:broadsword", "attacker:courage")),
        ("fimir", "dwarf", ("defender:helmet", "defender:shield", "defender:plate-armour")),
        ("orc", "wizard", ("defender:rock-skin",)),
    ],
)
def test_heroquest_odds_are_the_brute_force(attacker: str, defender: str, when: tuple[str, ...]) -> None:
    told = "".join(f" --when {w}" for w in when)
    outcomes = run_json(f"odds {HEROQUEST} --attacker {attacker} --defender {defender}{told}")["outcomes"]
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    more = [sum(EXTRA[w.split(":")[1]] for w in when if w.startswith(side)) for side in ("attacker", "defender")]
    assert found == brute(attacker, defender, *more)
    assert sum(found.values()) == 1


def test_a_typed_blow_counts_skulls_less_shields_in_body_points() -> None:
    command = (
        f"battle {HEROQUEST} --attacker barbarian --defender orc --no-journal"
        " --attacker-roll skull,skull,white-shield --defender-roll black-shield,skull"
    )
    ruling = run_json(command)
    steps = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("HQ-2", "the attacker rolls 3 dice (3 per Barbarian)") in steps
    assert ("HQ-2", "the defender rolls 2 dice (2 per Orc)") in steps
    assert ("HQ-3", "the defender rolled black-shield, skull: block 1") in steps
    assert ("HQ-4", "the defender cancels hit 1 with block 1") in steps
    assert (ruling["defender_loses"], ruling["loss"], ruling["attacker_loses"]) == (1, "Body Point", 0)
    assert "The defender loses 1 Body Point." in run(command).stdout


@pytest.mark.parametrize(("defender", "lost"), [("dwarf", 1), ("fimir", 2)])
def test_a_hero_blocks_on_white_shields_and_a_monster_on_black(defender: str, lost: int) -> None:
    command = (
        f"battle {HEROQUEST} --attacker orc --defender {defender} --no-journal"
        " --attacker-roll skull,skull,skull --defender-roll black-shield,white-shield,white-shield"
    )
    told = "--when defender:helmet" if defender == "dwarf" else ""
    assert run_json(f"{command} {told}")["defender_loses"] == lost


def test_hits_past_the_body_are_wasted() -> None:
    command = (
        f"battle {HEROQUEST} --attacker barbarian --defender goblin --no-journal"
        " --attacker-roll skull,skull,skull --defender-roll white-shield"
    )
    ruling = run_json(command)
    assert ruling["defender_loses"] == 1
    assert ("HQ-6", "the defender has only 1 Body Point: 2 more are wasted") in [
        (s["rule"], s["text"]) for s in ruling["explanation"]
    ]


def test_the_armory_adds_dice_only_to_the_heroes_who_may_use_it() -> None:
    command = f"battle {HEROQUEST} --attacker goblin --defender elf --no-journal --attacker-roll skull,skull"
    armoured = f"{command} --when defender:helmet --when defender:shield"
    ruling = run_json(f"{armoured} --defender-roll black-shield,white-shield,white-shield,skull")
    assert (ruling["defender"]["dice"], ruling["defender_loses"]) == (4, 0)
    assert "helmet: 1 die more for the defender" in [s["text"] for s in ruling["explanation"]]
    assert "the defender rolls 4 dice here, but 2 faces were given (HQ-2)" in fails(
        f"{armoured} --defender-roll white-shield,white-shield"
    )
    assert "at most 1 can take part (HQ-2)" in fails(command.replace("goblin", "'2 goblin'"))


@pytest.mark.parametrize("seed", range(1, 6))
def test_drawn_blows_rule_as_the_same_dice_typed(seed: int) -> None:
    command = f"battle {HEROQUEST} --attacker gargoyle --defender barbarian --when defender:chain-mail --no-journal"
    drawn = run_json(f"{command} --seed {seed}")
    typed = " ".join(f"--{side}-roll {','.join(drawn[side]['rolled'])}" for side in ("attacker", "defender"))
    again = run_json(f"{command} {typed}")
    assert (again["defender_loses"], again["defender"]["symbols"]) == (
        drawn["defender_loses"],
        drawn["defender"]["symbols"],
    )
    assert len(drawn["defender"]["rolled"]) == 3


def test_a_blow_in_dutch_reads_the_file_s_words() -> None:
    out = run(
        f"--lang nl battle {HEROQUEST} --attacker ork --defender dwerg --no-journal"
        " --attacker-roll schedel,schedel,schedel --defender-roll 'zwart schild,wit schild'"
    ).stdout
    assert "De verdediger verliest 2 Lichaamspunten." in out
    assert "de verdediger heft treffer 1 op met afweer 1" in out
    assert "hun eigen dobbelstenen" not in out  # a dwarf reads the side's way: nothing of its own to say
    out = run(
        f"--lang nl battle {HEROQUEST} --attacker dwerg --defender ork --no-journal"
        " --attacker-roll schedel,schedel --defender-roll 'zwart schild,wit schild'"
    ).stdout
    assert "hun eigen dobbelstenen: Ork: 2 gevechtsdobbelsteen" in out  # the die's name is one of the file's words
    assert "de verdediger verliest 1 Lichaamspunt" in out


@pytest.mark.parametrize(
    ("told", "refused"),
    [
        (
            "--attacker goblin --defender wizard --when defender:helmet",
            "'helmet' needs at least one Barbarian or Dwarf",
        ),
        ("--attacker goblin --defender elf --when attacker:courage", "'courage' needs at least one Barbarian or Dwarf"),
        (
            "--attacker barbarian --defender orc --when attacker:broadsword",
            "'broadsword' needs at least one Dwarf or Elf",
        ),
    ],
)
def test_the_armory_and_spells_are_refused_to_those_who_cannot_use_them(told: str, refused: str) -> None:
    said = fails(f"battle {HEROQUEST} {told} --no-journal")
    assert refused in said
    assert said.endswith(")") and "(HQ-" in said
    assert refused in fails(f"odds {HEROQUEST} {told}")


def test_requires_unit_may_list_units_of_which_one_is_needed(tmp_path: Path) -> None:
    text = HEROQUEST.read_text(encoding="utf-8")
    bad = tmp_path / "heroquest.yaml"
    bad.write_text(text.replace("requires_unit: [dwarf, elf]", "requires_unit: [dwarf, elves]"), encoding="utf-8")
    assert "situations.broadsword.requires_unit[1]: unknown unit 'elves'" in fails(f"validate {bad}")
    ruling = run_json(f"battle {HEROQUEST} --attacker elf --defender orc --when attacker:broadsword --no-journal")
    assert ruling["attacker"]["dice"] == 3


def test_a_game_without_retreats_never_speaks_of_them() -> None:
    command = (
        f"battle {HEROQUEST} --attacker wizard --defender goblin --no-journal"
        " --attacker-roll skull --defender-roll black-shield"
    )
    out = run(command).stdout
    assert "retreat" not in out
    assert "Nothing is lost." in out
    assert run_json(command)["explanation"][-1]["text"] == "nothing is lost"
    assert "Niets gaat verloren." in run(f"--lang nl {command}").stdout
    # a game whose symbols force retreats still says no one did
    memoir = Path(__file__).resolve().parent.parent / "docs" / "examples" / "memoir44.yaml"
    still = run(
        f"battle {memoir} --attacker infantry --defender infantry --range 1 --no-journal --attacker-roll star,star,star"
    )
    assert "Nothing is lost and no one retreats." in still.stdout
