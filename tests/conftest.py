"""Shared helpers: run the CLI as a user would, and edit copies of shipped rulesets."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from referee.cli import cli
from referee.ruleset.load import shipped
from referee.words import language

# Property tests check answers, not speed: a per-example time limit only flakes on
# a busy machine (speed is measured by the scripts in benchmarks/, against a reference).
settings.register_profile("referee", deadline=None)
settings.load_profile("referee")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """A test that speaks another language leaves the next one in English (the language is chosen once per run)."""
    yield
    language.use(language.ENGLISH)


@pytest.fixture(autouse=True)
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test journals to its own file, never to the real data directory."""
    path = tmp_path / "journal.sqlite3"
    monkeypatch.setenv("REFEREE_JOURNAL", str(path))
    return path


@pytest.fixture(autouse=True)
def piped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test reads output as piped, whatever terminal runs the suite: an
    exported $COLUMNS would wrap the one-line error messages tests compare."""
    monkeypatch.delenv("COLUMNS", raising=False)


PRESETS = Path(__file__).resolve().parent / "presets"
PRESET = "preset:"  # `edited("preset:groundforce", ...)`: the file as the symbol-hits preset writes it

# one working command line per command, for tests that need every command to run
EXAMPLES = {
    "battle": "battle groundforce --attacker trooper --defender trooper --seed 1",
    "build": "build frontline-risk --unflipped-stars 4 city",
    "game": "game",
    "group": "group diceland 4 5",
    "hit": "hit trueforces --attacker 4 --target 5 --attack ranged --seed 1",
    "log": "log",
    "map": "map diceland --tiles 8 --seed 1",
    "new": "new example-game --from groundforce",
    "odds": "odds groundforce --attacker trooper --defender trooper",
    "play": "play start example diceland --tiles 8 --seed 1",
    "recruit": "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia",
    "reinforce": "reinforce groundforce --mines 1",
    "replay": "replay 1",
    "roll": "roll 2d6+1 --seed 1",
    "rulesets": "rulesets",
    "schema": "schema",
    "score": "score diceland --red 6,5,1 --blue 4,4,4",
    "setup": "setup diceland --tiles 8 --seed 1",
    "show": "show groundforce",
    "table": "table",
    "validate": "validate rulesets/groundforce.yaml",
}


def run(command: str, *, code: int = 0, env: dict[str, str] | None = None) -> Result:
    """Invoke `referee <command>` through click, checking the exit code and
    that no traceback leaked."""
    result = CliRunner().invoke(cli, shlex.split(command), env=env, catch_exceptions=False)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def run_json(command: str) -> Any:
    return json.loads(run(f"{command} --json").stdout)


def ruling_of(command: str) -> Any:
    """The --json document without its journal entry number and checkpoint,
    which every run changes: for comparing two runs of the same ruling."""
    document = run_json(command)
    document.pop("journal_entry")
    document.pop("journal_checkpoint")
    return document


def fails(command: str) -> str:
    """The single error line of a refused command."""
    result = run(command, code=2)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""
    return lines[0]


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    monkeypatch.delenv("REFEREE_RULES_DIR", raising=False)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The referee speaks English in every test, whatever the machine's locale, unless a test says otherwise;
    a test that switches the language in-process is switched back afterwards."""
    for variable in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    from referee.words import language

    language.use(language.ENGLISH)


@pytest.fixture
def edited(tmp_path: Path) -> Callable[[str, Callable[[str], str]], Path]:
    """A copy of a shipped ruleset (or of one of the preset files in
    tests/presets, by `PRESET`) with its text changed by `edit`."""

    def make(name: str, edit: Callable[[str], str]) -> Path:
        source = PRESETS / f"{name.removeprefix(PRESET)}.yaml" if name.startswith(PRESET) else shipped()[name]
        name = name.removeprefix(PRESET)
        original = source.read_text(encoding="utf-8")
        changed = edit(original)
        assert changed != original, "the edit changed nothing"
        path = tmp_path / f"{name}-edited.yaml"
        path.write_text(changed, encoding="utf-8")
        return path

    return make


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run the tests marked slow (or set REFEREE_SLOW=1)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked slow (a real `pip install`, a probe of many processes) run only when asked for."""
    if config.getoption("--slow") or os.environ.get("REFEREE_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with --slow or REFEREE_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
