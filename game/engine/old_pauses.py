"""Saves made before a game stopped pausing where nothing happened (report.NOTHING, issue 45):
their actions played again as they paused then, the player's Continue at each pause that no
longer exists left out. Shared by the games' old-save converters (first_team/old_saves.py,
mike_force/old_saves.py), each saying which pauses are gone."""

from . import headless, match as M, report
from .saves import SaveError


def as_it_paused(rules, old, removed, why):
    """Play the save's actions as its version paused; `removed(m)`: the match waits at a pause these
    rules no longer make. Returns (the actions kept, the runs held: [(actions kept before it, the
    log's length at its pause)], the actions kept before the first the save could undo, the match
    played). SaveError (`why`: the game's sentence) when an action stands where only Continue was
    possible."""
    m = M.new_match(rules, old["scenario"], old["seed"], old["options"], old.get("dice_mode", "auto"))
    kept, runs = [], []
    first_undo = old["undo"][0]["actions"] if old["undo"] else len(old["actions"])
    undo_from = None
    with report.pausing_as_before():
        legal = headless.actions(rules, m)
        for i, a in enumerate(old["actions"]):
            if i == first_undo:
                undo_from = len(kept)
            if removed(m):
                if a.get("t") not in ("done", "run"):
                    raise SaveError(f"{why}: an action where only Continue was possible.")
                if a["t"] == "run":
                    runs.append((len(kept), len(m["log"])))
            else:
                kept.append(a)
            legal = headless.play(rules, m, a, legal=legal, in_place=True)
    return kept, runs, len(kept) if undo_from is None else undo_from, m
