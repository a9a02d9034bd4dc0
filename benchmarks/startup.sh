#!/usr/bin/env bash
# Start-up cost: the whole-process time of a --json battle (journaled, to a
# scratch journal) against importing click, yaml and tabulate alone, measured
# in one hyperfine run. Prints the ratio (target: at most 1.2), and the
# journal's share as the ratio to the same battle with --no-journal.
# Needs hyperfine (Debian package `hyperfine`).
# Usage: benchmarks/startup.sh [path/to/venv]   (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
out=$(mktemp)
# The battle is journaled: write to a scratch journal, never the user's own.
scratch=$(mktemp -d)
export REFEREE_JOURNAL="$scratch/journal.sqlite3"
battle="$venv/bin/referee battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion --defender-roll shield,sword --json"
hyperfine --warmup 5 --runs "${RUNS:-40}" --export-json "$out" --style basic \
  -n import "$venv/bin/python -c 'import click, yaml, tabulate'" \
  -n battle "$battle" \
  -n unjournaled "$battle --no-journal" \
  >/dev/null
"$venv/bin/python" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ref, cmd, bare = runs["import"], runs["battle"], runs["unjournaled"]
print(f"import click, yaml, tabulate: mean {ref['mean']*1000:.1f} ms, median {ref['median']*1000:.1f} ms")
print(f"referee battle --json:         mean {cmd['mean']*1000:.1f} ms, median {cmd['median']*1000:.1f} ms")
print(f"  ... --no-journal:            mean {bare['mean']*1000:.1f} ms, median {bare['median']*1000:.1f} ms")
print(f"journal's cost (median): {cmd['median'] / bare['median']:.2f}")
print(f"ratio (median): {cmd['median'] / ref['median']:.2f}   (target <= 1.2)")
PY
rm -rf "$out" "$scratch"
