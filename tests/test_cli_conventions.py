"""Conventions every command keeps: help with an example, --json, --version,
errors on stderr with exit code 2, NO_COLOR."""

from __future__ import annotations

import json

import click
import pytest
from conftest import EXAMPLES, run

from referee.cli import COMMANDS, cli


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help_ending_with_an_example(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    paths = [name, *(f"{name} {sub}" for sub in getattr(command, "commands", {}))]
    for path in paths:
        for flag in ("--help", "-h"):
            out = run(f"{path} {flag}").stdout
            assert "Example:" in out, f"'referee {path}' help has no example"
            last = out.rsplit("Example:", 1)[1]
            assert "referee " in last and "Options:" not in last, f"'referee {path}' help does not end with it"


def test_referee_alone_shows_the_help() -> None:
    assert "Commands:" in run("").stdout


def test_group_help_lists_every_command_and_exit_codes() -> None:
    out = run("--help").stdout
    for name in COMMANDS:
        assert name in out
    assert "Exit codes" in out


def test_every_command_is_exercised_here() -> None:
    assert set(EXAMPLES) == set(COMMANDS)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_command_takes_json(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    run(EXAMPLES["battle"])  # so that `replay 1` has an entry to replay
    document = json.loads(run(f"{EXAMPLES[name]} --json").stdout)
    assert isinstance(document, dict)


def test_version() -> None:
    from referee import __version__

    assert __version__ in run("--version").stdout


def test_no_color_is_honoured() -> None:
    from click.testing import CliRunner

    out = CliRunner().invoke(cli, ["show", "groundforce"], env={"NO_COLOR": "1"}, color=True).stdout
    assert "\x1b[" not in out
    coloured = CliRunner().invoke(cli, ["show", "groundforce"], env={"NO_COLOR": ""}, color=True).stdout
    assert "\x1b[" in coloured


def test_rulesets_lists_groundforce() -> None:
    names = [r["name"] for r in json.loads(run("rulesets --json").stdout)["rulesets"]]
    assert "groundforce" in names


def test_show_lists_units_faces_and_hits() -> None:
    out = run("show groundforce").stdout
    for word in ("trooper", "heavy weapon", "sword", "explosion", "GF-D2", "read faces sword hit, explosion hit"):
        assert word in out
    shown = json.loads(run("show groundforce --json").stdout)
    assert shown["units"]["heavy"]["cost"] == 3
    assert shown["dice"]["symbol"]["faces"] == ["sword", "sword", "shield", "shield", "explosion", "blank"]


@pytest.mark.parametrize(
    "ruleset, option",
    [
        ("groundforce", "--mines N"),
        ("frontline-risk", "--unflipped-stars N WORK"),
        ("diceland", "--red-left DICE"),
    ],
)
def test_show_lists_the_options_a_ruleset_names(ruleset: str, option: str) -> None:
    assert option in run(f"show {ruleset}").stdout
    assert option in [o["option"] for o in json.loads(run(f"show {ruleset} --json").stdout)["options"]]


@pytest.mark.parametrize("name", ["", *sorted(COMMANDS)])
def test_every_help_fits_sixty_columns(name: str) -> None:
    """Examples too: a long one goes on after a backslash, so it still pastes.
    (click's test runner sets the help's width itself, not from $COLUMNS.)"""
    from click.testing import CliRunner

    command = cli.get_command(click.Context(cli), name) if name else None
    for path in [name, *(f"{name} {sub}" for sub in getattr(command, "commands", {}))]:
        out = CliRunner().invoke(cli, [*path.split(), "--help"], terminal_width=60).stdout
        assert max(map(len, out.splitlines())) <= 60, [line for line in out.splitlines() if len(line) > 60]
