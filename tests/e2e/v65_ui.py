"""Helpers for the Vietnam 1965-1975 table tests: Starlite positions built in CPython through the
engine's own legal actions (imported into the page as a save file), and page readers."""
import json

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M

from ..v65_positions import answer, at_support_declaration, on_hold, starlite, us_operation  # noqa: F401  (re-exported for the tests)
from .conftest import wait_ready
from .mf_ui import rev, wait_rev_after


def open_match(page, base_url, m, tmp_path, name="pos.json"):
    """Load a match into the page as an imported save; returns once the hand-over screen shows."""
    path = tmp_path / name
    path.write_text(json.dumps(m))
    page.goto(base_url)
    wait_ready(page)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector('body[data-screen="handover"]', state="attached", timeout=30_000)


def take_over(page):
    before = rev(page)
    page.click('[data-cmd="handover-ok"]')
    wait_rev_after(page, before)


def click(page, selector):
    before = rev(page)
    page.locator(selector).first.click()
    wait_rev_after(page, before)


def page_match(page):
    d = json.loads(page.evaluate("window.__vw_state()"))
    m = M.replay(R, d["scenario"], d["seed"], d["options"], d["actions"], d["dice_mode"])
    assert M.state_hash(m) == d["hash"]
    return m
