"""The end-of-game record (issue 45 item 6; the card: game/ui/end_card.py, its fields:
game/engine/interface.py END_RECORD), from the state and the log: the victory level and the
condition met (FT 15.1: Pleiku held by the NVA alone, or the points after the last turn), the NVA
victory points by cause as the log scored them (FT 15.0, 14.1, 16.1, 16.2, 16.21), each side's
losses (units eliminated and broken, the casualty points), where every NVA company ended, the
Unknown Box opened (FT 2.0, 13.11), and the LZ markers never flipped (FT 3.0). View-only."""
import re

from . import board as B
from .data import LOC, TABLES

VP_LINE = re.compile(r"^(?P<why>.*): (?P<n>[+-]\d+) VP \(NVA total -?\d+\)$")  # board.vp

# the causes of the FT 15.0 schedule, as board.vp's callers name them: (pattern, cause, rule), the
# first that matches; tests/test_ft_end_card.py checks that every VP line of many games has one
CAUSES = (
    (re.compile(r"^US casualty points$"), "American casualty points", "FT 15.0, 11.2"),
    (re.compile(r"^SF garrison eliminated$"), "SF camp garrisons eliminated", "FT 15.0, 14.2"),
    (re.compile(r"^NVA-held road locations and SF camps$"),
     "NVA-held road locations and SF camps, at the end of the second NVA Open Combat Segment", "FT 15.0"),
    (re.compile(r"^American forces in Cambodia$"), "American forces in Cambodia", "FT 16.1"),
    (re.compile(r"^Aircraft destroyed by NVA AA"), "aircraft destroyed by NVA AA (each a company)", "FT 16.21"),
    (re.compile(r"^Pathfinders destroyed"), "pathfinders overrun (a company)", "FT 14.1"),
    (re.compile(r"^The .+ regiment is destroyed"), "NVA regiments destroyed: their artillery", "FT 16.2"),
    (re.compile(r"^NVA .+ broken$"), "NVA companies broken", "FT 15.0"),
    (re.compile(r"^NVA .+ eliminated$"), "NVA companies eliminated", "FT 15.0"),
    (re.compile(r"^.+ broken$"), "American units broken", "FT 15.0"),
    (re.compile(r"^.+ eliminated$"), "American companies eliminated", "FT 15.0"),
)


# the card's order: the FT 15.0 schedule's, the Americans' losses first, then the NVA's
ORDER = ("American casualty points", "American units broken", "SF camp garrisons eliminated",
         "American companies eliminated", "aircraft destroyed by NVA AA (each a company)",
         "pathfinders overrun (a company)",
         "NVA-held road locations and SF camps, at the end of the second NVA Open Combat Segment",
         "American forces in Cambodia", "NVA companies broken", "NVA companies eliminated",
         "NVA regiments destroyed: their artillery")


def cause_of(why):
    for pat, cause, rule in CAUSES:
        if pat.match(why):
            return cause, rule
    return None


def vp_lines(log):
    """[(cause, rule, VP, times)] from the log's VP lines, by cause in the order each first scored;
    a line of no known cause stands as itself, with its own rule."""
    out = {}
    for e in log:
        if e.get("kind") != "vp":
            continue
        m = VP_LINE.match(e["text"])
        if not m:
            continue
        cause, rule = cause_of(m.group("why")) or (m.group("why"), e.get("rule", "FT 15.0"))
        n = int(m.group("n"))
        r = out.setdefault((cause, rule), [0, 0])
        r[0] += n
        r[1] += 1
    rank = {cause: i for i, cause in enumerate(ORDER)}
    return sorted(((c, rule, v, k) for (c, rule), (v, k) in out.items()), key=lambda x: rank.get(x[0], len(rank)))


def _sf_name(uid):
    camp = LOC.get(uid[2:], {}).get("sf_camp")
    return f"{camp} SF garrison" if camp else "SF garrison"


def losses(s):
    """{"US": [...], "NVA": [...]}: each unit eliminated (FT 2.0 Eliminated Box) or broken at the end."""
    U = s["units"]
    out = {"US": [], "NVA": []}
    for uid in sorted(U):
        u = U[uid]
        k = u["k"]
        if k in ("inf", "sfg", "pf") or k in B.HELIS:
            name = _sf_name(uid) if k == "sfg" else "the pathfinders" if k == "pf" else B.uname(s, uid)
            if u["loc"] == B.ELIM:
                out["US"].append({"id": uid, "name": name, "how": "eliminated"})
            elif u.get("brk"):
                out["US"].append({"id": uid, "name": name, "how": "broken"})
        elif k == "nva":
            if u["loc"] == B.ELIM:
                out["NVA"].append({"id": uid, "name": B.uname(s, uid), "how": "eliminated"})
            elif B.broken(u):
                out["NVA"].append({"id": uid, "name": B.uname(s, uid),
                                   "how": "broken and withdrawn, FT 13.73" if u["loc"] == B.OFF else "broken"})
    order = {"eliminated": 0}
    for side in out:
        out[side].sort(key=lambda x: order.get(x["how"], 1))
    return out


