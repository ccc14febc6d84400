"""Issue 9 items 2 and 3 as the player sees them: the opponent's phase report (a card listing the
moves with their places, arrows on the map, Continue / run), and the battle display (both sides
with their values, dice as hits and misses with their need, First Team's column shifts, Mike
Force's "keep this order for the whole battle"). Screenshots go to /tmp/opp-battle/."""
import os

from .ft_ui import start_ft
from .mf_ui import click_action, panel_actions, start_game

SHOTS = "/tmp/opp-battle"


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def policy(page, prefer=("keep", "done")):
    """Deterministic: the first preferred action type offered, else the lowest-indexed action
    (the same policy as the CPython probe that chose the seeds)."""
    acts = panel_actions(page)
    assert acts, "no action offered: " + (page.text_content("#prompt") or "")
    for t in prefer:
        for i, tt, _ in acts:
            if tt == t:
                return i, t
    return acts[0][0], acts[0][1]


def report_open(page):
    return page.locator("#report:not([hidden])").count() == 1


def play_until(page, cond, limit=400, prefer=("keep", "done")):
    for _ in range(limit):
        if cond():
            return True
        if page.get_attribute("body", "data-over") == "1":
            return False
        i, _ = policy(page, prefer)
        click_action(page, i)
    return cond()


def moves_report(page):
    return report_open(page) and page.locator("#report [data-sec=moves] li[data-from]").count() > 0


def check_moves_report(page):
    """The card lists each move with both place names; the map draws one arrow per move."""
    items = page.locator("#report [data-sec=moves] li[data-from]")
    n = items.count()
    assert n > 0
    texts = items.all_text_contents()
    assert all("->" in t for t in texts), texts
    arrows = page.locator("#map #vw-moves .move-arrow")
    assert arrows.count() == n, (arrows.count(), n)
    first = items.first
    frm, to = first.get_attribute("data-from"), first.get_attribute("data-to")
    assert page.locator(f'#map #vw-moves .move-arrow[data-from="{frm}"][data-to="{to}"]').count() == 1
    return texts


def test_mike_force_communist_report_and_battle(page, base_url):
    """MF 4.0 II: the Communist phases pause (the default) with a report card: the moves name the
    units and both places, and the map draws an arrow for each; Continue goes on. MF 20.1-20.4:
    the battle display shows both sides with their CF, who fires first and each die as a hit or
    a miss with what it needed; "keep this order for the whole battle" stops the line-up question
    in the later rounds."""
    page.set_viewport_size({"width": 1440, "height": 900})
    start_game(page, base_url, scenario="early", seed=27)
    assert play_until(page, lambda: moves_report(page)), "no Communist movement report"
    title = page.text_content("#report h3")
    assert "Communist" in title, title
    assert "Communist Operations Phase (MF 4.0 II)" in page.text_content("#report")  # the part of the turn
    texts = check_moves_report(page)
    assert any("moved" in t for t in texts), texts
    prompt = page.text_content("#prompt")
    assert "see what happened" in prompt, prompt
    assert page.locator('#main-acts [data-t="run"]').count() == 1
    shot(page, "mf_report_1440")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "mf_report_390")
    page.set_viewport_size({"width": 1440, "height": 900})
    i = next(i for i, t, _ in panel_actions(page) if t == "done")
    click_action(page, i)  # Continue: the next phase runs (and pauses again, or the turn goes on)
    assert page.text_content("#report h3") != title if report_open(page) else True
    assert page.locator("#map #vw-moves .move-arrow").count() == 0 or report_open(page)

    # a battle, its line-up kept for the whole battle
    kept = {}

    def kept_and_round2():
        if page.locator('#actions [data-t="keep"]').count():
            assert "(MF 20.1) (MF 20.1)" not in page.text_content("#prompt")
            assert page.text_content("#prompt").count("(MF 20.1)") == 1
            if kept.get("n") == page.get_attribute("#battle", "data-n"):
                raise AssertionError("the line-up question came back after 'keep this order'")
            kept["n"] = page.get_attribute("#battle", "data-n")
            click_action(page, next(i for i, t, _ in panel_actions(page) if t == "keep"))
            return False
        return bool(kept) and page.get_attribute("#battle", "data-n") == kept["n"] \
            and "round 2" in (page.text_content("#battle .battle-round") or "")

    assert play_until(page, kept_and_round2, limit=300), "no kept line-up reaching round 2"
    card = page.locator("#battle")
    assert card.is_visible()
    sides = card.locator(".bside")
    assert sides.count() == 2
    assert "Free World" in sides.nth(0).text_content() and "Communists" in sides.nth(1).text_content()
    vals = card.locator(".bu-val").all_text_contents()
    assert vals and all(v.startswith("CF ") for v in vals), vals
    assert card.locator(".bside.first .badge").text_content() == "fires first"
    dice = card.locator(".die-hit, .die-miss")
    assert dice.count() > 0
    # a chip in the line of its event, as wide as its text (not the manual dice pad's 48 px buttons)
    assert dice.first.evaluate("e => getComputedStyle(e).display") == "inline-block"
    assert dice.first.bounding_box()["width"] < 48, dice.first.bounding_box()
    # a hit reads white on green, a miss grey on grey (a chip's own white ground must not win)
    look = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]"
    assert all(x == ["rgb(46, 125, 50)", "rgb(255, 255, 255)"] for x in card.locator(".die-hit").evaluate_all(f"els => els.map({look})"))
    assert all(x == ["rgb(238, 238, 238)", "rgb(119, 119, 119)"] for x in card.locator(".die-miss").evaluate_all(f"els => els.map({look})"))
    t = dice.first.get_attribute("title")
    assert "needs" in t and (t.endswith(": hit") or t.endswith(": miss")), t
    assert card.locator(".battle-need").count() > 0
    card.scroll_into_view_if_needed()
    shot(page, "mf_battle_1440")
    page.set_viewport_size({"width": 390, "height": 844})
    card.scroll_into_view_if_needed()
    shot(page, "mf_battle_390")
    page.set_viewport_size({"width": 1440, "height": 900})
    card.locator(".battle-close").click()  # closable; it opens again with the next battle
    assert not card.is_visible()


