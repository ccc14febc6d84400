"""The opponent's phase report (issue 9 item 2): a card in the panel built from the structured facts
of the log entries since the programmed phase began (`view["report"]`: `move`, `place`, `side`,
kinds), arrows on the map for what moved, ghost rings where units were placed. Continue and "let
the rest run" are the engine's own actions, drawn by the action panel."""
from .dom import el, sel
from .log_model import text_of

SECTIONS = (("moves", "Moved"), ("placed", "Placed"), ("battles", "Battles"), ("losses", "Losses"),
            ("tracks", "Tracks"), ("other", "Events and other results"))
MAX_LINES = 8  # per section; the rest is counted ("+3 more") and stays in the log
FEW_ROLLS = 3  # up to this many dice are said on the card; more are counted


def facts(entries):
    """The card's sections from a phase's log entries, sorted by their facts and kinds (never by
    reading their text); the number of dice rolled."""
    out = {key: [] for key, _ in SECTIONS}
    rolls = 0
    for e in entries:
        kind = e.get("kind")
        if kind in ("turn", "phase"):
            continue
        if kind == "roll":
            rolls += 1
        elif e.get("move") or e.get("summary"):
            out["moves"].append(e)
        elif e.get("place"):
            out["placed"].append(e)
        elif kind in ("battle", "combat", "round"):
            out["battles"].append(e)
        elif kind == "loss" or e.get("side"):
            out["losses"].append(e)
        elif kind in ("track", "vp"):
            out["tracks"].append(e)
        else:
            out["other"].append(e)
    return out, rolls


def placements(entries):
    """Placements counted by place: [(place key, place name, count)] in the order first met."""
    count, names = {}, {}
    for e in entries:
        p = e["place"]
        count[p] = count.get(p, 0) + 1
        names[p] = next((r[2] for r in e.get("refs", []) if r[0] == "p" and r[1] == p), p)
    return [(p, names[p], n) for p, n in count.items()]


class ReportView:
    """The card (#report, above the actions) and the map layer of arrows (#vw-moves)."""

    def __init__(self, panel, before, pan):
        from pyodide.ffi import create_proxy
        self.node = el("section", attrs={"id": "report", "class": "report-card", "aria-live": "polite",
                                         "hidden": ""})
        panel.insertBefore(self.node, before)
        self.key = None
        self.layer = None
        self.svg = None
        self.pan = pan  # pan(place key): the screen centres the map there (Screen.pan_to)
        self._click = create_proxy(self.on_click)
        self.node.addEventListener("click", self._click)

    def on_click(self, e):
        li = e.target.closest("[data-at]")
        if li:
            self.pan(li.getAttribute("data-at"))

    def draw(self, v, mapview):
        rep = v.get("report")
        key = (rep["title"], rep["since"], len(rep["entries"]), id(mapview.svg)) if rep else None
        if key == self.key:
            return
        self.key = key
        self._arrows(mapview, rep["entries"] if rep else [])
        if not rep:
            self.node.hidden = True
            self.node.replaceChildren()
            return
        self.node.hidden = False
        self.node.innerHTML = card_html(rep)  # one call into the page for the whole card

    # ---- the map layer ---------------------------------------------------------------------------
    def _arrows(self, mapview, entries):
        svg = mapview.svg
        if self.svg is not svg or self.layer is None:
            self.svg = svg
            self.layer = svg.querySelector("#vw-moves")
            if not self.layer:  # querySelector gives a falsy JsNull, not None
                self.layer = sel("g", {"id": "vw-moves", "pointer-events": "none"}, parent=svg)
                defs = sel("defs", parent=self.layer)
                mk = sel("marker", {"id": "vw-arrowhead", "viewBox": "0 0 10 10", "refX": 8, "refY": 5,
                                    "markerWidth": 5, "markerHeight": 5, "orient": "auto-start-reverse"},
                         parent=defs)
                sel("path", {"d": "M0,0 L10,5 L0,10 z", "class": "move-head"}, parent=mk)
        for n in list(self.layer.querySelectorAll(".move-arrow, .move-ghost, .move-count")):
            n.remove()
        svg.appendChild(self.layer)  # above the stacks: a phase's moves stay readable
        spaces = mapview.spaces
        placed = {}
        for e in entries:
            mv = e.get("move")
            path = e.get("path") or mv
            if mv and mv[0] != mv[1] and all(p in spaces for p in path):
                pts = [spaces[p][:2] for p in path]
                pts[0] = _toward(pts[0], pts[1])     # start and end beside the space marks
                pts[-1] = _toward(pts[-1], pts[-2])
                sel("polyline", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in pts), "fill": "none",
                                 "class": "move-arrow", "marker-end": "url(#vw-arrowhead)",
                                 "data-from": mv[0], "data-to": mv[1]}, parent=self.layer)
                if e.get("units", 1) > 1:
                    (ax, ay), (bx, by) = pts[-2], pts[-1]
                    sel("text", {"x": f"{(ax + bx) / 2:.1f}", "y": f"{(ay + by) / 2 - 4:.1f}",
                                 "class": "move-count"}, text=f"×{e['units']}", parent=self.layer)
            elif e.get("place") in spaces:
                placed[e["place"]] = placed.get(e["place"], 0) + 1
        for p, n in placed.items():
            x, y, _ = spaces[p]
            sel("circle", {"cx": x, "cy": y, "r": 19, "class": "move-ghost", "data-place": p}, parent=self.layer)
            if n > 1:
                sel("text", {"x": x + 16, "y": y + 22, "class": "move-count"}, text=f"+{n}", parent=self.layer)


