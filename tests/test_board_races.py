"""One history for a game held on the board, whatever races: of several
terminals acting on the same board at once, one action is written and the
others are refused with what changed; a journal an older referee let fork
is named as forked by `play replay` and `log verify`."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json
from test_board_game import START, placed

from referee.cli import play
from referee.journal.link import link

RACERS = 6
TILES = ["B1", "A2", "B2", "A3", "B3", "A4"]  # red holds a 6 to place on any of them

# A player's terminal: the referee's CLI, run as a command is, which waits
# just before writing its entry until every terminal has read the board, so
# all of them act on the same board however the machine schedules them.
RACER = """
import os, sys, time
from pathlib import Path
from referee.journal import store
folder, racers = Path(sys.argv[1]), int(sys.argv[2])
appending = store.Journal.append
def append(self, **entry):
    (folder / f"read-{os.getpid()}").touch()
    deadline = time.monotonic() + 30
    while len(list(folder.glob("read-*"))) < racers and time.monotonic() < deadline:
        time.sleep(0.01)
    return appending(self, **entry)
store.Journal.append = append
from referee.cli import cli
cli.main(sys.argv[3:], prog_name="referee")
"""


def race(folder: Path, commands: list[list[str]]) -> list[tuple[int, str, str]]:
    """Run the commands at once in processes of their own; (exit code, stdout,
    stderr) of each. They print to files, not pipes: a racer never waits for
    the test to read it."""
    started = []
    for n, command in enumerate(commands):
        out, err = folder / f"racer-{n}.out", folder / f"racer-{n}.err"
        with out.open("w") as printing, err.open("w") as erring:
            started.append(
                (
                    subprocess.Popen(
                        [sys.executable, "-c", RACER, str(folder), str(len(commands)), *command],
                        stdout=printing,
                        stderr=erring,
                    ),
                    out,
                    err,
                )
            )
    return [(process.wait(timeout=120), out.read_text(), err.read_text()) for process, out, err in started]


def test_of_six_placements_started_together_one_is_written(tmp_path: Path) -> None:
    run(START)
    before = run_json("play board")["entry"]
    results = race(tmp_path, [["play", "place", tile, "6"] for tile in TILES])
    accepted = [out for code, out, _ in results if code == 0]
    refused = [err for code, _, err in results if code != 0]
    assert len(accepted) == 1, results
    assert {code for code, _, _ in results} == {0, 2}, results
    entry = before + 1
    placed_on = json.loads(run("log show --json " + str(entry)).stdout)["ruling"]["action"]["placements"][0][0]
    for err in refused:
        assert err == f"error: the board changed: red: a 6 on {placed_on} (entry {entry}); look again with " + (
            "'referee play board'\n"
        )
    assert [e["command"] for e in run_json("log")["entries"]][-2:] == ["play start", "play place"]
    assert run_json("play replay")["same"]
    assert run_json("log verify")["intact"]


def _stale(monkeypatch: pytest.MonkeyPatch) -> int:
    """From now on every play command reads the board as it is now, whatever
    is written meanwhile: a terminal that read it just before another wrote."""
    board_entry = play._board_entry
    kept: list[tuple[Any, dict[str, Any]]] = []

    def read(game: str | None, reading: bool) -> tuple[Any, dict[str, Any]]:
        if not kept:
            kept.append(board_entry(game, reading))
        return kept[0]

    monkeypatch.setattr(play, "_board_entry", read)
    return run_json("play board")["entry"]  # type: ignore[no-any-return]


ATTACK = "play attack A4 B4 --roll 3"


@pytest.mark.parametrize(
    "before, first, second, changed",
    [
        ([ATTACK], "play end", "play end", "turn 2: red to attack (or move, if no attack is possible) (entry {n})"),
        ([], ATTACK, ATTACK, "blue takes B4 (entry {n})"),
        ([], ATTACK, "play undo", "blue takes B4 (entry {n})"),
        ([ATTACK], "play undo", "play end", "entry {read} taken back (entry {n})"),
    ],
)
def test_an_action_on_a_board_that_changed_meanwhile_is_refused(
    before: list[str], first: str, second: str, changed: str
) -> None:
    placed()
    for command in before:
        run(command)
    with pytest.MonkeyPatch.context() as patch:
        read = _stale(patch)
        written = run_json(first)["journal_entry"]
        count = len(run_json("log --limit 100")["entries"])
        said = changed.format(n=written, read=read)
        assert fails(second) == f"error: the board changed: {said}; look again with 'referee play board'"
    assert len(run_json("log --limit 100")["entries"]) == count  # nothing written
    assert run_json("play replay")["same"]


def _forked(journal: Path) -> int:
    """A journal as an older referee let two terminals write it: a second
    placement built on the board the first was built on. Its entry."""
    placed()
    entries = run_json("log --limit 100")["entries"]
    last = entries[-1]
    db = sqlite3.connect(journal)
    db.row_factory = sqlite3.Row
    with db:
        columns = [c for c in last if c in {r["name"] for r in db.execute("PRAGMA table_info(entries)")}]
        row = dict(db.execute("SELECT * FROM entries WHERE id = ?", (last["id"],)).fetchone())
        written = link(db, {c: row[c] for c in columns if c not in ("id", "prev_hash", "hash")})
    db.close()
    return int(written["id"])


def test_a_history_that_forks_is_named_by_replay_and_verify(journal: Path) -> None:
    second = _forked(journal)
    first = second - 1
    base = run_json(f"log show {first}")["ruling"]["previous"]
    out = run("play replay", code=1).stdout
    assert out.startswith("Game 'friday' rebuilt from the journal: its history forks.\n")
    assert f"entry {second}: built on entry {base}, as entry {first} was" in out
    replayed = json.loads(run("play replay --json", code=1).stdout)
    assert not replayed["same"] and replayed["forks"] == [
        {"game": "friday", "built_on": base, "entries": [first, second]}
    ]
    result = run("log verify", code=1)
    assert result.stdout.startswith(f"FORKED: game 'friday': entries {first}, {second} were each built on the board")
    assert "The chain itself is intact" in result.stdout
    said = "".join(run("--lang zh-Hant log verify", code=1).stdout.split())
    assert f"第{first}、{second}條" in said  # listed as the language lists
    verdict = json.loads(run("log verify --json", code=1).stdout)
    assert not verdict["intact"] and verdict["broken"] is None
    assert verdict["forks"] == [{"game": "friday", "built_on": base, "entries": [first, second]}]


def test_actions_one_after_another_never_fork() -> None:
    placed()
    for command in (ATTACK, "play undo", "play undo", "play place C4 4", ATTACK, "play end"):
        run(command)
    assert run_json("log verify")["forks"] == []
    assert run_json("play replay")["same"]
