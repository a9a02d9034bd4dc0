"""Issue 25.1: every name the referee prints is accepted when typed, in every
language it prints. A walk over every shipped ruleset and every example
file, in every language: each unit, state, face, die, situation, side,
continent, reward, player, special rule, attack type, modifier and action's
word, as the renderers print it (through the model's own functions, not a
hand list), typed back to the reader the option that takes it calls, means
what was printed; the CLI tests below type the issue's examples and one of
each kind into the commands themselves. Terrains and attacks are printed
but no command takes one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from conftest import fails, run, run_json

from referee.board.deployment import players_of
from referee.cli import cli
from referee.core.errors import RefereeError
from referee.economy.recruiting import bonus_words, works_of
from referee.procedures.told import situations
from referee.ruleset.load import load_file, shipped
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, Side, side_word
from referee.settle.rolling import face_lexicon
from referee.stages.strike import HitCheck
from referee.stages.strike.reader import named
from referee.stages.strike.reader import read as read_strike
from referee.words.language import LANGUAGES, LETTERS, current, pgettext, use
from referee.words.names import dice_of, situation_names, states_of, units_of, variants_of, without_article

FILES = [*shipped().values(), *sorted((Path(__file__).parent.parent / "docs" / "examples").glob("*.yaml"))]
UNCASED = frozenset(lang for lang, letters in LETTERS.items() if letters and letters.lower() == letters.upper())

Typed = tuple[str, str, Callable[[str], object], object]  # what, the word printed, how it is read, what it means


def _units(rules: Ruleset) -> Iterator[Typed]:
    """A unit's name, plural and listed name; a count of it in a state, as a ruling prints it."""
    read = units_of(rules)
    states = states_of(rules)
    for name, unit in rules.units.items():
        for word in (unit.title, unit.titles, unit.known_as):
            yield "unit", word, read, name
            yield "unit counted", f"2 {word}", lambda text: read.counted_in_states(text, states), [(name, "", 2)]
        yield "unit counted", unit.counted(2), lambda text: read.counted_in_states(text, states), [(name, "", 2)]
        for state in unit.states:
            for n in (1, 2):
                said = unit.counted(n, state)
                yield "state", said, lambda text: read.counted_in_states(text, states), [(name, state, n)]


def _faces(rules: Ruleset) -> Iterator[Typed]:
    for die_name, die in rules.dice.items():
        read = face_lexicon(rules, die_name)
        for face in die.faces:
            yield "face", rules.face_said(die_name, face), read, face


def _dice(rules: Ruleset) -> Iterator[Typed]:
    """A die's name, as `roll` prints it (and typed before a face of another kind: d8:7)."""
    read = dice_of(rules)
    for name in rules.dice:
        yield "die", rules.said(name).spoken, read, name


def _situations(rules: Ruleset) -> Iterator[Typed]:
    """Each situation on each side it may be told for, by the side's word and
    the situation's (its key, as show lists it, and its word in a ruling)."""
    for name, situation in rules.situations.items():
        for side in SIDES if situation.side == "either" else (Side(situation.side),):
            for word in (name, rules.said(name).spoken, *situation_names(rules, current())[name]):
                for said in (side_word(side), str(side)):  # a ruling's word for the side, and show's
                    typed = f"{said}:{word}"
                    yield "situation", typed, lambda text: situations(rules, (text,)), ((side, name),)


def _recruits(rules: Ruleset) -> Iterator[Typed]:
    terms = rules.recruiting
    if terms is None:
        return
    for kind, table in (("continent", terms.continents), ("reward", terms.rewards)):
        read = bonus_words(rules, pgettext("kind", kind), table)
        for name in table:
            yield kind, rules.said(name).spoken, read, name


def _works(rules: Ruleset) -> Iterator[Typed]:
    """A work as `build` prints it ('een stad'), and without its article ('stad')."""
    terms = rules.building
    if terms is None:
        return
    read = works_of(rules, terms)
    for name, work in terms.works.items():
        said = str(rules.said(work.label).spoken)
        for word in (said, *without_article(current(), [said])):
            yield "work", word, read, name


def _players(rules: Ruleset) -> Iterator[Typed]:
    if rules.deployment is None:
        return
    read = players_of(rules)
    for player in rules.deployment.players:
        yield "player", rules.said(player).spoken, read, player


def _variants(rules: Ruleset) -> Iterator[Typed]:
    read = variants_of(rules)
    for name in rules.variants:
        yield "special rule", rules.said(name).spoken, read, name


