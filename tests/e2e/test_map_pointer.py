"""The map's pointer (game/ui/panzoom.py, static/dom.js vwPointerGate): a drag pans the map and
its release does nothing else; a press that does not move is a click on what is under it.
Python is told of a press only once it drags (issue 14), so both are played here as a hand does.
(Chromium sends the click that ends a captured drag to the map's box, not to the place pressed;
the gate swallows it all the same, as panzoom.py did before.)"""
from .ft_ui import RandomPlayer, start_ft
from .mf_ui import rev

LIT = """() => {
  const h = [...document.querySelectorAll('#map .vw-hl[data-action]')].find(h => {
    const r = h.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x > 150 && y > 150 && x < innerWidth - 600 && y < innerHeight - 150;
  });
  if (!h) return null;
  const r = h.getBoundingClientRect();
  return {to: h.dataset.to, x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""

AT = """to => {
  const r = document.querySelector(`#map .vw-hl[data-action][data-to="${to}"]`).getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""

# the view box shown (panzoom.py), and each svg's transform that shows it
VIEWS = "() => [document.querySelector('#map').dataset.vb, ...[...document.querySelectorAll('#map > svg')].map(s => s.style.transform)]"


def test_a_drag_pans_and_a_still_press_clicks(page, base_url):
    start_ft(page, base_url, seed=5)
    player = RandomPlayer(5)
    lit = page.evaluate(LIT)
    for _ in range(40):
        if lit:
            break
        player.step(page)
        lit = page.evaluate(LIT)
    assert lit, "no lit place on the map to press"
    before, views0 = rev(page), page.evaluate(VIEWS)
    # a drag that starts on a lit place: the map pans under the pointer, no action is taken
    page.mouse.move(lit["x"], lit["y"])
    page.mouse.down()
    page.mouse.move(lit["x"] + 40, lit["y"] + 30, steps=4)
    page.mouse.move(lit["x"] + 120, lit["y"] + 90, steps=4)
    page.mouse.up()
    views = page.evaluate(VIEWS)
    assert views[1] == views[2] and views[1] != views0[1] and views[0] != views0[0], (views0, views)
    vx0, vy0 = (float(v) for v in views0[0].split()[:2])
    vx, vy = (float(v) for v in views[0].split()[:2])
    assert vx < vx0 and vy < vy0  # dragged right and down: the view moved up and left over the map
    page.wait_for_timeout(150)
    assert rev(page) == before, "the release of a drag acted"
    # the same place, where it now is on the screen: a press that does not move is a click
    moved = page.evaluate(AT, lit["to"])
    assert moved and abs(moved["x"] - lit["x"] - 120) < 3 and abs(moved["y"] - lit["y"] - 90) < 3, (lit, moved)
    page.mouse.click(moved["x"], moved["y"])
    page.wait_for_function(f"() => document.body.dataset.rev !== '{before}'")
