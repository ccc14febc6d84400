"""What the American player may see: unflipped LZ markers show only their common back (FT 3.0,
A13); the Unknown Box shows only how many counters it holds (FT 2.0, 13.11); Identified units in
the Zone Boxes and Contacted units on the map are shown with the values their counters show."""

from ...engine.drawn import Places
from . import board as B
from .data import CLS, COUNTERS, LOC, SCENARIOS, TABLES


def piece(s, uid):
    u = s["units"][uid]
    k = u["k"]
    if k == "lz" and not u.get("rev"):
        return None
    v = {"id": uid, "kind": k, "name": B.uname(s, uid), "side": "NVA" if k in ("nva", "nart") else "US"}
    if k == "inf":
        v.update(str=B.us_str(u), eff=B.us_eff(u), printed_eff=B.printed_eff(u), fatigue=u.get("fat", 0),
                 broken=bool(u.get("brk")), hold=B.hold_of(s, u), bn=u["bn"], brigade=B.brigade(u),
                 supplied=B.supplied(s, uid))
    elif k == "sfg":
        v.update(str=B.us_str(u), eff=B.us_eff(u), fatigue=u.get("fat", 0), supplied=B.supplied(s, uid))
    elif k == "nva":
        v.update(str=B.n_str(u), eff=B.n_eff(u), step=u["step"], broken=B.broken(u), reg=u["reg"], co=u["co"],
                 garrison=bool(u.get("gar")), hold=bool(u.get("hold")))
    elif k in B.HELIS:
        v.update(fatigued=bool(u.get("st")), recon19=bool(u.get("r19")))
        if k == "ara":
            v.update(support=COUNTERS["ara"]["support"], strike=COUNTERS["ara"]["strike"])
    elif k == "arty":
        v.update(bn=u["bn"], fired=bool(u.get("fired")), brigade=COUNTERS["artillery"][u["bn"]]["brigade"])
    elif k == "sup":
        v.update(step="full" if u["step"] == 2 else "half")
    elif k == "lz":
        v.update(valid=u["valid"])
    elif k == "tac":
        v.update(support=COUNTERS["tac_air"]["support"], strike=COUNTERS["tac_air"]["strike"])
    elif k == "b52":
        v.update(strike=COUNTERS["b52"]["strike"])
    elif k == "nart":
        v.update(fired=bool(u.get("fired")), with_company=u.get("att"))
    return v


def pieces_at(s, loc, pieces_of=None):
    out = []
    n = 0
    uids = sorted(B.units_at(s, loc))
    for p in ([piece(s, uid) for uid in uids] if pieces_of is None else pieces_of(s, uids)):
        if p is None:
            n += 1
            out.append({"id": f"?{loc}.{n}", "side": "US", "concealed": True, "back": "LZ"})
        else:
            out.append(p)
    return out


def _drawn_at(s, loc):
    """pieces_at(s, loc), a piece drawn again only if its unit or what it reads at loc changed."""
    here = (loc, B.garrison_at(s, loc) is not None, B.stack_supplied(s, loc, "inf"), B.stack_supplied(s, loc, "sfg"))
    return pieces_at(s, loc, lambda s, uids: PLACES.pieces_of(s, uids, here, piece))


# piece() reads nothing but its unit, the options and at its place whether a garrison is there
# (hold_of, FT 11.5) and whether each stack is supplied (FT 6.3): a place none of whose units
# changed shows the same pieces, and so does a unit unchanged in a place that reads the same
# (engine/drawn.py)
PLACES = Places(_drawn_at)


# A space's fields that never change, in the view's order ("pieces" and "lz" filled in each time)
_SPACES = {loc: {"pieces": None, "name": B.name(loc), "zone": r["zone"], "number": r["number"], "road": r["road"],
                 "lz": None, "sf_camp": r["sf_camp"]} for loc, r in LOC.items()}
_ZONES = {z: B.zbox(z) for z in sorted(CLS, key=B.cls)}


def view(s, role=None):
    sc = SCENARIOS[s["scenario"]]
    with B.reading(s):
        PLACES.begin(s, s["options"])
        lzs = B.lz_locs(s)  # (lz_at of a map location)
        spaces = {}
        for (loc, fixed), pieces in zip(_SPACES.items(), PLACES.many(s, _SPACES)):
            spaces[loc] = sp = fixed.copy()
            sp["pieces"] = pieces
            sp["lz"] = loc in lzs
        zones = dict(zip(_ZONES, PLACES.many(s, _ZONES.values())))
        unknown = [{"id": f"?UNKNOWN.{i + 1}", "side": "NVA", "concealed": True, "back": "NVA"}
                   for i in range(len(B.of_kind(s, B.UNKNOWN, "nva")))]
        ankhe, refit, elim, off = PLACES.many(s, (B.ANKHE, B.REFIT, B.ELIM, B.OFF))
        boxes = {"An Khe": ankhe, "Refit": refit, "Unknown": unknown, "Eliminated": elim, "Removed": off}
        counts = {"supply_available": len(B.of_kind(s, B.POOL, "sup")),
                  "b52_left": len(B.of_kind(s, B.ANKHE, "b52")), "unknown": len(unknown)}
    return {
        "game": "first-team",
        "scenario": {"id": s["scenario"], "name": sc["name"], "turns": s["options"]["turns"]},
        "turn": s["turn"], "phase": s.get("phase", "Set-up"),
        "tracks": {"turn": s["turn"], "command_points": s["cp"], "casualty_points": s["cas"], "victory_points": s["vp"],
                   "cp_per_turn": TABLES["cp"]["per_turn"]},
        "spaces": spaces,
        "zone_display": zones,
        "boxes": boxes,
        "counts": counts,
        "strikes": [dict(x) for x in s.get("strikes", ())],  # us.mark_strike: public, as the log
    }


def verdict_text(s):
    o = s["over"]
    return f"Game over on turn {o['turn']}: {o['level']}. {o['reason']} ({o['rule']})"
