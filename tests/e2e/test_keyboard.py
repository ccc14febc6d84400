"""Keyboard and screen readers (issue 13 item 5), in each game: part of a turn played by keyboard
only (Tab or m to a lit target on the map, Enter takes it as a click would, the selection and the
targets it lights, the state after), the accessible names of places and counters (printed names
and values, never a hidden identity), the zoom buttons never keeping the focus, the main-button
key."""
import json
import re

from game.engine import match as M
from game.rules import get

from .ft_ui import start_ft
from .kb_ui import assert_focus_on_lit_target, focused, map_labels, press, press_main, ring, tab_on_map_until, tab_until
from .mf_ui import log_len, rev, start_game, wait_rev_after
from .v65_ui import open_match, page_match, starlite, us_operation


def page_state(page, game):
    """The match in the page, rebuilt in CPython from its seed and actions (same hash)."""
    d = json.loads(page.evaluate("window.__vw_state()"))
    rules = get(game)
    m = M.replay(rules, d["scenario"], d["seed"], d["options"], d["actions"], d["dice_mode"])
    assert M.state_hash(m) == d["hash"]
    return m


def hidden_names(rules, state, role=None, name=None):
    """The units the player may not identify, and their names that no unit it sees also bears
    (`name(state, uid)`: the game's own name of a unit; default its "name" field)."""
    ids = set(rules.hidden_ids(state, role) if role else rules.hidden_ids(state))
    name = name or (lambda s, uid: s["units"][uid].get("name"))
    shown = {str(name(state, uid)) for uid in state["units"] if uid not in ids}
    return ids, {str(name(state, i)) for i in ids} - shown


def where(page, unit):
    """The place whose stack holds `unit` on the map (None if it is not on the map)."""
    return page.evaluate("u => { const c = document.querySelector(`#map [data-unit=\"${u}\"]`);"
                         " const s = c && c.closest('[data-stack]'); return s ? s.getAttribute('data-stack') : null }",
                         unit)


# ---- Mike Force ------------------------------------------------------------------------------------
def test_mike_force_set_up_and_a_move_by_keyboard(page, base_url):
    start_game(page, base_url, scenario="early", seed=1)
    assert page.locator("#map .vw-hl").count() == 0  # nothing lit before the camp is chosen
    # the panel's "SF Camp" entry, by Tab; Enter chooses it and the focus goes to its first lit place
    tab_until(page, "#actions .entry[data-cmd='pick']")
    press(page, "Enter")
    assert "Selected: SF Camp (pool)" in page.text_content("#actions .selinfo")
    n_lit = page.locator("#map .vw-hl").count()
    assert n_lit == 19
    first = assert_focus_on_lit_target(page)
    assert re.match(r"^[A-Z][\w ]+: Place Camp at [\w ]+\. Can be chosen$", first["label"]), first["label"]
    # Tab and Shift+Tab walk the lit places; an arrow goes to the nearest target that way
    page.keyboard.press("Tab")
    second = assert_focus_on_lit_target(page)
    assert second["kbd"] != first["kbd"]
    page.keyboard.press("Shift+Tab")
    assert focused(page)["kbd"] == first["kbd"]
    seen = {first["kbd"]}
    for k in ("ArrowDown", "ArrowRight", "ArrowDown"):
        page.keyboard.press(k)
        f = focused(page)
        assert f["inMap"] and f["kbd"], f
        seen.add(f["kbd"])
    assert len(seen) >= 2
    # Enter takes the place in focus: a camp there, the count down, the focus on a lit place again
    f = assert_focus_on_lit_target(page)
    place = f["kbd"][3:]
    n = log_len(page)
    press(page, "Enter")
    assert "(3 to place)" in page.text_content("#prompt") and log_len(page) > n
    assert "Camp" in page.get_attribute(f'#map [data-space="{place}"]', "aria-label")
    m = page_state(page, "mike-force")
    assert any(u.get("loc") == place and "camp" in str(u.get("cls", "")) + str(u.get("kind", "")) + uid
               for uid, u in m["state"]["units"].items()), place
    assert_focus_on_lit_target(page)
    for left in (2, 1):  # the other camps: Enter, Enter
        press(page, "Enter")
        assert f"({left} to place)" in page.text_content("#prompt")
    press(page, "Enter")
    assert "A-Team" in page.text_content("#prompt")
    # the A-Teams the same way, then the panel's buttons by Tab and Enter until the Recruiting Phase
    tab_until(page, "#actions .entry[data-cmd='pick']")
    press(page, "Enter")
    for _ in range(6):
        assert_focus_on_lit_target(page)
        press(page, "Enter")
    for _ in range(6):
        if "Recruiting Phase" in page.text_content("#prompt"):
            break
        f = focused(page)
        if not (f and f["lit"]):  # a unit chosen in the panel sends the focus to its target (or its actions)
            tab_until(page, "#actions [data-action], #actions .entry[data-cmd='pick']")
        press(page, "Enter")
    assert "Recruiting Phase" in page.text_content("#prompt")
    # n presses the main button (End the phase); it warns of the points left unspent: Enter says yes
    assert page.text_content("#main-acts .primary").startswith("End")
    press_main(page)
    assert "Movement Phase" in page.text_content("#prompt")
    # m: to the map; with nothing selected Tab visits the units that can act; Enter selects one
    # and the focus goes to the first place it can go to; Enter moves it there
    page.keyboard.press("m")
    f = focused(page)
    assert f["inMap"] and f["kbd"].startswith("u:") and "act" in f["cls"], f
    unit = f["kbd"][2:]
    start = where(page, unit)
    if ": stack of" in f["label"]:  # the top of a stack: Enter opens it (as a click), its counters spread
        assert "Enter opens the stack (its top counter can act)" in f["label"]
        press(page, "Enter")
        assert page.locator(f'#map [data-stack="{start}"].open').count() == 1
        f = focused(page)
        assert f["kbd"] == f"u:{unit}", f
    assert "Can act: Enter selects it" in f["label"], f
    press(page, "Enter")
    assert page.locator(f'#map [data-unit="{unit}"].sel').count() == 1
    assert page.locator("#actions .selinfo").count() == 1
    t = assert_focus_on_lit_target(page)
    dest = t["kbd"][3:]
    page.keyboard.press("Tab")
    nxt = assert_focus_on_lit_target(page)
    assert nxt["kbd"] != t["kbd"]
    page.keyboard.press("Shift+Tab")
    before = rev(page)
    page.keyboard.press("Enter")
    if page.locator("#chooser:not([hidden])").count():  # several actions on that place: the chooser, in focus
        assert focused(page)["action"] is not None
        page.keyboard.press("Enter")
    wait_rev_after(page, before)
    assert where(page, unit) == dest != start
    m = page_state(page, "mike-force")
    assert m["state"]["units"][unit]["loc"] == dest
    assert focused(page)["inMap"]  # the player goes on from the map


