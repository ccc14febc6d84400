"""Issue 14: a click redraws only what changed (map stacks, relit counters, box counters, the panel's
parts patched in place). What the player sees must be exactly what a redraw from scratch shows: a
First Team game is played by clicking, and every few clicks the screen's counters and panel are
compared with those of a full redraw (the page's own Python drops everything drawn and draws the
same position again)."""
import json
import random
import re

from .ft_ui import RandomPlayer, start_ft
from .mf_ui import random_step, rev, start_game
from .v65_ui import answer, open_match, starlite, take_over

SEEN = """() => {
  const ctr = n => [n.dataset.unit, n.getAttribute('class'), n.getAttribute('aria-label'), n.dataset.count || '',
                    n.querySelector('title') ? n.querySelector('title').textContent : '',
                    [...n.querySelectorAll('text')].map(t => t.textContent).join('/')];
  const stacks = [...document.querySelectorAll('#vw-pieces [data-stack]')].map(s =>
      [s.dataset.stack, s.getAttribute('class'), [...s.querySelectorAll('[data-unit]')].map(ctr)]);
  stacks.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  // (a <details>'s "open" is the player's, kept by the patch: a redraw from scratch folds it)
  const tree = n => n.nodeType === 3 ? n.nodeValue : [n.nodeName,
      [...n.attributes].filter(a => !(n.nodeName === 'DETAILS' && a.name === 'open'))
        .map(a => a.name + '=' + a.value).sort().join(' '), [...n.childNodes].map(tree)];
  // a box's row of other things than counters (Mike Force's pools: a button per kind), as a tree
  const boxes = [...document.querySelectorAll('#boxes [data-box]')].map(b =>
      [b.dataset.box, b.querySelector('.box-h').textContent, [...b.querySelectorAll('svg.mini')].map(n => [...ctr(n), n.parentNode.getAttribute('class')]),
       b.querySelector('svg.mini') ? null : tree(b.querySelector('.box-row'))]);
  const lit = [...document.querySelectorAll('#map .vw-hl')].map(h => [h.dataset.to, h.dataset.action || h.dataset.holds]).sort();
  // the panel patched in place (static/dom.js) as a tree: tags, attributes (sorted: a patched
  // element keeps its attributes' order), texts
  const panel = ['#main-acts', '#actions', '#tracks'].map(s => tree(document.querySelector(s)));
  // each place's accessible name lists its counters (named again only when they change)
  const names = [...document.querySelectorAll('#map [data-space], #map [data-anchor]')].map(g =>
      [g.dataset.space || g.dataset.anchor, g.getAttribute('aria-label')]);
  return {stacks, boxes, lit, panel, names};
}"""

FROM_SCRATCH = """async () => {
  const m = await import('/static/pyodide_early.mjs');
  const py = await m.loadPyodide();
  py.runPython(`
from game.ui import app as A, render_panels as P
from game.ui import dom as D
a = A._app
for sel in ('#main-acts', '#actions', '#tracks'):
    D.q(sel).replaceChildren()
D._SET.clear()
D._PARTS.clear()
a.screen.map.clear()
P._MINIS.clear()
P._BOXES.clear()
P._BOX_LISTS.clear()
P._PLACES[0] = None
a.ctl.redraw()
`);
}"""


def seen_then_redrawn(page):
    """What the screen shows (SEEN), then what it shows once the page's Python has drawn the same
    position again from scratch."""
    shown = page.evaluate(SEEN)
    before = rev(page)
    page.evaluate(FROM_SCRATCH)
    page.wait_for_function(f"() => document.body.dataset.rev !== '{before}'")
    return shown, page.evaluate(SEEN)


def test_first_team_incremental_redraw_matches_a_full_redraw(page, base_url):
    start_ft(page, base_url, seed=5)
    player = RandomPlayer(5)
    compared = relit = 0
    for step in range(90):
        if page.get_attribute("body", "data-over") == "1":
            break
        player.step(page)
        if step % 6:
            continue
        shown, fresh = seen_then_redrawn(page)
        assert shown["stacks"] == fresh["stacks"], f"map counters differ from a full redraw after click {step}"
        assert shown["boxes"] == fresh["boxes"], f"box counters differ from a full redraw after click {step}"
        assert shown["lit"] == fresh["lit"], f"lit places differ from a full redraw after click {step}"
        assert shown["panel"] == fresh["panel"], f"the panel differs from a full redraw after click {step}"
        assert shown["names"] == fresh["names"], f"places' names differ from a full redraw after click {step}"
        compared += 1
        relit += sum(1 for s in fresh["stacks"] for c in s[2] if " act" in (c[1] or ""))
    assert compared >= 10, compared
    assert relit > 0  # some counters were lit: the comparison covered the class that changes most


