"""The commands that did not yet take the ruleset of the game in play:
`roll 2` rolls its dice, `new NAME` starts from its ruleset, `game start
NAME` and `play start NAME` play the ruleset of the game started last, and
the help of `play start` and `setup` names each player's option, ruleset by
ruleset, within 60 columns in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import fails, ruling_of, run, run_json

from referee.cli import cli
from referee.render.widths import columns
from referee.ruleset.load import shipped

LANGUAGES = ["en", "nl", "de", "zh-Hant"]
BOARD = "--tiles 8 --seed 3"


def _house(folder: Path, players: tuple[str, str] = ("red", "blue")) -> Path:
    """A copy of DiceLand named house, its players renamed where asked."""
    text = shipped()["diceland"].read_text(encoding="utf-8").replace("name: diceland", "name: house", 1)
    if players != ("red", "blue"):
        data = yaml.safe_load(text)
        data["deployment"].update(players=list(players), aliases={}, colours=dict(zip(players, ("#cc0000", "#0000cc"))))
        data.get("translations", {}).clear()
        text = yaml.safe_dump(data, allow_unicode=True)
    folder.mkdir(exist_ok=True)
    path = folder / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# 1. roll: a bare count, or nothing, rolls the game's dice


def test_a_bare_count_rolls_the_dice_of_the_game_in_play() -> None:
    run("game start friday groundforce")
    assert ruling_of("roll 2 --seed 3") == ruling_of("roll groundforce 2 --seed 3")
    assert ruling_of("roll 2 --seed 3")["count"] == 2
    assert run("roll 2 --seed 3").stderr == ""  # the game's own ruleset: nothing to note


def test_roll_alone_rolls_one_of_the_game_s_dice() -> None:
    run("game start friday risk")
    alone = ruling_of("roll --seed 5")
    assert alone == ruling_of("roll risk --seed 5")
    assert alone["count"] == 1 and alone["ruleset"] == "risk"


def test_dice_notation_stays_notation_with_a_game_in_play() -> None:
    run("game start friday groundforce")
    rolled = run_json("roll 2d6 --seed 1")
    assert "ruleset" not in rolled and rolled["total"] == sum(rolled["dice"][0]["rolled"])
    assert ruling_of("roll risk 3 --seed 2")["ruleset"] == "risk"  # another ruleset named: used, and noted
    assert "note: game 'friday' plays Ground Force" in run("roll risk 3 --seed 2").stderr


def test_a_roll_the_game_supplied_replays_once_the_game_is_over() -> None:
    run("game start friday groundforce")
    run("roll 2 --seed 3")
    run("roll --seed 4")
    assert run_json("log show 2")["replay"] == ["roll", "groundforce", "2", "--seed", "3"]
    assert run_json("log show 3")["replay"] == ["roll", "groundforce", "--seed", "4"]
    run("game stop")
    assert run_json("replay 2")["same"] and run_json("replay 3")["same"]


NO_GAME = {
    "en": "error: no game is in play to roll the dice of: name a ruleset (roll groundforce 2)",
    "nl": "fout: er is geen spel in gang om de dobbelstenen van te gooien: noem een regelset",
    "de": "Fehler: kein Spiel läuft, dessen Würfel geworfen werden könnten: ein Regelwerk nennen",
    "zh-Hant": "錯誤：沒有進行中的對局可擲其骰子：請指定規則集（roll groundforce 2）",
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", ["roll 2", "roll"])
def test_a_bare_count_with_no_game_in_play_is_one_line(lang: str, command: str) -> None:
    assert fails(f"--lang {lang} {command}").startswith(NO_GAME[lang])


def test_a_bare_count_is_checked_as_a_count() -> None:
    run("game start friday groundforce")
    assert fails("roll 0") == fails("roll groundforce 0")
    assert "COUNT" in fails("roll 0")
    assert "two numbers in a row" in fails("roll 2 3")  # two words: notation, as before


# 2. new: from the game in play's ruleset, else groundforce


def test_new_starts_from_the_game_in_play(tmp_path: Path) -> None:
    run("game start friday risk")
    made = run_json(f"--rules-dir {tmp_path} new house")
    assert made["from"] == "risk"
    assert "name: house" in Path(made["path"]).read_text(encoding="utf-8")
    assert run_json(f"--rules-dir {tmp_path} new other --from diceland")["from"] == "diceland"  # --from wins
    assert "Risk" in run(f"validate {made['path']}").stdout


def test_new_with_no_game_in_play_starts_from_groundforce(tmp_path: Path) -> None:
    assert run_json(f"--rules-dir {tmp_path} new house")["from"] == "groundforce"
    run("game start friday risk")
    run("game stop")  # a game over supplies nothing
    assert run_json(f"--rules-dir {tmp_path} new other")["from"] == "groundforce"


def test_new_reads_the_game_of_the_journal_named(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    run(f"game start friday diceland --journal {other}")
    assert run_json(f"--rules-dir {tmp_path} new house --journal {other}")["from"] == "diceland"
    assert run_json(f"--rules-dir {tmp_path} new plain")["from"] == "groundforce"


def test_new_starts_from_the_file_a_game_plays(tmp_path: Path) -> None:
    house = _house(tmp_path / "mine")
    run(f"game start friday {house}")
    made = run_json(f"--rules-dir {tmp_path} new villa")
    assert made["from"] == "house"


# 3. game start NAME: the ruleset of the game started last


def test_game_start_plays_the_ruleset_of_the_game_before() -> None:
    run("game start friday risk")
    run("game stop")
    started = run("game start saturday")
    assert "Game 'saturday' started (Risk)" in started.stdout
    assert " ".join(started.stderr.split()) == (
        "note: Risk, as game 'friday' played; to play another, name its ruleset after the game's name"
    )
    assert run_json("game")["games"][-1]["ruleset"] == "risk"
    assert run_json("log show 3")["replay"] == ["game", "start", "saturday", "risk"]


@pytest.mark.parametrize("lang", ["nl", "de", "zh-Hant"])
def test_the_note_is_said_in_the_language_spoken(lang: str) -> None:
    run("game start friday risk")
    run("game stop")
    note = run(f"--lang {lang} game start saturday").stderr
    assert "friday" in note and "note" not in note
    assert all(columns(line) <= 100 for line in note.splitlines())  # wrapped as piped output is


def test_game_start_after_a_game_from_a_file_plays_that_file(tmp_path: Path) -> None:
    house = _house(tmp_path / "mine")
    run(f"game start friday {house}")
    run("game stop")
    assert run_json("game start saturday")["ruleset"] == "house"
    assert run_json("log show 3")["replay"] == ["game", "start", "saturday", str(house), "--json"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_start_refusals_stay_one_line(lang: str) -> None:
    assert "groundforce" in fails(f"--lang {lang} game start friday")  # no game before it
    typo = fails(f"--lang {lang} game start friday grondforce")  # did you mean
    assert "grondforce" in typo and "groundforce" in typo
    run("game start friday risk")
    assert "friday" in fails(f"--lang {lang} game start saturday")  # still going: no note before it


# 4. play start NAME: the ruleset of the game started last, when it holds games


def test_play_start_plays_the_ruleset_of_the_game_before() -> None:
    named = run_json(f"play start friday diceland {BOARD}")
    run("game stop")
    started = run(f"play start saturday {BOARD} --json")
    assert "note: DiceLand, as game 'friday' played" in " ".join(started.stderr.split())
    left_out = run_json(f"log show {run_json('log')['entries'][-1]['id']}")
    assert left_out["replay"][:4] == ["play", "start", "saturday", "diceland"]
    assert left_out["ruling"]["board"]["tiles"] == named["board"]["tiles"]  # the same deal: the same ruleset


def test_play_start_takes_the_players_dice_with_the_ruleset_left_out() -> None:
    run(f"play start friday diceland {BOARD}")
    run("game stop")
    armies = "--red 6,5,4,3,2,1 --blue 6,6,6,1,1,1"
    board = run_json(f"play start saturday {BOARD} {armies}")["board"]
    run("game stop")
    assert board == {**run_json(f"play start sunday diceland {BOARD} {armies}")["board"], "game": "saturday"}
    assert run_json("log")["entries"][-1]["replay"][3] == "diceland"


def test_play_start_names_a_ruleset_still() -> None:
    run("game start friday groundforce")
    run("game stop")
    assert run_json(f"play start saturday diceland {BOARD}")["board"]["game"] == "saturday"
    assert fails(f"play start sunday dicelnad {BOARD}") == "error: unknown ruleset 'dicelnad'; did you mean 'diceland'?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_start_with_no_game_before_names_the_rulesets_held_on_the_board(lang: str) -> None:
    refused = fails(f"--lang {lang} play start friday {BOARD}")
    assert "(diceland)" in refused or "（diceland）" in refused
    assert refused.endswith("referee play start NAME RULESET --tiles N")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_start_after_a_game_not_held_on_the_board_is_one_line(lang: str) -> None:
    run("game start friday groundforce")
    run("game stop")
    refused = fails(f"--lang {lang} play start saturday {BOARD}")
    assert "friday" in refused and "Ground Force" in refused and "diceland" in refused


def test_play_start_while_a_game_goes_is_refused_as_before() -> None:
    run(f"play start friday diceland {BOARD}")
    assert fails(f"play start saturday {BOARD}") == fails(f"play start saturday diceland {BOARD}")


# 5. play start --help and setup --help name each player's option


def _help(command: str, lang: str, *before: str) -> str:
    result = CliRunner().invoke(cli, [*before, "--lang", lang, *command.split(), "--help"], terminal_width=60)
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", ["play start", "setup"])
def test_help_names_each_player_s_option_within_60_columns(lang: str, command: str) -> None:
    out = _help(command, lang)
    for player in ("--red DICE", "--blue DICE"):
        assert any(line.strip().startswith(player) and "DiceLand" in line for line in out.splitlines())
    assert "--PLAYER" not in out
    too_wide = [line for line in out.splitlines() if columns(line) > 60 and not line.startswith("    referee ")]
    assert too_wide == []  # (the example's command lines are typed as they are)


def test_help_lists_your_own_rulesets_players(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _house(folder, ("north", "south"))
    out = _help("play start", "en", "--rules-dir", str(folder))
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert any(line.startswith("--north DICE DiceLand") for line in lines)
    assert any(line.startswith("--red DICE DiceLand: the dice red rolled") for line in lines)
    assert "--north" not in _help("play start", "en")  # not without the folder


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_names_the_game_in_play_s_players_first(tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "mine"
    _house(folder, ("north", "south"))
    run(f"--rules-dir {folder} game start friday house")
    out = _help("play start", lang, "--rules-dir", str(folder))
    options = [line.split()[0] for line in out.splitlines() if line.startswith("  --") and "DICE" in line]
    assert options[:4] == ["--north", "--south", "--red", "--blue"]
    assert all(columns(line) <= 60 for line in out.splitlines() if not line.startswith("    referee "))


def test_help_names_a_ruleset_without_board_games_for_setup_only(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    data = yaml.safe_load(_house(folder, ("north", "south")).read_text(encoding="utf-8"))
    data.pop("play")
    (folder / "house.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert "--north DICE" in _help("setup", "en", "--rules-dir", str(folder))
    assert "--north DICE" not in _help("play start", "en", "--rules-dir", str(folder))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_notes_and_refusals_fit_a_60_column_terminal(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.render.text.at_a_terminal", lambda: True)
    terminal = {"COLUMNS": "60"}
    steps = [
        ("roll 2", 2),
        (f"play start friday {BOARD}", 2),
        ("game start friday risk", 0),
        ("game stop", 0),
        ("game start saturday", 0),  # the note
        ("game stop", 0),
        (f"play start sunday {BOARD}", 2),
    ]
    for command, code in steps:
        result = run(f"--lang {lang} {command}", code=code, env=terminal)
        said = (result.stdout + result.stderr).splitlines()
        assert said and all(columns(line) <= 60 for line in said), (command, said)
