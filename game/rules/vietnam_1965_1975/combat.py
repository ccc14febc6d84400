"""Combat (V 5.4 the ratio, DRMs and CRT; V 5.5 losses; V 7 firepower as Starlite needs it;
reference 2.7.3 and 2.7.4). One battle is a procedure: resolve, the defender's losses, then the
attacker's."""

from fractions import Fraction as Fr
from math import floor

from ...engine import battle as BR
from ...engine.flow import Procedure, Step
from . import airmobile as AM
from . import board as B
from . import prefs
from .data import COUNTERS, CRT, TEC
from .losses import pool_key  # noqa: F401  (game/ai reads it here)
from .regions import full_support
from .support import art_range, artillery, lose_air, sea_range  # noqa: F401  (art_range: game/ai reads it here)

BRACKETS = [(Fr(5), 5), (Fr(4), 4), (Fr(3), 3), (Fr(2), 2), (Fr(3, 2), 1), (Fr(1), 0)]


def odds_drm(a, d):
    """V 5.4: the ratio rounded in the defender's favour, to a DRM from -5 to +5."""
    a, d = Fr(a), Fr(d)
    if a >= d:
        return next(m for k, m in BRACKETS if a >= k * d)
    q = d / a
    for k, m in ((Fr(3, 2), -1), (Fr(2), -2), (Fr(3), -3), (Fr(4), -4)):
        if q <= k:
            return m
    return -5


def column(strength):
    """The CRT loss column for a strength (V 5.4; column bounds from research 7)."""
    idx = 0
    for i, c in enumerate(CRT["columns"]):
        if strength >= c["min"]:
            idx = i
    return idx


def row(mod):
    mod = max(-4, min(11, mod))
    return next(r for r in CRT["rows"] if r["roll"] == mod)


def pursuit(s, r):
    """A CRT row's raw pursuit result (V 5.4): the seed's column, the printed value -1 on every row
    (L273), or the VG edition's printed one (option crt_pursuit "vg")."""
    return r["pursuit_vg"] if B.opt(s, "crt_pursuit", "seed") == "vg" else r["pursuit"]


def halve_across(s, u, h):
    """V 4: attacking across an escarpment or water hexside halves the unit (rounded down)."""
    if u["hex"] == h:
        return False
    side = B.mapof(s).hexside(u["hex"], h)
    kind = side and (side.get("kind") or ("minor" if side.get("river") else ""))
    return bool(kind and TEC["hexsides"].get(kind, {}).get("halve"))


