#!/usr/bin/env bash
# Classic Risk whole fights against a plain-Python reference recursion
# (benchmarks/risk_reference.py) and the import floor, measured in one
# hyperfine run:
#   1. the 100 x 100 chart (`referee odds risk --table 100`), exact fractions and
#      floats, against the reference computing the same chart (targets 1.5x, 2x);
#   2. `referee odds risk --table 30` cold against `python -c "import click, yaml,
#      tabulate"` (target 1.5x);
#   3. the cold 30 v 30 fight against the reference solving it in a fresh process;
#   4. the largest fight and chart each arithmetic accepts (target: under 5 s);
#   5. the referee's start-up floor (`--table 1 --float`: imports and the ruleset,
#      nothing solved) against the reference's whole float chart, and both charts
#      solved in-process (benchmarks/risk_inprocess.py), start-up left out.
# Prints each ratio (referee / reference; lower is better). Needs hyperfine.
# Usage: benchmarks/risk.sh [path/to/venv]   (default .venv)
source "$(dirname "$0")/prelude.sh"
ref="$py benchmarks/risk_reference.py"
out=$(mktemp)
# the answers must agree before the times mean anything
ours=$("$venv/bin/referee" odds risk --attacker 30 --defender 30 --until conquest --json \
  | "$py" -c 'import json,sys; from fractions import Fraction; print(float(Fraction(json.load(sys.stdin)["p_attacker_wins"])))')
theirs=$($ref 30 30)
[ "$ours" = "$theirs" ] || { echo "answers differ: $ours vs $theirs" >&2; exit 1; }
# the largest requests accepted (referee/fights/answers.py MAX_STATES, MAX_CHART)
"$venv/bin/referee" odds risk --attacker 200 --defender 200 --until conquest >/dev/null 2>&1 \
  && { echo "200 v 200 exact should be refused: update the largest sizes here" >&2; exit 1; }
hyperfine -N --warmup 1 --runs "${RUNS:-5}" --export-json "$out" --style basic \
  -n chart "$venv/bin/referee odds risk --table 100 --json" \
  -n chart-ref "$ref --table 100" \
  -n chart-float "$venv/bin/referee odds risk --table 100 --float --json" \
  -n chart-float-ref "$ref --table 100 --float" \
  -n table30 "$venv/bin/referee odds risk --table 30" \
  -n table30-ref "$py -c 'import click, yaml, tabulate'" \
  -n fight "$venv/bin/referee odds risk --attacker 30 --defender 30 --until conquest" \
  -n fight-ref "$ref 30 30" \
  -n floor "$venv/bin/referee odds risk --table 1 --float --json" \
  >/dev/null
hyperfine -N --runs "${RUNS_LARGE:-2}" --export-json "$out.large" --style basic \
  -n "199 v 199 exact" "$venv/bin/referee odds risk --attacker 199 --defender 199 --until conquest --json" \
  -n "281 v 281 float" "$venv/bin/referee odds risk --attacker 281 --defender 281 --until conquest --float --json" \
  -n "table 156 exact" "$venv/bin/referee odds risk --table 156 --json" \
  -n "table 243 float" "$venv/bin/referee odds risk --table 243 --float --json" \
  >/dev/null
"$py" - "$out" "$out.large" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
for name, label, target in (
    ("chart", "100 x 100 chart, exact", 1.5),
    ("chart-float", "100 x 100 chart, floats", 2.0),
    ("table30", "--table 30 cold vs import floor", 1.5),
    ("fight", "cold 30 v 30 --until conquest, exact", None),
):
    ours, ref = runs[name]["median"], runs[f"{name}-ref"]["median"]
    cpu = (runs[name]["user"] + runs[name]["system"]) / (runs[f"{name}-ref"]["user"] + runs[f"{name}-ref"]["system"])
    aim = f"(target {target})" if target else ""
    print(f"{label:38} referee {ours*1000:7.1f} ms  reference {ref*1000:7.1f} ms  ratio {ours/ref:.2f}, cpu {cpu:.2f} {aim}")
floor, ref = runs["floor"], runs["chart-float-ref"]
print(f"{'start-up floor vs reference float chart':38} referee {floor['median']*1000:7.1f} ms  reference "
      f"{ref['median']*1000:7.1f} ms  ratio {floor['median']/ref['median']:.2f}, "
      f"cpu {(floor['user']+floor['system'])/(ref['user']+ref['system']):.2f} (nothing solved yet)")
print(f"{'float / exact, 100 x 100 chart':38} ratio {runs['chart-float']['median'] / runs['chart']['median']:.2f} (target <= 1)")
for r in json.load(open(sys.argv[2]))["results"]:
    print(f"largest accepted: {r['command']:22} {r['median']:6.2f} s (target <= 5 s)")
PY
rm -f "$out" "$out.large"
"$py" benchmarks/risk_inprocess.py "${RUNS_INPROCESS:-7}"
