"""What the Free World player may see (MF 16.0: concealed Communist units show only their back)."""

from ...engine.drawn import Places
from . import board as B
from .data import EVENTS, SCENARIOS, SPACES, TABLES


def unit_view(s, uid):
    u = s["units"][uid]
    k = B.K(u)
    if B.is_com(u) and not B.is_garrison(u) and not u.get("rev"):
        return None  # concealed: described by the caller without identity
    v = {"id": uid, "kind": u["k"], "name": B.name_of(s, uid), "short": k.get("short", ""),
         "side": B.side(u), "cls": k["cls"]}
    if B.is_garrison(u):
        v["garrison"] = True
        v["c"] = B.cf_of(s, u)
        if not u.get("com"):
            v["r"] = k["fw"][0]
        return v
    if B.is_com(u):
        v.update(c=k["c"], bcp=k["bcp"], mobile=bool(k.get("mobile")))
        for flag in ("aaa", "assault", "depot", "target"):
            if k.get(flag):
                v[flag] = k[flag]
        if u.get("by"):
            v["carried_by"] = u["by"]
        return v
    if B.is_leader(u):
        v["leader"] = True
        v["att"] = u.get("att")
        return v
    if B.is_air(u):
        v["air"] = k["air"]
        v["c"] = k["c"]
        return v
    v["red"] = bool(u.get("red"))
    v["r"] = B.recon_of(s, u)
    v["c"] = B.cf_of(s, u)
    v["m"] = B.ma_of(u)
    v["heavy"] = bool(k.get("heavy"))
    v["static"] = not B.is_mobile(u)
    v["two_step"] = B.two_step(u)
    lid = B.leader_of(s, uid)
    if lid:
        v["leader_name"] = s["units"][lid]["name"]
    return v


def pieces_at(s, loc):
    """Visible pieces at a location, then the face-down tokens in their random stack order
    (B.concealed_order, R-REV1): a token's handle and place say nothing of its type or id."""
    out = []
    for uid in sorted(B.units_at(s, loc), key=lambda x: (x.startswith("c"), x)):
        u = s["units"][uid]
        if B.is_leader(u) and u.get("att"):
            continue  # shown on its unit
        v = unit_view(s, uid)
        if v is not None:
            out.append(v)
    for n, uid in enumerate(B.concealed_order(s, loc), 1):
        out.append({"id": f"?{loc}.{n}", "side": "COM", "concealed": True, "back": B.back_of(s["units"][uid])})
    return out


# pieces_at reads nothing but the units at its place, the leaders attached to them (MF 25.4: a
# unit shows its leader's name and bonus) and the options: a place none of whose units changed
# shows the same pieces (engine/drawn.py) while each leader stands with its unit (a leader that
# changes changes its place); a leader away from its unit is compared apart
PLACES = Places(pieces_at)


def _apart(s):
    U = s["units"]
    out = []
    for lid in B.leaders(s):
        u = U[lid]
        att = u.get("att")
        if att is not None and U.get(att, {}).get("loc") != u["loc"]:
            out.append((lid, att, u.get("name")))
    return out


def view(s, role=None):
    with B.reading(s):  # nothing moves while the view is built: index the units once
        return _view(s, role)


def _view(s, role):
    sc = SCENARIOS[s["scenario"]]
    PLACES.begin(s, (s["options"], _apart(s)))
    spaces = {sp: {"pieces": ps, "name": SPACES[sp]["name"], "control": B.control(s, sp)}
              for sp, ps in zip(SPACES, PLACES.many(s, SPACES))}
    boxes = dict(zip((B.NT, B.SUP_AVAIL, B.RECOVERED), PLACES.many(s, (B.NT, B.SUP_AVAIL, B.RECOVERED))))
    pools = {}
    for box in (B.SF_POOL, B.SUP_POOL):
        counts = {}
        for uid in B.units_at(s, box):
            k = s["units"][uid]["k"]
            counts[k] = counts.get(k, 0) + 1
        pools[box] = [{"kind": k, "name": B.KINDS[k]["name"], "short": B.KINDS[k].get("short", ""), "n": n}
                      for k, n in sorted(counts.items())]
    com_pools = {box: len(B.units_at(s, box)) for box in (B.COM_MOBILE, B.COM_STATIC)}
    return {
        "game": "mike-force",
        "scenario": {"id": s["scenario"], "name": sc["name"], "turns": sc["turns"]},
        "turn": s["turn"],
        "phase": s.get("phase", "Set-up"),
        "ip": s["ip"], "band": B.band_name(max(s["ip"], 1)),
        "rp": s["rp"], "rp_max": TABLES["rp_max"]["value"],
        "bo_markers": list(s["bo_markers"]),
        "events_left": len(s["events"]),
        "events_played": [EVENTS[e]["name"] for e in s["events_played"]],
        "spaces": spaces,
        "boxes": boxes,
        "pools": pools,
        "com_pools": com_pools,
        # the leaders' printed names, on the map or not (MF 25.4): a leader chosen in the set-up
        # before it joins a unit is named by them ("Selected: Leader C", not its id)
        "leader_names": {lid: B.name_of(s, lid) for lid in B.leaders(s)},
    }


def verdict_text(s):
    o = s["over"]
    who = "Free World victory" if o["winner"] == "FW" else "Free World defeat"
    return f"Game over on turn {o['turn']}: {who}. {o['reason']} ({o['rule']})"
