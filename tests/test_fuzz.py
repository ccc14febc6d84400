"""The rules fuzzer (game/fuzz.py): invariants, JSON round trip, undo, replay and hidden
information after every random legal action; CI-bounded runs of 100 Mike Force games and 40 First
Team games, and the 200-game First Team simulation. The long runs (thousands of games,
scripts/long_fuzz.sh) are reported in docs/PERFORMANCE.md and the stop's note, not run in CI."""

import importlib
import json
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from game.__main__ import main
from game.engine import headless, match as M
from game.fuzz import Failure, fuzz, fuzz_one
from game.rules import get, load_save

R = get("mike-force")


def test_fuzz_mike_force_small(tmp_path):
    """MF 4.0: whole random games in every scenario keep every invariant (MF 2, 8, 10, 12.2, 22, 24, 27)."""
    res = fuzz("mike-force", 4, 11, out_dir=str(tmp_path))
    assert res["failures"] == 0, res["failure_samples"]
    assert res["games"] == 4 and res["steps"] > 100 and res["steps_per_second"] > 0


def _chunk(args):
    seed, games, out = args
    return fuzz("mike-force", games, seed, out_dir=out)


@pytest.mark.fuzz
def test_fuzz_mike_force_100_games(tmp_path):
    """The CI-bounded run: 100 whole Mike Force games (both cores), 0 failures. (200 were 431 s of a
    CI run beside the other test worker, its longest test: the long runs are made off CI.)"""
    jobs = [(7001, 50, str(tmp_path)), (7002, 50, str(tmp_path))]
    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as ex:
        results = list(ex.map(_chunk, jobs))
    games = sum(r["games"] for r in results)
    steps = sum(r["steps"] for r in results)
    fails = [s for r in results for s in r["failure_samples"]]
    print(json.dumps({"games": games, "steps": steps, "failures": len(fails),
                      "steps_per_second": [r["steps_per_second"] for r in results]}))
    assert games == 100
    assert fails == [], fails


def _ft_chunk(args):
    seed, games, out = args
    return fuzz("first-team", games, seed, out_dir=out)


@pytest.mark.fuzz
def test_fuzz_first_team_bounded(tmp_path):
    """The CI-bounded First Team run: 40 whole games (both cores), every invariant after every
    action (FT 8.0-8.3 stacking, 12.6, 13.x, 16.2), undo, JSON round trip, replay: 0 failures."""
    jobs = [(8001, 20, str(tmp_path)), (8002, 20, str(tmp_path))]
    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as ex:
        results = list(ex.map(_ft_chunk, jobs))
    fails = [s for r in results for s in r["failure_samples"]]
    print(json.dumps({"games": sum(r["games"] for r in results), "steps": sum(r["steps"] for r in results),
                      "failures": len(fails)}))
    assert sum(r["games"] for r in results) == 40
    assert fails == [], fails


@pytest.mark.fuzz
def test_simulate_first_team_200_games():
    """Issue #5's check: `python -m game simulate --game first-team --games 200 --seed 1` ends
    every game (FT 15.1 victory level) with 0 errors."""
    from game.simulate import simulate
    out = simulate("first-team", "all", 200, 1)
    print(json.dumps({k: out[k] for k in ("finished", "errors", "levels", "games_per_second")}))
    assert out["games"] == 200 and out["finished"] == 200 and out["errors"] == 0, out["error_samples"]
    assert sum(out["levels"].values()) == 200


def test_cli_prints_a_json_summary(tmp_path, capsys):
    rc = main(["fuzz", "--game", "mike-force", "--games", "2", "--seed", "3", "--steps-limit", "4000",
               "--out", str(tmp_path)])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert rc == 0
    assert {"games", "steps", "failures", "steps_per_second"} <= set(out) and out["games"] == 2


def test_cli_failure_prints_seed_and_writes_an_importable_save(tmp_path, capsys, monkeypatch):
    """A step limit too small to finish a game is a failure: the seed is printed, the save written."""
    rc = main(["fuzz", "--game", "mike-force", "--games", "1", "--seed", "5", "--steps-limit", "3",
               "--out", str(tmp_path)])
    text = capsys.readouterr().out
    assert rc == 1 and "FAILURE" in text and "seed=5000015" in text
    files = list(tmp_path.glob("fuzz-failure-*.json"))
    assert len(files) == 1
    m, _ = load_save(files[0].read_text(), game="mike-force")
    assert len(m["actions"]) == 2 and len(m["fuzz"]["failing_step_actions"]) == 1
    assert "no verdict after 3 actions" in m["fuzz"]["error"]


