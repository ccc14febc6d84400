"""The labelled legal actions last listed for a position, kept by the position's identity (issue 14).

apply() lists the actions that follow while the engine runs to the next decision: the view drawn
right after the click takes them instead of listing them a second time (`following`), and the
click made on that view is checked against the actions it showed instead of a third listing
(`shown`). Only apply() and view() keep and read them, one position at a time: a state another
caller changes in place afterwards (a test's set-up) is listed afresh by legal_actions(), and
another match's position never matches. A private helper of engine/match.py."""

_following = [None, None]  # (the state apply() ended on, its actions), taken once by view()
_shown = [None, None]      # (the state view() listed, its actions), for the click made on it


def follow(state, actions):
    """The actions apply() listed for `state`, the position it ended on (None: none listed)."""
    _following[:] = (state, actions) if actions is not None else (None, None)
    _shown[:] = (None, None)


def take_following(state):
    """The actions apply() left for this very state object, once; else None."""
    got = _following[1] if _following[0] is state else None
    _following[:] = (None, None)
    return got


def show(state, actions):
    """The actions view() showed for `state`."""
    _shown[:] = (state, actions)


def shown(state):
    """The actions last shown for this very state object, or None."""
    return _shown[1] if _shown[0] is state else None


def forget():
    _following[:] = (None, None)
    _shown[:] = (None, None)
