"""`referee log` says each entry's outcome in the language asked (issue 16):
a battle's winner as the language names the side, a hit, a purchase, a
recruit and a board action, in whole phrases with their plurals; English as
it was, and the Chinese list still lined up."""

from __future__ import annotations

import pytest
from conftest import run, run_json

from referee.render.widths import columns

WIDE = {"COLUMNS": "220", "NO_COLOR": "1"}
BATTLE = (
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)
OUT_OF_ACTION = "hit trueforces --attacker 4 --target 5 --attack ranged --roll 6 --wound-roll 6"
MISS = "hit trueforces --attacker 4 --target 5 --attack ranged --roll 2"
BOUGHT = 'reinforce groundforce --mines 1 --free-places 3 --buy "3 troopers"'
ONE_WAY = "reinforce groundforce --mines 1 --free-places 0"
RECRUIT = "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia"
START = "play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1"
PLACED = ["play place B1 6 A2 1", "play place B2 6 A3 3 B3 5 A4 4 B4 3 C4 4"]  # red places first
COMMANDS = [
    BATTLE,
    OUT_OF_ACTION,
    MISS,
    BOUGHT,
    ONE_WAY,
    RECRUIT,
    START,
    *PLACED,
    "play attack A4 B4 --roll 3",
    "play end",
]

SAID = {  # language -> each command's outcome, in the order of COMMANDS (the start's game entry first; None: not read)
    "en": [
        "attacker wins",
        "a hit: out of action",
        "a miss",
        "bought 3 troopers",
        "1 way to spend 0",
        "6 ways to take 17",
        "game friday started",
        "8 tiles dealt, red first",
        "red: a 6 on B1; blue: a 1 on A2",
        None,
        "blue takes B4",
        "turn 2: red to attack (or move, if no attack is possible)",
    ],
    "nl": [
        "de aanvaller wint",
        "raak: uitgeschakeld",
        "mis",
        "3 soldaten gekocht",
        "1 manier om 0 te besteden",
        "6 manieren om 17 te nemen",
        "spel friday gestart",
        "8 tegels gelegd, rood begint",
        "rood: een 6 op B1; blauw: een 1 op A2",
        None,
        "blauw verovert B4",
        "beurt 2: rood valt aan (of verplaatst, als er geen aanval mogelijk is)",
    ],
    "de": [
        "der Angreifer gewinnt",
        "Treffer: außer Gefecht",
        "kein Treffer",
        "3 Soldaten gekauft",
        "1 Möglichkeit, 0 auszugeben",
        "6 Möglichkeiten, 17 zu nehmen",
        "Spiel friday begonnen",
        "8 Plättchen ausgelegt, Rot beginnt",
        "Rot: eine 6 auf B1; Blau: eine 1 auf A2",
        None,
        "Blau erobert B4",
        "Zug 2: Rot greift an (oder zieht, wenn kein Angriff möglich ist)",
    ],
    "zh-Hant": [
        "進攻方獲勝",
        "命中：失去戰鬥力",
        "未命中",
        "購買了 3 名士兵",
        "花 0 點的方法有 1 種",
        "取得 17 的方法有 6 種",
        "對局 friday 已開始",
        "已擺出 8 塊地形板，紅方先行",
        "紅方：在 B1 放 6 點；藍方：在 A2 放 1 點",
        None,
        "藍方攻下 B4",
        "第 2 回合：輪到紅方進攻（無法進攻時可移動）",
    ],
}


def _played() -> None:
    for command in COMMANDS:
        run(command)


@pytest.mark.parametrize("code", list(SAID))
def test_each_outcome_in_the_list_in_each_language(code: str) -> None:
    _played()
    lines = run(f"--lang {code} log", env=WIDE).stdout.splitlines()
    header, rows = lines[0], lines[2:]
    start = columns(header[: header.index(header.split()[-1])])  # where the outcome's header starts, in columns
    said = []
    for row in rows:
        outcome = row.rstrip().split("  ")[-1].strip()
        assert columns(row[: row.index(outcome)]) == start, (row, header)  # lined up under its header
        said.append(outcome)
    assert [s for s, e in zip(said, SAID[code]) if e] == [e for e in SAID[code] if e]


@pytest.mark.parametrize("code", list(SAID))
def test_the_json_outcome_follows_the_language_its_values_do_not(code: str) -> None:
    _played()
    entries = run_json(f"--lang {code} log")["entries"]
    assert [e["outcome"] for e, said in zip(entries, SAID[code]) if said] == [said for said in SAID[code] if said]
    assert entries[0]["ruling"]["winner"] == "attacker"


@pytest.mark.parametrize(
    ("code", "said"),
    [("en", "blue takes B4"), ("nl", "blauw verovert B4"), ("de", "Blau erobert B4"), ("zh-Hant", "藍方攻下 B4")],
)
def test_a_board_action_shown_names_its_player_as_the_ruleset_does(code: str, said: str) -> None:
    """`log show` has the ruleset at hand for a board action: its players are said in the language."""
    _played()
    taken = run_json("log")["entries"][-2]["id"]
    assert f"\n  {said}\n" in run(f"--lang {code} log show {taken}", env=WIDE).stdout


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "no winner (rolled before)"),
        ("nl", "geen winnaar (eerder gegooid)"),
        ("de", "kein Sieger (schon gewürfelt)"),
        ("zh-Hant", "無人獲勝（先前已擲過）"),
    ],
)
def test_an_attack_rolled_again_in_a_game_is_flagged_in_the_language(code: str, said: str) -> None:
    run("game start friday --ruleset groundforce")
    for seed in (1, 2):
        run(f"battle groundforce --attacker trooper --defender trooper --seed {seed}")
    assert run_json(f"--lang {code} log")["entries"][-1]["outcome"] == said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["worth 6, 3 lost", "tied (see why)", "red wins (pips)"]),
        ("nl", ["waarde 6, 3 verloren", "gelijkspel (zie Waarom)", "red wint (meeste ogen)"]),
        ("de", ["Wert 6, 3 verloren", "unentschieden (siehe Warum)", "red gewinnt (meiste Augen)"]),
        ("zh-Hant", ["合成 6 點，失去 3 點", "平手（見理由）", "red 獲勝（點數最高）"]),
    ],
)
def test_grouping_and_scoring_in_each_language(code: str, said: list[str]) -> None:
    run("group diceland 4 5")
    run("score diceland --red 6,5,1 --blue 4,4,4")
    run("score diceland --red 6,5,2 --blue 4,4,4")
    assert [entry["outcome"] for entry in run_json(f"--lang {code} log")["entries"]] == said
