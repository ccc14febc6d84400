"""Scenario set-up (V 18.1, V 18.2 Operation Starlite): the US deploys as printed, then the NLF
places its face-down units (EXT-1: in 5219 or 5320; scenario starlite-free: anywhere in the play
area not in or adjacent to a US unit, a designed variant)."""

from ...engine.flow import Procedure, Step
from . import board as B
from .data import SCENARIOS
from .hexes import neighbours


def scenario(sid):
    sc = dict(SCENARIOS[sid])
    if "base" in sc:
        base = dict(SCENARIOS[sc["base"]])
        base.update({k: v for k, v in sc.items() if k != "base"})
        sc = base
    return sc


def initial_state(sid, options):
    sc = scenario(sid)
    units = {}
    for rec in sc["us"]:
        units[rec["id"]] = {"id": rec["id"], "kind": rec["kind"], "name": rec["name"], "side": "US",
                            "form": rec.get("form"), "hex": rec["hex"], "rev": True}
    for rec in sc["nlf"]:
        units[rec["id"]] = {"id": rec["id"], "kind": rec["kind"], "name": rec["name"], "side": "NLF",
                            "hex": None, "rev": False, "handle": None}
    for u in units.values():
        u.update(done=False, mission=None, op=False, tgt=False, rp_spent=0)
    sup = sc["support"]
    return {"scenario": sid, "area": sc.get("area", "quangngai"), "turn": 1, "turns": sc["turns"], "phase": "Set-up",
            "options": options, "special": sc.get("special", {}), "victory": sc["victory"],
            "nlf_hexes": sc["nlf_hexes"], "units": units, "removed": [],
            "rec": {"us_rp": sup["us_rp"], "vc_rp": sup["vc_rp"], "arvn_rp": sup.get("arvn_rp", 0),
                    "ap": sup["ap"], "amp": sup["amp"], "ship": sup.get("cruisers", 0),
                    "us_rp_spent": 0, "ap_lost": 0, "amp_lost": 0, "amp_short": 0},
            "pool": [], "op": None, "stack": [{"s": "turn", "i": 0}, {"s": "setup"}]}


@B.flow.step("setup")
class Setup(Procedure):
    parts = ("handles", "place")

    def handles(self, g, f):
        """V 10: the face-down counters carry no identity; their handles are dealt at random so
        that a handle says nothing about the unit under it."""
        from .data import COUNTERS
        g.s["pool"] = list(COUNTERS["vc_battalion_pool"]["items"])
        nlf = [u for u in g.s["units"].values() if u["side"] == "NLF"]
        free = list(range(1, len(nlf) + 1))
        for u in nlf:
            n = g.pick(free)
            free.remove(n)
            u["handle"] = f"?{n}"
        g.log("US forces set up as printed (V 18.2)", "V 18.2")

    def place(self, g, f):
        g.call("nlf_place", who="NLF")


def setup_hexes(s):
    spec = s["nlf_hexes"]
    if spec != "free":
        return list(spec)
    m = B.mapof(s)   # the play area, extended if the scenario extends it (V 18.1)
    us = {u["hex"] for u in B.live(s) if u["side"] == "US"}
    near = us | {n for h in us for n in neighbours(h)}
    return sorted(h for h in m.hexes if m.playable(h) and h not in near)


@B.flow.step("nlf_place")
class NlfPlace(Step):
    """V 18.1: the NLF sets up after the US, face down."""

    def _next(self, g):
        return next((u for u in sorted(g.s["units"].values(), key=lambda u: u.get("handle") or "")
                     if u["side"] == "NLF" and not u["hex"] and u["id"] not in
                     {r["id"] for r in g.s["removed"]}), None)

    def prompt(self, g, f):
        u = self._next(g)
        return f"Set up {u['name']} (V 18.2)"

    def choices(self, g, f):
        u = self._next(g)
        return [{"t": "place", "u": u["id"], "hex": h, **({"label": f"{u['name']} to {h}"} if g.labels else {})}
                for h in setup_hexes(g.s)]

    def act(self, g, f, a):
        u = g.s["units"][a["u"]]
        u["hex"] = a["hex"]
        if B.concealed(u, "US", g.s):
            g.log(f"{u['name']} set up in {a['hex']}", "V 18.2", to="NLF",
                  refs=B.refs(B.ref_u(g.s, u, "NLF"), B.ref_h(a['hex'])))
            g.log(f"VC unit {u['handle']} set up in {a['hex']}", "V 18.2", to="US",
                  refs=B.refs(B.ref_u(g.s, u, "US"), B.ref_h(a['hex'])))
        else:
            g.log(f"{u['name']} set up in {a['hex']}", "V 18.2", refs=B.refs(B.ref_u(g.s, u), B.ref_h(a['hex'])))
        if self._next(g) is None:
            g.end()
