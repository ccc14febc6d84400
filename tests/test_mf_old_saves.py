"""Saves made before Mike Force's rules were procedures (game data mf-data-1, commit 7da6e20; how
the files in tests/old_saves/ were made: make_old_saves.py there): one stopped at a question inside
a battle, an event or a Big Offensive opens at the same question, its position made again from its
actions; one whose actions no longer play to its position is refused with a clear message; one
between phases whose actions do not play again is kept as it is (game/rules/mike_force/old_saves.py;
tests/test_mf_saves.py: those whose Continues the pauses of issue 45 no longer ask for)."""

import json
from pathlib import Path

import pytest

from game.engine import match as M
from game.engine import saves as SV
from game.rules import load_save
from game.rules.mike_force import old_saves

from .mf_helpers import R

OLD = Path(__file__).parent / "old_saves"


def old(name):
    return (OLD / f"mf-data-1-{name}.json").read_text()


@pytest.mark.parametrize("name", ["battle", "event", "big-offensive"])
def test_an_old_save_inside_a_procedure_opens_at_the_same_question(name):
    """The save's question (its prompt, its options in order) is the one put now; the log's plays and
    every part of the position but its frames of play are the save's; no frame of the old kind is left;
    the game plays on."""
    text = old(name)
    saved = json.loads(text)
    q = saved["state"]["stack"][-1]
    assert q["s"] == "choose" and saved["data_version"] == "mf-data-1"
    m, warnings = load_save(text, game="mike-force")
    assert warnings == ["converted from game data mf-data-1 to mf-data-3"] and m["data_version"] == R.data_version
    assert M.prompt(R, m) == f"{q['prompt']} ({q['rule']})"
    now = [a["label"] for a in M.legal_actions(R, m) if a["t"] != "recover"]
    assert now == [a["label"] for a in q["choices"]]
    # the log tells the same plays, in this version's words (issue 45: the Big Offensive's event line)
    assert old_saves._plays(m["log"]) == old_saves._plays(saved["log"]) and m["actions"] == saved["actions"]
    assert {k: v for k, v in m["state"].items() if k != "stack"} == \
        {k: v for k, v in saved["state"].items() if k != "stack"}
    frames = [f["s"] for st in [m["state"]] + [u["state"] for u in m["undo"]] for f in st["stack"]]
    assert not {"choose", "event_column"} & set(frames) and not any("stage" in f for f in m["state"]["stack"])
    assert m["state"]["stack"][0] == saved["state"]["stack"][0]  # the turn frame, as it was
    M.apply(R, m, M.legal_actions(R, m)[0])


def test_an_old_mid_battle_save_continues_the_battle():
    """The battle goes on where it stood: the line-up question of round 1 at its space, then fire."""
    m, _ = load_save(old("battle"), game="mike-force")
    battle = next(f for f in m["state"]["stack"] if f["s"] == "battle")
    assert battle["round"] == 1 and m["state"]["battle"]["at"] == battle["sp"]
    for _ in range(20):
        if not M.prompt(R, m).startswith("Line up"):
            break
        M.apply(R, m, next(a for a in M.legal_actions(R, m) if a["t"] == "done"))
    assert any(e.get("rule") in ("MF 20.2", "MF 20.3") and "fires at" in e["text"] for e in m["log"][len(json.loads(old("battle"))["log"]):])


def test_an_old_save_whose_moves_play_otherwise_is_refused_clearly():
    """A save of an older version whose rules played differently (here: another seed, so other dice)
    cannot be made again: refused with a message that says why and what to do; nothing is opened."""
    saved = json.loads(old("battle"))
    saved["seed"] += 1
    with pytest.raises(SV.SaveError) as e:
        load_save(json.dumps(saved), game="mike-force")
    msg = str(e.value)
    assert "earlier version of Mike Force" in msg and "in the middle of a battle" in msg and "new game" in msg


def test_an_old_save_between_phases_is_kept_as_it_is():
    """A save of mf-data-1 whose frames read the same either way (here at the Movement Phase's
    decision) whose actions do not play to its position again opens unchanged, as it did before
    the saves of issue 45 were converted (test_mf_saves.py)."""
    m = M.new_match(R, "early", 3)
    while m["state"]["stack"][-1]["s"] != "fw_move":
        M.apply(R, m, M.legal_actions(R, m)[-1])
    saved = dict(json.loads(json.dumps(m)), data_version="mf-data-1")
    saved["seed"] += 1  # played again with other dice, its actions would not reach its position
    m2, warnings = load_save(json.dumps(saved), game="mike-force")
    assert m2["state"] == m["state"] and m2["undo"] == m["undo"] and warnings
