"""Victory (V 18.1, V 18.2): the Starlite condition (EXT-1: the US wins if the VC regiment is
dispersed, broken down, destroyed or has left the play area and no US counter was eliminated),
the graded levels as an option (reference 4.6, design), and the 18.1 VP readout (V 18.1 rule 7)."""

from . import board as B
from . import regions
from .board import removed_vp  # noqa: F401  (V 18.1 rule 7: a removed unit's worth; read here by losses, the AI)


def regiment_gone(s):
    regs = [u for u in s["units"].values() if u["side"] == "NLF" and B.val(u, "size") == "III"]
    return all(not u["hex"] for u in regs)


def us_lost(s):
    """US counters eliminated (leaving is no loss, V 18.1); ARVN and FWA losses count by strength
    points instead (V 18.1 rule 7, removed_vp): they are no 'US counter' of the Starlite condition."""
    return [r for r in s["removed"] if r["side"] == "US" and r["how"] != "left"
            and B.KINDS[r["kind"]]["nat"] == "US"]


def hex_vp(s, h):
    """V 18.1 rule 7: what one NLF-occupied hex is worth at the end (one award per hex): 5 a unit
    (at most 5) in a city or major city, 2 a unit in a capital, 2 another town, 1 another cultivated
    hex of South Vietnam, 1/2 any other hex of it (national border hexes are not)."""
    m = B.mapof(s)
    town = m.town(h)
    kind = town and town["kind"]
    if kind in ("city", "major city"):
        return 5 * min(5, len(B.units_at(s, h, "NLF")))
    if kind in ("province capital", "capital"):
        return 2 * min(5, len(B.units_at(s, h, "NLF")))
    if town or h in s["special"].get("vp_towns", {}):  # a scenario may count a camp as a town
        return 2
    if regions.country(s, h) != regions.SVN:
        return 0
    if m.terrain(h) == "cultivated":
        return 1
    return 0.5 if regions.in_svn(s, h) else 0


def vp_table(s):
    """V 18.1 rule 7 line by line (issue 45 items 5 and 6: the VP track and the end card say where
    each point comes from): [{"side", "what", "vp", "rule"}] with only the lines that score; their
    sums are vp(s)'s totals."""
    rec = s["rec"]
    out = []

    def add(side, what, pts):
        if pts:
            out.append({"side": side, "what": what, "vp": pts, "rule": "V 18.1"})
    add("NLF", f"US Replacement Points expended ({rec['us_rp_spent']} × 1)", rec["us_rp_spent"])
    add("NLF", f"US Air Points lost ({rec['ap_lost']} × 1)", rec["ap_lost"])
    add("NLF", f"US Airmobile Points lost ({rec['amp_lost']} × 1)", rec["amp_lost"])
    add("NLF", f"Airmobile losses with no AMP left ({rec['amp_short']} × 1)", rec["amp_short"])
    add("NLF", f"free-fire zones declared ({rec.get('ffz', 0)} × 2)", 2 * rec.get("ffz", 0))
    add("NLF", f"ARVN Replacement Points expended ({rec.get('arvn_rp_spent', 0)} × 1/4)",
        quarter(rec.get("arvn_rp_spent", 0)))
    add("NLF", "capitals, major cities entered and invasions", regions.entry_vp(s))
    for h in sorted({u["hex"] for u in B.live(s) if u["side"] == "NLF" and not u.get("outside")}):
        add("NLF", f"{h} occupied" + (f" ({B.mapof(s).town(h)['name']})" if B.mapof(s).town(h) else ""), hex_vp(s, h))
    add("US", f"NVA Replacement Points expended ({rec.get('nva_rp_spent', 0)} × 1/4)", quarter(rec.get("nva_rp_spent", 0)))
    for r in s["removed"]:
        who, pts = removed_vp(r)
        if who:
            add(who, f"{s['units'][r['id']]['name']} {r['how']}", pts)
    return out


def vp_sums(table):
    """vp(s)'s totals read from vp_table(s)'s lines (the view shows both: the hexes scored once)."""
    nlf = sum(r["vp"] for r in table if r["side"] == "NLF")
    us = sum(r["vp"] for r in table if r["side"] == "US")
    return {"NLF": nlf, "US": us, "diff": nlf - us}


