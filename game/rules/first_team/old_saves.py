"""First Team saves of earlier game data, brought up to date by playing their actions again.

ft-data-1 (before issue 43's port: the old procedures' frames and the turn-wide s["f"]) and
ft-data-2 (before issue 45): an NVA segment that only said nothing happened ("No NVA ground
movement", "Offboard movement: no movement", FT 4.14) still paused, and the player's Continue
there is one of the save's actions. These rules no longer pause there (report.NOTHING), so the
actions are played again twice:

1. as the save's version paused (report.pausing_as_before): every action lands where it was
   played, and the log must come out as the save's (a save of rules that played otherwise is
   refused); at each such pause the Continue is left out of the actions, and a "Let the rest of
   this NVA phase run" there is kept for the next pause of that NVA Assault Phase, if one comes;
2. the actions left, by these rules: the position, its frames, its log (the lines that say
   nothing happened now of kind NOTHING) and its undo steps are this version's.

A save made at one of those pauses opens where its Continue would have led: the next decision."""

from ...engine import headless, match as M, report
from ...engine.old_pauses import as_it_paused
from ...engine.saves import SaveError

WHY = "This First Team save was made by an earlier version and could not be brought up to date"
SCOPE = "nva"        # the scope of the NVA segments' pauses (turn.py)
PHASE_START = "FT 4.14 H"  # the first segment of an NVA Assault Phase: "let it run" is over (turn.py)


def convert(rules, old, data_version):
    """The save `old` (game data ft-data-1 or ft-data-2) as a save of `data_version`; SaveError
    when its actions cannot be played again or do not give its log."""
    try:
        actions, runs, undo_from, before = as_it_paused(rules, old, _at_removed_pause, WHY)
    except SaveError:
        raise
    except Exception as e:  # (IllegalAction, an unknown option, a damaged action list...)
        raise SaveError(f"{WHY}: its moves cannot be played again ({type(e).__name__}).") from None
    if _kinds_as_before(before["log"]) != old["log"]:
        raise SaveError(f"{WHY}: playing its moves again gives another game (it comes from older rules).")
    if old["data_version"] != "ft-data-1" and _position(before["state"]) != _position(old["state"]):
        raise SaveError(f"{WHY}: playing its moves again gives another position.")
    try:
        new = _now(rules, old, actions, runs, undo_from)
    except Exception as e:
        raise SaveError(f"{WHY}: its moves cannot be played by these rules ({type(e).__name__}).") from None
    n = len(before["log"])
    if _at_removed_pause(before):  # (then these rules go on to the next decision)
        same = new["log"][:n] == before["log"]
    else:
        same = new["log"] == before["log"] and _position(new["state"]) == _position(before["state"])
    if not same:
        raise SaveError(f"{WHY}: these rules play its moves to another game.")
    return {**old, "data_version": data_version, "actions": new["actions"], "log": new["log"],
            "state": new["state"], "undo": new["undo"]}


def _now(rules, old, actions, runs, undo_from):
    """Play `actions` by these rules, a held run played at the first pause of its NVA Assault
    Phase (a "run" action put in); the actions from `undo_from` on as the player's page played
    them, with their undo steps (those the save had, unless a roll now comes among them), the
    ones before in place (no undo reached them)."""
    m = M.new_match(rules, old["scenario"], old["seed"], old["options"], old.get("dice_mode", "auto"))
    runs = list(runs)
    held = None  # the log's length at the pause a run was played at
    legal = headless.actions(rules, m)
    i = 0
    while True:
        while runs and runs[0][0] <= i:
            held = runs.pop(0)[1]
        if held is not None and len(m["log"]) > held:
            if any(e.get("rule") == PHASE_START and e.get("kind") == "phase" for e in m["log"][held:]):
                held = None  # the phase ended with no pause left to run through
            elif _at_pause(m):
                legal = headless.play(rules, m, {"t": "run"}, legal=legal)
                held = None
                continue
        if i == len(actions):
            return m
        legal = headless.play(rules, m, actions[i], legal=legal, in_place=i < undo_from)
        i += 1


def _at_pause(m):
    s = m["state"]
    return not s.get("over") and not s.get("await_roll") and s["stack"] and s["stack"][-1]["s"] == "report" and s["stack"][-1]["scope"] == SCOPE


def _at_removed_pause(m):
    """At a pause these rules do not make: its segment logged only lines that say nothing happened."""
    if not _at_pause(m):
        return False
    return not report.did_something(m["log"][m["state"]["stack"][-1]["since"]:])


# words these rules write otherwise than the save's version did: (now, then)
RENAMED = (("No contact in Zone Box ", "No contact in zone "),)  # FT 10.2: the text names the Zone Box it refers to


def _kinds_as_before(log):
    """The log as the save's version wrote it: a line that says nothing happened was "info", and
    the words of RENAMED were the old ones."""
    out = []
    for e in log:
        if e.get("kind") == report.NOTHING:
            e = {k: v for k, v in e.items() if k != report.OF_ROLL}
            e["kind"] = "info"
        for now, then in RENAMED:
            if e.get("text", "").startswith(now):
                e = dict(e, text=then + e["text"][len(now):])
        out.append(e)
    return out


def _position(state):
    return {k: v for k, v in state.items() if k != "pace_run"}
