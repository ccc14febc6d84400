"""Clicks on the whole map of Vietnam with a campaign's counters (issue 47 item 2), timed the way
scripts/bench/bench_clicks.py and game/ui/clicktime.py time them: from the click to the frame that shows
its redraw (window.__vw_last_update_ms).

    .venv/bin/python scripts/bench/bench_country.py [--tree .] [--setup campaign-1965] [--clicks 120]
                                              [--phone] [--shots DIR] [--inline] [--profile N [--callers RE]]
                                              [--mutations]

The campaign's rules are not built yet (the next issue), so the page plays Starlite's rules on the
whole map: the real game page, the Vietnam UI's real map drawing (game/ui/render_map.py, the map
SVG static/svg/vietnam_country_map.svg) and the real engine's view and legal actions, with the
counters of a campaign's set-up put on the map (data/campaign_scenarios.json, the countermix's
counters, placed by this script near their formations' historical bases; the VC battalions face
down across the regions the VC control). The position is the US's choice of units for a search and
destroy operation: every US-side counter can act. Each click is a real mouse click on a counter at
its place on the screen (a stack spreads, a counter is selected or let go, a unit is designated),
in the fitted view and zoomed on I Corps and on the Delta.

--setup starlite plays the same clicks on Starlite's own map and counters: the comparison with a
tree without the whole map (7da6e20). --shots DIR saves the screens (fitted, I Corps, the Delta).
The whole map is given as a play area whose static art is a picture (game/ui/render_map.py
MapView._as_picture, the MAPS entry's "art"; a tree before it ignores the key); --inline draws it
element by element as the small maps are.
Prints per view the clicks' median, p95 and max, and the counters drawn; --mutations also what each kind of
click changes in the page (attributes, nodes, texts) on the map, in the panel and elsewhere."""
import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from game.rules.vietnam_1965_1975.hexes import neighbours  # noqa: E402
from scripts.bench.bench_clicks import TRACE_CATEGORIES, print_trace  # noqa: E402
from scripts.bench.profile_clicks import INSTALL, PY as PROFILE_PY, REPORT  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, wait_ready  # noqa: E402

DATA = ROOT / "game/rules/vietnam_1965_1975/data"
PY = "async (code) => { const m = await import('/static/pyodide_early.mjs'); const py = await m.loadPyodide();" \
     " return await py.runPythonAsync(code); }"

# Where the formations stood (their bases, 1965-1968): towns of the whole map by name
BASES = {
    "1cav": ["An Khe", "Bong Son", "Pleiku"], "1id": ["Phu Cuong", "Dau Tieng", "Chon Thanh"], "4id": ["Pleiku", "Kontum", "Dak To"],
    "9id": ["My Tho", "Long Thanh", "Tan An"], "25id": ["Cu Chi", "Tay Ninh", "Trang Bang"], "23id": ["Tam Ky", "Quang Ngai", "Duc Pho"],
    "101ab": ["Hue", "Phong Dien"], "173ab": ["Dak To", "Bien Hoa"], "199lib": ["Bien Hoa", "Ben Luc"], "11acr": ["Xuan Loc", "Long Thanh"],
    "3m": ["Dong Ha"], "4m": ["Cam Lo", "Khe Sanh"], "9m": ["Gio Linh", "Quang Tri"], "12m": ["Dong Ha"], "26m": ["Khe Sanh"],
    "1m": ["Hue", "Phu Loc"], "5m": ["Hoi An", "Duy Xuyen"], "7m": ["Dai Loc", "Da Nang"], "11m": ["Da Nang"], "27m": ["Da Nang"],
    "3mar": ["Dong Ha"], "1mar": ["Da Nang"], "ffv105": ["Bien Hoa", "Pleiku"], "ffv155": ["Long Thanh", "An Khe"], "ffv175": ["Cu Chi", "Dong Ha"],
    "rokcap": ["Qui Nhon", "Phu Cat"], "rok9": ["Ninh Hoa", "Tuy Hoa", "Cam Ranh"], "rok2mar": ["Hoi An"], "1atf": ["Ba Ria"],
    "thai": ["Long Thanh"], "arvn1": ["Hue", "Quang Tri"], "arvn2": ["Quang Ngai", "Tam Ky"], "arvn5": ["Bien Hoa", "Phu Cuong"],
    "arvn7": ["My Tho", "Cai Be"], "arvn9": ["Sa Dec", "Vinh Long"], "arvn18": ["Xuan Loc"], "arvn21": ["Can Tho", "Vinh Loi", "Quan Long"],
    "arvn22": ["Qui Nhon", "Bong Son"], "arvn23": ["Ban Me Thuot", "Dalat"], "arvn25": ["Khiem Cuong", "Cu Chi"],
    "arvnabn": ["Saigon"], "arvnmar": ["Saigon", "Vung Tau"], "acs": ["Bien Hoa", "Pleiku", "Can Tho", "Da Nang"],
    "nva304": ["3203", "2806"], "nva320": ["3004", "2906"], "nva324b": ["3311", "3510"], "nva325": ["3936", "4025", "3833"],
    "nva1": ["3937", "3925"], "nva2": ["4319", "4017"], "vc5": ["3464", "3362"], "vc9": ["2256", "2753"], "vc-d": ["1274", "1176"],
    "vc-1st": ["4618"], "vc-2nd": ["5229"],
}