def _levels():
    return "NVA Tactical Victory 30 or more, NVA Limited Victory 10 or more, Draw -14 to +9, " \
           "American Tactical Victory -15 or less"


def end_record(s, log):
    o = s.get("over")
    if not o:
        return None
    turns = s["options"]["turns"]
    v = s["vp"]
    if o["level"] == "NVA Strategic Victory":
        verdict = f"NVA Strategic Victory on turn {o['turn']} of {turns} (FT 15.1)"
        cond = (f"{o['reason']} (FT 15.1): an automatic NVA strategic victory, whatever the points "
                f"(NVA {v:+d} VP then).")
    else:
        verdict = f"{o['level']}: {v:+d} NVA victory points after turn {o['turn']} of {turns} (FT 15.1)"
        cond = (f"The game ran its {turns} turns and the NVA never held Pleiku alone; only the NVA score, "
                f"American actions subtract (FT 15.0). {v:+d} VP is a{'n' if o['level'][0] in 'AN' else ''} "
                f"{o['level']} (FT 15.1); the levels: {_levels()}.")
    lines = vp_lines(log)
    score = {"head": ["VP", "for", "from"],
             "lines": [{"value": f"{n:+d}", "side": "NVA" if n > 0 else "US",
                        "what": (f"{cause}: {s['cas']} point(s)" if cause == "American casualty points"
                                 else f"{cause}, {k} time(s)" if cause.startswith("NVA-held") or "Cambodia" in cause
                                 else f"{cause} × {k}"), "rule": rule}
                       for cause, rule, n, k in lines],
             "total": [f"{v:+d}", "NVA", f"total: {o['level']} (FT 15.1)"]}
    if not lines:
        score["note"] = "No victory point was scored (FT 15.0)."
    lost = losses(s)
    n = {side: sum(1 for x in lost[side] if x["how"] == "eliminated") for side in lost}
    side_losses = [
        {"side": "American", "units": [f"{x['name']} ({x['how']})" for x in lost["US"]], "none": "no unit lost",
         "note": f"; {n['US']} eliminated, {s['cas']} casualty point(s) (FT 11.2, 15.0)"},
        {"side": "NVA", "units": [f"{x['name']} ({x['how']})" for x in lost["NVA"]], "none": "no company lost",
         "note": f"; {n['NVA']} of {sum(1 for u in s['units'].values() if u['k'] == 'nva')} companies eliminated (FT 15.0)"}]
    U = s["units"]
    where = []
    for uid in sorted((x for x in U if U[x]["k"] == "nva" and U[x]["loc"] not in (B.ELIM, B.OFF)),
                      key=lambda x: (U[x]["loc"] == B.UNKNOWN, U[x]["loc"], U[x]["reg"], U[x]["co"])):
        u = U[uid]
        hid = u["loc"] == B.UNKNOWN
        where.append(f"{B.uname(s, uid)} " + ("never found, in the Unknown Box" if hid else
                                              f"at {B.name(u['loc'])}") + (" (broken)" if B.broken(u) else ""))
    lz = [f"{B.name(u['loc'])}: {'valid' if u.get('valid') else 'not valid'}" for uid, u in sorted(U.items())
          if u["k"] == "lz" and not u.get("rev") and u["loc"] in LOC]
    pleiku = ("NVA alone" if B.has_nva(s, B.PLEIKU) and not B.has_us(s, B.PLEIKU) else
              "contested" if B.has_nva(s, B.PLEIKU) else "American")
    notes = [{"key": "tracks", "label": "Final tracks",
              "text": f"turn {s['turn']} of {turns}; casualty points {s['cas']}; victory points {v:+d}; "
                      f"Pleiku {pleiku} (FT 15.1)"}]
    if lz:
        notes.append({"key": "lz", "label": "LZ markers never flipped, turned over (FT 3.0)", "text": ", ".join(lz)})
    return {"winner": o.get("winner"), "verdict": verdict, "condition": cond, "vp": v, "level": o["level"],
            "rule": o["rule"], "score": score, "side_losses": side_losses, "losses": lost,
            "revealed": {"title": "NVA companies at the end, the Unknown Box opened (FT 2.0, 13.11)",
                         "units": where, "none": "none left"},
            "notes": notes, "levels": TABLES["levels"]["list"]}
