"""The words players type are declared by the procedure that reads them:
`battle` and `odds` take every option the registry collects, a procedure
registered from outside brings its own option and its own command, and
collecting them imports no procedure's grammar or resolver."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_new_procedure import NAME, PROCEDURE, RULESET

from referee.procedures import told
from referee.ruleset import registry
from referee.ruleset.model import Ruleset
from referee.ruleset.registry import Option, alias
from referee.rulings.battle import Battle, Words
from referee.words.helps import described, helped

AIMED: list[object] = []  # what the reader was told of --aim


def _read(rules: Ruleset, words: Words) -> Battle:
    AIMED.append(words["aim"])
    return told.read_battle(rules, words)


AIM = Option("aim", helped("help.test.aim", "The distance aimed at, e.g. 3."), value="count")


@alias("duel-roll", (Option("attacker", helped("help.test.duel.attacker", "The duellist's units.")), AIM))
@described("help.test.duel")
def _duel_roll() -> None:
    """A duel by the duellists' names."""


@pytest.fixture
def aiming(tmp_path: Path) -> Iterator[Path]:
    procedure = replace(PROCEDURE, read=_read, reads=PROCEDURE.reads | {"aim"}, options=(AIM,), commands=(_duel_roll,))
    registry.register(procedure)
    path = tmp_path / "duel.yaml"
    path.write_text(RULESET, encoding="utf-8")
    AIMED.clear()
    yield path
    registry.unregister(NAME)


def test_a_registered_procedure_declares_one_option(aiming: Path) -> None:
    assert "--aim INTEGER The distance aimed at, e.g. 3." in " ".join(run("battle --help").stdout.split())
    run_json(f"battle {aiming} --attacker fighter --defender fighter --attacker-roll 6 --defender-roll 2 --aim 3")
    assert AIMED == [3]
    assert "--aim: not used by any attack in groundforce" in fails(
        "battle groundforce --attacker trooper --defender trooper --aim 3"
    )
    assert "--aim" in run("odds --help").stdout


def test_a_registered_procedure_declares_a_command(aiming: Path) -> None:
    assert "A duel by the duellists' names." in run("duel-roll --help").stdout
    assert "duel-roll" in run("--help").stdout


def test_its_options_go_with_it() -> None:
    assert "--aim" not in run("battle --help").stdout
    assert "unknown command 'duel-roll'" in fails("duel-roll --help")


def test_battle_takes_the_options_the_shipped_procedures_declare() -> None:
    declared = {f"--{o.typed}": o.word for o in registry.options("battle")}
    assert {
        "--attack": "kind",
        "--to-hit-plus": "to_hit",
        "--choose": "choose",
        "--wound-roll": "wound_roll",
    }.items() <= declared.items()
    assert "--choose" not in {f"--{o.typed}" for o in registry.options("odds")}
    assert set(registry.commands()) == {"hit"}


def test_collecting_the_options_imports_no_grammar_and_no_resolver() -> None:
    script = (
        "import sys; from referee.ruleset import registry; from referee.cli import cli\n"
        "import click; cli.get_command(click.Context(cli), 'battle'); registry.options('odds'); registry.commands()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('referee.procedures.', 'referee.stages.'))"
        " and m.count('.') == 3))"
    )
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == str(
        [f"referee.procedures.{name}.options" for name in ("pip_compare", "staged")] + ["referee.stages.strike.options"]
    )
