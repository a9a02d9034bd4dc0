#!/usr/bin/env bash
# Classic Risk whole fights against a plain-Python reference recursion
# (benchmarks/risk_reference.py), measured in one hyperfine run:
#   1. the 100 x 100 chart from one computation (`referee odds risk --table 100`),
#      exact fractions and floats, against the reference computing the same chart;
#   2. the cold command `referee odds risk --attacker 30 --defender 30 --until conquest`
#      against the reference solving the same fight in a fresh process.
# Prints each ratio (referee / reference; lower is better). Needs hyperfine.
# Usage: benchmarks/risk.sh [path/to/venv]   (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
py="$venv/bin/python"
ref="$py benchmarks/risk_reference.py"
out=$(mktemp)
# compiled bytecode, as an installed referee has it (see startup.sh)
"$py" -m compileall -q referee >/dev/null
# the answers must agree before the times mean anything
ours=$("$venv/bin/referee" odds risk --attacker 30 --defender 30 --until conquest --json \
  | "$py" -c 'import json,sys; from fractions import Fraction; print(float(Fraction(json.load(sys.stdin)["p_attacker_wins"])))')
theirs=$($ref 30 30)
[ "$ours" = "$theirs" ] || { echo "answers differ: $ours vs $theirs" >&2; exit 1; }
hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$out" --style basic \
  -n chart "$venv/bin/referee odds risk --table 100 --json" \
  -n chart-ref "$ref --table 100" \
  -n chart-float "$venv/bin/referee odds risk --table 100 --float --json" \
  -n chart-float-ref "$ref --table 100 --float" \
  -n fight "$venv/bin/referee odds risk --attacker 30 --defender 30 --until conquest" \
  -n fight-ref "$ref 30 30" \
  >/dev/null
"$py" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
for name, label in (("chart", "100 x 100 chart, exact"), ("chart-float", "100 x 100 chart, floats"),
                    ("fight", "cold 30 v 30 --until conquest, exact")):
    ours, ref = runs[name]["median"], runs[f"{name}-ref"]["median"]
    print(f"{label:38} referee {ours*1000:8.1f} ms   reference {ref*1000:8.1f} ms   ratio {ours/ref:.2f}")
PY
rm -f "$out"
