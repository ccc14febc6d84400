"""The engine contract, for every registered game (game/rules GAMES): the written interface, JSON
round trip, replay, refusals that change nothing, listing without side effects, legal actions
without labels, views that never name what a role may not see, invariants, simulator and fuzzer.
A new game gets these tests by registering."""

import importlib.util
import json
import re

import pytest

from game.engine import interface
from game.engine import headless, kept, match as M
from game.engine.flow import IllegalAction
from game.rules import GAMES, get, ids, ui_module

from .rules_driver import bind

GAME_IDS = ids()


def _first_scenario(R):
    return R.scenarios()[0]["id"]


def _played(R, n, seed, scenario=None, check=None):
    return bind(R).play(M.new_match(R, scenario or _first_scenario(R), seed), n, seed=seed, check=check)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_registry_and_written_interface(gid):
    """Engine: every registered game provides the written Rules interface, its registry title, a
    UI module that exists (or none yet: then it is not offered in the browser), and one option
    list whose ids are unique."""
    R = get(gid)
    assert list(interface.check(R)) == []
    assert isinstance(R, interface.Rules)
    assert R.id == gid and R.title == GAMES[gid]["title"] and R.roles
    assert ui_module(gid) is None or importlib.util.find_spec(ui_module(gid)) is not None
    opt_ids = [o["id"] for o in R.options()]
    assert len(opt_ids) == len(set(opt_ids)) and set(R.default_options()) == set(opt_ids)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_json_round_trip_exact(gid):
    """Engine: a match is one JSON document that continues identically after a round trip."""
    R = get(gid)
    m = _played(R, 60, 42)
    text = json.dumps(m)
    m2 = json.loads(text)
    assert m2 == m and json.dumps(m2) == text
    bind(R).play(m, 30, seed=2)
    bind(R).play(m2, 30, seed=2)
    assert M.state_hash(m) == M.state_hash(m2) and m["log"] == m2["log"]


@pytest.mark.parametrize("gid", GAME_IDS)
def test_replay_reproduces_state_hash(gid):
    """Engine: replay(seed, actions) reproduces the state and the log of every scenario."""
    R = get(gid)
    for n, sc in enumerate(s["id"] for s in R.scenarios()):
        m = _played(R, 120, 5 + n, sc)
        r = M.replay(R, sc, 5 + n, m["options"], m["actions"])
        assert M.state_hash(r) == M.state_hash(m) and r["log"] == m["log"]


@pytest.mark.parametrize("gid", GAME_IDS)
def test_illegal_action_rejected_with_reason_and_no_change(gid):
    """Engine: an illegal action raises IllegalAction with a reason; the match is unchanged."""
    R = get(gid)
    m = _played(R, 20, 3)
    for bad in ({"t": "nonsense"}, {"no_t": 1}, "x", {"t": "done", "extra": "field"}):
        before = json.dumps(m, sort_keys=True)
        with pytest.raises(IllegalAction) as e:
            M.apply(R, m, bad)
        assert str(e.value)
        assert json.dumps(m, sort_keys=True) == before


@pytest.mark.parametrize("gid", GAME_IDS)
def test_listing_actions_and_views_do_not_change_state(gid):
    """Engine: listing the legal actions (with and without labels) and every role's view never
    changes the state; unlabelled actions are the labelled ones without their display fields."""
    R = get(gid)

    def check(m, acts):
        before = json.dumps(m, sort_keys=True)
        plain = headless.actions(R, m)
        assert plain == [M.strip(a) for a in M.legal_actions(R, m)]
        for role in R.roles:
            M.view(R, m, role)
        assert json.dumps(m, sort_keys=True) == before
    _played(R, 150, 2, check=check)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_actions_kept_from_the_last_action_equal_a_fresh_listing(gid):
    """Engine (issue 14, engine/kept.py): the labelled actions an apply()'s automatic steps ended on
    are kept for the view drawn right after it; they must be exactly what listing that position
    afresh gives. They are taken once, by a view of that same position only."""
    R = get(gid)
    took = [0]

    def check(m, acts):
        following = kept._following[1] if kept._following[0] is m["state"] else None
        if following is not None:
            v = M.view(R, m)
            if v["actions"] is following:
                took[0] += 1
            assert v["actions"] == acts == M.legal_actions(R, m), "kept actions differ from a fresh listing"
            assert kept.take_following(m["state"]) is None  # taken once
    m = _played(R, 150, 3, check=check)
    assert took[0] > 20, took  # the views after an action took what it kept
    other = M.new_match(R, _first_scenario(R), 4)
    M.apply(R, other, M.legal_actions(R, other)[0])
    left = kept._following[1]
    assert M.view(R, m)["actions"] is not left  # another match's position never takes them


