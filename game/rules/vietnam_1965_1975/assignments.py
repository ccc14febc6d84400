"""Assignments (V 5.1 ASSIGNMENTS and ELIGIBILITY FOR OPERATIONS; V 2.1 items 3-4): which units may
still be given an operation this turn, and the kinds of operation a side designated to operate may
conduct. Each operation's module registers its kind here (`register`), so the Operations Phase and
the Strategic Movement Phase (turn.py) offer them without importing any operation."""

from . import arvn
from . import board as B


def eligible(s, side):
    """Units that may still be given an operation this turn (reference 2.3 eligibility); never an
    ineffective ARVN unit (V 11.1: only strategic movement in the Strategic Movement Phase,
    strategic.StratPick)."""
    return [u for u in B.live(s) if u["side"] == side and not u["done"] and not u.get("mission")
            and not u.get("rsv") and not arvn.ineffective(u)]


class Kind:
    """One kind of operation (V 5.1 ASSIGNMENTS). `step` conducts it (called with who, side and
    `data`); `what` and `rule` name it in the log ("The US conducts <what>"); `labels` the choice
    offered to each side that may conduct it ({"US": ..., "NLF": ...}); `may(s, side)` whether it is
    possible now; `order` its place in the Operations Phase's list. `phase` (a label) offers it in
    the US part of the Strategic Movement Phase too (V 2.1 item 3) when `phase_may(s)`, called with
    `phase_data`."""

    def __init__(self, id, step, order, what, rule, labels, may, data=None, phase=None, phase_may=None,
                 phase_data=None):
        self.id, self.step, self.order, self.what, self.rule = id, step, order, what, rule
        self.labels, self.may, self.data = labels, may, dict(data or {})
        self.phase, self.phase_may, self.phase_data = phase, phase_may, dict(phase_data or {})


KINDS = []  # in `order`


def register(kind):
    if any(k.id == kind.id for k in KINDS):
        raise ValueError(f"operation kind {kind.id!r} is registered twice")
    KINDS.append(kind)
    KINDS.sort(key=lambda k: k.order)
    return kind


def get(kind_id):
    return next(k for k in KINDS if k.id == kind_id)


def offered(s, side):
    """The kinds of operation `side` may conduct now (V 2.1 item 4), in the Operations Phase's order."""
    return [k for k in KINDS if side in k.labels and k.may(s, side)]


def in_strategic_phase(s):
    """The US operations of the Strategic Movement Phase possible now (V 2.1 item 3)."""
    return [k for k in KINDS if k.phase and k.phase_may(s)]
