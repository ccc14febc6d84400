"""The log's plain-data part (game/ui/log_model.py, issue 9 item 7): headers, results, tokens."""
from game.ui.log_model import is_result, pieces, role_of, text_of


def test_headers_and_results():
    assert role_of({"kind": "turn"}) == "turn" and role_of({"kind": "phase"}) == "phase"
    assert role_of({"kind": "info"}) == "line" and role_of({"kind": "loss"}) == "line"
    assert role_of({"kind": "info", "text": "J) Second Target Determination Segment: skipped", "skipped": True}) == "phase"
    assert is_result({"kind": "info", "dice": [3]}) and is_result({"kind": "loss"}) and is_result({"kind": "vp"})
    assert is_result({"kind": "combat"}) and is_result({"kind": "result"})
    assert not is_result({"kind": "info"}) and not is_result({"kind": "move"}) and not is_result({"kind": "cost"})


def test_a_citation_is_printed_once():
    assert text_of({"text": "Pursuit result +1 (V 5.6)", "rule": "V 5.6"}) == "Pursuit result +1"
    assert text_of({"text": "Battle at Hue (MF 20.1)", "rule": "MF 20.3"}) == "Battle at Hue (MF 20.1)"
    assert text_of({"text": "NLF victory (V 18.2): VP 2 (V 18.1)", "rule": "V 18.2"}) == "NLF victory: VP 2 (V 18.1)"


def test_tokens_come_from_refs_in_text_order():
    refs = [["u", "tr1", "Lift 1 (UH-1D)"], ["u", "1-7A", "A/1/7"], ["p", "ANKHE", "An Khe"], ["p", "A5", "A5"]]
    got = pieces("Lift 1 (UH-1D) carries A/1/7 An Khe -> A5", refs)
    assert "".join(t for t, _ in got) == "Lift 1 (UH-1D) carries A/1/7 An Khe -> A5"
    assert [r[1] for _, r in got if r] == ["tr1", "1-7A", "ANKHE", "A5"]


def test_identical_names_are_two_tokens_and_unknown_refs_are_left_out():
    got = pieces("SF Camp at Hue and SF Camp at Kham Duc", [["u", "camp1", "SF Camp"], ["u", "camp2", "SF Camp"],
                                                            ["u", "x", "not in the text"]])
    assert [r[1] for _, r in got if r] == ["camp1", "camp2"]
    assert pieces("plain text", None) == [("plain text", None)]
