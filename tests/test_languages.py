"""The language the referee speaks: how it is chosen, the rule texts and unit
words each shipped ruleset gives per language, the message catalogues, a
--json that reads the same in every language, and terminals that cannot show
the language asked for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

from referee.ruleset.load import load, shipped
from referee.words import language

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [code for code in language.LANGUAGES if code != language.ENGLISH]
LOCALE_VARIABLES = ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(
    ("said", "code"),
    [
        ("nl", "nl"),
        ("nl_NL.UTF-8", "nl"),
        ("nl_BE", "nl"),
        ("de_AT.UTF-8", "de"),
        ("DE", "de"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("en_GB.UTF-8", "en"),
        ("zh_CN.UTF-8", None),  # Simplified Chinese is not Traditional
        ("fr_FR", None),
        ("C", None),
        ("POSIX", None),
    ],
)
def test_a_language_is_known_by_its_code_or_a_locale(said: str, code: str | None) -> None:
    assert language.known(said) == code


@pytest.mark.parametrize(
    ("flag", "environ", "code"),
    [
        ("de", {"REFEREE_LANG": "nl", "LANG": "zh_TW.UTF-8"}, "de"),
        (None, {"REFEREE_LANG": "nl", "LANG": "zh_TW.UTF-8"}, "nl"),
        (None, {"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "nl_NL", "LANG": "zh_TW"}, "de"),
        (None, {"LC_MESSAGES": "nl_NL", "LANG": "zh_TW"}, "nl"),
        (None, {"LANG": "zh_HK.UTF-8"}, "zh-Hant"),
        (None, {"LC_ALL": "C", "LANG": "nl_NL.UTF-8"}, "en"),  # the first locale variable set decides
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_flag_beats_the_variable_beats_the_locale(flag: str | None, environ: dict[str, str], code: str) -> None:
    assert language.chosen(flag, environ) == code


def test_an_unknown_language_is_refused_with_a_suggestion(monkeypatch: pytest.MonkeyPatch) -> None:
    assert fails("--lang nll show groundforce") == "error: --lang: unknown language 'nll'; did you mean 'nl'?"
    assert fails("--lang fr show groundforce") == "error: --lang: unknown language 'fr'; known: de, en, nl, zh-Hant"
    monkeypatch.setenv("REFEREE_LANG", "klingon")
    assert fails("show groundforce").startswith("error: REFEREE_LANG: unknown language 'klingon'")


def test_show_gives_the_rule_texts_in_the_language_asked() -> None:
    assert "GF-B3   More hits wins; equal hits: nothing happens." in run("show groundforce").stdout
    dutch = run("--lang nl show groundforce").stdout
    assert "GF-B3   Wie meer treffers gooit, wint; bij gelijke treffers gebeurt er niets." in dutch
    assert "talen: nl, en, de, zh-Hant (spelregels: nl, en)" in dutch
    assert "Mehr Treffer gewinnt" in run("show groundforce", env={"REFEREE_LANG": "de"}).stdout
    chinese = run("show frontline-risk", env={"LANG": "zh_HK.UTF-8"}).stdout
    assert "FR-B12  入侵：防守方前線沒有師亦無補給時即被入侵。" in chinese
    assert "語言：zh-Hant, en, nl, de (規則書：zh-Hant)" in chinese


def test_a_unit_is_written_in_the_language_asked() -> None:
    """Unit words follow the language in free text; the ruling's records keep the file's own word."""
    roll = "--attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion "
    roll += "--defender-roll shield,sword"
    wide = {"COLUMNS": "200"}  # the summary on one line
    assert "kiest welke: soldaat of zwaar wapen" in run(f"--lang nl battle groundforce {roll}", env=wide).stdout
    assert "wählt, welche: Soldat oder schwere Waffe" in run(f"--lang de battle groundforce {roll}", env=wide).stdout
    fight = "--attacker '3 army' --defender '2 army' --attacker-roll 6,5,1 --defender-roll 4,3"
    assert "2 legers" in run(f"--lang nl battle risk {fight}").stdout


def test_a_situation_is_told_in_the_language_asked() -> None:
    """A situation's sentence follows the language in the ruling and in `show`; --json keeps its key."""
    fight = "battle frontline-risk --attacker 'armour, infantry' --defender '2 infantry' --when defender:city "
    fight += "--attacker-roll 6,3 --defender-roll 5,2,1 --no-journal"
    assert "FR-B3   city defence (a city or capital in the territory): +1 die" in run(fight).stdout
    assert "FR-B3   守城（領土內有城市或首都）：+1 粒骰" in run(f"--lang zh-Hant {fight}").stdout
    assert "stadsverdediging (een stad of hoofdstad in het gebied): +1 dobbelsteen" in run(f"--lang nl {fight}").stdout
    assert "defender:city  守城（領土內有城市或首都） (FR-B3)" in run("--lang zh-Hant show frontline-risk").stdout
    chinese, english = run_json(f"--lang zh-Hant {fight}"), run_json(fight)
    assert [s["rule"] for s in chinese["explanation"]] == [s["rule"] for s in english["explanation"]]
    assert chinese["defender_loses"] == english["defender_loses"]


