"""What each side may see (V 10 limited intelligence): face-down VC units show the US only their
handle and back; the NLF's replacement points are its own record."""

from functools import lru_cache

from . import arvn
from . import airmobile as AM
from . import board as B
from . import brigades
from . import prefs
from .combat import preview
from .data import COUNTERS, SCENARIOS
from .hexes import distance
from .interdiction import exit_extra, sources
from .losses import loss_table
from .movement import been, party_routes, reach, routes, settled
from .operation import SearchDestroy, attackable, available
from .regions import ffz_list
from .support import air_record, art_range, sea_range
from .victory import verdict_text, vp, vp_sums, vp_table  # noqa: F401  (re-exported)


def piece(s, u, role, hidden=None):
    """How `role` sees unit u (`hidden`: B.concealed(u, role, s), when the caller knows it)."""
    if B.concealed(u, role, s) if hidden is None else hidden:
        p = {"id": u["handle"], "side": "NLF", "concealed": True, "back": "VC"}
        if u["mission"]:  # V 6.2 (L384): a Hold or Patrol marker stands on the counter, face down too
            p["mission"] = u["mission"]
        return p
    k = B.kind(u)
    p = {"id": u["id"], "side": u["side"], "name": u["name"], "kind": u["kind"], "type": k["type"],
         "size": k["size"], "ground": k["ground"], "art": k["art"], "mpa": B.mpa(s, u),
         "pursuit": k["pursuit"], "done": u["done"], "mission": u["mission"], "op": u["op"],
         "tgt": u["tgt"]}
    if k["nat"] != ("US" if u["side"] == "US" else "VC"):
        p["nat"] = k["nat"]  # ARVN, FWA, NVA: their own counter colours
    if arvn.ineffective(u):
        p["ineff"] = True  # V 11.1
    if k.get("face") == "augmented" and k["nat"] in ("ARVN", "NVA"):
        p["aug"] = True  # the upgraded face of a dual-faced counter (V 17.4, 17.6)
    if u.get("air"):
        p["air"] = True
    if AM.natural(u):
        p["airmobile"] = True  # V 8: permanently airmobile (1st Cavalry)
    form = brigades.form_of(s, u)
    if form:
        p["deployment"] = brigades.deployment_text(form)  # V 9.1: which faces are up, public
    if u["rp_spent"]:
        p["rp_spent"] = u["rp_spent"]
    return p


