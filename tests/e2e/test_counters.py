"""Counters as the player sees them (issue 9 item 1; MF 2.5-2.7, MF 16.0, FT 2.0): every kind of piece
of both games drawn by its own game's drawer, its text and tooltip carrying its values, the two sides
on different faces, concealed pieces showing nothing hidden. The pieces are the rules' own view of a
state holding one unit of every kind (built here under CPython), drawn in the page."""
import json
import re

import pytest

from game.engine import match as M
from game.rules import get
from game.rules.mike_force.data import KINDS as MF_KINDS

from .conftest import wait_ready
from .mf_ui import start_game


def mf_pieces():
    r = get("mike-force")
    m = M.new_match(r, "early", 1, {}, "auto")
    units = m["state"]["units"]
    space = next(iter(M.view(r, m)["spaces"]))
    for k in MF_KINDS:
        units["t_" + k] = {"k": k, "loc": space, "rev": True}
    units["t_red"] = {"k": "mf", "loc": space, "red": True}
    units["t_ldr"] = {"k": "leader", "loc": space, "att": "t_mf", "name": "Blackjack"}
    units["t_hid"] = {"k": "inf_bn", "loc": space}
    units["t_cgar"] = {"k": "gar_HUE", "loc": space, "com": True}
    return M.view(r, m)["spaces"][space]["pieces"]


def ft_pieces():
    r = get("first-team")
    m = M.new_match(r, "campaign", 1, {}, "auto")
    s = m["state"]
    seen, out = set(), []
    for uid, u in s["units"].items():  # one of every kind, on the map
        if u["k"] not in seen:
            seen.add(u["k"])
            u["loc"] = "A5"
            u["rev"] = True
    s["units"]["t_brk"] = dict(s["units"]["1-8A"], brk=True, fat=2)
    s["units"]["t_nart"] = {"k": "nart", "loc": "A5", "reg": "32"}
    v = M.view(r, m)
    out = list(v["spaces"]["A5"]["pieces"]) + v["boxes"]["Unknown"][:1]
    out.append({"id": "?A5.1", "side": "US", "concealed": True, "back": "LZ"})
    return out


def draw(page, game, p):
    return json.loads(page.evaluate("([p, g]) => window.__vw_counter(p, g)", [json.dumps(p), game]))


