"""First Team: Vietnam (1st Air Cavalry Division vs three NVA regiments, Pleiku / Ia Drang 1965):
solitaire; the player is the American ("US"), the engine runs the NVA. Rule sections are cited as
"FT n.n"; rulings on ambiguities are named options (data/options.json)."""

import sys

from . import combat, nva, setup, turn, us  # noqa: F401  (register steps)
from ...engine import match as _match
from ...engine.howto import loader as howto_loader
from ...engine.saves import SaveError
from ...engine.interface import data_interface
from . import board as _board
from .board import flow, indexed, reading
from .board import INDEXES as _INDEXES
from .data import DATA_VERSION, OPTIONS, SCENARIOS
from .setup import initial_state
from .view import verdict_text, view
from .end import end_record  # noqa: F401  (the end-of-game card, engine/interface.py)

id = "first-team"
title = "First Team: Vietnam"
roles = ["US"]
data_version = DATA_VERSION

scenarios, options, default_options = data_interface(SCENARIOS, OPTIONS)

adopt_index = _INDEXES.adopt  # match._commit: the index of a position goes on with its copy

howto = howto_loader(__file__)  # the "How to play" page, in our own words (data/howto.json)


from .invariants import check as _check_invariants  # noqa: E402


def invariants(state):
    return _check_invariants(state)


def hidden_ids(state, role=None):
    """Counters the American player (the only role) may not see: NVA units (and their artillery) in the Unknown
    Box, and LZ markers not yet flipped (their validity is on the hidden side)."""
    out = []
    for uid, u in state["units"].items():
        if u["k"] in ("nva", "nart") and u["loc"] == "UNKNOWN":
            out.append(uid)
        elif u["k"] == "lz" and not u.get("rev"):
            out.append(uid)
    return out


def _replayed(old):
    """An ft-data-1 save (made before issue 43's port: the old procedures' frames and the turn-wide
    s["f"]) is played again from its actions by these rules, which play the same game (its log
    must come out the same): the position, its frames and its undo steps are then this version's.
    (A save with a question open is refused before this, by the loader: its step "choose" is no
    longer one of this game's.)"""
    why = "This First Team save was made by an earlier version and could not be brought up to date"
    try:
        new = _match.replay(sys.modules[__name__], old["scenario"], old["seed"], old["options"], old["actions"],
                            old.get("dice_mode", "auto"))
    except Exception as e:  # (IllegalAction, an unknown option, a damaged action list...)
        raise SaveError(f"{why}: its moves cannot be played again ({type(e).__name__}).") from None
    if new["log"] != old["log"]:
        raise SaveError(f"{why}: playing its moves again gives another game (it comes from older rules).")
    return {**old, **new}


data_migrations = {"ft-data-1": _replayed}


def check_indexes(on=True):
    """The fuzzer's check that the location index kept while the engine runs stays exact."""
    _board.INDEXES.on = on
