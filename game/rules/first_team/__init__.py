"""First Team: Vietnam (1st Air Cavalry Division vs three NVA regiments, Pleiku / Ia Drang 1965):
solitaire; the player is the American ("US"), the engine runs the NVA. Rule sections are cited as
"FT n.n"; rulings on ambiguities are named options (data/options.json)."""

import sys

from . import combat, nva, setup, turn, us  # noqa: F401  (register steps)
from . import old_saves as _old_saves
from ...engine.howto import loader as howto_loader
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


def _up_to_date(old):
    """An ft-data-1 or ft-data-2 save, played again from its actions (old_saves.py)."""
    return _old_saves.convert(sys.modules[__name__], old, DATA_VERSION)


data_migrations = {"ft-data-1": _up_to_date, "ft-data-2": _up_to_date}


def check_indexes(on=True):
    """The fuzzer's check that the location index kept while the engine runs stays exact."""
    _board.INDEXES.on = on
