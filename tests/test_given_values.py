"""No option takes an empty value as if it were left out (`referee.cli.given`):
`--choose ''`, `--journal ''`, `--rules-dir ''` are refused in one line where
they are read, and nothing is ruled or journaled."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from conftest import fails, run, run_json
from test_fair_rulings import dice, placed

from referee.cli import COMMANDS, cli


def _options() -> Iterator[tuple[str, str]]:
    """(command path, option) for every option of every command that takes a value
    (--PLAYER is a line of help: the players' options are the ruleset's words)."""
    ctx = click.Context(cli)

    def walk(command: click.Command, path: str) -> Iterator[tuple[str, str]]:
        for param in command.params:
            shown = isinstance(param, click.Option) and param.name != "help" and "--PLAYER" not in param.opts
            if shown and not param.is_flag:
                yield path, max(param.opts, key=len)
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                yield from walk(sub, f"{path} {name}")

    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        yield from walk(command, name)


OPTIONS = sorted(set(_options()))


def test_every_option_is_covered() -> None:
    assert ("play attack", "--choose") in OPTIONS and ("battle", "--journal") in OPTIONS and len(OPTIONS) > 100


@pytest.mark.parametrize("value", ["''", "'  '"])
@pytest.mark.parametrize("command, option", OPTIONS)
def test_an_empty_value_is_refused_wherever_it_is_read(journal: Path, command: str, option: str, value: str) -> None:
    said = fails(f"{command} {option} {value}")
    assert said.startswith("error: ") and option in said, said
    assert "is empty" in said or value in said, said  # said so, or the value quoted as the option's own type refuses it
    assert not journal.exists()


@pytest.mark.parametrize(
    "line, option",
    [
        ("battle groundforce --attacker trooper --defender trooper --attack", "--attack"),
        ("battle frontline-risk --attacker 3 --defender 2 --attacker-rear", "--attacker-rear"),
        ("battle groundforce --attacker trooper --defender trooper --seed 1 --journal", "--journal"),
        ("--rules-dir '' new mine", "--rules-dir"),
        ("new mine --from", "--from"),
        ("map diceland --tiles 8 --seed 1 --svg", "--svg"),
        ("score diceland --red 6,5,1 --blue 4,4,4 --first", "--first"),
        ("game start friday --ruleset", "--ruleset"),
    ],
)
def test_options_once_taken_empty_say_so(tmp_path: Path, journal: Path, line: str, option: str) -> None:
    """Each of these once ruled as if the option were left out (or wrote a ruleset into the current folder)."""
    said = fails(f"{line} ''" if not line.startswith("--rules-dir") else line)
    assert said == f"error: {option} is empty: give it a value, or leave it out"
    assert not journal.exists() and list(Path.cwd().glob("mine.yaml")) == []


def test_an_empty_choice_does_not_move_the_game() -> None:
    """`--choose ''` was read as no choice, and the attack was played."""
    placed("B1 6", "A3 6", "B2 6", "A4 5", "B3 1", "A2 1", "B4 3", "C4 3")
    before = run_json("play board")
    assert fails("play attack A3 B3 --with A4 --roll 1,1 --choose ''") == (
        "error: --choose is empty: give it a value, or leave it out"
    )
    assert run_json("play board")["board"] == before["board"]
    assert dice(run_json("play attack A3 B3 --with A4 --roll 1,1"))["B3"] == ("red", 1)  # the same attack still plays


def test_empty_values_are_refused_in_every_language() -> None:
    said = {lang: fails(f"--lang {lang} new mine --from ''") for lang in ("nl", "de", "zh-Hant")}
    assert all("--from" in line and "give it a value" not in line for line in said.values()), said


def test_the_help_still_names_each_option_s_values() -> None:
    assert "--format [json|csv]" in run("log export --help").stdout