def view(s, role=None):
    spaces = {}
    shown, hidden = [], []
    for u in B.live(s):  # (each unit asked once: a campaign's view has hundreds)
        (hidden if B.concealed(u, role, s) else shown).append(u)
    for u in sorted(shown, key=lambda u: (u["side"], u.get("handle") or "", u["id"] if u.get("rev") else "")):
        spaces.setdefault(u["hex"], {"pieces": []})["pieces"].append(piece(s, u, role, False))
    for u in sorted(hidden, key=lambda u: u["handle"]):
        spaces.setdefault(u["hex"], {"pieces": []})["pieces"].append(piece(s, u, role, True))
    rec = dict(s["rec"])
    if role == "US":
        rec.pop("vc_rp")
        rec.pop("nva_rp", None)  # the NLF's record sheet is hidden from the US (V 1)
    op = s.get("op")
    table = vp_table(s)
    v = {"game": "vietnam-1965-1975", "scenario": s["scenario"], "area": s.get("area", "quangngai"),
         "title": SCENARIOS[s["scenario"]]["name"],
         "turn": s["turn"], "turns": s["turns"], "phase": s.get("phase"), "spaces": spaces, "records": rec,
         # removed units are face up (board.remove_unit), so their names are public
         "removed": [{"id": r["id"], "name": s["units"][r["id"]]["name"], "side": r["side"], "how": r["how"]}
                     for r in s["removed"]],
         "op": ({"side": op["side"], "targets": op["targets"], "round": op["round"], "ap": op["ap"],
                 "ship": op["ship"], "interdict": interdiction_markers(s)} if op else None),
         "vp_table": table, "vp": vp_sums(table), "ffz": ffz_list(s),
         "air": air_record(s)}  # V 7.3: Air Points this turn, committed, left (the UI may show "AP 4, 2 committed")
    rangers = arvn.rangers_in_play(s)
    if rangers:  # V 11.3: the Ranger Holding Box (public, like every US unit)
        v["ranger_box"] = {"in_box": [u["name"] for u in arvn.rangers_in_box(s)], "in_play": len(rangers),
                           "border": arvn.border_penalty(len(rangers)), "rule": "V 11.3"}
    if s.get("forms"):  # V 9.1: each US formation's deployment (public: the counters show it)
        v["forms"] = [{"id": fid, "name": fm["name"], "dep": fm["dep"], "text": brigades.deployment_text(fm),
                       "short": f"deployment {fm['dep']}" if fm["dep"] else f"arrives turn {fm.get('enters')}"}
                      for fid, fm in sorted(s["forms"].items())]
    if op and op.get("kind", "sd") in ("sd", "cs"):
        v["op_panel"] = operation_panel(s)
    if role in ("US", "NLF"):
        # V 3.1: the hexes where the enemy's ZOC costs this side MP to leave (the movement overlay);
        # public: it follows from where the enemy's counters stand, face down or not
        m, enemy = B.mapof(s), B.other(role)
        near = {n for u in B.live(s) if u["side"] == enemy and B.exerts_zoc(u) for n in B.neighbours(u["hex"])}
        v["zoc"] = sorted(h for h in near if m.playable(h) and enemy not in B.sides_at(s, h))  # = in_enemy_zoc
    top = s["stack"][-1] if s["stack"] else None
    if top and top["s"] == "move" and role in (None, top.get("who")):
        # for the mover's movement overlay: the unit or stack moving and the MP left (V 3)
        top = settled(s, top)
        v["moving"] = {"mode": top["mode"], "unit": top.get("cur"), "stack": top.get("group") or [],
                       "mp": dict(top["mp"]), "rule": top["rule"], **reach_and_paths(s, top)}
    if op and top and top["s"] == "attack_pick" and role in (None, top.get("who")):
        v["preview"] = [preview(s, h, available(s, h)) for h in attackable(s)]
    if top and top["s"] == "losses" and role in (None, top.get("who")):
        v["losses"] = loss_table(s, top)  # the loss-allocation dialog (V 5.5)
    if top and role in (None, top.get("who")) and top["s"] in WINDOWS:
        title, rule = WINDOWS[top["s"]]
        v["window"] = {"step": top["s"], "title": title, "rule": rule,
                       "where": ", ".join(top.get("hexes") or [top.get("hex") or (top.get("queue") or [""])[0]])}
    v["ranges"] = ranges(s, role)
    if top and role in (None, top.get("who")):
        alloc = allocating(s, top)
        if alloc:
            v["allocating"] = alloc
    if role in ("US", "NLF"):
        v["prefs"] = prefs.describe(s, role)
    return v


def interdiction_markers(s):
    """V 7.5: the interdiction markers on the map (public: placed in the open), each hex's effective
    points and the MP it adds to leaving the hex (issue 45 item 4: they were not drawn)."""
    return {h: {"points": n, "mp": exit_extra(s, h)} for h, n in sorted((s["op"].get("interdict") or {}).items()) if n}


# --- the decision waiting, in public words (issue 45 item 2: the hand-over screen names it) -------
MOVE_WHAT = {"op": "move the operating units", "react": "the reaction move", "alert": "the alert move",
             "retreat": "the retreat", "pursuit": "the pursuit", "reserve": "the reserve's move",
             "strat": "strategic movement"}


