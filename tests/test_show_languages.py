"""What a new player read half in English under --lang nl/de/zh-Hant (issue 16):
`show` (units' names, faces, each attack's parameters, the source, the
options a file names), the `rulesets` listing's languages, units in the
`log` list, did-you-mean over translated names, the command a usage error
points to and the seed line. English reads as before unless said here."""

from __future__ import annotations

import dataclasses
import sys

import pytest
from conftest import fails, run, run_json

from referee.render import parameters
from referee.ruleset import registry, spec
from referee.ruleset.load import load, shipped
from referee.ruleset.spec import sections
from referee.words import language

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]


def _show(name: str, code: str) -> list[str]:
    return run(f"--lang {code} show {name}", env=WIDE).stdout.splitlines()


def _row(lines: list[str], first: str) -> list[str]:
    """A table's row by its first cell, cut into its cells."""
    row = next(line for line in lines if line.startswith(first + " "))
    return [cell.strip() for cell in row.split("  ") if cell.strip()]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            [
                "source: Ground Force rulebook, English and Dutch editions",
                "    attacker: die symbol, roll by units, owned 2, read faces sword hit, explosion hit",
                "      retreat: one step, many steps",
                "    move in: moves yes",
                "  die symbol  sword: swords, zwaard, zwaarden",
            ],
        ),
        (
            "nl",
            [
                "bron: spelregels van Ground Force, Engelse en Nederlandse uitgave",
                "    bereik: min. 1, max. 1",
                "      terugtocht: enkelvoud stap, meervoud stappen",
                "    schuift door: schuift ja",
                "  dobbelsteen symbol  sword: swords, zwaard, zwaarden",
            ],
        ),
        (
            "de",
            [
                "Quelle: Regelheft von Ground Force, englische und niederländische Ausgabe",
                "    Reichweite: min. 1, max. 1",
                "      Rückzug: Einzahl Schritt, Mehrzahl Schritte",
                "    rückt nach: zieht ja",
                "  Würfel symbol  sword: swords, zwaard, zwaarden",
            ],
        ),
        (
            "zh-Hant",
            [
                "出處：Ground Force 規則書，英文版及荷蘭文版",
                "    防守方：骰子符號、擲骰提升單位、最多單位 2、判讀骰面盾命中、爆炸命中",
                "      撤退：單數步、多數步",
                "    移入：移入是",
                "  骰子 symbol  sword: swords, zwaard, zwaarden",
            ],
        ),
    ],
)
def test_show_says_an_attacks_parameters_and_the_source_in_the_language_asked(code: str, said: list[str]) -> None:
    page = _show("groundforce", code)
    assert [line for line in said if line not in page] == []


@pytest.mark.parametrize(
    ("code", "units", "faces"),
    [
        ("en", ["trooper", "heavy weapon"], "sword, sword, shield, shield, explosion, blank"),
        ("nl", ["soldaat", "zwaar wapen"], "zwaard, zwaard, schild, schild, explosie, leeg"),
        ("de", ["Soldat", "schwere Waffe"], "Schwert, Schwert, Schild, Schild, Explosion, leer"),
        ("zh-Hant", ["士兵", "重武器"], "劍、劍、盾、盾、爆炸、空白"),
    ],
)
def test_show_names_every_unit_and_face_in_the_language_asked(code: str, units: list[str], faces: str) -> None:
    """Each unit's name column is filled (English left it empty where the file has no label: it now says the key)."""
    page = _show("groundforce", code)
    assert _row(page, "trooper")[:2] == ["trooper", units[0]]
    assert _row(page, "heavy")[:2] == ["heavy", units[1]]
    assert _row(page, "symbol")[1] == faces


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["    worn first: no", "    fight: rule FR-W1, given front, supply yes, supply order armour/infantry,"]),
        (
            "nl",
            ["    beschadigde eerst: nee", "    heel gevecht: regel FR-W1, telt het front, aanvoer ja, volgorde van"],
        ),
        (
            "de",
            [
                "    Beschädigte zuerst: nein",
                "    ganzer Kampf: Regel FR-W1, zählt die Front, Nachschub ja, Reihenfolge",
            ],
        ),
        (
            "zh-Hant",
            [
                "    受損者優先：否",
                "    整場戰鬥：規則 FR-W1、計算前線、補給是、補給次序裝甲師/步兵師、受損者撤退是、撤退規則 FR-B10、攻",
            ],
        ),
    ],
)
def test_show_says_a_whole_fights_choices_in_the_language_asked(code: str, said: list[str]) -> None:
    page = _show("frontline-risk", code)
    assert said[0] in page
    assert any(line.startswith(said[1]) for line in page), page


