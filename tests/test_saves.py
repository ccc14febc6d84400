"""Safe saves (game/engine/saves.py): format and data versions, migration, and bad input refused
with a clear message while nothing else changes."""

import json
import random
import time

import pytest

from game.engine import headless, match as M
from game.engine import saves as SV
from game.engine.flow import IllegalAction
from game.rules import load_save

from .mf_helpers import R


def played(seed=5, n=40, scenario="early"):
    m = M.new_match(R, scenario, seed)
    rng = random.Random(seed)
    acts = M.legal_actions(R, m)
    for _ in range(n):
        if m["state"].get("over"):
            break
        acts = headless.play(R, m, rng.choice(acts), legal=acts, labels=True)
    return m


def refused(text, *words, **kw):
    with pytest.raises(SV.SaveError) as e:
        load_save(text, **kw)
    msg = str(e.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_a_save_round_trips_and_plays_on():
    m = played()
    m2, warnings = load_save(json.dumps(m), game="mike-force")
    assert m2 == m and warnings == []
    assert M.state_hash(m2) == M.state_hash(m)
    M.apply(R, m2, M.legal_actions(R, m2)[0])  # still playable


def test_saves_carry_format_and_data_version():
    m = M.new_match(R, "tet", 1)
    assert m["format"] == SV.FORMAT == 1
    assert m["data_version"] == R.data_version


def test_older_format_is_migrated():
    """A synthetic format-0 save (no undo snapshots) opens as format 1, with a warning."""
    m = played()
    old = {k: v for k, v in m.items() if k != "undo"}
    old["format"] = 0
    m2, warnings = load_save(json.dumps(old))
    assert m2["format"] == 1 and m2["undo"] == []
    assert any("format 0" in w for w in warnings)
    assert M.state_hash(m2) == M.state_hash(m)


def test_newer_format_is_refused():
    m = played()
    m["format"] = SV.FORMAT + 1
    refused(json.dumps(m), "newer version", "format 2")


def test_other_data_version_refused_or_migrated(monkeypatch):
    m = played()
    m["data_version"] = "mf-data-0"
    refused(json.dumps(m), "other game data", "mf-data-0")

    def up(obj):
        return dict(obj, data_version=R.data_version)
    monkeypatch.setattr(R, "data_migrations", {"mf-data-0": up}, raising=False)
    m2, warnings = load_save(json.dumps(m))
    assert m2["data_version"] == R.data_version and any("mf-data-0" in w for w in warnings)


def test_bad_files_refused_with_clear_messages():
    m = played()
    text = json.dumps(m)
    refused("not json at all {", "not valid JSON")
    refused(text[: len(text) // 2], "cut short")
    refused("", "empty")
    refused(b"\xff\xfe\x00garbage", "not text")
    refused("[1, 2, 3]", "expected a JSON object")
    refused(json.dumps({"hello": 1}), "no save format")
    refused(json.dumps(dict(m, game="chess")), "does not know")
    refused(json.dumps(dict(m, game="first-team")), "not of Mike Force", game="mike-force")
    refused(json.dumps(dict(m, scenario="nope")), "damaged", "scenario")
    refused(json.dumps(dict(m, actions="x")), "damaged")
    refused(json.dumps({k: v for k, v in m.items() if k != "state"}), "damaged")
    refused(json.dumps(dict(m, options=dict(m["options"], bogus=True))), "options")


def test_a_50_mb_file_is_refused_by_size_without_parsing():
    big = "{" + " " * (50 * 1024 * 1024) + "}"
    t0 = time.perf_counter()
    refused(big, "too large", "50.0 MB")
    refused(big.encode(), "too large")
    assert time.perf_counter() - t0 < 1.0


def test_hand_edited_position_breaking_invariants_is_refused():
    m = played()
    s = m["state"]
    cases = [
        lambda s: s["units"]["mf1"].__setitem__("loc", "VLI"),        # MF 27: Mike Force in North Vietnam
        lambda s: s.__setitem__("ip", 99),                             # off the IP track
        lambda s: s.__setitem__("rp", -3),                             # off the RP track
        lambda s: s["units"].pop("ateam1"),                            # a counter lost
        lambda s: s["units"].__setitem__("ateam99", {"k": "ateam", "loc": "DN"}),  # a counter made up
        lambda s: s["units"]["gar_DN"].__setitem__("loc", "HUE"),      # MF 24
        lambda s: s["units"]["c01"].__setitem__("loc", "NHA_TRANG"),   # MF 22
        lambda s: s["units"]["c01"].__setitem__("loc", "MOON"),        # nowhere
        lambda s: s.__setitem__("turn", 12),                           # off the turn track
    ]
    for edit in cases:
        bad = json.loads(json.dumps(m))
        edit(bad["state"])
        refused(json.dumps(bad), "breaks the rules", "edited by hand")
    bad = json.loads(json.dumps(m))
    bad["state"]["stack"] = [{"s": "no_such_step"}]
    refused(json.dumps(bad), "damaged")
    bad = json.loads(json.dumps(m))
    bad["state"]["dice"] = None
    refused(json.dumps(bad), "damaged", "dice")
    assert s == played()["state"]  # the edits were on copies


def test_illegal_action_sent_straight_to_the_engine_changes_nothing():
    m = played(seed=9, n=30, scenario="tet")
    before = json.dumps(m, sort_keys=True)
    legal = M.legal_actions(R, m)
    for bad in ({"t": "move", "unit": "c01", "to": "DN"}, {"t": "roll", "value": 7},
                {"t": legal[0]["t"], "unit": "nobody"}, {"t": "done", "extra": 1}, {}, [], None, 3):
        with pytest.raises(IllegalAction) as e:
            M.apply(R, m, bad)
        assert str(e.value)
        assert json.dumps(m, sort_keys=True) == before


def test_fuzz_failure_file_is_an_importable_save(tmp_path, monkeypatch):
    """A fuzzer failure writes a save the browser import (load_match) opens: the position just
    before the failing step (a broken position itself is refused), with the error and the actions
    of the failing step under "fuzz"."""
    from game import fuzz as F
    real = headless.play
    calls = [0]

    def corrupting(rules, m, a, legal=None, **how):
        out = real(rules, m, a, legal=legal, **how)
        calls[0] += 1
        if calls[0] == 30:
            m["state"]["units"]["mf1"]["loc"] = "VLI"  # MF 27: Mike Force in North Vietnam
        return out
    monkeypatch.setattr(headless, "play", corrupting)
    with pytest.raises(F.Failure) as e:
        F.fuzz_one(R, "early", 4, 5000, undo_rate=0)
    monkeypatch.setattr(headless, "play", real)
    refused(json.dumps(e.value.match), "breaks the rules")
    save = F.failure_save(R, "early", 4, e.value)
    path = tmp_path / "f.json"
    path.write_text(json.dumps(save))
    m, _ = load_save(path.read_text(), game="mike-force")
    assert "MF 27" in m["fuzz"]["error"] and m["fuzz"]["seed"] == 4
    assert m["actions"] + m["fuzz"]["failing_step_actions"] == e.value.match["actions"]
    assert len(m["actions"]) == 29


@pytest.mark.parametrize("gid, scenario, seed", [("first-team", "campaign", 5), ("mike-force", "early", 2024),
                                                 ("vietnam-1965-1975", "silver-bayonet", 2)])
def test_save_text_is_json_dumps_with_the_log_written_once(gid, scenario, seed):
    """Issue 14: the autosave's text (saves.save_text) is exactly json.dumps of the match after
    every action, undo and reload, and the log entries written at one save are not written again
    at the next (their texts are kept, the same strings)."""
    from game.rules import get
    rules = get(gid)
    m = M.new_match(rules, scenario, seed, {}, "auto")
    rng = random.Random(seed)
    kept = undone = 0
    for step in range(250):
        v = M.view(rules, m)
        if v["over"]:
            break
        if v["can_undo"] and rng.random() < 0.1:
            m = M.undo(rules, m)
            undone += 1
        else:
            m = M.apply(rules, m, rng.choice(v["actions"]))
        before = list(SV._LOG_TEXT.parts)
        assert SV.save_text(m) == json.dumps(m, separators=(",", ":")), f"differs after step {step}"
        same = 0
        for old, now in zip(before, SV._LOG_TEXT.parts):
            if old is not now:
                break
            same += 1
        kept += same
        if step == 120:  # a reloaded match: a new log list, written whole once, then kept again
            m = load_save(SV.save_text(m), game=gid)[0]
    assert undone > 0 or gid == "vietnam-1965-1975"  # (two players: no undo offered to a view of both)
    assert kept > 1000  # the entries' texts were kept from save to save, not made again
