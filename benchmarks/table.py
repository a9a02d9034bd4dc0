"""A ruling inside `referee table` against the same ruling as a whole process.

A scratch journal plays a game of groundforce; the ruling is the README's
battle with the game supplying the ruleset, journaled as at the table. The
table is fed N rulings on stdin in one sitting and, apart, none: the
difference over N is what one ruling costs once the imports are paid (and
the ruleset file read). The whole-process time is `referee battle …` run
alone. The four are run in turn, round after round, and each time is the
median of its runs, as wall time and as CPU time (user and system): on a
busy machine the wall time waits for the other processes and for the
disk, which each journaled ruling syncs once (a sitting of the same
rulings with --no-journal shows the journal's part). Prints the machine's
load while measuring, both times, their ratio to the command run alone,
and each time's ratio to the bar: a ruling at the table within 10 ms.

Usage: python benchmarks/table.py [N] [runs]   (default 200 rulings, 5 runs;
use the venv's python, from the repository)
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BATTLE = [
    "battle",
    "--attacker",
    "2 trooper",
    "--defender",
    "trooper",
    "--attacker-roll",
    "sword,explosion",
    "--defender-roll",
    "shield",
]
LINE = 'battle --attacker "2 trooper" --defender trooper --attacker-roll sword,explosion --defender-roll shield\n'
BAR_MS = 10.0


def referee() -> list[str]:
    """The installed command beside this python, as a user runs it."""
    script = Path(sys.executable).parent / "referee"
    return [str(script)] if script.exists() else [sys.executable, "-m", "referee"]


def timed(args: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float]:
    """The run's wall time and its CPU time (user and system): on a busy
    machine the first waits for the disk and the other processes, the second
    does not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, env=env, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or done.stderr:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return took, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The median wall time and the median CPU time of some runs."""
    return statistics.median(t[0] for t in runs), statistics.median(t[1] for t in runs)


def main(n: int, runs: int) -> None:
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "referee")], check=True)
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "REFEREE_JOURNAL": str(Path(scratch) / "journal.sqlite3"), "XDG_DATA_HOME": scratch}
        env.pop("REFEREE_LANG", None)
        command = referee()
        subprocess.run([*command, "game", "start", "bench", "groundforce"], env=env, check=True, capture_output=True)
        sittings = {
            "alone": ([*command, *BATTLE], ""),
            "empty": ([*command, "table"], ""),
            "full": ([*command, "table"], LINE * n),
            "unjournaled": ([*command, "table"], LINE.replace("\n", " --no-journal\n") * n),
        }
        for args, stdin in sittings.values():  # once each to warm the disk cache
            timed(args, stdin, env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in sittings}
        for _ in range(runs):  # interleaved, so a change in the machine's load falls on all alike
            for name, (args, stdin) in sittings.items():
                for _ in range(4 if name == "alone" else 1):
                    times[name].append(timed(args, stdin, env))
            loads.append(os.getloadavg()[0])
    alone, empty, full, unjournaled = (medians(times[name]) for name in sittings)
    each = [(f - e) / n for f, e in zip(full, empty)]
    bare = [(u - e) / n for u, e in zip(unjournaled, empty)]
    rows = [
        (f"referee battle alone ({runs * 4} runs)", alone),
        (f"referee table, no ruling ({runs} runs)", empty),
        (f"referee table, {n} rulings ({runs} runs)", full),
        ("one ruling at the table", each),
        ("one at the table, --no-journal", bare),
        ("  the journal's part", [e - b for e, b in zip(each, bare)]),
    ]
    print(
        f"load average (1 min) {min(loads):.1f} to {max(loads):.1f} while measuring, on {os.cpu_count()} cores "
        "(wall time waits for it)"
    )
    print(f"{'':40}{'wall':>12}{'cpu':>12}")
    for label, (wall, cpu) in rows:
        print(f"{label:40}{wall * 1000:9.2f} ms{cpu * 1000:9.2f} ms")
    print(f"{'ratio, table / alone':40}{each[0] / alone[0]:12.3f}{each[1] / alone[1]:12.3f}")
    for what, ms in (("wall", each[0] * 1000), ("CPU", each[1] * 1000)):
        met = "met" if ms <= BAR_MS else "MISSED"
        print(
            f"a journaled ruling at the table, {what}: {ms:.2f} ms, {ms / BAR_MS:.2f}x the {BAR_MS:.0f} ms bar: {met}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
