"""A situation told that the attack never reads is refused, naming the ones
it does read: ruled, it would change nothing, and the plain answer would be
given as the situation's. One check at the door, for every procedure, in
battle, odds and the short form; the refusal is journaled as any other."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_idle_symbols import FILES

from referee.core.errors import RefereeError
from referee.procedures.door import check_situations
from referee.ruleset.load import load, load_file
from referee.ruleset.reading import situations_read
from referee.rulings.battle import Battle

ROOT = Path(__file__).resolve().parent.parent
TI4 = ROOT / "docs" / "examples" / "ti4.yaml"
BARRAGE = f"{TI4} --attacker '2 destroyer' --defender '3 fighters' --attack anti-fighter-barrage"
UNREAD = "error: 'morale-boost' changes nothing in an anti-fighter barrage: it reads no named situation (TI-6)"

SKIRMISH = """\
format: 1
name: skirmish
title: Skirmish
source: a test
rules:
  SK-1: Each soldier rolls a die in close combat; a sword is a hit and takes a soldier.
  SK-2: A soldier may shoot instead; cover takes a die from the shooter.
  SK-3: A charge adds a die in close combat.
dice:
  battle: {faces: [sword, sword, blank, blank, blank, blank]}
units:
  soldier: {attack: melee, also: [shoot]}
situations:
  charge: {side: attacker, rule: SK-3, text: a charge, aliases: [charging]}
  cover: {side: defender, rule: SK-2, text: the target in cover, aliases: [in cover]}
attacks:
  melee:
    procedure: staged
    rule: SK-1
    label: melee
    attacker:
      die: battle
      roll: {by: units, changes: [{when: charge, dice: 1}]}
      read: {faces: {sword: [hit]}}
    defender: {die: battle, roll: {by: units}, read: {faces: {sword: [hit]}}}
    costs: {losses: [hit]}
  shoot:
    procedure: staged
    rule: SK-2
    label: shot
    attacker:
      die: battle
      roll: {by: units, changes: [{when: cover, dice: -1}]}
      read: {faces: {sword: [hit]}}
    defender: {die: battle, roll: {by: fixed, dice: 0}, read: {faces: {}}}
    costs: {losses: [hit]}