def test_mike_force_incremental_redraw_matches_a_full_redraw(page, base_url):
    """The same for Mike Force, whose pools are rows of buttons patched in place (a pool button
    changes its class as the units that can act change)."""
    start_game(page, base_url, scenario="early", seed=2024)
    rng = random.Random(2024)
    compared = pools = 0
    for step in range(40):
        if page.get_attribute("body", "data-over") == "1":
            break
        random_step(page, rng)
        if step % 4:
            continue
        shown, fresh = seen_then_redrawn(page)
        for k in ("stacks", "boxes", "lit", "panel", "names"):
            assert shown[k] == fresh[k], f"{k} differ from a full redraw after click {step}"
        compared += 1
        pools += sum(1 for b in fresh["boxes"] if b[3] is not None and "pool-item" in str(b[3]))
    assert compared >= 8, compared
    assert pools > 0  # the rows of pool buttons were compared


SHORT_LIST = """async () => {
  const m = await import('/static/pyodide_early.mjs');
  const py = await m.loadPyodide();
  py.runPython(`
from game.ui import app as A, render_panels as P
P.ENTRY_PLACES = 1
A._app.ctl.redraw()
`);
}"""


def _vietnam_designation(page, base_url, tmp_path):
    """Starlite's US choosing the units of a Search and Destroy: every US unit and every target
    hex can be chosen; the panel's list folded beyond 1 place so that its button is used too."""
    m = starlite(seed=3)
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    open_match(page, base_url, m, tmp_path)
    take_over(page)
    before = rev(page)
    page.evaluate(SHORT_LIST)
    page.wait_for_function(f"() => document.body.dataset.rev !== '{before}'")


def test_vietnam_incremental_redraw_matches_a_full_redraw(page, base_url, tmp_path):
    """Vietnam (issue 47): the map passes over the stacks whose counters, lighting and selection
    are unchanged, a target no longer lit is put aside and comes back, and the panel's places are
    parts of their own folded behind a button: all of it as a redraw from scratch shows it."""
    _vietnam_designation(page, base_url, tmp_path)
    rng = random.Random(47)
    compared = 0
    for step in range(36):
        if page.get_attribute("body", "data-over") == "1":
            break
        if page.get_attribute("body", "data-screen") == "handover":
            take_over(page)
        random_step(page, rng, done_share=0.1)
        if step % 3:
            continue
        if page.get_attribute("body", "data-screen") == "handover":
            continue
        shown, fresh = seen_then_redrawn(page)
        # (the operation panel counts its own drawings in data-drawn: a redraw from scratch is one more)
        shown["panel"], fresh["panel"] = (re.sub(r"data-drawn=\d+", "", json.dumps(x["panel"])) for x in (shown, fresh))
        for k in ("stacks", "lit", "panel", "names"):
            assert shown[k] == fresh[k], f"{k} differ from a full redraw after click {step}"
        compared += 1
    assert compared >= 8, compared


PARKED = """() => [...document.querySelectorAll('#map .vw-hl[data-t="target"]')].map(n =>
    [n.dataset.to, n.dataset.action, n.__kept || null])"""