def quarter(n):
    """1/4 VP per ARVN or NVA RP expended; a whole number stays an int (saves compare exactly)."""
    return n // 4 if n % 4 == 0 else n / 4


def vp(s):
    """V 18.1 rule 7 (reference 3.10): NLF total, US total, and the difference NLF - US."""
    rec = s["rec"]
    nlf = rec["us_rp_spent"] + rec["ap_lost"] + rec["amp_lost"] + rec["amp_short"]
    nlf += 2 * rec.get("ffz", 0) + quarter(rec.get("arvn_rp_spent", 0))  # 2 VP per free-fire zone declared
    nlf += regions.entry_vp(s)
    for h in {u["hex"] for u in B.live(s) if u["side"] == "NLF" and not u.get("outside")}:
        nlf += hex_vp(s, h)
    us = quarter(rec.get("nva_rp_spent", 0))
    for r in s["removed"]:
        who, pts = removed_vp(r)
        if who == "US":
            us += pts
        elif who == "NLF":
            nlf += pts
    return {"NLF": nlf, "US": us, "diff": nlf - us}


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


def by_levels(s, v):
    """A scenario's victory levels on the VP difference NLF - US (V 18.1 rule 7: "the scenario
    instructions will then indicate who has won, and by how much"): the first level whose `upto`
    the difference does not pass; the last level has none. Optional conditions per level:
    `nva_regiments_min` (NVA regiments removed), for scenarios won by destroying them."""
    nva = sum(1 for r in s["removed"] if r["side"] == "NLF" and r["how"] != "left"
              and B.KINDS[r["kind"]]["nat"] == "NVA" and B.KINDS[r["kind"]]["size"] == "III")
    for lv in s["victory"]["levels"]:
        if "upto" in lv and v["diff"] > lv["upto"]:
            continue
        if nva < lv.get("nva_regiments_min", 0):  # e.g. Silver Bayonet: the US must destroy regiments
            continue
        return lv
    raise ValueError("the scenario's victory levels must end with one that always applies")


def decide(g):
    s = g.s
    if isinstance(s["victory"], dict):
        v = vp(s)
        lv = by_levels(s, v)
        s["over"] = {"winner": lv["winner"], "turn": s["turn"], "vp": v, "level": lv["name"]}
        g.log(f"{lv['name']} (V 18.1): VP NLF {v['NLF']:g} - US {v['US']:g} = {v['diff']:g}; {lv['why']}",
              "V 18.1", kind="end")
        return
    win = "US" if regiment_gone(s) and not us_lost(s) else "NLF"
    v = vp(s)
    over = {"winner": win, "turn": s["turn"], "vp": v}
    if B.opt(s, "graded_victory"):
        over["level"] = level(s)
    s["over"] = over
    g.log(f"{win} victory (V 18.2): the VC regiment is {'gone' if regiment_gone(s) else 'still on the map'}, "
          f"{len(us_lost(s))} US counter(s) lost; VP NLF {v['NLF']:g} - US {v['US']:g} = {v['diff']:g} (V 18.1)",
          "V 18.2", kind="end")


def outcome_now(s):
    """What the scenario's end would give if it came now (V 18.1, 18.2), in words: for a warning
    before a choice that may end the game (the Operations Phase ended on the last turn)."""
    if isinstance(s["victory"], dict):
        v = vp(s)
        lv = by_levels(s, v)
        return f"{lv['name']} on VP NLF {v['NLF']:g} - US {v['US']:g} = {v['diff']:g} (V 18.1)"
    gone, lost = regiment_gone(s), len(us_lost(s))
    win = "US" if gone and not lost else "NLF"
    why = (f"the VC regiment is {'gone' if gone else 'still on the map'}"
           + (f", {lost} US counter(s) lost" if lost else ", no US counter lost"))
    return f"{'an' if win == 'NLF' else 'a'} {win} victory: {why} (V 18.2)"


