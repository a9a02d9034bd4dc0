"""The game in play supplies its ruleset (and so its players) to every
command that names one, and the group's options (--lang, --rules-dir, -V)
are taken after the command too, with the same meaning as before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

from referee.ruleset.load import shipped

LANGUAGES = ["en", "nl", "de", "zh-Hant"]
BATTLE = (
    '--attacker "2 trooper" --defender "trooper, heavy" --attacker-roll sword,explosion --defender-roll shield,sword'
)
ODDS = '--attacker "2 trooper" --defender "trooper, heavy"'
NONE_IN_PLAY = {  # the start of the one line said where no ruleset is named and no game is in play
    "en": "error: name a ruleset (diceland, frontline-risk, groundforce, risk, trueforces) or start a game",
    "nl": "fout: noem een regelset (diceland, frontline-risk, groundforce, risk, trueforces) of begin een spel",
    "de": "Fehler: ein Regelwerk nennen (diceland, frontline-risk, groundforce, risk, trueforces) oder ein Spiel",
    "zh-Hant": "錯誤：請指定規則集（diceland、frontline-risk、groundforce、risk、trueforces），或開始一局",
}
# each command, with and without its ruleset named, once groundforce is in play
LEFT_OUT = {
    "battle": (f"battle groundforce {BATTLE}", f"battle {BATTLE}"),
    "reinforce": ("reinforce groundforce --mines 2", "reinforce --mines 2"),
    "odds": (f"odds groundforce {ODDS}", f"odds {ODDS}"),
    "show": ("show groundforce", "show"),
}


def _start(ruleset: str = "groundforce", name: str = "friday") -> None:
    run(f"game start {name} {ruleset}")


# 1. no game in play, no ruleset named: one line, exit 2, the rulesets' names


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "command", [f"battle {BATTLE}", "reinforce --mines 2", f"odds {ODDS}", "group 1 2", "show", "group"]
)
def test_with_no_game_in_play_a_ruleset_left_out_is_one_line(lang: str, command: str) -> None:
    message = fails(f"--lang {lang} {command}")
    assert message.startswith(NONE_IN_PLAY[lang]), message
    assert message.endswith("referee game start NAME RULESET")


def test_with_no_game_in_play_the_line_names_your_own_rulesets_too(tmp_path: Path) -> None:
    (tmp_path / "mygame.yaml").write_text(
        shipped()["groundforce"].read_text(encoding="utf-8").replace("name: groundforce", "name: mygame", 1),
        encoding="utf-8",
    )
    assert "groundforce, mygame, risk" in fails(f"--rules-dir {tmp_path} reinforce --mines 2")
    assert "groundforce, mygame, risk" in fails(f"reinforce --mines 2 --rules-dir {tmp_path}")


def test_with_no_game_in_play_the_line_is_json_with_json() -> None:
    result = run("reinforce --mines 2 --json", code=2)
    assert result.stdout == ""
    error = json.loads(result.stderr)
    assert error["error"].startswith("name a ruleset (diceland") and error["rule"] is None


def test_a_game_stopped_supplies_nothing() -> None:
    _start()
    run("game stop")
    assert fails("reinforce --mines 2").startswith(NONE_IN_PLAY["en"])


# 2. the game in play supplies its ruleset


@pytest.mark.parametrize("lang", ["en", "nl", "zh-Hant"])
@pytest.mark.parametrize("command", sorted(LEFT_OUT))
def test_the_game_in_play_supplies_its_ruleset(lang: str, command: str) -> None:
    named, left_out = LEFT_OUT[command]
    _start()
    quiet = "" if command in ("show", "odds") else " --no-journal"  # no entry numbers to tell them apart
    with_it = run(f"--lang {lang} {named}{quiet}")
    without = run(f"--lang {lang} {left_out}{quiet}")
    assert without.stdout == with_it.stdout and without.stdout.strip()
    assert without.stderr == with_it.stderr == ""  # the game's own ruleset: nothing to note
    read = run_json if command in ("show", "odds") else ruling_of
    assert read(f"--lang {lang} {left_out}") == read(f"--lang {lang} {named}")


def test_the_game_in_play_supplies_its_players() -> None:
    _start("diceland")
    assert ruling_of("score --red 6,5,1 --blue 4,4,4") == ruling_of("score diceland --red 6,5,1 --blue 4,4,4")
    assert ruling_of("setup --tiles 8 --seed 1") == ruling_of("setup diceland --tiles 8 --seed 1")
    assert run_json("group 2 3")["value"] == run_json("group diceland 2 3")["value"] == 5


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_group_reads_pips_where_the_game_supplies_the_ruleset(lang: str) -> None:
    _start("diceland")
    with_it = run(f"--lang {lang} group diceland 2 3 --no-journal")
    assert run(f"--lang {lang} group 2 3 --no-journal").stdout == with_it.stdout
    assert run(f"group 2 3 --no-journal --lang {lang}").stdout == with_it.stdout
    assert ruling_of(f"--lang {lang} group 2 3") == ruling_of(f"--lang {lang} group diceland 2 3")


@pytest.mark.parametrize("lang", ["en", "nl", "zh-Hant"])
def test_group_in_a_game_without_grouping_is_refused_as_naming_it_is(lang: str) -> None:
    _start("groundforce")
    refused = fails(f"--lang {lang} group 1 2")
    assert refused == fails(f"--lang {lang} group groundforce 1 2")
    assert "groundforce" in refused
    assert fails("group 1 2") == "error: groundforce has no grouping rule"


def test_a_first_word_that_names_no_ruleset_is_the_next_argument() -> None:
    _start("frontline-risk")
    assert ruling_of("build --unflipped-stars 4 city") == ruling_of("build frontline-risk --unflipped-stars 4 city")
    assert ruling_of("build city --unflipped-stars 4") == ruling_of("build frontline-risk --unflipped-stars 4 city")
    assert ruling_of("recruit --stars 7 --cities 2 --capitals 1 --continent asia") == ruling_of(
        "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia"
    )


def test_a_first_word_close_to_a_ruleset_is_a_typo_not_a_pip() -> None:
    _start("diceland")
    assert fails("group dicelnad 4 5") == "error: unknown ruleset 'dicelnad'; did you mean 'diceland'?"
    assert fails("reinforce grondforce --mines 2") == "error: unknown ruleset 'grondforce'; did you mean 'groundforce'?"
    assert "ruleset" in fails("group ./nowhere.yaml 4 5")  # a path is a ruleset's, found or not


def test_a_ruleset_named_in_a_game_is_used_and_noted() -> None:
    _start("groundforce")
    result = run("group diceland 2 3")
    assert "DiceLand: 2 and 3 grouped make 5." in result.stdout
    assert result.stderr.strip() == "note: game 'friday' plays Ground Force; this ruling used DiceLand"
    said = run("--lang nl group diceland 2 3").stderr
    assert "friday" in said and "DiceLand" in said and "let op:" in said


def test_what_the_game_supplies_is_refused_as_the_named_ruleset_would_be() -> None:
    _start("groundforce")
    assert fails("group 4 5") == fails("group groundforce 4 5")
    assert fails("group diceland").startswith("error: Missing argument 'PIPS...'.")


def test_the_journal_keeps_a_replay_line_that_names_the_ruleset_supplied() -> None:
    _start()
    run("reinforce --mines 2")
    run(f"--lang nl battle {BATTLE} --seed 4")
    entry = run_json("log show 2")
    assert entry["argv"] == ["reinforce", "--mines", "2"]
    assert entry["replay"] == ["reinforce", "groundforce", "--mines", "2"]
    assert run_json("log show 3")["replay"][:4] == ["--lang", "nl", "battle", "groundforce"]
    run("game stop")  # the game over, the entries still rule the same
    for entry_id in (2, 3):
        assert run_json(f"replay {entry_id}")["same"]
    assert "referee reinforce groundforce --mines 2" in run("replay 2").stdout


def test_a_game_started_from_a_file_supplies_that_file(tmp_path: Path) -> None:
    own = tmp_path / "house.yaml"
    own.write_text(
        shipped()["groundforce"].read_text(encoding="utf-8").replace("name: groundforce", "name: house", 1),
        encoding="utf-8",
    )
    run(f"game start friday {own}")
    document = run_json("reinforce --mines 2")
    assert document["ruleset"] == "house"
    assert run_json("log show 2")["replay"] == ["reinforce", str(own), "--mines", "2", "--json"]


def test_battle_entry_picks_still_need_no_ruleset() -> None:
    assert "diceland" in run_json("battle diceland --attacker 6,2 --defender 3 --roll 5,1")["ruleset"]
    _start("groundforce")
    picked = run_json("battle --entry 1 --choose 5:6")
    assert picked["ruleset"] == "diceland"


# 3. the group's options after the command


AFTER = {
    "battle": f"battle groundforce {BATTLE}",
    "reinforce": "reinforce groundforce --mines 2",
    "odds": f"odds groundforce {ODDS}",
    "group": "group diceland 4 5",
}


@pytest.mark.parametrize("lang", ["nl", "de", "zh-Hant"])
@pytest.mark.parametrize("command", sorted(AFTER))
def test_lang_after_the_command_means_what_it_means_before(lang: str, command: str) -> None:
    line = AFTER[command] + ("" if command == "odds" else " --no-journal")
    before = run(f"--lang {lang} {line}")
    after = run(f"{line} --lang {lang}")
    assert after.stdout == before.stdout != run(line).stdout


@pytest.mark.parametrize("lang", ["nl", "zh-Hant"])
def test_lang_after_the_command_speaks_its_errors_and_help(lang: str) -> None:
    assert fails(f"reinforce --mines 2 --lang {lang}") == fails(f"--lang {lang} reinforce --mines 2")
    assert fails(f"battle groundforce --attacker x --lang {lang}") == fails(
        f"--lang {lang} battle groundforce --attacker x"
    )
    assert run(f"odds --help --lang {lang}").stdout == run(f"--lang {lang} odds --help").stdout


def test_lang_after_the_command_is_the_ruling_s_language_in_the_journal() -> None:
    _start()
    run(f"battle {BATTLE} --lang de")
    entry = run_json("log show 2")
    assert entry["replay"][:2] == ["--lang", "de"] and "--lang" not in entry["replay"][2:]
    assert run_json("replay 2")["same"]


def test_an_unknown_language_after_the_command_is_refused_as_before() -> None:
    expected = "error: --lang: unknown language 'xx'; known: de, en, nl, zh-Hant"
    assert fails("battle groundforce --attacker trooper --defender trooper --lang xx") == expected
    assert fails("--lang xx battle groundforce --attacker trooper --defender trooper") == expected


def _own_rulesets(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mygame.yaml").write_text(
        shipped()["groundforce"].read_text(encoding="utf-8").replace("name: groundforce", "name: mygame", 1),
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_dir_after_the_command(tmp_path: Path, lang: str) -> None:
    folder = _own_rulesets(tmp_path)
    before = run_json(f"--lang {lang} --rules-dir {folder} odds mygame {ODDS}")
    assert run_json(f"--lang {lang} odds --rules-dir {folder} mygame {ODDS}") == before
    assert run_json(f"--lang {lang} odds mygame {ODDS} --rules-dir {folder}") == before
    assert ruling_of(f"reinforce mygame --mines 2 --rules-dir {folder}")["ruleset"] == "mygame"
    assert "mygame" in fails(f"--lang {lang} odds mygame {ODDS}")  # unknown without the folder


def test_rules_dir_after_the_command_stands_where_the_environment_would(tmp_path: Path) -> None:
    folder = _own_rulesets(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"REFEREE_RULES_DIR": str(folder)}
    assert run(f"odds mygame {ODDS} --json", env=env).stdout
    assert "mygame" in run(f"odds mygame {ODDS} --rules-dir {elsewhere}", env=env, code=2).stderr
    assert run(f"odds mygame {ODDS} --rules-dir {elsewhere} --rules-dir {folder}", env=env).stdout
    assert run(f"--rules-dir {elsewhere} odds mygame {ODDS} --rules-dir {folder}", env=env).stdout


def test_rules_dir_after_the_command_is_checked_as_before(tmp_path: Path) -> None:
    assert fails(f"group diceland 4 5 --rules-dir {tmp_path / 'none'}") == fails(
        f"--rules-dir {tmp_path / 'none'} group diceland 4 5"
    )
    assert "no such folder" in fails(f"odds groundforce --rules-dir {tmp_path / 'none'}")


def test_version_after_the_command() -> None:
    assert run("battle -V").stdout == run("-V").stdout
    assert run_json("reinforce -V") == run_json("-V")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", ["battle", "reinforce", "odds", "group", "log show", "game start"])
def test_every_command_s_help_lists_the_group_options(lang: str, command: str) -> None:
    shown = run(f"--lang {lang} {command} --help").stdout
    group = run(f"--lang {lang} --help").stdout
    for option in ("--lang LANG", "--rules-dir DIR", "-V, --version"):
        assert option in shown and option in group
    said = group.split("--lang LANG")[1].split("\n")[0].strip()[:12]  # its help's first words, in the language
    assert said and said in shown


def test_help_shows_ruleset_may_be_left_out() -> None:
    assert "[RULESET]" in run("group --help").stdout
    assert "[RULESET]" in run("reinforce --help").stdout
