"""Victory (V 18.1, V 18.2): the Starlite condition (EXT-1: the US wins if the VC regiment is
dispersed, broken down, destroyed or has left the play area and no US counter was eliminated),
the graded levels as an option (reference 4.6, design), and the 18.1 VP readout (V 18.1 rule 7)."""

from fractions import Fraction as Fr

from . import board as B
from . import nva


def regiment_gone(s):
    regs = [u for u in s["units"].values() if u["side"] == "NLF" and B.val(u, "size") == "III"]
    return all(not u["hex"] for u in regs)


def us_lost(s):
    """US counters eliminated (leaving is no loss, V 18.1); ARVN and FWA losses count by strength
    points instead (V 18.1 rule 7)."""
    return [r for r in s["removed"] if r["side"] == "US" and r["how"] != "left"
            and B.KINDS[r["kind"]]["nat"] == "US"]


def allied_sp_lost(s):
    """V 18.1 rule 7: each ground and artillery SP of ARVN or FWA units eliminated is 1 NLF VP (a
    Ranger bought back into its box was not eliminated, V 11.3)."""
    return sum(B.KINDS[r["kind"]]["ground"] + B.KINDS[r["kind"]]["art"] for r in s["removed"]
               if r["side"] == "US" and r["how"] != "left" and B.KINDS[r["kind"]]["nat"] in ("ARVN", "FWA"))


def vp(s):
    """V 18.1 rule 7 (reference 3.10): NLF total, US total, and the difference NLF - US."""
    m = B.mapof(s)
    nlf = 10 * len(us_lost(s)) + s["rec"]["us_rp_spent"] + s["rec"]["ap_lost"] + s["rec"]["amp_lost"]
    nlf += s["rec"]["amp_short"] + 2 * s["rec"].get("ffz", 0)  # 2 VP per free-fire zone declared
    nlf += allied_sp_lost(s) + Fr(s["rec"].get("arvn_rp_spent", 0), 4)  # ARVN RP: 1/4 each
    held = {u["hex"] for u in B.live(s) if u["side"] == "NLF"}
    for h in held:
        town = m.town(h)
        if town and town["kind"] in ("city", "major city"):
            nlf += 5 * min(5, len(B.units_at(s, h, "NLF")))
        elif town:
            nlf += 2
        elif m.terrain(h) == "cultivated":
            nlf += 1
        else:
            nlf += 0.5
    us = Fr(s["rec"].get("nva_rp_spent", 0), 4)  # each NVA RP spent: 1/4
    for r in s["removed"]:
        if r["side"] == "NLF" and r["how"] != "left":
            us += nva.us_vp_for(r["kind"])  # an NVA counter 4 (V 18.1 rule 7)
    return {"NLF": _num(nlf), "US": _num(us), "diff": _num(nlf - us)}


def _num(x):
    """VP as plain JSON numbers: quarters (ARVN, NVA RP) as floats, whole values as they were."""
    return int(x) if isinstance(x, Fr) and x.denominator == 1 else float(x) if isinstance(x, Fr) else x


def level(s):
    """Graded levels (reference 4.6, design; option graded_victory)."""
    gone, lost = regiment_gone(s), bool(us_lost(s))
    pol_alive = any(u["hex"] and B.val(u, "type") == "pol" for u in s["units"].values())
    if gone and not lost:
        return "US Decisive" if not pol_alive else "US Marginal"
    hits = sum(1 for r in s["removed"] if r["side"] == "NLF") + s.get("vc_losses", 0)
    if gone or hits >= 3:
        return "NLF Marginal"
    return "NLF Decisive"


def decide(g):
    s = g.s
    win = "US" if regiment_gone(s) and not us_lost(s) else "NLF"
    v = vp(s)
    over = {"winner": win, "turn": s["turn"], "vp": v}
    if B.opt(s, "graded_victory"):
        over["level"] = level(s)
    s["over"] = over
    g.log(f"{win} victory (V 18.2): the VC regiment is {'gone' if regiment_gone(s) else 'still on the map'}, "
          f"{len(us_lost(s))} US counter(s) lost; VP NLF {v['NLF']:g} - US {v['US']:g} = {v['diff']:g} (V 18.1)",
          "V 18.2", kind="end")


def verdict_text(s):
    o = s.get("over") or {}
    txt = f"{o.get('winner')} wins Operation Starlite"
    if o.get("level"):
        txt += f" ({o['level']})"
    if o.get("vp"):
        txt += f"; VP difference {o['vp']['diff']:g} (V 18.1)"
    return txt


