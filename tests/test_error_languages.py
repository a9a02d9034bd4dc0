"""Errors speak the language chosen (issue 16, point 2): the one line a
refused command prints, with its names, rule ID and file:line as they were,
and --json's error text too (free text follows --lang; its keys do not)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails, run

from referee.core.errors import did_you_mean
from referee.words import language


def error(command: str, env: dict[str, str] | None = None) -> str:
    """The refusal's text, after the CLI's own prefix ('error: ', 'Fehler: ', '錯誤：')."""
    line = fails(command) if env is None else _fails_in(command, env)
    return re.sub(r"^[^\s:：]+[:：] ?", "", line, count=1)


def _fails_in(command: str, env: dict[str, str]) -> str:
    result = run(command, code=2, env=env)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


UNKNOWN_UNIT = {
    "en": "unknown unit 'troper'; did you mean 'trooper'?",
    "nl": "eenheid 'troper' is onbekend; bedoel je 'trooper'?",
    "de": "Einheit 'troper' ist unbekannt; meinten Sie 'trooper'?",
    "zh-Hant": "未知的單位「troper」；你是指「trooper」嗎？",
}
UNKNOWN_LISTED = {
    "en": "unknown unit 'xyz'; known: heavy, saboteur, trooper",
    "nl": "eenheid 'xyz' is onbekend; bekend: saboteur, soldaat, zwaar wapen",
    "de": "Einheit 'xyz' ist unbekannt; bekannt: Saboteur, Soldat, schwere Waffe",
    "zh-Hant": "未知的單位「xyz」；已知：士兵、破壞者、重武器",
}


@pytest.mark.parametrize("code", language.LANGUAGES)
def test_an_unknown_unit_is_refused_with_a_suggestion_in_each_language(code: str) -> None:
    battle = "battle groundforce --attacker '2 {}' --defender trooper --seed 1"
    assert error(f"--lang {code} " + battle.format("troper")) == UNKNOWN_UNIT[code]
    assert error(f"--lang {code} " + battle.format("xyz")) == UNKNOWN_LISTED[code]


def test_a_kind_is_said_by_its_caller_in_the_language_spoken() -> None:
    with language.speaking("de"):
        assert did_you_mean("Würfel", "w66", ["w6"]).message == "Würfel 'w66' ist unbekannt; meinten Sie 'w6'?"
        assert did_you_mean("Würfel", "x", []).message == "Würfel 'x' ist unbekannt; bekannt: keine"
    assert did_you_mean("die", "x", []).message == "unknown die 'x'; known: none"


def test_an_unknown_language_is_refused_in_the_language_the_other_sources_choose() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert (
        error("--lang fr show groundforce", german)
        == "--lang: Sprache 'fr' ist unbekannt; bekannt: de, en, nl, zh-Hant"
    )
    dutch = {"REFEREE_LANG": "nl", "LANG": "de_DE.UTF-8"}
    assert error("--lang nll show groundforce", dutch) == "--lang: taal 'nll' is onbekend; bedoel je 'nl'?"
    chinese = {"REFEREE_LANG": "klingon", "LANG": "zh_TW.UTF-8"}
    assert error("show groundforce", chinese).startswith("REFEREE_LANG: 未知的語言「klingon」；已知：")
    assert error("--lang fr show groundforce") == "--lang: unknown language 'fr'; known: de, en, nl, zh-Hant"


def test_an_error_under_json_says_its_text_in_the_language_and_keeps_its_keys() -> None:
    result = run("--lang de battle groundforce --attacker troper --defender trooper --json", code=2)
    assert json.loads(result.stderr) == {"error": UNKNOWN_UNIT["de"], "rule": None}


# (command, the refusal in each language); each is a mistake players or authors make
REFUSALS = {
    "roll 2d": {
        "en": "'2d': say how many sides the dice have, e.g. 2d6",
        "nl": "'2d': zeg hoeveel zijden de dobbelstenen hebben, bijv. 2d6",
        "de": "'2d': geben Sie an, wie viele Seiten die Würfel haben, z. B. 2d6",
        "zh-Hant": "「2d」：請寫明骰子有幾面，例如 2d6",
    },
    "roll 2x6": {
        "en": "'2x6' is not dice notation; write NdS with an optional +M, e.g. 2d6+1",
        "nl": "'2x6' is geen dobbelsteennotatie; schrijf NdS, eventueel met +M, bijv. 2d6+1",
        "de": "'2x6' ist keine Würfelnotation; schreiben Sie NdS, wahlweise mit +M, z. B. 2d6+1",
        "zh-Hant": "「2x6」不是骰子記法；請寫成 NdS，可加 +M，例如 2d6+1",
    },
    "battle groundforce --attacker '3 trooper' --defender trooper --seed 1": {
        "en": "the attacker would roll 3 dice, but a player owns only 2 (GF-B2)",
        "nl": "de aanvaller zou 3 dobbelstenen gooien, maar een speler heeft er maar 2 (GF-B2)",
        "de": "der Angreifer würde 3 Würfel werfen, aber ein Spieler besitzt nur 2 (GF-B2)",
        "zh-Hant": "進攻方要擲 3 粒骰，但每位玩家只有 2 粒（GF-B2）",
    },
    "battle groundforce --attacker '2 trooper' --defender trooper --attacker-roll sword": {
        "en": "the attacker rolls 2 dice here, but 1 face was given (GF-B2)",
        "nl": "de aanvaller gooit hier 2 dobbelstenen, maar er is 1 zijde opgegeven (GF-B2)",
        "de": "der Angreifer würfelt hier 2 Würfel, aber 1 Seite wurde angegeben (GF-B2)",
        "zh-Hant": "進攻方在此擲 2 粒骰，但給出了 1 個骰面（GF-B2）",
    },
    "battle frontline-risk --attacker infantry --defender infantry --when attacker:city --seed 1": {
        "en": "'city' is for the defender, not the attacker (FR-B3)",
        "nl": "'city' is voor de verdediger, niet voor de aanvaller (FR-B3)",
        "de": "'city' gilt für den Verteidiger, nicht für den Angreifer (FR-B3)",
        "zh-Hant": "「city」適用於防守方，而非進攻方（FR-B3）",
    },
    "battle diceland --attacker 6,9 --defender 3": {
        "en": "the attacker's die shows 9: a die shows 1 to 6 (DL-A2)",
        "nl": "de dobbelsteen van de aanvaller toont 9: een dobbelsteen toont 1 tot 6 (DL-A2)",
        "de": "der Würfel des Angreifers zeigt 9: ein Würfel zeigt 1 bis 6 (DL-A2)",
        "zh-Hant": "進攻方的骰子顯示 9：骰子只有 1 至 6（DL-A2）",
    },
    "battle groundforce --attacker 'heavy, trooper' --defender trooper --seed 1": {
        "en": "a heavy-weapon attack is made alone: no other unit may join it (GF-H4)",
        "nl": "een aanval met zwaar wapen gebeurt alleen: geen andere eenheid mag meedoen (GF-H4)",
        "de": "Angriff mit schwerer Waffe: nur allein möglich, keine andere Einheit darf sich anschließen (GF-H4)",
        "zh-Hant": "重武器攻擊只能單獨進行：其他單位不得加入（GF-H4）",
    },
    "hit trueforces --attacker 4 --target 15 --attack ranged": {
        "en": "the target's quality must be 1 to 6, not 15",
        "nl": "kwaliteit van het doel moet 1 tot 6 zijn, niet 15",
        "de": "Qualität des Ziels muss 1 bis 6 sein, nicht 15",
        "zh-Hant": "目標的素質須為 1 至 6，而非 15",
    },
}


@pytest.mark.parametrize("code", language.LANGUAGES)
@pytest.mark.parametrize("command", sorted(REFUSALS))
def test_a_refusal_is_said_in_each_language_with_its_rule(command: str, code: str) -> None:
    assert error(f"--lang {code} {command}") == REFUSALS[command][code]


RISK_ROLL = {  # the option the message names stays as it is typed, inside the sentence each language writes
    "nl": "de aanvaller vecht met 4 legers; hoogstens 3 gooien in één gevecht (--attacker telt de aanvallende "
    "legers, elk één dobbelsteen); voor het hele gevecht: referee odds risk --attacker 4 --defender 2 --until conquest",
    "de": "der Angreifer kämpft mit 4 Armeen; höchstens 3 würfeln in einer Schlacht (--attacker zählt die "
    "angreifenden Armeen, je ein Würfel); für den ganzen Kampf: referee odds risk --attacker 4 --defender 2 "
    "--until conquest",
    "zh-Hant": "進攻方以 4 支軍隊作戰；每場戰鬥最多 3 個單位擲骰（--attacker 計算進攻的軍隊，每個一粒骰）；"
    "整場戰鬥請用：referee odds risk --attacker 4 --defender 2 --until conquest",
}


@pytest.mark.parametrize("code", sorted(RISK_ROLL))
def test_an_option_a_message_names_survives_its_translation(code: str) -> None:
    said = error(f"--lang {code} battle risk --attacker 4 --defender 2 --seed 1 --no-journal")
    assert said == RISK_ROLL[code] + ("（RK-B1）" if code == "zh-Hant" else " (RK-B1)")
    assert "\x00" not in said


AUTHORS = {  # a ruleset file's mistakes: file:line:column and the key path kept, the rest translated
    "placs": {
        "en": "reinforcements: unknown key 'placs'; did you mean 'places'?",
        "nl": "reinforcements: sleutel 'placs' is onbekend; bedoel je 'places'?",
        "de": "reinforcements: Schlüssel 'placs' ist unbekannt; meinten Sie 'places'?",
        "zh-Hant": "reinforcements: 未知的鍵「placs」；你是指「places」嗎？",
    },
    "places: twelve": {
        "en": "reinforcements.places: expected a whole number from 1 to 100, got text",
        "nl": "reinforcements.places: verwacht: een geheel getal van 1 tot 100; gevonden: tekst",
        "de": "reinforcements.places: erwartet: eine ganze Zahl von 1 bis 100; gefunden: Text",
        "zh-Hant": "reinforcements.places: 應為整數（1 至 100），實為文字",
    },
}
EDITS = {
    "placs": ("  places: 12\n", "  placs: 12\n", 3),
    "places: twelve": ("  places: 12\n", "  places: twelve\n", 11),
}


@pytest.mark.parametrize("code", language.LANGUAGES)
@pytest.mark.parametrize("mistake", sorted(AUTHORS))
def test_a_ruleset_file_s_mistake_keeps_its_place_and_speaks_the_language(
    mistake: str, code: str, edited: Callable[[str, Callable[[str], str]], Path]
) -> None:
    before, after, column = EDITS[mistake]
    path = edited("groundforce", lambda text: text.replace(before, after))
    line = path.read_text(encoding="utf-8").splitlines().index(after.rstrip("\n")) + 1
    assert error(f"--lang {code} validate {path}") == f"{path}:{line}:{column}: {AUTHORS[mistake][code]}"


def test_a_cited_rule_missing_from_the_file_is_named_in_each_language(
    edited: Callable[[str, Callable[[str], str]], Path],
) -> None:
    path = edited("groundforce", lambda text: text.replace("    rule: GF-D1\n", "    rule: GF-Z9\n", 1))
    said = {code: error(f"--lang {code} validate {path}").split(": ", 2)[2] for code in language.LANGUAGES}
    assert said == {
        "en": "cites rule GF-Z9, which is not in 'rules'",
        "nl": "verwijst naar regel GF-Z9, die niet in 'rules' staat",
        "de": "verweist auf Regel GF-Z9, die nicht in 'rules' steht",
        "zh-Hant": "引用了規則 GF-Z9，但它不在「rules」中",
    }


def test_an_unknown_language_on_a_terminal_that_cannot_show_the_locale_s_is_refused_in_english() -> None:
    environ = {**os.environ, "LANG": "zh_TW.UTF-8", "PYTHONIOENCODING": "ascii"}
    environ.pop("REFEREE_LANG", None)
    done = subprocess.run(
        [sys.executable, "-m", "referee", "--lang", "fr", "show", "groundforce"],
        capture_output=True,
        text=True,
        env=environ,
        check=False,
    )
    assert (done.returncode, done.stderr) == (2, "error: --lang: unknown language 'fr'; known: de, en, nl, zh-Hant\n")
