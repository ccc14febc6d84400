"""headless.play: the simulator's fast path must reach exactly the states the public API does."""

import random

from game.engine import headless, match as M
from game.rules import get
from game.simulate import random_action


def _game(in_place, seed=5, scenario="tet"):
    rules = get("mike-force")
    m = M.new_match(rules, scenario, seed)
    rng = random.Random(seed)
    acts = M.legal_actions(rules, m)
    while not m["state"].get("over"):
        acts = headless.play(rules, m, random_action(rng, acts), legal=acts, in_place=in_place, labels=True)
        assert acts == M.legal_actions(rules, m)  # play() returns the legal actions of the new position
    return m


def test_in_place_play_reaches_the_same_states():
    """Engine contract: in_place changes nothing but copying and undo history."""
    a, b = _game(False), _game(True)
    assert M.state_hash(a) == M.state_hash(b)
    assert a["actions"] == b["actions"] and a["log"] == b["log"]
    assert b["undo"] == []
