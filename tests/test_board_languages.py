"""The held DiceLand game and its maps in the language asked: the players,
the special rules, the map's shape and the terrains' letters by the ruleset's
words there, the pairing's placeholder as the sentence around it names it, and
no English word left in a Dutch, German or Chinese board; English as it was,
and --json with the file's own words."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from conftest import fails, run, run_json

from referee.render.widths import closed_up, columns

START = "play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1"
PLACEMENTS = "B1 6 A2 1 B2 6 A3 3 B3 5 A4 4 B4 3"  # all but blue's last, C4 4
# from the last placement to red taking blue's last die in turn 8, as tests/test_board_game.py plays it
TO_THE_END = [
    "play place C4 4",
    "play attack A4 B4 --roll 3",
    "play end",
    "play attack B3 A3 --roll 3",
    "play end",
    "play attack A2 B1 --roll 2",
    "play move B4 B3",
    "play end",
    "play attack B2 B3 --roll 3",
    "play end",
    "play move C4 B4",
    "play end",
    "play attack B3 B4 --roll 3",
    "play end",
    "play attack B4 B3 --roll 1",
    "play end",
    "play attack B3 B4 --roll 1",
]
CAPITAL_GAME = "--tiles 8 --seed 2 --capitals --rule capital --red 6,6,5,4,3,2,1 --blue 6,5,5,4,3,2,1"


def placed() -> None:
    run(START)
    run(f"play place {PLACEMENTS}")


PLAYERS = {  # language -> the last placement's steps, the board's status and legend, the hint's title
    "en": [
        "DL-S3   blue places a 4 on C4",
        "DL-S3   red keeps 3, blue 11: blue starts",
        "DL-A1   turn 1: blue to play; an attack is compulsory (A2 on B1, or 8 more)",
        "DiceLand, game 'friday': Turn 1: blue to attack (or move, if no attack is possible), then end",
        "red (r)   4 ",
        "blue (b)  4 ",
        "(G B1 r6)",
        "Attacks for blue, best first (game 'friday', turn 1):",
    ],
    "nl": [
        "DL-S3   blauw zet een 4 op C4",
        "DL-S3   rood houdt 3 over, blauw 11: blauw begint",
        "DL-A1   beurt 1: blauw is aan zet; aanvallen is verplicht (A2 op B1, of nog 8 andere)",
        "DiceLand, spel 'friday': Beurt 1: blauw valt aan",
        "rood (r)   4 ",
        "blauw (b)  4 ",
        "(G B1 r6)",
        "Aanvallen voor blauw, de beste eerst (spel 'friday', beurt 1):",
    ],
    "de": [
        "DL-S3   Blau setzt eine 4 auf C4",
        "DL-S3   Rot behält 3, Blau 11: Blau beginnt",
        "DL-A1   Zug 1: Blau ist am Zug; ein Angriff ist Pflicht (A2 auf B1 oder 8 weitere)",
        "DiceLand, Spiel 'friday': Zug 1: Blau greift an",
        "Rot (r)    4 ",
        "Blau (b)   4 ",
        "(G B1 r6)",
        "Angriffe für Blau, der beste zuerst (Spiel 'friday', Zug 1):",
    ],
    "zh-Hant": [
        "DL-S3   藍方在 C4 放一粒 4",
        "DL-S3   紅方剩 3，藍方剩 11：藍方先行",
        "DL-A1   第 1 回合：輪到藍方；必須進攻（A2 攻 B1，或另外 8 個）",
        "DiceLand，對局「friday」：第 1 回合：輪到藍方進攻",
        "紅方 (紅)  4 ",
        "藍方 (藍)  4 ",
        "(草 B1 紅6)",
        "藍方可作的進攻，最佳的排最前（對局「friday」，第 1 回合）：",
    ],
}


@pytest.mark.parametrize("code", sorted(PLAYERS))
def test_the_players_are_named_by_the_rulesets_words_everywhere(code: str) -> None:
    placed()
    said = PLAYERS[code]
    placing = run(f"--lang {code} play place C4 4").stdout
    for text in said[:3]:
        assert text in placing, (text, placing)
    board = run(f"--lang {code} play board").stdout
    for text in said[3:7]:
        assert text in board, (text, board)
    assert run(f"--lang {code} play hint").stdout.splitlines()[0] == said[7]


@pytest.mark.parametrize("code", ["nl", "de", "zh-Hant"])
def test_json_keeps_the_files_words_for_the_players(code: str) -> None:
    placed()
    placing = run_json(f"--lang {code} play place C4 4")
    assert placing["board"]["to_move"] == "blue" and placing["board"]["players"] == ["red", "blue"]
    steps = {s["message"]: s for s in placing["explanation"]}
    assert steps["place"]["values"]["player"] == "blue"
    assert steps["turn.attacks"]["values"]["player"] == "blue"
    assert {t["owner"] for t in run_json(f"--lang {code} play board")["board"]["tiles"]} == {"red", "blue"}


def test_a_player_typed_in_the_tables_language_is_the_rulesets_player() -> None:
    placed()
    assert fails("--lang de play place C4 4 --player rood") == ("Fehler: Blau setzt jetzt, nicht Rot (DL-S3)")


NO_ENGLISH = {  # language -> the end refused, an undo, the special rules, a winner by dice and by the capital
    "en": [
        "error: red has not attacked, and B1 on A2 is possible: attacking is compulsory (DL-A1)",
        "entry {n} (play end) taken back",
        "Special rules: terrain.",
        "The game is over after turn 8: red wins (dice).",
        "The game is over after turn 2: red wins (capital).",
    ],
    "nl": [
        "fout: rood heeft niet aangevallen, terwijl B1 op A2 kan: aanvallen is verplicht (DL-A1)",
        "item {n} (play end) teruggenomen",
        "Speciale regels: terreinregels.",
        "Het spel is voorbij na beurt 8: rood wint (meer dobbelstenen op de kaart).",
        "Het spel is voorbij na beurt 2: rood wint (hoofdstad veroverd).",
    ],
    "de": [
        "Fehler: Rot hat nicht angegriffen, obwohl B1 auf A2 möglich ist: Angreifen ist Pflicht (DL-A1)",
        "Eintrag {n} (play end) zurückgenommen",
        "Sonderregeln: Geländeregeln.",
        "Das Spiel ist nach Zug 8 vorbei: Rot gewinnt (mehr Würfel auf der Karte).",
        "Das Spiel ist nach Zug 2 vorbei: Rot gewinnt (Hauptstadt erobert).",
    ],
    "zh-Hant": [
        "錯誤：紅方沒有進攻，但可以 B1 攻 A2：進攻是強制的（DL-A1）",
        "第 {n} 條（play end）已撤回",
        "特殊規則：地形規則。",
        "對局在第 8 回合後結束：紅方獲勝（地圖上骰子較多）。",
        "對局在第 2 回合後結束：紅方獲勝（攻下首都）。",
    ],
}


@pytest.mark.parametrize("code", sorted(NO_ENGLISH))
def test_play_says_its_refusals_undo_special_rules_and_winner_in_the_language_asked(code: str) -> None:
    refused, undone, special, by_dice, by_capital = NO_ENGLISH[code]
    placed()
    for command in TO_THE_END[:3]:
        run(command)
    assert fails(f"--lang {code} play end") == refused
    last = run_json("play board")["entry"]
    assert undone.format(n=last) in run(f"--lang {code} play undo").stdout
    assert special in run(f"--lang {code} play board").stdout
    for command in TO_THE_END[2:]:
        run(command)
    assert by_dice in " ".join(run(f"--lang {code} play board").stdout.split())  # its status wraps
    run(f"play start sunday diceland {CAPITAL_GAME}")
    run("play place C1 6 A3 2 A2 6 B3 5 B1 5 A4 4 B2 4 C3 5 C2 3 A1 1")
    run("play attack C3 C2 --roll 3")
    run("play end")
    assert by_capital in " ".join(run(f"--lang {code} play attack A2 A3 --roll 2").stdout.split())
    assert run_json(f"--lang {code} play board")["board"]["winner"]["decided_by"] == "capital"


PLACEHOLDER = {  # language -> the board waiting for a pick, the refusals that name the pick, the command to type
    "en": [
        "Turn 1: blue to pick a pairing (play pick ROLLED:FIELD), then end the turn.",
        "error: pick a pairing for the attack first (play pick ROLLED:FIELD) (DL-V1)",
        "error: a pairing is ROLLED:FIELD, the field die by its pips or its tile, e.g. 5:6 or 5:C3, not '3'",
        "--choose ROLLED:FIELD\n",
    ],
    "nl": [
        "Beurt 1: blauw kiest een combinatie (play pick GEGOOID:VELD) en beëindigt dan de beurt.",
        "fout: kies eerst een combinatie voor de aanval (play pick GEGOOID:VELD) (DL-V1)",
        "fout: een combinatie is GEGOOID:VELD, de velddobbelsteen bij zijn ogen of zijn tegel, "
        "bv. 5:6 of 5:C3, niet '3'",
        "--choose GEGOOID:VELD\n",
    ],
    "de": [
        "Zug 1: Blau wählt eine Paarung (play pick GEWÜRFELT:FELD) und beendet dann den Zug.",
        "Fehler: zuerst eine Paarung für den Angriff wählen (play pick GEWÜRFELT:FELD) (DL-V1)",
        "Fehler: eine Paarung ist GEWÜRFELT:FELD, der Feldwürfel über seine Augen oder sein Feld, "
        "z. B. 5:6 oder 5:C3, nicht '3'",
        "--choose GEWÜRFELT:FELD\n",
    ],
    "zh-Hant": [
        "第 1 回合：輪到藍方選擇配對（play pick 擲出:場上），然後結束回合。",
        "錯誤：請先為這次進攻選定配對（play pick 擲出:場上）（DL-V1）",
        "錯誤：配對的寫法是擲出:場上，場上的骰子以點數或格子指定，例如 5:6 或 5:C3，不是「3」",
        "--choose 擲出:場上\n",
    ],
}


@pytest.mark.parametrize("code", sorted(PLACEHOLDER))
def test_the_pairings_placeholder_agrees_with_its_sentence(code: str) -> None:
    waiting, first, form, command = PLACEHOLDER[code]
    placed()
    run("play place C4 4")
    run("play attack A3 B3 --with A2 --roll 3,1")
    assert waiting in " ".join(run(f"--lang {code} play board").stdout.split())
    assert fails(f"--lang {code} play move A3 A4") == first
    assert fails(f"--lang {code} play pick 3") == form
    assert run_json(f"--lang {code} play pick 3:3")["action"]["choose"] == [3, 3]  # typed as in every language
    assert command in run(f"--lang {code} battle diceland --attacker 6,2 --defender 3 --roll 5,1").stdout


MAP = "map diceland --tiles 8 --seed 1 --capitals --no-journal"
MAPS = {  # language -> the title's shape, the picture's first row, the legend's row for forest
    "en": ["DiceLand: 8 tiles + 2 capitals (random)", "       (M B1) (C*C1) (F D1)", "F         forest "],
    "nl": ["DiceLand: 8 tegels + 2 hoofdsteden (willekeurig)", "       (M B1) (S*C1) (B D1)", "B         bos "],
    "de": ["DiceLand: 8 Plättchen + 2 Hauptstädte (zufällig)", "       (B B1) (S*C1) (W D1)", "W            Wald "],
    "zh-Hant": ["DiceLand：8 塊地形板 + 2 個首都（隨機）", "        (山 B1) (城*C1) (森 D1)", "森      森林 "],
}


@pytest.mark.parametrize("code", sorted(MAPS))
def test_a_maps_shape_and_letters_are_the_languages(code: str) -> None:
    title, row, forest = MAPS[code]
    lines = run(f"--lang {code} {MAP}").stdout.splitlines()
    assert lines[0] == title and lines[2] == row
    assert any(line.startswith(forest) for line in lines), lines
    assert run_json(f"--lang {code} {MAP}")["shape"] == "random"
    setup = run(f"--lang {code} setup diceland --tiles 8 --seed 1 --capitals --no-journal").stdout
    assert setup.splitlines()[0] == title


def _cells(picture: list[str]) -> list[list[float]]:
    """Where each cell of each row starts, in cells from the left edge (its
    columns on a terminal over the width of a cell)."""
    starts = [[columns(line[:i]) for i, c in enumerate(line) if c == "("] for line in picture]
    cell = min(b - a for row in starts for a, b in itertools.pairwise(row))
    return [[start / cell for start in row] for row in starts]


def test_a_chinese_picture_keeps_its_hexes_in_line() -> None:
    """A wide letter or mark takes two columns: the Chinese picture's cells sit
    where the English picture's do, every other row half a cell in."""
    board = run_json("play start ex diceland --tiles 8 --seed 1")["board"]
    run(f"play place B1 {board['unplaced'][board['to_move']][0]}")  # a die: a wide mark beside the empty '--'
    english = run("play board").stdout.splitlines()[2:7]
    chinese = run("--lang zh-Hant play board").stdout.splitlines()[2:7]
    assert any("藍" in line or "紅" in line for line in chinese) and any("城" in line for line in chinese)
    assert _cells(chinese) == _cells(english)
    assert {start % 1 for row in _cells(chinese) for start in row} == {0, 0.5}


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "wrote {path} (from diceland); edit it, then run: referee validate {path}"),
        ("nl", "{path} geschreven (van diceland); bewerk het en controleer het dan met: referee validate {path}"),
        ("de", "{path} geschrieben (aus diceland); bearbeiten und dann prüfen mit: referee validate {path}"),
        ("zh-Hant", "已寫入 {path}（取自 diceland）；編輯後執行：referee validate {path}"),
    ],
)
def test_a_new_ruleset_is_announced_in_the_language_asked(code: str, said: str, tmp_path: Path) -> None:
    path = tmp_path / "eigen.yaml"
    out = run(f"--lang {code} new eigen --from diceland --out {path}").stdout
    assert closed_up(" ".join(out.split())) == said.format(path=path)  # wrapped; Chinese breaks with no space


