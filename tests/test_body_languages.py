"""reinforce, recruit, build, score, group, setup and roll in the language
asked (issue 16, points 2 and 3): their headings, tables and verdicts, and the
ruleset's own words their steps print (players, continents, counts, states,
attack types, a value's name), written per language in the file's `words`.
English pages stay byte for byte what they were; --json keeps the file's
words. body_pages.yaml holds the pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import fails, run, run_json

from referee.ruleset.load import load
from referee.words import language

PAGES = yaml.safe_load((Path(__file__).parent / "body_pages.yaml").read_text(encoding="utf-8"))
OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]


def _page(command: str, code: str, columns: int) -> str:
    return run(f"--lang {code} {command} --no-journal", env={"COLUMNS": str(columns)}).stdout


@pytest.mark.parametrize("name", sorted(PAGES))
def test_an_english_page_is_what_it_was_before_it_spoke_other_languages(name: str) -> None:
    assert _page(PAGES[name]["command"], "en", 100) == PAGES[name]["en"]


@pytest.mark.parametrize(("name", "code"), [(name, code) for name in sorted(PAGES) for code in OTHERS])
def test_a_page_reads_in_the_language_asked(name: str, code: str) -> None:
    page = _page(PAGES[name]["command"], code, 200).splitlines()
    missing = [line for line in PAGES[name][code] if line not in page]
    assert not missing, "\n".join(page)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["damaged armour", "1 damaged armour", "2 damaged armour", "2 armour"]),
        ("nl", ["pantser (beschadigd)", "1 pantser (beschadigd)", "2 pantser (beschadigd)", "2 pantser"]),
        ("de", ["Panzer (beschädigt)", "1 Panzer (beschädigt)", "2 Panzer (beschädigt)", "2 Panzer"]),
        ("zh-Hant", ["受損裝甲師", "1 個受損裝甲師", "2 個受損裝甲師", "2 個裝甲師"]),
    ],
)
def test_a_units_state_stands_where_its_language_puts_it(code: str, said: list[str]) -> None:
    armour = load("frontline-risk").units["armour"]
    language.use(code)
    counted = [armour.counted(1, "damaged"), armour.counted(1, "damaged", numbered=True), armour.counted(2, "damaged")]
    assert [*counted, armour.counted(2)] == said


def test_a_state_is_said_in_the_language_asked_inside_a_battle() -> None:
    command = (
        "battle frontline-risk --attacker 'armour, infantry' --defender 'damaged armour, infantry' "
        "--attacker-roll 6,3 --defender-roll 5,2 --no-journal"
    )
    assert "Für den Verteidiger: Infanterie, Panzer (beschädigt) vernichtet." in run(f"--lang de {command}").stdout
    assert "防守方前線有受損裝甲師、步兵師：2 粒骰" in run(f"--lang zh-Hant {command}").stdout
    assert "The defender suffers: infantry, damaged armour destroyed." in run(f"--lang en {command}").stdout


def _values(document: dict[str, Any], message: str) -> tuple[dict[str, Any], str]:
    said = next(s for s in document["explanation"] if s["message"] == message)
    return said["values"], said["text"]


def test_json_keeps_the_files_words_and_says_them_in_the_text() -> None:
    values, text = _values(run_json("--lang nl score diceland --red 6,5,1 --blue 4,4,4 --first red"), "score.first")
    assert values == {"first": "red"}
    assert text == "nog steeds gelijk: rood was als eerste aan zet en wint"
    values, text = _values(
        run_json("--lang zh-Hant recruit risk --territories 9 --continent australia"), "recruit.bonus"
    )
    assert values == {"name": "australia", "units": 2} and text == "澳洲：+2"
    values, text = _values(
        run_json("--lang de hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3"),
        "modifiers.none",
    )
    assert values == {"kind": "ranged attack", "number": 5} and text == "keine Modifikatoren für Fernkampfangriff: 5+"


def test_a_word_a_translation_leaves_out_is_read_in_english(edited: Any) -> None:
    path = edited("diceland", lambda text: text.replace("      red: rood\n", "", 1))
    page = run(f"--lang nl score {path} --red 6,5,1 --blue 4,4,4 --first red --no-journal").stdout
    assert "Red wint." in page and "blauw     4, 4, 4" in page


def test_a_word_the_file_does_not_write_is_refused(edited: Any) -> None:
    path = edited("diceland", lambda text: text.replace("      red: rood\n", "      redd: rood\n", 1))
    assert fails(f"validate {path}").endswith("translations.nl.words.redd: unknown word 'redd'; did you mean 'red'?")


@pytest.mark.parametrize("name", ["groundforce", "risk", "frontline-risk", "diceland", "trueforces"])
def test_every_word_a_ruling_prints_from_a_shipped_ruleset_is_written_in_all_four(name: str) -> None:
    """The words this branch's commands print: players, continents, rewards,
    counts, changes, states, attack types, actions, a value's name, works."""
    rules = load(name)
    printed = {*rules.states}
    if rules.deployment:
        printed |= set(rules.deployment.players)
    if rules.recruiting:
        terms = rules.recruiting
        printed |= {*terms.per, *terms.every, *terms.continents, *terms.rewards, *terms.changes}
    if rules.building:
        printed |= {rules.building.text, *(work.label for work in rules.building.works.values())}
    if rules.reinforcements:
        printed |= set(rules.reinforcements.income.per)
    for attack in rules.attacks.values():
        for part in ("types", "actions"):
            printed |= {item.label for item in getattr(attack, part, {}).values()}
        if hasattr(attack, "value"):
            printed.add(attack.value.label)
    for code in OTHERS:
        assert printed <= set(rules.translations[code].words), (
            name,
            code,
            printed - set(rules.translations[code].words),
        )


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("nl", ["ook genoemd: ground force, GF", "Eenheden", "eenheid", "Aanvallen", "  normal: gewone aanval ("]),
        ("de", ["auch genannt: ground force, GF", "Einheiten", "Einheit", "Angriffe", "  normal: normaler Angriff ("]),
        ("zh-Hant", ["又稱：ground force、GF", "單位", "單位", "攻擊", "  normal: 普通進攻 ("]),
    ],
)
def test_show_heads_its_parts_in_the_language_asked(code: str, said: list[str]) -> None:
    lines = run(f"--lang {code} show groundforce").stdout.splitlines()
    aliases, units, unit, attacks, attack = said
    assert lines[1] == aliases
    assert units in lines and attacks in lines
    assert lines[lines.index(units) + 1].startswith(unit)
    assert any(line.startswith(attack) for line in lines)


