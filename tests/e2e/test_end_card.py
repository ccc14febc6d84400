"""The end-of-game card in Mike Force and First Team: Vietnam (issue 45 item 6; the card:
game/ui/end_card.py, the records: game/rules/<game>/end.py). A game played in CPython by the
headless random player is opened one action before its end; the player's click ends it, and the
card shows the verdict, the condition, a VP line, each side's losses, what was hidden, in the
engine's words; no battle display stays over it. Screenshots at 1440x900 and 390x844 go to
/work/wt/endcard_shots/."""
import os

from game.engine import match as M
from game.rules import get
from game.simulate import play_one

from .conftest import wait_ready
from .mf_ui import click_action, continue_match

SHOTS = "/work/wt/endcard_shots"


def one_before_the_end(gid, scen, seed):
    """(the match one action before the end, the index of that last action in its list)."""
    R = get(gid)
    m, _ = play_one(R, scen, seed)
    last = m["actions"][-1]
    p = M.replay(R, scen, seed, m["state"]["options"], m["actions"][:-1], m["dice_mode"])
    acts = M.view(R, p)["actions"]
    i = next(i for i, a in enumerate(acts) if all(a.get(k) == x for k, x in last.items()))
    return p, i


def shoot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}_{page.viewport_size['width']}.png")


def phone_shot(page, name):
    """The same end at 390x844 (a reload continuing the autosave: the page picks its phone frame
    at load): the card is in view without opening the sheet, and readable."""
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    wait_ready(page)
    page.click("#continue")
    page.wait_for_selector('body[data-over="1"]', state="attached")
    page.wait_for_selector("body.phone", state="attached")
    card = page.locator('[data-dialog="end"]')
    card.wait_for()
    assert card.is_visible()
    box = card.bounding_box()
    assert box["width"] <= 390 and box["x"] >= 0
    # the text is not shrunk below a phone's reading size
    px = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('[data-end=\"condition\"]')).fontSize)")
    assert px >= 12
    shoot(page, name)
    page.set_viewport_size(size)


def end_it(page, base_url, gid, scen, seed):
    p, i = one_before_the_end(gid, scen, seed)
    continue_match(page, base_url, p)
    click_action(page, i)
    page.wait_for_selector('body[data-over="1"]', state="attached")
    card = page.locator('[data-dialog="end"]')
    card.wait_for()
    R = get(gid)
    d = M.replay(R, scen, seed, p["state"]["options"], p["actions"] + [M.strip(M.view(R, p)["actions"][i])],
                 p["dice_mode"])
    return card, d, M.view(R, d)["end"]


def test_mike_force_end_card(page, base_url):
    """MF 3.3: the last turn's end; the VP lines of MF 3.2 one by one, the total against 25,
    the Free World's and the Communists' losses, every Communist unit on the map named (MF 16.0)."""
    card, m, e = end_it(page, base_url, "mike-force", "early", 100)
    s = m["state"]
    assert s["over"]["rule"] == "MF 3.3"
    verdict = card.locator('[data-end="verdict"]').text_content()
    assert verdict == e["verdict"] and verdict.startswith("Free World ") and "(MF 3.3)" in verdict
    assert f"has {s['over']['vp']}" in card.locator('[data-end="condition"]').text_content()
    rows = card.locator('[data-end="vp"] tr[data-vp-side]')
    assert rows.count() == len(e["score"]["lines"]) >= 1
    assert "Infiltration level (MF 3.2)" in card.locator('[data-end="vp"]').text_content()
    assert card.locator(".end-vp-total").text_content().startswith(f"{s['over']['vp']}FW")
    fw = card.locator('[data-end-losses="Free World"]').text_content()
    com = card.locator('[data-end-losses="Communist"]').text_content()
    assert fw.startswith("Free World losses: ") and com.startswith("Communist losses: ")
    assert e["side_losses"][1]["note"] in com
    assert "(MF 16.0)" in card.locator('[data-end="revealed"]').text_content()
    assert card.locator('[data-end="bases"]').text_content().startswith("Major bases (MF 6.0): Da Nang")
    # the battle display of the last battle is not left over the card
    assert page.locator("#battle").is_hidden()
    shoot(page, "mike_force_end")
    phone_shot(page, "mike_force_end")


def test_first_team_end_card(page, base_url):
    """FT 15.1: the points after the last turn and their level; the VP by cause (FT 15.0), each
    side's losses, where every NVA company ended, the Unknown Box opened."""
    card, m, e = end_it(page, base_url, "first-team", "campaign", 101)
    s = m["state"]
    assert s["over"]["level"] == "NVA Tactical Victory"
    verdict = card.locator('[data-end="verdict"]').text_content()
    assert verdict == f"NVA Tactical Victory: {s['vp']:+d} NVA victory points after turn {s['turn']} of " \
                      f"{s['options']['turns']} (FT 15.1)"
    assert "(FT 15.1)" in card.locator('[data-end="condition"]').text_content()
    table = card.locator('[data-end="vp"]').text_content()
    assert "American casualty points" in table and "(FT 15.0" in table
    assert card.locator(".end-vp-total").text_content().startswith(f"{s['vp']:+d}NVA")
    us = card.locator('[data-end-losses="American"]').text_content()
    assert us.startswith("American losses: ") and f"{s['cas']} casualty point(s) (FT 11.2, 15.0)" in us
    assert card.locator('[data-end-losses="NVA"]').text_content().startswith("NVA losses: ")
    assert "Unknown Box opened" in card.locator('[data-end="revealed"]').text_content()
    assert page.locator("#battle").is_hidden()
    shoot(page, "first_team_end")
    phone_shot(page, "first_team_end")


def test_first_team_strategic_victory_hides_the_battle(page, base_url):
    """FT 15.1: Pleiku held by the NVA alone ends the game in a battle's allocation: the card says
    so and the battle display does not stay over it."""
    card, m, e = end_it(page, base_url, "first-team", "campaign", 100)
    assert m["state"]["over"]["level"] == "NVA Strategic Victory"
    assert card.locator('[data-end="verdict"]').text_content().startswith("NVA Strategic Victory on turn ")
    assert "Only NVA units hold Pleiku" in card.locator('[data-end="condition"]').text_content()
    assert page.locator("#battle").is_hidden()
    shoot(page, "first_team_strategic_end")
