#!/usr/bin/env bash
# A game held on the board, after 300 actions in the journal: the whole-process
# time of `referee play` commands against importing click, yaml and tabulate
# alone, measured in one hyperfine run. Every command reads the latest board
# snapshot, so none should grow with the game (target: at most 1.3); `play
# replay` folds every action again and is reported apart. On a shared machine
# wall times wander; the CPU ratio (user + system) is the steadier one.
# Needs hyperfine.
# Usage: benchmarks/board.sh [path/to/venv] [ACTIONS]   (default .venv 300)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
"$venv/bin/python" -c 'import click, yaml, tabulate' 2>/dev/null \
  || { echo "the floor imports tabulate, which the referee does not install: $venv/bin/pip install tabulate" >&2; exit 2; }
actions=${2:-300}
"$venv/bin/python" -m compileall -q referee >/dev/null
scratch=$(mktemp -d)
out=$(mktemp)
export REFEREE_JOURNAL="$scratch/journal.sqlite3"
"$venv/bin/python" benchmarks/board_game.py "$actions"
ref="$venv/bin/referee"
# a journaled action that works in any position: undo (each run takes one more back)
hyperfine -N -i --warmup 3 --runs "${RUNS:-30}" --export-json "$out" --style basic \
  -n import "$venv/bin/python -c 'import click, yaml, tabulate'" \
  -n board "$ref play board --json" \
  -n hint "$ref play hint --json" \
  -n undo "$ref play undo --json" \
  -n "end (refused or not, unjournaled)" "$ref play end --no-journal --json" \
  -n replay "$ref play replay --json" \
  >/dev/null 2>&1
"$venv/bin/python" - "$out" "$actions" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ref = runs.pop("import")
cpu = lambda r: r["user"] + r["system"]
print(f"after {sys.argv[2]} actions; import click, yaml, tabulate: median {ref['median']*1000:.1f} ms, "
      f"CPU {cpu(ref)*1000:.1f} ms")
for name, cmd in runs.items():
    print(f"referee play {name}:{' ' * (36 - len(name))}median {cmd['median']*1000:.1f} ms, "
          f"ratio {cmd['median'] / ref['median']:.2f}; CPU ratio {cpu(cmd) / cpu(ref):.2f}")
PY
rm -rf "$out" "$scratch"
