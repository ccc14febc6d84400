"""Mike Force, a loss before the click (issue 9 item 5, MF 18.4 c, 20.4): at an Arc Light
collateral hit the player chooses which Free World unit is hit; each choice says that unit's fate,
and the one that eliminates a unit asks first with its cost."""

from game.engine import match as M

from ..mf_helpers import R, blank, com, dice, put, run, stack
from .mf_ui import continue_match, panel_actions, rev, wait_rev_after


def _collateral_position():
    m = blank("early", rp=5)
    mf = put(m, "mf", "NSN")
    at = put(m, "ateam", "NSN", red=True)
    com(m, "inf_bn", "NSN")
    put(m, "arclight", "NSN")
    dice(m, 6)
    stack(m, {"s": "bombard", "sp": "NSN"})
    run(m)
    m["state"]["dice"]["mode"] = "auto"
    return m, mf, at


def test_mf_collateral_choice_warns_before_an_elimination(browser, base_url):
    m, mf, at = _collateral_position()
    acts = M.legal_actions(R, m)
    for w, h in ((1440, 900), (390, 844)):
        ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=w < 800, has_touch=w < 800)
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            continue_match(page, base_url, m)
            assert "collateral" in page.text_content("#prompt").lower()
            idx = {a.get("unit"): i for i, a in enumerate(acts)}
            shown = {i for i, _, _ in panel_actions(page)}
            assert {idx[mf], idx[at]} <= shown
            btn = page.locator(f'#actions [data-action="{idx[at]}"], #main-acts [data-action="{idx[at]}"]').first
            assert "eliminated (-1 BCP)" in btn.text_content()
            other = page.locator(f'#actions [data-action="{idx[mf]}"]').first
            assert "disrupted" in other.text_content()
            before = rev(page)
            btn.click()
            page.wait_for_selector("#confirm-dlg:not([hidden])")
            msg = page.text_content("#confirm-dlg")
            assert "is eliminated (-1 BCP)" in msg and "MF 20.4" in msg, msg
            page.screenshot(path=f"/tmp/gaps9/mf_warn_{w}.png")
            assert rev(page) == before
            page.click("#confirm-yes")
            wait_rev_after(page, before)
            assert errors == []
        finally:
            ctx.close()
