"""A journal written before the presets became templates replays as the
same: its entries name `symbol-hits`, which the template rules today."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import run

WRITTEN = Path(__file__).resolve().parent / "journals" / "written-by-0.1.0-symbol-hits.sqlite3"


@pytest.fixture
def old_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "journal.sqlite3"
    shutil.copy(WRITTEN, copy)
    monkeypatch.setenv("REFEREE_JOURNAL", str(copy))
    return copy


def test_a_ground_force_ruling_of_the_preset_replays_as_the_same(old_journal: Path) -> None:
    said = run("replay 1").stdout
    assert said.count("the same ruling.") == 2, said  # with the file kept, and with today's
    assert said.rstrip().endswith("The ruling stands: today the referee rules the same.")


def test_a_valour_ruling_of_the_preset_replays_as_the_same_with_the_file_kept(old_journal: Path) -> None:
    """Valour's knight wounds the troll: no space is emptied, so nothing is said of moving in, then or now."""
    result = CliRunner().invoke(cli, ["replay", "2"])
    kept = result.stdout.split("kept in the journal):", 1)[1]
    assert kept.lstrip().startswith("the same ruling."), result.stdout
    assert "move in" not in result.stdout