def decision(s):
    """What the side deciding now is about to decide, in words either side may read (shown on the
    hand-over screen before the next player takes the screen): no unit names, only the public
    facts of the frame (the hexes of a move, a target hex, the number of losses)."""
    top = s["stack"][-1] if s["stack"] and not s.get("over") else None
    if top is None:
        return ""
    k = top["s"]
    op = s.get("op") or {}
    if k == "react":
        mover = B.other(top["who"]) if top.get("who") in ("US", "NLF") else "enemy"
        return f"react to the {mover} move into {', '.join(top.get('hexes') or [])}, or pass (V 5.3)"
    if k == "incidental_ask":
        return f"force an incidental attack in {top['hex']}, or let the units pass (V 3.2)"
    if k == "alert":
        return f"the alert in {top['queue'][0]}: disperse VC units, or roll (V 5.2)"
    if k == "support_pick":
        return f"support for the combat in {top['hex']}, as the {top['role']} (V 7.2)"
    if k == "losses":
        return f"allocate {top['n']} loss{'es' if top['n'] != 1 else ''} (V 5.5)"
    if k == "move":
        return f"{MOVE_WHAT.get(top['mode'], 'movement')} ({top['rule']})"
    if k == "attack_pick":
        return f"the next attack of combat round {op.get('round', 1)} (V 5.4)"
    if k == "ops":
        return {"choose": "who conducts the next operation (V 2.1)",
                "offer": "conduct an operation, or decline (V 2.1)",
                "after": "end the Operations Phase, or operate (V 2.1)"}.get(top.get("st"), "the Operations Phase (V 2.1)")
    words = {"setup": "the set-up (V 18.2)", "nlf_place": "the set-up (V 18.2)",
             "designate": "Hold and Patrol designation (V 6.2)", "sd_pick": "designate the operation's units and target (V 5.1)",
             "sd_support": "the support declaration (V 7.3)", "reserve_pick": "reserves (V 5.7, 5.8)",
             "interdict": "interdiction (V 7.5)", "cs_switch": "Hold or Patrol at the end of a Clear and Secure (V 6.1)",
             "strat_phase": "the Strategic Movement Phase (V 2.1)", "strat_pick": "strategic movement (V 3.3)",
             "sec_pick": "the security operation (V 6.3)", "sec_move": "the security operation (V 6.3)",
             "sec_fight": "the security operation (V 6.3)", "sec_withdraw": "the security operation (V 6.3)",
             "bomb_pick": "the bombardment (V 7.5)", "naval": "naval transport (V 3.4)",
             "naval_place": "naval transport (V 3.4)", "ranger_roll": "the Ranger roll (V 11.3)",
             "ranger_buyback": "buying back a Ranger (V 11.3)", "deploy": "brigade deployments (V 9.1)",
             "reinforce": "reinforcements (V 18.1)", "enter_at": "reinforcements (V 18.1)"}
    return words.get(k, NOW.get(k, "the next decision"))


def reach_and_paths(s, f):
    """The movement overlay of a move frame (V 3, V 8.1): "reach", {unit: hexes it could still end
    its move in}, and "paths", {hex: the hexes of the cheapest path there} for the unit or stack
    moving now, which a click on a hex of its range follows a step at a time (issue 45 item 4).
    With nothing picked yet, the ground reach of every unit not yet moved (no paths)."""
    if f.get("group") or f.get("cur"):
        units = [s["units"][x] for x in (f.get("group") or [f["cur"]])]
        if not units[0]["hex"]:
            return {"reach": {}, "paths": {}}
        air = AM.flying(units[0], f)
        if len(units) == 1 and not air:
            u = units[0]
            paths = routes(s, u, f["mp"][u["id"]], f["enter"], f["mode"], f.get("forbid", ()), been(f, u))
        else:
            paths = party_routes(s, f, units, air)
        return {"reach": {u["id"]: sorted(paths) for u in units}, "paths": paths}
    out = {}
    for x in (x for x in sorted(f["mp"]) if x not in f["moved"]):
        u = s["units"][x]
        if u["hex"] and not AM.flying(u, f):
            out[x] = reach(s, u, f["mp"][x], f["enter"], f["mode"], f.get("forbid", ()))
    return {"reach": out, "paths": {}}


# the small windows answered quickly (issue 11 section 4), with their play settings (prefs.py)
WINDOWS = {"react": ("Reaction window", "V 5.3"), "incidental_ask": ("Incidental attack", "V 3.2"),
           "alert": ("Alert", "V 5.2"), "support_pick": ("Support allocation", "V 7.2")}


# --- the operation panel (issue 11 section 4): segments A-H of V 2.1 item 4 ----------------------
# (letter, title, rule, the parts of operation.SearchDestroy that belong to it, what happens)
SEGMENTS = (
    ("A", "Designation", "V 2.1 A, V 5.1", ("designate", "rangers"),
     "the operating units and the target hex (US: the Ranger roll, V 11.3)"),
    ("B", "Support Declaration", "V 2.1 B, V 7.3", ("support",),
     "US only: Air Points, the cruiser, free-fire zones"),
    ("C", "Movement", "V 2.1 C, V 3, V 5.3", ("movement",),
     "operating units move; incidental attacks, reactions"),
    ("D", "Alert", "V 2.1 D, V 5.2", ("interdict_alert", "alert", "after_alert"),
     "US operations only: interdiction, VC alert roll or dispersal"),
    ("E", "Combat", "V 2.1 E, V 5.4, V 5.5", ("round", "interdict_p", "interdict_d", "attacks", "battle"),
     "attacks on the target hexes, support, losses"),
    ("F", "Retreat", "V 2.1 F, V 5.6, V 5.7", ("retreat", "defensive"),
     "defenders may retreat; US defensive reserves"),
    ("G", "Pursuit", "V 2.1 G, V 5.6, V 5.8", ("pursuit", "offensive", "cs_round", "next_round"),
     "pursuit moves; US offensive reserves; then the next round (at most 3)"),
    ("H", "End of Operation", "V 2.1 H, V 6.1", ("cs_end", "wrap"),
     "Ops Complete; C&S units may take Hold or Patrol"),
)
NOW = {"sd_pick": "choosing units and the target", "sd_support": "declaring support",
       "move": "moving", "react": "reaction window", "alert": "alert", "incidental_ask": "incidental attack?",
       "attack_pick": "choosing the next attack", "support_pick": "allocating support", "losses": "allocating losses",
       "reserve_pick": "reserves", "cs_switch": "Hold or Patrol", "interdict": "interdiction"}


