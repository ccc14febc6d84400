"""Issue 13 item 1: the history viewer, in the page, for the three games: a finished game imported
as a save, stepped back to the start and forward to the end (the page's state hash equals
CPython's at each end and at a jump), read-only, and "Play from here" mid-game."""
import json

import pytest

from game.engine import match as M
from game.rules import get
from game.simulate import play_one

from .conftest import wait_ready
from .mf_ui import rev, wait_rev_after

GAMES = [("mike-force", "early", 4), ("first-team", "campaign", 4), ("vietnam-1965-1975", "starlite", 4)]


def open_save(page, base_url, m, tmp_path):
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(m))
    page.goto(base_url)
    wait_ready(page)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"]', state="attached", timeout=30_000)
    if page.get_attribute("body", "data-screen") == "handover":
        before = rev(page)
        page.click('[data-cmd="handover-ok"]')
        wait_rev_after(page, before)


def shown(page):
    return json.loads(page.evaluate("window.__vw_replay()"))


def click(page, sel):
    before = rev(page)
    page.click(sel)
    wait_rev_after(page, before)


def step_until_end(page, step):
    sel = f'#replay-bar [data-step="{step}"]'
    seen = [shown(page)["k"]]
    while page.locator(sel).is_enabled():
        click(page, sel)
        seen.append(shown(page)["k"])
        assert page.locator("#app [data-action]").count() == 0  # read-only at every position
    return seen