def test_fuzz_detects_a_broken_invariant():
    """The fuzzer is not blind: a unit put in North Vietnam breaks MF 27.3 and is reported."""
    real = R.invariants

    def broken(state):
        state = json.loads(json.dumps(state))
        state["units"]["mf1"]["loc"] = "VLI"
        return real(state)

    R.invariants = broken
    try:
        with pytest.raises(Failure) as e:
            fuzz_one(R, "early", 3, 5000)
        assert "MF 27" in str(e.value) and e.value.match is not None
    finally:
        R.invariants = real


def test_fuzz_detects_a_view_leak(monkeypatch):
    """MF 16.0: a view that names a concealed unit is reported."""
    real = R.view

    def leaky(s, role=None):
        v = real(s, role)
        v["debug"] = sorted(R.hidden_ids(s))
        return v
    monkeypatch.setattr(R, "view", leaky)
    with pytest.raises(Failure) as e:
        fuzz_one(R, "tet", 3, 5000)
    assert "may not see" in str(e.value)


def test_fuzz_detects_a_broken_undo(monkeypatch):
    """An undo that forgets to restore the log is reported."""
    real = M.undo

    def sloppy(rules, m):
        n = len(m["log"])
        real(rules, m)
        m["log"].extend({"n": i, "text": "ghost"} for i in range(len(m["log"]), n + 1))
        return m
    monkeypatch.setattr(M, "undo", sloppy)
    with pytest.raises(Failure) as e:
        fuzz_one(R, "early", 8, 5000, undo_rate=0.5)
    assert "undo" in str(e.value)


def test_fuzz_detects_a_dead_end(monkeypatch):
    """A position with no legal action before the verdict is reported."""
    calls = [0]
    real = headless.play

    def stuck(rules, m, a, legal=None, **how):
        calls[0] += 1
        out = real(rules, m, a, legal=legal, **how)
        return [] if calls[0] == 20 else out
    monkeypatch.setattr(headless, "play", stuck)
    with pytest.raises(Failure) as e:
        fuzz_one(R, "early", 2, 5000, undo_rate=0)
    assert "dead end" in str(e.value)


def test_fuzz_detects_an_undo_that_changes_an_old_log_entry(monkeypatch):
    """The undo check compares the log's text: an old entry changed in place is reported."""
    real = M.undo

    def sloppy(rules, m):
        real(rules, m)
        if m["log"]:
            m["log"][0]["text"] += " (changed)"
        return m
    monkeypatch.setattr(M, "undo", sloppy)
    with pytest.raises(Failure) as e:
        fuzz_one(R, "early", 8, 5000, undo_rate=0.5)
    assert "undo" in str(e.value) and "log" in str(e.value)


@pytest.mark.parametrize("game", ["first-team", "mike-force"])
def test_fuzz_detects_a_move_that_bypasses_the_location_index(monkeypatch, game):
    """Issue 14: the rules keep a location index while the engine runs an action; a unit moved
    without board.put leaves it out of date, and the fuzzer's check says so."""
    from game.rules import get
    rules = get(game)
    board = importlib.import_module(f"game.rules.{game.replace('-', '_')}.board")

    def bypass(s, uid, loc):
        s["units"][uid]["loc"] = loc
    monkeypatch.setattr(board, "put", bypass)
    monkeypatch.setattr(board.INDEXES, "on", True)
    scenario = rules.scenarios()[0]["id"]
    with pytest.raises((Failure, RuntimeError)) as e:  # Mike Force's set-up moves units already
        fuzz_one(rules, scenario, 3, 5000)
    assert "location index is out of date" in str(e.value)


def test_fuzz_detects_a_flip_that_bypasses_the_mike_force_index(monkeypatch):
    """Issue 14: Mike Force keeps what each space holds (control, contact) in its live index; a
    unit turned face up or a garrison flipped without board.flip leaves it out of date, and the
    fuzzer's check says so."""
    from game.rules.mike_force import board

    def bypass(s, u, key, value):
        u[key] = value
    monkeypatch.setattr(board, "flip", bypass)
    monkeypatch.setattr(board.INDEXES, "on", True)
    with pytest.raises((Failure, RuntimeError)) as e:
        for seed in range(1, 9):
            fuzz_one(R, "tet", seed, 5000)
    assert "without board.flip" in str(e.value)


def test_clone_is_a_json_round_trip():
    """match.clone copies plain data directly and anything else through JSON, with the same result."""
    for obj in [{"a": [1, (2, 3)], "b": {1: 2}}, {"x": [{"y": 1.5, "z": None, "w": True}]}, [1, "a", [{}]],
                "x", 5, {"a": {"b": [{"c": "d"}]}}]:
        assert M.clone(obj) == json.loads(json.dumps(obj))
    d = {"a": {"b": [1]}}
    c = M.clone(d)
    c["a"]["b"].append(2)
    assert d == {"a": {"b": [1]}}
    with pytest.raises(TypeError):
        M.clone({"a": {1, 2}})
