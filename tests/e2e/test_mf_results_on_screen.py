"""Mike Force at the table (issue 45 item 9): what the rules do without asking the player is on the
screen, not only in the log. The Free World Events Phase's event gets a card as the Communist
ones do (MF 8.0), a click that rolls says what the die showed under the prompt (MF 16.2), and
the Communist phase cards name the part of the turn they belong to (MF 4.0 II)."""
from game.engine import match as M
from game.rules import get
from game.ui import guide_model as G

from .mf_ui import click_action, continue_match

MF = get("mike-force")


def _guided(until):
    """The guided first turn's match (seed 1, its own actions) up to the first step `until` accepts;
    returns (the match, that step's action index in the engine's listing)."""
    doc = G.load("mike-force")
    scen, seed, opts, dice = G.start_args(doc)
    m = M.new_match(MF, scen, seed, opts, dice)
    for step in doc["steps"]:
        legal = M.legal_actions(MF, m)
        i = G.find(step, legal)[0]
        if until(m, legal[i]):
            return m, i
        M.apply(MF, m, M.strip(legal[i]))
    raise AssertionError("the guide never reaches that step")


def _ends_setup(m, a):
    probe = M.new_match(MF, m["scenario"], m["seed"], m["options"], m.get("dice_mode", "auto"))
    for done in m["actions"]:
        M.apply(MF, probe, done)
    n = len(probe["log"])
    M.apply(MF, probe, M.strip(a))
    return any(e["kind"] == "event" for e in probe["log"][n:])


def test_the_free_world_event_shows_on_a_card_mf_8_0(page, base_url):
    """MF 8.0: the last set-up choice runs turn 1's Free World Events Phase (seed 1: Prairie Fire);
    the player's next decision, the event's own question, shows the event drawn on a card headed
    "Event", with the lines of its phase only."""
    m, i = _guided(_ends_setup)
    continue_match(page, base_url, m)
    click_action(page, i)
    card = page.locator("#report")
    assert card.is_visible()
    assert card.locator(".report-kicker").text_content() == "Event"
    assert card.locator("h3").text_content() == "Free World Events Phase"
    text = card.text_content()
    assert "Event: Prairie Fire. Recruit one Mike Force company or one helicopter" in text, text
    assert "Free World Recruiting" not in text  # only its own phase's lines


def test_a_recon_roll_is_said_under_the_prompt_mf_16_2(page, base_url):
    """MF 16.2: the guided turn's recon by the A-Team in Base Area 114 rolls a 4 (it needs 2 or
    less): the flash line says the roll; the next click clears it."""
    m, i = _guided(lambda m, a: a["t"] == "recon")
    continue_match(page, base_url, m)
    assert "rolled" not in page.locator("#flash").text_content()  # ("Opened the autosaved game")
    assert page.locator("#flash").get_attribute("class") == "notice"  # news, not a refusal
    click_action(page, i)
    flash = page.locator("#flash")
    assert flash.is_visible()
    said = flash.text_content()
    assert said == "Recon by SF A-Team (needs 2 or less): rolled 4 → Recon: no effect", said
    # the click ran on into the Communist turn: its event (R&R) is on its card, not in the flash
    assert page.locator("#report .report-kicker").text_content() == "Event"
    assert "R&R" in page.locator("#report").text_content()
    assert page.locator("#report .report-rolls").text_content() == "Dice: R&R: rolled 5"  # its die said
    assert page.locator("#flash.dice").count() == 1  # styled as news, not as a refusal
