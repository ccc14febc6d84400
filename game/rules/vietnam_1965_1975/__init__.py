"""Vietnam 1965-1975 (Victory Games, 1984): two players, US and NLF; the introductory scenario
Operation Starlite (V 18.2). Rule sections are cited as "V n.n"."""

import random

from . import (bombardment, combat, incidental, interdiction, movement, operation,  # noqa: F401  (steps)
               reaction, security, setup, strategic, turn)
from ...engine.interface import data_interface
from . import board as B
from .board import flow
from .data import DATA_VERSION, OPTIONS, SCENARIOS
from .setup import initial_state  # noqa: F401
from .view import verdict_text, view  # noqa: F401

id = "vietnam-1965-1975"
title = "Vietnam 1965-1975"
roles = ["US", "NLF"]
data_version = DATA_VERSION

scenarios, options, default_options = data_interface(SCENARIOS, OPTIONS)


# Imported under another name: loading the submodule binds the package attribute "invariants"
# to the module, which would replace this function (as in Mike Force).
from .invariants import check as _check_invariants  # noqa: E402


def invariants(state):
    return _check_invariants(state)


def hidden_ids(state, role=None):
    """V 10: the ids of VC units the US may not see named (every NLF unit still face down)."""
    if role == "NLF" or not state["options"].get("hidden_hotseat", True):
        return []
    return [u["id"] for u in state["units"].values() if u["side"] == "NLF" and not u.get("rev")]


def resample_hidden(state, role, rng=None):
    """A position that looks the same to `role`: the identities (kind, name) under the US's
    face-down VC handles are dealt again among units whose public facts are the same."""
    if role != "US":
        return state
    rng = rng or random.Random(0)
    groups = {}
    for u in state["units"].values():
        if B.concealed(u, "US", state):
            key = (bool(u["hex"]), u["done"], u["mission"], u["op"], u["tgt"], u["rp_spent"])
            groups.setdefault(key, []).append(u)
    for us in groups.values():
        ids = [(u["kind"], u["name"]) for u in us]
        rng.shuffle(ids)
        for u, (k, n) in zip(us, ids):
            u["kind"], u["name"] = k, n
    return state