def test_escape_clears_the_selection_and_the_focus_stays_on_the_map(page, base_url):
    start_game(page, base_url, scenario="early", seed=1)
    tab_until(page, "#actions .entry[data-cmd='pick']")
    press(page, "Enter")
    assert_focus_on_lit_target(page)
    press(page, "Escape")  # as with the mouse: the selection goes, nothing is lit
    assert page.locator("#actions .selinfo").count() == 0 and page.locator("#map .vw-hl").count() == 0
    f = focused(page)
    assert f and f["inMap"] and f["kbd"].startswith("u:") and ring(page)["for"] == f["kbd"], f


def test_mike_force_accessible_names_never_name_a_concealed_unit(page, base_url):
    start_game(page, base_url, scenario="early", seed=1)
    from game.rules.mike_force.board import name_of
    m = page_state(page, "mike-force")
    ids, names = hidden_names(get("mike-force"), m["state"], name=name_of)
    assert ids and {"VC Infantry", "NVA Infantry Regiment", "Deception (mobile)"} <= names
    labels = map_labels(page)
    text = "\n".join(lab for _, _, lab in labels)
    for nm in names:
        assert nm not in text, f"concealed unit {nm!r} named on the map"
    concealed = [lab for k, role, lab in labels if k.startswith("u:") and "Concealed Communist unit" in lab]
    assert concealed, "no concealed counter named on the map"
    # every place is named with its terrain and what stands there, as a screen reader reads it
    da_nang = page.get_by_role("group", name=re.compile(r"^Da Nang \(DN\) - major base, SVN, 2 counters: "))
    assert da_nang.count() == 1
    assert "Transport Helicopter (Free World) | recon 1, combat 2, air-mobile" in da_nang.get_attribute("aria-label")
    stack = page.get_by_role("button", name=re.compile(r"^Da Nang: stack of 2 counters: Transport Helicopter"))
    assert stack.count() == 1 and "Enter opens the stack" in stack.get_attribute("aria-label")
    for k, role, lab in labels:
        assert lab.strip(), k
        if k.startswith("u:"):
            assert role == "button"