def towns(m):
    return {r["town"]["name"]: h for h, r in m["hexes"].items() if r.get("town")}


def base_of(c):
    f = c.get("formation") or c["id"]
    for key in sorted(BASES, key=len, reverse=True):
        if f.startswith(key) or c["id"].startswith(key):
            return BASES[key]
    return None


def placement(setup, seed=1):
    """The units of a campaign's set-up, as engine units (their counters.json or countermix kinds),
    each on a land hex near its formation's base, VC battalions across the regions the VC control."""
    m = json.loads((DATA / "map_country.json").read_text())
    mix = json.loads((DATA / "campaign_countermix.json").read_text())
    regions = json.loads((DATA / "campaign_regions.json").read_text())["regions"]
    sc = json.loads((DATA / "campaign_scenarios.json").read_text())["campaigns"][setup]
    byid = {c["id"]: c for c in mix["counters"]}
    t = towns(m)
    rng = random.Random(seed)
    land = {h for h, r in m["hexes"].items() if r["terrain"] != "all-sea"}
    used = {}

    def near(anchor, side):
        h0 = t.get(anchor, anchor)
        ring = [h0] + [n for n in neighbours(h0) if n in land]
        free = [h for h in ring if used.get(h, side) == side and h in land]
        h = min(free, key=lambda h: sum(1 for u in units if u["hex"] == h)) if free else h0
        used[h] = side
        return h
    units = []

    def add(cid, side, hex_, rev=True):
        c = byid[cid]
        units.append({"id": cid, "kind": c["kind"], "name": c["name"], "side": side, "hex": hex_, "rev": rev,
                      "form": c.get("formation"), "done": False, "mission": None, "op": False, "tgt": False,
                      "rp_spent": 0, **({} if rev else {"handle": None})})
    if setup == "campaign-1965":
        us = [u["id"] for u in sc["us"]["units"]]
        arvn = [c["id"] for c in mix["counters"] if c["army"] == "ARVN" and c.get("formation", "")[:6] in
                {"arvn1", "arvn2", "arvn5", "arvn7", "arvn9", "arvn18", "arvn21", "arvn22", "arvn23", "arvn25"}
                and c["kind"] in ("arvn_div_hq", "arvn_rgt")][:40]
        arvn += [f"arvnabn-{i}" for i in range(1, 6)] + [f"arvnmar-{i}" for i in range(1, 4)] + [f"acs{i}" for i in range(1, 5)]
        nva = sc["nlf"]["nva"]["units"]
        vc_main, n_vc = [], sc["nlf"]["vc"]["build"]["vc_supply"] // 2     # 2 supply a battalion (V 17.5)
        pols = [f"pol{i}" for i in range(1, 5)]
    else:
        us = sc["us"]["formations"] + sc["fwa"]["units"]
        arvn = [i for i in sc["arvn"]["units"] if byid[i]["kind"] != "arvn_ranger"]
        nva = sc["nlf"]["nva"]
        vc_main, n_vc = sc["nlf"]["vc"], sc["nlf"]["vc_battalions_random"]
        pols = [f"pol{i}" for i in range(1, 9)]
    for cid in us:
        add(cid, "US", near(rng.choice(base_of(byid[cid]) or ["Da Nang"]), "US") if setup != "campaign-1965" else "4411")
    for cid in arvn:
        add(cid, "US", near(rng.choice(base_of(byid[cid]) or ["Saigon"]), "US"))
    for cid in list(nva) + list(vc_main):
        add(cid, "NLF", near(rng.choice(base_of(byid[cid]) or ["3936"]), "NLF"), rev=cid.startswith("nva"))
    pool = [c["id"] for c in mix["counters"] if c.get("random")]
    rng.shuffle(pool)
    vc_pts = {r["code"]: r["population"] - r["start_svn"][sc["population"]["start"]] for r in regions}
    region_of = {p: r["code"] for r in regions for p in r["provinces"]}
    hexes_of = {}
    for h, r in m["hexes"].items():
        if r.get("province") in region_of and r["terrain"] != "all-sea" and used.get(h, "NLF") == "NLF":
            hexes_of.setdefault(region_of[r["province"]], []).append(h)
    total = sum(vc_pts.values())
    for code, pts in sorted(vc_pts.items()):
        for _ in range(round(n_vc * pts / total)):
            if pool:
                add(pool.pop(), "NLF", rng.choice(hexes_of[code]), rev=False)
    for cid in pols:
        add(cid, "NLF", rng.choice(hexes_of[rng.choice(sorted(hexes_of))]), rev=False)
    for i, u in enumerate(u for u in units if not u["rev"]):
        u["handle"] = f"?{i + 1}"
    return units, mix["kinds"]