def _toward(a, b, cut=14):
    """Point a moved toward b by `cut` map units (at most a third of the way)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = max((dx * dx + dy * dy) ** 0.5, 1)
    c = min(cut, d / 3)
    return a[0] + dx * c / d, a[1] + dy * c / d


def card_html(rep):
    """The report card as HTML: a section per kind of fact, each line with its rule."""
    from .battle_view import _t, cite, tag
    sections, rolls = facts(rep["entries"])
    out = [tag("header", tag("span", rep.get("kicker") or "Opponent's phase", "report-kicker") + tag("h3", _t(rep["title"])))]
    for key, title in SECTIONS:
        items = sections[key]
        if not items:
            continue
        lis = []
        if key == "placed":
            for place, name, n in placements(items):
                text = f"{n} units face down in {name}" if n > 1 else f"1 unit in {name}"
                lis.append(tag("li", tag("span", _t(text)), data_place=place))
        else:
            for e in items[:MAX_LINES]:
                mv = e.get("move") or (None, None)
                cls = "muted" if e.get("summary") else "report-goto" if e.get("battle") else None
                lis.append(tag("li", tag("span", _t(e.get("text", ""))) + cite(e.get("rule")), cls,
                               data_from=mv[0], data_to=mv[1], data_at=e.get("battle")))
            if len(items) > MAX_LINES:
                lis.append(tag("li", f"+{len(items) - MAX_LINES} more (see the log)", "muted"))
        out.append(tag("div", tag("h4", title) + tag("ul", "".join(lis)), f"report-sec report-{key}", data_sec=key))
    if not any(sections.values()):
        out.append(tag("p", "Dice only: nothing moved, was placed or changed.", "muted"))
    if 0 < rolls <= FEW_ROLLS:  # an event's or an activation's die: what it showed (issue 45 item 9)
        said = "; ".join(text_of(e) for e in rep["entries"] if e.get("kind") == "roll")
        out.append(tag("p", _t(f"Dice: {said}"), "muted report-rolls"))
    elif rolls:
        out.append(tag("p", f"{rolls} die rolls (in the log)", "muted report-rolls"))
    return "".join(out)
