"""Each step of an explanation is a message known by a stable id, said in the
language asked: German, Dutch and Chinese players read the steps in their own
words under the same rule IDs, --json gives every step's id and values the
same in every language, older journal entries (steps of rule and text only)
still show, replay and verify, and the catalogue check finds a step message
a catalogue lacks."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import run, run_json

from referee.rulings.ruling import Side, either, say_n, step, step_n
from referee.words import language

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]
GROUND_FORCE = (
    "battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' "
    "--attacker-roll sword,explosion --defender-roll shield,sword --no-journal"
)
FRONTLINE = (
    "battle frontline-risk --attacker 'armour, infantry' --defender '2 infantry' --when defender:city "
    "--attacker-roll 6,3 --defender-roll 5,2,1 --no-journal"
)


def _why(output: str) -> list[str]:
    """The explanation's lines of a report, as printed (wrapped lines joined to their step)."""
    headed = re.search(r"^(Why|Waarom|Warum|理由)[:：]\n", output, re.MULTILINE)  # the heading is translated too
    assert headed is not None, output
    lines = output[headed.end() :].split("\n\n", 1)[0].splitlines()
    steps: list[str] = []
    for line in lines:
        if line.startswith("  ") and not line.startswith("          "):
            steps.append(line.strip())
        else:
            steps[-1] += " " + line.strip()
    return steps


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "de",
            [
                "GF-B2 der Angreifer würfelt 2 Würfel (einer pro Einheit); der Verteidiger würfelt 2 Würfel "
                "(einer pro Einheit)",
                "GF-D2 der Angreifer würfelte Schwert, Explosion: 2 Treffer (Schwert oder Explosion zählen); "
                "der Verteidiger würfelte Schild, Schwert: 1 Treffer (Schild oder Explosion zählen)",
                "GF-B3 2 Treffer gegen 1: der Angreifer gewinnt mit 1",
                "GF-B4 der Verteidiger entfernt 1 Einheit: der Überschuss von 1, höchstens seine 2 im Kampf",
                "GF-B5 der Verteidiger hat Einheiten verschiedener Arten und wählt, welche entfernt werden: "
                "Soldat oder schwere Waffe",
            ],
        ),
        (
            "nl",
            [
                "GF-B2 de aanvaller gooit 2 dobbelstenen (één per eenheid); de verdediger gooit 2 dobbelstenen "
                "(één per eenheid)",
                "GF-D2 de aanvaller gooide zwaard, explosie: 2 treffers (zwaard of explosie tellen); de "
                "verdediger gooide schild, zwaard: 1 treffer (schild of explosie tellen)",
                "GF-B3 2 treffers tegen 1: de aanvaller wint met 1",
                "GF-B4 de verdediger haalt 1 eenheid weg: het overschot van 1, hoogstens de 2 die hij in de "
                "strijd heeft",
                "GF-B5 de verdediger heeft eenheden van verschillende soorten en kiest welke eraf gaan: soldaat "
                "of zwaar wapen",
            ],
        ),
        (
            "zh-Hant",
            [
                "GF-B2 進攻方擲 2 粒骰（每個單位一粒）；防守方擲 2 粒骰（每個單位一粒）",
                "GF-D2 進攻方擲出 劍、爆炸：2 個命中（劍或爆炸算命中）；防守方擲出 盾、劍：1 個命中（盾或爆炸算命中）",
                "GF-B3 2 個命中對 1：進攻方以 1 勝",
                "GF-B4 防守方移除 1 個單位：多出的 1 個命中，以其參戰的 2 個為上限",
                "GF-B5 防守方的單位種類不同，由其選擇移除哪些：士兵或重武器",
            ],
        ),
    ],
)
def test_the_ground_force_worked_example_is_explained_in_the_language_asked(code: str, said: list[str]) -> None:
    explained = run_json(f"--lang {code} {GROUND_FORCE}")["explanation"]
    assert [f"{s['rule']} {s['text']}" for s in explained] == said
    printed = [" ".join(s.split()) for s in _why(run(f"--lang {code} {GROUND_FORCE}").stdout)]
    assert printed[2:4] == said[2:4]  # the report prints the same sentences under the same rules


