"""Issue 15: a Vietnam 1965-1975 match is played on the map of its scenario's play area (the state's
"area": Quang Ngai for Starlite, Pleiku for Silver Bayonet, Binh Dinh joined to Quang Ngai for
Masher/White Wing), and a new game on another area shows that area's map: its hexes, its towns, the
border and province names a player reads."""
import json
from pathlib import Path

import pytest

from .conftest import wait_ready

GAME = "vietnam-1965-1975"
DATA = Path(__file__).resolve().parents[2] / "game/rules/vietnam_1965_1975/data"
SCENARIOS = json.loads((DATA / "scenarios.json").read_text())
NEW_AREAS = [sid for sid, sc in SCENARIOS.items() if sc.get("area", "quangngai") != "quangngai"]


def start(page, sid):
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{GAME}"]')
    page.wait_for_selector(f'input[data-scenario="{sid}"]')
    page.check(f'input[data-scenario="{sid}"]')
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="handover"], body[data-screen="game"], #confirm-dlg:not([hidden])',
                           state="attached")
    if page.locator("#confirm-dlg:not([hidden])").count():   # starting over a game in progress asks first
        page.click("#confirm-yes")
        page.wait_for_selector('body[data-screen="handover"], body[data-screen="game"]', state="attached")
    if page.locator("#handover:not([hidden])").count():
        page.click('[data-cmd="handover-ok"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


def seen(page, area):
    """What the map on the screen shows, against the area's map data."""
    m = json.loads((DATA / f"map_{area}.json").read_text())
    n = page.evaluate("document.querySelectorAll('#map [data-space]').length")
    texts = page.evaluate("Array.from(document.querySelectorAll('#map text')).map(t => t.textContent)")
    towns = [r["town"]["name"] for r in m["hexes"].values() if r.get("town")]
    return n, len(m["hexes"]), towns, " ".join(texts)


def test_starlite_is_on_the_quang_ngai_map(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    start(page, "starlite")
    n, want, towns, text = seen(page, "quangngai")
    assert n == want == 168
    assert all(t in text for t in towns) and "Quang Ngai" in text
    assert not page.locator('#map [data-space="4232"]').count()     # Pleiku's hex is not on this map


@pytest.mark.skipif(not NEW_AREAS, reason="no scenario on a new area in scenarios.json yet (the lead adds "
                                          "silver-bayonet on pleiku and masher-white-wing on binhdinh)")
@pytest.mark.parametrize("sid", NEW_AREAS or ["-"])
def test_a_scenario_on_a_new_area_shows_its_map_and_starlite_its_own_again(page, base_url, sid):
    area = SCENARIOS[sid]["area"]
    page.goto(base_url)
    wait_ready(page)
    start(page, sid)
    n, want, towns, text = seen(page, area)
    assert n == want
    assert all(t in text for t in towns)
    if area == "pleiku":
        assert "CAMBODIA" in text and "PLEIKU" in text and "LZ X-Ray" in text and "Plei Me" in text
        border = page.get_attribute('#map [data-space="3837"]', "data-border")
        assert border == "cambodia svn"     # the Chu Pong straddles the border (V 3 Borders)
    if area == "binhdinh":
        assert "BINH DINH" in text and "QUANG NGAI" in text and "Qui Nhon" in text
    # a new game of Starlite goes back to the Quang Ngai map
    page.click('[data-cmd="new"]')
    start(page, "starlite")
    n, want, _, text = seen(page, "quangngai")
    assert n == want and "Mo Duc" in text


def test_a_new_game_starts_at_its_own_fit_not_the_last_games_zoom(page, base_url):
    """Issue 45 item 8: a new game of the same scenario kept the last game's zoom."""
    vb = "() => document.querySelector('#map').dataset.vb"
    page.goto(base_url)
    wait_ready(page)
    start(page, "starlite")
    fit = page.evaluate(vb)
    page.click('[data-cmd="zoom-in"]')
    page.click('[data-cmd="zoom-in"]')
    assert page.evaluate(vb) != fit
    page.click('[data-cmd="new"]')
    start(page, "starlite")
    assert page.evaluate(vb) == fit


SEES = """names => { const det = document.querySelector('#help-about [data-whole-map]');
  const v = det.querySelector('.whole-map-view').getBoundingClientRect();
  return names.filter(n => { const l = det.querySelector(`[data-place="${n}"]`);
    if (!l || getComputedStyle(l).display === 'none') return false;
    const r = l.getBoundingClientRect();
    return r.width > 0 && r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom
           && parseFloat(getComputedStyle(l).fontSize) >= 10; }); }"""
OVERLAPS = """() => { const ls = [...document.querySelectorAll('#help-about [data-whole-map] .wm-label')]
    .filter(l => getComputedStyle(l).display !== 'none').map(l => [l.dataset.place, l.getBoundingClientRect()]);
  const out = [];
  ls.forEach(([a, r], i) => ls.slice(i + 1).forEach(([b, s]) => {
    if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) out.push(a + ' / ' + b); }));
  return out; }"""
CITIES = ["Hue", "Da Nang", "Qui Nhon", "Saigon"]
CORPS = ["I Corps", "II Corps", "III Corps", "IV Corps"]
I_CORPS = ["Quang Tri", "Hue", "Da Nang", "Tam Ky", "Quang Ngai"]
DELTA = ["Can Tho", "My Tho", "Rach Gia", "Vinh Long", "Chau Phu"]


def zoom(page, view):
    page.click(f'#help-about [data-cmd="whole-map"][data-view="{view}"]')
    page.wait_for_function("v => document.querySelector('#help-about [data-whole-map]').dataset.shown === v", arg=view)
    page.locator("#help-about .whole-map-view").evaluate("v => v.scrollIntoView({block: 'end'})")
    return page.locator("#help-about .whole-map-view").screenshot()


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_about_page_shows_the_whole_map_and_the_start_screen_offers_no_campaign(page, base_url, size):
    """Issue 47 item 2: the whole map (the country's SVG, its regions and borders) is on the About
    page, loaded when its section opens, fitted: a player reads the four corps zones and the main
    cities on it, the province capitals left out at that scale; zoomed on I Corps they read Quang
    Tri to Quang Ngai and no longer Saigon; on the Delta, Can Tho, My Tho and Rach Gia and no longer
    Hue; each zoom changes the picture in the view, and no two names shown overlap. The campaigns are data only
    (data/campaign_scenarios.json): the start screen offers none of them."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    campaigns = json.loads((DATA / "campaign_scenarios.json").read_text())["campaigns"]
    page.goto(base_url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{GAME}"]')
    offered = page.evaluate("Array.from(document.querySelectorAll('input[data-scenario]')).map(i => i.dataset.scenario)")
    assert "starlite" in offered and not set(offered) & set(campaigns)
    page.click("#start-howto")
    page.click('#help-dlg [data-tab="about"]')
    page.wait_for_selector('#help-about [data-whole-map]')
    assert page.evaluate("document.querySelector('#help-about [data-whole-map] img').complete === false "
                         "|| document.querySelector('#help-about [data-whole-map]').open === false")
    page.click('#help-about [data-whole-map] summary')
    page.wait_for_function("() => { const i = document.querySelector('#help-about [data-whole-map] img');"
                           " return i && i.complete && i.naturalWidth === 3768; }", timeout=30_000)
    page.locator("#help-about .whole-map-view").evaluate("v => v.scrollIntoView({block: 'end'})")
    everything = CITIES + CORPS + I_CORPS + DELTA
    opened = set(page.evaluate(SEES, everything))
    assert set(CORPS + ["Hue", "Da Nang", "Saigon"]) <= opened and not opened & {"Quang Tri", "Can Tho", "Tam Ky"}
    fitted = zoom(page, "fit")
    assert set(page.evaluate(SEES, everything)) >= set(CORPS + ["Hue", "Da Nang", "Saigon"])
    width = lambda: page.evaluate(  # noqa: E731
        "document.querySelector('#help-about .whole-map-board').getBoundingClientRect().width")
    wide = width()
    i_corps = zoom(page, "i")
    seen = set(page.evaluate(SEES, everything))
    assert set(I_CORPS) <= seen and not seen & {"Saigon", "Can Tho", "IV Corps"}, seen
    assert width() > 1.8 * wide and i_corps != fitted          # 2x on a phone, 3.7x at 1440
    assert page.evaluate(OVERLAPS) == []
    delta = zoom(page, "delta")
    seen = set(page.evaluate(SEES, everything))
    assert set(DELTA[:3]) <= seen and not seen & {"Hue", "Da Nang", "I Corps"}, seen
    assert page.evaluate(OVERLAPS) == []     # the Delta's names apart on a phone too (whole_map.place_labels)
    assert delta not in (i_corps, fitted)
    assert page.evaluate(SEES, ["Hue"]) == [] and zoom(page, "fit") and "Hue" in page.evaluate(SEES, ["Hue"])
    text = page.text_content("#help-about")
    for part in ("Map (country)", "Population Control Sheet", "Pacification Table", "Strategic Bombing Table",
                 "Morale Chart", "Unit Chart", "open questions"):
        assert part in text, part


PY = "async (code) => { const m = await import('/static/pyodide_early.mjs'); const py = await m.loadPyodide();" \
     " return await py.runPythonAsync(code); }"
COUNTRY = """
import js
from game.ui import app as A
from game.ui.games import vietnam as VUI
url = "./static/svg/vietnam_country_map.svg"
VUI.MAPS["country"] = {"url": url, "fit": (2400.0, 900.0, 900.0, 900.0), "fit_narrow": (2700.0, 1000.0, 400.0, 400.0),
                       "art": url}
A._app.screen.map_texts[("vietnam-1965-1975", "country")] = await (await js.fetch(url)).text()
m = A._app.ctl.m
m["state"]["area"] = "country"
A._app.ctl.load_match(m)
"""
AT = """h => { const g = document.querySelector(`#map [data-space="${h}"]`);
  const p = new DOMPoint(+g.dataset.x, +g.dataset.y).matrixTransform(document.querySelector('#map svg.map-top').getScreenCTM());
  return [p.x, p.y]; }"""


def test_the_whole_map_as_a_board_is_one_picture_and_a_click_on_it_finds_its_hex(page, base_url):
    """Issue 47 item 2: on the whole map (a play area whose MAPS entry names its "art"), the static
    art is one picture under the counters (render_map.MapView._as_picture): no terrain, label or
    road element in the page, the 2,581 hexes data only (not rendered, so neither painted nor
    hit-tested); the counters are still clicked, and a click on the picture finds the hex under it
    by its position (place_under): a bare hex far from the fighting says there is nothing to do
    there, a hex with a stack opens it; a hex the log lights is drawn."""
    page.goto(base_url)
    wait_ready(page)
    start(page, "starlite")
    rev = int(page.get_attribute("body", "data-rev"))
    page.evaluate(PY, COUNTRY)
    page.wait_for_function("r => +document.body.dataset.rev > r", arg=rev)
    if page.locator("#handover:not([hidden])").count():
        page.click('[data-cmd="handover-ok"]')
    base = "#map svg.map-base"
    assert page.locator(f"{base} > image.map-art").count() == 1
    assert page.locator(f"{base} #geo, {base} #labels, {base} #roads, {base} text").count() == 0
    assert page.locator(f"{base} [data-space]").count() == 2581
    rendered = (f"() => [...document.querySelectorAll('{base} #spaces > *')]"
                ".filter(g => getComputedStyle(g).display !== 'none').length")
    assert page.evaluate(rendered) == 0
    country = json.loads((DATA / "map_country.json").read_text())["hexes"]
    can_tho = next(h for h, r in country.items() if (r.get("town") or {}).get("name") == "Can Tho")
    page.evaluate(PY, f"from game.ui import app as A\nA._app.screen.pan_to({can_tho!r})")
    x, y = page.evaluate(AT, can_tho)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).matches('image.map-art')", [x, y])
    page.mouse.click(x, y + 12)       # in the hex, below its centre
    page.wait_for_function("() => document.querySelector('#flash') && document.querySelector('#flash').textContent")
    assert "Can Tho" in page.text_content("#flash") or can_tho in page.text_content("#flash")
    # a stack's counter takes the click; below it, the picture's hex opens that stack
    stack = page.locator("#map [data-stack]").first
    hex_ = stack.get_attribute("data-stack")
    page.evaluate(PY, f"from game.ui import app as A\nA._app.screen.pan_to({hex_!r})")
    box = stack.locator("[data-unit]").first.bounding_box()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-unit]') !== null",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit
    x, y = page.evaluate(AT, hex_)
    shown = "h => !!document.querySelector(`#map [data-stack='${h}'].open`) || !document.querySelector('#inspector').hidden"
    assert not page.evaluate(shown, hex_)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).matches('image.map-art')", [x, y + 22])
    rev = int(page.get_attribute("body", "data-rev"))
    page.mouse.click(x, y + 22)
    page.wait_for_function("r => +document.body.dataset.rev > r", arg=rev)
    assert page.evaluate(shown, hex_)
    # a place the log lights is drawn over the picture (log_view.py: the class log-lit)
    page.evaluate("h => document.querySelector(`#map [data-space='${h}']`).classList.add('log-lit')", hex_)
    assert page.evaluate(rendered) == 1


FAR = 28  # px (this test's whole map fits 900 units across: its counters are about 33 px wide there)
TEXT_SHOWN = """() => { const t = document.querySelector('#vw-pieces [data-unit] text');
  return t ? getComputedStyle(t).display !== 'none' : null; }"""


def test_a_map_zoomed_out_beyond_its_far_level_shows_its_counters_without_text(page, base_url):
    """Issue 47 item 2 (level of detail): a play area whose MAPS entry has "far" (px) draws its
    counters without their texts while they are narrower than that on the screen (unreadable, and a
    quarter of a click's paint on the whole map); zoomed in, the texts are back. A map without it
    (Starlite's) always shows them."""
    page.goto(base_url)
    wait_ready(page)
    start(page, "starlite")
    assert page.evaluate(TEXT_SHOWN) is True and page.get_attribute("#map", "data-far") is None
    rev = int(page.get_attribute("body", "data-rev"))
    page.evaluate(PY, COUNTRY.replace('"art": url}', f'"art": url, "far": {FAR}}}'))
    page.wait_for_function("r => +document.body.dataset.rev > r", arg=rev)
    if page.locator("#handover:not([hidden])").count():
        page.click('[data-cmd="handover-ok"]')
    page.click('[data-cmd="zoom-fit"]')
    width = "() => document.querySelector('#vw-pieces [data-unit]').getBoundingClientRect().width"
    for _ in range(8):  # out until the counters are narrower than FAR px
        if page.evaluate(width) < FAR:
            break
        page.click('[data-cmd="zoom-out"]')
    assert page.evaluate(width) < FAR
    assert page.get_attribute("#map", "data-far") == "" and page.evaluate(TEXT_SHOWN) is False
    for _ in range(12):  # in until they are FAR px or more
        if page.evaluate(width) >= FAR:
            break
        page.click('[data-cmd="zoom-in"]')
    assert page.evaluate(width) >= FAR
    assert page.get_attribute("#map", "data-far") is None and page.evaluate(TEXT_SHOWN) is True


MAP_ON_SCREEN = """() => { const box = document.querySelector('#map').getBoundingClientRect();
  const svg = document.querySelector('#map svg'), vb = svg.viewBox.baseVal, c = svg.getScreenCTM();
  const at = (x, y) => new DOMPoint(x, y).matrixTransform(c);
  const a = at(vb.x, vb.y), z = at(vb.x + vb.width, vb.y + vb.height);
  return [a.x - box.left, a.y - box.top, box.right - z.x, box.bottom - z.y]; }"""


def test_a_battle_at_the_edge_of_the_map_shows_no_void_beyond_it(page, base_url):
    """Issue 45 item 8 (the review's Masher screenshot: white beyond the sea east of 5529): the
    map centred on a place at its edge, as the opponent's battles are, keeps the drawn map over
    the whole of the map's area on the screen."""
    page.goto(base_url)
    wait_ready(page)
    start(page, "masher-white-wing")
    for hex_ in ("5738", "4515"):  # the south-east and north-west corners of the Binh Dinh map
        page.evaluate(PY, f"from game.ui import app as A\nA._app.screen.pan_to({hex_!r})")
        gaps = page.evaluate(MAP_ON_SCREEN)
        assert all(g <= 1 for g in gaps), (hex_, gaps)  # the map's picture covers its box
