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


def test_the_event_drawn_by_a_click_gets_a_card_mf_8_0():
    """MF 8.0 (issue 45 item 9): the Free World Events Phase runs without a decision; the lines a
    click brought that hold an event give its card: the phase's title, the event, its die and the
    track it moved, no header of another phase."""
    import game.rules.mike_force as MF
    from game.engine import match as M
    from game.ui.log_model import event_card
    m = M.new_match(MF, "early", 3)
    while m["state"].get("turn_flags", {}).get("phase") != "fw_recruit:":  # set-up, then turn 1's events
        n = len(m["log"])
        M.apply(MF, m, M.legal_actions(MF, m)[0])
    card = event_card(m["log"][n:])
    assert card["title"] == "Free World Events Phase" and card["kicker"] == "Event"
    kinds = [e["kind"] for e in card["entries"]]
    assert kinds[0] == "event" and "roll" in kinds and "phase" not in kinds and "turn" not in kinds
    assert card["entries"][0]["text"].startswith("Event: ")
    assert event_card([e for e in m["log"] if e["kind"] != "event"]) is None


def test_a_click_that_rolled_says_what_the_dice_showed_mf_16_1():
    """MF 16.1 (issue 45 item 9): a recon's roll and its result in one flash line; a battle's rolls
    are its card's, not the flash's; more than two rolls are counted, not listed."""
    from game.ui.log_model import roll_flash
    recon = [{"kind": "roll", "text": "Recon by SF A-Team (needs 2 or less): rolled 1", "dice": [1], "rule": "MF 16.1"},
             {"kind": "reveal", "text": "Revealed at Base Area 614: VC Infantry (CF 2, BCP 1)", "rule": "MF 16.1"},
             {"kind": "phase", "text": "Free World Reaction Phase"}]
    assert roll_flash(recon) == ("Recon by SF A-Team (needs 2 or less): rolled 1 → Revealed at Base Area 614: "
                                 "VC Infantry (CF 2, BCP 1)")
    assert roll_flash([{"kind": "battle", "text": "Battle at Hue"}] + recon) is None
    assert roll_flash(recon + [dict(recon[0], text="R&R: rolled 5")]) == roll_flash(recon)  # the next phase's
    assert roll_flash(recon[1:]) is None
    three = [dict(recon[0], text=f"Roll {i}: rolled 2") for i in range(3)]
    assert roll_flash(three) == "Roll 0: rolled 2; Roll 1: rolled 2 (and 1 more roll: see the log)"
