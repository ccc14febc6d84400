"""Mike Force saves of earlier game data, brought up to date by playing their actions again.

mf-data-1, made before Mike Force's rules were procedures (issue 43): a position inside a battle, a
bombardment, an event's question or a Big Offensive holds frames of the old kind (stage strings,
"choose" questions with named continuations) that the procedures cannot continue. Play did not
change, so such a save's position is made again by playing its actions from the start.

mf-data-1 and mf-data-2 saves made before issue 45 (commit d243b56) paused after a Communist phase
(MF 4.0 II) that only said nothing happened ("Communist recon: nothing revealed", "No Communist
movement this turn", "...: no unit moves"), and the player's Continue there is one of the save's
actions. These rules no longer pause there (report.NOTHING), so the actions are played again twice:

1. as the earlier version paused (report.pausing_as_before): every action lands where it was
   played, and the log must tell the same plays as the save's (its kinds, rules, dice and turns: a
   few lines' words changed with issue 45, "-1 BCP" on a disruption) and the position must be the
   save's (a save of rules that played otherwise is refused); at each such pause the Continue is
   left out of the actions, and a "Let the rest of the Communist turn run" there is kept for the
   next pause of that Communist turn (MF 4.0 II and III: the run is over at the next game-turn), if
   one comes;
2. the actions left, by these rules: the position, its frames, its log (the lines that say nothing
   happened now of kind NOTHING) and its undo steps are this version's.

A save made at one of those pauses opens where its Continue would have led: the next decision.

An mf-data-2 save made after issue 45 (the same pausing as now) plays again as it is: it is only
relabelled. Which of the two an mf-data-2 save is, is found by trying."""

from ...engine import headless, match as M, report
from ...engine.old_pauses import as_it_paused
from ...engine.saves import SaveError

WHY = "This Mike Force save was made by an earlier version and could not be brought up to date"
SCOPE = "com"  # the scope of the Communist phases' pauses and the End of Turn's (turn.py)
CANCEL_OUT = ": they cancel out, nothing to settle"  # a line issue 45 added (combat.settle_counted, MF 21.4)

# the steps whose frames changed in issue 43: the old question step and the procedures that were stage machines
OLD_STEPS = frozenset({"choose", "event_column", "combat", "battle", "bombard", "big_offensive"})


def from_mf_data_1(m, rules, data_version):
    """The save `m` (game data mf-data-1) as a save of `data_version`; SaveError when it holds frames
    of the old kind and its actions do not play to the position it holds (a save of a version whose
    rules played differently). One whose frames read the same either way (between phases, at a
    decision of the sequence of play) and whose actions do not play again is kept as it is."""
    positions = [m["state"]] + [snap["state"] for snap in m["undo"]]
    old_frames = any(f["s"] in OLD_STEPS for st in positions for f in st["stack"])
    try:
        return _convert(rules, m, data_version)
    except SaveError:
        if not old_frames:
            return dict(m, data_version=data_version)
        raise SaveError("This save was made by an earlier version of Mike Force in the middle of a battle, a "
                        "bombardment or an event, and this version cannot continue it there (its moves do not "
                        "play to the same position again). Open a save made at another moment, or start a "
                        "new game.") from None


def from_mf_data_2(m, rules, data_version):
    """The save `m` (game data mf-data-2, of either pausing) as a save of `data_version`; SaveError
    when its actions give its game neither way."""
    if _plays_as_saved(rules, m):
        return dict(m, data_version=data_version)
    try:
        return _convert(rules, m, data_version)
    except SaveError as e:
        raise SaveError(f"{WHY}: its moves do not play to its game again, neither as the earlier version "
                        f"paused nor as this one does ({str(e)[len(WHY) + 2:].rstrip('.')}). Open another "
                        "save, or start a new game.") from None


def _plays_as_saved(rules, old):
    """Whether the save's actions, played by these rules as they pause, give its log and position."""
    m = M.new_match(rules, old["scenario"], old["seed"], old["options"], old.get("dice_mode", "auto"))
    log, seen = old["log"], 0
    try:
        legal = headless.actions(rules, m)
        for a in old["actions"]:
            legal = headless.play(rules, m, a, legal=legal, in_place=True)
            n = len(m["log"])
            if n > len(log) or m["log"][seen:n] != log[seen:n]:  # (logged lines are never changed after)
                return False
            seen = n
    except Exception:  # (IllegalAction at a pause these rules no longer make...)
        return False
    return m["log"] == log and m["state"] == old["state"]


def _convert(rules, old, data_version):
    try:
        actions, runs, undo_from, before = as_it_paused(rules, old, _at_removed_pause, WHY)
    except SaveError:
        raise
    except Exception as e:  # (IllegalAction, an unknown option, a damaged action list...)
        raise SaveError(f"{WHY}: its moves cannot be played again ({type(e).__name__}).") from None
    if _plays(before["log"]) != _plays(old["log"]):
        raise SaveError(f"{WHY}: playing its moves again gives another game (it comes from older rules).")
    if _compared(before["state"], old) != _compared(old["state"], old):
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
    """Play `actions` by these rules, a held run played at the next pause of its Communist turn (a
    "run" action put in); the actions from `undo_from` on as the player's page played them, with
    their undo steps (those the save had, unless a roll now comes among them), the ones before in
    place (no undo reached them)."""
    m = M.new_match(rules, old["scenario"], old["seed"], old["options"], old.get("dice_mode", "auto"))
    runs = list(runs)
    held = None  # the log's length at the pause a run was played at
    legal = headless.actions(rules, m)
    i = 0
    while True:
        while runs and runs[0][0] <= i:
            held = runs.pop(0)[1]
        if held is not None and len(m["log"]) > held:
            if any(e.get("kind") == "turn" for e in m["log"][held:]):
                held = None  # the next game-turn began (report.scope_over) with no pause left to run through
            elif _at_pause(m):
                legal = headless.play(rules, m, {"t": "run"}, legal=legal, in_place=i < undo_from)
                held = None
                continue
        if i == len(actions):
            return m
        legal = headless.play(rules, m, actions[i], legal=legal, in_place=i < undo_from)
        i += 1


def _at_pause(m):
    s = m["state"]
    return not s.get("over") and not s.get("await_roll") and bool(s["stack"]) and s["stack"][-1]["s"] == "report" \
        and s["stack"][-1]["scope"] == SCOPE


def _at_removed_pause(m):
    """At a pause these rules do not make: its phase logged only lines that say nothing happened."""
    if not _at_pause(m):
        return False
    return not report.did_something(m["log"][m["state"]["stack"][-1]["since"]:])


def _plays(log):
    """What the log says happened, not in which words: a line's wording may have changed since
    (issue 45: a disruption's "-1 BCP"), its rule and dice may not; a line that says nothing
    happened was "info", and a battle's gains and losses that cancel out were not said (MF 21.4)."""
    return [("info" if e.get("kind") == report.NOTHING else e.get("kind"), e.get("rule"), e.get("dice"), e.get("turn"))
            for e in log if not (e.get("rule") == "MF 21.4" and e.get("text", "").endswith(CANCEL_OUT))]


def _compared(state, old):
    """The parts of a position the save's and the one played again must share: all but its frames
    (mf-data-1's are of the old kind; their titles and log indices may differ with a line's words or
    a line added, _plays) and its log's length; of mf-data-2, the steps its frames are at."""
    out = {k: v for k, v in state.items() if k not in ("stack", "log_len")}
    if old["data_version"] != "mf-data-1":
        out["stack"] = [f["s"] for f in state["stack"]]
    return out


def _position(state):
    return {k: v for k, v in state.items() if k != "pace_run"}