def test_the_rule_ids_stay_the_same_in_every_language() -> None:
    for command in (GROUND_FORCE, FRONTLINE):
        english = [s.split()[0] for s in _why(run(command).stdout)]
        for code in OTHERS:
            assert [s.split()[0] for s in _why(run(f"--lang {code} {command}").stdout)] == english, code


def test_a_frontline_round_is_explained_in_chinese_with_the_rulebook_terms() -> None:
    steps = _why(run(f"--lang zh-Hant {FRONTLINE}").stdout)
    assert "FR-B1   進攻方前線有裝甲師、步兵師：2 粒骰" in steps
    assert "FR-B4   進攻方前線的裝甲師：最大的骰 +1" in steps
    assert "FR-B6   第 1 對：6+1=7 對 5：進攻方勝" in steps
    assert "FR-B9   防守方：2 個步兵師被消滅" in steps


@pytest.mark.parametrize(
    "command",
    [
        GROUND_FORCE,
        FRONTLINE,
        "battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6",
        "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3",
        "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia",
        "setup diceland --tiles 8 --seed 139",
        "map diceland --tiles 12 --seed 3 --capitals",
        "odds frontline-risk --attacker 'armour, infantry' --defender 'infantry, infantry' --until conquest",
    ],
)
def test_json_gives_each_step_its_message_id_the_same_in_every_language(command: str) -> None:
    def messages(document: Any) -> list[tuple[str, str, list[str]]]:
        """Every step in the document: its rule, its message id and the names of its values."""
        if isinstance(document, dict) and "message" in document:
            return [(document["rule"], document["message"], sorted(document["values"]))]
        if isinstance(document, dict):
            return [m for value in document.values() for m in messages(value)]
        if isinstance(document, list):
            return [m for value in document for m in messages(value)]
        return []

    english = messages(run_json(command))
    assert english and all(message for _, message, _ in english)
    for code in OTHERS:
        assert messages(run_json(f"--lang {code} {command}")) == english, code


def test_a_step_keeps_its_values_as_json_and_says_a_side_in_the_language_spoken() -> None:
    said = step("GF-B3", "hits.compared", "{hits} against {against}: the {winner} wins by {margin}",
                hits="2 hits", against=1, winner=Side.ATTACKER, margin=1)  # fmt: skip
    assert said.as_dict() == {
        "rule": "GF-B3",
        "text": "2 hits against 1: the attacker wins by 1",
        "message": "hits.compared",
        "values": {"hits": "2 hits", "against": 1, "winner": "attacker", "margin": 1},
    }
    language.use("de")
    assert said.text == "2 hits gegen 1: der Angreifer gewinnt mit 1"
    assert said.as_dict()["values"]["winner"] == "attacker"


def test_a_phrase_is_said_in_the_language_spoken_and_keeps_its_english_for_json() -> None:
    language.use("de")
    hits = say_n("count.hits", "{n} hit", "{n} hits", 2)
    assert (hits, hits.form["message"], hits.english) == ("2 Treffer", "count.hits", "2 hits")
    faces = either([hits, say_n("count.hits", "{n} hit", "{n} hits", 1)])
    assert (faces, faces.english) == ("2 Treffer oder 1 Treffer", "2 hits or 1 hit")
    said = step("GF-B3", "hits.compared", "{hits} against {against}: the {winner} wins by {margin}",
                hits=hits + " (+1)", against=1, winner=Side.ATTACKER, margin=1)  # fmt: skip
    assert said.text == "2 Treffer (+1) gegen 1: der Angreifer gewinnt mit 1"
    hits_form = {"message": "count.hits", "values": {"n": 2}}
    assert said.as_dict()["values"] == {
        "hits": {"separator": "", "items": [hits_form, " (+1)"]},
        "against": 1,
        "winner": "attacker",
        "margin": 1,
    }
    assert faces.form == {
        "message": "list",
        "separator": " or ",
        "items": [hits_form, {**hits_form, "values": {"n": 1}}],
    }


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "1 hit", "2 hits"),
        ("nl", "1 treffer", "2 treffers"),
        ("de", "1 Treffer", "2 Treffer"),
        ("zh-Hant", "1 個命中", "2 個命中"),  # one form for every count
    ],
)
def test_a_count_takes_its_languages_plural_form(code: str, one: str, two: str) -> None:
    language.use(code)
    assert [say_n("count.hits", "{n} hit", "{n} hits", n) for n in (1, 2)] == [one, two]


