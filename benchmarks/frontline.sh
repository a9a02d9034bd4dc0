#!/usr/bin/env bash
# Frontline Risk whole fights, measured in one hyperfine run against the
# import floor (`python -c "import click, yaml, tabulate"`):
#   1. the fight issue 13 timed at 14-19 s, exact and with --float;
#   2. 30 divisions a side with armour and every kind of situation, exact
#      (target: 0.5 s whole process; floats never slower than exact);
#   3. the largest fight each arithmetic accepts (target: under 5 s).
# Needs hyperfine. Usage: benchmarks/frontline.sh [path/to/venv]   (default .venv)
source "$(dirname "$0")/prelude.sh"
r="$venv/bin/referee odds frontline-risk"
out=$(mktemp)
issue="--attacker '2 armour' --attacker-rear '10 infantry, 3 armour' --defender '2 infantry' --defender-rear '8 infantry, 2 armour' --when defender:city --until conquest"
thirty="--attacker 'armour, infantry' --attacker-rear '13 infantry, 15 armour' --defender '2 armour' --defender-rear '14 infantry, 14 armour' --until conquest"
hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$out" --style basic \
  -n floor "$py -c 'import click, yaml, tabulate'" \
  -n issue "$r $issue" \
  -n issue-float "$r $issue --float" \
  -n city "$r $thirty --when defender:city --when defender:airfield" \
  -n city-float "$r $thirty --when defender:city --when defender:airfield --float" \
  -n extra "$r $thirty --when attacker:extra-attack-die --when defender:extra-defence-die --when defender:city" \
  -n rear-assault "$r $thirty --when attacker:rear-assault --when attacker:airfield" \
  -n landing "$r $thirty --when attacker:landing" \
  -n largest "$r --attacker 2 --attacker-rear '36 infantry, 40 armour' --defender 2 --defender-rear '36 infantry, 40 armour' --until conquest --when defender:city --json" \
  -n largest-float "$r --attacker 2 --attacker-rear '60 infantry, 50 armour' --defender 2 --defender-rear '60 infantry, 50 armour' --until conquest --when defender:city --float --json" \
  >/dev/null
"$py" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
floor = runs.pop("floor")
print(f"{'import floor':44} {floor*1000:8.1f} ms")
for name, t in runs.items():
    target = "(target <= 5 s)" if name.startswith("largest") else "(target <= 500 ms)"
    print(f"{name:44} {t*1000:8.1f} ms   {t/floor:5.2f} x floor   {target}")
for exact in ("issue", "city"):
    print(f"{'float / exact, ' + exact:44} ratio {runs[exact + '-float'] / runs[exact]:.2f} (target <= 1)")
PY
rm -f "$out"