def test_show_names_a_state_as_players_type_it_in_every_language() -> None:
    """The example is typed, so it keeps the file's words (Panzer is not a word the file accepts)."""
    assert (
        'Zustände von Einheiten (vor der Einheit eingeben: "damaged armour")'
        in run("--lang de show frontline-risk").stdout
    )
    assert 'Unit states (type them before a unit: "damaged armour")' in run("show frontline-risk").stdout


def test_the_rulesets_listing_reads_in_the_language_asked_and_its_json_keeps_the_words() -> None:
    wide = {"COLUMNS": "200"}  # the listing's table; a narrower terminal stacks its rows
    german = run("--lang de rulesets", env=wide).stdout.splitlines()
    assert german[0].split() == ["Name", "Titel", "Sprachen", "Herkunft", "Status", "Datei"]
    assert german[2].split()[:5] == ["diceland", "DiceLand", "nl,en,de,zh-Hant", "mitgeliefert", "OK"]
    assert run("rulesets", env=wide).stdout.split()[:6] == ["name", "title", "languages", "from", "status", "file"]
    listed = run_json("--lang zh-Hant rulesets")["rulesets"][0]
    assert (listed["origin"], listed["status"]) == ("shipped", "ok")


def test_a_special_rule_is_told_in_the_language_asked_and_refused_when_the_file_lacks_it(edited: Any) -> None:
    assert (
        "  capital  wer die feindliche Hauptstadt erobert, gewinnt sofort (DL-X4)"
        in run("--lang de show diceland").stdout
    )
    assert "  capital  taking the enemy capital wins at once (DL-X4)" in run("show diceland").stdout
    rules = load("diceland")
    assert all(set(rules.translations[code].variants) == set(rules.variants) for code in OTHERS)
    path = edited("diceland", lambda text: text.replace("      capital: ", "      capitol: ", 1))
    assert fails(f"validate {path}").endswith(
        "translations.nl.variants.capitol: unknown special rule 'capitol'; did you mean 'capital'?"
    )
