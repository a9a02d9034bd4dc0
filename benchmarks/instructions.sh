#!/usr/bin/env bash
# Start-up in instructions, the steadiest measure on a noisy machine: the
# journaled --json battle and `odds risk --table 30 --json` under callgrind,
# each as a ratio to the import floor (`python -c "import click, yaml,
# tabulate"`) of the same venv (targets: the battle at most 1.25, the table
# at most 1.5). Use a venv with a non-editable `pip install .`: an editable
# install's import hook inflates the floor and hides the referee's cost.
# Needs valgrind (Debian package `valgrind`).
# Usage: benchmarks/instructions.sh path/to/venv
set -euo pipefail
venv=${1:?usage: benchmarks/instructions.sh path/to/venv}
scratch=$(mktemp -d)
"$venv/bin/python" -c 'import click, yaml, tabulate' 2>/dev/null \
  || { echo "the floor imports tabulate, which the referee does not install: $venv/bin/pip install tabulate" >&2; exit 2; }
trap 'rm -rf "$scratch"' EXIT
export REFEREE_JOURNAL="$scratch/journal.sqlite3"
"$venv/bin/python" -m compileall -q "$("$venv/bin/python" -c 'import referee, os; print(os.path.dirname(referee.__file__))')" >/dev/null
"$venv/bin/referee" battle groundforce --attacker trooper --defender trooper --seed 1 >/dev/null  # the journal exists
count() {
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$@" >/dev/null 2>"$scratch/err"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$scratch/err"
}
floor=$(count "$venv/bin/python" -c 'import click, yaml, tabulate')
battle=$(count "$venv/bin/referee" battle groundforce --attacker '2 trooper' --defender 'trooper, heavy' \
  --attacker-roll sword,explosion --defender-roll shield,sword --json)
table=$(count "$venv/bin/referee" odds risk --table 30 --json)
python3 - "$floor" "$battle" "$table" <<'PY'
import sys
floor, battle, table = map(int, sys.argv[1:])
print(f"import floor                       {floor:>14,} instructions")
print(f"battle --json (journaled)          {battle:>14,}  ratio {battle / floor:.2f} (target <= 1.25)")
print(f"odds risk --table 30 --json        {table:>14,}  ratio {table / floor:.2f} (target <= 1.5)")
PY
