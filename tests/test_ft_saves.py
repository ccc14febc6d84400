"""First Team saves of earlier game data, played again from their actions on load (data_migrations,
game/rules/first_team/old_saves.py).

ft-data-1, from before the procedure core (issue 43), holds the old procedures' frames and the
turn-wide s["f"]: the two saves in tests/data were made by the code of commit 7da6e20 (random
play), one at a Transport Segment decision, one with a question open in a combat.

ft-data-1 and ft-data-2 (before issue 45) paused after an NVA segment that only said nothing
happened (FT 4.14): the player's Continue there is among their actions, and these rules no longer
pause there. The ft-data-2 saves in tests/data were made by the code of commit 37ede4e
(tests/old_saves/make_ft_data_2_saves.py)."""

import contextlib
import json
from pathlib import Path

import pytest

from game.engine import match as M
from game.engine import report
from game.engine import saves as SV
from game.engine.history import History
from game.rules import load_save

from .ft_helpers import R

DATA = Path(__file__).parent / "data"


def old(name):
    return (DATA / name).read_text()


def as_saved(log):
    """A log as the older versions wrote it: a line that says nothing happened was "info"."""
    return [dict({k: v for k, v in e.items() if k != report.OF_ROLL}, kind="info") if e["kind"] == report.NOTHING
            else e for e in log]


def pauses_answered(m, as_before=False):
    """[(action number, its action, the title of the pause it answered)] over m's actions, played
    again by these rules (pausing as the older versions did if `as_before`)."""
    with report.pausing_as_before() if as_before else contextlib.nullcontext():
        again = M.new_match(R, m["scenario"], m["seed"], m["options"], m.get("dice_mode", "auto"))
        out = []
        for i, a in enumerate(m["actions"]):
            if again["state"]["stack"][-1]["s"] == "report":
                out.append((i, a["t"], M.view(R, again)["report"]["title"]))
            M.apply(R, again, a)
    return out


def test_an_old_save_at_a_segment_decision_is_played_again_on_load():
    """FT 4.13 C: an ft-data-1 save at the First Transport Segment after one landing loads as this
    version's position: the same log, the segment's record (the transports landed, FT 13.6 (1),
    A36) in its procedure's frame and the cargo on its helicopter, no s["f"]; undo and play go on."""
    text = old("ft-data-1-transport.json")
    before = json.loads(text)
    m, warnings = load_save(text, game="first-team")
    assert any("ft-data-1 to ft-data-3" in w for w in warnings) and m["data_version"] == R.data_version
    assert m["log"] == before["log"] and m["actions"] == before["actions"] and "f" not in m["state"]
    seg = next(f for f in m["state"]["stack"] if f["s"] == "transport_segment")
    assert [f["s"] for f in m["state"]["stack"]] == ["turn", "transport_segment", "transport"]
    assert seg["landed"] == before["state"]["f"]["landed"] and seg["start_us"] == before["state"]["f"]["start_us"]
    assert {h: u["cargo"] for h, u in m["state"]["units"].items() if u.get("cargo")} == before["state"]["f"]["cargo"]
    assert [u["loc"] for u in m["state"]["units"].values()] == [u["loc"] for u in before["state"]["units"].values()]
    # the undo steps are rebuilt by the replay: the last one is the saved one's position
    M.undo(R, m)
    prev = before["undo"][-1]
    assert len(m["actions"]) == prev["actions"] and "f" not in m["state"]
    assert [u["loc"] for u in m["state"]["units"].values()] == [u["loc"] for u in prev["state"]["units"].values()]
    M.apply(R, m, M.legal_actions(R, m)[0])


def test_an_old_save_with_a_question_open_is_converted():
    """An ft-data-1 save made while a question was open in a combat (FT 12.5: distribute fatigue)
    names the old question step "choose", which no longer exists: the loader checks the steps
    after the game's conversion (game/engine/saves.py), so the save is played again from its
    actions and opens at the same question, now the engine's question step."""
    text = old("ft-data-1-question.json")
    old_m = json.loads(text)
    assert old_m["state"]["stack"][-1]["s"] == "choose"
    m, warnings = load_save(text, game="first-team")
    assert "converted from game data ft-data-1 to ft-data-3" in warnings
    assert m["state"]["stack"][-1]["s"] == "ask" and as_saved(m["log"]) == old_m["log"]
    assert m["log"] != old_m["log"]  # (its "No NVA ground movement" now says nothing happened)
    # FT 4.14: its three Continues after segments that said only that nothing happened are gone
    assert len(m["actions"]) == len(old_m["actions"]) - 3
    assert M.legal_actions(R, m)