@pytest.mark.parametrize("gid", GAME_IDS)
def test_an_action_a_view_showed_is_applied_without_listing_again(gid, monkeypatch):
    """Engine (issue 43 item 5): apply() takes plain arguments; an action object the view of this
    very position showed is legal without a second listing, any other action is checked against a
    fresh listing, so a state changed in place after its view (a test's set-up) is never judged by
    a stale one."""
    R = get(gid)
    m = M.new_match(R, _first_scenario(R), 6)
    shown = M.view(R, m)["actions"]
    listings = [0]
    real = M._listed

    def counting(*a):
        listings[0] += 1
        return real(*a)
    monkeypatch.setattr(M, "_listed", counting)
    M.apply(R, m, shown[-1])
    assert listings[0] == 0  # the view's own action: no listing
    shown = M.view(R, m)["actions"]
    listings[0] = 0
    M.apply(R, m, M.strip(shown[0]))  # an equal action, not the view's object: listed afresh
    assert listings[0] == 1
    M.view(R, m)
    m["state"]["over"] = {"winner": R.roles[0], "why": "a set-up changed in place"}
    with pytest.raises(IllegalAction):  # the stale view's actions are not taken for legal
        M.apply(R, m, M.strip(shown[0]))


def test_the_public_api_takes_plain_arguments():
    """Issue 43 item 5: new_match, legal_actions, apply, view and undo have no listing flags (the
    machine callers' labels, laziness and in-place play are engine/headless.py's)."""
    import inspect
    params = {f: list(inspect.signature(getattr(M, f)).parameters) for f in
              ("new_match", "legal_actions", "apply", "view", "undo")}
    assert params == {"new_match": ["rules", "scenario", "seed", "options", "dice_mode"],
                      "legal_actions": ["rules", "match", "role"],
                      "apply": ["rules", "match", "action", "role"],
                      "view": ["rules", "match", "role", "log_from"],
                      "undo": ["rules", "match"]}
    assert not hasattr(M, "play") and not hasattr(M, "_LISTED")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_views_never_name_hidden_units(gid):
    """Engine: for every role, its view (pieces, prompt, actions, log) never names a unit it may not
    see, over a random game."""
    R = get(gid)
    from game.fuzz import hidden_leaks

    def check(m, acts):
        for role in R.roles:
            assert hidden_leaks(R, m, role, log_from=0) == []
    _played(R, 120, 8, check=check)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_log_entries_carry_rule_and_dice(gid):
    """Engine: every die roll is logged with its dice and a rule citation."""
    R = get(gid)
    rolls = []
    for seed in range(12, 22):  # a two-player game can end before any die (V: NLF ends the phase at once)
        m = _played(R, 200, seed)
        rolls += [e for e in m["log"] if e["kind"] == "roll"]
        if rolls:
            break
    assert rolls and all(e.get("rule") and isinstance(e["dice"], list) for e in rolls)
    assert all(re.match(r"[A-Z]+ \d|Events Chart", e["rule"]) for e in rolls)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_invariants_hold_during_play(gid):
    """Engine: the game's invariants hold after every action of a random game."""
    R = get(gid)

    def check(m, acts):
        assert R.invariants(m["state"]) == []
    _played(R, 200, 21, check=check)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_simulator_finishes_without_errors(gid):
    """Engine: the headless simulator plays whole games over all scenarios with 0 errors and
    reports the wins of each side."""
    from game.simulate import simulate
    out = simulate(gid, "all", 6, 1)
    assert out["errors"] == 0, out["error_samples"]
    assert out["finished"] == 6 and sum(out["wins"].values()) == 6


@pytest.mark.parametrize("gid", GAME_IDS)
def test_fuzz_bounded(gid, tmp_path):
    """Engine: a short fuzz run (invariants, round trip, undo, replay, hidden information, the
    same-view check) has 0 failures."""
    from game.fuzz import fuzz
    res = fuzz(gid, 2, 7, out_dir=str(tmp_path))
    assert res["failures"] == 0, res["failure_samples"]


def test_an_option_value_outside_its_choices_or_type_is_refused():
    """new_match takes an option's value only if it is one of the option's choices (a ruling) or
    of its default's type (an optional rule on or off); it used to take any value, None included."""
    ft = get("first-team")
    with pytest.raises(ValueError, match="cambodia_box_strike_presence"):
        M.new_match(ft, "campaign", 1, {"cambodia_box_strike_presence": None})
    with pytest.raises(ValueError, match="'cambodia'"):
        M.new_match(ft, "campaign", 1, {"cambodia": "yes"})
    m = M.new_match(ft, "campaign", 1, {"cambodia": True, "cambodia_box_strike_presence": "never"})
    assert m["options"]["cambodia_box_strike_presence"] == "never"
