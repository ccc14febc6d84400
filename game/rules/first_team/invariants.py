"""Invariants of a First Team: Vietnam position (checked by the simulator, fuzzer and tests)."""

from . import board as B
from .data import LOC, TABLES

WHERE = {
    "inf": None, "sfg": {B.ELIM} | set(LOC), "arty": {B.ANKHE}, "tac": {B.ANKHE, B.ELIM},
    "b52": {B.ANKHE, B.USED, B.ELIM}, "pf": {B.ANKHE, B.ELIM} | set(LOC), "sup": {B.POOL, B.ANKHE} | set(LOC),
    "lz": {B.POOL} | set(LOC), "nva": {B.UNKNOWN, B.ELIM, B.OFF} | set(LOC) | set(B.ZBOXES),
    "nart": {B.UNKNOWN, B.ELIM, B.OFF} | set(LOC) | set(B.ZBOXES),
}
INF_WHERE = {B.ANKHE, B.ELIM} | set(LOC)
HELI_WHERE = {B.ANKHE, B.REFIT, B.ELIM} | set(LOC)


def check(s):
    bad = []
    U = s["units"]
    for uid, u in U.items():
        k = u["k"]
        loc = u["loc"]
        ok = WHERE.get(k)
        if k == "inf":
            ok = INF_WHERE
        if k in B.HELIS:
            ok = HELI_WHERE
        if loc not in ok:
            bad.append(f"{uid} ({k}) is in an impossible place: {loc}")
            continue
        if k == "inf" and loc in LOC and not B.cambodia_ok(s, loc):
            bad.append(f"{uid} is in Cambodia (FT 10.13)")
        if k == "inf" and not 0 <= u.get("fat", 0) <= 4 and loc != B.ELIM:
            bad.append(f"{uid} has {u.get('fat')} fatigue steps (FT 12.6)")
        if k == "nva" and not 1 <= u["step"] <= 4:
            bad.append(f"{uid} is at step {u['step']}")
        if k == "sup" and u["step"] not in (1, 2):
            bad.append(f"{uid} supply step {u['step']}")
        if k == "sfg" and loc in LOC and not LOC[loc]["sf_camp"]:
            bad.append(f"garrison {uid} left its camp (FT 14.2)")
        if k == "nart" and u.get("att") and U[u["att"]]["loc"] != loc:
            bad.append(f"{uid} is not with its company (FT 16.2)")
    nva = {}
    lzs = {}
    for uid, u in U.items():
        if u["k"] == "nva" and u["loc"] in LOC:
            nva[u["loc"]] = nva.get(u["loc"], 0) + 1
        if u["k"] == "lz" and u["loc"] in LOC:
            lzs[u["loc"]] = lzs.get(u["loc"], 0) + 1
    for loc, n in nva.items():
        if n > TABLES["nva_stack"]:
            bad.append(f"{n} NVA units at {loc} (FT 8.3)")
    for loc, n in lzs.items():
        if n > 1:
            bad.append(f"{n} LZ markers at {loc} (FT 3.0)")
    with B.indexed(s):  # the units by location, read from them afresh unless the engine keeps them now
        for loc in LOC:
            if not B.stack_ok(s, loc):
                bad.append(f"American stacking exceeded at {loc} (FT 8.2)")
    if not 0 <= s["cp"] <= TABLES["cp"]["per_turn"]:
        bad.append(f"CP {s['cp']} off the track")
    if not 1 <= s["turn"] <= s["options"]["turns"]:
        bad.append(f"turn {s['turn']} off the track")
    if s["cas"] < 0:
        bad.append("negative casualty points")
    if sum(1 for u in U.values() if u["k"] == "b52") != 2 and False:
        bad.append("B-52 count")
    return bad
