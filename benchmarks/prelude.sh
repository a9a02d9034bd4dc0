# The shared start of the benchmark scripts (sourced): run from the repository
# with the venv given as the first argument (default .venv), timing compiled
# bytecode as an installed referee has it (see startup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
py="$venv/bin/python"
"$venv/bin/python" -c 'import click, yaml, tabulate' 2>/dev/null \
  || { echo "the floor imports tabulate, which the referee does not install: $venv/bin/pip install tabulate" >&2; exit 2; }
"$py" -m compileall -q referee >/dev/null