def test_a_step_whose_sentence_agrees_with_a_count_takes_the_plural_form() -> None:
    kept = [
        step_n(
            "FR-W1",
            "policy.keep_behind",
            "{units} stays behind on the attacker's territory, out of the fight and of --attacker",
            "{units} stay behind on the attacker's territory, out of the fight and of --attacker",
            n,
            units=f"{n} x",
        )
        for n in (1, 2)
    ]
    assert [s.text.split(" behind")[0] for s in kept] == ["1 x stays", "2 x stay"]
    language.use("nl")
    assert [s.text.split(" achter")[0] for s in kept] == ["1 x blijft", "2 x blijven"]
    assert kept[1].as_dict()["values"] == {"n": 2, "units": "2 x"}


def _older(value: Any) -> Any:
    """A document as the journal stored it before steps had a message id: steps of rule and text only."""
    if isinstance(value, dict):
        if "message" in value and "values" in value:
            return {"rule": value["rule"], "text": value["text"]}
        return {key: _older(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_older(item) for item in value]
    return value


def test_an_older_journal_entry_without_message_ids_still_shows_replays_and_verifies(journal: Path) -> None:
    from referee.journal.store import open_journal

    run(GROUND_FORCE.replace(" --no-journal", ""))
    with open_journal(journal) as kept:
        entry = kept.entry(1)
        assert entry.explanation[0]["message"] == "dice.sides_roll"
        assert entry.ruleset_digest is not None and entry.situation is not None
        stored = {"ruling": entry.ruling, "explanation": entry.explanation, "situation": entry.situation.stored}
        older = {key: _older(value) for key, value in stored.items()}
        kept.append(
            command=entry.command,
            kind=entry.kind,
            argv=entry.argv,
            replay=entry.replay,
            inputs=dict(entry.inputs),
            dice=dict(entry.dice.stored),
            version=entry.version,
            ruleset=entry.ruleset,
            ruleset_path=entry.ruleset_path,
            ruleset_content=kept.ruleset_content(entry.ruleset_digest),
            **older,
        )
        assert "message" not in kept.entry(2).explanation[0]
    assert run("log verify").stdout.startswith("ok: 2 entries, chain intact")
    shown = run("log show 2").stdout
    assert "GF-B3   2 hits against 1: the attacker wins by 1" in shown
    replayed = run_json("replay 2 --json")
    assert [r["same"] for r in replayed["runs"]] == [True, True], replayed
    assert "GF-B3   2 Treffer gegen 1: der Angreifer gewinnt mit 1" in run("--lang de log show 1").stdout


def _catalogues() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


def test_the_catalogue_check_finds_a_message_a_catalogue_lacks_or_fills_wrongly(tmp_path: Path) -> None:
    tools = _catalogues()
    package = tmp_path / "code"
    package.mkdir()
    (package / "said.py").write_text(
        'step(rule, "pairs.compared", "{pairs} compared", pairs=n)\n'
        'step_n(rule, "units.left", "{units} stays", "{units} stay", n, units=said)\n'
        'print(_("{side} wins").format(side=side), _("{side} loses"))\n',
        encoding="utf-8",
    )
    catalogue = tmp_path / "locale" / "nl" / "LC_MESSAGES" / "referee.po"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "pairs.compared"\nmsgid "{pairs} compared"\nmsgstr "{paren} vergeleken"\n'
        'msgid "{side} wins"\nmsgstr "{zijde} wint"\n'
        'msgid "{side} loses"\nmsgstr "{zijde} verliest"\n',  # formatted later: the check cannot tell
        encoding="utf-8",
    )
    assert tools.asked(package).keys() == {
        "pairs.compared\x04{pairs} compared",
        "units.left\x04{units} stays\0{units} stay",
        "{side} wins",
        "{side} loses",
    }
    found = tools.problems(package, tmp_path / "locale")
    assert found[0].endswith("pairs.compared: '{pairs} compared' fills in paren, which the code does not give")
    assert found[1].endswith(f"no translation of units.left: '{{units}} stays' (asked at {package / 'said.py'}:2)")
    assert found[2].endswith("'{side} wins' fills in zijde, which the code does not give")
    assert found[3].endswith("is not compiled from its .po: run python tools/catalogues.py")
    assert len(found) == 4


