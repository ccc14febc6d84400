"""The whole map on the About page (issue 47 item 2): a game's map of all its play areas (its GameUI
WHOLE_MAP), shown as a picture with its regions, corps zones and borders, and zoomed on its named
parts. Its named places (cities, capitals, corps zones) are text over the picture, so that they stay
readable at every zoom (the picture's own town names are drawn for a hex on the board). It is no
board (no counters, no clicks on places) until a scenario is played on it: Vietnam's campaigns are
data only until their rules are built."""

from .dom import el
from .games import ui_for

NEAR = 0.15   # from this scale (screen px per map unit) up, the province capitals are named too


def draw(root, game):
    """The whole map's section of the About page, for the games that have one; its picture loads
    when the section is opened (loading="lazy" in a closed details) and shows the whole map fitted."""
    ui = ui_for(game)
    spec = ui.WHOLE_MAP
    if not spec:
        return
    w, h = spec["size"]
    det = el("details", cls="about-sec whole-map", parent=root, attrs={"data-whole-map": game, "data-zoom": "far"})
    el("summary", text=spec["title"], parent=det)
    el("p", text=spec["note"], cls="muted", parent=det)
    bar = el("div", cls="whole-map-zoom", parent=det)
    for key, label, box in spec["views"]:
        el("button", text=label, cls="act-btn", parent=bar,
           attrs={"type": "button", "data-cmd": "whole-map", "data-view": key, "data-box": " ".join(map(str, box))})
    view = el("div", cls="whole-map-view", parent=det)
    # fitted until a button zooms: as wide as the view, or as the view's height allows
    board = el("div", cls="whole-map-board", parent=view, attrs={"data-w": str(w)})
    board.style.width = f"min(100%, calc(var(--whole-map-h) * {w} / {h}))"   # (CSSOM: the CSP has no inline styles)
    el("img", parent=board, attrs={"src": spec["url"], "alt": spec["title"], "loading": "lazy", "decoding": "async",
                                   "width": str(w), "height": str(h)})
    for name, kind, x, y in ui.whole_map_labels():
        label = el("span", text=name, cls=f"wm-label wm-{kind}", parent=board,
                   attrs={"data-place": name, "data-x": f"{x:.0f}", "data-y": f"{y:.0f}"})
        label.style.left = f"{100 * x / w:.2f}%"
        label.style.top = f"{100 * y / h:.2f}%"


def command(node):
    """A zoom button: the picture scaled so that the button's box fills the view (South Vietnam:
    the whole box in sight; a part: the view's width), scrolled to it."""
    det = node.closest("[data-whole-map]")
    view = det.querySelector(".whole-map-view")
    board = det.querySelector(".whole-map-board")
    x, y, w, h = (float(v) for v in node.getAttribute("data-box").split())
    vw, vh = max(view.clientWidth, 1), max(view.clientHeight, 1)
    fit = node.getAttribute("data-view") == "fit"
    k = min(vw / w, vh / h) if fit else vw / w
    board.style.width = f"{float(board.getAttribute('data-w')) * k:.0f}px"
    view.scrollLeft = x * k - max(0.0, (vw - w * k) / 2)
    view.scrollTop = y * k - (max(0.0, (vh - h * k) / 2) if fit else 0.0)
    det.setAttribute("data-shown", node.getAttribute("data-view"))
    det.setAttribute("data-zoom", "near" if k >= NEAR else "far")
    place_labels(board, k)


# where a name may go around its town, in order (CSS: .wm-label[data-at]): above, below, right, left
SIDES = ("above", "below", "right", "left")
GAP = 4.0   # px between a name and its town's point, or another name


def place_labels(board, k):
    """Each name shown put where it overlaps no name placed before it (the major cities first, then
    the cities, then the province capitals), trying above its town, below, right, left; a name that
    fits nowhere is left out at this zoom (the corps zones' names, centred on their zones, stay).
    At a fixed size over a picture that scales, the Delta's towns are too close for their names on
    a phone (issue 47: Sa Dec over Vinh Long, My Tho over Go Cong at 390 px)."""
    placed = []
    rank = {"wm-major": 0, "wm-city": 1, "wm-capital": 2}
    labels = sorted((n for n in board.querySelectorAll(".wm-label") if not n.classList.contains("wm-corps")),
                    key=lambda n: min(rank.get(c, 3) for c in n.classList))
    for n in labels:
        n.removeAttribute("data-at")
    sizes = [(n.offsetWidth, n.offsetHeight) for n in labels]  # (read once: 0 for a name hidden at this zoom)
    corps = [n for n in board.querySelectorAll(".wm-corps") if n.offsetWidth]
    for n in corps:  # a corps zone's name stays where it is, centred on its zone
        x, y = float(n.getAttribute("data-x")) * k, float(n.getAttribute("data-y")) * k
        placed.append((x - n.offsetWidth / 2, y - n.offsetHeight / 2, x + n.offsetWidth / 2, y + n.offsetHeight / 2))
    for n, (w, h) in zip(labels, sizes):
        if not w:
            continue
        x, y = float(n.getAttribute("data-x")) * k, float(n.getAttribute("data-y")) * k
        for side in SIDES:
            box = _box(side, x, y, w, h)
            if not any(box[0] < b[2] + GAP and b[0] < box[2] + GAP and box[1] < b[3] and b[1] < box[3] for b in placed):
                placed.append(box)
                if side != "above":
                    n.setAttribute("data-at", side)
                break
        else:
            n.setAttribute("data-at", "none")


def _box(side, x, y, w, h):
    """(left, top, right, bottom) in px of a name w x h put on `side` of its town at (x, y)."""
    if side == "above":     # (CSS: translate(-50%, -120%))
        return x - w / 2, y - 1.2 * h, x + w / 2, y - 0.2 * h
    if side == "below":
        return x - w / 2, y + 0.2 * h, x + w / 2, y + 1.2 * h
    if side == "right":
        return x + GAP, y - h / 2, x + GAP + w, y + h / 2
    return x - GAP - w, y - h / 2, x - GAP, y + h / 2
