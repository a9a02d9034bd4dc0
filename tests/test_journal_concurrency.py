"""Several terminals writing one journal at once, and a writer killed mid-run.

The full size of the issue runs by default: 8 processes x 200 rulings,
1,600 entries, about 15 s on two cores. REFEREE_CONCURRENT_RULINGS=25 makes
each process rule fewer times on a slow machine.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import run_json

PROCESSES = 8
RULINGS = int(os.environ.get("REFEREE_CONCURRENT_RULINGS", "200"))

# A player's terminal: rule N times in one process (each ruling opens the
# journal, commits its entry and closes it, as separate commands would),
# printing every --json ruling as soon as it is made.
WRITER = """
import sys
from referee.cli import cli
worker, count = int(sys.argv[1]), int(sys.argv[2])
for n in range(count):
    try:
        cli.main(["battle", "groundforce", "--attacker", "2 trooper", "--defender", "trooper, heavy",
                  "--seed", str(worker * 100000 + n), "--json"], prog_name="referee")
    except SystemExit as exit:
        if exit.code:
            raise
"""


def writer(worker: int, count: int, folder: Path) -> tuple[subprocess.Popen[str], Path]:
    """A writer and the file it prints to: a file, not a pipe, so a writer
    never waits for the test to read what it printed."""
    out = folder / f"writer-{worker}.out"
    with out.open("w") as printing:
        process = subprocess.Popen(
            [sys.executable, "-u", "-c", WRITER, str(worker), str(count)],
            stdout=printing,
            stderr=subprocess.PIPE,
            text=True,
        )
    return process, out


def printed(out: str) -> list[dict]:
    """The complete JSON documents in a writer's output; a last one cut off by a kill is not printed."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while True:
        while at < len(out) and out[at].isspace():
            at += 1
        try:
            document, at = decoder.raw_decode(out, at)
        except json.JSONDecodeError:
            return found
        found.append(document)


def test_concurrent_writers_lose_nothing_and_keep_the_chain(tmp_path: Path) -> None:
    writers = [writer(w, RULINGS, tmp_path) for w in range(PROCESSES)]
    rulings = []
    for process, out in writers:
        _, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        assert err == ""
        rulings += printed(out.read_text())
    assert len(rulings) == PROCESSES * RULINGS
    verdict = run_json("log verify")
    assert verdict["intact"], verdict["broken"]
    assert verdict["entries"] == verdict["last"] == PROCESSES * RULINGS
    stored = {e["id"]: e for e in run_json(f"log --limit {PROCESSES * RULINGS}")["entries"]}
    assert sorted(stored) == sorted(r["journal_entry"] for r in rulings)
    for ruling in rulings:
        entry = stored[ruling.pop("journal_entry")]
        assert entry["hash"].startswith(ruling.pop("journal_checkpoint").split(":")[1].replace("-", "")[:12])
        assert entry["ruling"] == ruling


def test_a_writer_killed_mid_run_loses_no_printed_ruling(journal: Path, tmp_path: Path) -> None:
    (victim, victim_out), (other, other_printed) = writer(0, 10_000, tmp_path), writer(1, 40, tmp_path)
    deadline = time.monotonic() + 60
    while not journal.exists() or run_json("log verify")["entries"] < 30:
        assert time.monotonic() < deadline, "the writers made no progress"
        time.sleep(0.05)
    victim.send_signal(signal.SIGKILL)
    victim.communicate(timeout=60)
    _, other_err = other.communicate(timeout=120)
    out, other_out = victim_out.read_text(), other_printed.read_text()
    assert victim.returncode == -signal.SIGKILL
    assert other.returncode == 0, other_err
    verdict = run_json("log verify")
    assert verdict["intact"], verdict["broken"]
    shown = printed(out) + printed(other_out)
    assert len(shown) >= 30 - 1
    for ruling in shown:
        entry = run_json(f"log show {ruling.pop('journal_entry')}")
        assert entry["hash"].startswith(ruling.pop("journal_checkpoint").split(":")[1].replace("-", "")[:12])
        assert entry["ruling"] == ruling