def test_an_old_save_from_other_rules_is_refused():
    """An ft-data-1 save whose moves, played again by these rules, do not give its log (a save of
    earlier rules) is refused with that reason, never continued as another game."""
    m = json.loads(old("ft-data-1-transport.json"))
    m["log"][3]["text"] += " (older rules)"
    with pytest.raises(SV.SaveError, match="gives another game"):
        load_save(json.dumps(m), game="first-team")
    m["actions"][-1] = {"t": "lift", "heli": "tr99", "unit": "1-8A", "to": "PLEIKU"}
    with pytest.raises(SV.SaveError, match="cannot be played again"):
        load_save(json.dumps(m), game="first-team")


def test_a_save_of_this_version_inside_a_combat_round_trips():
    """A save made with a question open in a combat (the procedures' frames, the engine's question
    step) loads as it was and plays on."""
    import random
    m = M.new_match(R, "campaign", 27)
    rng = random.Random(27)
    while not any(f["s"] == "fight" for f in m["state"]["stack"]) or m["state"]["stack"][-1]["s"] != "ask":
        acts = M.legal_actions(R, m)
        dones = [a for a in acts if a["t"] == "done"]
        M.apply(R, m, rng.choice(dones) if dones and rng.random() < 0.3 else rng.choice(acts))
    m2, warnings = load_save(json.dumps(m), game="first-team")
    assert m2 == m and warnings == []
    M.apply(R, m2, M.legal_actions(R, m2)[0])


def test_an_old_save_loses_the_continues_of_segments_that_did_nothing_ft_4_14():
    """FT 4.14 (issue 45): an ft-data-2 save whose player clicked Continue after "Offboard movement:
    no movement" (twice) and "Let the rest of this NVA phase run" after "No NVA ground movement",
    pauses these rules no longer make: it opens at the same position with the same log (those lines
    now of kind NOTHING), the Continues left out, the run clicked at the next pause of that NVA
    Assault Phase (the open combat at Duc Co, which the older version ran through); its undo steps
    and the history viewer play on. Its actions as saved do not replay here."""
    text = old("ft-data-2-run.json")
    before = json.loads(text)
    assert History(R, before).failed is not None  # as saved, its moves are another game now
    m, warnings = load_save(text, game="first-team")
    assert warnings == ["converted from game data ft-data-2 to ft-data-3"] and m["data_version"] == "ft-data-3"
    assert as_saved(m["log"]) == before["log"] and m["log"] != before["log"]
    assert m["state"] == before["state"]
    old_pauses, new_pauses = pauses_answered(before, as_before=True), pauses_answered(m)
    assert [(t, title[:2]) for _, t, title in old_pauses] == [
        ("done", "Fi"), ("done", "I)"), ("run", "K)"), ("done", "I)"), ("done", "K)"), ("done", "M)")]
    assert [(t, title[:2]) for _, t, title in new_pauses] == [("done", "Fi"), ("run", "M)"), ("done", "K)"), ("done", "M)")]
    assert len(m["actions"]) == len(before["actions"]) - 2
    for i, _, _ in new_pauses:  # every pause left has something to show
        assert report.did_something(report_entries(m, i))
    # undo: one step back is the save's last step back (the Continue at the second "I)" is gone)
    M.undo(R, m)
    assert m["state"] == before["undo"][-1]["state"] and len(m["actions"]) == before["undo"][-1]["actions"] - 2
    assert History(R, m).failed is None
    M.apply(R, m, M.legal_actions(R, m)[0])


def report_entries(m, i):
    """The log lines of the pause m's action i answered."""
    again = M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"][:i])
    return M.view(R, again)["report"]["entries"]


def test_an_old_save_at_a_pause_that_is_gone_opens_at_the_next_decision_ft_4_14():
    """FT 4.14 (issue 45): an ft-data-2 save made at the pause after "No NVA ground movement"
    opens where its Continue leads: the Second American Assault Phase's Supply Segment, the log
    the save's and what the NVA's remaining segments logged on the way."""
    text = old("ft-data-2-at-pause.json")
    before = json.loads(text)
    assert before["state"]["stack"][-1]["s"] == "report"
    assert before["log"][-1]["text"] == "No NVA ground movement"
    m, _ = load_save(text, game="first-team")
    assert m["state"]["stack"][-1]["s"] == "seg_a" and "report" not in M.view(R, m)
    n = len(before["log"])
    assert as_saved(m["log"][:n]) == before["log"] and len(m["log"]) > n
    assert m["log"][n - 1]["kind"] == report.NOTHING
    # the same as Continue clicked there by the older version, with the later Continues left out
    assert M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"])["state"] == m["state"]
