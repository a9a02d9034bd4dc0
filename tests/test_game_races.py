"""A ruling is filed under the game that was in play when it was ruled: where
the game in play supplied the ruleset and another terminal stopped it (and
perhaps started another) before the entry was written, the ruling is refused
and nothing is written, never filed under the game started meanwhile."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

from referee.cli import journaling
from referee.journal.store import open_journal

BATTLE = "battle --attacker trooper --defender trooper --seed 1"
ENDED = (
    "error: game 'friday' ended meanwhile in another terminal; nothing was ruled: "
    "run 'referee game' to see, then type the command again"
)


def another_terminal(*commands: str) -> None:
    """Commands run by a process of their own, as a second terminal runs them."""
    for command in commands:
        subprocess.run([sys.executable, "-m", "referee", *command.split()], check=True, capture_output=True)


def entries(journal: Path) -> list[Any]:
    with open_journal(journal, reading=True) as opened:
        return opened.entries()


@pytest.mark.parametrize("meanwhile", [("game stop", "game start sunday risk"), ("game stop",)])
def test_a_ruling_whose_game_ended_while_it_was_ruled_is_refused(
    journal: Path, monkeypatch: pytest.MonkeyPatch, meanwhile: tuple[str, ...]
) -> None:
    run("game start friday groundforce")
    content = journaling._ruleset_content

    def ruled_then_switched(rules: Any) -> bytes:  # between the ruling and its entry
        another_terminal(*meanwhile)
        return content(rules)

    monkeypatch.setattr(journaling, "_ruleset_content", ruled_then_switched)
    assert fails(BATTLE) == ENDED
    assert [e.command for e in entries(journal)] == ["game start", *(" ".join(m.split()[:2]) for m in meanwhile)]
    assert run_json("log --game friday")["entries"][-1]["command"] == "game stop"


def test_a_ruling_of_the_game_still_in_play_is_filed_under_it(journal: Path) -> None:
    run("game start friday groundforce")
    assert run_json(BATTLE)["ruleset"] == "groundforce"
    assert [(e.command, e.game) for e in entries(journal)][-1] == ("battle", "friday")


def test_the_refusal_speaks_the_language_asked(journal: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run("game start friday groundforce")
    content = journaling._ruleset_content

    def ruled_then_stopped(rules: Any) -> bytes:
        another_terminal("game stop")
        return content(rules)

    monkeypatch.setattr(journaling, "_ruleset_content", ruled_then_stopped)
    said = fails(f"--lang de {BATTLE}")
    assert said.startswith("Fehler: Spiel 'friday' wurde inzwischen in einem anderen Terminal beendet")


SWITCHER = """
import sys, time
from referee.cli import cli
for n in range(int(sys.argv[1])):
    time.sleep(0.05)  # a game of Ground Force in play, long enough for the table to rule in it
    for line in (["game", "stop"], ["game", "start", f"g{n}", "risk" if n % 2 else "groundforce"]):
        try:
            cli.main(line, prog_name="referee")
        except SystemExit:
            pass
"""


def test_a_table_racing_game_stop_and_start_files_each_ruling_under_its_game(journal: Path, tmp_path: Path) -> None:
    """A table rules Ground Force battles, the game in play supplying the
    ruleset, while another terminal stops the game and starts the next, Ground
    Force and Risk in turn: every battle journaled is filed under a Ground
    Force game, the one in play when it was written; the others are refused in
    one line each, and the table goes on to its end."""
    run("game start first groundforce")
    said = tmp_path / "table-errors"
    with said.open("w") as errors:  # a file, not a pipe: the table never waits for the test to read it
        table = subprocess.Popen(
            [sys.executable, "-m", "referee", "table"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors
        )
    assert table.stdin is not None
    lines = 0

    def battle() -> None:
        nonlocal lines
        assert table.stdin is not None
        table.stdin.write(b"battle --attacker trooper --defender trooper\n")
        table.stdin.flush()
        lines += 1

    battle()
    while not any(e.command == "battle" for e in entries(journal)):  # the table is up and ruling
        time.sleep(0.05)
    switcher = subprocess.Popen([sys.executable, "-c", SWITCHER, "30"], stdout=subprocess.DEVNULL)
    while switcher.poll() is None:
        battle()
        time.sleep(0.005)
    table.stdin.close()
    assert table.wait(timeout=120) == 0 and switcher.wait(timeout=120) == 0
    refused = [line for line in said.read_text().splitlines() if not line.startswith("note: ")]

    assert sqlite3.connect(journal).execute("PRAGMA integrity_check").fetchall() == [("ok",)]  # see the next test
    found = entries(journal)
    plays: dict[str, str | None] = {e.game: e.ruleset for e in found if e.command == "game start" and e.game}
    battles = [e for e in found if e.command == "battle"]
    assert battles and any(e.ruleset == "risk" for e in found if e.command == "game start")
    assert all(plays[str(e.game)] == e.ruleset == "groundforce" for e in battles), [
        (e.id, e.game, e.ruleset) for e in battles if plays.get(str(e.game)) != e.ruleset
    ]
    in_play = None  # and each under the game in play at its place in the chain
    for e in found:
        in_play = e.game if e.command == "game start" else None if e.command == "game stop" else in_play
        assert e.command != "battle" or e.game == in_play, (e.id, e.game, in_play)
    assert len(battles) + len(refused) == lines
    assert all(line.startswith("error: ") for line in refused), refused


def test_a_journal_held_open_is_not_opened_again_to_read_its_first_bytes(
    journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing a descriptor of a file drops every lock the process holds on it,
    SQLite's included: the table's second connection to its journal (a reading
    one beside the writing one) read the file's header and closed it, and then
    another terminal's `game stop`, finding the file unlocked, reset the
    write-ahead log under the table, whose next entries corrupted the file."""
    from referee.journal import recognise

    run("game start friday groundforce")
    read: list[Path] = []
    header = recognise._header
    monkeypatch.setattr(recognise, "_header", lambda path: read.append(path) or header(path))
    with open_journal(journal) as writing:
        assert len(read) == 1
        with open_journal(journal, reading=True) as reading:
            assert len(read) == 1 and reading.current_game() == writing.current_game()
    with open_journal(journal, reading=True):
        assert len(read) == 2  # none held: read as ever