def _strikes(rules: Ruleset) -> Iterator[Typed]:
    """A hit check's attack types, modifiers and actions, as its ruling's steps print their labels."""
    found = next((p for p in rules.attacks.values() if "strike" in getattr(p, "added", ())), None)
    params = HitCheck(found) if found else None
    if params is None:
        return
    first = next(iter(params.types))
    for name, kind in params.types.items():
        yield "attack type", rules.said(kind.label).spoken, lambda text: named(rules, params, text, ())[0], name
    for name, modifier in params.modifiers.items():
        said = rules.said(modifier.label).spoken
        yield "modifier", said, lambda text: named(rules, params, first, (text,))[1], (name,)
    told = {"kind": first, "attacker": params.value.min, "defender": params.valued("target").min}
    for name, action in params.actions.items():
        said = rules.said(action.label).spoken
        yield "action", said, lambda text: read_strike(rules, {**told, "action": text}).action, name


WALKS = (_units, _faces, _dice, _situations, _recruits, _works, _players, _variants, _strikes)


def _spellings(word: str, lang: str) -> list[str]:
    """The word as printed, and in capitals and small letters where the language has case."""
    return [word] if lang in UNCASED else [word, word.upper(), word.lower()]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_printed_name_is_accepted_when_typed(path: Path, lang: str) -> None:
    rules = load_file(path)
    use(lang)
    refused = []
    walked = 0
    for walk in WALKS:
        for what, word, read, meaning in walk(rules):
            for typed in _spellings(str(word), lang):
                walked += 1
                try:
                    got = read(typed)
                except RefereeError as error:
                    refused.append(f"{what} {typed!r}: {error}")
                    continue
                if got != meaning:
                    refused.append(f"{what} {typed!r} means {got!r}, printed for {meaning!r}")
    assert walked, "a file with nothing to type back"
    assert not refused, "\n".join(refused)


def _ruled(command: str) -> object:
    """A ruling's --json without its journal entry and checkpoint, which every run changes."""
    document = run_json(command)
    document.pop("journal_entry")
    document.pop("journal_checkpoint")
    return document


@pytest.mark.parametrize(
    "lang, typed, key",
    [
        ("nl", "europa", "europe"),
        ("nl", "AZIË", "asia"),
        ("nl", "Noord-Amerika", "north-america"),
        ("de", "Nordamerika", "north-america"),
        ("de", "asien", "asia"),
        ("zh-Hant", "歐洲", "europe"),
    ],
)
def test_a_continent_is_typed_as_the_language_prints_it(lang: str, typed: str, key: str) -> None:
    english = _ruled(f"--lang {lang} recruit risk --territories 14 --continent {key}")
    assert _ruled(f"--lang {lang} recruit risk --territories 14 --continent '{typed}'") == english


@pytest.mark.parametrize("lang, side", [("nl", "verdediger"), ("de", "Verteidiger"), ("zh-Hant", "防守方")])
def test_a_side_is_typed_as_the_language_prints_it(lang: str, side: str) -> None:
    battle = f"--lang {lang} battle groundforce --attacker trooper --defender saboteur --when"
    assert fails(f"{battle} {side}:stealth") == fails(f"{battle} defender:stealth")
    assert "GF-S1" in fails(f"{battle} {side.upper()}:stealth")


def test_a_side_typed_one_letter_off_is_suggested() -> None:
    assert fails("--lang nl battle groundforce --attacker 1 --defender 1 --when verdedigr:stealth") == (
        "fout: kant 'verdedigr' is onbekend; bedoel je 'verdediger'?"
    )
    assert fails("--lang nl battle groundforce --attacker 1 --defender 1 --when xyz:stealth") == (
        "fout: kant 'xyz' is onbekend; bekend: aanvaller, verdediger"
    )


def test_units_and_faces_are_typed_as_dutch_prints_them() -> None:
    battle = "--lang nl battle groundforce"
    english = "--attacker '2 trooper' --defender heavy --attacker-roll sword,sword --defender-roll blank"
    dutch = "--attacker '2 Soldaten' --defender 'ZWAAR WAPEN' --attacker-roll zwaard,Zwaard --defender-roll leeg"
    assert _ruled(f"{battle} {dutch}") == _ruled(f"{battle} {english}")


