"""Who may fire where (V 7.1-7.4): artillery ranges, the cruiser's reach from the sea, which
artillery units may support a combat (dedicated HQs their own formation only, V 7.1), and the Air
Points of the game-turn (V 7.3). Read by combat, interdiction, bombardment, the operations and the
view's range overlay."""

from . import board as B
from .hexes import distance


def sea_range(s, h, rng):
    m = B.mapof(s)
    return any(m.is_sea(k) and distance(h, k) <= rng for k in m.hexes)


def art_range(u, s):
    if u["id"] == "hq7" or B.val(u, "type") == "hq":
        return B.opt(s, "hq7_range", B.val(u, "range")) if u["kind"] == "us_rgt_hq" else B.val(u, "range")
    return B.val(u, "range")


def artillery(s, side, h, fighting, used, phasing):
    """Artillery units (HQ dedicated, independent) of `side` that may fire into h (V 7.1, 7.2):
    in range, unused this round; the operating side's (`phasing`) must be assigned to the
    operation; the other side's must not be Ops Complete, but for a dedicated HQ defending its own
    formation. A dedicated HQ supports only its formation's units (option hq_support_scope)."""
    out = []
    for u in B.live(s):
        if u["side"] != side or B.strength(u) > 0 or B.val(u, "art") <= 0 or u["id"] in used:
            continue
        if phasing and not u["op"]:
            continue
        if not phasing and (u["op"] or (u["done"] and not dedicated(u))):
            continue  # V 7.1 (L434-440): Ops Complete independent artillery no longer supports
        if distance(u["hex"], h) > art_range(u, s):
            continue
        if dedicated(u) and (own_scope(s) or u["done"]) and not commands_any(u, fighting):
            continue  # Ops Complete, dedicated artillery still defends its own formation (L434-435)
        out.append(u)
    return out


def dedicated(u):
    """V 7.1 (L422-423): division and brigade-level HQs are dedicated artillery (they support only
    units under the same command)."""
    return B.val(u, "type") == "hq"


def own_scope(s):
    """Option hq_support_scope: "brigade" (the seed, L423-427: a dedicated HQ supports only its own
    command) or "operation" (the VG examples: any unit of the operation)."""
    return B.opt(s, "hq_support_scope") == "brigade"


def commands_any(hq, units):
    """V 7.1: some unit of `units` (the HQ itself aside) is under the HQ's command."""
    return commands_form(hq, formations(x for x in units if x["id"] != hq["id"]))


def formations(units):
    """The formations of `units`: commands_form's test of many HQs against the same units (a
    campaign's designation asks it of every HQ not operating against every unit operating)."""
    return {x.get("form") for x in units}


def commands_form(hq, forms):
    """V 7.1 (R45): a brigade or regiment HQ commands its own formation's units; a division HQ
    (formation "1cav") those of its brigades too ("1cav-3bde"). True if it commands a unit of one
    of the formations `forms`."""
    f = hq.get("form")
    if f in forms:
        return True
    if B.val(hq, "size") == "XX" and f:
        sub = f + "-"
        return any(str(x).startswith(sub) for x in forms)
    return False


# --- Air Points (V 7.3) ------------------------------------------------------------------------------
# rec["ap"]: the Air Points the US has (those received, less those destroyed); rec["ap_used"]: those
# committed to operations this game-turn (the Air Available marker stands at their difference).

def air_left(s):
    """Air Points the US may still commit this game-turn (V 7.3, L462-467: 20 available, 3 used, the
    marker moves to 17; 'a given Air Point may be used once per game-turn')."""
    r = s["rec"]
    return r["ap"] - r.get("ap_used", 0)


def commit_air(g, n):
    """n more Air Points for the operation running (at its Support Declaration, or with the reserves
    in a Retreat or Pursuit segment, V 7.3): used for this game-turn; the rest stay available."""
    s = g.s
    s["op"]["ap"] += n
    s["rec"]["ap_used"] = s["rec"].get("ap_used", 0) + n


def lose_air(g):
    """V 5.4, 7.3 (L474-476): an Air loss destroys one of the operation's points: the US has one
    fewer for later turns; this turn it stays with the operation ('7 Air Points remain available
    for later rounds'), so the points left to commit do not change."""
    r = g.s["rec"]
    r["ap"] -= 1
    r["ap_used"] = r.get("ap_used", 0) - 1
    r["ap_lost"] += 1
    g.log("The US loses 1 Air Point (V 5.4): NLF +1 VP (V 18.1)", "V 5.4", kind="loss")


def air_record(s):
    """The Air Points track as the view shows it: the points this turn, those committed, those left."""
    r = s["rec"]
    return {"available": r["ap"], "committed": r.get("ap_used", 0), "left": air_left(s), "rule": "V 7.3"}
