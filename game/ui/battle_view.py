"""The battle display (issue 9 item 3), drawn from the engine's battle record (`view["battle"]`,
engine/battle.py): both sides with their values and who fires first, the support committed, every
fire on a table with its column and each shift explained, each die as a hit or a miss with what it
needed, the losses and the result. It stays until the next battle starts; the player may close it
(it opens again with the next battle). Each new battle is brought into view on the map (centred
unless it is already well in view); its Show button centres it."""
from html import escape

from .dom import el, set_html, window

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
        self.shown = False   # the card is not hidden (written only when that changes: issue 14)
        self.closed = None   # the battle number the player closed
        self.panned = None   # the battle number the map was last centred on
        self.over_in = None  # (battle number, turn, phase) when it was first seen over
        self.pan = pan       # pan(place key): the screen centres the map there (Screen.pan_to)
        self._click = create_proxy(self.on_click)
        self.node.addEventListener("click", self._click)

    def on_click(self, e):
        if e.target.closest("[data-cmd-battle=close]"):
            self.closed = self.shown_n
            self.node.hidden = True
            self.shown = False
        elif e.target.closest("[data-cmd-battle=show]") and self.at:
            self.pan(self.at)

    def draw(self, v):
        b = v.get("battle")
        # the game over: the end-of-game card takes the panel, no battle stays over it (issue 45 item 6)
        if not b or v.get("over") or not b.get("sides") and not b.get("fires"):
            if self.shown:
                self.node.hidden = True
                self.shown = False
            self.key = None
            return
        if b["n"] != self.panned and b.get("at") and not b["over"]:
            self.panned = b["n"]
            self.pan(b["at"], True)  # into view if it is not (the Show button centres it)
        key = (b["n"], b["round"], b["over"], len(b["events"]), len(b["losses"]), len(b.get("fires", ())),
               tuple(s["first"] for s in b["sides"]), tuple(len(s["support"]) for s in b["sides"]),
               tuple(u["status"] for s in b["sides"] for u in s["units"]))
        if b["over"] and (self.over_in or (None,))[0] != b["n"]:
            self.over_in = (b["n"], v.get("turn"), v.get("phase"))
        if self.closed == b["n"] or b.get("retired") or b["over"] and self.over_in[1:] != (v.get("turn"), v.get("phase")):
            # closed by the player, over and a new phase begun, or retired by the rules (a new
            # operation, issue 45 item 7): it stays in the log
            if self.shown:
                self.node.hidden = True
                self.shown = False
            return
        if not self.shown:
            self.node.hidden = False
            self.shown = True
        if key == self.key:
            return
        self.key = key
        self.shown_n = b["n"]
        self.at = b.get("at")
        self._build(b)

    def _build(self, b):
        """The whole card as one HTML string, patched onto the one shown (dom.set_html): it changes
        at each die of a battle, and set anew its every line was laid out again (issue 14: a First
        Team strike, 6 ms of a click in a trace)."""
        n = self.node
        n.setAttribute("data-n", str(b["n"]))
        n.setAttribute("data-over", "1" if b["over"] else "0")
        set_html(n, card_html(b))
        # the newest dice in view (the list reads top to bottom, oldest first), in the frame's
        # callbacks: reading the height now would force a layout of the half-drawn page (issue 14)
        window.vwScrollNextFrame(self.node, ".battle-events", True)


def _t(x):
    return escape(str(x), quote=True)


def tag(name, text="", cls=None, **attrs):
    a = "".join(f' {k.replace("_", "-")}="{_t(v)}"' for k, v in attrs.items() if v is not None)
    c = f' class="{cls}"' if cls else ""
    return f"<{name}{c}{a}>{text}</{name}>"


def cite(rule):
    return tag("span", _t(rule), "cite") if rule else ""