def loses_scenario(s, u):
    """V 18.2: in Starlite (and the scenarios played as it) the US wins only if no US counter is
    eliminated; removing u (a US counter) decides the game for the NLF."""
    return not isinstance(s["victory"], dict) and u["side"] == "US" and B.KINDS[u["kind"]]["nat"] == "US"


def verdict_text(s):
    o = s.get("over") or {}
    if isinstance(s["victory"], dict):
        return f"{o.get('level')}: VP difference NLF - US {o['vp']['diff']:g} (V 18.1)"
    txt = f"{o.get('winner')} wins Operation Starlite"
    if o.get("level"):
        txt += f" ({o['level']})"
    # the condition that decides it (V 18.2), not the VP difference, which does not (issue 45 item 6)
    gone, lost = regiment_gone(s), len(us_lost(s))
    return txt + (f": the VC regiment {'gone' if gone else 'still on the map'}, "
                  f"{lost or 'no'} US counter{'s' if lost != 1 else ''} lost (V 18.2)")




def end_record(s, log=()):
    """The end-of-game card (issue 45 item 6; the rules hook of engine/interface.py, `log` unused:
    the state holds it all): the verdict, the condition met in words (Starlite's V 18.2 condition,
    or the VP level of V 18.1 with its reason), the VP table line by line, each side's losses, and
    every NLF counter with its identity (all are face up at the end)."""
    o = s.get("over")
    if not o:
        return None
    if isinstance(s["victory"], dict):
        lv = next((x for x in s["victory"]["levels"] if x["name"] == o.get("level")), {})
        cond = f"{o.get('level')}: VP difference NLF - US {o['vp']['diff']:g}" + (
            f"; {lv['why']}" if lv.get("why") else "") + " (V 18.1)"
    else:
        gone, lost = regiment_gone(s), us_lost(s)
        if o["winner"] == "US":
            why = ["the VC regiment is gone from the play area", "no US counter was eliminated"]
        else:
            why = ([f"{len(lost)} US counter(s) eliminated ("
                    + ", ".join(s["units"][r["id"]]["name"] for r in lost) + ")"] if lost else []) + \
                ([] if gone else ["the VC regiment is still in the play area"])
        cond = (f"The {o['winner']} wins: " + " and ".join(why) + " (V 18.2). The VP do not decide this "
                f"scenario; for the record: NLF {o['vp']['NLF']:g} - US {o['vp']['US']:g} (V 18.1)")
    losses = {side: [{"name": s["units"][r["id"]]["name"], "how": r["how"], "hex": r.get("hex")}
                     for r in s["removed"] if r["side"] == side] for side in ("US", "NLF")}
    rp = {"US": s["rec"].get("us_rp_spent", 0), "NLF": s.get("vc_losses", 0)}
    units = [{"id": u["id"], "name": u["name"], "hex": u["hex"], "was_hidden": not u.get("seen")}
             for u in sorted(s["units"].values(), key=lambda u: u.get("handle") or u["id"])
             if u["side"] == "NLF" and u["hex"]]
    table = vp_table(s)
    v = o["vp"]
    return {"winner": o.get("winner"), "verdict": verdict_text(s), "condition": cond, "vp": v,
            "vp_table": table, "losses": losses, "rp_spent": rp, "nlf_units": units, "rule": "V 18.1, 18.2",
            # the game-neutral card (engine/interface.py END_RECORD, drawn by game/ui/end_card.py)
            "score": {"head": ["VP", "for", "from"],
                      "lines": [{"value": f"{r['vp']:g}", "side": r["side"], "what": r["what"], "rule": r["rule"]}
                                for r in table],
                      "total": [f"{v['NLF']:g} - {v['US']:g}", "NLF - US", f"difference {v['diff']:g}"]},
            "side_losses": [{"side": side, "units": [f"{x['name']} ({x['how']})" for x in losses[side]],
                             "none": "no unit removed", "note": f"; {rp[side]} loss(es) absorbed by RP"}
                            for side in ("US", "NLF")],
            "revealed": {"title": "NLF counters, all face up", "none": "none on the map",
                         "units": [f"{u['name']} in {u['hex']}" + (" (never seen by the US)" if u["was_hidden"] else "")
                                   for u in units]}}
