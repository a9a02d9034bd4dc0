# The shared start of the benchmark scripts (sourced): run from the repository
# with the venv given as the first argument (default .venv), timing compiled
# bytecode as an installed referee has it (see startup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.venv}
py="$venv/bin/python"
"$py" -m compileall -q referee >/dev/null
