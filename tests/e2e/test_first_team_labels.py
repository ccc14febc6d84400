"""First Team: Vietnam's place names stay readable where stacks stand (issue 45: the stacks at Plei Me
covered a neighbour's name): on the guided first turn's position at the NVA attack on Plei Me
(both sides at G4), with more stacks put where a stack's room meets a neighbour's label (both
sides at nine places, one side at six), no label's box meets a stack's, at 1440x900 and on a
phone at 390x844, and at the middle of every label in view the player sees the label, not a
counter. Screenshots: /tmp/ft_labels/."""
import json
import os

import pytest

from game.engine import match as M
from game.rules import get
from game.ui import guide_model as G

from .mf_ui import continue_match

SHOTS = "/tmp/ft_labels"
BOTH = ["A6", "C6", "D3", "G3", "J2", "J3", "J5", "H5", "J6"]  # (a stack of each side: the widest)
ONE = ["C2", "C5", "A5", "G1", "F6", "D2"]

# every place label and every stack on the map, as client rectangles; at each label's middle, if
# it is in the map's view, what the page shows there (a counter's stack, or else)
SEEN = """() => {
  const r = el => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const map = document.querySelector('#map').getBoundingClientRect();
  const labels = [...document.querySelectorAll('#map svg g.location[data-space] text.space-label, '
                                              + '#map svg g.location[data-space] text.space-name')].map(t => {
    const [l, tp, rt, bt] = r(t); const x = (l + rt) / 2, y = (tp + bt) / 2;
    let at = null;
    if (x > map.left && x < map.right && y > map.top && y < map.bottom) {
      const hit = document.elementFromPoint(x, y);
      at = !hit ? 'nothing' : hit.closest('g.stack') ? 'stack ' + hit.closest('g.stack').dataset.stack
         : hit.closest('text.space-label, text.space-name') === t ? 'label' : 'other';
    }
    return {place: t.closest('g.location').dataset.space, text: t.textContent, box: [l, tp, rt, bt], at: at};
  });
  const stacks = [...document.querySelectorAll('#map svg.map-top g.stack')].map(s => ({place: s.dataset.stack, box: r(s)}));
  return {labels, stacks};
}"""


def crowded():
    """The guided first turn at the NVA attack on Plei Me (FT 11.1: the American and NVA stacks side
    by side at G4), with companies of both sides put at BOTH and American ones at ONE."""
    R = get("first-team")
    doc = G.load("first-team")
    scen, seed, opts, dice = G.start_args(doc)
    m = M.new_match(R, scen, seed, opts, dice)
    for step in doc["steps"]:
        if step["do"]["t"] == "heli":  # (the support the guide sends first: the attack's question)
            break
        legal = M.legal_actions(R, m)
        M.apply(R, m, M.strip(legal[G.find(step, legal)[0]]))
    U = m["state"]["units"]
    us = [x for x, u in U.items() if u["k"] == "inf" and u["loc"] == "ANKHE"]
    nva = [x for x, u in U.items() if u["k"] == "nva" and u["loc"] == "UNKNOWN"]
    for loc in BOTH:
        U[us.pop()]["loc"] = U[us.pop()]["loc"] = U[nva.pop()]["loc"] = loc
    for loc in ONE:
        U[us.pop()]["loc"] = loc
    return json.loads(json.dumps(m))


def meets(a, b):
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("w, h", [(1440, 900), (390, 844)])
def test_no_stack_covers_a_place_name(browser, base_url, w, h):
    phone = w <= 820
    ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    try:
        continue_match(page, base_url, crowded())
        page.wait_for_selector('#map svg.map-top g.stack[data-stack="G4"]', state="attached")
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/ft_labels_{w}.png")
        seen = page.evaluate(SEEN)
        stacks = {s["place"]: s["box"] for s in seen["stacks"]}
        assert set(BOTH + ONE + ["G4"]) <= set(stacks)
        covered = [(lb["place"], lb["text"], p) for lb in seen["labels"] for p, box in stacks.items() if meets(lb["box"], box)]
        assert covered == []
        in_view = [lb for lb in seen["labels"] if lb["at"] is not None]
        assert len(in_view) >= 20
        assert [(lb["place"], lb["text"], lb["at"]) for lb in in_view if lb["at"].startswith("stack")] == []
    finally:
        ctx.close()
