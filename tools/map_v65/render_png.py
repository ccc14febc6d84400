"""Render the whole-country first cut (svn_firstcut.json) to a PNG for a look:

    PYTHONPATH=tools/map_v65/.pydeps python3 tools/map_v65/render_png.py [out.png]

Hexes coloured by first-cut terrain (foreign hexes pale), the GSHHG coastline and the Natural Earth
borders drawn over them, the 9 ports of V 17.1 marked with their hex numbers, and the play areas
(Quang Ngai red, Pleiku purple, Binh Dinh orange) outlined. Default output: tools/map_v65/svn_firstcut.png (committed as a preview; build.sh draws it)."""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import geofit as G            # noqa: E402
import sources as S           # noqa: E402
from PIL import Image, ImageDraw   # noqa: E402

from draw_svg import FILL      # noqa: E402

PX = 13.0                     # pixels per hex unit (one row)
PORTS = {"2467": "My Tho", "2863": "Saigon", "3368": "Vung Tau", "3708": "Hue", "4411": "Da Nang",
         "5118": "Chu Lai", "5549": "Nha Trang", "5633": "Qui Nhon", "5652": "Cam Ranh"}


def main(out=os.path.join(HERE, "svn_firstcut.png")):
    grid = json.load(open(os.path.join(HERE, "svn_firstcut.json")))
    areas = {a: json.load(open(os.path.join(HERE, "..", "..", f"game/rules/vietnam_1965_1975/data/map_{a}.json")))
             for a in ("quangngai", "pleiku", "binhdinh")}
    c0, y0 = 0.0, 0.0          # the grid runs from column 01 to 62 and to row 87 (firstcut.py)
    W, H = int((63 - c0) * G.S3 / 2 * PX) + 40, int(89 * PX)

    def xy(c, Y):
        return (c - c0) * G.S3 / 2 * PX + 20, (Y - y0) * PX + 10

    img = Image.new("RGB", (W, H), "#a9cbe6")
    d = ImageDraw.Draw(img)
    for h, rec in grid["hexes"].items():
        col = FILL.get(rec["terrain"], "#dddddd")
        pts = [xy(c, Y) for c, Y in G.corners_cY(h)]
        if rec.get("country") not in (None, "SVN"):
            col = "#e4e0d8"
        d.polygon(pts, fill=col, outline="#8a8470")

    def line(geom, colour, width):
        for g in getattr(geom, "geoms", [geom]):
            rings = [g.exterior, *g.interiors] if g.geom_type == "Polygon" else [g]
            for ring in rings:
                pts = [xy(*G.latlon_to_cY(lat, lon)) for lon, lat in ring.coords]
                d.line(pts, fill=colour, width=width)

    from shapely.geometry import box
    coast = S.land().simplify(0.005).boundary.difference(box(*S.FRAME).exterior.buffer(0.02))
    line(coast, "#1d3f73", 2)
    for name, g in S.countries().items():
        line(g.boundary, "#7a2a2a", 1)
    for a, colour in (("binhdinh", "#e08000"), ("pleiku", "#8000c0"), ("quangngai", "#d00000")):
        for h, rec in areas[a]["hexes"].items():
            if rec.get("play"):
                d.polygon([xy(c, Y) for c, Y in G.corners_cY(h)], outline=colour)
    for h, name in PORTS.items():
        x, y = xy(*G.centre_cY(h))
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill="#000")
        d.text((x + 6, y - 6), f"{h} {name}", fill="#000")
    # legend
    ly = 20
    for t in ("all-sea", "cultivated", "jungle", "wooded hills", "mountain", "marsh", "clear"):
        d.rectangle((W - 130, ly, W - 116, ly + 12), fill=FILL.get(t, "#ddd"), outline="#555")
        d.text((W - 110, ly), t, fill="#000")
        ly += 18
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    img.save(out)
    print(f"wrote {out} ({W}x{H})")


if __name__ == "__main__":
    main(*sys.argv[1:])