SETUP = """
import json
import js
import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.rules.vietnam_1965_1975 import board as B
from game.ui import app as A
from game.ui.games import vietnam as VUI
spec = json.loads({spec!r})
app = A._app
if spec["area"] != "quangngai" and spec["area"] not in VUI.MAPS:
    B.KINDS.update(spec["kinds"])      # the countermix's kinds, not yet in counters.json
    VUI.MAPS[spec["area"]] = {{"url": spec["url"], "fit": tuple(spec["fit"]), "fit_narrow": tuple(spec["fit_narrow"]),
                              **({{"art": spec["url"]}} if spec["art"] else {{}}),
                              **({{"far": spec["far"]}} if spec["far"] else {{}})}}
    app.screen.map_texts[("vietnam-1965-1975", spec["area"])] = await (await js.fetch(spec["url"])).text()
m = M.new_match(R, "starlite", 1)

def answer(t, **kw):
    role = M.current_role(R, m)
    a = next(a for a in M.legal_actions(R, m, role) if a["t"] == t and all(a.get(k) == v for k, v in kw.items()))
    M.apply(R, m, a, role=role)
while M.legal_actions(R, m, "NLF") and M.legal_actions(R, m, "NLF")[0]["t"] == "place":
    answer("place")
for _ in range(3):
    answer("done")
if spec["units"]:
    s = m["state"]
    s["area"] = spec["area"]
    s["units"] = {{u["id"]: u for u in spec["units"]}}
answer("us_op")
answer("operate")
app.ctl.load_match(m)
len(m["state"]["units"])
"""


def timed_click(page, x, y):
    _before_click(page)
    before = int(page.get_attribute("body", "data-rev") or 0)
    page.mouse.click(x, y)
    try:
        page.wait_for_function("r => +(document.body.dataset.rev || 0) > r", arg=before, timeout=15_000)
    except Exception:
        return None
    return _timing(page)


