"""What the computer expects of an attack, from the rules' own combat numbers and CRT (V 5.4 ratio,
DRMs and loss columns, V 7.2 support, V 5.5 losses): the odds preview the player sees, averaged over
the die, and the same for an attack that is only being planned. Read only, on a sampled world.

The loss points a side takes cost it victory points (V 18.1 rule 7) at least at its cheapest
replacement (a US RP 1 VP, an ARVN RP 1/4) and, when the points run out, a removal (a US counter
10 VP); `loss_vp` prices them so."""

from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import combat as C
from ..rules.vietnam_1965_1975 import support as SU
from ..rules.vietnam_1965_1975 import losses as L
from ..rules.vietnam_1965_1975 import nva

DIE = range(1, 7)


def of_preview(p):
    """(expected defender loss, expected attacker loss) of a preview (view.py / combat.preview)."""
    if p.get("void"):
        return 0.0, 0.0
    d = p["dice"]
    return sum(x["def"] for x in d) / 6, sum(x["att"] for x in d) / 6


def defenders_support(s, h, dfn, side):
    """The defending side's artillery that may fire into h (in range, not Ops Complete, V 7.1), plus
    the defenders' organic artillery."""
    arts = SU.artillery(s, side, h, dfn, [], False)
    return sum(B.val(u, "art") for u in dfn) + sum(B.val(u, "art") for u in arts)


def rounds(s, h, atk, side, support=0, dfn=None, bonus=0):
    """One attack on h by `atk` (unit dicts) of `side`, with `support` points besides their organic
    artillery: per die face (defender loss, attacker loss), the odds DRM and the total DRM."""
    dfn = B.units_at(s, h, B.other(side)) if dfn is None else dfn
    dfn = [u for u in dfn if B.val(u, "type") != "pol"]
    if not dfn or not atk:
        return [(0, 0)] * 6, 0, 0
    sup_a = sum(B.val(u, "art") for u in atk) + support
    sup_d = defenders_support(s, h, dfn, B.other(side))
    n = C.numbers(s, atk, dfn, h, sup_a, sup_d, side)
    drm = n["drm_odds"] + n["drm_terrain"] + n["drm_esc"] + bonus
    faces = []
    for d in DIE:
        r = C.row(d + drm)
        faces.append((r["def"][n["col_d"]], r["att"][n["col_a"]]))
    return faces, n["drm_odds"], drm


def attack(s, h, atk, side, support=0, dfn=None, bonus=0):
    """Expected (defender loss, attacker loss, odds DRM, total DRM) of one attack (`rounds`)."""
    faces, odds, drm = rounds(s, h, atk, side, support, dfn, bonus)
    return sum(d for d, _ in faces) / 6, sum(a for _, a in faces) / 6, odds, drm


def kill_chance(faces, hp, n=3):
    """The chance that `n` rounds of the same attack (V 5.1: at most three) inflict `hp` loss points
    or more (the defenders' strength and the replacement points they may spend)."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt = {}
        for tot, p in dist.items():
            for d, _ in faces:
                k = min(hp, tot + d)
                nxt[k] = nxt.get(k, 0.0) + p / 6
        dist = nxt
    return dist.get(hp, 0.0)


def rp_room(s, units):
    """Loss points the units' replacement pools can still absorb (V 5.5: each unit strength - 1)."""
    room = 0
    pools = {}
    for u in units:
        k = L.pool_key(u)
        pools.setdefault(k, 0)
        pools[k] += max(0, L.rp_limit(u) - u["rp_spent"])
    for k, n in pools.items():
        room += min(n, s["rec"].get(k, 0))
    return room


def may_slip(s, u):
    """V 5.2: the unit may alert away from a US operation (VC units, unaugmented NVA regiments)."""
    return u["side"] == "NLF" and nva.may_alert(s, u)