def test_vietnam_targets_a_selection_puts_out_come_back_as_they_were(page, base_url, tmp_path):
    """Issue 47: a unit selected lights its own targets only; let go, the operation's target hexes
    light again, the same elements as before (put aside, not made anew), each running its action."""
    _vietnam_designation(page, base_url, tmp_path)
    page.evaluate("() => document.querySelectorAll('#map .vw-hl').forEach(n => { n.__kept = n.dataset.to; })")
    before = page.evaluate(PARKED)
    assert len(before) >= 2 and all(k for _, _, k in before)
    for ctr in ('[data-stack="5118"] [data-unit]', '[data-unit="a212"]'):  # the stack spread, a unit selected
        r = rev(page)
        page.locator(f"#vw-pieces {ctr}").first.click()
        page.wait_for_function(f"() => document.body.dataset.rev !== '{r}'")
    assert "Selected: 2/12 (155mm)" in page.text_content("#actions")
    assert page.evaluate(PARKED) == []
    assert page.locator('#map [data-lit]').count() == page.locator('#map .vw-hl').count()  # none left behind
    # the other units that can act, by place: folded whole behind the button (more than 1 place)
    assert page.locator("#actions .ent-place").count() == 0
    more = page.locator('#actions [data-cmd="more-places"]')
    text = more.text_content()
    assert text.startswith("List the ") and " units that can act (" in text
    n = int(text.split("(")[1].split()[0])
    r = rev(page)
    more.click()
    page.wait_for_function(f"() => document.body.dataset.rev !== '{r}'")
    assert page.locator("#actions .ent-place").count() == n
    assert more.text_content() == "Fold the list" and more.get_attribute("aria-expanded") == "true"
    r = rev(page)
    more.click()
    page.wait_for_function(f"() => document.body.dataset.rev !== '{r}'")
    assert page.locator("#actions .ent-place").count() == 0
    r = rev(page)
    page.click('[data-cmd="clear"]')
    page.wait_for_function(f"() => document.body.dataset.rev !== '{r}'")
    after = page.evaluate(PARKED)
    assert sorted(after) == sorted(before)  # the same places, indices and elements
    shown, fresh = seen_then_redrawn(page)
    assert shown["lit"] == fresh["lit"]


MORPH = """() => {
  const box = document.createElement('div');
  document.body.appendChild(box);
  const item = k => `<button data-key="${k}">${k}</button>`;
  window.vwMorph(box, ['a', 'b', 'c', 'd'].map(item).join(''));
  const before = [...box.children];
  before.forEach(n => { n.__kept = n.dataset.key; });
  let added = 0;
  const seen = new MutationObserver(rs => rs.forEach(r => { added += r.addedNodes.length; }));
  seen.observe(box, {childList: true});
  window.vwMorph(box, ['b', 'c', 'e', 'd'].map(item).join(''));  // the first goes, one comes
  const recs = seen.takeRecords();
  recs.forEach(r => { added += r.addedNodes.length; });
  seen.disconnect();
  const out = {keys: [...box.children].map(n => n.dataset.key), kept: [...box.children].map(n => n.__kept || null),
               texts: [...box.children].map(n => n.textContent), added};
  box.remove();
  return out;
}"""


def test_patch_keeps_keyed_elements_after_one_that_goes(page, base_url):
    """static/dom.js: a keyed element that leaves the front of a list is removed, and those after
    it are patched where they stand, not moved (a moved button is laid out again; issue 14)."""
    start_ft(page, base_url, seed=5)
    out = page.evaluate(MORPH)
    assert out["keys"] == ["b", "c", "e", "d"]
    assert out["texts"] == ["b", "c", "e", "d"]
    assert out["kept"] == ["b", "c", None, "d"]  # the same elements, the new one made
    assert out["added"] == 1, out  # only "e" was inserted: b, c and d were not moved


