#!/usr/bin/env bash
# Classic Risk written as stages (benchmarks/risk_staged.yaml) against the
# shipped preset (`referee odds risk`), side by side in one hyperfine run:
# the 30 v 30 whole fight until conquest and the `--table 30` chart, cold.
# The answers must agree before the times mean anything. Prints each ratio
# (stages / preset; the target is at most 1.0). Needs hyperfine.
# Usage: benchmarks/risk_staged.sh [path/to/venv]   (default .venv)
source "$(dirname "$0")/prelude.sh"
staged=benchmarks/risk_staged.yaml
out=$(mktemp)
odds() { "$venv/bin/referee" odds "$@" --json | "$py" -c 'import json, sys; d = json.load(sys.stdin); print(d["p_attacker_wins"])'; }
fight="--attacker 30 --defender 30 --until conquest"
[ "$(odds $staged $fight)" = "$(odds risk $fight)" ] || { echo "the 30 v 30 answers differ" >&2; exit 1; }
[ "$(odds $staged --table 30)" = "$(odds risk --table 30)" ] || { echo "the --table 30 charts differ" >&2; exit 1; }
hyperfine -N --warmup 1 --runs "${RUNS:-10}" --export-json "$out" --style basic \
  -n fight "$venv/bin/referee odds $staged $fight" \
  -n fight-preset "$venv/bin/referee odds risk $fight" \
  -n table30 "$venv/bin/referee odds $staged --table 30" \
  -n table30-preset "$venv/bin/referee odds risk --table 30" \
  >/dev/null
"$py" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
for name, label in (("fight", "30 v 30 --until conquest"), ("table30", "--table 30")):
    ours, preset = runs[name], runs[f"{name}-preset"]
    cpu = (ours["user"] + ours["system"]) / (preset["user"] + preset["system"])
    print(f"{label:26} stages {ours['median']*1000:7.1f} ms  preset {preset['median']*1000:7.1f} ms  "
          f"ratio {ours['median']/preset['median']:.2f}, cpu {cpu:.2f} (target <= 1.0)")
PY
rm -f "$out"
