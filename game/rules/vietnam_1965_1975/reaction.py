"""Reaction (V 5.3): when a stack of operating units ends its move (or pursuit), the other side's
units adjacent to its final hex that are neither operating nor targets may react with their full
MPA, disperse (VC, V 5.2) or pass. Reactions never trigger reactions."""

from ...engine.flow import Step
from . import board as B
from . import prefs
from .movement import start


def reactors(s, hexes, side, done):
    hs = set(hexes)
    return [u for u in B.live(s) if u["side"] == side and not u["op"] and not u["tgt"] and B.fights(u)
            and u["id"] not in done and B.mpa(s, u) > 0
            and any(n in hs for n in B.neighbours(u["hex"]))]


def open_window(g, hexes, mode, side):
    """`side` reacts to a move of the other side that ended in `hexes` (`mode`: op, pursuit,
    retreat or reserve). Reactors to a retreat or to defensive reserves may not end in a target hex."""
    s = g.s
    if isinstance(hexes, str):
        hexes = [hexes]
    if reactors(s, hexes, side, []):
        if prefs.skip_reaction(s, side, hexes):
            g.log(f"{side} does not react to the move ending in {', '.join(hexes)} (play setting)", "V 5.3")
            return
        g.call("react", who=side, hexes=list(hexes), done=[], after=mode)


@B.flow.step("reaction_window")
class ReactionWindow(Step):
    """A move has ended (movement.react_after): the window opens now, over whoever called the move."""

    def run(self, g, f):
        g.pop()
        open_window(g, f["hexes"], f["mode"], f["side"])


def may_disperse(u):
    return u["side"] == "NLF" and B.val(u, "nat") == "VC"


@B.flow.step("react")
class React(Step):
    def prompt(self, g, f):
        return f"Reaction (V 5.3) to the move ending in {', '.join(f['hexes'])}: react, disperse or pass"

    def choices(self, g, f):
        lab = g.labels
        acts = []
        for u in reactors(g.s, f["hexes"], g.frame.get("who"), f["done"]):
            acts.append({"t": "react", "u": u["id"], **({"label": f"React with {u['name']}"} if lab else {})})
            if may_disperse(u):
                acts.append({"t": "disperse", "u": u["id"], **({"label": f"Disperse {u['name']}"} if lab else {})})
        acts.append({"t": "pass", **({"label": "No (more) reactions"} if lab else {})})
        return acts + (prefs.actions(g.s, g.frame.get("who"), "react", lab) if not f["done"] else [])

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "pref":  # a play setting; it answers this window too when it covers it
            prefs.choose(g, f["who"], "react", a["value"])
            if prefs.skip_reaction(s, f["who"], f["hexes"]):
                g.log(f"{f['who']} does not react (play setting)", "V 5.3")
                g.end()
            return
        if a["t"] == "pass":
            g.end()
            return
        u = s["units"][a["u"]]
        f["done"].append(u["id"])
        if a["t"] == "disperse":
            disperse(g, u, "V 5.3")
            return
        g.log(f"{B.pub(s, u)} reacts", "V 5.3", refs=B.refs(B.ref_u(g.s, u)))
        into = s["op"]["targets"] if f["who"] != s["op"]["side"] and f.get("after") in ("op", "pursuit") else []
        start(g, f["who"], "react", {u["id"]: B.mpa(s, u)}, enter=into, react=False, cur=u["id"])


def disperse(g, u, rule):
    """V 5.2: a dispersed VC unit is removed; the VC RP pool gains its ground strength."""
    g.s["rec"]["vc_rp"] += B.strength(u)
    g.log(f"VC RP +{B.strength(u)}: {u['name']} disperses, its strength back to the pool (V 5.2)", rule, to="NLF")
    B.remove_unit(g, u, f"disperses (from {u['hex']})", rule)