# ---- First Team: Vietnam -----------------------------------------------------------------------------
def test_first_team_lz_markers_and_a_lift_by_keyboard(page, base_url):
    start_ft(page, base_url, seed=1)
    # the LZ places are lit with nothing selected: m goes to the first, Enter places a marker there
    page.keyboard.press("m")
    f = assert_focus_on_lit_target(page)
    assert "LZ marker at" in f["label"]
    place = f["kbd"][3:]
    press(page, "Enter")
    assert "11 left" in page.text_content("#prompt")
    assert "LZ marker, face down" in page.get_attribute(f'#map [data-space="{place}"]', "aria-label")
    m = page_state(page, "first-team")
    assert any(u.get("loc") == place for uid, u in m["state"]["units"].items() if uid.startswith("lz")) or \
        place in json.dumps(m["state"]), place
    for left in range(10, -1, -1):
        f = assert_focus_on_lit_target(page)
        page.keyboard.press("Tab")  # another place each time (two per zone at most)
        assert_focus_on_lit_target(page)
        press(page, "Enter")
        if left:
            assert f"{left} left" in page.text_content("#prompt")
    assert "Intelligence Phase" in page.text_content("#prompt")
    # n: the main button (no flip, no identify), then the Supply Segment's
    press_main(page)
    assert "Supply Segment" in page.text_content("#prompt")
    press_main(page)
    assert "Transport Segment" in page.text_content("#prompt")
    # the units wait at An Khe: Enter on its stack opens it in the inspector; Tab to a company there,
    # Enter selects it and the focus goes to the first LZ it can be lifted to; Enter lifts it
    page.keyboard.press("m")
    f = tab_on_map_until(page, lambda f: f["stack"] == "ANKHE")
    assert "act" in f["cls"] and f["label"].startswith("An Khe: stack of"), f
    press(page, "Enter")
    assert page.get_attribute("#inspector", "data-place") == "ANKHE"
    c = tab_until(page, "#inspector svg.insp-ctr.act[data-unit]")
    unit = c["unit"]
    assert "Enter selects it" in c["label"]
    press(page, "Enter")
    assert page.locator("#actions .selinfo").count() == 1
    t = assert_focus_on_lit_target(page)
    dest = t["kbd"][3:]
    before = rev(page)
    page.keyboard.press("Enter")
    if page.locator("#chooser:not([hidden])").count():  # a lift and an exchange to that LZ
        assert focused(page)["action"] is not None
        page.keyboard.press("Escape")  # Esc closes the chooser: the focus back on the place
        assert page.locator("#chooser:not([hidden])").count() == 0
        assert focused(page)["kbd"] == t["kbd"]
        page.keyboard.press("Enter")
        assert focused(page)["action"] is not None
        page.keyboard.press("Enter")  # the first choice
    wait_rev_after(page, before)
    m = page_state(page, "first-team")
    assert m["state"]["units"][unit]["loc"] == dest
    assert unit in (page.get_attribute(f'#map [data-stack="{dest}"]', "data-units") or "").split()


def test_first_team_names_face_down_markers_only_as_seen(page, base_url):
    start_ft(page, base_url, seed=1)
    labels = map_labels(page)
    text = "\n".join(lab for _, _, lab in labels)
    from game.rules.first_team.board import uname
    m = page_state(page, "first-team")
    ids, names = hidden_names(get("first-team"), m["state"], name=uname)
    names -= {"LZ marker"}  # its face is public, its validity hidden (checked below)
    assert ids and names
    for nm in names:
        assert nm not in text, f"hidden unit {nm!r} named on the map"
    zone = page.get_by_role("group", name=re.compile(r"^Zone A box \(Zone Display\)"))
    assert zone.count() == 1
    assert page.get_by_role("group", name=re.compile(r"^An Khe, \d+ counters: ")).count() == 1
    assert "valid LZ" not in text  # an LZ marker's side is unknown until it is flipped


