"""Internal ids never reach a player (issue 25, §3): a ruleset's keys (units,
situations, states, continents, rewards, works, terrains, attacks, special
rules) are printed by the names the file and its translations give them,
never as the kebab-case key, in every language; and the game list reads as
sentences do ('not yet, still going', 'from 18')."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run

from referee.ruleset.load import load_file
from referee.ruleset.model import Ruleset

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
LANGUAGES = ["en", "nl", "de", "zh-Hant"]
COMMANDS = [
    "recruit risk --territories 14 --continent south-america --continent north-america --reward matched-card --set 2",
    "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent south-america --reward two-armies",
    "recruit frontline-risk --stars 7 --cities 0 --capitals 0 --continent north-america",
    'recruit frontline-risk --territory "3 infantry" --change merge --site',
    "build frontline-risk --unflipped-stars 9 city city airfield",
    'battle frontline-risk --attacker "2 infantry" --defender armour --when defender:city '
    "--when defender:extra-defence-die --when attacker:rear-assault --attacker-roll 3,4 --defender-roll 2,2",
    'battle frontline-risk --attacker "2 infantry" --defender "2 armour" --when attacker:rear-assault '
    "--attacker-roll 3,4 --defender-roll 2,2",
    'odds frontline-risk --attacker "2 armour" --defender infantry --when defender:city '
    "--when defender:extra-defence-die",
    'odds frontline-risk --attacker "2 armour" --attacker-rear "10 infantry, 3 armour" --defender "2 infantry" '
    '--defender-rear "8 infantry, 2 armour" --when defender:city --until conquest',
    "battle risk --attacker 3 --defender 2 --seed 1",
    "odds risk --attacker 3 --defender 2",
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" --seed 2',
    "reinforce groundforce --mines 1",
    "hit trueforces --attacker 4 --target 5 --attack ranged --seed 1",
    "map diceland --tiles 20 --seed 11 --capitals",
    "setup diceland --tiles 12 --seed 3",
    "battle diceland --attacker 2 --defender 1 --roll 1 --rule fill-the-void",
    "odds diceland --attacker 6,2 --defender 3 --rule fill-the-void",
]
FAILING = [
    "build frontline-risk --unflipped-stars 1 city city airfield",
    "recruit risk --territories 14 --continent south-america --continent south-america",
]


def _keys(rules: Ruleset) -> Iterator[str]:
    """Every key of the file that a ruling could print, where the file gives it a printed name."""
    yield from rules.units
    yield from rules.situations
    yield from rules.states
    yield from rules.attacks
    yield from rules.variants
    if rules.recruiting is not None:
        yield from rules.recruiting.continents
        yield from rules.recruiting.rewards
    if rules.building is not None:
        yield from rules.building.works
    if rules.landscape is not None:
        yield from rules.landscape.terrains


KEYS = sorted({key for path in RULESETS.glob("*.yaml") for key in _keys(load_file(path)) if "-" in key})
# a key on its own: not inside a longer word, not typed back as an option's value (--continent asia) or a
# situation as SIDE:NAME
SHOWN = re.compile(rf"(?<![\w:-])({'|'.join(map(re.escape, KEYS))})(?![\w-])")
TYPED = re.compile(r"--[\w-]+[ =]\S+")


def _ids_in(said: str) -> list[str]:
    return [m[1] for m in SHOWN.finditer(TYPED.sub("", said))]


def test_the_scan_knows_the_keys_it_looks_for() -> None:
    assert {"south-america", "extra-defence-die", "two-armies", "rear-assault"} <= set(KEYS)
    assert _ids_in("RK-R2   south-america: +2") == ["south-america"]
    assert _ids_in("no extra die on top of 'extra-defence-\ndie'") == []  # split over lines: see below
    assert _ids_in("--continent south-america, defender:extra-defence-die") == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", COMMANDS)
def test_no_ruleset_key_reaches_a_player(command: str, lang: str) -> None:
    result = run(
        f"--lang {lang} {command} --no-journal" if command.split()[0] != "odds" else f"--lang {lang} {command}"
    )
    said = result.stdout + result.stderr
    assert not _ids_in(said), (_ids_in(said), said)
    assert not _ids_in(re.sub(r"-\n +", "-", said)), said  # nor a key split where a line wraps


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", FAILING)
def test_no_ruleset_key_reaches_a_refusal(command: str, lang: str) -> None:
    said = run(f"--lang {lang} {command} --no-journal", code=2).stderr
    assert not _ids_in(said), said


def test_names_read_as_the_game_prints_them() -> None:
    said = run("recruit risk --territories 14 --continent south-america --reward matched-card --no-journal").stdout
    assert "RK-R2   South America: +2" in said and "RK-R4   matched card: +2" in said
    built = run("build frontline-risk --unflipped-stars 9 city city airfield --no-journal").stdout
    assert built.startswith("Frontline Risk: a city twice and moving the airfield are paid for (0 left)")
    assert "FR-E2   a city twice costs 4" in built
    fought = run(f"battle {COMMANDS[5].split(' ', 1)[1]} --no-journal", env={"COLUMNS": "200"}).stdout
    assert "no extra die on top of the reward 'extra defence die'" in fought
    assert "the defender's armour gives no bonus" in fought


def test_chinese_names_the_game_and_holds_no_none() -> None:
    said = run("--lang zh-Hant recruit frontline-risk --stars 7 --cities 0 --capitals 0 --no-journal").stdout
    assert said.startswith("前線風雲") and "Frontline Risk" not in said
    assert "持有無" not in said.replace(" ", "") and "（未持有）" in said


def test_a_game_going_reads_as_going_in_german() -> None:
    run("game start freitag risk")
    run("roll 2d6")
    listed = run("--lang de game", env={"COLUMNS": "60"}).stdout
    assert "beendet: noch nicht, läuft noch" in listed and "Journaleinträge: ab 1" in listed
    assert "beendet: läuft\n" not in listed and not re.search(r"Journaleinträge: \d+-$", listed, re.M)
    run("game stop")
    assert re.search(r"Journaleinträge: 1-3$", run("--lang de game", env={"COLUMNS": "60"}).stdout, re.M)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ruleset_key_reaches_a_board(lang: str) -> None:
    said = run(
        f"--lang {lang} play start vv diceland --tiles 8 --seed 2 --capitals --rule fatal-attraction "
        "--rule fill-the-void --red 6,6,5,4,3,2,1 --blue 6,5,5,4,3,2,1"
    ).stdout
    assert "DL-X2" in said and not _ids_in(said), said
