"""Robustness in the browser: bad save files and stored saves are refused with a clear message and
change nothing; a full localStorage does not stop the game; saved text is never HTML; the
Content-Security-Policy holds; the same seed and actions give the same state hash in CPython and
in Pyodide."""
import json
import random

from game.engine import match as M
from game.fuzz import replay
from game.rules import get

from .conftest import wait_ready
from .mf_ui import click_and_wait, confirm_replace, log_len, random_step, start_game, step

R = get("mike-force")
STORED = "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('vw:')).sort()" \
         ".map(k => [k, localStorage.getItem(k)]))"


def position(page):
    return page.text_content("#prompt"), log_len(page), page.evaluate("JSON.parse(window.__vw_state()).hash")


def import_file(page, path, expect):
    page.evaluate("document.querySelector('#saves-msg').textContent = ''")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("t => document.querySelector('#saves-msg').textContent.includes(t)", arg=expect,
                           timeout=30_000)
    return page.text_content("#saves-msg")


def test_bad_imports_are_refused_and_change_nothing(page, base_url, tmp_path):
    start_game(page, base_url, scenario="tet", seed=3)
    for _ in range(8):
        step(page)
    page.click("#saves-btn")
    page.fill("#slot-name", "keep")
    page.click("#slot-save")
    page.wait_for_selector("#slot-list li")
    with page.expect_download() as dl:
        page.click("#export-btn")
    good = tmp_path / "good.json"
    dl.value.save_as(good)
    m = json.loads(good.read_text())
    before, stored = position(page), page.evaluate(STORED)
    assert "vw:slot:keep" in stored and "vw:autosave:mike-force" in stored

    def write(name, text):
        p = tmp_path / name
        p.write_text(text) if isinstance(text, str) else p.write_bytes(text)
        return p

    edited = json.loads(json.dumps(m))
    edited["state"]["units"]["mf1"]["loc"] = "VLI"  # Mike Force in North Vietnam (MF 27)
    newer = dict(m, format=m["format"] + 1)
    other = dict(m, game="first-team")
    cases = [
        (write("junk.json", "this is not json {"), "not valid JSON"),
        (write("cut.json", good.read_text()[: len(good.read_text()) // 2]), "cut short"),
        # a Mike Force save relabelled First Team: opened as First Team (the page would switch game), refused by its checks
        (write("other.json", json.dumps(other)), "Cannot import 'other.json'"),
        (write("newer.json", json.dumps(newer)), "newer version"),
        (write("edited.json", json.dumps(edited)), "breaks the rules"),
        (write("binary.json", b"\x89PNG\r\n\x1a\n\xff\xfe"), "not text"),
    ]
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # 50 MB: refused by its size, never read
        fh.write(b"{" + b" " * (50 * 1024 * 1024) + b"}")
    cases.append((big, "too large"))
    for path, expect in cases:
        msg = import_file(page, path, expect)
        assert msg.startswith(f"Cannot import '{path.name}'") and "Nothing changed." in msg, msg
        assert page.evaluate(STORED) == stored, path.name
    page.click("#saves-dlg [data-cmd='close']")
    assert position(page) == before
    # the good file still opens
    page.click("#saves-btn")
    page.set_input_files("#import-file", str(good))
    confirm_replace(page)
    page.wait_for_selector("#saves-dlg", state="hidden")
    assert position(page) == before


def test_broken_stored_saves_are_refused_on_continue_and_load(page, base_url):
    start_game(page, base_url, scenario="early", seed=4)
    for _ in range(5):
        step(page)
    auto = json.loads(page.evaluate("localStorage.getItem('vw:autosave:mike-force')"))
    auto["state"]["ip"] = 99  # off the track
    bad = json.dumps(auto)
    page.evaluate("""t => {
        localStorage.setItem('vw:autosave:mike-force', t);
        localStorage.setItem('vw:slot:broken', t.slice(0, 500));
        localStorage.setItem('vw:slots', JSON.stringify({broken: {summary: 'x', saved: 'y'}}));
    }""", bad)
    stored = page.evaluate(STORED)
    page.reload()
    wait_ready(page)
    page.click("#continue")
    page.wait_for_function("document.querySelector('#start-msg').textContent.includes('breaks the rules')")
    assert "IP 99" in page.text_content("#start-msg")
    page.click(".slots [data-slot='broken']")
    page.wait_for_function("document.querySelector('#start-msg').textContent.includes('cut short')")
    assert page.get_attribute("body", "data-screen") == "start"
    assert page.evaluate(STORED) == stored


def test_full_storage_autosave_game_goes_on(page, base_url):
    page.add_init_script("""(() => {
        const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (window.__vw_full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            return set.call(this, k, v);
        };
    })()""")
    start_game(page, base_url, scenario="offensive", seed=9)
    for _ in range(4):
        step(page)
    page.click("#saves-btn")
    page.fill("#slot-name", "safe")
    page.click("#slot-save")
    page.wait_for_selector("#slot-list li")
    page.click("#saves-dlg [data-cmd='close']")
    assert page.get_attribute("body", "data-autosave") == "ok"
    stored = page.evaluate(STORED)
    page.evaluate("window.__vw_full = true")
    n0, h0 = log_len(page), position(page)[2]
    for _ in range(6):
        step(page)
    assert page.get_attribute("body", "data-autosave") == "failed"
    assert "Autosave failed" in page.text_content("#flash") and page.is_visible("#flash")
    assert position(page)[2] != h0 and log_len(page) > n0  # the game went on
    page.click("#saves-btn")
    page.fill("#slot-name", "safe")
    page.click("#slot-save")
    page.wait_for_function("document.querySelector('#saves-msg').textContent.includes('Could not save')")
    assert page.evaluate(STORED) == stored  # the old autosave and the slot are as they were
    page.click("#saves-dlg [data-cmd='close']")
    page.evaluate("window.__vw_full = false")
    step(page)
    assert page.get_attribute("body", "data-autosave") == "ok"


def test_save_and_log_text_is_never_html(page, base_url, tmp_path):
    start_game(page, base_url, scenario="early", seed=6)
    for _ in range(3):
        step(page)
    m = json.loads(page.evaluate("localStorage.getItem('vw:autosave:mike-force')"))
    evil = '<img src=x onerror="window.__pwned=1"><b id="evil">bold</b>'
    m["log"][0]["text"] = evil
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(m))
    page.click("#saves-btn")
    page.set_input_files("#import-file", str(path))
    confirm_replace(page)
    page.wait_for_selector("#saves-dlg", state="hidden")
    assert evil in page.text_content("#log")
    page.click("#saves-btn")
    page.fill("#slot-name", '<i id="evil2">x</i>')
    page.click("#slot-save")
    page.wait_for_selector("#slot-list li")
    assert '<i id="evil2">x</i>' in page.text_content("#slot-list")
    assert page.evaluate("document.querySelectorAll('#evil, #evil2, #log img').length") == 0
    assert page.evaluate("window.__pwned") is None


def test_content_security_policy(page, base_url):
    """Only same-origin resources and the wasm: an inline script does not run (and is reported)."""
    page.goto(base_url)
    wait_ready(page)
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert "default-src 'self'" in csp and "'unsafe-inline'" not in csp
    ran = page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inline_ran = 1';
        document.head.appendChild(s);
        return window.__inline_ran === 1;
    }""")
    assert ran is False
    page.wait_for_function("() => true")
    assert any("CSP violation" in e or "Content Security Policy" in e for e in page.page_errors)
    page.page_errors.clear()  # that violation was the point; nothing else may be reported


def test_same_state_hash_in_cpython_and_browser(page, base_url):
    """Determinism across runtimes: click a random game (undo included) in the browser, then replay
    the seed and the action list under CPython: the same state hash."""
    start_game(page, base_url, scenario="tet", seed=4242)
    rng = random.Random(4242)
    for clicks in range(120):
        if page.get_attribute("body", "data-over") == "1":
            break
        if clicks % 17 == 5 and not page.is_disabled("#undo-btn"):
            click_and_wait(page, "#undo-btn")
            continue
        random_step(page, rng, done_share=0.3)
    got = json.loads(page.evaluate("window.__vw_state()"))
    assert len(got["actions"]) > 40
    m = replay(R, got["scenario"], got["seed"], got["options"], got["actions"], got["dice_mode"])
    assert M.state_hash(m) == got["hash"]
    m2 = M.replay(R, got["scenario"], got["seed"], got["options"], got["actions"], got["dice_mode"])
    assert M.state_hash(m2) == got["hash"]
