"""Issue 9 item 7, Mike Force texts: a leader is named once ("Leader Blackjack", the placeholder
"Leader D", never "Leader Leader D", MF 25.4); a question cites its rule once (MF 20.1)."""
from game.engine.flow import Context
from game.rules import get
from game.rules.mike_force import board as B
from game.engine import match as M

R = get("mike-force")


def test_leader_named_once():
    m = M.new_match(R, "early", 1, None)
    s = m["state"]
    names = {B.name_of(s, uid) for uid, u in s["units"].items() if B.is_leader(u)}
    assert "Leader Blackjack" in names and "Leader D" in names
    assert not any(n.startswith("Leader Leader") for n in names)


def test_a_question_cites_its_rule_once():
    """A question (the engine's, flow.Context.ask) names its rule once in the prompt, whether or not
    the prompt already cites it."""
    m = M.new_match(R, "early", 1, None)
    g = Context(m["state"], [])
    g.ask("Line up your units (MF 20.1)", "MF 20.1", [{"t": "x", "label": "x"}], into="halt")
    assert M.prompt(R, m).count("(MF 20.1)") == 1
    g.ask("Line up your units", "MF 20.1", [{"t": "x", "label": "x"}], into="halt")
    assert M.prompt(R, m) == "Line up your units (MF 20.1)"