def test_a_roll_is_typed_as_chinese_prints_it() -> None:
    """zh-Hant lists a roll with '、' ('劍、爆炸', '6、5、1') and a Chinese keyboard
    types '，': both are read as the commas they print, for faces and for pips."""
    zh = "--lang zh-Hant battle"
    faces = "groundforce --attacker '2 名士兵' --defender '士兵、重武器'"
    assert "劍、爆炸" in run(f"{zh} {faces} --attacker-roll 劍,爆炸 --defender-roll 盾,劍").stdout
    assert _ruled(f"{zh} {faces} --attacker-roll 劍、爆炸 --defender-roll 盾，劍") == _ruled(
        f"{zh} {faces} --attacker-roll sword,explosion --defender-roll shield,sword"
    )
    risk = "risk --attacker 3 --defender 2"
    assert _ruled(f"{zh} {risk} --attacker-roll 6、5、1 --defender-roll 6、2") == _ruled(
        f"{zh} {risk} --attacker-roll 6,5,1 --defender-roll 6,2"
    )
    dice = "diceland --defender 3 --roll 5,1"
    assert _ruled(f"{zh} {dice} --attacker 6、2") == _ruled(f"{zh} {dice} --attacker 6,2")


@pytest.mark.parametrize(
    "lang, territory, change",
    [
        ("nl", "3 infanterie, pantser (beschadigd)", "SAMENVOEGEN"),
        ("zh-Hant", "3 個步兵師，受損裝甲師", "合流"),
    ],
)
def test_units_states_and_changes_are_typed_as_the_language_prints_them(lang: str, territory: str, change: str) -> None:
    """Dutch prints a state after the unit in brackets, Chinese with a measure word after the count."""
    recruit = f"--lang {lang} recruit frontline-risk --site"
    english = _ruled(f"{recruit} --territory '3 infantry, damaged armour' --change merge")
    assert _ruled(f"{recruit} --territory '{territory}' --change '{change}'") == english


def test_a_player_is_typed_as_the_language_prints_it() -> None:
    run("play start friday diceland --tiles 8 --seed 3 --red 6,6,5,3,2,1 --blue 6,5,4,4,3,1")
    assert fails("--lang de play place C4 4 --player rot") == fails("--lang de play place C4 4 --player red")
    assert fails("--lang zh-Hant play place C4 4 --player 紅方") == fails("--lang zh-Hant play place C4 4 --player red")


def test_an_attack_type_and_a_die_are_typed_as_the_language_prints_them() -> None:
    hit = "--lang de hit trueforces --attacker 4 --target 5 --roll 5 --wound-roll 3 --attack"
    assert _ruled(f"{hit} fernkampfangriff") == _ruled(f"{hit} ranged")
    assert run("--lang nl roll groundforce 2 --die symbool --seed 1").stdout.startswith("Ground Force, 2 dobbelstenen")


def test_a_translated_word_that_names_another_thing_is_refused_at_load(edited: Callable[..., Path]) -> None:
    """A word printed for one thing that is another's name, in the same language, would not type back."""
    risk = edited("risk", lambda text: text.replace("      australia: Australië", "      australia: Europa"))
    assert "translations.nl.recruiting.continents.australia: 'Europa' also names 'europe'" in fails(f"validate {risk}")
    force = edited("groundforce", lambda text: text.replace("heavy: {label: zwaar wapen", "heavy: {label: soldaat"))
    assert "translations.nl.units.heavy: 'soldaat' also names 'trooper'" in fails(f"show {force}")


def test_a_word_two_languages_print_for_two_things_means_the_language_spokens(edited: Callable[..., Path]) -> None:
    """German 'Australië' for Africa beside the Dutch for Australia: each language types back its own."""
    german = "      africa: Afrika\n      south-america: Südamerika"
    risk = edited("risk", lambda text: text.replace(german, german.replace("Afrika", "Australië")))
    recruit = f"recruit {risk} --territories 14 --continent"
    for lang, meant in (("nl", "australia"), ("de", "africa")):
        assert _ruled(f"--lang {lang} {recruit} Australië") == _ruled(f"--lang {lang} {recruit} {meant}")


def _complete(args: str, incomplete: str) -> list[str]:
    found = ShellComplete(cli, {}, "referee", "_REFEREE_COMPLETE").get_completions(args.split(), incomplete)
    return [item.value for item in found]


def test_names_complete_as_the_language_prints_them() -> None:
    assert _complete("--lang nl recruit risk --continent", "Eu") == ["Europa"]
    assert _complete("--lang de recruit risk --continent", "Nord") == ["Nordamerika"]
    assert _complete("--lang nl battle groundforce --when", "verd") == ["verdediger:stealth"]
    assert "zwaard,explosie" in _complete("--lang nl battle groundforce --attacker-roll", "zwaard,ex")
    assert _complete("--lang nl battle groundforce --attacker", "2 sol") == ["2 soldaat"]
    assert _complete("recruit risk --continent", "Eu") == []  # English prints the file's keys


