#!/usr/bin/env bash
# Look at a dealt map's SVG as a browser shows it: deal one, screenshot it with
# headless Chromium, and leave the PNG for a person to view (not a CI test:
# it needs a browser). Needs Chromium (Debian package `chromium`).
# Usage: tools/svg_screenshot.sh OUT.png [referee map options...]
#   e.g. tools/svg_screenshot.sh /tmp/map.png --tiles 20 --seed 7 --capitals
#   or   tools/svg_screenshot.sh OUT.png picture.svg   (an SVG already drawn,
#        such as 'referee play board --svg picture.svg')
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/svg_screenshot.sh OUT.png [map options]}
shift
svg=$(mktemp --suffix=.svg)
if [[ $# -eq 1 && $1 == *.svg ]]; then
  cp "$1" "$svg"
else
  .venv/bin/referee map diceland "${@:---tiles 20 --seed 7}" --svg "$svg" --json >/dev/null
fi
size=$(.venv/bin/python -c "import re,sys; m=re.search(r'width=\"(\d+)\" height=\"(\d+)\"', open(sys.argv[1]).read()); print(f'{m[1]},{m[2]}')" "$svg")
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run \
  --hide-scrollbars --window-size="$size" --screenshot="$(realpath -m "$out")" "file://$svg" 2>/dev/null
rm -f "$svg"
echo "screenshot: $out ($size)"
