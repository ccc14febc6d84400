"""Mike Force saves from before issue 45 (commit d243b56): a Communist phase that only said nothing
happened ("Communist recon: nothing revealed", MF 16.1, MF 4.0 II) still paused, and the player's
Continue there is among their actions; these rules no longer pause there, and such a save is played
again on load (data_migrations, game/rules/mike_force/old_saves.py). The saves in tests/data were
made by tests/old_saves/make_mf_data_2_saves.py: mf-data-2-run and -at-pause by the code of
d243b56^, mf-data-1-run and -at-pause (the same games) by that of 7da6e20 (before the procedures),
mf-data-2-now by the code of d243b56's successors before mf-data-3 (the pausing of now)."""

import contextlib
import json
from pathlib import Path

import pytest

from game.engine import match as M
from game.engine import report
from game.engine import saves as SV
from game.engine.history import History
from game.rules import load_save
from game.rules.mike_force import old_saves

from .mf_helpers import R

DATA = Path(__file__).parent / "data"


def old(name):
    return (DATA / name).read_text()


def pauses_answered(m, as_before=False):
    """[(action number, its action, the title of the pause it answered)] over m's actions, played
    again by these rules (pausing as the older versions did if `as_before`)."""
    with report.pausing_as_before() if as_before else contextlib.nullcontext():
        again = M.new_match(R, m["scenario"], m["seed"], m["options"], m.get("dice_mode", "auto"))
        out = []
        for i, a in enumerate(m["actions"]):
            if again["state"]["stack"][-1]["s"] == "report":
                out.append((i, a["t"], f"{again['state']['turn']} {M.view(R, again)['report']['title']}"))
            M.apply(R, again, a)
    return out


def same_position(a, b):
    """The same position but for the log's length and the indices into it (issue 45 added a line
    when a battle's gains and losses cancel out, MF 21.4)."""
    def part(st):
        return {**{k: v for k, v in st.items() if k not in ("log_len", "stack")},
                "stack": [{k: v for k, v in f.items() if k != "since"} for f in st["stack"]]}
    return part(a) == part(b)


@pytest.mark.parametrize("dv", ["mf-data-1", "mf-data-2"])
def test_an_old_save_loses_the_continues_of_phases_that_did_nothing_mf_4_0_ii(dv):
    """MF 4.0 II, MF 16.1 (issue 45): a save whose player clicked Continue after turn 1's "Communist
    recon: nothing revealed" and "Let the rest of the Communist turn run" after turn 2's, pauses
    these rules no longer make: it opens at the same position with a log of the same plays, those
    Continues left out, the run clicked at the next pause of that Communist turn (the Reaction
    Phase, which the older version ran through); its undo step and the history viewer play on. Its
    actions as saved do not replay here."""
    text = old(f"{dv}-run.json")
    before = json.loads(text)
    assert History(R, before).failed is not None  # as saved, its moves are another game now
    m, warnings = load_save(text, game="mike-force")
    assert warnings == [f"converted from game data {dv} to mf-data-3"] and m["data_version"] == "mf-data-3"
    assert old_saves._plays(m["log"]) == old_saves._plays(before["log"]) and m["log"] != before["log"]
    said = [e for e in m["log"] if e["text"] == "Communist recon: nothing revealed"]
    assert len(said) == 2 and all(e["kind"] == report.NOTHING for e in said)
    assert same_position(m["state"], before["state"])
    old_pauses, new_pauses = pauses_answered(before, as_before=True), pauses_answered(m)
    assert [(t, title) for _, t, title in old_pauses if "Recon" in title or t == "run"] == [
        ("done", "1 Communist Recon Phase"), ("run", "2 Communist Recon Phase")]
    assert [(t, title) for _, t, title in new_pauses if "Recon" in title or t == "run"] == [("run", "2 Reaction Phase")]
    assert len(new_pauses) == len(old_pauses) - 1 and len(m["actions"]) == len(before["actions"]) - 1
    for i, _, _ in new_pauses:  # every pause left has something to show
        assert report.did_something(report_entries(m, i))
    assert History(R, m).failed is None
    assert M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"])["state"] == m["state"]
    # undo: one step back is the save's last step back (with one action fewer before it)
    M.undo(R, m)
    assert same_position(m["state"], before["undo"][-1]["state"])
    assert len(m["actions"]) == before["undo"][-1]["actions"] - 1
    assert History(R, m).failed is None
    M.apply(R, m, M.legal_actions(R, m)[0])


def report_entries(m, i):
    """The log lines of the pause m's action i answered."""
    again = M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"][:i])
    return M.view(R, again)["report"]["entries"]


@pytest.mark.parametrize("dv", ["mf-data-1", "mf-data-2"])
def test_an_old_save_at_a_pause_that_is_gone_opens_at_the_next_decision_mf_16_1(dv):
    """MF 16.1 (issue 45): a save made at the pause after turn 2's "Communist recon: nothing
    revealed" opens where its Continue leads: the next decision, the log the save's and what the
    Communist turn logged on the way; turn 1's Continue at such a pause left out."""
    text = old(f"{dv}-at-pause.json")
    before = json.loads(text)
    assert before["state"]["stack"][-1]["s"] == "report"
    assert before["log"][-1]["text"] == "Communist recon: nothing revealed"
    m, _ = load_save(text, game="mike-force")
    assert m["state"]["stack"][-1]["s"] != "report" and "report" not in M.view(R, m) and M.legal_actions(R, m)
    n = len(before["log"])
    assert old_saves._plays(m["log"][:n]) == old_saves._plays(before["log"]) and len(m["log"]) > n
    assert m["log"][n - 1]["kind"] == report.NOTHING
    assert len(m["actions"]) == len(before["actions"]) - 1
    assert not [t for _, t, title in pauses_answered(m) if "Recon" in title]
    # the same as Continue clicked there by the older version, with the earlier Continue left out
    assert M.replay(R, m["scenario"], m["seed"], m["options"], m["actions"])["state"] == m["state"]
    assert History(R, m).failed is None


def test_a_save_of_the_pausing_of_now_is_only_relabelled():
    """An mf-data-2 save made after issue 45 (its Communist Recon Phases that logged only "Communist
    recon: nothing revealed" did not pause, MF 16.1): its actions play again as they are, not as the
    older version paused; it opens unchanged but for its version."""
    text = old("mf-data-2-now.json")
    before = json.loads(text)
    assert sum(e["text"] == "Communist recon: nothing revealed" for e in before["log"]) == 2
    m, warnings = load_save(text, game="mike-force")
    assert warnings == ["converted from game data mf-data-2 to mf-data-3"]
    assert m == dict(before, data_version="mf-data-3")
    assert History(R, m).failed is None
    M.undo(R, m)
    M.apply(R, m, M.legal_actions(R, m)[0])


def test_an_old_save_whose_moves_play_otherwise_is_refused_clearly():
    """An mf-data-2 save whose actions give its game neither as the older version paused nor as
    this one does (here: another seed, so other dice) is refused with a sentence that says so."""
    saved = json.loads(old("mf-data-2-run.json"))
    saved["seed"] += 1
    with pytest.raises(SV.SaveError) as e:
        load_save(json.dumps(saved), game="mike-force")
    msg = str(e.value)
    assert msg.startswith("This Mike Force save was made by an earlier version")
    assert "neither as the earlier version paused nor as this one does" in msg and "new game" in msg
