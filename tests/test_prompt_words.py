"""Inside `referee table`: every line names a command as the prompt takes it
(`game stop`, `battle --help`, never `referee …`), Tab offers only the
commands and options that apply to the ruleset in play, and the short form
of an attack is typed there in at most 60 characters (on a pseudo-terminal,
as a player types it)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from conftest import run
from test_table import Terminal, at_table, entries

from referee.cli.table import candidates
from referee.cli.tablewords import named

COMMAND_NAMED = re.compile(r"\breferee (battle|odds|game|log|replay|play|show|validate|hit|table)\b")


def test_hints_and_errors_at_the_table_name_commands_as_the_prompt_takes_them() -> None:
    lines = [
        "game start friday groundforce",
        "game start saturday risk",  # still going: end it first with 'game stop'
        "battle --bogus",  # see 'battle --help'
        "battle 2 trooper",  # the short form's hint
        "game stop",  # 'log --game friday' reads it back
        "battle trooper vs trooper",  # no game in play: 'game start NAME RULESET'
        "battle diceland 6,2 vs 3 : 5,1",  # a pick awaited: 'battle --entry N --choose …'
        "log show last",
    ]
    result = at_table(lines)
    said = result.stdout + result.stderr
    assert "end it first with 'game stop'" in said
    assert "(see 'battle --help')" in said
    assert "'log --game friday' reads it back" in said
    assert "start a game that plays one: game start NAME RULESET" in said
    assert re.search(r"^  battle --entry \d+ --choose ROLLED:FIELD$", said, re.MULTILINE)
    assert "  battle diceland 6,2 vs 3 : 5,1 --choose ROLLED:FIELD" in said
    assert not COMMAND_NAMED.search(said), COMMAND_NAMED.search(said)
    assert "until 'referee game stop'" in run("game start saturday risk").stdout  # the command line's own words
    assert "(see 'referee battle --help')" in run("battle --bogus", code=2).stderr


def test_a_json_table_keeps_its_documents_as_the_command_line_writes_them() -> None:
    result = at_table(["game start friday groundforce", "game start saturday risk"], "--json")
    refused = json.loads(result.stderr.splitlines()[0])
    assert refused["error"] == "game 'friday' is still going; end it first with 'referee game stop'"


@pytest.mark.parametrize(
    ("printed", "at_the_prompt"),
    [
        ("Stopped; 'referee log --game friday' reads it back.", "Stopped; 'log --game friday' reads it back."),
        ("Usage: referee battle [OPTIONS]", "Usage: battle [OPTIONS]"),
        ("    referee battle groundforce --attacker 2", "    battle groundforce --attacker 2"),
        ("或讓裁判「referee play board」", "或讓裁判「play board」"),
        ("let the referee roll both", "let the referee roll both"),  # the referee who rolls stays
        ("referee:  0.1.0", "referee:  0.1.0"),
        ("referee rolls", "referee rolls"),  # no command of that name
        ("a-referee battle", "a-referee battle"),
    ],
)
def test_the_program_goes_only_where_a_command_follows(printed: str, at_the_prompt: str) -> None:
    assert named(["battle", "log", "play", "roll", "rulesets"]).sub("", printed) == at_the_prompt


def test_tab_offers_the_commands_and_options_of_the_ruleset_in_play() -> None:
    run("game start friday risk")
    commands = candidates([], "")
    assert {"battle", "odds", "recruit", "log", "help"} <= set(commands)
    assert not {"reinforce", "build", "map", "setup", "score", "group", "play", "hit"} & set(commands)
    battle = candidates(["battle"], "--")
    assert {"--attacker", "--defender-roll", "--until", "--when", "--seed"} <= set(battle)
    assert not {"--choose", "--wound-roll", "--follow-roll", "--roll", "--mines", "--table"} & set(battle)
    assert {"--table", "--until", "--exact"} <= set(candidates(["odds"], "--"))
    assert candidates(["battle"], "-w") == ["-w"]  # a short option is one of them
    assert candidates(["battle", "3", "vs"], "ar") == ["army"]  # the short form's units


def test_tab_offers_what_the_file_names_and_a_ruleset_named_on_the_line() -> None:
    run("game start friday groundforce")
    assert "reinforce" in candidates([], "re")
    assert candidates(["reinforce"], "--m") == ["--mines"]  # the file's own option
    assert "--until" not in candidates(["battle"], "--")  # not fought in rounds
    assert candidates(["battle", "2", "trooper", "vs", "heavy", ":"], "ex") == ["explosion"]
    assert "--until" in candidates(["battle", "risk"], "--")  # the ruleset the line names
    assert {"--attack", "--wounds"} <= set(candidates(["odds", "trueforces"], "--"))
    assert "hit" not in candidates([], "h")
    run("game stop")
    run("game start saturday trueforces")
    assert "hit" in candidates([], "h") and "--wound-roll" in candidates(["hit"], "--w")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal as Linux gives one")
def test_at_a_terminal_the_short_form_rules_in_60_characters(journal: Path) -> None:
    pytest.importorskip("readline")
    env = {**os.environ, "TERM": "dumb", "INPUTRC": os.devnull, "COLUMNS": "100"}
    run("game start friday groundforce")
    readme = "battle 2 trooper vs trooper, heavy : sword expl / shield sw"
    evening = Terminal(env)
    evening.shows("friday (groundforce)> ")
    evening.type(readme + "\r")
    ruled = evening.shows("friday (groundforce)> ")
    assert "The attacker wins by 1. The defender removes 1 unit" in ruled
    evening.type("battle 2 trooper vs heavy : sword ex\t")  # Tab completes the face after the colon
    evening.shows("explosion ")
    evening.type("/ shield\r")
    assert "Dice typed by the players." in evening.shows("friday (groundforce)> ")
    evening.type("battle 2 trooper vs\r")
    assert "error: '2 trooper vs': tell an attack as" in evening.shows("friday (groundforce)> ")
    evening.type("game stop\r")
    assert "'log --game friday' reads it back" in evening.shows("table> ")
    evening.type("game start saturday risk\r")
    evening.shows("saturday (risk)> ")
    risk = "battle 3 vs 2 : 6 5 1 / 4 3"
    evening.type(risk + "\r")
    assert "The defender suffers: 2 armies destroyed." in evening.shows("saturday (risk)> ")
    evening.type("exit\r")
    assert evening.leaves() == 0
    assert len(readme) <= 60 and len(risk) <= 60
    battles = [e for e in entries(journal) if e["command"] == "battle"]
    assert [e["ruleset"] for e in battles] == ["groundforce", "groundforce", "risk"]
    assert battles[0]["argv"][-3:] == ["/", "shield", "sw"]  # as typed: the replay reads it again
