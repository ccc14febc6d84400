"""Vietnam 1965-1975 played on the map (issue 45 "done when"): a Starlite game with both players at
one screen and a Silver Bayonet game against the computer, played by clicking only what the page
offers: [data-action] elements (the panel's buttons, the hexes lit on the map, the chooser's
buttons) and, for every move, a destination on the map: a click on a far hex of the shaded range
walks the unit or stack there a step at a time (walk.py), a click on a lit hex takes one step, and
a click on the mover's own lit hex halts it. The US player moves toward the operation's target;
the NLF player moves at random. Each game ends with the page's match replaying to the same hash
in CPython. Figures for the notes (hand-overs, clicks, click-to-screen times) go to
/tmp/vw_map_games.json; screenshots to /tmp/v65map/."""
import json
import os
import random

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.rules.vietnam_1965_1975.hexes import distance

from . import test_vietnam_hotseat as HS
from . import test_vietnam_scenarios as SC
from .mf_ui import confirm_warning, panel_actions, reveal, rev, wait_rev_after

SHOTS = "/tmp/v65map"
FIGURES = "/tmp/vw_map_games.json"


def _record(name, d):
    try:
        with open(FIGURES) as fh:
            out = json.load(fh)
    except (OSError, ValueError):
        out = {}
    out[name] = d
    with open(FIGURES, "w") as fh:
        json.dump(out, fh, indent=1)


