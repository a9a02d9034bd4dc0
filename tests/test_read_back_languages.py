"""What the journal reads back speaks the language asked now (issue 16,
point 6): `log show` of an entry ruled at a German table reads in English or
Dutch when asked so, and `game`'s pages follow the language too."""

from __future__ import annotations

import pytest
from conftest import fails, run

REINFORCE = "reinforce groundforce --mines 3 --free-places 1"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "GF-R4   2 points cannot be spent and are lost"),
        ("nl", "GF-R4   2 punten kunnen niet besteed worden en vervallen"),
        ("de", "GF-R4   2 Punkte können nicht ausgegeben werden und verfallen"),
        ("zh-Hant", "GF-R4   2 點用不完，作廢"),
    ],
)
def test_log_show_says_an_entry_in_the_language_asked_now_not_the_one_it_was_ruled_in(code: str, said: str) -> None:
    run(f"--lang de {REINFORCE}")
    run(REINFORCE)
    for entry in (1, 2):
        assert f"  {said}\n" in run(f"--lang {code} log show {entry}").stdout


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "1 point cannot be spent and is lost", "2 points cannot be spent and are lost"),
        ("nl", "1 punt kan niet besteed worden en vervalt", "2 punten kunnen niet besteed worden en vervallen"),
        (
            "de",
            "1 Punkt kann nicht ausgegeben werden und verfällt",
            "2 Punkte können nicht ausgegeben werden und verfallen",
        ),
    ],
)
def test_points_lost_agree_with_their_count(code: str, one: str, two: str) -> None:
    assert one in run(f"--lang {code} reinforce groundforce --mines 2 --free-places 1 --no-journal").stdout
    assert two in run(f"--lang {code} {REINFORCE} --no-journal").stdout


@pytest.mark.parametrize(
    ("code", "started", "listed", "stopped"),
    [
        ("en", "Game 'fri' started (Ground Force)", "going", "Game 'fri' stopped (0 rulings in all)"),
        ("nl", "Spel 'fri' begonnen (Ground Force)", "loopt", "Spel 'fri' gestopt (0 uitspraken in totaal)"),
        ("de", "Spiel 'fri' begonnen (Ground Force)", "läuft", "Spiel 'fri' beendet (0 Entscheidungen insgesamt)"),
        ("zh-Hant", "對局「fri」已開始（Ground Force）", "進行中", "對局「fri」已結束（共 0 條裁決）"),
    ],
)
def test_the_game_pages_speak_the_language_asked(code: str, started: str, listed: str, stopped: str) -> None:
    assert run(f"--lang {code} game start fri --ruleset groundforce").stdout.startswith(started)
    assert listed in run(f"--lang {code} game").stdout
    assert run(f"--lang {code} game stop").stdout.startswith(stopped)


def test_log_show_says_a_held_games_action_in_the_language_asked_now() -> None:
    run("--lang nl play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1")
    run("--lang nl play place B1 6 A2 1 B2 6 A3 3 B3 5 A4 4 B4 3 C4 4")
    run("--lang nl play attack A4 B4 --roll 3")
    assert "DL-A1   blue attacks B4 from A4" in run("log show 4").stdout
    assert "DL-S3   Rot setzt eine 6 auf B1" in run("--lang de log show 3").stdout
    assert "DL-A1   blauw valt B4 aan vanaf A4" in run("--lang nl log show 4").stdout


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "error: a count of stars cannot be negative (FR-R1)"),
        ("nl", "fout: het aantal sterren kan niet negatief zijn (FR-R1)"),
        ("de", "Fehler: die Anzahl Sterne kann nicht negativ sein (FR-R1)"),
        ("zh-Hant", "錯誤：星的數量不能是負數（FR-R1）"),
    ],
)
def test_a_negative_count_is_named_in_the_language_asked(code: str, said: str) -> None:
    assert fails(f"--lang {code} recruit frontline-risk --stars -3") == said


@pytest.mark.parametrize(("code", "said"), [("en", "dice:     attacker: 3"), ("de", "Würfel:         Angreifer: 3")])
def test_log_show_names_the_dice_by_their_side_in_the_language_asked(code: str, said: str) -> None:
    run("play start friday diceland --tiles 8 --seed 3 --rule terrain --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1")
    run("play place B1 6 A2 1 B2 6 A3 3 B3 5 A4 4 B4 3 C4 4")
    run("play attack A4 B4 --roll 3")
    assert said in run(f"--lang {code} log show 4").stdout
