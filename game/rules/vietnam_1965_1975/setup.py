"""Scenario set-up (V 18.1, V 18.2 Operation Starlite): the US deploys as printed, then the NLF
places its face-down units (EXT-1: in 5219 or 5320; scenario starlite-free: anywhere in the play
area not in or adjacent to a US unit, a designed variant)."""

from ...engine.flow import Procedure, Step
from . import board as B
from . import nva
from . import brigades
from .data import COUNTERS, SCENARIOS
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
                            "form": rec.get("form"), "hex": rec.get("hex"), "rev": True}
        # V 11: an ARVN unit's command (for the effectiveness check), a Ranger in its holding box,
        # a unit the scenario declares ineffective (V 11.1)
        units[rec["id"]].update({k: rec[k] for k in ("cmd", "box", "ineff") if k in rec})
    forms = brigades.setup(sc, units)  # V 9.1: US brigades in their deployments
    for rec in sc["nlf"]:
        units[rec["id"]] = {"id": rec["id"], "kind": rec["kind"], "name": rec["name"], "side": "NLF",
                            "hex": None, "rev": nva.face_up_at_setup({"options": options}, rec["kind"]),
                            "handle": None}
    for u in units.values():
        u.update(done=False, mission=None, op=False, tgt=False, rp_spent=0)
    sup = sc["support"]
    records = {"us_rp": sup["us_rp"], "vc_rp": sup["vc_rp"], "arvn_rp": sup.get("arvn_rp", 0),
               "ap": sup["ap"], "amp": sup["amp"], "ship": sup.get("cruisers", 0),
               "us_rp_spent": 0, "ap_lost": 0, "amp_lost": 0, "amp_short": 0}
    if "nva_rp" in sup:  # V 5.5: the NVA's own replacement pool (only in scenarios with NVA units)
        records["nva_rp"] = sup["nva_rp"]
    extra = {}
    zones = {rec["id"]: rec["hexes"] for rec in sc["nlf"] if rec.get("hexes")}
    if zones:  # a unit's own set-up hexes (the scenario's), instead of the common list
        extra["zones"] = zones
    if sc.get("reinforcements"):  # V 18.1 rule 3: who arrives when (reinforce.py)
        extra["due"] = [dict(d) for d in sc["reinforcements"]]
    if sc.get("per_turn"):
        extra["per_turn"] = dict(sc["per_turn"])
    return {"scenario": sid, "area": sc.get("area", "quangngai"), "turn": 1, "turns": sc["turns"], "phase": "Set-up",
            **extra,
            "options": options, "special": sc.get("special", {}), "victory": sc["victory"],
            "nlf_hexes": sc["nlf_hexes"], "units": units, "removed": [],
            "rec": records, "pool": [], "op": None, "stack": [{"s": "turn", "i": 0}, {"s": "setup"}],
            **({"forms": forms} if forms else {})}


@B.flow.step("setup")
class Setup(Procedure):
    parts = ("handles", "place")

    def handles(self, g, f):
        """V 10: the face-down counters carry no identity; their handles are dealt at random so
        that a handle says nothing about the unit under it."""
        g.s["pool"] = list(COUNTERS["vc_battalion_pool"]["items"])
        nlf = [u for u in g.s["units"].values() if u["side"] == "NLF"]
        for u in nlf:
            if u["kind"] == "vc_bn":  # V 18.1 rule 2: VC battalions are drawn at random, placed blind
                u["kind"] = g.pick(COUNTERS["vc_battalion_pool"]["items"])  # the mix, with replacement
                u["drawn"] = True  # which battalion it is was a blind draw (resample_hidden draws again)
        free = list(range(1, len(nlf) + 1))
        for u in nlf:
            n = g.pick(free)
            free.remove(n)
            u["handle"] = f"?{n}"
        g.log("US forces set up as printed (V 18.2)", "V 18.2")

    def place(self, g, f):
        g.call("nlf_place", who="NLF")


def setup_hexes(s, u=None):
    spec = (s.get("zones") or {}).get(u["id"]) if u else None
    spec = spec or s["nlf_hexes"]
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
                for h in setup_hexes(g.s, u)]

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