def _timing(page):
    """The last click's ms to the screen and its parts (clicktime.py), once its frame is timed."""
    page.wait_for_function("() => document.body.dataset.timed === document.body.dataset.rev", timeout=15_000)
    ms, parts = page.evaluate("[window.__vw_last_update_ms, window.__vw_update_parts]")
    PARTS.append((ms, json.loads(parts), KIND[0]))
    if COUNT_MUTATIONS[0]:  # the click's changes, read once it is on the screen
        MUTATIONS.append((KIND[0], page.evaluate("window.__vwMutTake()")))
    return ms


KIND = ["counter"]  # what the click being timed is (the parts are printed by kind)
PROFILE_KIND = [""]  # --profile-kind: only the clicks of this kind are profiled


def _before_click(page):
    """--profile-kind: the body says whether this click is profiled; --mutations: what the page
    changed before it (the bench's own questions, a pan) is not counted as the click's."""
    if PROFILE_KIND[0]:
        page.evaluate("k => { document.body.dataset.vwProf = k; }", "1" if KIND[0] == PROFILE_KIND[0] else "0")
    if COUNT_MUTATIONS[0]:
        page.evaluate("window.__vwMutTake()")


# profile_clicks.INSTALL's handler, profiling only while the body says so (--profile-kind, _before_click)
INSTALL_KIND = INSTALL.replace("    A._vw_prof.enable()", "    on = js.document.body.dataset.vwProf == '1'\n    if on: A._vw_prof.enable()") \
    .replace("import cProfile", "import cProfile, js")


PARTS = []    # (ms, {part: ms}, kind) of every timed click (clicktime.py's parts)

# --mutations: what each click changes in the page, by region (the map, the panel, the rest): the
# attributes written, the nodes added or removed, the texts changed (a MutationObserver's records)
MUTATIONS_JS = """() => {
  const count = () => ({attr: 0, nodes: 0, text: 0});
  window.__vwMut = {map: count(), panel: count(), rest: count()};
  const add = l => { for (const r of l) {
    const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    const c = window.__vwMut[el && el.closest('#map') ? 'map' : el && el.closest('#panel') ? 'panel' : 'rest'];
    if (r.type === 'attributes') c.attr++;
    else if (r.type === 'childList') c.nodes += r.addedNodes.length + r.removedNodes.length;
    else c.text++; } };
  window.__vwMutObs = new MutationObserver(add);
  window.__vwMutObs.observe(document.body, {subtree: true, attributes: true, childList: true, characterData: true});
  window.__vwMutTake = () => { add(window.__vwMutObs.takeRecords()); const m = window.__vwMut;
    window.__vwMut = {map: count(), panel: count(), rest: count()}; return m; };
}"""
MUTATIONS = []  # (kind, {region: {attr, nodes, text}}) of every timed click, with --mutations
COUNT_MUTATIONS = [False]


def us_counters(page):
    """[(id, x, y)] of the US-side counters the mouse would hit at their centres on the screen."""
    return page.evaluate("""() => {
      const out = [];
      const box = document.querySelector('#map').getBoundingClientRect();
      for (const c of document.querySelectorAll('#vw-pieces [data-unit]')) {
        const r = c.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4) continue;
        const hit = document.elementFromPoint(x, y);
        const on = hit && hit.closest('[data-unit]');
        if (on && on.getAttribute('data-unit') === c.getAttribute('data-unit') && c.classList.contains('act'))
          out.push([c.getAttribute('data-unit'), x, y]);
      }
      return out; }""")


def view_to(page, box):
    """Show the map's view box `box` (SVG units; None: fitted) through the app's pan and zoom."""
    code = ("from game.ui import app as A\npz = A._app.screen.pz\n"
            + ("pz.fit()\n" if box is None else f"pz.vb = list({list(box)!r})\npz.apply()\n") + "pz.vb")
    page.evaluate(PY, code)
    page.wait_for_timeout(300)


