"""Output fits the terminal (issue 15, point 7): explanations, rule texts and
tables wrap to $COLUMNS, and to 100 columns when piped; one shared width."""

from __future__ import annotations

import re

import pytest

from referee.render.text import table
from tests.conftest import run

NARROW = {"COLUMNS": "60", "NO_COLOR": "1"}
COMMANDS = [
    "show frontline-risk",
    "show trueforces",
    "show risk",
    "show groundforce",
    "battle diceland --attacker 6,3 --defender 5 --roll 2,4 --no-journal",
    "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 --defender 'infantry, damaged armour' "
    "--attacker-roll 1,5,4 --defender-roll 5,3 --no-journal",
    "hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3 --no-journal",
]


def widest(text: str, skip: tuple[str, ...] = ("To pick on this throw",)) -> int:
    return max(len(line) for line in text.splitlines() if not line.startswith(skip))


@pytest.mark.parametrize("command", COMMANDS)
def test_text_wraps_to_sixty_columns(command: str) -> None:
    """Explanations, rule texts and sentences wrap; a table keeps its words whole."""
    said = run(command, env=NARROW).stdout
    explained = re.compile(r"^  [A-Z]+-[A-Z0-9]+ +\S|^ {10}\S")  # a step or a rule, and their wrapped lines
    prose = [
        line
        for line in said.splitlines()
        if explained.match(line) or ("  " not in line.strip() and not line.startswith(("To pick", "-", "   ")))
    ]
    assert max(map(len, prose)) <= 60, [line for line in prose if len(line) > 60]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_line_fits_seventy_two_columns(command: str) -> None:
    assert widest(run(command, env={**NARROW, "COLUMNS": "72"}).stdout) <= 72


@pytest.mark.parametrize("command", COMMANDS)
def test_piped_output_fits_a_hundred_columns(command: str) -> None:
    assert widest(run(command, env={"COLUMNS": "", "NO_COLOR": "1"}).stdout) <= 100


def test_a_table_wraps_its_widest_column_and_never_breaks_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    drawn = table([("a", "one two three four five six seven eight nine ten eleven")], ["x", "words"])
    assert widest(drawn) <= 40
    assert "eleven" in drawn and "thr\\n" not in drawn
    unbreakable = table([("a", "x" * 50)], ["x", "word"])
    assert "x" * 50 in unbreakable  # a word longer than the terminal is left whole
