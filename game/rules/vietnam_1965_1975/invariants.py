"""State invariants the fuzzer checks after every action."""

from . import board as B


def check(s):
    bad = []
    m = B.mapof(s)
    for u in s["units"].values():
        if u["hex"] and not m.playable(u["hex"]):
            bad.append(f"{u['id']} in unplayable hex {u['hex']}")
        if u["hex"] and u["kind"] not in B.KINDS:
            bad.append(f"{u['id']} has unknown kind")
        if B.strength(u) > 0 and u["rp_spent"] > B.strength(u) - 1:
            bad.append(f"{u['id']} over its RP limit")
        if u["side"] == "NLF" and u.get("handle") is None and not u.get("rev") and u["hex"]:
            bad.append(f"{u['id']} face down without a handle")
    for k in ("us_rp", "vc_rp", "ap", "amp"):
        if s["rec"][k] < 0:
            bad.append(f"negative record {k}")
    removed = {r["id"] for r in s["removed"]}
    for uid in removed:
        if s["units"][uid]["hex"]:
            bad.append(f"removed unit {uid} on the map")
    # Both sides' units may share a hex after an operation (R11: such a hex is in no ZOC).
    return bad