def test_a_ruling_recorded_in_another_language_replays_as_the_same_in_english(journal: Path) -> None:
    """The entry keeps the language its steps were said in: replay says them
    again in it, so a German table's ruling stands when replayed in English."""
    from referee.journal.store import open_journal

    run(GROUND_FORCE.replace(" --no-journal", ""), env={"REFEREE_LANG": "de"})
    run("recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia", env={"REFEREE_LANG": "nl"})
    with open_journal(journal) as kept:
        battle, recruit = kept.entry(1), kept.entry(2)
    assert battle.situation is not None and battle.situation.language == "de"
    assert "Treffer" in battle.explanation[2]["text"]
    assert recruit.replay[:2] == ["--lang", "nl"]
    for n in (1, 2):
        assert [r["same"] for r in run_json(f"replay {n}")["runs"]] == [True, True]
    replayed = run("replay 1").stdout
    assert "the same ruling" in replayed and "die gleiche" not in replayed  # the replay speaks English
    assert "GF-B3   2 hits against 1: the attacker wins by 1" in run("log show 1").stdout


def test_an_english_ruling_replays_as_the_same_at_a_table_speaking_another_language(journal: Path) -> None:
    """An English entry names no language: it is said again in English, not in
    the language the replaying table speaks; a --lang typed but not spoken (an
    ASCII terminal) is not kept as the ruling's."""
    from referee.cli.journaling import _spoken
    from referee.journal.store import open_journal
    from referee.words import language

    run(GROUND_FORCE.replace(" --no-journal", ""))
    run("reinforce groundforce --mines 2 --free-places 2")
    with open_journal(journal) as kept:
        assert "--lang" not in kept.entry(2).replay
    language.use(language.ENGLISH)  # as when zh-Hant was asked on a terminal that cannot show it
    assert _spoken(["--lang", "zh-Hant", "reinforce", "groundforce"]) == ["reinforce", "groundforce"]
    language.use("de")
    assert _spoken(["--lang=nl", "reinforce"]) == ["--lang", "de", "reinforce"]
    language.use(language.ENGLISH)
    for n in (1, 2):
        for env in ({"REFEREE_LANG": "de"}, {"LANG": "nl_NL.UTF-8"}):
            assert [r["same"] for r in json.loads(run(f"replay {n} --json", env=env).stdout)["runs"]] == [True, True]
    assert [r["same"] for r in run_json("--lang de replay 1")["runs"]] == [True, True]


