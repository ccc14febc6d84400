"""Issue 14: the Mike Force quick paths the simulator leans on give the same answers as the general
rules they stand for, over the positions of random games played as the simulator plays them."""

import random

from game.ai import RandomAgent
from game.engine import match as M
from game.engine.listing import Listing
from game.simulate import random_action

from .mf_helpers import R

SCENARIOS = [sc["id"] for sc in R.scenarios()]


def _played(games=4, seed=21):
    """(match, its legal actions) at every position of a few random games (every scenario in turn),
    played in place with the index open as the simulator plays them (lazy listings included)."""
    for i in range(games):
        m = M.new_match(R, SCENARIOS[i % len(SCENARIOS)], seed + i)
        rng = random.Random(seed + i)
        with R.indexed(m["state"]):
            acts = M.legal_actions(R, m, labels=False, lazy=True)
            while not m["state"].get("over"):
                yield m, acts
                acts = M.play(R, m, random_action(rng, acts), legal=acts, in_place=True, labels=False, lazy=True)


def test_lazy_listings_hold_the_actions_and_draw_as_the_random_player():
    """Issue 14: a Listing (the Free World movement listing, MF 15.5, 22, 23, 25.3, its moves
    shared by units that reach as far and kept in the live index across actions) holds the
    labelled actions listed afresh without their display fields, in order, and the simulator's
    draw from it is RandomAgent's over the list: the same action, the same generator state after."""
    kinds = set()
    n = 0
    for k, (m, acts) in enumerate(_played()):
        if type(acts) is not Listing:
            continue
        kinds.add(m["state"]["stack"][-1]["s"])
        plain = list(acts)
        # listed afresh: a copy of the match has no index, so nothing kept across actions
        assert plain == [M.strip(a) for a in M.legal_actions(R, M.clone(m))]
        assert len(acts) == len(plain) and acts.types() == {a["t"] for a in plain}
        for seed in range(3):
            r1, r2 = random.Random(k * 7 + seed), random.Random(k * 7 + seed)
            got = random_action(r1, acts)
            assert got == RandomAgent().choose(None, None, plain, r2)
            assert r1.getstate() == r2.getstate()
            assert acts.gave(got)
        n += 1
    assert "fw_move" in kinds and n > 50