def test_a_terrain_is_named_in_the_language_asked_on_the_map_legends(tmp_path: Path) -> None:
    """The legend (text and SVG) names terrains in the language asked; --json keeps the file's key."""
    deal = f"map diceland --tiles 12 --seed 3 --no-journal --svg {tmp_path / 'kaart.svg'}"
    assert "B         bos " in run(f"--lang nl {deal}").stdout  # the letter of its word there
    assert "H heuvels: " in (tmp_path / "kaart.svg").read_text()
    assert "F         forest " in run(deal).stdout
    assert "hills" in {t["terrain"] for t in run_json(f"--lang nl {deal}")["tiles"]}


def test_the_rulesets_listing_names_each_games_languages() -> None:
    listed = {r["name"]: (r["language"], r["languages"]) for r in run_json("rulesets")["rulesets"]}
    assert listed["frontline-risk"] == (["zh-Hant"], ["zh-Hant", "en", "nl", "de"])
    assert listed["groundforce"] == (["nl", "en"], ["nl", "en", "de", "zh-Hant"])
    assert listed["risk"] == (["en"], ["en", "nl", "de", "zh-Hant"])


def _words(rules_name: str) -> dict[str, Any]:
    rules = load(rules_name)
    return {code: rules.translations.get(code) for code in OTHERS}


@pytest.mark.parametrize("name", sorted(shipped()))
def test_every_rule_of_a_shipped_ruleset_is_written_in_its_own_language_and_all_four(name: str) -> None:
    rules = load(name)
    english = {rule_id: rules.rules[rule_id] for rule_id in rules.rules}
    assert set(rules.language) <= set(language.LANGUAGES), "a shipped ruleset says its rulebook's language"
    for code in OTHERS:
        language.use(code)
        spoken = {rule_id: rules.rules[rule_id] for rule_id in rules.rules}
        assert set(rules.translations[code].rules) == set(english), f"{name} lacks {code} rule texts"
        copied = [rule_id for rule_id, text in spoken.items() if text == english[rule_id]]
        assert not copied, f"{name}: {copied} left in English in {code}"


@pytest.mark.parametrize("name", sorted(shipped()))
def test_every_word_of_a_shipped_ruleset_is_written_in_all_four(name: str) -> None:
    rules = load(name)
    for code, translation in _words(name).items():
        assert translation is not None, f"{name} has no {code} words"
        assert set(translation.units) == set(rules.units), (name, code)
        assert set(translation.attacks) == set(rules.attacks), (name, code)
        assert set(translation.situations) == set(rules.situations), (name, code)
        worded = {die: {str(f) for f in d.faces if not isinstance(f, int)} for die, d in rules.dice.items()}
        assert {die: set(translation.faces.get(die, {})) for die in worded} == worded, (name, code)
        terrains = set(rules.landscape.terrains) if rules.landscape else set()
        assert set(translation.terrain) == terrains, (name, code)


def test_a_rule_a_translation_leaves_out_is_read_in_english(edited: Any) -> None:
    path = edited("groundforce", lambda text: text.replace('      GF-B3: "Wie meer treffers gooit', "      #", 1))
    dutch = run(f"--lang nl show {path}").stdout
    assert "GF-B3   More hits wins; equal hits: nothing happens." in dutch
    assert "GF-B4   De verliezer haalt" in dutch


def test_a_translation_naming_what_the_file_lacks_is_refused(edited: Any) -> None:
    path = edited("groundforce", lambda text: text.replace('      GF-D2: "Voor de', '      GF-D9: "Voor de', 1))
    assert fails(f"validate {path}").endswith(
        "translations.nl.rules.GF-D9: unknown rule 'GF-D9'; did you mean 'GF-D2'?"
    )
    path = edited("groundforce", lambda text: text.replace("trooper: {label: Soldat", "troper: {label: Soldat", 1))
    assert "translations.de.units.troper: unknown unit 'troper'; did you mean 'trooper'?" in fails(f"validate {path}")
    path = edited(
        "groundforce", lambda text: text.replace("{normal: normaler Angriff", "{normall: normaler Angriff", 1)
    )
    assert "translations.de.attacks.normall: unknown attack 'normall'; did you mean 'normal'?" in fails(
        f"validate {path}"
    )
    path = edited("groundforce", lambda text: text.replace("translations:\n  nl:", "translations:\n  fr:", 1))
    assert "fr" in fails(f"validate {path}")


def _neutral(value: Any) -> Any:
    """A --json document without its free text (and the journal's count of entries): what must not change
    with the language. A step's values are part of it, so a program can say the step again."""
    if isinstance(value, dict):
        kept = {k: v for k, v in value.items() if k != "text"}
        return {k: _neutral(v) for k, v in kept.items() if not k.startswith("journal_")}
    if isinstance(value, list):
        return [_neutral(v) for v in value]
    return value