def test_a_packages_own_messages_are_checked_and_placed_in_its_own_catalogue(tmp_path: Path) -> None:
    """A message only a package that keeps its own catalogue asks for belongs
    there; one other code asks too stays shared; compiling moves each home."""
    tools = _catalogues()
    package = tmp_path / "code"
    house = package / "stages" / "house"
    house.mkdir(parents=True)
    (house / "__init__.py").write_text(
        'own_catalogue(__file__)\nsay("house.built", "a house of {n}", n=n)\nsay("house.shared", "a street")\n',
        encoding="utf-8",
    )
    (package / "said.py").write_text('say("house.shared", "a street")\n', encoding="utf-8")
    shared = tmp_path / "locale" / "nl" / "LC_MESSAGES" / "referee.po"
    shared.parent.mkdir(parents=True)
    shared.write_text(
        '# Dutch\nmsgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "house.built"\nmsgid "a house of {n}"\nmsgstr "een huis van {n}"\n\n'
        'msgctxt "house.shared"\nmsgid "a street"\nmsgstr "een straat"\n',
        encoding="utf-8",
    )
    found = tools.problems(package, tmp_path / "locale")
    own = house / "locale" / "nl.po"
    assert found == [
        f"{shared}: house.built: 'a house of {{n}}' belongs in {own}: run python tools/catalogues.py",
        f"{shared.with_suffix('.mo')} is not compiled from its .po: run python tools/catalogues.py",
        f"{own} is missing: run python tools/catalogues.py",
    ]
    assert tools.place(package, tmp_path / "locale") == [f"house.built: 'a house of {{n}}': {shared} -> {own}"]
    assert tools.read_po(own) == {
        "": ["Plural-Forms: nplurals=2; plural=(n != 1);\n"],
        "house.built\x04a house of {n}": ["een huis van {n}"],
    }
    assert "house.built" not in shared.read_text(encoding="utf-8")
    for po in (shared, own):
        po.with_suffix(".mo").write_bytes(tools.mo_bytes(tools.read_po(po)))
    assert tools.problems(package, tmp_path / "locale") == []


def test_a_stage_or_procedure_that_asks_messages_of_its_own_must_keep_them(tmp_path: Path) -> None:
    """A stage still a single module, and a procedure's package that does not
    say it keeps a catalogue, are refused: their messages would be shared."""
    tools = _catalogues()
    package = tmp_path / "code"
    (package / "stages").mkdir(parents=True)
    (package / "stages" / "lone.py").write_text('say("lone.said", "alone")\n', encoding="utf-8")
    (package / "procedures" / "quiet").mkdir(parents=True)
    (package / "procedures" / "quiet" / "__init__.py").write_text("", encoding="utf-8")
    (package / "procedures" / "quiet" / "grammar.py").write_text('pgettext("show.param", "hush")\n', encoding="utf-8")
    (package / "procedures" / "door.py").write_text('say("door.said", "shared by every procedure")\n', encoding="utf-8")
    (tmp_path / "locale").mkdir()
    assert tools.problems(package, tmp_path / "locale") == [
        f"{package / 'procedures' / 'quiet' / '__init__.py'} has messages of its own (1) "
        "but does not say own_catalogue(__file__)",
        f"{package / 'stages' / 'lone.py'} is a stage with messages of its own (1): make it a package that keeps them",
    ]


def test_a_translation_edited_where_it_used_to_be_replaces_the_one_in_its_package(tmp_path: Path) -> None:
    """After a merge, a package's message may be in the shared catalogue too,
    edited there meanwhile: placing it keeps that edit, once."""
    tools = _catalogues()
    house = tmp_path / "code" / "stages" / "house"
    (house / "locale").mkdir(parents=True)
    (house / "__init__.py").write_text('own_catalogue(__file__)\nsay("house.built", "a house")\n', encoding="utf-8")
    header = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    shared = tmp_path / "locale" / "de" / "LC_MESSAGES" / "referee.po"
    shared.parent.mkdir(parents=True)
    shared.write_text(header + 'msgctxt "house.built"\nmsgid "a house"\nmsgstr "ein Haus"\n', encoding="utf-8")
    own = house / "locale" / "de.po"
    own.write_text(header + 'msgctxt "house.built"\nmsgid "a house"\nmsgstr "ein Hause"\n', encoding="utf-8")
    assert tools.place(tmp_path / "code", tmp_path / "locale") == [f"house.built: 'a house': {shared} -> {own}"]
    assert own.read_text(encoding="utf-8").count("house.built") == 1
    assert tools.read_po(own)["house.built\x04a house"] == ["ein Haus"]
