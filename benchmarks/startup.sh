#!/usr/bin/env bash
# Start-up cost: the whole-process time of --json commands (a battle, a hit
# check, a hit-check chart) against importing click, yaml and tabulate alone,
# measured in one hyperfine run. Prints each ratio (target: at most 1.2). Needs hyperfine (Debian package `hyperfine`).
# Usage: benchmarks/startup.sh [path/to/venv]   (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
out=$(mktemp)
hyperfine --warmup 5 --runs "${RUNS:-40}" --export-json "$out" --style basic \
  -n import "$venv/bin/python -c 'import click, yaml, tabulate'" \
  -n battle "$venv/bin/referee battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion --defender-roll shield,sword --json" \
  -n hit "$venv/bin/referee hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3 --json" \
  -n chart "$venv/bin/referee odds trueforces --attack melee --json" \
  >/dev/null
"$venv/bin/python" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ref = runs.pop("import")
print(f"import click, yaml, tabulate: mean {ref['mean']*1000:.1f} ms, median {ref['median']*1000:.1f} ms")
for name, cmd in runs.items():
    print(f"referee {name} --json:{' ' * (14 - len(name))}mean {cmd['mean']*1000:.1f} ms, "
          f"median {cmd['median']*1000:.1f} ms, ratio (median) {cmd['median'] / ref['median']:.2f}"
          "   (target <= 1.2)")
PY
rm -f "$out"
