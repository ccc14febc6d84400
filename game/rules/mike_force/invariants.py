"""Invariants of a Mike Force position (checked by the simulator and the fuzzer)."""

from . import board as B
from .data import SPACES, TABLES


def check(s):
    bad = []
    locs = set(SPACES) | set(B.BOXES)
    for uid, u in s["units"].items():
        if u["loc"] not in locs:
            bad.append(f"{uid} is nowhere ({u['loc']})")
            continue
        if B.is_fw(u) and u["loc"] in SPACES and not B.is_garrison(u) and not B.is_air(u) \
                and not B.may_enter(s, u, u["loc"]):
            bad.append(f"{uid} is in {u['loc']}, a region it may not enter (MF 27)")
        if B.is_com(u) and u["loc"] == B.NT:
            bad.append(f"{uid}: a Communist unit in Nha Trang (MF 22)")
        if u.get("att"):
            host = s["units"].get(u["att"])
            if host is None or host["loc"] != u["loc"]:
                bad.append(f"leader {uid} is not with its unit")
        if u.get("by"):
            host = s["units"].get(u["by"])
            if host is None or host["loc"] != u["loc"]:
                bad.append(f"target {uid} is not with its carrier")
    for sp in ("DN", "HUE", "QTR", "KSN"):
        if s["units"]["gar_" + sp]["loc"] != sp:
            bad.append(f"the {sp} garrison left its base (MF 24)")
    if not 0 <= s["ip"] <= TABLES["ip_max"]:
        bad.append(f"IP {s['ip']} off the track")
    if not 0 <= s["rp"] <= TABLES["rp_max"]["value"]:
        bad.append(f"RP {s['rp']} off the track")
    return bad