@pytest.mark.e2e
@pytest.mark.parametrize("gid,scen,seed", GAMES)
def test_history_of_a_finished_game_and_play_from_here(page, base_url, tmp_path, gid, scen, seed):
    R = get(gid)
    m, _ = play_one(R, scen, seed)
    assert m["state"]["over"]
    n = len(m["actions"])
    open_save(page, base_url, m, tmp_path)
    assert page.evaluate("window.__vw_replay()") == "null"
    click(page, "#history-btn")
    assert page.locator("#replay-bar").is_visible()
    pos = shown(page)
    assert (pos["k"], pos["n"], pos["hash"]) == (n, n, M.state_hash(m)) and pos["failed"] is None
    assert page.locator("#app [data-action]").count() == 0
    assert "History: turn" in page.inner_text("#prompt")
    if len(R.roles) > 1:  # a two-player game: the side at the screen only, never everything
        assert page.get_attribute("body", "data-viewer") in R.roles
    end_log = page.inner_text("#log")

    # back to the start a turn at a time: each stop a turn's start, then the new game's position
    ks = step_until_end(page, "turn-back")
    assert ks == sorted(ks, reverse=True) and ks[-1] == 0
    assert set(ks[1:-1]) <= {e["k"] for e in pos["index"] if e["turn_start"]}
    assert shown(page)["hash"] == M.state_hash(M.new_match(R, scen, seed, m["options"]))
    assert len(page.inner_text("#log")) < len(end_log)  # the log as it was then
    assert page.locator('#replay-bar [data-step="action-back"]').is_disabled()

    # forward a phase at a time to the end
    ks = step_until_end(page, "phase-fwd")
    assert ks[-1] == n and ks == sorted(ks)
    assert shown(page)["hash"] == M.state_hash(m)
    assert page.inner_text("#log") == end_log

    # jump to a phase in the middle from the list, then one action back
    mid = pos["index"][len(pos["index"]) // 2]["k"]
    before = rev(page)
    page.select_option("#replay-jump", str(mid))
    wait_rev_after(page, before)
    click(page, '#replay-bar [data-step="action-back"]')
    k = mid - 1
    assert shown(page)["k"] == k
    assert shown(page)["hash"] == M.state_hash(M.replay(R, scen, seed, m["options"], m["actions"][:k]))
    assert page.inner_text("#replay-pos").startswith("Turn ")

    # Play from here: asks, then a new game replayed up to this action
    page.click('[data-cmd="replay-play"]')
    page.wait_for_selector("#confirm-dlg:not([hidden])")
    assert "Play from here?" in page.inner_text("#confirm-msg")
    before = rev(page)
    page.click("#confirm-yes")
    page.wait_for_selector('body[data-screen="game"], body[data-screen="handover"]', state="attached")
    if page.get_attribute("body", "data-screen") == "handover":
        page.click('[data-cmd="handover-ok"]')
    wait_rev_after(page, before)
    d = json.loads(page.evaluate("window.__vw_state()"))
    ref = M.replay(R, scen, seed, m["options"], m["actions"][:k])
    assert d["hash"] == M.state_hash(ref) and len(d["actions"]) == k
    assert page.evaluate("window.__vw_replay()") == "null" and page.locator("#replay-bar").is_hidden()
    assert page.locator("#app [data-action]").count() > 0  # playing again


@pytest.mark.e2e
def test_history_of_the_game_in_progress_and_back_to_it(page, base_url, tmp_path):
    R = get("first-team")
    m, _ = play_one(R, "campaign", 2)
    part = M.replay(R, "campaign", 2, m["options"], m["actions"][:60])
    open_save(page, base_url, part, tmp_path)
    n_acts = page.locator("#app [data-action]").count()
    click(page, "#history-btn")
    click(page, '#replay-bar [data-step="phase-back"]')
    assert shown(page)["k"] < 60 and page.locator("#app [data-action]").count() == 0
    for key, k in (("Home", 0), ("End", 60), ("ArrowLeft", 59), ("Shift+ArrowRight", 60)):
        before = rev(page)
        page.keyboard.press(key)
        wait_rev_after(page, before)
        assert shown(page)["k"] == k, key
    before = rev(page)
    page.keyboard.press("Escape")  # back to the game
    wait_rev_after(page, before)
    assert page.locator("#replay-bar").is_hidden()
    click(page, "#history-btn")
    click(page, '[data-cmd="replay-close"]')
    assert page.locator("#replay-bar").is_hidden()
    assert json.loads(page.evaluate("window.__vw_state()"))["hash"] == M.state_hash(part)
    assert page.locator("#app [data-action]").count() == n_acts


@pytest.mark.e2e
def test_a_save_whose_actions_no_longer_replay_says_so_and_stops_there(page, base_url, tmp_path):
    """Actions recorded before a rules change (Mike Force recon actions changed shape):
    the history says which one fails and stops before it."""
    R = get("mike-force")
    m, _ = play_one(R, "early", 3)
    old = dict(m, actions=m["actions"][:4] + [{"t": "recon", "old_shape": 1}] + m["actions"][5:])
    open_save(page, base_url, old, tmp_path)
    click(page, "#history-btn")
    pos = shown(page)
    assert pos["n"] == 4 and pos["failed"]["at"] == 5
    assert page.locator("#replay-fail").is_visible()
    assert "action 5 no longer replays" in page.inner_text("#replay-fail")
    assert pos["hash"] == M.state_hash(M.replay(R, "early", 3, m["options"], m["actions"][:4]))


@pytest.mark.e2e
def test_vietnam_history_steps_from_operation_to_operation_under_the_side_at_the_screen(page, base_url, tmp_path):
    """Issue 45 item 10: the jump list names each operation under its phase ("— The NLF conducts a
    Search and Destroy operation"), a choice shows that position with the operation named in the
    bar and in the prompt, and "Phase ▶▶" goes on to the next operation: a player steps through
    what the other side just did, in their own view."""
    R = get("vietnam-1965-1975")
    m, _ = play_one(R, "starlite", 5)
    open_save(page, base_url, m, tmp_path)
    viewer = page.get_attribute("body", "data-viewer")
    click(page, "#history-btn")
    pos = shown(page)
    ops = [e for e in pos["parts"] if e["part"] and " conducts " in e["part"]]
    assert len(ops) >= 3
    texts = page.eval_on_selector_all("#replay-jump option", "os => os.map(o => [o.value, o.textContent])")
    assert [str(e["k"]) for e in pos["parts"]] == [v for v, _ in texts[1:]]
    named = dict(texts)
    op = ops[1]
    assert named[str(op["k"])].strip().startswith("— The ") and op["part"] in named[str(op["k"])]
    before = rev(page)
    page.select_option("#replay-jump", str(op["k"]))
    wait_rev_after(page, before)
    assert shown(page)["k"] == op["k"]
    assert op["part"] in page.inner_text("#replay-pos") and op["part"] in page.inner_text("#prompt")
    assert page.get_attribute("body", "data-viewer") == viewer  # the same side's view of the past
    click(page, '#replay-bar [data-step="phase-fwd"]')
    nxt = next(e for e in pos["parts"] if e["k"] > op["k"])
    assert shown(page)["k"] == nxt["k"]
