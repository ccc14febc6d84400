"""Issue 47 item 2: the About page's whole map (game/ui/whole_map.py, the Vietnam UI's WHOLE_MAP):
its named places stand on their hexes of the drawn map, and its zoom views hold what they name."""
import json
import re
from pathlib import Path

from game.ui.games import ui_for

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "game/rules/vietnam_1965_1975/data"
UI = ui_for("vietnam-1965-1975")
SVG = (REPO / UI.WHOLE_MAP["url"]).read_text()
MAP = json.loads((DATA / "map_country.json").read_text())
CORPS = json.loads((DATA / "corps.json").read_text())["corps"]
AT = {h: (float(x), float(y)) for h, x, y in re.findall(r'data-space="(\d{4})" data-x="([\d.]+)" data-y="([\d.]+)"', SVG)}
LABELS = UI.whole_map_labels()


def test_the_size_is_the_svgs():
    w, h = re.search(r'viewBox="0 0 (\d+) (\d+)"', SVG).groups()
    assert UI.WHOLE_MAP["size"] == (int(w), int(h))


def test_every_city_and_capital_is_named_on_its_hex():
    towns = {r["town"]["name"]: h for h, r in MAP["hexes"].items() if isinstance(r.get("town"), dict)
             and r["town"].get("kind") in ("major city", "city", "province capital")}
    named = {name: (x, y) for name, kind, x, y in LABELS if kind != "corps"}
    assert set(named) == set(towns)
    for name, h in towns.items():
        assert all(abs(a - b) < 0.06 for a, b in zip(named[name], AT[h])), name   # (the SVG rounds to 0.1)
    kinds = {name: kind for name, kind, _, _ in LABELS}
    assert {n for n, k in kinds.items() if k == "major"} == {"Saigon", "Hue", "Da Nang", "Qui Nhon"}


def _corps_hexes(zone):
    return [AT[h] for h, r in MAP["hexes"].items() if r.get("country") == "svn" and CORPS.get(r.get("province")) == zone]


def test_the_four_corps_zones_are_named_inside_them():
    for zone in ("I", "II", "III", "IV"):
        (x, y), = [(x, y) for name, kind, x, y in LABELS if name == f"{zone} Corps"]
        pts = _corps_hexes(zone)
        assert min(p[0] for p in pts) < x < max(p[0] for p in pts) and min(p[1] for p in pts) < y < max(p[1] for p in pts)


def test_each_zoom_view_holds_its_corps_zone():
    views = {key: box for key, _, box in UI.WHOLE_MAP["views"]}
    for key, zone in (("i", "I"), ("delta", "IV"), ("fit", "I"), ("fit", "IV")):
        x, y, w, h = views[key]
        inside = [x <= px <= x + w and y <= py <= y + h for px, py in _corps_hexes(zone)]
        assert sum(inside) >= 0.97 * len(inside), (key, zone, sum(inside), len(inside))