def test_mike_force_run_setting_skips_the_reports(page, base_url):
    """Opponent's turn: "run straight through" (start screen): no report pause in two turns."""
    start_game(page, base_url, scenario="early", seed=27, pace="run")
    seen = []

    def turn3():
        # (an event drawn shows on a card of its own, with no pause: issue 45 item 9)
        seen.append(report_open(page) and page.text_content("#report .report-kicker") != "Event")
        return "turn 3" in (page.text_content("#scn-name") or "")

    play_until(page, turn3, limit=200, prefer=("done",))
    assert "turn 3" in page.text_content("#scn-name") or page.get_attribute("body", "data-over") == "1"
    assert not any(seen)


def test_first_team_nva_report_and_battle(page, base_url):
    """FT 4.14: each NVA segment pauses (the default) with a report card: NVA moves named with
    both places and drawn as arrows. FT 11.0-11.2: the battle display shows both sides with
    strength-effectiveness, the attacker first, the column with each shift explained, the die."""
    page.set_viewport_size({"width": 1440, "height": 900})
    start_ft(page, base_url, seed=7)
    assert play_until(page, lambda: moves_report(page), prefer=("done",)), "no NVA move report"
    title = page.text_content("#report h3")
    assert "Segment" in title, title
    texts = check_moves_report(page)
    assert all("NVA" in t for t in texts), texts
    shot(page, "ft_report_1440")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "ft_report_390")
    page.set_viewport_size({"width": 1440, "height": 900})

    def fought():
        return page.locator("#battle:not([hidden]) .fire-shifts li").count() > 0

    assert play_until(page, fought, prefer=("done",)), "no combat shown"
    card = page.locator("#battle")
    sides = card.locator(".bside")
    assert sides.count() == 2
    assert sides.nth(0).get_attribute("data-side") == "US" and sides.nth(1).get_attribute("data-side") == "NVA"
    vals = card.locator(".bu-val").all_text_contents()
    assert vals and all("-" in v for v in vals), vals
    assert card.locator(".bside.first").count() == 1
    col = card.locator(".battle-fire .fire-col").first.text_content()
    assert col.startswith("column "), col
    shifts = card.locator(".fire-shifts li").all_text_contents()
    assert shifts and all(any(ch.isdigit() for ch in s) for s in shifts), shifts
    assert card.locator(".battle-events .die").count() > 0
    card.scroll_into_view_if_needed()
    shot(page, "ft_battle_1440")
    page.set_viewport_size({"width": 390, "height": 844})
    card.scroll_into_view_if_needed()
    shot(page, "ft_battle_390")


def test_start_screen_offers_the_opponent_pace(page, base_url):
    """The play setting is a plain choice on the start screen, above the rulings, "pause" by
    default, for both games."""
    from .mf_ui import open_start
    open_start(page, base_url)
    for game in ("mike-force", "first-team"):
        page.click(f'input[data-game="{game}"]')
        box = page.locator('fieldset[data-option="opponent_pace"]')
        box.wait_for()
        assert box.locator("legend").text_content() == "Opponent's turn"
        labels = box.locator("label").all_text_contents()
        assert labels == ["Pause after each phase and show what happened", "Run straight through"], labels
        assert page.is_checked('input[data-pace="step"]')
        assert page.locator("details.options #opt-opponent_pace").count() == 0  # not among the rulings
    shot(page, "start_screen_1440")


def test_a_finished_battle_leaves_the_panel_when_the_next_phase_begins(page, base_url):
    """Issue 9 item 3: the battle card stays up, "over", for the rest of its phase (the BCP to
    allocate, the player reading the result); in a later phase it is gone (its lines stay in the
    log), so the opponent's report is not shown under an old battle."""
    start_game(page, base_url, scenario="early", seed=2024)
    seen = {}

    def over():
        if page.locator('#battle[data-over="1"]:not([hidden])').count():
            seen["n"] = page.get_attribute("#battle", "data-n")
            seen["phase"] = page.text_content("#scn-name")
            return True
        return False

    assert play_until(page, over, limit=400), "no battle finished"
    assert page.locator("#battle").is_visible()
    assert play_until(page, lambda: page.text_content("#scn-name") != seen["phase"], limit=100)
    assert page.locator("#battle").is_hidden() or page.get_attribute("#battle", "data-n") != seen["n"]
