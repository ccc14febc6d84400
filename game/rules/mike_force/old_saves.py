"""Saves of game data mf-data-1, made before Mike Force's rules were procedures (issue 43): a
position inside a battle, a bombardment, an event's question or a Big Offensive holds frames of the
old kind (stage strings, "choose" questions with named continuations) that the procedures cannot
continue. Play did not change, so such a save's position is made again by playing its actions
from the start; a save whose frames read the same either way (between phases, at a decision of
the sequence of play) is kept as it is."""

from ...engine import headless, match as M
from ...engine.saves import SaveError

# the steps whose frames changed: the old question step and the procedures that were stage machines
OLD_STEPS = frozenset({"choose", "event_column", "combat", "battle", "bombard", "big_offensive"})


def from_mf_data_1(m, rules, data_version):
    """The save `m` (game data mf-data-1) as a save of `data_version`; SaveError when its actions
    do not play to the position it holds (a save of a version whose rules played differently)."""
    positions = [m["state"]] + [snap["state"] for snap in m["undo"]]
    if not any(f["s"] in OLD_STEPS for st in positions for f in st["stack"]):
        return dict(m, data_version=data_version)
    try:
        again = _replay(rules, m)
    except Exception:
        again = None
    if again is None or _plays(again["log"]) != _plays(m["log"]) or _without_frames(again["state"]) != _without_frames(m["state"]):
        raise SaveError("This save was made by an earlier version of Mike Force in the middle of a battle, a "
                        "bombardment or an event, and this version cannot continue it there (its moves do not "
                        "play to the same position again). Open a save made at another moment, or start a "
                        "new game.")
    return dict(m, data_version=data_version, state=again["state"], undo=again["undo"])


def _replay(rules, m):
    """M.replay, faster: without the actions' labels (nobody reads them), and in place (no copy, no
    undo snapshot) up to the actions the save can undo, which are played as the player played them."""
    again = M.new_match(rules, m["scenario"], m["seed"], m["options"], m.get("dice_mode", "auto"))
    undoable = m["undo"][0]["actions"] if m["undo"] else len(m["actions"])
    legal = headless.actions(rules, again)
    for i, a in enumerate(m["actions"]):
        legal = headless.play(rules, again, a, legal=legal, in_place=i < undoable)
    return again


def _plays(log):
    """What the log says happened, not in which words: a line's wording may have changed since
    (issue 45: a disruption's "-1 BCP"), its kind, rule and dice may not."""
    return [(e.get("kind"), e.get("rule"), e.get("dice"), e.get("turn")) for e in log]


def _without_frames(state):
    return {k: v for k, v in state.items() if k != "stack"}