WATCH_BASE = """() => {
  const base = document.querySelector('#map svg.map-base');
  window.__base_changes = [];
  const ctrl = base.querySelector('#vw-control');
  window.__base_note = rs => rs.forEach(r => {
    // a place's accessible name follows its counters, and control rings change hands: neither is drawn anew
    if (r.type === 'attributes' && r.attributeName === 'aria-label') return;
    // the view is the svg's transform (panzoom.py): the drawing is not touched
    if (r.target === base && r.attributeName === 'style') return;
    if (ctrl.contains(r.target)) return;
    window.__base_changes.push(r.type + ' ' + (r.attributeName || '') + ' on ' + r.target.nodeName);
  });
  window.__base_watch = new MutationObserver(window.__base_note);
  window.__base_watch.observe(base, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

VIEWS = """() => [...document.querySelectorAll('#map > svg')].map(s => {
  const r = s.getBoundingClientRect();
  return [s.getAttribute('class'), s.getAttribute('viewBox'), s.getAttribute('preserveAspectRatio'), s.style.transform,
          Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
})"""

HIT = """() => {
  const centre = n => { const r = n.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const lit = [...document.querySelectorAll('#map .vw-hl')].find(h => {
    const [x, y] = centre(h);
    return x > 0 && y > 0 && x < innerWidth - 440 && y < innerHeight;
  });
  const litHit = lit ? document.elementFromPoint(...centre(lit)).closest('.vw-hl') === lit : null;
  // a place with nothing drawn over it: no stack, no highlight, no control ring within 40 px
  const over = [...document.querySelectorAll('#map svg.map-top [data-unit], #map svg.map-top .vw-hl')].map(centre);
  const bare = [...document.querySelectorAll('#map svg.map-base [data-space]')].find(p => {
    const [x, y] = centre(p);
    return x > 0 && y > 0 && x < innerWidth - 440 && y < innerHeight && over.every(([a, b]) => Math.hypot(a - x, b - y) > 40);
  });
  const bareHit = bare ? document.elementFromPoint(...centre(bare)).closest('[data-space]') === bare : null;
  return {lit: litHit, bare: bareHit, place: bare ? bare.dataset.space : null};
}"""


def test_map_layers_are_drawn_over_an_untouched_map(page, base_url):
    """render_map.py: counters and highlights are drawn in an <svg> of their own over the map's, so
    a click never changes the map's drawing (Chromium then does not paint it again; issue 14). The
    player sees one map: both show the same view at every zoom, a lit place takes the click over
    the map, and a place with nothing drawn over it is clicked through the layers."""
    start_ft(page, base_url, seed=5)
    page.evaluate(WATCH_BASE)
    player = RandomPlayer(5)
    lit_hits = []
    for _ in range(30):
        if page.get_attribute("body", "data-over") == "1":
            break
        player.step(page)
        lit_hits.append(page.evaluate(HIT)["lit"])
    assert True in lit_hits and False not in lit_hits, lit_hits  # a lit place takes the click, over the map
    changes = page.evaluate("() => { window.__base_note(window.__base_watch.takeRecords()); return window.__base_changes; }")
    assert changes == [], changes[:10]
    assert page.locator("#map svg.map-top #vw-pieces [data-unit]").count() > 0  # the counters are drawn, over the map
    for cmd in ("zoom-in", "zoom-in", "zoom-out"):
        views = page.evaluate(VIEWS)
        assert len(views) == 2 and views[0][0].endswith("map-base") and views[1][0] == "map-top", views
        assert views[0][1:] == views[1][1:], views  # the same view box, fit, transform and place on the page
        page.click(f'[data-cmd="{cmd}"]')
    page.click('[data-cmd="zoom-fit"]')
    hit = page.evaluate(HIT)
    assert hit["bare"] is True, hit
    page.evaluate("() => window.__base_watch.disconnect()")


PATCH_ATTRS = """() => {
  const box = document.createElement('div');
  box.innerHTML = '<p data-key="a" class="x" title="old">a<b>1</b></p><p data-key="b" hidden>b</p>'
    + '<svg><g data-stack="S" transform="translate(1 2)"><text x="1">3</text></g></svg>';
  const [pa, pb] = box.querySelectorAll('p');
  const g = box.querySelector('g'), b = box.querySelector('b');
  const seen = [];
  const obs = new MutationObserver(() => {});
  obs.observe(box, {subtree: true, childList: true, attributes: true, characterData: true});
  window.vwMorph(box, '<p data-key="a" class="y" data-n="2">a<b>1</b></p><p data-key="b" hidden>b</p>'
    + '<svg><g data-stack="S" transform="translate(1 2)" class="open"><text x="2">3</text></g></svg>');
  for (const r of obs.takeRecords()) seen.push(r.type + ' ' + (r.attributeName || '') + ' ' + r.target.nodeName);
  const ps = box.querySelectorAll('p');
  return {same: ps[0] === pa && ps[1] === pb && box.querySelector('g') === g && box.querySelector('b') === b,
          a: [...pa.getAttributeNames()].sort().map(n => n + '=' + pa.getAttribute(n)),
          g: [...g.getAttributeNames()].sort().map(n => n + '=' + g.getAttribute(n)),
          x: box.querySelector('text').getAttribute('x'), seen: seen.sort()};
}"""


def test_patch_writes_only_the_attributes_that_differ(page, base_url):
    """static/dom.js: a patched element loses the attributes the new markup lacks and takes the
    new ones; an element whose whole subtree is unchanged (the second <p>, the <b>) is left as it
    is, with no mutation at all (issue 14: the patch compares by attribute name, and skips an equal
    subtree at once)."""
    start_ft(page, base_url, seed=5)
    out = page.evaluate(PATCH_ATTRS)
    assert out["same"], out  # every element kept, none made anew
    assert out["a"] == ["class=y", "data-key=a", "data-n=2"]
    assert out["g"] == ["class=open", "data-stack=S", "transform=translate(1 2)"]
    assert out["x"] == "2"
    assert out["seen"] == ["attributes class P", "attributes class g", "attributes data-n P",
                           "attributes title P", "attributes x text"], out["seen"]
