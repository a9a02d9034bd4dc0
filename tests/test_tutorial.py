"""docs/tutorial.md: the first ruleset it writes is the file shipped beside
the examples, the mistakes it shows are the ones the loader names, and the
odds it prints are the game's own, by brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import fails, run, run_json

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = ROOT / "docs" / "examples" / "skirmish.yaml"
TUTORIAL = ROOT / "docs" / "tutorial.md"
FACES = ("sword", "sword", "shield", "blank", "blank", "blank")


def test_the_tutorial_shows_the_whole_file() -> None:
    assert f"```yaml\n{SKIRMISH.read_text(encoding='utf-8')}```" in TUTORIAL.read_text(encoding="utf-8")


def test_the_file_is_valid_as_the_tutorial_says() -> None:
    said = run(f"validate {SKIRMISH.relative_to(ROOT)}").stdout
    assert said.strip() in TUTORIAL.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("    label: skirmish\n", ""), "missing required key 'label' (the attack's name as printed)"),
        (("    label: skirmish\n", "    lable: skirmish\n"), "unknown key 'lable'; did you mean 'label'?"),
        (("shield, blank", "no, blank"), "YAML reads 'no' as a true/false value; quote it"),
    ],
)
def test_the_mistakes_it_shows_are_named_as_it_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: tuple[str, str], message: str
) -> None:
    copy = tmp_path / "docs" / "examples" / "skirmish.yaml"
    copy.parent.mkdir(parents=True)
    copy.write_text(SKIRMISH.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    error = fails("validate docs/examples/skirmish.yaml")
    assert message in error and error.startswith("error: docs/examples/skirmish.yaml:")
    if "label' (" in message:  # the line the tutorial prints, as it prints it
        assert error in TUTORIAL.read_text(encoding="utf-8")


def brute_force(attackers: int, defenders: int, defender_dice: int) -> dict[tuple[int, int], Fraction]:
    """Every throw of the battle dice, counted by hand: the attacker's swords
    against the defender's swords and shields, the loser removing the surplus."""
    chances: Counter[tuple[int, int]] = Counter()
    for throw in itertools.product(FACES, repeat=attackers + defender_dice):
        mine = sum(face == "sword" for face in throw[:attackers])
        theirs = sum(face in ("sword", "shield") for face in throw[attackers:])
        lost = (0, min(mine - theirs, defenders)) if mine > theirs else (min(theirs - mine, attackers), 0)
        chances[lost] += 1
    total = 6 ** (attackers + defender_dice)
    return {lost: Fraction(n, total) for lost, n in chances.items()}


@pytest.mark.parametrize(("when", "defender_dice"), [("", 2), ("--when defender:wall", 3)])
def test_the_odds_it_prints_are_the_games_own(when: str, defender_dice: int) -> None:
    document = run_json(f"odds {SKIRMISH} --attacker '2 spear, archer' --defender '2 spear' {when}")
    given = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in document["outcomes"]}
    assert given == brute_force(3, 2, defender_dice)


def test_a_ruling_on_typed_dice_cites_each_rule() -> None:
    ruling = run_json(
        f"battle {SKIRMISH} --attacker '2 spear, archer' --defender '2 spear' "
        "--attacker-roll sword,sword,blank --defender-roll shield,blank"
    )
    assert ruling["defender_loses"] == 1 and ruling["attacker_loses"] == 0
    assert [step["rule"] for step in ruling["explanation"]] == ["SK-1", "SK-1", "SK-2", "SK-2", "SK-3", "SK-3"]