def numbers(s, atk, dfn, h, sup_a, sup_d, att_side):
    """Everything the CRT reads (reference 2.7.3), as plain data for the log and the tests."""
    m = B.mapof(s)
    g_a_unmod = sum(B.strength(u) for u in atk)
    g_a = sum(B.strength(u) // 2 if halve_across(s, u, h) else B.strength(u) for u in atk) or 1
    hold = all(u.get("mission") == "hold" for u in dfn)
    g_d_un = sum(B.strength(u) for u in dfn)
    g_d = max(1, sum(B.strength(u) * (2 if u.get("mission") == "hold" else 1) for u in dfn))
    rf = m.rf(h) if att_side == "NLF" else 0

    how = {}

    def eff(sup, side, ground, key, exempt=0):
        """V 7.6: US support counts half outside an FFZ, except a Hold unit's own artillery
        defending its own hex (`exempt`, counted in full). V 7.2 (L266-268): only 3 x the unmodified
        ground strength counts toward the ratio, capped before the halving (option support_cap_order)."""
        half = Fr(1) if full_support(s, side, h) else Fr(1, 2)
        cap = 3 * max(1, ground)
        full = min(exempt, sup)
        rest = sup - full
        if B.opt(s, "support_cap_order") == "halve_then_cap":
            ratio = min(full + rest * half, cap)
        else:
            capped = min(sup, cap)
            ratio = min(full, capped) + (capped - min(full, capped)) * half
        how[key] = {"raw": sup, "cap": cap, "capped": sup > cap, "half": half != 1 and rest > 0, "exempt": full,
                    "order": B.opt(s, "support_cap_order") or "cap_then_halve"}
        return ratio, floor(full + rest * half)

    held_own = sum(B.val(u, "art") for u in dfn if u.get("mission") == "hold" and u["hex"] == h)
    ra, la = eff(sup_a, att_side, g_a_unmod, "a")
    rd, ld = eff(sup_d, B.other(att_side), g_d_un, "d", held_own)
    drm_odds = odds_drm(g_a + ra, g_d + rf + rd)
    drm_ter = m.drm(h, B.opt(s, "mountain_drm", -2), B.opt(s, "town_drm", -1))
    esc = -1 if any(u["hex"] != h and ((m.hexside(u["hex"], h) or {}).get("kind") == "escarpment")
                    for u in atk) else 0
    rnd = (s.get("op") or {}).get("round")
    hot_a = sum(B.strength(u) for u in atk if rnd and u.get("lz") == rnd and u["hex"] == h)
    hot_d = sum(B.strength(u) for u in dfn if rnd and u.get("lz") == rnd and u["hex"] == h)
    col_d = column(max(1, g_d_un) + hot_d + rf + la)  # the enemy's support adds to your losses
    if hold and dfn:
        col_d = max(0, col_d - 1)  # V 6.1: all defenders on Hold, one column left
    col_a = column(max(1, g_a_unmod) + hot_a + ld)  # V 8.1: hot-LZ units count double
    return {"ga": g_a, "ga_unmod": g_a_unmod, "gd": g_d, "rf": rf, "ra": float(ra), "rd": float(rd),
            "att_total": float(g_a + ra), "def_total": float(g_d + rf + rd), "drm_odds": drm_odds,
            "drm_terrain": drm_ter, "drm_esc": esc, "col_a": col_a, "col_d": col_d,
            "hot": bool(hot_a or hot_d), "la": la, "ld": ld, "hot_a": hot_a, "hot_d": hot_d,
            "gd_unmod": g_d_un, "hold": bool(hold and dfn), "how_a": how["a"], "how_d": how["d"]}


# --- the arithmetic as the players read it (issue 45 item 3): the preview, the battle card and the
# log print these same lines, made from numbers() term by term -------------------------------------

def _name(s, u):
    return B.pub(s, u)  # the face-up name (units in combat are revealed, V 5.4 E), else the handle


def _g(x):
    return f"{float(x):g}"


def arithmetic(s, h, P, atk, dfn, use_a, use_d, bonus):
    """Every term of one combat, in words, from numbers() (V 5.4, V 7.2, V 7.6): each side's
    ground (halved across a hexside, doubled on Hold, 1 at least), its support sources, the cap and
    the halving with their reasons, the totals, the ratio and its rounding, each DRM and the loss
    columns. `use_a`, `use_d`: the support sources fired ([key, points], combat.sources)."""
    D = B.other(P)
    n = numbers(s, atk, dfn, h, sum(B.val(u, "art") for u in atk) + sum(p for _, p in use_a),
                sum(B.val(u, "art") for u in dfn) + sum(p for _, p in use_d), P)
    ga = []
    for u in atk:
        g = B.strength(u)
        if halve_across(s, u, h):
            ga.append(f"{_name(s, u)} {g} halved to {g // 2} (across the hexside, V 4)")
        elif g:
            ga.append(f"{_name(s, u)} {g}")
    gd = []
    for u in dfn:
        g = B.strength(u)
        if u.get("mission") == "hold" and g:
            gd.append(f"{_name(s, u)} {g} doubled to {2 * g} (Hold, V 6.2)")
        elif g:
            gd.append(f"{_name(s, u)} {g}")
    a_ground = f"ground {n['ga']}" + (f" ({'; '.join(ga)})" if ga else "") + \
        (" (no ground strength: counts 1, V 5.4)" if not any(B.strength(u) for u in atk) else "")
    d_ground = f"ground {n['gd']}" + (f" ({'; '.join(gd)})" if gd else "") + \
        (" (no ground strength: counts 1, V 5.4)" if not any(B.strength(u) for u in dfn) else "")

    def srcs(units, use):
        out = [f"{_name(s, u)} {B.val(u, 'art')}" for u in units if B.val(u, "art") > 0]
        return out + [f"{_source_name(s, k)} {p}" for k, p in use]

    def sup_line(side, how, ratio, loss, items, exempt_why):
        if not how["raw"]:
            return ["support 0"]
        out = [f"support {_g(how['raw'])} (" + ", ".join(items) + ")"]
        steps = []
        if how["order"] == "halve_then_cap":
            if how["half"]:
                steps.append(f"halved: {_half_why(s, side)}")
            if how["capped"]:
                steps.append(f"capped at 3 × ground = {how['cap']} (V 7.2)")
        else:
            if how["capped"]:
                steps.append(f"capped at 3 × ground = {how['cap']} (V 7.2)")
            if how["half"]:
                steps.append(f"halved: {_half_why(s, side)}")
        if how["exempt"]:
            steps.append(f"{_g(how['exempt'])} of it in full ({exempt_why})")
        if steps:
            out.append("; ".join(steps) + f" → {_g(ratio)} toward the ratio")
        out.append(f"{loss} added to the enemy's loss column (V 7.2)")
        return out

    att = {"side": P, "ground": a_ground, "support": sup_line(P, n["how_a"], n["ra"], n["la"], srcs(atk, use_a), ""),
           "total": f"total {n['att_total']:g} = ground {n['ga']} + support {n['ra']:g}"}
    dfd = {"side": D, "ground": d_ground,
           "support": sup_line(D, n["how_d"], n["rd"], n["ld"], srcs(dfn, use_d), "Hold, its own hex, V 6.2"),
           "total": f"total {n['def_total']:g} = ground {n['gd']}" + (f" + RF {n['rf']} (V 11.2)" if n["rf"] else "")
           + f" + support {n['rd']:g}"}
    drm = n["drm_odds"] + n["drm_terrain"] + n["drm_esc"] + bonus
    ratio = (f"{n['att_total']:g} against {n['def_total']:g}: " + _ratio_words(n['att_total'], n['def_total'])
             + f" → odds DRM {n['drm_odds']:+d} (rounded in the defender's favour, V 5.4)")
    drms = f"DRM {drm:+d} = odds {n['drm_odds']:+d}, terrain {n['drm_terrain']:+d} ({B.mapof(s).terrain(h)}, V 4)" + \
        f", hexside {n['drm_esc']:+d}" + (f", pursuit bonus {bonus:+d} (V 5.6)" if bonus else "")
    cols = (f"{D} loss column: its ground {max(1, n['gd_unmod'])}" + (f" + hot LZ {n['hot_d']}" if n["hot_d"] else "")
            + (f" + RF {n['rf']}" if n["rf"] else "") + f" + {P} support {n['la']}"
            + (", one column left for Hold (V 6.1)" if n["hold"] else "")
            + f"; {P} loss column: its ground {max(1, n['ga_unmod'])}" + (f" + hot LZ {n['hot_a']}" if n["hot_a"] else "")
            + f" + {D} support {n['ld']} (V 5.4)")
    means = ("row = die + DRM (from -4 to 11); a side that loses N takes N losses: each absorbed by 1 RP "
             "on a unit, or by removing units (a unit covers its ground strength, HQ and artillery 1) (V 5.5)")
    return {"att": att, "def": dfd, "ratio": ratio, "drm": drms, "drm_total": drm, "columns": cols,
            "means": means, "n": n}


def _half_why(s, side):
    why = "US support counts half outside a free-fire zone in South Vietnam"
    if s["special"].get("no_ffz"):
        why += " (this scenario allows none)"
    return why + " (V 7.6)"


def _ratio_words(a, d):
    a, d = Fr(a), Fr(d)
    if a >= d:
        return f"{float(a / d):.2f} to 1"
    return f"1 to {float(d / a):.2f}"


def sources(s, h, P, atk, dfn, incidental=False):
    """What each side may add to a combat in h (V 7.1-7.4), as [key, points]: artillery units in
    range and unused this round (by id), the operation's Air Points ("ap": attacking, or defending
    after a Retreat-segment declaration), the cruiser ("ship", not in incidental attacks). Organic
    artillery of the units fighting always counts and is not listed, nor is artillery in the attacked
    hex: it defends its own hex with the defenders (V 7.1, L442-443), and its strength is applied once
    in a round (V 7.2, L453)."""
    op = s["op"]
    D = B.other(P)
    here = {u["id"] for u in dfn}
    # the operating side fires the artillery assigned to the operation; the other side its artillery
    # not assigned and not Ops Complete (V 7.1; in incidental attacks too, V 7.2)
    src_a = [[u["id"], B.val(u, "art")] for u in artillery(s, P, h, atk, op["used"], P == op["side"])]
    src_d = [[u["id"], B.val(u, "art")] for u in artillery(s, D, h, dfn, op["used"], D == op["side"])
             if u["id"] not in here]
    if op["ap"] and not op.get("air_used"):
        # V 7.3: the operation's Air Points (the US's, assigned at Support Declaration or declared
        # defensively in a Retreat segment), unless they interdict this round
        (src_a if P == "US" else src_d).append(["ap", op["ap"]])
    if P == "US" and P == op["side"]:
        ship = COUNTERS["ships"]["cruiser"]
        if not incidental and not op.get("ship_used") and op["ship"] and sea_range(s, h, ship["range"]):
            src_a.append(["ship", ship["points"] * op["ship"]])
    return src_a, src_d


def support(s, h, P, atk, dfn, incidental=False, pick_a=None, pick_d=None):
    """Both sides' support: organic artillery of the units fighting plus the sources each side
    chose (None: all of them). Returns the artillery units firing and the two totals."""
    src_a, src_d = sources(s, h, P, atk, dfn, incidental)
    use_a = [k for k in src_a if pick_a is None or k[0] in pick_a]
    use_d = [k for k in src_d if pick_d is None or k[0] in pick_d]
    arts_a = [s["units"][k] for k, _ in use_a if k in s["units"]]
    arts_d = [s["units"][k] for k, _ in use_d if k in s["units"]]
    sup_a = sum(B.val(u, "art") for u in atk) + sum(p for _, p in use_a)
    sup_d = sum(B.val(u, "art") for u in dfn) + sum(p for _, p in use_d)
    return arts_a, arts_d, sup_a, sup_d


def used_sources(s, h, P, atk, dfn, incidental=False, pick_a=None, pick_d=None):
    """The sources each side fires ([key, points]): those it chose (None: all of them)."""
    src_a, src_d = sources(s, h, P, atk, dfn, incidental)
    return ([k for k in src_a if pick_a is None or k[0] in pick_a],
            [k for k in src_d if pick_d is None or k[0] in pick_d])


def preview(s, h, atk):
    """The odds preview for an attack on h by `atk` (issue 11 section 4): the totals, each DRM and
    the result of every die. Read only; the defenders are face up by then (V 5.4 E)."""
    op = s["op"]
    P = op["side"]
    dfn = [u for u in B.units_at(s, h, B.other(P))
           if not (B.val(u, "type") == "pol" and B.opt(s, "political_on_announce", True))]
    if not dfn:
        return {"hex": h, "void": True}
    _, _, sup_a, sup_d = support(s, h, P, atk, dfn)
    bonus = pursuit_bonus(s, atk)
    ar = arithmetic(s, h, P, atk, dfn, *used_sources(s, h, P, atk, dfn), bonus)
    n = ar["n"]
    drm = n["drm_odds"] + n["drm_terrain"] + n["drm_esc"] + bonus
    dice = []
    for d in range(1, 7):
        r = row(d + drm)
        dice.append({"die": d, "row": r["roll"], "def": r["def"][n["col_d"]], "att": r["att"][n["col_a"]],
                     "pursuit": pursuit(s, r)})
    return {"hex": h, "att": n["att_total"], "def": n["def_total"], "drm_odds": n["drm_odds"],
            "drm_terrain": n["drm_terrain"], "drm_hexside": n["drm_esc"], "bonus": bonus,
            "support": [sup_a, sup_d], "dice": dice, "support_ratio": [n["ra"], n["rd"]],
            "sides": [ar["att"], ar["def"]], "ratio": ar["ratio"], "drm_text": ar["drm"], "columns": ar["columns"],
            "means": ar["means"], "all_sources": True}


def pursuit_bonus(s, atk, incidental=False):
    """V 5.6 (L330-335), V 5.8 (L363-365): an attack's pursuit combat bonus, from the units that
    contribute ground strength to it and pursued in the round before: the lowest of their bonuses
    (op["bonus"], operation.next_round); 0 in round 1, in an incidental attack, and when none of them
    pursued (offensive reserves brought in that round are not considered)."""
    op = s["op"]
    if op["round"] <= 1 or incidental:
        return 0
    have = op.get("bonus") if isinstance(op.get("bonus"), dict) else {}  # (an int in older saves)
    vals = [have[u["id"]] for u in atk if B.strength(u) > 0 and u["id"] in have]
    return min(vals) if vals else 0


def record_unit(s, u):
    """A unit in the battle record, which both players read: a face-down VC unit only as its
    handle, with no strength (V 10)."""
    if B.concealed(u, "US", s):
        return BR.unit(u["handle"], B.pub(s, u), "?")
    art = B.val(u, "art")
    return BR.unit(u["id"], u["name"], f"strength {B.strength(u)}" + (f", artillery {art}" if art else ""))


@B.flow.step("battle")
class Battle(Procedure):
    parts = ("announce", "pick_a", "pick_d", "resolve", "loss_d", "loss_a", "wrap")

    def announce(self, g, f):
        s = g.s
        h, D = f["hex"], B.other(f["side"])
        s["op"]["used"] += f["atk"]
        # V 10 (R38b, option political_on_announce): political sections in an attacked hex die
        for u in B.units_at(s, h, D) if B.opt(s, "political_on_announce", True) else ():
            if B.val(u, "type") == "pol":
                B.remove_unit(g, u, f"destroyed in {h} as the attack is announced", "V 10")
        if not B.units_at(s, h, D):
            g.log(f"No defenders remain in {h}: the attack is void (V 10)", "V 10", refs=B.refs(B.ref_h(h)))
            self.goto_part(f, "wrap")
            f["void"] = True

    def _sources(self, g, f):
        s = g.s
        atk = [s["units"][x] for x in f["atk"]]
        dfn = B.units_at(s, f["hex"], B.other(f["side"]))
        return sources(s, f["hex"], f["side"], atk, dfn, f.get("incidental"))

    def pick_a(self, g, f):
        """V 7.2: the attacker allocates its support first, then the defender."""
        src = self._sources(g, f)[0]
        if src:
            _pick(g, f, f["side"], src, "attacker", "pick_a")

    def pick_d(self, g, f):
        src = self._sources(g, f)[1]
        if src:
            _pick(g, f, B.other(f["side"]), src, "defender", "pick_d")

    def resolve(self, g, f):
        s = g.s
        op = s["op"]
        h, P = f["hex"], f["side"]
        D = B.other(P)
        atk = [s["units"][x] for x in f["atk"]]
        dfn = B.units_at(s, h, D)
        arts_a, arts_d, _, _ = support(s, h, P, atk, dfn, f.get("incidental"), f.get("pick_a"),
                                  f.get("pick_d"))
        fired = used_sources(s, h, P, atk, dfn, f.get("incidental"), f.get("pick_a"), f.get("pick_d"))  # before "used"
        # V 7.2 (L453): artillery fires once a round: the sources chosen, and artillery defending its own hex
        op["used"] += [u["id"] for u in arts_a + arts_d] + \
            [u["id"] for u in dfn if B.strength(u) == 0 and B.val(u, "art") > 0 and u["id"] not in op["used"]]
        op["defended"] += [u["id"] for u in arts_d]
        bonus = pursuit_bonus(s, atk, f.get("incidental"))
        ar = arithmetic(s, h, P, atk, dfn, *fired, bonus)
        n = ar["n"]  # the numbers the combat uses are the ones shown (issue 45 item 3)
        BR.start(g, h, f"Battle in {h}", "V 5.4", [
            BR.side(P, P, "attacker", [record_unit(s, u) for u in atk], first=True,
                    total=ar["att"]["total"], lines=[ar["att"]["ground"]] + ar["att"]["support"]),
            BR.side(D, D, "defender", [record_unit(s, u) for u in dfn],
                    total=ar["def"]["total"], lines=[ar["def"]["ground"]] + ar["def"]["support"])], op["round"], at=h)
        g.log(f"{P} attacks {h}: {n['att_total']:g} (ground {n['ga']} + support {n['ra']:g}) against "
              f"{n['def_total']:g} (ground {n['gd']} + RF {n['rf']} + support {n['rd']:g}): DRM {n['drm_odds']:+d}, "
              f"terrain {n['drm_terrain']:+d}" + (f", pursuit bonus {bonus:+d}" if bonus else ""), "V 5.4",
                  refs=B.refs(B.ref_h(h)))
        for who, side in ((P, ar["att"]), (D, ar["def"])):  # term by term, as the preview and the card
            g.log(f"{who}: {side['ground']}; " + "; ".join(side["support"]) + f"; {side['total']}", "V 7.2")
        g.log(f"{ar['ratio']}; {ar['drm']}; {ar['columns']}", "V 5.4")
        die = g.roll(1, f"Combat in {h}", "V 5.4")[0]
        mod = die + n["drm_odds"] + n["drm_terrain"] + n["drm_esc"] + bonus
        r = row(mod)
        if not f.get("incidental"):
            op["rolled"] = True
        loss_d, loss_a = r["def"][n["col_d"]], r["att"][n["col_a"]]
        raw = pursuit(s, r)
        ter = B.mapof(s).terrain(h)
        if TEC["terrain"][ter].get("pursuit"):
            raw += TEC["terrain"][ter]["pursuit"]
        town = B.mapof(s).town(h)
        if op["round"] == 1 and town and TEC["features"].get(town["kind"], {}).get("clamp"):
            raw = min(raw, 0)
        if not f.get("incidental"):  # V 3.2: an incidental attack has no retreat or pursuit
            op["battles"].append({"hex": h, "pursuit": raw})
        BR.odds(g, f"modified roll {max(-4, min(11, mod))}", base=ar["ratio"],
                shifts=[BR.shift(f"odds {n['drm_odds']:+d}", "V 5.4"), BR.shift(f"terrain {n['drm_terrain']:+d}", "V 5.4"),
                        BR.shift(f"hexside {n['drm_esc']:+d}", "V 5.4")]
                + ([BR.shift(f"pursuit bonus {bonus:+d}", "V 5.6")] if bonus else []),
                row=max(-4, min(11, mod)), result=f"{D} loses {loss_d}, {P} loses {loss_a}, pursuit {raw:+d}",
                who=f"{P} attack", rule="V 5.4")
        b = BR.current(g)
        if b:  # the card's own lines of the arithmetic (the same words as the preview and the log)
            b["fires"][-1].update(columns=ar["columns"], means=ar["means"], drm_text=ar["drm"],
                                  die=f"die {die} {ar['drm_total']:+d} = {mod:+d}" + (
                                      f" → row {max(-4, min(11, mod))} (the table runs from -4 to 11)"
                                      if mod != max(-4, min(11, mod)) else f" → row {mod}"))
        BR.event(g, f"Combat die {die}, modified {mod:+d} -> row {max(-4, min(11, mod))}", "V 5.4",
                 dice=[BR.die(die)])
        for who, k in ((D, loss_d), (P, loss_a)):
            if k:
                BR.loss(g, who, f"{who} loses {k}", "V 5.4")
        g.log(f"Modified roll {max(-4, min(11, mod))}: {D} loses {loss_d}, {P} loses {loss_a}, "
              f"pursuit {raw:+d}", "V 5.4", kind="result")
        flags = list(r["flags"]) if P == "US" else []
        if D == "US" and B.opt(s, "us_defender_support_loss", True):  # R37: rows mirrored for a US defence
            mirror = CRT["flags"]["defending_us"]
            flags = [k for k in ("A", "M") if r["roll"] >= mirror[k]]
        if "A" in flags and op["ap"] and not op["air_lost"] and s["rec"]["ap"] > 0:
            op["air_lost"] = True
            lose_air(g)
        airmobile(g, flags, n["hot"], P)
        f["ld"], f["la"] = loss_d, loss_a

    def loss_d(self, g, f):
        s = g.s
        D = B.other(f["side"])
        ids = [u["id"] for u in B.units_at(s, f["hex"], D)]
        if f["ld"] and ids:
            # V 11.2: Regional Forces that joined a US defence may take 1 ARVN RP (arvn.rf_capacity)
            rf = {"rf": True} if D == "US" and B.mapof(s).rf(f["hex"]) else {}
            g.call("losses", who=D, n=f["ld"], units=ids, side=D, hits={}, must=None, **rf)

    def loss_a(self, g, f):
        s = g.s
        P = f["side"]
        ids = [x for x in f["atk"] if s["units"][x]["hex"]]
        ids += [u["id"] for u in B.live(s) if u["side"] == P and u["op"] and u["id"] not in ids
                and not f.get("incidental")
                and B.strength(u) == 0 and (u["hex"] == f["hex"] or u["hex"] in B.neighbours(f["hex"]))]
        if f["la"] and ids:
            g.call("losses", who=P, n=f["la"], units=ids, side=P, hits={}, must=None)

    def wrap(self, g, f):
        if not f.get("void"):
            BR.end(g, f"{f['side']} attack on {f['hex']} resolved")


def airmobile(g, flags, hot, P):
    """V 5.4, 8.1: an Airmobile loss ("M": AMP allocated or airmobile units in the operation;
    "*M": only if a hot-LZ unit fought), at most one per operation; with no AMP left the US loses
    1 VP instead (V 18.1). The 1st Cavalry's permanently airmobile units expose the operation
    without any AMP allocated (V 5.4, airmobile.loss_exposed)."""
    s = g.s
    op = s["op"]
    if op.get("amp_lost"):
        return
    flying = any(u.get("air") for u in B.live(s) if u["side"] == "US") or AM.loss_exposed(s)
    due = ("M" in flags and flying) or ("*M" in flags and hot)
    if not due:
        return
    op["amp_lost"] = True
    if s["rec"]["amp"] > 0:
        s["rec"]["amp"] -= 1
        s["rec"]["amp_lost"] += 1
        g.log("The US loses 1 Airmobile Point (V 8.1): NLF +1 VP (V 18.1)", "V 8.1", kind="loss")
    else:
        s["rec"]["amp_short"] += 1
        g.log("Airmobile loss with no AMP left: US -1 VP (V 18.1)", "V 8.1", kind="loss")


def _pick(g, f, who, src, role, into):
    """V 7.2: `who` allocates its support, the keys fired landing in the battle's field `into`; under
    its play setting "always fire all support" the engine fires every source at once."""
    if prefs.get(g.s, who, "support") == "all":
        fire(g, {"who": who, "role": role, "hex": f["hex"]}, [k for k, _ in src], " (play setting)")
        f[into] = [k for k, _ in src]
    else:
        g.call("support_pick", into=into, who=who, hex=f["hex"], src=src, role=role)


def fire(g, f, keys, why=""):
    names = ", ".join(_source_name(g.s, k) for k in keys) or "no support"
    g.log(f"The {f['role']} ({f['who']}) fires {names} into {f['hex']}{why}", "V 7.2")


def _source_name(s, key):
    return s["units"][key]["name"] if key in s["units"] else {"ap": "Air Points", "ship": "the cruiser"}[key]


@B.flow.step("support_pick")
class SupportPick(Step):
    """V 7.2: a side allocates its support to one combat: any of its sources (each artillery unit
    whole; Air Points and the cruiser as one block each here). A source used now is used for the
    round (artillery); Air Points and ships serve every combat of the round."""

    def prompt(self, g, f):
        return f"Support for the combat in {f['hex']} ({f['role']}, V 7.2): choose what fires"

    def choices(self, g, f):
        src = f["src"]
        out = []
        for mask in range((1 << len(src)) - 1, -1, -1):
            keys = [k for i, (k, _) in enumerate(src) if mask >> i & 1]
            pts = sum(p for i, (_, p) in enumerate(src) if mask >> i & 1)
            names = ", ".join(_source_name(g.s, k) for k in keys)
            out.append({"t": "fire", "with": keys,
                        **({"label": f"Fire with {names} ({pts})" if keys else "No support"} if g.labels else {})})
        return out + prefs.actions(g.s, f["who"], "support", g.labels)

    def act(self, g, f, a):
        if a["t"] == "pref":  # "always fire all": this window fires everything too
            prefs.choose(g, f["who"], "support", a["value"])
            a = {"t": "fire", "with": [k for k, _ in f["src"]]}
        fire(g, f, a["with"])
        g.end(list(a["with"]))