@pytest.mark.parametrize(
    "command",
    [
        "battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' "
        "--attacker-roll sword,explosion --defender-roll shield,sword",
        "battle frontline-risk --attacker 'armour, infantry' --defender 'infantry, infantry' "
        "--when defender:city --attacker-roll 6,3 --defender-roll 5,2,1",
        "odds frontline-risk --attacker 'armour, infantry' --defender 'infantry, infantry'",
        "battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6",
        "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3",
        "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia",
        "odds diceland --attacker 6,2 --defender 3",
        "odds risk --attacker 10 --defender 5,3 --until conquest",
        "odds trueforces --attack melee --wounds 1",
        "hit trueforces --attacker 3 --target 4 --attack Nahkampf --action Rennen --wounds 1 --seed 12",
        "hit trueforces --attacker 4 --target 5 --attack ranged --to-hit-plus 1 --roll 6 --wound-roll 3",
        "odds frontline-risk --attacker '2 armour' --attacker-rear '10 infantry, 3 armour' --defender '2 infantry' "
        "--defender-rear '8 infantry, 2 armour' --when defender:city --until conquest",
        "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 --defender 'infantry, damaged armour' "
        "--when defender:city --attacker-roll 6,5,2 --defender-roll 6,3,1",
        "recruit risk --territories 13 --continent australia --set 3 --reward matched-card",
        "reinforce groundforce --mines 3 --free-places 1",
        "setup diceland --tiles 10 --seed 4 --red 6,6,5,4,3,2,1 --blue 6,5,5,5,4,1,1",
        "battle risk --attacker 10 --defender 5,3 --until conquest --seed 4",
        "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 'armour, infantry' "
        "--defender 'armour, infantry' --when attacker:airfield --until conquest --seed 4",
    ],
)
def test_json_reads_the_same_in_every_language_but_its_free_text(command: str) -> None:
    english = run_json(f"--lang en {command}")
    for code in OTHERS:
        assert _neutral(run_json(f"--lang {code} {command}")) == _neutral(english), code


def test_the_catalogues_are_in_step_with_the_code() -> None:
    """Every message the code asks for is translated in every catalogue, and every .mo is compiled from its .po."""
    checked = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogues.py"), "--check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.strip().endswith(f"catalogues of {len(OTHERS)} languages in step with the code")


@pytest.mark.parametrize(
    ("code", "one", "three"),
    [
        ("en", "language: en", "languages: en"),
        ("nl", "taal: en", "talen: en"),
        ("de", "Sprache: en", "Sprachen: en"),
        ("zh-Hant", "語言：en", "語言：en"),  # Chinese has one form for every count
    ],
)
def test_a_message_takes_the_plural_form_of_its_language(code: str, one: str, three: str) -> None:
    language.use(code)
    forms = [language.ngettext("language: {languages}", "languages: {languages}", n) for n in (1, 3)]
    assert [form.format(languages="en") for form in forms] == [one, three]


def _referee(*args: str, **environ: str) -> tuple[int, str, str]:
    """The referee in a process of its own, under the locale given (and nothing else of the caller's)."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES} | environ
    done = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, env=env, cwd=ROOT)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


CHINESE_BATTLE = (
    "battle", "frontline-risk", "--attacker", "裝甲師, 步兵師", "--defender", "2 步兵師",
    "--when", "defender:守城", "--attacker-roll", "6,3", "--defender-roll", "5,2,1", "--no-journal",
)  # fmt: skip


@pytest.mark.parametrize(
    "environ",
    [
        {"PYTHONIOENCODING": "ascii", "REFEREE_LANG": "zh-Hant"},
        {"PYTHONIOENCODING": "ascii", "LANG": "zh_HK.UTF-8"},
        {"LC_ALL": "C", "REFEREE_LANG": "zh-Hant"},
        {"LC_ALL": "C"},
    ],
)
def test_a_terminal_that_cannot_show_the_language_gets_english_never_a_traceback(environ: dict[str, str]) -> None:
    code, out, err = _referee(*CHINESE_BATTLE, **environ)
    assert (code, err) == (0, ""), err
    assert "FR-B9   the defender: 2 infantry destroyed" in out or "FR-B9   防守方：2 個步兵師被消滅" in out
    if environ.get("PYTHONIOENCODING") == "ascii":
        assert out.isascii(), out  # Chinese cannot be shown here: the ruling falls back to English
    code, out, err = _referee("--lang", "zh-Hant", "show", "前線風雲", **environ)
    assert (code, err) == (0, "")
    assert "FR-B12" in out


def test_an_error_naming_a_chinese_word_on_an_ascii_terminal_is_one_line() -> None:
    code, out, err = _referee("battle", "frontline-risk", "--attacker", "騎兵", "--defender", "步兵師",
                              PYTHONIOENCODING="ascii")  # fmt: skip
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
