"""The end-of-game card (issue 45 item 6), the same for every game: drawn in the action panel's
place from the end record in the view ("end"), whose game-neutral fields are written down in
game/engine/interface.py (END_RECORD): the verdict, the condition met, the score line by line by
cause with each line's rule, each side's losses, what the game hid (face-down counters, final
positions) and any closing notes. This module knows no game."""
from .dom import el


def draw(root, e):
    root.replaceChildren()
    box = el("section", cls="vw-dialog end-card", parent=root,
             attrs={"data-dialog": "end", "data-winner": e.get("winner") or "", "aria-label": "The end of the game"})
    el("div", text=e["verdict"], cls="dlg-h", parent=box, attrs={"data-end": "verdict"})
    el("p", text=e["condition"], cls="end-cond", parent=box, attrs={"data-end": "condition"})
    sc = e.get("score")
    if sc:
        tab = el("table", cls="end-vp", parent=box, attrs={"data-end": "vp"})
        head = el("tr", parent=tab)
        for h in sc["head"]:
            el("th", text=h, parent=head)
        for r in sc["lines"]:
            tr = el("tr", parent=tab, attrs={"data-vp-side": r["side"]})
            for val in (r["value"], r["side"], f"{r['what']} ({r['rule']})" if r.get("rule") else r["what"]):
                el("td", text=val, parent=tr)
        if sc.get("total"):
            tot = el("tr", cls="end-vp-total", parent=tab)
            for val in sc["total"]:
                el("td", text=val, parent=tot)
        if sc.get("note"):
            el("p", text=sc["note"], cls="end-note", parent=box, attrs={"data-end": "score-note"})
    for L in e.get("side_losses", ()):
        d = el("div", cls="end-losses", parent=box, attrs={"data-end-losses": L["side"]})
        el("b", text=f"{L['side']} losses: ", parent=d)
        el("span", text=(", ".join(L["units"]) or L.get("none", "none")) + L.get("note", ""), parent=d)
    rv = e.get("revealed")
    if rv:
        d = el("div", cls="end-units", parent=box, attrs={"data-end": "revealed"})
        el("b", text=f"{rv['title']}: ", parent=d)
        el("span", text=", ".join(rv["units"]) or rv.get("none", "none"), parent=d)
    for n in e.get("notes", ()):
        d = el("div", cls="end-units", parent=box, attrs={"data-end": n["key"]})
        el("b", text=f"{n['label']}: ", parent=d)
        el("span", text=n["text"], parent=d)
