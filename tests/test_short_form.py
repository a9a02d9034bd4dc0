"""The short form of an attack (`battle 3 vs 2 : 6 5 1 / 4 3`), short options
(-a, -d, -A, -D, -w, -u, -s, -q) and the start of a name: each rules the very
attack the long form tells, in every shipped game's words and in each
language's words for 'against', its units and its faces."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner
from conftest import fails, ruling_of, run

from referee.cli import cli
from referee.cli.shortform import told
from referee.core.errors import RefereeError
from referee.words.names import Lexicon

# (long form, short form): the same attack, each game in its own words
SAME = [
    (
        'battle groundforce --attacker "2 trooper" --defender "trooper, heavy"'
        " --attacker-roll sword,explosion --defender-roll shield,sword",
        "battle groundforce 2 trooper vs trooper, heavy : sword explosion / shield sword",
    ),
    (
        "battle risk --attacker 3 --defender 2 --attacker-roll 6,5,1 --defender-roll 4,3",
        "battle risk 3 vs 2 : 6 5 1 / 4 3",
    ),
    (
        'battle frontline-risk --attacker "infantry, armour" --attacker-rear 1 --defender "infantry, damaged armour"'
        " --when defender:city --attacker-roll 6,5,2 --defender-roll 6,3,1",
        "battle frontline-risk infantry, armour vs infantry, damaged armour: 6,5,2 / 6,3,1"
        " --attacker-rear 1 -w defender:city",
    ),
    (
        "battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6",
        "battle diceland 6,2 vs 3 : 5,1 --choose 5:6",
    ),
    (
        "battle trueforces --attacker 4 --defender 5 --attack ranged --roll 5 --wound-roll 3",
        "battle trueforces 4 vs 5 --attack ranged : 5 / 3",
    ),
    (  # a roll left empty is drawn, as an option left out is
        "battle risk --attacker 3 --defender 2 --defender-roll 5,3 --seed 4",
        "battle risk 3 vs 2 : / 5 3 --seed 4",
    ),
    (
        "battle risk --attacker 5 --defender 3 --until conquest --seed 3",
        "battle risk 5 vs 3 -u conquest -s 3",
    ),
    (
        'odds groundforce --attacker "2 trooper" --defender "trooper, heavy"',
        "odds groundforce 2 trooper vs trooper, heavy",
    ),
    ("odds risk --attacker 10 --defender 3,5,2 --until conquest", "odds risk 10 vs 3,5,2 -u conquest"),
    (  # short options
        'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" --when defender:stealth --seed 2',
        'battle groundforce -a "2 trooper" -d "trooper, heavy" -w defender:stealth -s 2 -q',
    ),
    (
        "battle risk --attacker 3 --defender 2 --attacker-roll 6,5,1 --defender-roll 4,3",
        "battle risk -a 3 -d 2 -A 6,5,1 -D 4,3",
    ),
]


def _ruled(command: str) -> object:
    """The ruling, and for a refusal its one line: both forms must agree either way."""
    result = CliRunner().invoke(cli, [*shlex.split(command), "--json"], catch_exceptions=False)
    assert "Traceback" not in result.stderr
    if result.exit_code:
        return ("refused", result.exit_code, json.loads(result.stderr)["rule"])
    document = json.loads(result.stdout)
    document.pop("journal_entry", None)
    document.pop("journal_checkpoint", None)
    return document


@pytest.mark.parametrize(("long", "short"), SAME)
def test_the_short_form_rules_what_the_long_form_rules(long: str, short: str) -> None:
    assert len(short) < len(long)
    assert _ruled(short) == _ruled(long)


@pytest.mark.parametrize(
    ("lang", "short", "long"),
    [
        (
            "nl",
            "battle groundforce 2 soldaten tegen soldaat, zwaar wapen : zwaard explosie / schild zwaard",
            'battle groundforce --attacker "2 trooper" --defender "trooper, heavy"'
            " --attacker-roll sword,explosion --defender-roll shield,sword",
        ),
        (
            "de",
            "battle groundforce 2 Soldaten gegen Soldat, schwere Waffe : Schwert Explosion / Schild Schwert",
            'battle groundforce --attacker "2 trooper" --defender "trooper, heavy"'
            " --attacker-roll sword,explosion --defender-roll shield,sword",
        ),
        (
            "zh-Hant",
            "battle frontline-risk 2 步兵, 裝甲 對 步兵, 受損裝甲 : 6 5 2 / 6 3 1",
            'battle frontline-risk --attacker "2 infantry, armour" --defender "infantry, damaged armour"'
            " --attacker-roll 6,5,2 --defender-roll 6,3,1",
        ),
        ("zh-Hant", "battle risk 3 vs 2 : 6 5 1 / 4 3", "battle risk -a 3 -d 2 -A 6,5,1 -D 4,3"),
    ],
)
def test_each_language_s_words_tell_the_short_form(lang: str, short: str, long: str) -> None:
    assert _ruled(f"{short} --lang {lang}") == _ruled(f"{long} --lang {lang}")


def test_the_game_in_play_supplies_the_ruleset_and_replay_rules_it_again() -> None:
    run("game start friday risk")
    short = ruling_of("battle 3 vs 2 : 6 5 1 / 4 3")
    assert short == ruling_of("battle risk 3 vs 2 : 6 5 1 / 4 3")
    assert short == ruling_of("battle -a 3 -d 2 -A 6,5,1 -D 4,3")
    assert "The ruling stands" in run("replay 2").stdout
    run("game stop")
    assert "The ruling stands" in run("replay 2").stdout  # the replay line names the ruleset


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("battle risk 3 2", "error: '3 2': tell an attack as ATTACKER vs DEFENDER : ROLLS"),
        ("battle risk 3 vs", "error: '3 vs': tell an attack as ATTACKER vs DEFENDER"),
        ("battle risk 3 vs 2 : 6 / 5 / 4", "after ':' type the dice of --attacker-roll, --defender-roll, in that"),
        ("battle risk 3 vs 2 :", "after ':' type the dice of --attacker-roll, --defender-roll"),
        ("battle diceland 6,2 vs 3 : 5 / 1", "after ':' type the dice of --roll, in that order"),
        ("battle risk 3 vs 2 : 6 / 5 -A 6", "error: --attacker-roll is told twice"),
        ("battle risk 3 vs 2 -a 4", "error: --attacker is told twice"),
        ("odds risk 3 vs 2 : 6 5 1 / 4 3", "the odds count every roll; leave out ': 6 5 1 / 4 3'"),
        ("battle --entry 1 3 vs 2", "error: --entry gives what an entry waits for"),
    ],
)
def test_a_short_form_that_cannot_be_read_is_one_line(line: str, said: str) -> None:
    assert said in fails(line)


def test_a_colon_inside_a_face_is_no_colon_of_the_short_form() -> None:
    with pytest.raises(RefereeError, match="after ':' type the dice of --a, --b"):
        told(["2", "vs", "3", ":", "d8:7", "/", "6", "/", "5"], {}, {"a": "--a", "b": "--b"})
    assert told(["2", "vs", "3:", "5", "d8:7"], {}, {"a": "--a"}) == {"attacker": "2", "defender": "3", "a": "5 d8:7"}


def test_the_start_of_a_name_names_it_when_it_starts_one_thing_s_words_only() -> None:
    faces = Lexicon("face", {"sword": ["swords"], "shield": [], "explosion": ["bomb"], "blank": ["empty"]})
    with pytest.raises(RefereeError, match="did you mean 'sword'"):
        faces("swo")  # a lexicon of other names takes no start
    faces.by_start = True
    assert [faces("expl"), faces("sw"), faces("Shi"), faces("bo"), faces("bl")] == [
        "explosion",
        "sword",
        "shield",
        "explosion",
        "blank",
    ]
    with pytest.raises(RefereeError, match="unknown face 's'"):
        faces("s")  # sword or shield
    for ambiguous in ("e", "b"):  # explosion or empty; blank or bomb
        with pytest.raises(RefereeError, match=f"unknown face '{ambiguous}'"):
            faces(ambiguous)


def test_the_readme_example_and_a_risk_round_fit_in_60_characters() -> None:
    """The bar: each typed in at most 60 characters at the prompt."""
    run("game start friday groundforce")
    readme = "battle 2 trooper vs trooper, heavy : sword expl / shield sw"
    assert len(readme) <= 60
    assert _ruled(readme) == _ruled(
        'battle --attacker "2 trooper" --defender "trooper, heavy" --attacker-roll sword,explosion'
        " --defender-roll shield,sword"
    )
    run("game stop")
    run("game start saturday risk")
    risk = "battle 3 vs 2 : 6 5 1 / 4 3"
    assert len(risk) <= 60
    assert _ruled(risk) == _ruled("battle --attacker 3 --defender 2 --attacker-roll 6,5,1 --defender-roll 4,3")
