"""Losses (V 5.5): replacement points charged to units within their limits, removals, break-downs
(V 9.2, brigades.py), the even split between national forces, the recovery of RPs, and the
loss-allocation dialog. A battle (combat.py) or a bombardment calls the "losses" step."""

from ...engine.flow import Step
from . import arvn
from . import board as B
from . import brigades as BG
from .victory import loses_scenario, removed_vp


def pool_key(u):
    """The replacement pool that covers u's losses (V 5.5: US for US and FWA, else its own force's)."""
    return arvn.pool(u)


# V 18.1 rule 7: the points an RP spent gives (said in the log line, issue 45 item 5)
RP_VP = {"us_rp": ": NLF +1 VP (V 18.1)", "arvn_rp": ": NLF +1/4 VP (V 18.1)", "nva_rp": ": US +1/4 VP (V 18.1)"}


def rp_limit(u, f=None):
    """V 5.5: strength - 1 per operation, never below 0 (a unit of strength 0, an HQ, takes none:
    the loss dialog read "at most -1"); a Ranger 2 (V 11.3); HQ and artillery against a
    bombardment of strength b: ceil(b / 2) - 1."""
    if f and f.get("bomb") and B.strength(u) == 0 and B.val(u, "art") > 0:
        return max(0, -(-f["bomb"] // 2) - 1)
    return max(0, B.kind(u).get("rp_limit", B.strength(u) - 1))


def rp_ok(s, u, f):
    lim = rp_limit(u, f) if B.opt(s, "rp_limit_per_unit", True) else 99
    return s["rec"].get(pool_key(u), 0) > 0 and u["rp_spent"] + 1 <= lim


@B.flow.step("losses")
class Losses(Step):
    """V 5.5: the owner covers the loss with replacement points charged to units (each at most
    strength - 1 per operation), removals (a unit satisfies its strength, HQ and artillery 1) or a
    break-down (V 9.2, brigades.py: a VC regiment into three random battalions, a US brigade in
    deployment 1 into its HQ and battalions), one battalion of which is removed at once."""

    def prompt(self, g, f):
        return f"Losses (V 5.5): {f['n']} to take"

    def _units(self, g, f):
        return [g.s["units"][x] for x in f["units"] if g.s["units"][x]["hex"]]

    def choices(self, g, f):
        s, lab = g.s, g.labels
        acts = []
        if arvn.rf_capacity(s, f) and even_split_ok(s, f, "ARVN", True):
            acts.append({"t": "rf_rp", **({"label": "1 ARVN RP on the Regional Forces (V 11.2)"} if lab else {})})
        for u in self._units(g, f):
            if f["must"] and u["id"] not in f["must"]:
                continue
            who = arvn.force(u)
            if not f["must"] and rp_ok(s, u, f) and even_split_ok(s, f, who, True):
                acts.append({"t": "rp", "u": u["id"], **({"label": f"1 RP on {u['name']}"} if lab else {})})
            if not even_split_ok(s, f, who, False):
                continue  # V 5.5: another force must take this loss first
            acts.append({"t": "remove", "u": u["id"], **({"label": f"Remove {u['name']}",
                                                           "warn": removal_warning(s, u, f)} if lab else {})})
            if not f["must"] and BG.can_break_down(s, u):
                acts.append({"t": "breakdown", "u": u["id"], **({"label": f"Break down {u['name']}",
                                                                  "warn": breakdown_warning(s, u)} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        side = f["side"]
        if a["t"] == "rf_rp":  # V 11.2 (R36): the Regional Forces' one ARVN RP this operation
            s["rec"]["arvn_rp"] -= 1
            s["rec"]["arvn_rp_spent"] = s["rec"].get("arvn_rp_spent", 0) + 1
            s["op"]["rf_rp"] = True
            count(f, "ARVN", 1)
            f["n"] -= 1
            g.log("1 ARVN RP absorbs a loss on the Regional Forces" + RP_VP["arvn_rp"], "V 11.2")
            if f["n"] <= 0 or not self._units(g, f):
                g.end()
            return
        u = s["units"][a["u"]]
        key = pool_key(u)
        if a["t"] == "rp":
            s["rec"][key] -= 1
            u["rp_spent"] += 1
            f["hits"][u["id"]] = f["hits"].get(u["id"], 0) + 1
            f["n"] -= 1
            count(f, arvn.force(u), 1)
            if key == "us_rp":
                s["rec"]["us_rp_spent"] += 1
            elif key in ("arvn_rp", "nva_rp"):  # a quarter VP each (V 18.1 rule 7)
                s["rec"][key + "_spent"] = s["rec"].get(key + "_spent", 0) + 1
            if side == "NLF":
                s["vc_losses"] = s.get("vc_losses", 0) + 1
            g.log(f"1 RP absorbs a loss on {u['name']}" + ("" if key in ("us_rp", "vc_rp") else
                                                           f" ({key[:-3].upper()} RP)")
                  + RP_VP.get(key, ""), "V 5.5")  # the points it gives, said (issue 45 item 5)
        elif a["t"] == "remove":
            used, back = removal(u, f)[0], recovery(u, f)
            f["n"] -= used
            count(f, arvn.force(u), used)
            for pool, n in back:
                s["rec"][pool] += n
                why = (f"{u['name']}'s unused strength recovered" if pool == "vc_rp"
                       else f"the RP spent on {u['name']} earlier in the operation come back")
                g.log(f"{pool_name(pool)} +{n}: {why} (V 5.5)", "V 5.5", to=side)
            if side == "NLF":
                s["vc_losses"] = s.get("vc_losses", 0) + used
            f["must"] = None
            lost = loses_scenario(s, u)
            B.remove_unit(g, u, f"eliminated in {u['hex']}", "V 11.3" if arvn.is_ranger(u) else "V 5.5")
            if lost:
                g.log("A US counter is eliminated: the US can no longer win this scenario (V 18.2)", "V 18.2",
                      kind="vp")
        else:
            new = BG.break_down(g, u)
            f["units"] += new
            f["must"] = new
            return
        if f["n"] <= 0 or not self._units(g, f):
            g.end()
        if a["t"] == "remove":
            arvn.after_removal(g, u)  # V 11.3: a destroyed Ranger may be bought back


def removal_warning(s, u, f):
    """Issue 45 item 1: an elimination gives the enemy points (V 18.1 rule 7), and in Starlite a
    US counter eliminated loses the scenario (V 18.2); said before the click."""
    who, pts = removed_vp({"how": "eliminated", "side": u["side"], "kind": u["kind"]})
    text = f"Eliminate {u['name']}: {who} +{pts:g} VP (V 18.1)"
    if loses_scenario(s, u):
        text += (". In this scenario the US wins only if no US counter is eliminated: "
                 "eliminating it loses the scenario for the US (V 18.2)")
    return text


def breakdown_warning(s, u):
    """Issue 45 item 1: a VC regiment broken down counts as removed (US +3 VP, V 18.1 rule 7) and
    one of its battalions goes at once; the last VC regiment gone is half the US condition (V 18.2)."""
    if u["side"] == "US":
        return f"{BG.breakdown_text(s, u)}: the removed battalion is a US counter eliminated" + (
            ", which loses the scenario for the US (V 18.2)" if loses_scenario(s, u) else " (NLF +10 VP, V 18.1)")
    who, pts = removed_vp({"how": "broken down", "side": u["side"], "kind": u["kind"]})
    text = f"Break down {u['name']}: {who} +{pts:g} VP for the regiment (V 18.1), and one battalion is removed at once"
    others = [x for x in s["units"].values() if x["hex"] and x["id"] != u["id"] and x["side"] == "NLF"
              and B.val(x, "size") == "III"]
    if not isinstance(s["victory"], dict) and not others:
        text += (". The VC regiment is then gone from the map: if no US counter is lost, that is the US "
                 "victory condition (V 18.2)")
    return text


def removal(u, f):
    """V 5.5: what removing u covers of the f["n"] losses still to take (a unit satisfies its
    strength, HQ and artillery 1), the credit left over and the RP refunded from what was charged
    to it in earlier battles of this operation."""
    sat = max(1, B.strength(u))
    used = min(f["n"], sat)
    hits = f["hits"].get(u["id"], 0) + used
    credit = max(0, B.strength(u) - hits)
    refund = min(credit, u["rp_spent"] - f["hits"].get(u["id"], 0))
    if B.kind(u).get("ranger"):
        refund = u["rp_spent"]  # V 11.3: its destruction fulfils its hits; its RPs come back
    return used, credit, refund


def recovery(u, f):
    """V 5.5 (L306-313), what removing u gives back, as [(pool, points)], each into its own force's
    pool: the VC's recovery of a VC unit's unused strength (its strength less the losses it takes,
    the RPs spent on it earlier in the operation included); for any other force the RPs it spent on
    the unit in earlier rounds of the operation, up to the point where it is eliminated (removal)."""
    _, credit, refund = removal(u, f)
    key = pool_key(u)
    n = credit if key == "vc_rp" else refund
    return [(key, n)] if n > 0 else []


def pool_name(key):
    return f"{key[:-3].upper()} RP"


def loss_table(s, f):
    """The loss-allocation dialog (V 5.5, V 9.2, V 18.1): every unit that may take the losses
    with what each choice costs, for the side allocating."""
    side = f["side"]
    pool = s["rec"][arvn.POOLS[side if side == "US" else "VC"]]
    name = "US RP" if side == "US" else "VC RP"
    rows = []
    for x in f["units"]:
        u = s["units"][x]
        if not u["hex"] or (f["must"] and x not in f["must"]):
            continue
        used = removal(u, f)[0]
        nat = arvn.force(u)
        if nat in ("ARVN", "FWA"):
            vp = f"NLF +{B.strength(u) + B.val(u, 'art')} VP (its strength points)"
        elif side == "US":
            vp = "NLF +10 VP (US counter eliminated)"
        else:
            vp = f"US +{removed_vp({'how': 'eliminated', 'side': side, 'kind': u['kind']})[1]} VP"
        key = pool_key(u)
        upool, uname = s["rec"].get(key, 0), f"{key[:-3].upper()} RP"
        quarter = {"us_rp": ", NLF +1 VP", "arvn_rp": ", NLF +1/4 VP", "nva_rp": ", US +1/4 VP"}.get(key, "")
        rows.append({"id": x, "name": u["name"], "ground": B.strength(u), "art": B.val(u, "art"),
                     "rp_spent": u["rp_spent"], "pool": uname,
                     "rp_limit": rp_limit(u, f) if B.opt(s, "rp_limit_per_unit", True) else None,
                     "rp": (not f["must"]) and rp_ok(s, u, f),
                     "rp_cost": f"{uname} {upool} → {upool - 1}" + quarter,
                     "remove": f"covers {used} of {f['n']}"
                     + "".join(f", {pool_name(p)} +{k}" for p, k in recovery(u, f)) + f"; {vp}",
                     "loses": loses_scenario(s, u),  # V 18.2: eliminating it loses Starlite (issue 45 item 1)
                     "breakdown": bool(not f["must"] and BG.can_break_down(s, u)),
                     "breakdown_text": BG.breakdown_text(s, u) if BG.can_break_down(s, u) else None})
    out = {"side": side, "n": f["n"], "pool": pool, "pool_name": name,
           "must": bool(f["must"]), "units": rows, "rule": "V 5.5"}
    if arvn.rf_capacity(s, f):  # V 11.2: the Regional Forces' ARVN RP
        out["rf"] = {"pool": s["rec"]["arvn_rp"], "rule": "V 11.2"}
    return out


def even_split_ok(s, f, who, rp):
    """V 5.5 (R30, option even_split): losses are divided as evenly as possible between the national
    forces taking part; a hit may go to force `who` only if it has had no more hits in this result
    than any other force that can still take one, or if it is a replacement point taken because
    the least-hit forces could only lose a unit (uneven 'to avoid unit removal')."""
    if not B.opt(s, "even_split", True) or f.get("must"):
        return True
    units = [s["units"][x] for x in f["units"] if s["units"][x]["hex"]]
    forces = {arvn.force(u) for u in units} | ({"ARVN"} if arvn.rf_capacity(s, f) else set())
    if len(forces) < 2:
        return True
    by = f.get("by", {})
    low = min(by.get(k, 0) for k in forces)
    if by.get(who, 0) <= low:
        return True
    least = [k for k in forces if by.get(k, 0) == low]
    can_rp = any(arvn.force(u) in least and rp_ok(s, u, f) for u in units) or ("ARVN" in least and arvn.rf_capacity(s, f))
    return rp and not can_rp


def count(f, who, n):
    f.setdefault("by", {})
    f["by"][who] = f["by"].get(who, 0) + n