def clicks(page, n, rng):
    """n timed clicks on counters that can act: a click selects (or spreads a stack), the next one on
    the selection lets it go; every fifth designates the selected unit (its panel button)."""
    out = []
    for k in range(n):
        cands = us_counters(page)
        if not cands:
            break
        cid, x, y = rng.choice(cands)
        KIND[0] = "counter"
        ms = timed_click(page, x, y)
        if ms is not None:
            out.append(("counter", ms))
        btn = page.locator('#panel [data-t="unit"]').first
        if k % 5 == 4 and btn.count() and btn.is_visible():
            before = int(page.get_attribute("body", "data-rev") or 0)
            KIND[0] = "designate"
            _before_click(page)
            btn.click()
            page.wait_for_function("r => +(document.body.dataset.rev || 0) > r", arg=before, timeout=15_000)
            out.append(("designate", _timing(page)))
    return out


def stats(ms):
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"n={len(ms)} median={statistics.median(ms):.1f} p95={p95:.1f} max={ms[-1]:.1f} ms"


def fit_boxes(area):
    """The map's view boxes: fitted (South Vietnam's hexes), I Corps and the Delta (SVG units)."""
    if area == "quangngai":
        return {"fitted": None}
    sys.path.insert(0, str(ROOT / "tools/map_v65"))
    import draw_svg as D
    m = json.loads((DATA / "map_country.json").read_text())
    c0 = min(int(h[:2]) for h in m["hexes"])
    r0 = min(int(h[2:]) for h in m["hexes"])
    pos = {h: D.centre(h, c0, r0) for h, r in m["hexes"].items()}
    regions = json.loads((DATA / "campaign_regions.json").read_text())["regions"]

    def box(provs, pad=60):
        pts = [pos[h] for h, r in m["hexes"].items() if r.get("province") in provs]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    corps = lambda c: {p for r in regions if r["corps"] == c for p in r["provinces"]}  # noqa: E731
    allp = {r.get("province") for r in m["hexes"].values() if r.get("province")}
    return {"fitted": box(allp), "I Corps": box(corps("I")), "Delta": box(corps("IV"))}


