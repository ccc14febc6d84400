"""The end-of-game record (issue 45 item 6; the card: game/ui/end_card.py, its fields:
game/engine/interface.py END_RECORD), from the state and the log: who won and by which condition
(MF 3.1 sudden death, MF 3.3 the 25 VP line), the Free World VP line by line by cause (MF 3.2,
30.1), each side's losses as the log recorded them (MF 13.1, 19.0, 20.4, 24.2, 25.1, 25.4), every
Communist unit left on the map with its identity (face-down ones too: MF 16.0 hides them until
the end) and the final tracks. View-only: it changes nothing in the state or the log."""
import re

from . import board as B
from .data import EVENTS, SCENARIOS, SPACES

MAJOR = ("DN", "HUE", "QTR", "KSN")  # the major bases (MF 3.1, 3.2, 30.x)

# the loss lines of the log (kind "loss", and a leader's death), as board.py, combat.py and
# bombard.py write them: (pattern, side, what it says); tests/test_mf_end_card.py checks that
# every loss line of many games is read by one of them
LOSS_LINES = (
    (re.compile(r"^(?P<n>.+) eliminated at (?P<at>.+) \(\+\d+ BCP\)$"), "COM", "eliminated"),   # MF 20.4
    (re.compile(r"^The (?P<n>.+) is retaken by the Free World$"), "COM", "retaken"),             # MF 24.2
    (re.compile(r"^(?P<n>.+) is shot down \(-1 BCP\)$"), "FW", "shot down"),                     # MF 19.0
    (re.compile(r"^The (?P<n>.+) falls to the Communists$"), "FW", "fallen"),                    # MF 24.2
    (re.compile(r"^(?P<n>.+) at (?P<at>.+) is disrupted( \(-\d+ BCP\))?$"), "FW", "disrupted"),  # MF 13.1
    (re.compile(r"^The (?P<n>MGF) at (?P<at>.+) is replaced by a full Mike Force company"), "FW",
     "replaced by a Mike Force company"),                                                        # MF 25.1
    (re.compile(r"^(?P<n>.+) eliminated( at (?P<at>.+?))?( \(-\d+ BCP\))?$"), "FW", "eliminated"),  # MF 20.4, 25.1
    (re.compile(r"^(?P<n>.+) is lost with his unit$"), "FW", "lost with his unit"),              # MF 25.4
)


def read_loss(entry):
    """(side, name, what, place) of a loss line of the log, or None."""
    if entry.get("kind") != "loss" and not (entry.get("rule") == "MF 25.4" and entry["text"].endswith(
            " is lost with his unit")):
        return None
    for pat, side, what in LOSS_LINES:
        m = pat.match(entry["text"])
        if m:
            return side, m.group("n"), what, m.groupdict().get("at")
    return None


def losses(log):
    """{side: [{"name", "what", "at", "turn"}]} in the order the log has them."""
    out = {"FW": [], "COM": []}
    for e in log:
        r = read_loss(e)
        if r:
            out[r[0]].append({"name": r[1], "what": r[2], "at": r[3], "turn": e.get("turn")})
    return out


def _grouped(items):
    """'2 × VC Battalion eliminated', in the order each first appears."""
    counts = {}
    for x in items:
        name, what = x["name"], x["what"]
        counts[(name, what)] = counts.get((name, what), 0) + 1
    return [(f"{n} × " if n > 1 else "") + f"{name} {what}" for (name, what), n in counts.items()]


def end_record(s, log):
    from .turn import victory_points
    o = s.get("over")
    if not o:
        return None
    sc = SCENARIOS[s["scenario"]]
    fw = o["winner"] == "FW"
    total, lines = victory_points(s)
    sudden = o["rule"] == "MF 3.1"
    head = "Free World victory" if fw else "Free World defeat"
    if sudden:
        verdict = f"{head}: sudden death on turn {o['turn']} of {sc['turns']} (MF 3.1)"
        cond = (f"{o['reason']} (MF 3.1): the game ends at once. "
                + ("The Free World wins: the Communists can no longer infiltrate (MF 3.1)." if fw else
                   "The Communists win: Da Nang is theirs (MF 3.1)."))
        note = (f"The VP do not decide a sudden death (MF 3.1); for the record, the count now would be "
                f"{total} (25 needed, MF 3.3).")
    else:
        verdict = f"{head}: {o['vp']} VP after turn {o['turn']} of {sc['turns']} (MF 3.3)"
        cond = (f"The game ran its {sc['turns']} turns (MF 30.0); the Free World needs 25 VP or more and "
                f"has {o['vp']}: " + ("25 or more, a Free World victory (MF 3.3)." if fw else
                                       "fewer than 25, a Free World defeat: victory is all or nothing (MF 3.3)."))
        note = None
    score = {"head": ["VP", "in favour of", "from"],
             "lines": [{"value": f"{v:+d}", "side": "FW" if v >= 0 else "COM", "what": text, "rule": rule}
                       for text, v, rule in lines],
             "total": [f"{total}", "FW", "total; 25 or more wins (MF 3.3)"]}
    if note:
        score["note"] = note
    lost = losses(log)
    n_el = {side: sum(1 for x in lost[side] if x["what"] == "eliminated") for side in lost}
    side_losses = [
        {"side": "Free World", "units": _grouped(lost["FW"]), "none": "no unit lost",
         "note": f" ({n_el['FW']} unit(s) eliminated; MF 13.1, 19.0, 20.4, 24.2, 25.1)"},
        {"side": "Communist", "units": _grouped(lost["COM"]), "none": "no unit lost",
         "note": f" ({n_el['COM']} unit(s) eliminated; MF 20.4, 24.2)"}]
    U = s["units"]
    on_map = []
    for sp in SPACES:
        here = sorted((uid for uid in B.units_at(s, sp) if B.is_com(U[uid]) and not B.is_garrison(U[uid])),
                      key=lambda uid: (B.K(U[uid])["name"], uid))
        for uid in here:
            u = U[uid]
            on_map.append(f"{B.K(u)['name']} at {SPACES[sp]['name']}" + ("" if u.get("rev") else " (face down)"))
    bases = ", ".join(f"{SPACES[sp]['name']} {_ctl(B.control(s, sp))}" for sp in MAJOR)
    played = [EVENTS[e]["name"] for e in s["events_played"]]
    notes = [
        {"key": "bases", "label": "Major bases (MF 6.0)", "text": bases},
        {"key": "tracks", "label": "Final tracks",
         "text": f"turn {s['turn']} of {sc['turns']}; infiltration level {s['ip']} "
                 f"({B.band_name(max(s['ip'], 1))}); recruit points {s['rp']} (MF 12.0)"},
        {"key": "events", "label": "Events played (MF 8.0)", "text": ", ".join(played) or "none"}]
    return {"winner": o["winner"], "verdict": verdict, "condition": cond, "vp": total, "rule": o["rule"],
            "score": score, "side_losses": side_losses, "losses": lost,
            "revealed": {"title": "Communist units on the map, every counter named (MF 16.0)",
                         "units": on_map, "none": "none on the map"},
            "notes": notes}


def _ctl(c):
    return {"FW": "(Free World)", "COM": "(Communist)", "disputed": "(disputed)"}.get(c, "(nobody)")
