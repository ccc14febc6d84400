"""Move the location labels of static/svg/first_team_map.svg where labels.py places them (clear of
every place's stack room), without drawing the map again (build_svg.py needs the geodata; it
places the labels the same way): `python3 tools/map_ft/relabel.py`."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import labels as LB  # noqa: E402

SVG = os.path.join(os.path.dirname(__file__), "..", "..", "static", "svg", "first_team_map.svg")
LABEL_AT = {"J6": "right", "J5": "left", "PLEIKU": "pleiku", "H5": "right"}  # (build_svg.py's)
LOC = re.compile(r'(<g class="location[^"]*" data-space="([A-Z0-9]+)"[^>]*data-x="([0-9.]+)" data-y="([0-9.]+)" '
                 r'data-name="([^"]*)"[^>]*>\n)(.*?)(\n</g>)', re.S)
TEXT = re.compile(r'\n?<text class="space-(?:label|name)".*?</text>', re.S)


def unesc(s):
    return s.replace("&quot;", '"').replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def main():
    svg = open(SVG, encoding="utf-8").read()
    pos, codes, names = {}, {}, {}
    for m in LOC.finditer(svg):
        sid = m.group(2)
        pos[sid] = (float(m.group(3)), float(m.group(4)))
        codes[sid] = sid
        name = unesc(m.group(5))
        if name != sid and sid != "PLEIKU":
            names[sid] = name
    spots = LB.place_all(pos, codes, names, LABEL_AT)

    def redo(m):
        sid = m.group(2)
        body = TEXT.sub("", m.group(6))
        return m.group(1) + body + "\n" + "\n".join(LB.markup(codes[sid], names.get(sid), spots[sid], esc)) + m.group(7)

    out = LOC.sub(redo, svg)
    open(SVG, "w", encoding="utf-8").write(out)
    moved = {k: v for k, v in spots.items() if v != LABEL_AT.get(k, "below")}
    print(f"{SVG}: labels placed; away from below: {moved}")


if __name__ == "__main__":
    main()
