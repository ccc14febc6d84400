"""Screenshots of each game as a player meets it, to look at (issue 9 and 11 "done when"):
set-up, a unit selected with its targets lit (mid-move), a battle, the opponent's report card
(Vietnam: an operation and a hand-over), and the game after a reload; at 1440x900 and 390x844.

    .venv/bin/python scripts/screenshots.py [OUT_DIR] [--game mike-force|first-team|vietnam-1965-1975]

Plays a seeded random game by clicking only [data-action] elements (as the whole-game tests do) until
each moment has been seen once. Prints one line per file written. Run `bash scripts/build.sh` first.
"""
import argparse
import random
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, wait_ready  # noqa: E402
from tests.e2e.mf_ui import (confirm_warning, open_advanced, panel_actions,  # noqa: E402
                             reveal, rev, wait_rev_after)

SIZES = {"1440": (1440, 900), "390": (390, 844)}
START = {"mike-force": ("early", 2024), "first-team": ("campaign", 7), "vietnam-1965-1975": ("starlite", 8)}


def serve():
    return start_server(REPO)


def start(page, url, game):
    scenario, seed = START[game]
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{game}"]')
    page.wait_for_selector(f'input[data-scenario="{scenario}"]')
    page.check(f'input[data-scenario="{scenario}"]')
    open_advanced(page)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"], #confirm-dlg:not([hidden])',
                           state="attached")
    if page.locator("#confirm-dlg:not([hidden])").count():  # over a game in progress: yes
        page.click("#confirm-yes")
    page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"]', state="attached")


def take_over(page):
    if page.get_attribute("body", "data-screen") == "handover":
        before = rev(page)
        page.click('[data-cmd="handover-ok"]')
        wait_rev_after(page, before)


def visible(page, sel):
    return page.locator(f"{sel}:not([hidden])").count() > 0


def unit_entry(page):
    """What a player taps to select a unit: its entry in the panel (it holds that unit's actions),
    opening its place's folded list first (First Team lists its units by place, "An Khe: 33
    units", folded), or else a counter that can act where it shows on the map (Vietnam lists its
    actions as buttons, no entries). On a phone the open sheet hides most of the map: a counter is
    taken only where nothing covers it, after closing the sheet as a player does (a click on a
    counter under the sheet landed on the sheet's tracks or handle, issue 45). None if none."""
    entries = page.locator("#actions [data-holds][data-actor]:visible")
    if entries.count():
        return entries.first
    fold = page.locator("#actions details.ent-place:not([open]):has([data-actor]) > summary:visible")
    if fold.count():
        fold.first.click()
        page.wait_for_selector("#actions details.ent-place[open] [data-actor]")
        if entries.count():
            return entries.first
    if page.locator("body.phone[data-sheet='open']").count():
        page.click("#sheet-handle")
        page.wait_for_selector("body[data-sheet='closed']", state="attached")
    for ctr in page.locator("#map svg.map-top .ctr.act[data-unit]:visible").all():
        if ctr.evaluate(UNCOVERED):
            return ctr
    return None


# the element seen at the centre of the counter is the counter's own (in the window, nothing over it)
UNCOVERED = """c => { const r = c.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const hit = document.elementFromPoint(x, y); return !!hit && c.contains(hit); }"""


def shoot_game(browser, url, game, size, out):
    w, h = SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h})
    shots = []

    def shot(name):
        path = out / f"{game}_{name}_{size}.png"
        page.screenshot(path=str(path))
        shots.append(name)
        print(path, flush=True)

    start(page, url, game)
    if game == "vietnam-1965-1975":
        shot("handover")
    take_over(page)
    shot("setup")
    want = {"midmove", "battle", "report"} if game != "vietnam-1965-1975" else {"midmove", "operation", "battle"}
    rng = random.Random(START[game][1])
    for _ in range(1500):
        if not want or page.get_attribute("body", "data-over") == "1":
            break
        take_over(page)
        prompt = (page.text_content("#prompt") or "").lower()
        if "battle" in want and visible(page, "#battle"):
            shot("battle")
            want.discard("battle")
        if "report" in want and visible(page, "#report"):
            shot("report")
            want.discard("report")
        if "operation" in want and page.locator(".op-panel").count() and visible(page, ".op-panel"):
            shot("operation")
            want.discard("operation")
        if "midmove" in want and ("move" in prompt or game == "vietnam-1965-1975"):
            entry = unit_entry(page)
            if entry is not None:
                before = rev(page)
                entry.scroll_into_view_if_needed()
                entry.click()
                try:
                    wait_rev_after(page, before, timeout=3000)
                except Exception:
                    pass
                shot("midmove")
                want.discard("midmove")
                page.keyboard.press("Escape")
                page.keyboard.press("Escape")
        if not want:
            break
        cands = [(i, t) for i, t, _ in panel_actions(page)]
        if not cands:
            break
        dones = [c for c in cands if c[1] == "done"]
        others = [c for c in cands if c[1] != "done"]
        pick = rng.choice(dones) if dones and (not others or rng.random() < 0.25) else rng.choice(others)
        before = rev(page)
        reveal(page, pick[0]).click()
        confirm_warning(page, before)
        wait_rev_after(page, before)
    page.reload()
    wait_ready(page)
    page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"], #start-screen:not([hidden])',
                           state="attached")
    shot("reload")
    cont = page.locator("#start-screen:not([hidden]) button", has_text="Continue")
    if cont.count():
        cont.first.click()
        page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"]', state="attached")
        take_over(page)
        page.wait_for_selector("#prompt:not(:empty)")
        shot("resumed")
    missing = sorted(want)
    page.close()
    return shots, missing


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/shots")
    ap.add_argument("--game", action="append")
    ap.add_argument("--size", action="append", choices=sorted(SIZES))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    proc, url = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in a.game or list(START):
                for size in a.size or list(SIZES):
                    _, missing = shoot_game(browser, url, game, size, out)
                    if missing:
                        print(f"{game} {size}: not reached: {', '.join(missing)}", flush=True)
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
