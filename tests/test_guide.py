"""Issue 13 item 3: the guided first turn of each game, run against the engine.

Each guide (game/ui/guides/<game>.json) is played from its fixed start: every scripted action
must be legal, and named by exactly one legal action, when its step comes (a rules change that
breaks the script fails here), and the script must end where the first turn ends. The guide's
place in the script follows the actions the match recorded (Undo walks it back)."""
import pytest

from game.engine import match as M
from game.engine.howto import find
from game.rules import get, howto, ids
from game.ui import guide_model as G

GUIDED = [gid for gid in ids() if G.load(gid)]


def test_every_game_has_a_guide():
    assert GUIDED == ids()


def play(gid, upto=None):
    doc = G.load(gid)
    rules = get(gid)
    scen, seed, opts, dice = G.start_args(doc)
    m = M.new_match(rules, scen, seed, opts, dice)
    for n, step in enumerate(doc["steps"][:upto]):
        role = M.current_role(rules, m)
        legal = M.legal_actions(rules, m, role)
        hits = G.find(step, legal)
        assert len(hits) == 1, (f"{gid} step {n} {step['do']}: {len(hits)} legal actions match; "
                                f"prompt: {M.view(rules, m, role)['prompt']}")
        assert G.position(doc, m["actions"]) == (n, None)
        M.apply(rules, m, M.strip(legal[hits[0]]), role=role)
    return doc, rules, m


@pytest.mark.parametrize("gid", GUIDED)
def test_script_is_legal_step_by_step_and_ends_the_first_turn(gid):
    doc, rules, m = play(gid)
    assert G.position(doc, m["actions"]) == (len(doc["steps"]), None)
    v = M.view(rules, m, M.current_role(rules, m))
    for key, want in doc["ends"].items():  # where the first turn is over: turn 2 begun, or the verdict
        got = (v.get("over") or {}).get(key) if key == "winner" else v.get(key)
        assert got == want, (key, got, v["prompt"])


@pytest.mark.parametrize("gid", GUIDED)
def test_each_step_says_why_with_a_rule_that_opens_its_summary(gid):
    doc = G.load(gid)
    page = howto(gid)
    texts = [s["say"] for s in doc["steps"]]
    assert len(set(texts)) == len(texts)  # the text changes at every step
    for s in doc["steps"]:
        assert s["say"].strip() and s["do"].get("t")
        assert find(page, s["rule"]) is not None, f"no summary for {s['rule']}"
        assert not set(s["do"]) & {"label", "warn", "by"}  # matched by stable fields only
    assert doc["end"].strip() and doc["intro"].strip()


@pytest.mark.parametrize("gid", GUIDED)
def test_leaving_the_path_and_undo_back(gid):
    doc, rules, m = play(gid, upto=1)
    legal = M.legal_actions(rules, m, M.current_role(rules, m))
    other = next(a for a in legal if not G.matches(doc["steps"][1]["do"], a))
    M.apply(rules, m, M.strip(other), role=M.current_role(rules, m))
    assert G.position(doc, m["actions"]) == (1, 1)  # off the path at the second action
    if M.view(rules, m, M.current_role(rules, m))["can_undo"]:
        M.undo(rules, m)
        assert G.position(doc, m["actions"]) == (1, None)


def test_matching_uses_the_given_fields_only():
    step = {"do": {"t": "place", "kind": "camp", "to": "KSN"}}
    acts = [{"t": "place", "kind": "camp", "to": "DN", "label": "x"},
            {"t": "place", "kind": "camp", "to": "KSN", "label": "Place Camp at Khe Sanh"},
            {"t": "place", "kind": "ateam", "to": "KSN"}]
    assert G.find(step, acts) == [1]
    assert not G.matches({"t": "done"}, {"t": "run"})
