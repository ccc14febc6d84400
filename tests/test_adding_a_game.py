"""docs/ADDING_A_GAME.md, followed: the tiny game Last Stone (tests/toy_game/) plugs in through the
one registry entry alone, and every shared tool takes it as it is (the engine's actions, refusals
and undo, the saves, the fuzzer and the simulator); no shared UI or AI file knows it."""

import json

import pytest

from game import rules as registry
from game.engine import interface
from game.engine import match as M
from game.engine.flow import IllegalAction
from game.engine.saves import SaveError, save_text
from game.fuzz import fuzz
from game.simulate import simulate

from . import toy_game as R

ENTRY = {"title": "Last Stone", "rules": "tests.toy_game", "ui": None}


@pytest.fixture
def plugged(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "last-stone", ENTRY)  # the one line a game adds
    return registry.get("last-stone")


def test_the_rules_module_keeps_the_written_interface(plugged):
    assert plugged is R
    assert list(interface.check(R)) == []


def test_a_game_played_by_its_legal_actions_to_the_end(plugged):
    m = M.new_match(R, "short", 3)
    assert m["log"][0]["text"].startswith("The pile: rolled") and m["log"][0]["rule"] == "LS 1"
    while not m["state"].get("over"):
        role = M.current_role(R, m)
        acts = M.legal_actions(R, m, role)
        assert all(a["who"] == role for a in acts)  # the side whose decision it is
        M.apply(R, m, M.strip(acts[-1]), role=role)
    assert R.verdict_text(m["state"]) == "A wins (LS 3)"


def test_a_refused_action_says_why_and_leaves_the_state(plugged):
    m = M.new_match(R, "short", 3)
    before = json.dumps(m, sort_keys=True)
    with pytest.raises(IllegalAction):
        M.apply(R, m, {"t": "take", "n": 4, "who": "A"}, role="A")
    with pytest.raises(IllegalAction):
        M.apply(R, m, {"t": "take", "n": 1, "who": "A"}, role="B")  # not B's decision
    assert json.dumps(m, sort_keys=True) == before


def test_undo_and_the_ruling_option(plugged):
    m = M.new_match(R, "short", 3, {"misere": True})
    for _ in range(3):
        role = M.current_role(R, m)
        M.apply(R, m, M.strip(M.legal_actions(R, m, role)[-1]), role=role)
    assert m["state"]["over"]["winner"] == "B"  # LS 3, misère: A took the last stone
    M.undo(R, m)
    assert not m["state"].get("over") and m["state"]["pile"] == 1


def test_a_save_opens_through_the_registry_and_another_games_is_refused(plugged):
    m = M.new_match(R, "standard", 5)
    M.apply(R, m, M.strip(M.legal_actions(R, m, "A")[0]), role="A")
    m2, warnings = registry.load_save(save_text(m), game="last-stone")
    assert m2["state"] == m["state"] and warnings == []
    with pytest.raises(SaveError, match="not of Mike Force"):
        registry.load_save(save_text(m), game="mike-force")


def test_the_fuzzer_and_the_simulator_take_it_as_it_is(plugged):
    res = fuzz("last-stone", 30, seed=1)
    assert res["failures"] == 0 and res["games"] == 30
    out = simulate("last-stone", "all", 20, seed=1)
    assert out["finished"] == 20 and sum(out["wins"].values()) == 20


def test_a_game_without_a_browser_ui_is_not_offered_there(plugged):
    from game.ui.games import games
    assert "last-stone" not in dict(games())
