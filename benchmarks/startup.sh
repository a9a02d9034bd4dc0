#!/usr/bin/env bash
# Start-up cost: the whole-process time of a --json battle against importing
# click, yaml and tabulate alone, measured in one hyperfine run. Prints the ratio
# (target: at most 1.2). Needs hyperfine (Debian package `hyperfine`).
# Usage: benchmarks/startup.sh [path/to/venv]   (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
out=$(mktemp)
hyperfine --warmup 5 --runs "${RUNS:-40}" --export-json "$out" --style basic \
  -n import "$venv/bin/python -c 'import click, yaml, tabulate'" \
  -n battle "$venv/bin/referee battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion --defender-roll shield,sword --json" \
  >/dev/null
"$venv/bin/python" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ref, cmd = runs["import"], runs["battle"]
print(f"import click, yaml, tabulate: mean {ref['mean']*1000:.1f} ms, median {ref['median']*1000:.1f} ms")
print(f"referee battle --json:         mean {cmd['mean']*1000:.1f} ms, median {cmd['median']*1000:.1f} ms")
print(f"ratio (median): {cmd['median'] / ref['median']:.2f}   (target <= 1.2)")
PY
rm -f "$out"