def card_html(b):
    out = []
    head = tag("h3", _t(b["title"] or "Battle")) + cite(b.get("rule"))
    head += tag("span", "over" if b["over"] else f"round {b['round']}", "battle-round")
    if b.get("at"):
        head += tag("button", "Show", type="button", data_cmd_battle="show", title="Centre the map on this battle")
    head += tag("button", "×", "battle-close", type="button", data_cmd_battle="close", aria_label="Close",
                title="Close (it opens again with the next battle)")
    out.append(tag("header", head))
    if b["sides"]:
        out.append(tag("div", "".join(side_html(s) for s in b["sides"]), "battle-sides"))
    out += [fire_html(f) for f in b.get("fires", ())]
    if b["events"]:
        out.append(tag("ol", "".join(event_html(e) for e in b["events"]), "battle-events"))
    if b["losses"]:
        lis = "".join(tag("li", _t(x["text"]), f"loss-{x['side']}", data_side=x["side"]) for x in b["losses"])
        out.append(tag("div", tag("h4", "Losses") + tag("ul", lis), "battle-losses"))
    if b["over"]:
        out.append(tag("p", _t(f"Result: {b['result']}"), "battle-result"))
    return "".join(out)


def side_html(s):
    h = tag("span", _t(s["name"]))
    if s.get("role") and s["role"] != s["side"]:
        h += tag("span", _t(f" {s['role']}"), "muted")
    if s["first"]:
        h += tag("span", "fires first", "badge")
    body = tag("h4", h)
    if s.get("total"):
        body += tag("span", _t(s["total"]), "muted bside-total")
    lis = []
    for u in s["units"]:
        li = tag("span", _t(u["label"]), "bu-name")
        if u["values"]:
            li += tag("span", _t(u["values"]), "bu-val")
        if u["status"]:
            li += tag("span", _t(u["status"]), "bu-status")
        lis.append(tag("li", li, "gone" if u["status"] == "eliminated" else None, data_unit=u["id"]))
    body += tag("ul", "".join(lis))
    if s["support"]:
        body += tag("div", _t("Support: " + ", ".join(s["support"])), "bside-support")
    if s.get("lines"):  # the side's arithmetic term by term (Vietnam, issue 45 item 3)
        body += tag("ul", "".join(tag("li", _t(x)) for x in s["lines"]), "bside-lines")
    return tag("div", body, f"bside bside-{s['side']}" + (" first" if s["first"] else ""), data_side=s["side"])


def fire_html(f):
    line = tag("b", _t(f"{f['who']}: ")) if f.get("who") else ""
    line += tag("span", _t(f["text"]), "fire-col")
    if f.get("base"):
        line += tag("span", _t(f" from {f['base']}"))
    if f.get("row") is not None:
        line += tag("span", _t(f", row {f['row']}"))
    if f.get("result") is not None:
        line += tag("span", _t(f" → {f['result']}"), "fire-result")
    body = tag("div", line)
    for k in ("drm_text", "die", "columns", "means"):  # the arithmetic, as the engine wrote it (Vietnam)
        if f.get(k):
            body += tag("div", _t(f[k]), f"fire-{k.replace('_', '-')}", data_arith=k)
    if f["shifts"]:
        body += tag("ul", "".join(tag("li", _t(sh["text"]) + cite(sh.get("rule"))) for sh in f["shifts"]),
                    "fire-shifts")
    return tag("div", body, "battle-fire")


def event_html(e):
    li = tag("span", f"R{e['round']}", "battle-rnd") + tag("span", _t(e["text"]), "battle-ev")
    if e.get("dice"):
        chips = []
        for d in e["dice"]:
            cls = "die" + ("" if "hit" not in d else " die-hit" if d["hit"] else " die-miss")
            chips.append(tag("span", _t(f"{die_text(d)} {d['v']}"), cls, title=die_title(d), data_v=d["v"],
                             data_hit="" if "hit" not in d else ("1" if d["hit"] else "0")))
        li += tag("span", "".join(chips), "battle-dice")
        needs = sorted({d["need"] for d in e["dice"] if d.get("need")})
        if needs:
            li += tag("span", _t("need " + " / ".join(needs)), "battle-need")
    li += cite(e.get("rule"))
    return tag("li", li)
