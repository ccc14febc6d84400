"""State invariants the fuzzer checks after every action."""

from . import board as B
from . import brigades
from .losses import rp_limit


def check(s):
    bad = []
    m = B.mapof(s)
    for u in s["units"].values():
        if u["hex"] and not m.playable(u["hex"]) and not (u.get("outside") and m.land(u["hex"])):
            bad.append(f"{u['id']} in unplayable hex {u['hex']}")
        if u["hex"] and u["kind"] not in B.KINDS:
            bad.append(f"{u['id']} has unknown kind")
        if B.strength(u) > 0 and u["rp_spent"] > rp_limit(u):
            bad.append(f"{u['id']} over its RP limit")
        if u.get("box") and u["hex"]:
            bad.append(f"{u['id']} both in the Ranger Holding Box and on the map (V 11.3)")
        if u["hex"] and u.get("rolled") and not s.get("op"):
            bad.append(f"Ranger {u['id']} rolled into an operation still on the map after it (V 11.3)")
        if u.get("ineff") and B.val(u, "nat") != "ARVN":
            bad.append(f"{u['id']} ineffective but not ARVN (V 11.1)")
        if u["side"] == "NLF" and u.get("handle") is None and not u.get("rev") and u["hex"]:
            bad.append(f"{u['id']} face down without a handle")
    for k in ("us_rp", "vc_rp", "ap", "amp", "arvn_rp", "nva_rp"):
        if s["rec"].get(k, 0) < 0:
            bad.append(f"negative record {k}")
    removed = {r["id"] for r in s["removed"]}
    for uid in removed:
        if s["units"][uid]["hex"]:
            bad.append(f"removed unit {uid} on the map")
    for f in s["stack"]:  # V 3 (issue 46): a move never re-enters a hex it has been in
        for uid, path in (f.get("been") or {}).items() if f["s"] == "move" else ():
            if len(path) != len(set(path)) or (s["units"][uid]["hex"] and s["units"][uid]["hex"] != path[-1]):
                bad.append(f"{uid} re-entered a hex in one move: {path}")
        if f["s"] == "sec_move" and len(f["path"]) != len(set(f["path"])):
            bad.append(f"the security stack re-entered a road hex: {f['path']}")
    bad += brigades.check(s)  # V 9.1: each formation's counters match its deployment
    # Both sides' units may share a hex after an operation (R11: such a hex is in no ZOC).
    return bad