@pytest.mark.parametrize(
    "lang, typed, key",
    [
        ("nl", "verdediger:stadsverdediging", "defender:city"),
        ("nl", "verdediger:luchtsteun", "defender:airfield"),
        ("nl", "verdediger:extra verdedigingsdobbelsteen", "defender:extra-defence-die"),
        ("de", "Verteidiger:Stadtverteidigung", "defender:city"),
        ("de", "Verteidiger:Luftunterstützung", "defender:airfield"),
        ("de", "Verteidiger:Extra-Verteidigungswürfel", "defender:extra-defence-die"),
        ("zh-Hant", "防守方:守城", "defender:city"),
    ],
)
def test_a_situation_is_typed_as_its_sentence_names_it(lang: str, typed: str, key: str) -> None:
    battle = f"--lang {lang} battle frontline-risk --attacker '2 armour' --defender '2 infantry' --seed 4 --when"
    assert _ruled(f"{battle} '{typed}'") == _ruled(f"{battle} {key}")


@pytest.mark.parametrize(
    "lang, typed, key",
    [
        ("de", "Verteidiger:Hügel", "hills"),
        ("de", "Verteidiger:Hügeln", "hills"),
        ("zh-Hant", "防守方:丘陵", "hills"),
        ("zh-Hant", "防守方:山脈", "mountains"),
        ("de", "Verteidiger:Berge", "mountains"),
    ],
)
def test_a_terrain_situation_is_typed_as_the_board_prints_it(lang: str, typed: str, key: str) -> None:
    battle = f"--lang {lang} battle diceland --attacker 3 --defender 2 --seed 4 --when"
    assert _ruled(f"{battle} '{typed}'") == _ruled(f"{battle} defender:{key}")


@pytest.mark.parametrize(
    "lang, typed, key",
    [("nl", "stad", "city"), ("nl", "vliegveld", "airfield"), ("de", "Stadt", "city"), ("de", "Flugfeld", "airfield")],
)
def test_a_work_is_typed_without_its_article(lang: str, typed: str, key: str) -> None:
    build = f"--lang {lang} build frontline-risk --unflipped-stars 9"
    assert _ruled(f"{build} {typed}") == _ruled(f"{build} {key}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_option_word_matches_in_any_case(lang: str) -> None:
    blitz = f"--lang {lang} battle risk --attacker 5 --defender 3 --seed 2 --until"
    assert _ruled(f"{blitz} Conquest") == _ruled(f"{blitz} conquest") == _ruled(f"{blitz} CONQUEST")


@pytest.mark.parametrize(
    "lang, typed",
    [
        ("de", "beschädigter Panzer, 2 beschädigte Panzer"),
        ("de", "BESCHÄDIGTEN Panzer, 2 Panzer (beschädigt)"),
        ("nl", "beschadigde pantser, 2 beschadigde pantser"),
        ("zh-Hant", "受損的裝甲師，2 個受損裝甲師"),
    ],
)
def test_a_state_is_typed_with_the_ending_the_language_gives_it(lang: str, typed: str) -> None:
    battle = f"--lang {lang} recruit frontline-risk --site --territory"
    assert _ruled(f"{battle} '{typed}'") == _ruled(f"{battle} '3 damaged armour'")


def test_a_unit_mistyped_after_an_inflected_state_is_suggested() -> None:
    assert fails("--lang de battle frontline-risk --attacker 2 --defender 'beschädigter Panzr'") == (
        "Fehler: Einheit 'panzr' ist unbekannt; meinten Sie 'Panzer'?"
    )


def test_a_units_plural_is_typed_as_printed_without_an_alias(tmp_path: Path) -> None:
    # `plural: armies` with no alias 'armies': printed, so accepted typed (no plain English plural reaches it).
    example = Path(__file__).parent.parent / "docs" / "examples" / "commanders.yaml"
    text = example.read_text(encoding="utf-8")
    listed = "    plural: armies\n    aliases: [armies]\n"
    assert listed in text
    path = tmp_path / "commanders.yaml"
    path.write_text(text.replace(listed, "    plural: armies\n"), encoding="utf-8")
    ruling = run_json(f"battle {path} --attacker '3 armies' --defender '2 armies' --seed 1")
    assert (ruling["attacker"]["front"], ruling["defender"]["front"]) == (["army"] * 3, ["army"] * 2)
    assert run_json(f"odds {path} --attacker '3 armies' --defender '2 armies'")["outcomes"]
    shared = text.replace(
        "    aliases: [commanders, general]\n", "    plural: armies\n    aliases: [commanders, general]\n"
    )
    path.write_text(shared, encoding="utf-8")
    assert fails(f"validate {path}").endswith("units.commander: 'armies' also names 'army'")