"""


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path


def test_a_situation_an_attack_never_reads_is_refused_in_odds_battle_and_the_short_form() -> None:
    assert fails(f"odds {BARRAGE} --when attacker:morale-boost") == UNREAD
    assert fails(f"battle {BARRAGE} --when attacker:morale-boost --seed 1") == UNREAD
    short = f"battle {TI4} 2 destroyer vs 3 fighters --attack anti-fighter-barrage --when attacker:morale-boost"
    assert fails(short) == UNREAD
    refused = run(f"odds {BARRAGE} --when attacker:morale-boost --json", code=2)
    assert refused.stdout == ""
    assert refused.stderr.strip() == (
        '{"error": "\'morale-boost\' changes nothing in an anti-fighter barrage: it reads no named situation", '
        '"rule": "TI-6"}'
    )


def test_the_attack_that_reads_it_still_takes_it() -> None:
    boosted = run_json(f"odds {TI4} --attacker '2 destroyer' --defender '3 fighters' --when attacker:morale-boost")
    plain = run_json(f"odds {TI4} --attacker '2 destroyer' --defender '3 fighters'")
    assert boosted["outcomes"] != plain["outcomes"]


def test_the_refusal_names_the_situations_the_attack_reads(skirmish: Path) -> None:
    said = fails(f"odds {skirmish} --attacker soldier --defender soldier --attack shoot --when attacker:charging")
    assert said == "error: 'charging' changes nothing in a shot: it reads cover (SK-2)"
    melee = fails(f"battle {skirmish} --attacker soldier --defender soldier --when defender:'in cover' --seed 1")
    assert melee == "error: 'in cover' changes nothing in a melee: it reads charge (SK-1)"
    assert run_json(f"odds {skirmish} --attacker soldier --defender soldier --when attacker:charge")["outcomes"]
    shot = f"odds {skirmish} --attacker soldier --defender soldier --attack shoot --when defender:cover"
    assert run_json(shot)["outcomes"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("nl", "fout: 'charging' verandert niets aan een schot: alleen deze situaties tellen mee: cover (SK-2)"),
        ("de", "Fehler: 'charging' ändert nichts an schot: berücksichtigt werden nur: cover (SK-2)"),
    ],
)
def test_the_refusal_speaks_the_table_s_language(skirmish: Path, lang: str, said: str) -> None:
    text = skirmish.read_text(encoding="utf-8")
    worded = "translations:\n  nl: {attacks: {shoot: schot}}\n  de: {attacks: {shoot: schot}}\n"
    skirmish.write_text(text + worded, encoding="utf-8")
    told = (
        f"--lang {lang} odds {skirmish} --attacker soldier --defender soldier --attack shoot --when attacker:charging"
    )
    assert fails(told) == said


def test_an_attack_that_reads_none_says_so_in_chinese() -> None:
    said = fails(f"--lang zh-Hant odds {BARRAGE} --when attacker:morale-boost")
    assert said == "錯誤：「morale-boost」對anti-fighter barrage毫無影響：它不讀取任何具名情況（TI-6）"


def test_the_refusal_is_journaled_as_refused() -> None:
    said = fails(f"battle {BARRAGE} --when attacker:morale-boost --seed 1")
    (entry,) = run_json("log")["entries"]
    assert (entry["kind"], entry["outcome"]) == ("refused", "refused (TI-6)")
    assert said == f"error: {entry['ruling']['error']} (TI-6)"


def test_a_refusal_of_the_file_comes_before_it() -> None:
    """What the door refused before (a situation refused outright) is said as before."""
    said = fails("battle groundforce --attacker trooper --defender saboteur --when defender:stealth --seed 1")
    assert said == "error: refused: a stealthed saboteur cannot be attacked during the opponent's next turn (GF-S1)"


def test_every_attack_of_the_shipped_and_example_files_reads_what_it_should() -> None:
    """Each attack's situations as the files write them: the barrage above,
    and Space Hulk's overwatch, which no close-assault situation changes, are
    the only attacks of a shipped or example file that leave some unread."""
    found = {}
    for path in FILES:
        rules = load_file(path)
        for name, attack in rules.attacks.items():
            unread = [s for s in rules.situations if s not in situations_read(rules, attack)]
            if unread:
                found[path.stem, name] = unread
    assert found == {
        ("ti4", "anti-fighter-barrage"): ["morale-boost"],
        ("spacehulk", "overwatch"): ["sergeant", "parried"],
    }


def test_situations_read_by_keys_effects_and_refusals(skirmish: Path) -> None:
    rules = load_file(skirmish)
    assert situations_read(rules, rules.attacks["melee"]) == ("charge",)
    assert situations_read(rules, rules.attacks["shoot"]) == ("cover",)
    risk = load("frontline-risk")  # read by their effects (extra dice, a bonus), not by name
    assert set(situations_read(risk, risk.attacks["round"])) == set(risk.situations)
    force = load("groundforce")  # a refusal is read by every attack
    assert situations_read(force, force.attacks["heavy"]) == ("stealth",)
    land = load("diceland")  # named by the attack's own key (combined_refused_by)
    assert situations_read(land, land.attacks["attack"]) == ("hills", "mountains")


def test_the_door_refuses_an_unread_situation_however_the_battle_came(skirmish: Path) -> None:
    rules = load_file(skirmish)
    told = Battle(attacker=(("soldier", 1),), defender=(("soldier", 1),), when=(("attacker", "charge"),))
    check_situations(rules, told)
    shot = Battle(
        attacker=(("soldier", 1),), defender=(("soldier", 1),), when=(("attacker", "charge"),), attack="shoot"
    )
    with pytest.raises(RefereeError, match="'charge' changes nothing in a shot: it reads cover"):
        check_situations(rules, shot)
