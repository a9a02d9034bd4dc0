"""Errors in the table's language (issue 16, point 2): the one line a refused
command prints, through the CLI, in Dutch, German and Traditional Chinese, from
each part that refuses: the board, buying and recruiting, click's own usage
errors, and the journal's refusals and exit-1 verdicts. English stays as it
was; the rule a refusal cites and the --json keys stay the same in every
language."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from conftest import fails, run
from test_board_game import placed

LANGUAGES = ("en", "nl", "de", "zh-Hant")

# each refusal in every language, as `fails` returns its line
REFUSALS = {
    "play attack A4 B1": (
        "error: B1 is not next to A4 (DL-A1)",
        "fout: B1 ligt niet naast A4 (DL-A1)",
        "Fehler: B1 liegt nicht neben A4 (DL-A1)",
        "錯誤：B1 不在 A4 旁邊（DL-A1）",
    ),
    "play attack B4 B3": (
        "error: B4 holds red's die: attack from a tile of blue's (DL-A1)",
        "fout: op B4 staat een dobbelsteen van rood: val aan vanaf een tegel van blauw (DL-A1)",
        "Fehler: auf B4 steht ein Würfel von Rot: angegriffen wird von einem Plättchen von Blau aus (DL-A1)",
        "錯誤：B4 上是紅方的骰子：要從藍方的格進攻（DL-A1）",
    ),
    "reinforce groundforce --mines 1 --buy '2 heavy'": (
        "error: that costs 6 points, but there are only 3 (GF-R4)",
        "fout: dat kost 6 punten, maar er zijn er maar 3 (GF-R4)",
        "Fehler: das kostet 6 Punkte, aber es gibt nur 3 (GF-R4)",
        "錯誤：這要花 6 點，但只有 3 點（GF-R4）",
    ),
    "reinforce groundforce --mines 2 --buy trooper": (
        "error: that spends 1 point, but 4 points can be spent (GF-R4)",
        "fout: dat besteedt 1 punt, maar er kunnen 4 punten besteed worden (GF-R4)",
        "Fehler: das gibt 1 Punkt aus, aber 4 Punkte können ausgegeben werden (GF-R4)",
        "錯誤：這只花 1 點，但可以花 4 點（GF-R4）",
    ),
    "recruit frontline-risk --stars 7 --continent asia --continent asia": (
        "error: Asia is given twice; it counts at most once for a player (FR-R2)",
        "fout: Azië is tweemaal opgegeven; het telt hoogstens eenmaal voor een speler (FR-R2)",
        "Fehler: Asien ist zweimal angegeben; es zählt für einen Spieler höchstens einmal (FR-R2)",
        "錯誤：亞洲給了兩次；每位玩家最多只算一次（FR-R2）",
    ),
    "hit trueforces --attacker 7 --target 5 --attack ranged": (
        "error: the attacker's quality must be 1 to 6, not 7",
        "fout: kwaliteit van de aanvaller moet 1 tot 6 zijn, niet 7",
        "Fehler: Qualität des Angreifers muss 1 bis 6 sein, nicht 7",
        "錯誤：進攻方的素質須為 1 至 6，而非 7",
    ),
    # the roll named as the target-number procedure names it, in its own catalogue
    "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 9": (
        "error: a wound roll of 9 is impossible: the d6 shows 1 to 6 (TF-C5)",
        "fout: een worp van 9 is onmogelijk voor de verwondingsworp: de d6 toont 1 tot 6 (TF-C5)",
        "Fehler: ein Wurf von 9 ist für den Wundwurf unmöglich: der d6 zeigt 1 bis 6 (TF-C5)",
        "錯誤：傷害擲骰不可能擲出 9：d6 只有 1 至 6（TF-C5）",
    ),
    "hit trueforces --attacker 4 --target 5 --attack ranged --roll 7": (
        "error: a hit roll of 7 is impossible: the d6 shows 1 to 6 (TF-C4)",
        "fout: een worp van 7 is onmogelijk voor de trefworp: de d6 toont 1 tot 6 (TF-C4)",
        "Fehler: ein Wurf von 7 ist für den Trefferwurf unmöglich: der d6 zeigt 1 bis 6 (TF-C4)",
        "錯誤：命中擲骰不可能擲出 7：d6 只有 1 至 6（TF-C4）",
    ),
    "odds risk --attacker 200 --defender 200 --until conquest": (
        "error: about 40,401 fight states are too many to solve in exact fractions here (at most 40,000): add --float",
        "fout: ongeveer 40.401 gevechtstoestanden zijn te veel om hier in exacte breuken op te lossen (hoogstens "
        "40.000): voeg --float toe",
        "Fehler: etwa 40.401 Kampfzustände sind zu viele, um sie hier in exakten Brüchen zu lösen (höchstens 40.000): "
        "--float hinzufügen",
        "錯誤：約 40,401 個戰鬥狀態，太多了，無法在此以精確分數求解（最多 40,000 個）：請加上 --float",
    ),
    "build frontline-risk --unflipped-stars 4 airfield": (
        "error: moving the airfield costs 5, more than the stars on territory cards not flipped this turn (4) (FR-E3)",
        "fout: het vliegveld verplaatsen kost 5, meer dan de sterren op gebiedskaarten die deze beurt niet zijn "
        "omgedraaid (4) (FR-E3)",
        "Fehler: die Verlegung des Flugfelds kostet 5, mehr als Sterne auf in diesem Zug nicht umgedrehten "
        "Gebietskarten (4) (FR-E3)",
        "錯誤：搬遷飛機場花費 5，超過星（本回合未翻轉的領土卡上）（4）（FR-E3）",
    ),
    "recruit frontline-risk --territory '2 infantry' --change merge --site": (
        "error: merge takes 3 infantry, but the territory holds 2 infantry (FR-R4)",
        "fout: samenvoegen kost 3 infanterie, maar het gebied heeft 2 infanterie (FR-R4)",
        "Fehler: Zusammenlegen kostet 3 Infanterie, aber im Gebiet stehen 2 Infanterie (FR-R4)",
        "錯誤：合流需要 3 個步兵師，但領土內只有 2 個步兵師（FR-R4）",
    ),
    "map diceland --tiles 36 --capitals": (
        "error: 2 capitals on 36 tiles: the box holds 36 tiles, 5 of them city; deal at most 34 tiles with capitals "
        "(DL-M3)",
        "fout: 2 hoofdsteden op 36 tegels: de doos bevat 36 tegels, waarvan 5 stad; leg hoogstens 34 tegels met "
        "hoofdsteden (DL-M3)",
        "Fehler: 2 Hauptstädte auf 36 Plättchen: die Schachtel enthält 36 Plättchen, davon 5 Stadt; mit Hauptstädten "
        "höchstens 34 Plättchen auslegen (DL-M3)",
        "錯誤：36 塊地形板加 2 個首都：盒中有 36 塊地形板，其中 5 塊是城市；有首都時最多擺 34 塊（DL-M3）",
    ),
    "battle groundforce --atacker trooper": (
        "error: no such option --atacker; did you mean --attacker? (see 'referee battle --help')",
        "fout: optie --atacker bestaat niet; bedoel je --attacker? (zie 'referee battle --help')",
        "Fehler: Option --atacker gibt es nicht; ist --attacker gemeint? (siehe 'referee battle --help')",
        "錯誤：沒有選項 --atacker；是指 --attacker 嗎？（見「referee battle --help」）",
    ),
    "hit trueforces --attacker 4": (
        "error: Missing option '--target'. (see 'cli hit --help')",
        "fout: Optie '--target' ontbreekt. (zie 'cli hit --help')",
        "Fehler: Option '--target' fehlt. (siehe 'cli hit --help')",
        "錯誤：缺少選項「--target」。（見「cli hit --help」）",
    ),
    "show groundforce 3 4": (
        "error: Got unexpected extra arguments (3 4) (see 'cli show --help')",
        "fout: Onverwachte extra argumenten (3 4) (zie 'cli show --help')",
        "Fehler: Unerwartete zusätzliche Argumente (3 4) (siehe 'cli show --help')",
        "錯誤：多了幾個參數（3 4）（見「cli show --help」）",
    ),
    "odds groundforce --attacker trooper --defender trooper 3 4": (  # words after RULESET: the short form, misread
        "error: '3 4': tell an attack as ATTACKER vs DEFENDER : ROLLS, or with --attacker and --defender",
        "fout: '3 4': vertel een aanval als AANVALLER vs VERDEDIGER : WORPEN, of met --attacker en --defender",
        "Fehler: '3 4': einen Angriff als ANGREIFER vs VERTEIDIGER : WÜRFE angeben, oder mit --attacker und --defender",
        "錯誤：「3 4」：請以「進攻方 vs 防守方 : 擲骰」說明一次進攻，或使用 --attacker 與 --defender",
    ),
    "battle risk 3 vs 2 : 6 / 5 / 4": (
        "error: '3 vs 2 : 6 / 5 / 4': after ':' type the dice of --attacker-roll, --defender-roll, in that order, "
        "apart by '/'",
        "fout: '3 vs 2 : 6 / 5 / 4': typ na ':' de dobbelstenen van --attacker-roll, --defender-roll, in die "
        "volgorde, gescheiden door '/'",
        "Fehler: '3 vs 2 : 6 / 5 / 4': nach ':' die Würfel von --attacker-roll, --defender-roll angeben, in dieser "
        "Reihenfolge, getrennt durch '/'",
        "錯誤：「3 vs 2 : 6 / 5 / 4」：請在「:」之後依序輸入 --attacker-roll、--defender-roll 的骰子，以「/」分隔",
    ),
    "battle --entry x": (
        "error: --entry needs a whole number, not 'x'",
        "fout: --entry: een geheel getal nodig, niet 'x'",
        "Fehler: --entry: eine ganze Zahl wird erwartet, nicht 'x'",
        "錯誤：--entry 須為整數，而非「x」",
    ),
    "log show 0": (
        "error: entry must be from 1 to 9223372036854775807, not 0",
        "fout: logboekitem: van 1 tot 9223372036854775807, niet 0",
        "Fehler: Eintrag: von 1 bis 9223372036854775807, nicht 0",
        "錯誤：日誌條目須在 1 至 9223372036854775807 之間，而非 0",
    ),
    "replay 99999999999999999999999": (
        "error: entry must be from 1 to 9223372036854775807, not a number of 23 digits",
        "fout: logboekitem: van 1 tot 9223372036854775807, geen getal van 23 cijfers",
        "Fehler: Eintrag: von 1 bis 9223372036854775807, keine Zahl mit 23 Ziffern",
        "錯誤：日誌條目須在 1 至 9223372036854775807 之間，而非 23 位數的數字",
    ),
    "log verify --checkpoint 1:zz": (
        "error: --checkpoint takes ENTRY:CODE as a ruling printed it, e.g. 12:3f9a-c2d1-07be-z "
        "(at least 8 of its digits), not '1:zz'",
        "fout: --checkpoint neemt ENTRY:CODE zoals een uitspraak het toonde, bv. 12:3f9a-c2d1-07be-z "
        "(minstens 8 cijfers ervan), niet '1:zz'",
        "Fehler: --checkpoint nimmt ENTRY:CODE, wie eine Entscheidung es ausgab, z. B. 12:3f9a-c2d1-07be-z "
        "(mindestens 8 seiner Ziffern), nicht '1:zz'",
        "錯誤：--checkpoint 要填裁決印出的 ENTRY:CODE，例如 12:3f9a-c2d1-07be-z（至少 8 位），不是「1:zz」",
    ),
}


@pytest.mark.parametrize("command", REFUSALS)
@pytest.mark.parametrize("at", range(len(LANGUAGES)))
def test_a_refusal_is_one_line_in_the_language_asked(command: str, at: int) -> None:
    if command.startswith("play"):
        placed()
    assert fails(f"--lang {LANGUAGES[at]} {command}") == REFUSALS[command][at]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "no entry 9 in the journal {path}; entries run from 1 to 2"),
        ("nl", "geen item 9 in het logboek {path}; de items lopen van 1 tot 2"),
        ("de", "kein Eintrag 9 im Journal {path}; die Einträge reichen von 1 bis 2"),
        ("zh-Hant", "日誌 {path} 中沒有第 9 條；條目由 1 到 2"),
    ],
)
def test_replay_of_an_entry_not_there_is_refused_in_the_language_asked(journal: Path, code: str, said: str) -> None:
    run("roll 2d6 --seed 1")
    run("roll 2d6 --seed 2")
    line = fails(f"--lang {code} replay 9")
    assert line.endswith(said.format(path=journal))


@pytest.mark.parametrize(
    ("code", "verdict"),
    [
        ("en", "BROKEN: entry 2 is missing: it was deleted by hand ({path})"),
        ("nl", "GEBROKEN: item 2 ontbreekt: het is met de hand verwijderd ({path})"),
        ("de", "GEBROCHEN: Eintrag 2 fehlt: er wurde von Hand gelöscht ({path})"),
        ("zh-Hant", "已斷裂：第 2 條遺失：被手動刪除（{path}）"),
    ],
)
def test_a_broken_chain_is_named_in_the_language_asked_and_exits_1(journal: Path, code: str, verdict: str) -> None:
    for seed in (1, 2, 3):
        run(f"roll 2d6 --seed {seed}")
    db = sqlite3.connect(journal)
    with db:
        db.execute("DELETE FROM entries WHERE id = 2")
    db.close()
    said = run(f"--lang {code} log verify", code=1, env={"COLUMNS": "400"}).stdout.strip()
    assert said == verdict.format(path=journal)

    document = json.loads(run(f"--lang {code} log verify --json", code=1).stdout)
    assert (document["intact"], document["broken"]["entry"]) == (False, 2)  # the verdict's shape stays


@pytest.mark.parametrize(
    ("code", "summary"),
    [
        ("nl", "De uitspraak blijft staan: vandaag beslist de scheidsrechter hetzelfde."),
        ("de", "Die Entscheidung steht: heute entscheidet der Schiedsrichter gleich."),
        ("zh-Hant", "裁決維持不變：今天裁判的裁決相同。"),
    ],
)
def test_a_replay_that_finds_a_ruleset_altered_by_hand_says_so_in_the_language_asked(
    journal: Path, code: str, summary: str
) -> None:
    run("battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --seed 1")
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE rulesets SET content = replace(content, 'sword', 'swerd')")
    db.close()
    lines = run(f"--lang {code} replay 1", env={"COLUMNS": "400"}).stdout.splitlines()
    altered = {
        "nl": "maar sindsdien met de hand gewijzigd: de hash klopt niet meer (zie 'referee log verify'):",
        "de": "aber seither von Hand geändert: der Hash stimmt nicht mehr (siehe 'referee log verify'):",
        "zh-Hant": "但之後被手動修改：雜湊已不相符（見「referee log verify」）：",
    }[code]
    assert any(line.endswith(altered) for line in lines), lines
    assert lines[-1] == summary  # today's file rules the same: the ruling stands


def test_the_json_error_keeps_its_keys_and_rule_and_says_the_message_in_the_language_asked() -> None:
    result = run("--lang de reinforce groundforce --mines 1 --buy '2 heavy' --json", code=2)
    assert json.loads(result.stderr) == {"error": "das kostet 6 Punkte, aber es gibt nur 3", "rule": "GF-R4"}


def test_a_usage_error_before_the_language_is_read_is_still_said_in_it() -> None:
    """click refuses --bogus before it reads --lang, and REFEREE_LANG without --lang."""
    assert fails("--bogus --lang nl rulesets") == "fout: optie --bogus bestaat niet (zie 'referee --help')"
    line = run("--bogus rulesets", code=2, env={"REFEREE_LANG": "de"}).stderr.strip()
    assert line == "Fehler: Option --bogus gibt es nicht (siehe 'referee --help')"


@pytest.mark.parametrize(
    ("code", "damaged"),
    [
        ("en", "damaged: entry 2: its argv holds a blob of 2 bytes where a command line belongs"),
        ("nl", "beschadigd: item 2: de kolom argv bevat een blob van 2 bytes waar een opdrachtregel hoort"),
        ("de", "beschädigt: Eintrag 2: die Spalte argv enthält einen Blob von 2 Bytes, wo eine Befehlszeile hingehört"),
        ("zh-Hant", "已損壞：第 2 條：argv 欄應為命令列，卻是二進位資料（2 位元組）"),
    ],
)
def test_a_damaged_entry_is_named_in_the_language_asked_and_exits_1(journal: Path, code: str, damaged: str) -> None:
    for seed in (1, 2):
        run(f"roll 2d6 --seed {seed}")
    db = sqlite3.connect(journal)
    with db:
        db.execute("UPDATE entries SET argv = X'5b5d' WHERE id = 2")
    db.close()
    assert run(f"--lang {code} log show 2", code=1).stderr.strip() == damaged


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "only 1 place is free"),
        ("nl", "er is maar 1 plaats vrij"),
        ("de", "aber nur 1 Platz ist frei"),
        ("zh-Hant", "但只有 1 個空位"),
    ],
)
def test_a_purchase_with_one_free_place_says_it_in_the_singular(code: str, said: str) -> None:
    command = "reinforce groundforce --mines 1 --free-places 1 --buy '2 heavy' --no-journal"
    assert said in fails(f"--lang {code} {command}")
