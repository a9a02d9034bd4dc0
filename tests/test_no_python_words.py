"""No Python True/False/None in any text a player reads (issue 15, point 6):
every example of the README and docs, `show` of every shipped ruleset, the
DiceLand odds, and `log show` of every entry those examples journaled."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from referee.ruleset.load import shipped
from tests.conftest import run

ROOT = Path(__file__).resolve().parent.parent
PAGES = tuple(str(p.relative_to(ROOT)) for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))])
PYTHON_WORDS = re.compile(r"\b(True|False|None)\b(?! Forces)")  # True Forces is a game


def examples(page: str) -> list[str]:
    """The `$ referee …` lines of a page's text blocks, as a player types them."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    found = [line[len("$ referee ") :] for line in lines if line.startswith("$ referee ")]
    return [c for c in found if not any(mark in c for mark in ("~", "|", "#", "--svg", "--json", "..."))]


def said(command: str) -> str:
    from click.testing import CliRunner

    from referee.cli import cli

    result = CliRunner().invoke(cli, shlex.split(command), env={"NO_COLOR": "1"})
    return result.stdout + result.stderr


@pytest.mark.parametrize("page", PAGES)
def test_no_example_prints_python_words(page: str) -> None:
    for command in examples(page):
        words = PYTHON_WORDS.findall(said(command))
        assert not words, (command, words)
    entries = said("log --json")
    for n in range(1, entries.count('"id"') + 1):
        shown = said(f"log show {n}")
        assert not PYTHON_WORDS.findall(shown), (n, shown)


@pytest.mark.parametrize("name", sorted(shipped()))
def test_show_prints_no_python_words(name: str) -> None:
    assert not PYTHON_WORDS.findall(run(f"show {name}").stdout)


def test_the_diceland_odds_print_no_python_words() -> None:
    assert not PYTHON_WORDS.findall(run("odds diceland --attacker 6,2 --defender 3").stdout)
