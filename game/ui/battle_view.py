"""The battle display (issue 9 item 3), drawn from the engine's battle record (`view["battle"]`,
engine/battle.py): both sides with their values and who fires first, the support committed, every
fire on a table with its column and each shift explained, each die as a hit or a miss with what it
needed, the losses and the result. It stays until the next battle starts; the player may close it
(it opens again with the next battle). The map is centred on each new battle."""
from .dom import el

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def die_text(d):
    v = d["v"]
    return DIE_FACES[v - 1] if isinstance(v, int) and 1 <= v <= 6 else str(v)


def die_title(d):
    """The tooltip of one die: its value, what it needed, hit or miss."""
    out = f"die {d['v']}"
    if d.get("need"):
        out += f", needs {d['need']}"
    if "hit" in d:
        out += ": hit" if d["hit"] else ": miss"
    return out


class BattleView:
    def __init__(self, panel, before, pan):
        from pyodide.ffi import create_proxy
        self.node = el("section", attrs={"id": "battle", "class": "battle-card", "hidden": "",
                                         "aria-label": "Battle"})
        panel.insertBefore(self.node, before)
        self.key = None
        self.closed = None   # the battle number the player closed
        self.panned = None   # the battle number the map was last centred on
        self.pan = pan       # pan(place key): the app centres the map there
        self._click = create_proxy(self.on_click)
        self.node.addEventListener("click", self._click)

    def on_click(self, e):
        if e.target.closest("[data-cmd-battle=close]"):
            self.closed = self.shown_n
            self.node.hidden = True
        elif e.target.closest("[data-cmd-battle=show]") and self.at:
            self.pan(self.at)

    def draw(self, v):
        b = v.get("battle")
        if not b or not b.get("sides") and not b.get("fires"):
            self.node.hidden = True
            self.key = None
            return
        if b["n"] != self.panned and b.get("at") and not b["over"]:
            self.panned = b["n"]
            self.pan(b["at"])
        key = (b["n"], b["round"], b["over"], len(b["events"]), len(b["losses"]), len(b.get("fires", ())),
               tuple(s["first"] for s in b["sides"]), tuple(len(s["support"]) for s in b["sides"]),
               tuple(u["status"] for s in b["sides"] for u in s["units"]))
        if self.closed == b["n"]:
            self.node.hidden = True
            return
        self.node.hidden = False
        if key == self.key:
            return
        self.key = key
        self.shown_n = b["n"]
        self.at = b.get("at")
        self._build(b)

    def _build(self, b):
        n = self.node
        n.replaceChildren()
        n.setAttribute("data-n", str(b["n"]))
        n.setAttribute("data-over", "1" if b["over"] else "0")
        head = el("header", parent=n)
        el("h3", text=b["title"] or "Battle", parent=head)
        if b.get("rule"):
            el("span", text=b["rule"], cls="cite", parent=head)
        el("span", text="over" if b["over"] else f"round {b['round']}", cls="battle-round", parent=head)
        if b.get("at"):
            el("button", text="Show", attrs={"type": "button", "data-cmd-battle": "show",
                                             "title": "Centre the map on this battle"}, parent=head)
        el("button", text="×", attrs={"type": "button", "data-cmd-battle": "close", "aria-label": "Close",
                                      "title": "Close (it opens again with the next battle)"}, cls="battle-close",
           parent=head)
        if b["sides"]:
            sides = el("div", cls="battle-sides", parent=n)
            for s in b["sides"]:
                self._side(sides, s)
        for f in b.get("fires", ()):
            self._fire(n, f)
        if b["events"]:
            ol = el("ol", cls="battle-events", parent=n)
            for e in b["events"]:
                li = el("li", parent=ol)
                el("span", text=f"R{e['round']}", cls="battle-rnd", parent=li)
                el("span", text=e["text"], cls="battle-ev", parent=li)
                if e.get("dice"):
                    dice = el("span", cls="battle-dice", parent=li)
                    for d in e["dice"]:
                        cls = "die" + ("" if "hit" not in d else " die-hit" if d["hit"] else " die-miss")
                        el("span", text=f"{die_text(d)} {d['v']}", cls=cls,
                           attrs={"title": die_title(d), "data-v": d["v"],
                                  "data-hit": "" if "hit" not in d else ("1" if d["hit"] else "0")}, parent=dice)
                    needs = sorted({d["need"] for d in e["dice"] if d.get("need")})
                    if needs:
                        el("span", text="need " + " / ".join(needs), cls="battle-need", parent=li)
                if e.get("rule"):
                    el("span", text=e["rule"], cls="cite", parent=li)
        if b["losses"]:
            box = el("div", cls="battle-losses", parent=n)
            el("h4", text="Losses", parent=box)
            ul = el("ul", parent=box)
            for x in b["losses"]:
                el("li", text=x["text"], cls=f"loss-{x['side']}", attrs={"data-side": x["side"]}, parent=ul)
        if b["over"]:
            el("p", text=f"Result: {b['result']}", cls="battle-result", parent=n)

    def _side(self, parent, s):
        box = el("div", cls=f"bside bside-{s['side']}" + (" first" if s["first"] else ""),
                 attrs={"data-side": s["side"]}, parent=parent)
        h = el("h4", parent=box)
        el("span", text=s["name"], parent=h)
        if s.get("role") and s["role"] != s["side"]:
            el("span", text=f" {s['role']}", cls="muted", parent=h)
        if s["first"]:
            el("span", text="fires first", cls="badge", parent=h)
        if s.get("total"):
            el("span", text=s["total"], cls="muted bside-total", parent=box)
        ul = el("ul", parent=box)
        for u in s["units"]:
            li = el("li", attrs={"data-unit": u["id"]}, cls="gone" if u["status"] in ("eliminated",) else None,
                    parent=ul)
            el("span", text=u["label"], cls="bu-name", parent=li)
            if u["values"]:
                el("span", text=u["values"], cls="bu-val", parent=li)
            if u["status"]:
                el("span", text=u["status"], cls="bu-status", parent=li)
        if s["support"]:
            el("div", text="Support: " + ", ".join(s["support"]), cls="bside-support", parent=box)

    def _fire(self, parent, f):
        box = el("div", cls="battle-fire", parent=parent)
        line = el("div", parent=box)
        if f.get("who"):
            el("b", text=f"{f['who']}: ", parent=line)
        el("span", text=f["text"], cls="fire-col", parent=line)
        if f.get("base"):
            el("span", text=f" from {f['base']}", parent=line)
        if f.get("row") is not None:
            el("span", text=f", row {f['row']}", parent=line)
        if f.get("result") is not None:
            el("span", text=f" → {f['result']}", cls="fire-result", parent=line)
        if f["shifts"]:
            ul = el("ul", cls="fire-shifts", parent=box)
            for sh in f["shifts"]:
                li = el("li", text=sh["text"], parent=ul)
                if sh.get("rule"):
                    el("span", text=sh["rule"], cls="cite", parent=li)
