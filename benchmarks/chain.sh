#!/usr/bin/env bash
# Ten models each with three follow-up rolls (benchmarks/chain.yaml: to hit,
# to wound, a save, a feel-no-pain) against a plain pool of ten dice, in one
# hyperfine run: exact odds of each, the chain counted die by die. Prints
# the chain's time and its ratio to the plain pool (the target: under a
# second). Needs hyperfine.
# Usage: benchmarks/chain.sh [path/to/venv]   (default .venv; RUNS=N runs each)
source "$(dirname "$0")/prelude.sh"
out=$(mktemp)
file=benchmarks/chain.yaml
"$venv/bin/referee" odds $file --attacker "10 marine" --defender "10 ork" --json >/dev/null  # it answers
hyperfine -N --warmup 1 --runs "${RUNS:-10}" --export-json "$out" --style basic \
  -n chain "$venv/bin/referee odds $file --attacker '10 marine' --defender '10 ork'" \
  -n pool "$venv/bin/referee odds $file --attacker '10 trooper' --defender '10 ork'" \
  >/dev/null
"$py" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
chain, pool = runs["chain"], runs["pool"]
print(f"10 models, 3 follow-up rolls each: {chain['median']*1000:.1f} ms (target < 1000 ms); "
      f"plain 10-dice pool {pool['median']*1000:.1f} ms; ratio {chain['median']/pool['median']:.2f}")
PY
rm -f "$out"
