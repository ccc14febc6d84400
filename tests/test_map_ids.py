"""The vendored maps are put into the page (render_map.MapView): an id in a map that the page
also uses makes `#map` and its CSS rules match two elements (First Team's map had a <g id="map">
inside the page's div#map)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IDS = re.compile(r'\sid="([^"]+)"')


def test_no_map_reuses_an_id_of_the_page_or_its_own():
    page = set(IDS.findall((ROOT / "index.html").read_text()))
    assert "map" in page and "panel" in page
    maps = sorted((ROOT / "static" / "svg").glob("*.svg"))
    assert len(maps) >= 5
    for svg in maps:
        ids = IDS.findall(svg.read_text())
        assert not page & set(ids), (svg.name, sorted(page & set(ids)))
        assert len(ids) == len(set(ids)), (svg.name, sorted({i for i in ids if ids.count(i) > 1}))