def settle(page, timeout_ms=15_000):
    """Until the page's match stops changing (a walk's steps follow each other ~160 ms apart)."""
    n = -1
    for _ in range(timeout_ms // 450):
        now = len(json.loads(page.evaluate("window.__vw_state()"))["actions"])
        if now == n and page.get_attribute("body", "data-thinking") != "1":
            return
        n = now
        page.wait_for_timeout(450)


IN_VIEW = """hexes => { const f = document.querySelector('#map').getBoundingClientRect();
    return hexes.filter(h => { const e = document.querySelector(`#map [data-space="${h}"]`);
        if (!e) return false;
        const b = e.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
        const top = document.elementFromPoint(x, y);
        return x > f.left && x < f.right && y > f.top && y < f.bottom && top && top.closest('#map')
            && !top.closest('button') && top.closest('[data-space]') === e; }); }"""


class MapPlayer:
    """Chooses each decision from the engine's view of the side at the screen, and makes it by a
    click on the map where the map offers it."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.walks = self.map_clicks = self.panel_clicks = self.untimed = 0
        self.times = []

    # --- what to do -------------------------------------------------------------------------------
    def move_goal(self, v, role, page):
        """For a unit or stack moving: ("walk", hex), ("halt", None) or None (nothing moving yet)."""
        mv = v.get("moving") or {}
        ids = mv.get("stack") or ([mv["unit"]] if mv.get("unit") else [])
        if not ids:
            return None
        here = next(h for h, sp in v["spaces"].items() for p in sp["pieces"] if p["id"] == ids[0])
        paths = mv.get("paths") or {}
        # an empty hex in view: the click lands on the hex itself
        free = page.evaluate(IN_VIEW, sorted(h for h in paths if h not in v["spaces"]))
        targets = (v.get("op") or {}).get("targets") or []
        if role == "US" and targets:
            def near(h):
                return min(distance(h, t) for t in targets)
            goal = min(free, key=lambda h: (near(h), len(paths[h]), h), default=None)
            if goal is None or near(goal) >= near(here) or near(here) <= 1:
                return ("halt", None)
            return ("walk", goal)
        if free and self.rnd.random() < 0.6:
            return ("walk", self.rnd.choice(sorted(free)))
        return ("halt", None)

    def pick(self, acts, role):
        """Otherwise: the US conducts operations (its units, a target, go, each unit moved in turn,
        every attack); the NLF plays at random, operating more often than passing."""
        types = {}
        for a in acts:
            types.setdefault(a[1], []).append(a[0])
        if role == "US":
            if "done" in types and ("hold" in types or "patrol" in types) and self.rnd.random() < 0.85:
                return types["done"][0]  # (units on Hold or Patrol may not operate, V 6.2)
            for t, p in (("operate", 1), ("unit", 0.75), ("target", 1), ("go", 1), ("pick", 1), ("attack", 1)):
                if t in types and self.rnd.random() < p:
                    return self.rnd.choice(types[t])
        keep = [a for a in acts if a[1] not in ("end", "decline", "pref")] or acts
        ops = [a for a in acts if a[1] in ("operate", "us_op", "attack", "go", "target", "unit")]
        return self.rnd.choice(ops if ops and self.rnd.random() < 0.7 else keep)[0]

    # --- how it is clicked ------------------------------------------------------------------------
    def click_lit(self, page, i, role_actions):
        """Action i by its lit hex on the map (the chooser when the hex holds several); False when
        the map does not light it."""
        lit = page.locator(f'#map .vw-hl[data-action="{i}"], #map .vw-hl[data-holds~="{i}"]')
        if lit.count() == 0:
            return False
        box = lit.first.bounding_box()
        frame = page.locator("#map").bounding_box()
        x, y = (box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.85) if box else (-1, -1)
        if not (frame["x"] < x < frame["x"] + frame["width"] and frame["y"] < y < frame["y"] + frame["height"]):
            return False  # off the part of the map in view (a player would pan; the panel has it too)
        if page.evaluate(f"() => !!document.elementFromPoint({x}, {y})?.closest('#zoom, .zoom, #map-tools, button')"):
            return False  # under the map's own buttons
        several = lit.first.get_attribute("data-holds")
        before = rev(page)
        page.mouse.click(x, y)  # the hex, below its counters
        if several:  # several actions on the hex: its chooser
            page.wait_for_selector("#chooser:not([hidden])")
            page.locator(f'#chooser [data-action="{i}"]').first.click()
        confirm_warning(page, before)
        wait_rev_after(page, before)
        self.map_clicks += 1
        return True

    def click_panel(self, page, i):
        before = rev(page)
        reveal(page, i).click()
        confirm_warning(page, before)  # a costly or fatal choice asks once (issue 45 item 1)
        wait_rev_after(page, before)
        self.panel_clicks += 1

    def walk(self, page, goal):
        before = rev(page)
        n = len(json.loads(page.evaluate("window.__vw_state()"))["actions"])
        page.locator(f'#map [data-space="{goal}"]').click()
        try:
            wait_rev_after(page, before)
        except Exception:
            page.screenshot(path=f"{SHOTS}/walk_failed_1440.png")
            raise AssertionError(f"walk to {goal}: {page.text_content('#flash')!r} {page.text_content('#prompt')!r}")
        settle(page)
        assert len(json.loads(page.evaluate("window.__vw_state()"))["actions"]) > n
        self.walks += 1

    def play(self, page, m, role):
        """One decision of `role` on the page."""
        v = M.view(R, m, role)
        acts = v["actions"]
        want = self.move_goal(v, role, page)
        timed = True  # (a walk's later steps are the page's own, not clicks: not timed)
        if want and want[0] == "walk":
            path = v["moving"]["paths"][want[1]]
            if len(path) == 1:  # the next hex: lit for its step
                i = next(k for k, a in enumerate(acts) if a["t"] == "step" and a["to"] == want[1])
                if not self.click_lit(page, i, acts):  # (its light is under a counter of the hex's own)
                    self.click_panel(page, i)
            else:
                self.walk(page, want[1])
                timed = False
        elif want:
            i = next((k for k, a in enumerate(acts) if a["t"] == "halt"), None)
            if i is None:  # (a stack that cannot halt as a whole: drop its units one by one)
                i = next(k for k, a in enumerate(acts) if a["t"] in ("drop", "done"))
            assert self.click_lit(page, i, acts) or self.click_panel(page, i) is None
        else:
            shown = [a for a in panel_actions(page) if a[1] != "pref"] or panel_actions(page)
            i = self.pick(shown, role)
            if not (self.rnd.random() < 0.8 and self.click_lit(page, i, acts)):
                self.click_panel(page, i)
        if timed and page.get_attribute("body", "data-screen") == "game":
            try:  # (a click that hands the turn to the computer is timed once its first frame shows)
                page.wait_for_function("() => document.body.dataset.timed === document.body.dataset.rev",
                                       timeout=5_000)
                self.times.append(page.evaluate("window.__vw_last_update_ms"))
            except Exception:
                self.untimed += 1

    def figures(self):
        t = sorted(self.times)
        return {"walks": self.walks, "map_clicks": self.map_clicks, "panel_clicks": self.panel_clicks,
                "timed": len(t), "untimed": self.untimed,
                "median_ms": t[len(t) // 2] if t else None, "p95_ms": t[int(len(t) * 0.95)] if t else None}


def test_a_starlite_game_at_one_screen_played_on_the_map(page, base_url):
    os.makedirs(SHOTS, exist_ok=True)
    seed = int(os.environ.get("MAPSEED", 11))
    HS.start(page, base_url, seed=seed)
    player = MapPlayer(seed)
    handovers = 0
    for _ in range(500):
        if page.get_attribute("body", "data-over") == "1":
            break
        if page.get_attribute("body", "data-screen") == "handover":
            who = page.get_attribute("body", "data-handover")
            assert who in page.text_content("#handover-msg")
            before = rev(page)
            page.click('[data-cmd="handover-ok"]')
            wait_rev_after(page, before)
            handovers += 1
            continue
        viewer = page.get_attribute("body", "data-viewer")
        m = HS.engine_state(page)
        assert M.current_role(R, m) == viewer
        if viewer == "US":
            HS.check_us_page(page)
        player.play(page, m, viewer)
    assert page.get_attribute("body", "data-over") == "1", page.text_content("#prompt")
    m = HS.engine_state(page)
    page.screenshot(path=f"{SHOTS}/starlite_over_1440.png")
    f = player.figures()
    assert f["walks"] >= 2 and f["map_clicks"] >= 5, (f, " ".join(a["t"] for a in m["actions"]), m["state"]["over"])
    _record("starlite-hotseat", dict(f, handovers=handovers, actions=len(m["actions"]), winner=m["state"]["over"]["winner"]))


def test_a_silver_bayonet_game_against_the_computer_played_on_the_map(page, base_url):
    os.makedirs(SHOTS, exist_ok=True)
    SC.start(page, base_url, "silver-bayonet", 5, nlf="ai:standard")
    player = MapPlayer(5)
    for _ in range(800):
        try:
            SC.wait_turn(page, timeout=180_000)
        except Exception:
            page.screenshot(path=f"{SHOTS}/silver_bayonet_stuck_1440.png")
            raise AssertionError(f"stuck: {page.text_content('#prompt')!r} "
                                 f"{page.evaluate('JSON.stringify(document.body.dataset)')}") from None
        if page.get_attribute("body", "data-over") == "1":
            break
        m = HS.engine_state(page)
        assert M.current_role(R, m) == "US"
        player.play(page, m, "US")
    assert page.get_attribute("body", "data-over") == "1", page.text_content("#prompt")
    m = HS.engine_state(page)
    page.screenshot(path=f"{SHOTS}/silver_bayonet_over_1440.png")
    f = player.figures()
    assert f["walks"] >= 2 and f["map_clicks"] >= 5, f
    _record("silver-bayonet-vs-standard", dict(f, actions=len(m["actions"]), winner=m["state"]["over"]["winner"],
                                               over=page.text_content("#prompt")))
