"""The state's pieces and the facts every rule reads: who is where, zones of control (V 3.1),
stacks, the other side. One flow of steps for the game."""

from ...engine.flow import Flow
from .data import KINDS
from .hexes import get_map, neighbours

flow = Flow()
ROLES = ("US", "NLF")


def other(role):
    return "NLF" if role == "US" else "US"


def kind(u):
    return KINDS[u["kind"]]


def val(u, key):
    return kind(u)[key]


def mapof(s):
    """The state's map: its area's, with the play area extended into the regions of "play_extend"."""
    return get_map(s.get("area", "quangngai"), tuple(s.get("play_extend", ())))


def live(s):
    return [u for u in s["units"].values() if u["hex"]]


def units_at(s, h, side=None):
    return [u for u in s["units"].values() if u["hex"] == h and (side is None or u["side"] == side)]


def sides_at(s, h):
    return {u["side"] for u in s["units"].values() if u["hex"] == h}


def mpa(s, u):
    """The printed MPA, with the scenario's modifier (Starlite VC -2 for all purposes, R59)."""
    m = val(u, "mpa")
    if u["side"] == "NLF" and val(u, "nat") == "VC" and s["options"].get("starlite_mpa", True):
        m += s["special"].get("vc_mpa_mod", 0)
    return max(m, 0)


def ground(u):
    return val(u, "ground")


def exerts_zoc(u):
    """V 3.1: combat units exert a ZOC; HQs, artillery and units on Hold do not (ARVN battalions
    neither; political sections and supply conduits do)."""
    return bool(val(u, "zoc")) and u.get("mission") != "hold" and not u.get("outside")


def zoc_exit_cost(s, h, side):
    """Extra MP for a unit of `side` to leave h because h is in an enemy ZOC (V 3.1): +1, or +2
    if any exerting unit is on Patrol. A hex holding the mover's own side's... (R11): the enemy's ZOC
    does not enter a hex that holds enemy units; a hex with both sides' units is in no ZOC."""
    enemy = other(side)
    if enemy in sides_at(s, h):
        return 0  # the enemy-hex exit cost applies instead, never both (V 3.1)
    cost = 0
    for n in neighbours(h):
        for u in units_at(s, n, enemy):
            if exerts_zoc(u):
                cost = max(cost, 2 if u.get("mission") == "patrol" else 1)
    return cost


def in_enemy_zoc(s, h, side):
    enemy = other(side)
    if enemy in sides_at(s, h):
        return False
    return any(exerts_zoc(u) for n in neighbours(h) for u in units_at(s, n, enemy))


def unit_label(s, u, role):
    """How `role` names u: hidden VC units by their face-down handle (V 10, R71)."""
    if concealed(u, role, s):
        return f"VC unit {u['handle']}"
    return u["name"]


def concealed(u, role, s=None):
    """V 10: an NLF unit not yet revealed is face down to the US (option hidden_hotseat: off, both
    players see everything, e.g. for a solitaire reading of the scenario)."""
    if s is not None and (not s["options"].get("hidden_hotseat", True) or s.get("over")):
        return False  # (and once the game is over every counter is turned face up: issue 45 item 6)
    return u["side"] == "NLF" and role == "US" and not u.get("rev")


def pub(s, u):
    """A unit's name for the public log: its handle while face down."""
    return unit_label(s, u, "US")


def opt(s, key, default=None):
    return s["options"].get(key, default)


def by_id(s, uid):
    return s["units"][uid]


def enemies_at(s, h, side):
    return units_at(s, h, other(side))


def strength(u):
    """Ground strength (V 5.4); 0 for HQs, artillery and political sections."""
    return val(u, "ground")


def fights(u):
    """On the map and able to attack or be attacked: not a reinforcement still beside the play
    area (V 18.1 rule 3)."""
    return bool(u["hex"]) and not u.get("outside")


def remove_unit(g, u, how, rule, scored=True):
    """Take a unit off the map (V 5.5 elimination, V 5.2 dispersal, V 9.2 break-down). The removed
    record is public: a removed VC unit is turned face up (its identity is then known). The log
    line says the points it gives (V 18.1 rule 7; issue 45 item 5: no VP change without its cause);
    `scored` False: the caller names them (a break-down is scored as one)."""
    s = g.s
    u["rev"] = True
    s["removed"].append({"id": u["id"], "kind": u["kind"], "side": u["side"], "how": how,
                         "hex": u["hex"], "turn": s.get("turn")})
    u["hex"] = None
    u["op"] = u["tgt"] = False
    g.reveal()
    who, pts = removed_vp(s["removed"][-1]) if scored else ("", 0)
    g.log(f"{u['name']} {how}" + (f": {who} +{pts:g} VP (V 18.1)" if pts else ""), rule, kind="loss")