@pytest.mark.parametrize("name", sorted(shipped()))
@pytest.mark.parametrize("code", OTHERS)
def test_no_parameter_of_a_shipped_attack_is_left_in_english(name: str, code: str) -> None:
    """Every key show prints under Attacks is the language's word for it, in every shipped ruleset."""
    page = _show(name, code)
    attacks = page[page.index(next(line for line in page if line.startswith("  ") and "(" in line)) :]
    keys = [
        line.strip().split(":")[0].split("：")[0] for line in attacks[: attacks.index("")] if line.startswith("    ")
    ]
    with language.speaking(code):
        said = parameters.Values(load(name)).keys
    english = {key.replace("_", " ") for key in said} - set(said.values())
    assert said and [key for key in keys if key in english] == []


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["referee recruit  --free-armour N", "armour pieces left in the box"]),
        ("nl", ["referee recruit  --free-armour N", "stukken pantser die nog in de doos zitten"]),
        ("de", ["referee recruit  --free-armour N", "Figuren für Panzer, die noch in der Schachtel liegen"]),
        ("zh-Hant", ["referee recruit  --free-armour N", "盒中剩餘的裝甲師棋子"]),
    ],
)
def test_show_says_what_the_files_options_mean_in_the_language_asked(code: str, said: list[str]) -> None:
    row = next(line for line in _show("frontline-risk", code) if line.startswith(said[0]))
    assert row.rstrip().endswith(said[1])
    meaning = run_json(f"--lang {code} show frontline-risk")["options"][3]
    assert (meaning["option"], meaning["meaning"]) == ("--free-armour N", said[1])


@pytest.mark.parametrize(
    ("code", "header"),
    [("en", "languages"), ("nl", "talen"), ("de", "Sprachen"), ("zh-Hant", "語言")],
)
def test_the_rulesets_listing_names_each_rulesets_languages(code: str, header: str) -> None:
    lines = run(f"--lang {code} rulesets", env=WIDE).stdout.splitlines()
    assert lines[0].split()[2] == header
    row = next(line for line in lines if line.startswith("frontline-risk "))
    assert "zh-Hant,en,nl,de" in row
    narrow = run(f"--lang {code} rulesets", env={"COLUMNS": "60"}).stdout
    assert f"{header}: nl,en,de,zh-Hant" in narrow.replace("：", ": ")


@pytest.mark.parametrize(
    ("code", "bought", "now"),
    [
        ("en", "bought 3 troopers", "now 1 armour"),
        ("nl", "3 soldaten gekocht", "nu 1 pantser"),
        ("de", "3 Soldaten gekauft", "jetzt 1 Panzer"),
        ("zh-Hant", "購買了 3 名士兵", "現有 1 個裝甲師"),
    ],
)
def test_the_log_list_names_units_as_the_ruleset_does_in_the_language_asked(code: str, bought: str, now: str) -> None:
    """English said 'bought 3 trooper': the key, not the plural."""
    run('reinforce groundforce --mines 1 --free-places 3 --buy "3 troopers"')
    run('recruit frontline-risk --territory "3 infantry" --change merge --site')
    run("battle groundforce --attacker trooper --defender trooper --seed 1")
    entries = run_json(f"--lang {code} log")["entries"]
    assert [e["outcome"] for e in entries[:2]] == [bought, now]
    listed = run(f"--lang {code} log", env=WIDE).stdout
    assert bought in listed and now in listed
    assert entries[0]["ruling"]["bought"] == {"trooper": 3}  # the journal keeps the file's keys


UNKNOWN = "battle groundforce --attacker '2 {}' --defender trooper --seed 1 --no-journal"


@pytest.mark.parametrize(
    ("code", "close", "listed"),
    [
        ("en", "unknown unit 'soldatn'; did you mean 'soldaten'?", "known: heavy, saboteur, trooper"),
        ("nl", "eenheid 'soldatn' is onbekend; bedoel je 'soldaten'?", "bekend: saboteur, soldaat, zwaar wapen"),
        ("de", "Einheit 'Soldatn' ist unbekannt; meinten Sie 'Soldaten'?", "bekannt: Saboteur, Soldat, schwere Waffe"),
        ("zh-Hant", "未知的單位「士兵兵」；你是指「士兵」嗎？", "已知：士兵、破壞者、重武器"),
    ],
)
def test_a_translated_unit_name_is_suggested_and_the_known_ones_listed_in_the_language(
    code: str, close: str, listed: str
) -> None:
    typo = close.split("'")[1] if "'" in close else "士兵兵"
    assert fails(f"--lang {code} " + UNKNOWN.format(typo)).endswith(close)
    assert fails(f"--lang {code} " + UNKNOWN.format("xyz")).endswith(listed)


