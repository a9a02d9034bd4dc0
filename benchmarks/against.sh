#!/usr/bin/env bash
# The whole fights and charts against the same commands at an earlier commit,
# in one hyperfine run: classic Risk 30 v 30 until conquest, the `--table 30`
# chart, the Frontline whole fight with armour and a city, and the exact
# 100 x 100 chart. Each side is a non-editable `pip install .` in a fresh venv
# (as a user installs it), so neither pays an import hook. The answers must
# agree (as JSON: every key the older answer gives, with its value; the order
# of an object's keys and keys added since aside) before the times mean
# anything. Prints each ratio (now / then: median wall time and CPU time; the
# target is at most 1.0). Needs hyperfine and git.
# Usage: benchmarks/against.sh REV   (a commit, tag or branch; RUNS=N runs each)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: benchmarks/against.sh REV}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/then" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach -q "$work/then" "$rev"
for side in now then; do
  python3 -m venv "$work/$side-venv"
  src=.; [ "$side" = then ] && src="$work/then"
  "$work/$side-venv/bin/pip" install -q "$src" >/dev/null
done
export REFEREE_JOURNAL="$work/journal.sqlite3"
fight="--attacker 30 --defender 30 --until conquest"
front="--attacker '2 armour' --attacker-rear '10 infantry, 3 armour' --defender '2 infantry' --defender-rear '8 infantry, 2 armour' --when defender:city --until conquest"
declare -A asked=([fight]="risk $fight" [table30]="risk --table 30" [frontline]="frontline-risk $front" [table100]="risk --table 100")
covers="$work/covers.py"  # every key of the older answer is in today's, with the same value (new keys aside)
cat >"$covers" <<'PY'
import json, sys
def covers(then, now):
    if isinstance(then, dict):
        return isinstance(now, dict) and all(k in now and covers(v, now[k]) for k, v in then.items())
    if isinstance(then, list):
        return isinstance(now, list) and len(then) == len(now) and all(map(covers, then, now))
    return then == now
sys.exit(0 if covers(json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))) else 1)
PY
args=()
for name in fight table30 frontline table100; do
  now="$work/now-venv/bin/referee odds ${asked[$name]} --json"
  then="$work/then-venv/bin/referee odds ${asked[$name]} --json"
  eval "$now" >"$work/now.json"
  eval "$then" >"$work/then.json"
  python3 "$covers" "$work/then.json" "$work/now.json" \
    || { echo "$name: the answers of $rev and now differ" >&2; exit 1; }
  args+=(-n "$name-now" "$now" -n "$name-then" "$then")
done
hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$work/runs.json" --style basic "${args[@]}" >/dev/null
python3 - "$work/runs.json" "$rev" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
cpu = lambda run: run["user"] + run["system"]
labels = {"fight": "risk 30 v 30 --until conquest", "table30": "risk --table 30",
          "frontline": "frontline armour + city", "table100": "risk --table 100"}
for name, label in labels.items():
    now, then = runs[f"{name}-now"], runs[f"{name}-then"]
    print(f"{label:30} now {now['median']*1000:8.1f} ms  {sys.argv[2]} {then['median']*1000:8.1f} ms  "
          f"ratio {now['median']/then['median']:.2f}, cpu {cpu(now)/cpu(then):.2f} (target <= 1.0)")
PY