def print_mutations():
    """--mutations: the mean changes a click of each kind made, by region."""
    for kind in sorted({k for k, _ in MUTATIONS}):
        rows = [m for k, m in MUTATIONS if k == kind]
        parts = [f"{region} " + "/".join(f"{sum(r[region][x] for r in rows) / len(rows):.0f}" for x in ("attr", "nodes", "text"))
                 for region in ("map", "panel", "rest")]
        print(f"  every {kind} (n={len(rows)}), mean changes attributes/nodes/texts: " + ", ".join(parts))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", default=str(ROOT), help="the built tree to serve (bash scripts/build.sh)")
    ap.add_argument("--setup", default="campaign-1965", choices=("campaign-1965", "campaign-1968", "starlite"))
    ap.add_argument("--clicks", type=int, default=120, help="timed clicks per view")
    ap.add_argument("--phone", action="store_true", help="a 390 x 844 screen instead of 1440 x 900")
    ap.add_argument("--shots", default=None, help="a folder for the screens of each view")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--inline", action="store_true", help="the whole map's art drawn inline, element by element, "
                                                         "not as a picture under its places (render_map.MapView art)")
    ap.add_argument("--far", type=float, default=12, help="the map's level of detail (MAPS \"far\", px): counters "
                                                          "narrower than this show no text; 0: always shown")
    ap.add_argument("--css", help="a style sheet the page adopts (an A/B of CSS alone)")
    ap.add_argument("--trace", help="record a Chrome trace of each view's clicks here (FILE.<view>.json) and print "
                                    "the renderer's main-thread time per click by event (bench_clicks.print_trace)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="cProfile the click handler (profile_clicks.py) and print its top N functions by own time")
    ap.add_argument("--callers", default="", metavar="REGEX", help="with --profile: what called the functions matching REGEX")
    ap.add_argument("--sort", default="tottime", help="with --profile: the order (tottime, cumulative)")
    ap.add_argument("--profile-kind", default="", choices=("", "counter", "designate"),
                    help="with --profile: profile only these clicks")
    ap.add_argument("--mutations", action="store_true", help="count what each click changes in the page, by "
                    "region (the observer's own cost lands in the timings: read them from a run without it)")
    a = ap.parse_args()
    area = "quangngai" if a.setup == "starlite" else "country"
    boxes = fit_boxes(area)
    units, kinds = placement(a.setup, a.seed) if area == "country" else ([], {})
    spec = {"area": area, "url": "./static/svg/vietnam_country_map.svg", "units": units, "kinds": kinds, "art": not a.inline, "far": a.far,
            "fit": boxes["fitted"] or (0, 0, 1, 1), "fit_narrow": boxes.get("I Corps") or (0, 0, 1, 1)}
    proc, url = start_server(a.tree)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            size = {"width": 390, "height": 844} if a.phone else {"width": 1440, "height": 900}
            page = browser.new_context(viewport=size).new_page()
            if a.css:  # adopted (the page's CSP refuses a <style> of ours), as bench_clicks.py --css-new
                page.add_init_script("addEventListener('DOMContentLoaded', () => { const s = new CSSStyleSheet(); "
                                     f"s.replaceSync({json.dumps(a.css)}); document.adoptedStyleSheets = [s]; }})")
            page.goto(url)
            wait_ready(page)
            n = page.evaluate(PY, SETUP.format(spec=json.dumps(spec)))
            page.wait_for_selector('body[data-screen="handover"]', state="attached", timeout=30_000)
            page.click('[data-cmd="handover-ok"]')
            page.wait_for_function("() => document.body.dataset.timed === document.body.dataset.rev")
            if a.mutations:
                COUNT_MUTATIONS[0] = True
                page.evaluate(MUTATIONS_JS)
            drawn = page.evaluate("document.querySelectorAll('#vw-pieces [data-unit]').length")
            hexes = page.evaluate("document.querySelectorAll('#map [data-space]').length")
            print(f"tree {a.tree}: setup {a.setup}, {n} units, {drawn} counters drawn on {hexes} hexes, "
                  f"{size['width']}x{size['height']}")
            rng = random.Random(a.seed)
            if a.profile:
                PROFILE_KIND[0] = a.profile_kind
                page.evaluate(PROFILE_PY, INSTALL_KIND if a.profile_kind else INSTALL)
            allms = []
            for name, box in boxes.items():
                view_to(page, box)
                if a.shots:
                    Path(a.shots).mkdir(parents=True, exist_ok=True)
                    tag = f"{a.setup}-{'390' if a.phone else '1440'}-{name.replace(' ', '')}"
                    page.screenshot(path=str(Path(a.shots) / f"{tag}.png"))
                if a.trace:
                    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
                got = clicks(page, a.clicks, rng)
                if a.trace:
                    path = f"{a.trace}.{name.replace(' ', '')}.json"
                    Path(path).write_bytes(browser.stop_tracing())
                    print_trace(path, len(got))
                ms = [m for _, m in got]
                allms += ms
                by = {}
                for kind, m in got:
                    by.setdefault(kind, []).append(m)
                if ms:
                    print(f"  {name:8s} all {stats(ms)}; " + "; ".join(f"{k} {stats(v)}" for k, v in sorted(by.items())))
                    mine = PARTS[-len(ms):]
                    keys = sorted({k for _, p, _ in mine for k in p})
                    print("           mean ms by part: " + ", ".join(
                        f"{k} {sum(p.get(k, 0) for _, p, _ in mine) / len(mine):.1f}" for k in keys))
            if a.profile:
                print(page.evaluate(PROFILE_PY, REPORT.format(sort=a.sort, top=a.profile, callees="", callers=a.callers)))
            if allms:
                print(f"  every view: {stats(allms)}")
                slow = sorted(PARTS, key=lambda p: -p[0])[:max(1, len(PARTS) // 10)]
                groups = [("the slowest tenth", slow)] + [(f"every {k}", [p for p in PARTS if p[2] == k])
                                                          for k in sorted({p[2] for p in PARTS})]
                for title, rows in groups:
                    keys = sorted({k for _, p, _ in rows for k in p})
                    print(f"  {title}, mean ms by part: " + ", ".join(
                        f"{k} {sum(p.get(k, 0) for _, p, _ in rows) / len(rows):.1f}" for k in keys))
            if MUTATIONS:
                print_mutations()
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
