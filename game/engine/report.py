"""The opponent's turn, paced: a pause at the end of each programmed phase so the player can read
what it did (the UI shows a report card of the log entries since the phase began, draws the moves
and pans to the battles). Play setting `opponent_pace`: "step" (pause) or "run" (no pause).

A game registers the step once (`report.register(flow)`) and calls `report.pause(...)` where a
programmed phase ends; "Let the rest ... run" skips the pauses of that scope (e.g. the rest of the
Communist turn) until the game calls `report.scope_over(g, scope)`.
"""

import contextlib

from .flow import Step

QUIET_KINDS = ("turn", "phase")  # headers: a phase that logged nothing else did nothing
NOTHING = "none"  # the kind of a line that says nothing happened ("Communist recon: nothing revealed")
SILENT_KINDS = QUIET_KINDS + (NOTHING,)  # a phase that logged only these is not paused for
# a NOTHING line logged with of_roll=True says what the roll logged just before it came to: nothing
# ("Offboard movement: no movement" after the table's dice, FT 13.2); that roll is not paused for either
OF_ROLL = "of_roll"

_silent = SILENT_KINDS  # (pausing_as_before swaps it while an old save is played again)


def did_something(entries, silent=SILENT_KINDS):
    """Whether a phase that logged `entries` did something worth a pause: a line other than its
    headers, the lines that say nothing happened, and a roll that came to nothing. (`silent`: the
    kinds not counted; QUIET_KINDS is how phases paused before NOTHING, pausing_as_before.)"""
    for i, e in enumerate(entries):
        k = e.get("kind")
        if k in silent:
            continue
        if k == "roll" and NOTHING in silent and i + 1 < len(entries) and entries[i + 1].get(OF_ROLL) \
                and entries[i + 1].get("kind") == NOTHING:
            continue
        return True
    return False


@contextlib.contextmanager
def pausing_as_before():
    """Within it, a phase pauses as it did before lines of kind NOTHING existed (issue 45): for
    every line besides its headers. A game's old saves hold a Continue for those pauses among
    their actions; played again in here, the old actions land where they were played (First
    Team's old_saves.py)."""
    global _silent
    was, _silent = _silent, QUIET_KINDS
    try:
        yield
    finally:
        _silent = was


def register(flow, name="report"):
    @flow.step(name)
    class Report(Step):
        always_ask = True
        is_report = True  # match.view shows its frame as view["report"]

        def prompt(self, g, f):
            return f"{f['title']}: see what happened. Continue?"

        def choices(self, g, f):
            return [{"t": "done", "label": "Continue"},
                    {"t": "run", "label": f.get("run_label") or "Let the rest of this phase run"}]

        def act(self, g, f, a):
            if a["t"] == "run":
                g.s["pace_run"] = f["scope"]
            g.pop()

    return Report


def pause(g, title, since, scope, run_label=None, step="report", kicker=None):
    """Push the pause if the player reads the opponent's phases and this one logged something
    besides its headers and lines that say nothing happened (kind "none"). `since`: the log index
    where the phase began; `kicker`: the card's line above the title (the part of the turn; the
    UI's default "Opponent's phase"). Returns True if pushed."""
    if g.s["options"].get("opponent_pace", "step") != "step" or g.s.get("pace_run") == scope:
        return False
    if not did_something(g.logbuf[since:], _silent):
        return False
    g.push(step, title=title, since=since, scope=scope, run_label=run_label, **({"kicker": kicker} if kicker else {}))
    return True


def scope_over(g, scope):
    """The scope that "let it run" covered is over: pause again next time."""
    if g.s.get("pace_run") == scope:
        del g.s["pace_run"]


def of_frame(f):
    """What the UI needs of an open pause: its title and the log index where its phase began."""
    out = {"title": f["title"], "since": f["since"], "scope": f["scope"]}
    if f.get("kicker"):
        out["kicker"] = f["kicker"]
    return out