@pytest.mark.parametrize(
    ("code", "close", "listed"),
    [
        ("en", "unknown face 'swrd'; did you mean 'sword'?", "known: blank, explosion, shield, sword"),
        ("nl", "zijde 'zwaardd' is onbekend; bedoel je 'zwaard'?", "bekend: explosie, leeg, schild, zwaard"),
        (
            "de",
            "Würfelseite 'Schwerd' ist unbekannt; meinten Sie 'Schwert'?",
            "bekannt: Explosion, Schild, Schwert, leer",
        ),
        ("zh-Hant", "未知的骰面「劍劍」；你是指「劍」嗎？", "已知：劍、爆炸、盾、空白"),
    ],
)
def test_a_translated_face_is_accepted_suggested_and_listed_in_the_language(code: str, close: str, listed: str) -> None:
    typo = close.split("'")[1] if "'" in close else "劍劍"
    battle = (
        "battle groundforce --attacker trooper --defender trooper --attacker-roll {} --defender-roll {} --no-journal"
    )
    own = {"en": "sword", "nl": "zwaard", "de": "Schwert", "zh-Hant": "劍"}[code]
    assert run_json(f"--lang {code} " + battle.format(own, own))["winner"] == "attacker"
    assert fails(f"--lang {code} " + battle.format(typo, own)).startswith(
        {"en": "error: ", "nl": "fout: ", "de": "Fehler: ", "zh-Hant": "錯誤："}[code] + close
    )
    assert listed in fails(f"--lang {code} " + battle.format("xyz", own))


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "unknown situation 'heuvls'; did you mean 'heuvels'?"),
        ("nl", "situatie 'heuvls' is onbekend; bedoel je 'heuvels'?"),
        ("de", "Situation 'heuvls' ist unbekannt; meinten Sie 'heuvels'?"),
        ("zh-Hant", "未知的情況「heuvls」；你是指「heuvels」嗎？"),
    ],
)
def test_a_situations_other_word_one_letter_off_is_suggested(code: str, said: str) -> None:
    assert said in fails(f"--lang {code} odds diceland --attacker 6 --defender 3 --when defender:heuvls")


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "error: Option '--attacker' requires an argument. (see '{} odds --help')"),
        ("nl", "fout: Optie '--attacker' heeft een waarde nodig. (zie '{} odds --help')"),
        ("de", "Fehler: Option '--attacker' braucht einen Wert. (siehe '{} odds --help')"),
    ],
)
def test_an_option_missing_its_value_points_to_its_commands_help(code: str, said: str) -> None:
    """The group's name is the program's: 'referee' when installed, click's test runner calls it 'cli'."""
    assert fails(f"--lang {code} odds groundforce --attacker") == said.format("cli")


def test_a_usage_error_of_a_subcommand_of_a_group_points_to_that_subcommand() -> None:
    assert fails("log --limit").endswith(" log --help')")
    assert fails("log show").endswith(" log show --help')")
    assert fails("odds groundforce --defender 1 --attacker").endswith(" odds --help')")


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "Seed: 7; repeat"),
        ("nl", "Startwaarde: 7; herhaal"),
        ("de", "Startwert: 7; diesen Wurf"),
        ("zh-Hant", "種子：7；"),
    ],
)
def test_the_seed_line_is_said_in_the_language_asked(code: str, said: str) -> None:
    assert said in run(f"--lang {code} roll groundforce 2 --seed 7").stdout
    assert said in run(f"--lang {code} battle groundforce --attacker trooper --defender trooper --seed 7").stdout


def test_every_key_a_procedures_grammar_gives_an_attack_has_its_word() -> None:
    """A new procedure's or stage's parameter would otherwise be shown in
    English in every language: the module that declares a key gives its word,
    or, for the keys every attack has (rule, label, die), the grammar's spec."""
    seen: set[str] = set()
    for name in registry.procedures():
        for cls in sections(registry.entry(name).grammar, leaving=("cite",)):
            words = {**spec.key_words(), **getattr(sys.modules[cls.__module__], "key_words", dict)()}
            keys = {
                f.name
                for f in dataclasses.fields(cls)
                if f.name not in ("procedure", "cite") and not f.metadata.get("internal")
            }
            assert sorted(keys - set(words)) == [], cls
            seen |= keys
    assert {"dice", "worn_first", "given", "attacker_wins"} <= seen  # the grammars were read


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["grassland", "G", "12"]),
        ("nl", ["grasland", "G", "12"]),
        ("de", ["Grasland", "G", "12"]),
        ("zh-Hant", ["草原", "G", "12"]),
    ],
)
def test_show_names_a_landscapes_terrains_in_the_language_asked(code: str, said: list[str]) -> None:
    assert _row(_show("diceland", code), said[0])[:3] == said
