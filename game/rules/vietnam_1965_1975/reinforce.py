"""Reinforcements in short scenarios (V 18.1 rule 3).

A scenario lists groups: {"turn", "side", "units": [...]} (or, for a US brigade of the scenario's
"formations" marked "enters", {"turn", "side", "formation": id, "dep": 1-3}, brigades.enter) with either
  "hex": a named hex where they are placed before the turn begins; if an enemy unit is in it then,
         the group is lost for good; or
  "enter": hexes beside the play area (outside it) where the owner places them before the turn;
         they may not attack or be attacked there, may be given operations, may move only into
         the play area (never through hexes outside it) and are lost if still outside at the end
         of their turn.
Groups wait in s["due"] (public: the scenario says who comes when); a unit enters s["units"]
when it arrives. VC battalions arrive face down (V 10), like those set up at the start."""

from ...engine.flow import Step
from . import board as B
from .brigades import enter
from .data import COUNTERS
from .nva import face_up_at_setup


def new_unit(rec, side, hex_=None):
    u = {"id": rec["id"], "kind": rec["kind"], "name": rec["name"], "side": side, "form": rec.get("form"),
         "hex": hex_, "rev": side == "US"}
    if side == "NLF":
        u["handle"] = None
    u.update({k: rec[k] for k in ("cmd", "ineff") if k in rec})  # V 11: an ARVN unit's command
    u.update(done=False, mission=None, op=False, tgt=False, rp_spent=0)
    return u


def due_now(s):
    return [d for d in s.get("due", []) if d["turn"] == s["turn"]]


def outside(u):
    """A reinforcement still beside the play area (V 18.1 rule 3): out of every fight."""
    return bool(u.get("outside"))


def arrive(g, d, hex_):
    """One group, or part of one, takes the field in hex_ (a named hex or one beside the area)."""
    s = g.s
    if d.get("formation"):  # V 9.1: a whole US brigade, in the deployment the scenario gives (default 2)
        placed = enter(g, d["formation"], d.get("dep", 2), hex_)
        for u in placed:
            if d.get("enter"):
                u["outside"] = s["turn"]
        return placed
    names = []
    for rec in d["units"]:
        u = new_unit(rec, d["side"])
        if u["kind"] == "vc_bn":  # V 18.1 rule 2: VC battalions are drawn at random, placed blind
            u["kind"] = g.pick(COUNTERS["vc_battalion_pool"]["items"])
            u["drawn"] = True
        s["units"][u["id"]] = u
        if d["side"] == "NLF" and face_up_at_setup(s, u["kind"]):
            u["rev"] = True  # V 10: NVA counters are never face down (option nva_face_up)
        if d["side"] == "NLF" and B.concealed(u, "US", s):
            u["handle"] = B.new_handle(s)
        u["hex"] = hex_  # placed, not moved: an arrival does not count as entering (V 18.1)
        if d.get("enter"):
            u["outside"] = s["turn"]
        names.append(u)
    return names


def _chooser(s):
    """The next group whose owner picks its hex beside the play area (more than one listed)."""
    return next((d for d in due_now(s) if d.get("enter") and len(d["enter"]) > 1), None)


def _land(g, d, where):
    s = g.s
    s["due"].remove(d)
    if d.get("hex") and B.other(d["side"]) in B.sides_at(s, where):
        g.log(f"{d['side']} reinforcements for {where} are lost: the enemy holds it (V 18.1)", "V 18.1",
              kind="loss", refs=B.refs(B.ref_h(where)))
        return
    units = arrive(g, d, where)
    how = "arrive beside the play area in" if d.get("enter") else "arrive in"
    for role in ("US", "NLF"):
        names = ", ".join(B.unit_label(s, u, role) for u in units)
        g.log(f"Reinforcements: {names} {how} {where} (V 18.1)", "V 18.1", to=role,
              refs=B.refs(*[B.ref_u(s, u, role) for u in units], B.ref_h(where)))


@B.flow.step("reinforce")
class Reinforce(Step):
    """V 18.1 rule 3: before the turn begins, the groups due this turn arrive: in a named hex (lost
    for good if the enemy holds it), or beside the play area, in the hex its owner picks among
    those the scenario lists."""

    def run(self, g, f):
        s = g.s
        for d in [d for d in due_now(s) if not (d.get("enter") and len(d["enter"]) > 1)]:
            _land(g, d, d.get("hex") or d["enter"][0])
        d = _chooser(s)
        if d is None:
            g.pop()
        else:
            g.call("enter_at", who=d["side"])


@B.flow.step("enter_at")
class EnterAt(Step):
    def prompt(self, g, f):
        d = _chooser(g.s)
        if d.get("formation"):
            return (f"Reinforcements (V 18.1): where does the {g.s['forms'][d['formation']]['name']} wait "
                    "to enter the play area?")
        return f"Reinforcements (V 18.1): where do {len(d['units'])} unit(s) wait to enter the play area?"

    def choices(self, g, f):
        d = _chooser(g.s)
        return [{"t": "enter_at", "hex": h, **({"label": f"Place them beside the play area in {h}"} if g.labels else {})}
                for h in d["enter"]]

    def act(self, g, f, a):
        _land(g, _chooser(g.s), a["hex"])
        g.end()


def entered(u):
    """The unit has stepped into the play area: it fights normally from now on (V 18.1 rule 3)."""
    u.pop("outside", None)


def lapse(g):
    """V 18.1 rule 3: reinforcements not yet in the play area at the end of their turn are lost
    (not destroyed: they never came)."""
    s = g.s
    for u in [u for u in B.live(s) if outside(u)]:
        B.remove_unit(g, u, f"never entered the play area (from {u['hex']})", "V 18.1", scored=False)
        s["removed"][-1]["how"] = "left"
        u.pop("outside", None)