def removed_vp(r):
    """V 18.1 rule 7: a removed unit's worth (leaving the play area is no loss). For the US: a VC
    battalion or political section 1, another VC counter 3 (broken down too), any NVA counter 4.
    For the NLF: a US counter 10, an ARVN or FWA unit its ground and artillery strength points."""
    if r["how"] == "left":
        return "", 0
    k = KINDS[r["kind"]]
    if r["side"] == "NLF":
        if k["nat"] == "NVA":
            return "US", 4
        return "US", 1 if k["size"] in ("II", "") else 3
    if k["nat"] == "US":
        return "NLF", 10
    return "NLF", (k.get("ground") or 0) + (k.get("art") or 0)




def reveal(g, u, rule):
    """V 10: a hidden VC unit is turned face up (for the operation running: turn_back). The US has
    seen it ("seen"): a position sampled for the US keeps its identity."""
    if u["side"] == "NLF" and not u.get("rev"):
        u["rev"] = u["seen"] = True
        shown(g.s, u)
        g.reveal()
        g.log(f"VC unit {u['handle']} revealed: {u['name']}", rule, refs=refs(ref_u(g.s, u)))


def shown(s, u):
    """Note a VC unit face up for the operation running, to be turned back over (turn_back)."""
    op = s.get("op")
    if op is not None and u["id"] not in op.setdefault("shown", []):
        op["shown"].append(u["id"])


def turn_back(g):
    """V 10 (L575-577): 'Units revealed for combat are turned back over immediately after casualties
    are distributed': the VC units revealed in the operation so far and still on the map go face
    down again (at the end of a Combat segment, of an incidental attack, of a bombardment, of the
    operation); what the US read of them stays in its log."""
    s = g.s
    back = [s["units"][x] for x in (s.get("op") or {}).pop("shown", [])]
    back = [u for u in back if u["hex"] and u.get("rev") and u.get("handle")]
    for u in back:
        u["rev"] = False
    if back:
        g.log(", ".join(f"VC unit {u['handle']}" for u in back) + " turned face down again (V 10)", "V 10",
              refs=refs(*[ref_u(s, u) for u in back]))


def new_handle(s):
    """The next face-down handle ("?n") for a VC counter coming into play (V 10)."""
    used = {int(u["handle"][1:]) for u in s["units"].values() if u.get("handle")}
    return f"?{max(used, default=0) + 1}"


def abandon_mission(g, u, how, rule):
    """V 5.2 (L221-222), V 6.2 (L385): a unit on Hold or Patrol that moves by Alert, reaction or
    retreat abandons its mission at its first step, and is Ops Complete instead (still ineligible for
    operations this turn); a unit that stays keeps it. The log says who lost it."""
    g.log(f"{pub(g.s, u)} {how}: it abandons its {u['mission'].title()} and is Ops Complete", rule,
          refs=refs(ref_u(g.s, u)))
    u["mission"], u["done"] = None, True
    u.pop("mission_turn", None)


def new_op(side, kind):
    """The record of the operation running (one at a time): public facts only (reference 2.4)."""
    return {"side": side, "kind": kind, "targets": [], "round": 1, "ap": 0, "ship": 0, "used": [],
            "bonus": {}, "battles": [], "attacked": [], "rolled": False, "air_lost": False, "defended": []}


def close_op(s):
    """Segment H (V 2.1): operating units, reserves and artillery that defended are Ops Complete;
    targets, RP limits, airmobilization and hot LZs end with the operation."""
    for u in s["units"].values():
        if u["op"] or u["id"] in s["op"]["defended"] or u.pop("rsv", None):
            u["done"] = True
        u["op"] = u["tgt"] = False
        u["rp_spent"] = 0
        u.pop("air", None)
        u.pop("lz", None)


# --- what a log line names (issue 9 item 7): structured facts, so the UI never reads names ----------

def ref_u(s, u, role="US"):
    """A unit named in a log line, as `role` sees it: a face-down VC unit by its handle (the id its
    counter carries on the US map, V 10), never its identity. Public lines are named for the US."""
    if concealed(u, role, s):
        return ["u", u["handle"], unit_label(s, u, role)]
    return ["u", u["id"], u["name"]]


def ref_h(h):
    """A hex named in a log line."""
    return ["p", h, str(h)] if h else None


def refs(*rs):
    return [r for r in rs if r] or None
