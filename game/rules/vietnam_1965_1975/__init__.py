"""Vietnam 1965-1975 (Victory Games, 1984): two players, US and NLF; the introductory scenario
Operation Starlite (V 18.2). Rule sections are cited as "V n.n"; "ref" is the rules analysis
(shared/reference/vietnam_6575.md), "R<n>" its rulings (data/options.json).

One module per part of the rulebook, in layers: a module imports only from layers below its own
(tests/test_v_layers.py checks it, imports inside functions included). An operation registers its
kind in assignments.py for the Operations Phase to offer; a move opens the reaction window by
calling the window's step by name.
  1 data.py, data/     TEC, CRT, counters, scenarios, options (reconstructed values marked)
  2 hexes.py           the hex grid, map loading, movement costs (V 3, V 4, ref 4.1)
    campaign_charts.py the campaign's charts as lookups (V 12-17; data/campaign_*.json), not yet played
  3 board.py           pieces, ZOC (V 3.1), hidden identities (V 10), the operation record; the flow
    campaign_about.py  the campaign's sections of the 'About this reconstruction' page
  4 regions.py         free-fire zones by region, borders, entering a hex and the entries that score (V 7.6, 18.1)
    airmobile.py       the 1st Cavalry's natural airmobility, airmobile pursuit and losses (V 8, 8.1, 8.2)
    brigades.py        US brigade deployments, switching, break-down for losses; VC regiments (V 9)
    nva.py             NVA units: alert exceptions (V 5.2), face up (V 10), 4 VP a counter (V 18.1)
    support.py         who may fire where: artillery ranges, dedicated HQs, the cruiser (V 7.1-7.4)
    prefs.py           play settings for the small windows (reaction, incidental, alert, support)
  5 arvn.py            the ARVN (V 11): ineffective units, effectiveness check (V 15.4), Rangers, Regional
                       Forces' RP, pools per national force (V 5.5)
    interdiction.py    interdiction (V 7.5)
    victory.py         the Starlite condition, the VP table, victory levels (V 18.1-18.2)
  6 assignments.py     eligibility for operations and the registry of operation kinds (V 5.1, 2.1)
    movement.py        hex-by-hex movement of units and stacks, airmobility (V 3, 8.1), play-area exit (V 18.1)
    incidental.py      incidental attacks (V 3.2)
    losses.py          losses: RP limits, removals, break-downs, the even split, recovery (V 5.5)
  7 reaction.py        reaction windows and dispersal (V 5.2, 5.3)
    combat.py          ratio, DRMs, CRT, support allocation, one battle (V 5.4, 7.2)
  8 operation.py       Search and Destroy / Clear and Secure, segments A-H (V 5, 6.1), reserves (V 5.7-5.8)
    bombardment.py     bombardment operations (V 7.5)
    strategic.py       strategic movement (V 3.3)
    security.py        security operations (V 6.3)
    naval.py           naval transport (V 3.4)
    reinforce.py       reinforcements: a named hex, or entering from beside the play area (V 18.1 rule 3)
    setup.py           scenario set-up, face-down VC (V 18.1-18.2)
  9 turn.py            the game-turn as a Sequence, Hold/Patrol designation, the Operations and Strategic
                       Movement Phases (V 2.1, 6.2)
    view.py            what each side sees
    invariants.py      state checks for the fuzzer
    about.py           the 'About this reconstruction' page
 10 __init__.py        the rules interface
"""

import random

from . import (airmobile, bombardment, brigades, combat, incidental, interdiction, losses, movement,  # noqa: F401
               naval, operation, reaction, reinforce, security, setup, strategic, turn)
from ...engine.howto import loader as howto_loader
from ...engine.interface import data_interface
from . import board as B
from .board import flow
from .data import COUNTERS, DATA_VERSION, OPTIONS, SCENARIOS
from .losses import rp_limit
from .setup import initial_state  # noqa: F401
from .view import decision, verdict_text, view  # noqa: F401  (decision: the hand-over screen's words)
from .victory import end_record  # noqa: F401  (the end-of-game card, engine/interface.py)
from .about import about  # noqa: F401  (the 'About this reconstruction' page)

id = "vietnam-1965-1975"
title = "Vietnam 1965-1975"
roles = ["US", "NLF"]
data_version = DATA_VERSION

scenarios, options, default_options = data_interface(SCENARIOS, OPTIONS)

howto = howto_loader(__file__)  # the "How to play" page, in our own words (data/howto.json)


# Imported under another name: loading the submodule binds the package attribute "invariants"
# to the module, which would replace this function (as in Mike Force).
from .invariants import check as _check_invariants  # noqa: E402


def invariants(state):
    return _check_invariants(state)


concealed_public = {"mission"}  # V 6.2 (L384): a Hold or Patrol marker shows on a face-down counter


def hidden_ids(state, role=None):
    """V 10: the ids of VC units the US may not see named: every NLF unit face down that the US has
    never seen face up (one turned back over after a combat, V 10, is known from the log it read)."""
    if role == "NLF" or not state["options"].get("hidden_hotseat", True) or state.get("over"):
        return []  # (at the end every counter is revealed, issue 45 item 6)
    return [u["id"] for u in state["units"].values() if u["side"] == "NLF" and not u.get("rev") and not u.get("seen")]


def own_names(state, role=None):
    """V 10: the public log names a face-down VC unit by its handle ("VC unit ?2 in 5219 goes on
    Hold"); the NLF reads its own units by their names ({public label: (id, name)}; the review
    found the NLF's log calling its regiment "VC unit ?2"). The US: none."""
    if role not in (None, "NLF"):
        return {}
    return {B.unit_label(state, dict(u, rev=False), "US"): (u["id"], u["name"])
            for u in state["units"].values() if u["side"] == "NLF" and u.get("handle")}


def resample_hidden(state, role, rng=None):
    """A position that looks the same to `role`: the identities (kind, name) under the US's
    face-down VC handles are dealt again among units whose public facts are the same."""
    if role != "US":
        return state
    rng = rng or random.Random(0)
    groups = {}
    for u in state["units"].values():
        if B.concealed(u, "US", state) and not u.get("seen"):  # what the US once saw it knows
            key = (bool(u["hex"]), u["done"], u["mission"], u["op"], u["tgt"], u["rp_spent"])
            groups.setdefault(key, []).append(u)
    for us in groups.values():
        # sorted first, so the result depends only on what `role` sees and on rng (the computer
        # player's same-view guarantee), not on which unit held which identity before
        ids = sorted((u["kind"], u["name"], bool(u.get("drawn"))) for u in us)
        rng.shuffle(ids)
        for u, (k, n, drawn) in zip(us, ids):
            u["kind"], u["name"] = k, n
            if drawn:  # a battalion drawn blind (V 18.1 rule 2): which one it is, drawn again,
                u["drawn"] = True  # among those that could have absorbed the RP it is seen to have
                items = COUNTERS["vc_battalion_pool"]["items"]
                u["kind"] = rng.choice([k for k in items if u["rp_spent"] <= rp_limit({"kind": k})] or items)
            else:
                u.pop("drawn", None)
    return state
