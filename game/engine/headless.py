"""Play for machines: the simulator, the fuzzer, the computer's look-ahead, replays (issue 43 item 5).

The engine's public API (engine/match.py: new_match, legal_actions, apply, view, undo) lists every
action with its label and keeps an undo history, as a player's page needs. A machine caller reads
no label, may read a listing lazily, and may play a copy in place: this module is the one way to
ask for that. Both functions reach the same positions as the public API (tests/test_engine_play.py)."""

from . import kept, match as M


def actions(rules, match, role=None, labels=False, lazy=False):
    """The legal actions for `role` now (none if it is another role's decision), without labels
    unless `labels` (a caller that plays both ways, the fuzzer). lazy=True (unlabelled): a step
    may answer with a `listing.Listing`, whose actions are built only as they are read (the
    simulator's random player)."""
    return M._listed(rules, match, role, labels, lazy and not labels)


def play(rules, match, action, legal=None, role=None, in_place=False, labels=False, lazy=False):
    """Apply one action and return the legal actions that follow, listed while the engine ran to
    the next decision (each position listed once). `legal`: the listing just returned for this
    same position (no second listing to check the action); `in_place`: the state is changed
    without a copy first (no undo history, and an engine error leaves the match broken);
    `labels`: the actions that follow with their labels (the fuzzer reads them); `lazy`: see
    actions(). Illegal -> IllegalAction, the match untouched (unless in place)."""
    lazy = lazy and not labels
    if in_place:
        kept.forget()  # a position a view showed may change here, in place
    nxt = M._apply(rules, match, action, role, legal, in_place, labels, lazy)
    if nxt is None or (role is not None and not M._role_ok(rules, match["state"], role)):
        return M._listed(rules, match, role, labels, lazy)
    if not labels:
        nxt = M._bare(nxt)
    return nxt
