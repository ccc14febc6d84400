"""Who may fire where (V 7.1-7.4): artillery ranges, the cruiser's reach from the sea, and which
artillery units may support a combat (dedicated HQs their own formation only, V 7.1). Read by
combat, interdiction, bombardment and the view's range overlay."""

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
    operation; the other side's must not be Ops Complete. A dedicated HQ supports only its
    formation's units (option hq_support_scope)."""
    out = []
    for u in B.live(s):
        if u["side"] != side or B.strength(u) > 0 or B.val(u, "art") <= 0 or u["id"] in used:
            continue
        if phasing and not u["op"]:
            continue
        if not phasing and (u["done"] or u["op"]):
            continue
        if distance(u["hex"], h) > art_range(u, s):
            continue
        if B.val(u, "type") == "hq" and B.opt(s, "hq_support_scope") == "brigade" and \
                not any(commands(u, x) for x in fighting):
            continue
        out.append(u)
    return out


def commands(hq, x):
    """R45: a brigade or regiment HQ supports its own formation's units; a division HQ (formation
    "1cav") those of its brigades too ("1cav-3bde")."""
    f = hq.get("form")
    return x.get("form") == f or (B.val(hq, "size") == "XX" and bool(f) and str(x.get("form")).startswith(f + "-"))