# ---- Vietnam 1965-1975 ---------------------------------------------------------------------------------
def test_vietnam_move_by_keyboard_and_face_down_names(page, base_url, tmp_path):
    m = us_operation(starlite(seed=3))
    open_match(page, base_url, m, tmp_path)
    press(page, "Enter")  # the hand-over: Enter is its Continue
    assert page.get_attribute("body", "data-viewer") == "US"
    # accessible names: the face-down VC counters only as the US sees them (V 10)
    labels = map_labels(page)
    text = "\n".join(lab for _, _, lab in labels)
    ids, names = hidden_names(get("vietnam-1965-1975"), page_match(page)["state"], "US")
    assert ids
    for i in ids:
        assert f"u:{i}" not in [k for k, _, _ in labels]
    for nm in names:
        assert nm not in text, f"face-down unit {nm!r} named"
    down = [lab for k, _, lab in labels if k.startswith("u:") and lab.startswith("Face-down VC unit")]
    assert len(down) == 2
    assert page.get_by_role("group", name=re.compile(r"^5219 .*1 counter: Face-down VC unit")).count() == 1
    marines = [lab for k, _, lab in labels if k.startswith("u:") and "3/7 Marines; US" in lab]
    assert marines and "ground 3, artillery 0, movement" in marines[0], marines
    # m: the first unit that can act; Enter selects it, the focus goes to its first lit hex; Enter moves
    page.keyboard.press("m")
    # past the lit stack moves, to a counter of the 3/7 Marines' stack
    f = tab_on_map_until(page, lambda f: f["stack"] == "5220" and "act" in f["cls"])
    unit = f["kbd"][2:]
    start = where(page, unit)
    if ": stack of" in f["label"]:  # the top of a stack: Enter spreads it, its counters one by one
        press(page, "Enter")
        assert focused(page)["kbd"] == f["kbd"]
    press(page, "Enter")
    assert page.locator(f'#map [data-unit="{unit}"].sel').count() == 1
    # it has no map target yet (a unit is moved once picked to move, V 5): the focus goes to its
    # action in the panel; Enter there, and the focus goes to the first hex it can move to
    b = focused(page)
    assert b["tag"] == "button" and b["text"].startswith("Move ") and b["action"] is not None, b
    n = len(page_match(page)["actions"])
    press(page, "Enter")
    assert len(page_match(page)["actions"]) == n + 1
    assert_focus_on_lit_target(page)
    t = tab_on_map_until(page, lambda f: f["kbd"] == "hl:5120")  # not into the VC's hex
    # the ring names the step's cost (which unit is on top, and so the cost, follows the stack order: V 18.2)
    assert re.fullmatch(r"5120: To 5120 \(\d+ MP\)\. Can be chosen", t["label"]), t["label"]
    dest = t["kbd"][3:]
    n = len(page_match(page)["actions"])
    before = rev(page)
    page.keyboard.press("Enter")
    if page.locator("#chooser:not([hidden])").count():
        page.keyboard.press("Enter")
    wait_rev_after(page, before)
    assert where(page, unit) == dest != start
    assert len(page_match(page)["actions"]) == n + 1
    # halt it there (its panel button, by Tab), then n: the main button (Finish moving)
    tab_until(page, '#actions [data-t="halt"]')
    press(page, "Enter")
    assert page.text_content("#main-acts .primary") == "Finish moving"
    op = page.get_attribute("[data-op-panel]", "data-op-panel")
    press_main(page)
    assert len(page_match(page)["actions"]) == n + 3
    assert page.get_attribute("[data-op-panel]", "data-op-panel") != op


# ---- every game: zoom buttons, zoom keys, Escape, help --------------------------------------------
def test_zoom_buttons_never_keep_the_focus(page, base_url):
    start_ft(page, base_url, seed=1)
    page.keyboard.press("m")
    f = assert_focus_on_lit_target(page)
    vb = page.get_attribute("#map", "data-vb")
    page.click('[data-cmd="zoom-in"]')  # the mouse: the button does not take the focus
    assert page.get_attribute("#map", "data-vb") != vb
    assert focused(page)["kbd"] == f["kbd"]
    page.evaluate("document.querySelector('[data-cmd=\"zoom-out\"]').focus()")  # nor when given it
    assert focused(page)["kbd"] == f["kbd"]
    assert page.get_attribute('[data-cmd="zoom-fit"]', "tabindex") == "-1"  # out of the Tab order
    # the keys zoom instead: + in, - out, 0 fits; the focus stays where it is
    page.keyboard.press("0")
    fit = page.get_attribute("#map", "data-vb")
    page.keyboard.press("+")
    zin = page.get_attribute("#map", "data-vb")
    assert float(zin.split()[2]) < float(fit.split()[2])
    page.keyboard.press("-")
    assert float(page.get_attribute("#map", "data-vb").split()[2]) > float(zin.split()[2])
    page.keyboard.press("0")
    assert page.get_attribute("#map", "data-vb") == fit
    assert focused(page)["kbd"] == f["kbd"] and ring(page)["for"] == f["kbd"]
    # Escape leaves the map as it was (nothing selected: nothing to clear); the help lists the keys
    page.click('[data-cmd="help"]')
    page.click('[data-tab="controls"]')
    keys = page.text_content("#help-keys")
    for k in ("Tab", "Shift+Tab", "Enter", "Space", "m", "n", "Esc"):
        assert k in keys
    assert "press the main button" in keys


def test_a_mouse_press_never_focuses_a_map_target(page, base_url):
    """The ring is for the keyboard: a click on a lit place acts and leaves no focus on the map."""
    start_ft(page, base_url, seed=1)
    before = rev(page)
    page.locator("#map .vw-hl[data-action]").first.click()
    wait_rev_after(page, before)
    f = focused(page)
    assert not (f and f["inMap"]), f
    assert ring(page) is None
