#!/usr/bin/env bash
# Look at a dealt map's SVG as a browser shows it: deal one, screenshot it with
# headless Chromium, and leave the PNG for a person to view (not a CI test:
# it needs a browser). Needs Chromium (Debian package `chromium`).
# The SVG is drawn in millimetres; the screenshot shows it at 96 dpi
# (1 mm = 3.78 px), as a browser prints it at 100 %.
# Usage: tools/svg_screenshot.sh OUT.png [referee map options...]
#   e.g. tools/svg_screenshot.sh /tmp/map.png --tiles 20 --seed 7 --capitals --hex-size 30
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
  if [ $# -eq 0 ]; then set -- --tiles 20 --seed 7; fi
  .venv/bin/referee map diceland "$@" --svg "$svg" --json >/dev/null
fi
size=$(.venv/bin/python -c "
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r'width=\"([\d.]+)mm\" height=\"([\d.]+)mm\"', text)
if m:
    print(f'{round(float(m[1]) * 96 / 25.4)},{round(float(m[2]) * 96 / 25.4)}')
else:
    m = re.search(r'width=\"(\d+)\" height=\"(\d+)\"', text)
    print(f'{m[1]},{m[2]}')" "$svg")
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run \
  --hide-scrollbars --window-size="$size" --screenshot="$(realpath -m "$out")" "file://$svg" 2>/dev/null
rm -f "$svg"
echo "screenshot: $out ($size px)"