def operation_panel(s):
    """Where the S&D or C&S operation running stands: each segment done, now or next, from the
    operation procedure's own position (its frame's part counter), the round and the side."""
    fr = next((f for f in reversed(s["stack"]) if f["s"] == "sd"), None)
    if fr is None:
        return None
    op = s["op"]
    part = SearchDestroy.parts[max(0, fr.get("pc", 1) - 1)]
    cur = next(i for i, seg in enumerate(SEGMENTS) if part in seg[3])
    rows = []
    for i, (letter, title, rule, _, what) in enumerate(SEGMENTS):
        skip = op["side"] == "NLF" and letter in ("B", "D")  # US-only segments (V 2.1 B, D)
        state = "skipped" if skip else "done" if i < cur else "now" if i == cur else "next"
        if letter in "EFG" and i > cur and op["round"] > 1:
            state = "next"
        rows.append({"seg": letter, "title": title, "rule": rule, "what": what, "state": state})
    nxt = next((r for r in rows if r["state"] == "next"), None)
    top = s["stack"][-1]
    return {"kind": "Clear and Secure" if op["kind"] == "cs" else "Search and Destroy",
            "rule": "V 6.1" if op["kind"] == "cs" else "V 5", "side": op["side"], "round": op["round"],
            "rounds": 3, "segments": rows, "current": SEGMENTS[cur][0], "next": nxt and nxt["seg"],
            "now": NOW.get(top["s"], ""), "mode": top.get("mode") if top["s"] == "move" else None}


# --- support ranges (V 7.1, 7.2, 7.4): the hexes a support source can fire into --------------------
@lru_cache(maxsize=256)
def _within(area, h, r, extend=()):
    m = B.mapof({"area": area, "play_extend": extend})
    return tuple(sorted(k for k in m.hexes if m.playable(k) and distance(h, k) <= r))


@lru_cache(maxsize=8)
def _sea_reach(area, r, extend=()):
    s = {"area": area, "play_extend": extend}
    m = B.mapof(s)
    return tuple(sorted(k for k in m.hexes if m.playable(k) and m.land(k) and sea_range(s, k, r)))


def ranges(s, role):
    """{source: {"name", "range", "rule", "hexes"}} for the support sources `role` sees: every
    artillery unit and HQ on the map with artillery and a range (face-down units excluded), and the
    cruiser while the US has it this turn or it serves the operation (V 7.4: 2 intervening hexes
    from a sea hex)."""
    area, ext = s.get("area", "quangngai"), tuple(s.get("play_extend", ()))
    out = {}
    kinds = B.KINDS
    for u in B.live(s):
        k = kinds[u["kind"]]  # (B.val, read once: a campaign's view asks it of hundreds of units)
        if k["art"] <= 0 or k["ground"] > 0 or B.concealed(u, role, s):
            continue
        r = art_range(u, s)
        out[u["id"]] = {"name": u["name"], "range": r, "rule": "V 7.1", "hexes": list(_within(area, u["hex"], r, ext))}
    op = s.get("op")
    if role in (None, "US") and (s["rec"]["ship"] and not s["rec"].get("ship_op") or (op or {}).get("ship")):
        r = COUNTERS["ships"]["cruiser"]["range"]
        out["ship"] = {"name": "the cruiser", "range": r, "rule": "V 7.4", "hexes": list(_sea_reach(area, r, ext))}
    return out


def allocating(s, top):
    """The support sources being allocated now (their ranges are shaded): the sources of a
    support window (V 7.2), the cruiser at the Support Declaration (V 7.3), interdiction sources."""
    if top["s"] == "support_pick":
        return {"hex": top["hex"], "sources": [k for k, _ in top["src"] if k != "ap"]}
    if top["s"] == "sd_support" and s["rec"]["ship"] and not s["rec"].get("ship_op"):
        return {"hex": None, "sources": ["ship"]}
    if top["s"] == "interdict":
        return {"hex": None, "sources": [k for k, _, _ in sources(s, top["who"]) if k != "ap"]}
    return None
