"""Mike Force (Decision Games, 2018): solitaire; the player is the Free World, the engine runs
the Communists. Rule sections are cited as "MF n.n"."""

import sys

from . import bombard, breakoff, combat, communist, events, movement, recon, recruit, setup, turn  # noqa: F401  (register steps)
from . import old_saves
from ...engine.howto import loader as howto_loader
from ...engine.interface import data_interface
from . import board as _board
from .board import flow, indexed, reading
from .board import INDEXES as _INDEXES
from .data import DATA_VERSION, OPTIONS, SCENARIOS
from .setup import initial_state
from .view import verdict_text, view
from .end import end_record  # noqa: F401  (the end-of-game card, engine/interface.py)

movement.offer_recovery(flow)  # MF 26.3: recovery at every Free World decision point

id = "mike-force"
title = "Mike Force"
roles = ["FW"]
data_version = DATA_VERSION


def _from_mf_data_1(m):
    return old_saves.from_mf_data_1(m, sys.modules[__name__], DATA_VERSION)


def _from_mf_data_2(m):
    return old_saves.from_mf_data_2(m, sys.modules[__name__], DATA_VERSION)


# saves made before the procedures (mf-data-1) and before the phases that said nothing happened
# stopped pausing (mf-data-2, issue 45): played again from their actions (old_saves.py)
data_migrations = {"mf-data-1": _from_mf_data_1, "mf-data-2": _from_mf_data_2}

scenarios, options, default_options = data_interface(SCENARIOS, OPTIONS)

adopt_index = _INDEXES.adopt  # match._commit: the index of a position goes on with its copy

howto = howto_loader(__file__)  # the "How to play" page, in our own words (data/howto.json)


# Import the submodule first: loading it binds the package attribute "invariants" to the module,
# which used to replace this function after the first call ("'module' object is not callable").
from .invariants import check as _check_invariants  # noqa: E402


def invariants(state):
    return _check_invariants(state)


def hidden_ids(state, role=None):
    """Units whose identity the Free World player (the only role) may not see: every Communist unit face down,
    on the map or in a box (MF 16.0); garrisons are always face up."""
    from . import board as B
    return [uid for uid, u in state["units"].items()
            if B.is_com(u) and not B.is_garrison(u) and not u.get("rev")]


def resample_hidden(state, role, rng):
    """A position that looks the same to the Free World player (the fuzzer's same-view check):
    the concealed Communist units, on the map and in their boxes, trade identities among tokens of
    the same back; each token keeps its place and stack key (MF 16.0, R-REV1)."""
    from . import board as B
    groups = {}
    for uid in sorted(state["units"]):
        u = state["units"][uid]
        if B.is_com(u) and not B.is_garrison(u) and not u.get("rev") \
                and (B.on_map(u["loc"]) or u["loc"] in (B.COM_MOBILE, B.COM_STATIC)):
            groups.setdefault(B.back_of(u), []).append(uid)
    for uids in groups.values():
        slots = [(state["units"][x]["loc"], state["units"][x].get("fog")) for x in uids]
        rng.shuffle(slots)
        for x, (where, fog) in zip(uids, slots):
            state["units"][x]["loc"] = where
            if fog is None:
                state["units"][x].pop("fog", None)
            else:
                state["units"][x]["fog"] = fog
    return state


def check_indexes(on=True):
    """The fuzzer's check that the location index kept while the engine runs stays exact."""
    _board.INDEXES.on = on
