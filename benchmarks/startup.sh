#!/usr/bin/env bash
# Start-up cost: the whole-process time of --json commands (a journaled battle,
# the same battle with --no-journal, a hit check, a hit-check chart, the exact
# 30 x 30 whole-fight table of Risk) and of a text battle in Traditional Chinese
# (its message catalogue and translated ruleset words) against importing click,
# yaml and tabulate alone, measured in one hyperfine run. Prints each ratio of
# medians (targets: the --json battle at most 1.2, the zh-Hant battle at most
# 1.3, the odds table at most 1.5) and of CPU time (user + system, steadier than
# the wall clock on a loaded machine), and the journal's share. Needs hyperfine
# (Debian package `hyperfine`). Given a second venv (another checkout's, say
# the commit before a change), its journaled --json battle runs in the same
# hyperfine run, so the two ratios are measured under one load.
# Usage: benchmarks/startup.sh [path/to/venv] [path/to/before/venv]   (default .venv, none)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
before=${2:-}
out=$(mktemp)
"$venv/bin/python" -c 'import click, yaml, tabulate' 2>/dev/null \
  || { echo "the floor imports tabulate, which the referee does not install: $venv/bin/pip install tabulate" >&2; exit 2; }
# Time what an installed referee does: with its bytecode compiled (pip compiles
# it on install; a shell with PYTHONDONTWRITEBYTECODE would recompile every run).
"$venv/bin/python" -m compileall -q referee >/dev/null
# Rulings are journaled: write to a scratch journal, never the user's own.
scratch=$(mktemp -d)
export REFEREE_JOURNAL="$scratch/journal.sqlite3"
told="battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' --attacker-roll sword,explosion --defender-roll shield,sword --json"
battle="$venv/bin/referee $told"
earlier=()
if [ -n "$before" ]; then
  "$before/bin/python" -m compileall -q "$("$before/bin/python" -c 'import referee, os; print(os.path.dirname(referee.__file__))')" >/dev/null
  earlier=(-n before "REFEREE_JOURNAL=$scratch/before.sqlite3 $before/bin/referee $told")
fi
hyperfine --warmup 5 --runs "${RUNS:-40}" --export-json "$out" --style basic \
  -n import "$venv/bin/python -c 'import click, yaml, tabulate'" \
  -n battle "$battle" \
  -n unjournaled "$battle --no-journal" \
  -n hit "$venv/bin/referee hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3 --json" \
  -n chart "$venv/bin/referee odds trueforces --attack melee --json" \
  -n "odds table" "$venv/bin/referee odds risk --table 30 --json" \
  -n zh-Hant "$venv/bin/referee --lang zh-Hant battle frontline-risk --attacker '裝甲師, 步兵師' --defender '2 步兵師' --when defender:守城 --attacker-roll 6,3 --defender-roll 5,2,1 --no-journal" \
  "${earlier[@]}" \
  >/dev/null
"$venv/bin/python" - "$out" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ref = runs.pop("import")
cpu = lambda run: run["user"] + run["system"]  # means over the runs
print(f"import click, yaml, tabulate: mean {ref['mean']*1000:.1f} ms, median {ref['median']*1000:.1f} ms, "
      f"CPU {cpu(ref)*1000:.1f} ms")
shown = {
    "odds table": "referee odds risk --table 30 --json",
    "zh-Hant": "referee zh-Hant",
    "before": "referee battle --json, before",
}
for name, cmd in runs.items():
    label = shown.get(name, f"referee {name} --json")
    print(f"{label + ':':<38}mean {cmd['mean']*1000:.1f} ms, median {cmd['median']*1000:.1f} ms, "
          f"ratio (median) {cmd['median'] / ref['median']:.2f}, ratio (CPU) {cpu(cmd) / cpu(ref):.2f}")
print(f"journal's share (battle / unjournaled, median): {runs['battle']['median'] / runs['unjournaled']['median']:.2f}")
PY
rm -rf "$out" "$scratch"
