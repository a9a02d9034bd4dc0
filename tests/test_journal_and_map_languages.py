"""The journal's own words (log, log show, log verify, replay) and the maps'
legends (map, the board, their SVG pictures) in each language; English as
it was."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from conftest import run

BATTLE = (
    'battle groundforce --attacker "2 trooper" --defender "trooper, heavy" '
    "--attacker-roll sword,explosion --defender-roll shield,sword"
)
MAP = "map diceland --tiles 8 --seed 1 --capitals --no-journal"


def _tampered(journal: Path) -> None:
    with sqlite3.connect(journal) as db:
        db.execute("UPDATE entries SET time = '2020-01-01T00:00:00Z' WHERE id = 1")


@pytest.mark.parametrize(
    ("code", "listed", "intact", "broken"),
    [
        ("en", "id    time", "ok: 2 entries, chain intact (last entry 2): ", "BROKEN: entry 1 does not match its hash"),
        (
            "nl",
            "nr    tijd",
            "ok: 2 items, keten intact (laatste item 2): ",
            "GEBROKEN: item 1 klopt niet met zijn hash",
        ),
        (
            "de",
            "Nr.    Zeit",
            "ok: 2 Einträge, Kette intakt (letzter Eintrag 2): ",
            "GEBROCHEN: Eintrag 1 passt nicht zu seinem Hash",
        ),
        ("zh-Hant", "編號    時間", "正常：2 條，鏈完整（最後一條為第 2 條）：", "已斷裂：第 1 條與其雜湊不符"),
    ],
)
def test_log_and_its_verdict_in_each_language(code: str, listed: str, intact: str, broken: str, journal: Path) -> None:
    run(BATTLE)
    run("roll 2d6 --seed 1")
    assert run(f"--lang {code} log").stdout.startswith(listed)
    assert run(f"--lang {code} log verify").stdout.startswith(intact.rstrip())  # the path may go on the next line
    _tampered(journal)
    assert run(f"--lang {code} log verify", code=1).stdout.startswith(broken)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["Entry 1  ", "  game friday\ncommand:  referee game start", "\ndice:     none\n", "\nRuling:\n"]),
        (
            "nl",
            ["Item 1  ", "  spel friday\ncommando:       referee game", "\ndobbelstenen:   geen\n", "\nUitspraak:\n"],
        ),
        (
            "de",
            [
                "Eintrag 1  ",
                "  Spiel friday\nBefehl:         referee game",
                "\nWürfel:         keine\n",
                "\nvorheriger:     ",
            ],
        ),
        (
            "zh-Hant",
            ["第 1 條  ", "  對局 friday\n指令：     referee game", "\n骰子：     無\n", "\n前一條：   ", "\n裁決：\n"],
        ),
    ],
)
def test_log_show_labels_line_up_in_each_language(code: str, said: list[str]) -> None:
    """An entry shown by its card: the labels padded to the widest in the language."""
    run("game start friday groundforce")
    shown = run(f"--lang {code} log show 1").stdout
    for text in said:
        assert text in shown, (text, shown)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["Replay of entry 1: referee battle", "  the same ruling.", "The ruling stands: today the referee"]),
        ("nl", ["Herhaling van item 1: referee battle", "  dezelfde uitspraak.", "De uitspraak blijft staan"]),
        ("de", ["Wiederholung von Eintrag 1: referee battle", "  dieselbe Entscheidung.", "Die Entscheidung steht"]),
        ("zh-Hant", ["重新裁決第 1 條：referee battle", "  裁決相同。", "裁決維持不變：今天裁判的裁決相同。"]),
    ],
)
def test_replay_in_each_language(code: str, said: list[str]) -> None:
    run(BATTLE)
    out = run(f"--lang {code} replay 1").stdout
    for text in said:
        assert text in out, (text, out)


MAP_SAID = {  # language -> what the map's text says, what its SVG picture says
    "en": (
        [
            "DiceLand: 8 tiles + 2 capitals (random)",
            "letter    terrain",
            "Each player gets 7 dice.",
            "Capitals (marked *): A3, C1.",
            "Seed: 1; deal this map again with --seed 1.",
            "SVG picture written to m.svg: hexes 32 mm across",
        ],
        ["DiceLand: 8 tiles + 2 capitals, seed 1, hexes", "red's capital: A3", "7 dice per player"],
    ),
    "nl": (
        [
            "DiceLand: 8 tegels + 2 hoofdsteden (willekeurig)",
            "letter    terrein",
            "Elke speler krijgt 7 dobbelstenen.",
            "Hoofdsteden (gemarkeerd met *): A3, C1.",
            "Startwaarde: 1; leg deze kaart opnieuw met --seed 1.",
            "past op A4 staand.",
        ],
        [
            "DiceLand: 8 tegels + 2 hoofdsteden, startwaarde 1, zeshoeken",
            "hoofdstad van rood: A3",
            "7 dobbelstenen per",
        ],
    ),
    "de": (
        [
            "DiceLand: 8 Plättchen + 2 Hauptstädte (zufällig)",
            "Buchstabe    Gelände",
            "Jeder Spieler bekommt 7 Würfel.",
            "Hauptstädte (mit * markiert): A3, C1.",
            "passt auf A4 hoch.",
        ],
        ["DiceLand: 8 Plättchen + 2 Hauptstädte, Startwert 1, Sechsecke", "Hauptstadt von Rot: A3", "7 Würfel je"],
    ),
    "zh-Hant": (
        [
            "DiceLand：8 塊地形板 + 2 個首都（隨機）",
            "代號",
            "每位玩家得到 7 粒骰子。",
            "首都（標 *）：A3、C1。",
            "種子：1；以 --seed 1 可再拼出同一張地圖。",
            "可印在直式 A4 上。",
        ],
        ["DiceLand：8 塊地形板 + 2 個首都，種子 1，六角格寬", "紅方 的首都：A3", "每位玩家 7 粒骰子"],
    ),
}


@pytest.mark.parametrize("code", sorted(MAP_SAID))
def test_map_legend_and_its_picture_in_each_language(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said, drawn = MAP_SAID[code]
    monkeypatch.chdir(tmp_path)  # the picture's name short, as a player types it: a long path wraps its line
    picture = tmp_path / "m.svg"
    out = run(f"--lang {code} {MAP} --svg m.svg").stdout
    for text in said:
        assert text in out, (text, out)
    svg = re.sub(r"</tspan><tspan [^>]*>", " ", picture.read_text(encoding="utf-8"))  # a title's lines, as one
    for text in drawn:
        assert text in svg, text


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["player    dice on map", "Placing the armies: blue places next.", "SVG picture written to"]),
        (
            "nl",
            [
                "speler     dobbelstenen op de kaart",
                "De legers plaatsen: blauw plaatst nu.",
                "SVG-afbeelding geschreven",
            ],
        ),
        ("de", ["Spieler    Würfel auf der Karte", "Die Armeen werden gesetzt: Blau setzt", "SVG-Bild nach"]),
        ("zh-Hant", ["玩家       地圖上的骰子", "放置軍隊：接著由藍方放置。", "SVG 圖已寫入"]),
    ],
)
def test_board_legend_in_each_language(code: str, said: list[str], tmp_path: Path) -> None:
    run("play start ex diceland --tiles 8 --seed 1")
    out = run(f"--lang {code} play board --svg {tmp_path / 'b.svg'}").stdout
    for text in said:
        assert text in out, (text, out)
    picture = (tmp_path / "b.svg").read_text(encoding="utf-8")
    assert said[1].split(":")[0].split("：")[0] in picture


@pytest.mark.parametrize(
    ("code", "title", "headers", "rebuilt"),
    [
        ("en", "Attacks for blue, best first (game 'friday', turn 1):", "from", "Game 'friday' rebuilt from"),
        ("nl", "Aanvallen voor blauw, de beste eerst (spel 'friday', beurt 1):", "van", "Spel 'friday' opnieuw"),
        ("de", "Angriffe für Blau, der beste zuerst (Spiel 'friday', Zug 1):", "von", "Spiel 'friday' aus dem"),
        ("zh-Hant", "藍方可作的進攻，最佳的排最前（對局「friday」，第 1 回合）：", "從", "已從日誌重建對局「friday」"),
    ],
)
def test_play_hint_and_play_replay_in_each_language(code: str, title: str, headers: str, rebuilt: str) -> None:
    run("play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1")
    run("play place B1 6 A2 1 B2 6 A3 3 B3 5 A4 4 B4 3 C4 4")
    hint = run(f"--lang {code} play hint").stdout.splitlines()
    assert hint[0] == title and hint[2].startswith(headers)
    assert run(f"--lang {code} play replay").stdout.startswith(rebuilt)
