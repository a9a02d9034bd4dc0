"""Errors speak the language chosen (issue 16, point 2): the one line a
refused command prints, with its names, rule ID and file:line as they were,
and --json's error text too (free text follows --lang; its keys do not)."""

from __future__ import annotations

import json

import pytest
from conftest import fails, run

from referee import language
from referee.errors import did_you_mean


def error(command: str, env: dict[str, str] | None = None) -> str:
    """The refusal's text, after the CLI's own prefix (which is not this module's to translate)."""
    line = fails(command) if env is None else _fails_in(command, env)
    return line.split(" ", 1)[1]


def _fails_in(command: str, env: dict[str, str]) -> str:
    result = run(command, code=2, env=env)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


UNKNOWN_UNIT = {
    "en": "unknown unit 'troper'; did you mean 'trooper'?",
    "nl": "eenheid 'troper' is onbekend; bedoel je 'trooper'?",
    "de": "Einheit 'troper' ist unbekannt; meinten Sie 'trooper'?",
    "zh-Hant": "未知的單位「troper」；您是指「trooper」嗎？",
}
UNKNOWN_LISTED = {
    "en": "unknown unit 'xyz'; known: heavy, saboteur, trooper",
    "nl": "eenheid 'xyz' is onbekend; bekend: heavy, saboteur, trooper",
    "de": "Einheit 'xyz' ist unbekannt; bekannt: heavy, saboteur, trooper",
    "zh-Hant": "未知的單位「xyz」；已知：heavy、saboteur、trooper",
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