@pytest.fixture
def booted(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    return page


def test_mf_2_5_every_counter_shows_its_values(booted):
    pieces = mf_pieces()
    kinds = {p.get("kind") for p in pieces if not p.get("concealed")}
    assert set(MF_KINDS) <= kinds
    faces = {"FW": set(), "COM": set()}
    for p in pieces:
        c = draw(booted, "mike-force", p)
        texts, title = " ".join(c["texts"]), c["title"]
        if p.get("concealed"):  # MF 16.0: only the back
            assert c["texts"] == [] and "Concealed" in title and "Infantry" not in title
            continue
        faces[p["side"]].add(c["bg"])
        assert p["name"] in title, p
        assert p["short"] in texts, (p, texts)  # the printed short name, not the name cut short
        if p.get("leader"):
            continue
        if p["side"] == "COM" and p["cls"] != "garrison":
            assert f"{p['c']}-{p['bcp']}" in texts and f"combat {p['c']}, BCP {p['bcp']}" in title
            assert c["texts"][-1] in "MSAD" and ("mobile" in title) == p["mobile"]
        elif p["cls"] == "air":
            assert str(p["c"]) in texts and f"combat {p['c']}" in title
        elif p["cls"] == "garrison":
            assert f"combat {p['c']}" in title and str(p["c"]) in texts
        else:
            assert f"{p['r']}-{p['c']}-{p['m']}" in texts, (p, texts)
            assert f"recon {p['r']}, combat {p['c']}" in title
            assert ("reduced" in title) == p["red"] and ("reduced" in c["parts"]) == p["red"]
            assert ("ldr" in c["parts"]) == bool(p.get("leader_name"))
            if p.get("leader_name"):
                assert "L" in c["texts"] and p["leader_name"] in title
    assert faces["FW"] and faces["COM"] and not faces["FW"] & faces["COM"]  # the sides differ at a glance


def test_ft_2_0_every_counter_shows_its_values(booted):
    pieces = ft_pieces()
    kinds = {p.get("kind") for p in pieces if not p.get("concealed")}
    assert {"inf", "sfg", "pf", "tr", "gs", "ara", "oh", "arty", "nart", "sup", "lz", "tac", "b52", "nva"} <= kinds
    faces = {"US": set(), "NVA": set()}
    for p in pieces:
        c = draw(booted, "first-team", p)
        texts, title = " ".join(c["texts"]), c["title"]
        if p.get("concealed"):
            assert "concealed" in title.lower() or "face down" in title
            assert not any(ch.isdigit() for ch in texts)  # no values of the hidden side
            continue
        faces[p["side"]].add(c["bg"])
        if p["kind"] in ("inf", "sfg", "nva"):
            assert f"strength {p['str']}, effectiveness {p['eff']}" in title
            assert str(p["str"]) in texts and str(p["eff"]) in texts
        if p.get("strike") is not None:
            assert f"strike {p['strike']}" in title and str(p["strike"]) in texts
    assert faces["US"] and faces["NVA"] and not faces["US"] & faces["NVA"]


def test_mf_counters_on_the_map_are_drawn_by_mike_force(page, base_url):
    """The regression of the review (MF problem 1): Mike Force pieces carry "kind" and went to First
    Team's drawer, as blank tiles with the name cut to 8 letters."""
    start_game(page, base_url, scenario="early", seed=3)
    shown = page.evaluate("""() => [...document.querySelectorAll('#map [data-unit]')].map(g => [
        g.dataset.unit, g.querySelector('title').textContent,
        [...g.querySelectorAll('text')].map(t => t.textContent)])""")
    assert shown
    for uid, title, texts in shown:
        if uid.startswith("?"):
            assert title.startswith("Concealed Communist unit")
            continue
        assert "(Free World)" in title or "(Communist)" in title, title
        assert any(re.fullmatch(r"\d+(-\d+){0,2}|\d-\d-A", t) for t in texts), (uid, texts)  # factors
    page.screenshot(path="/work/shots/ui-a/mf_setup_1440.png")


def v_pieces():
    r = get("vietnam-1965-1975")
    out = []
    for scenario in ("starlite", "silver-bayonet"):
        v = M.view(r, M.new_match(r, scenario, 1, {}, "auto"))
        out += [p for s in v["spaces"].values() for p in s.get("pieces", [])]
    return out


SAME_AT_EVERY_PLACE = """async ([pieces, game]) => {
  const m = await import('/static/pyodide_early.mjs');
  const py = await m.loadPyodide();
  py.globals.set('vw_pieces', JSON.stringify(pieces));
  py.globals.set('vw_game', game);
  return py.runPython(`
import json
from game.ui import counters as C
from game.ui.dom import Frag
from game.ui.games import ui_for
ui = ui_for(vw_game)
C.use(ui)
out = []
for p in json.loads(vw_pieces):
    for x, y in ((0, 0), (37.25, -12.5), (-101, 88.75), (37.25, -12.5)):
        kept, fresh = C.counter(p, x, y).html(), ui.draw_counter(p, x, y, Frag("g")).html()
        if kept != fresh:
            out.append([p.get("id"), x, y, kept, fresh])
json.dumps(out)
`);
}"""


@pytest.mark.parametrize("game, pieces", [("mike-force", mf_pieces), ("first-team", ft_pieces),
                                          ("vietnam-1965-1975", v_pieces)])
def test_a_counter_kept_once_is_drawn_right_at_every_place(booted, game, pieces):
    """counters.counter keeps one drawing of a piece for all the places it is shown (the map, a
    stack, a panel box; issue 14): it must be what the game's drawer draws there, every kind."""
    ps = pieces()
    assert len(ps) >= 10
    differ = json.loads(booted.evaluate(SAME_AT_EVERY_PLACE, [ps, game]))
    assert differ == []
