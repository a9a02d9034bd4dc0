"""The wording a native reader of a rulebook accepts (issue 16): Chinese counts
with a measure word and writes no space between two Chinese words, brackets
and quotes full-width; German names one concept with one word; English stays
as it was."""

from __future__ import annotations

import re

import pytest
from conftest import run

from referee.render.widths import closed_up

SPACED = re.compile("[\u4e00-\u9fff\uff00-\uffef\u3000-\u303f] +[\u4e00-\u9fff\uff00-\uffef\u3000-\u303f]")
COMMANDS = [  # one of every command that rules, in every shipped ruleset
    "battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion "
    "--defender-roll shield,sword --no-journal",
    "battle groundforce --attacker heavy --defender 'trooper, saboteur' --range 2 --seed 7 --no-journal",
    "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 --defender 'infantry, damaged armour' "
    "--when defender:city --attacker-roll 6,5,2 --defender-roll 6,3,1 --no-journal",
    "battle risk --attacker 3 --defender 2 --seed 3 --no-journal",
    "battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6 --no-journal",
    "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3 --no-journal",
    "odds risk --attacker 10 --defender 10 --until conquest --stop-at 4",
    "recruit frontline-risk --territory '3 infantry, damaged armour' --change merge --site --no-journal",
    "recruit risk --territories 13 --continent australia --set 3 --reward matched-card --no-journal",
    "build frontline-risk --unflipped-stars 9 city airfield --no-journal",
    "score diceland --red 6,5,1 --blue 4,4,4 --first red --no-journal",
    "setup diceland --tiles 10 --seed 4 --red 6,6,5,4,3,2,1 --blue 6,5,5,5,4,1,1 --red-left 3,4 "
    "--blue-left 6,1 --no-journal",
]


def _steps(page: str) -> list[str]:
    """The text of each step under 'Why', without its rule ID."""
    return [line[10:] for line in page.splitlines() if re.match(r"  [A-Z]{2}-[A-Z]+\d+ ", line)]


@pytest.mark.parametrize("command", COMMANDS)
def test_chinese_writes_no_space_between_two_chinese_words(command: str) -> None:
    page = run(f"--lang zh-Hant {command}").stdout
    steps = _steps(page)
    assert steps
    assert [step for step in steps if SPACED.search(step)] == []


def test_chinese_counts_each_unit_with_its_measure_word() -> None:
    risk = run("--lang zh-Hant battle risk --attacker 3 --defender 2 --seed 3 --no-journal").stdout
    assert "進攻方有 3 支軍隊：3 粒骰" in risk
    force = "battle groundforce --attacker '2 trooper' --defender trooper --seed 1 --no-journal"
    assert "2 名士兵" in run(f"--lang zh-Hant {force}").stdout
    front = "recruit frontline-risk --territory '3 infantry, damaged armour' --change merge --site --no-journal"
    assert "FR-R4   合流：3 個步兵師變成裝甲師" in run(f"--lang zh-Hant {front}").stdout
    assert "FR-R4   merge: 3 infantry become armour" in run(front).stdout


@pytest.mark.parametrize(
    ("code", "left"),
    [
        ("en", "0.12 intact armour, 1.73 damaged armour, 2.84 infantry"),
        ("de", "0,12 Panzer (intakt), 1,73 Panzer (beschädigt), 2,84 Infanterie"),
        ("zh-Hant", "0.12 個完好裝甲師、1.73 個受損裝甲師、2.84 個步兵師"),
    ],
)
def test_a_fights_expected_survivors_are_counted_in_the_language_asked(code: str, left: str) -> None:
    fight = (
        "odds frontline-risk --attacker '2 armour' --attacker-rear '10 infantry, 3 armour' --defender '2 infantry' "
        "--defender-rear '8 infantry, 2 armour' --when defender:city --until conquest"
    )
    page = " ".join(run(f"--lang {code} {fight}", env={"COLUMNS": "200"}).stdout.split())
    assert left in page


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "error: a defender roll of 9 is impossible: the d6 shows 1 to 6 (FR-B1)"),
        ("zh-Hant", "錯誤：防守方不可能擲出 9：d6 只有 1 至 6（FR-B1）"),
    ],
)
def test_a_refusal_gives_its_rule_in_the_brackets_of_its_language(code: str, said: str) -> None:
    command = "battle frontline-risk --attacker armour --defender infantry --attacker-roll 6 --defender-roll 9"
    assert run(f"--lang {code} {command} --no-journal", code=2).stderr.strip() == said


@pytest.mark.parametrize("command", ["", "battle", "odds", "hit", "recruit", "reinforce", "setup", "log", "replay"])
def test_chinese_help_quotes_commands_and_names_in_corner_brackets(command: str) -> None:
    help_text = run(f"--lang zh-Hant {command} --help").stdout
    assert "`" not in help_text
    assert "'referee" not in help_text and '例如 "' not in help_text


def test_chinese_says_one_word_for_the_wound_roll_and_for_a_battle_round() -> None:
    hit = run("--lang zh-Hant hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3").stdout
    assert "傷勢骰 3" in hit and "傷勢擲骰" not in hit
    assert "傷勢骰" in run("--lang zh-Hant hit --help").stdout
    odds = run("--lang zh-Hant odds risk --attacker 10 --defender 10 --until conquest --stop-at 4").stdout
    assert "每輪之間（修改規則集的「fight」即可更改）：" in odds


def test_german_calls_the_rear_hinterland_in_help_and_ruling_alike() -> None:
    assert "im Hinterland" in run("--lang de battle --help").stdout
    assert "Reserve" not in run("--lang de odds --help").stdout
    fight = (
        "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 --defender infantry "
        "--attacker-roll 6,5,2 --defender-roll 3 --no-journal"
    )
    assert "Hinterland" in run(f"--lang de {fight}").stdout.splitlines()[1]


def test_the_german_names_the_help_gives_work_when_typed() -> None:
    assert "z. B. Nahkampf, Fernkampf, Astralkampf." in " ".join(run("--lang de hit --help").stdout.split())
    command = "hit trueforces --attacker 4 --target 5 --attack Fernkampf --action Gehen --roll 5 --wound-roll 3"
    assert run(f"--lang de {command} --no-journal").stdout.startswith("True Forces: Fernkampfangriff")


def test_a_space_goes_only_where_two_chinese_characters_meet() -> None:
    assert closed_up("2 個步兵師 被消滅") == "2 個步兵師被消滅"
    assert closed_up("多 1 次命中，獲勝") == "多 1 次命中，獲勝"
    assert closed_up("Frontline Risk：建立城市 和 搬遷飛機場") == "Frontline Risk：建立城市和搬遷飛機場"
    assert closed_up("6 和 2 聯合攻擊") == "6 和 2 聯合攻擊"
    assert closed_up("2 armies destroyed") == "2 armies destroyed"


@pytest.mark.parametrize(
    ("code", "roll", "chart"),
    [
        ("en", "2d6+1: 2d6 [4, 1] + 1 = 6", "True Forces: melee attack (target has 1 wound)"),
        ("zh-Hant", "2d6+1：2d6 [4, 1] + 1 = 6", "True Forces：近戰攻擊（目標已有 1 處傷）"),
    ],
)
def test_a_roll_and_a_hit_chart_title_take_the_punctuation_of_their_language(code: str, roll: str, chart: str) -> None:
    assert run(f"--lang {code} roll 2d6+1 --seed 7 --no-journal").stdout.splitlines()[0] == roll
    assert run(f"--lang {code} odds trueforces --attack melee --wounds 1").stdout.splitlines()[0] == chart