def test_german_calls_a_turn_zug_and_a_move_bewegung() -> None:
    """DL-V1 in German allows 'höchstens eine Bewegung pro Zug': the board's
    steps, refusals and rules say a player's turn Zug, as German games do, and
    keep Runde for a round of a battle."""
    placed()
    run("play place C4 4")
    run("play attack A4 B4 --roll 3")
    assert fails("--lang de play attack C4 B4") == (
        "Fehler: Blau hat in diesem Zug schon angegriffen: ein Angriff pro Zug (DL-A1)"
    )
    assert "DL-A1   Blau beendet Zug 1" in run("--lang de play end").stdout
    assert "Höchstens eine Bewegung pro Zug" in run("--lang de show diceland").stdout


def _played(code: str, journal: Path) -> list[object]:
    """Every --json document of a game played to its end, asked in one language."""
    env = {"REFEREE_JOURNAL": str(journal)}
    commands = [START, f"play place {PLACEMENTS}", *TO_THE_END]
    return [_neutral(json.loads(run(f"--lang {code} {command} --json", env=env).stdout)) for command in commands]


def _neutral(value: object) -> object:
    """A --json document without what differs between two journals or languages: free text, entry numbers."""
    if isinstance(value, dict):
        return {k: _neutral(v) for k, v in value.items() if k != "text" and not k.startswith("journal_")}
    if isinstance(value, list):
        return [_neutral(v) for v in value]
    return value


def test_a_game_played_in_any_language_gives_the_same_json_but_its_free_text(tmp_path: Path) -> None:
    english = _played("en", tmp_path / "en.sqlite3")
    for code in ("nl", "de", "zh-Hant"):
        assert _played(code, tmp_path / f"{code}.sqlite3") == english, code


@pytest.mark.parametrize(
    ("code", "said"),
    [("en", "blue picks 3:3"), ("nl", "blauw kiest 3:3"), ("de", "Blau wählt 3:3"), ("zh-Hant", "藍方選擇 3:3")],
)
def test_the_log_says_a_pick_in_the_language_asked(code: str, said: str) -> None:
    placed()
    run("play place C4 4")
    run("play attack A3 B3 --with A2 --roll 3,1")
    run("play pick 3:3")
    assert said in run(f"--lang {code} log", env={"COLUMNS": "200"}).stdout
