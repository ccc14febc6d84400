"""Keyboard and screen readers (issue 13 item 5), the pure part (game/ui/keynav.py): the order Tab
visits the map's targets in, the target an arrow key moves to, the accessible names; and the lit
targets of a selected unit that has none of its own (Vietnam, V 5)."""
import re
from pathlib import Path

import game.rules.vietnam_1965_1975 as R
from game.engine import match as M
from game.ui import keynav
from game.ui.logic import highlights
from tests.v65_positions import answer, starlite, us_operation


def item(key, kind, x, y):
    return {"key": key, "kind": kind, "x": x, "y": y}


ITEMS = [
    item("u:a", "act", 10, 10), item("hl:B", "target", 300, 12), item("hl:A", "target", 100, 5),
    item("hl:C", "target", 50, 200), item("u:s", "stack", 0, 0), item("u:b", "act", 5, 300),
]


def test_tab_visits_lit_places_then_units_that_can_act_in_reading_order():
    # lit places first (row by row, left to right: A and B share a row), then counters that can act;
    # other stacks are reached by the arrows only
    assert keynav.tab_order(ITEMS) == ["hl:A", "hl:B", "hl:C", "u:a", "u:b"]


def test_tab_past_either_end_leaves_the_map():
    order = ["hl:A", "hl:B", "u:a"]
    assert keynav.step(order, "hl:A") == "hl:B"
    assert keynav.step(order, "hl:B", back=True) == "hl:A"
    assert keynav.step(order, "u:a") is None             # the browser's Tab goes on to the panel
    assert keynav.step(order, "hl:A", back=True) is None
    assert keynav.step(order, "u:s") == "hl:A"           # from a stack Tab does not visit: the first
    assert keynav.step(order, "u:s", back=True) == "u:a"
    assert keynav.step([], "u:s") is None


def test_arrows_go_to_the_nearest_target_that_way():
    grid = [item("c", "target", 100, 100), item("r", "target", 200, 110), item("far_r", "target", 400, 100),
            item("u", "act", 105, 20), item("d", "stack", 90, 180), item("l", "target", 20, 95),
            item("diag", "target", 160, 40)]
    assert keynav.nearest(grid, "c", "ArrowRight") == "r"
    assert keynav.nearest(grid, "c", "ArrowLeft") == "l"
    assert keynav.nearest(grid, "c", "ArrowUp") == "u"
    assert keynav.nearest(grid, "c", "ArrowDown") == "d"
    assert keynav.nearest(grid, "l", "ArrowLeft") is None  # nothing that way: the focus stays
    assert keynav.nearest(grid, "nowhere", "ArrowLeft") is None


def test_accessible_names_say_what_is_there_and_what_enter_does():
    assert keynav.counter_name("A/1/7 (Free World) | recon 2", can_act=True) == \
        "A/1/7 (Free World) | recon 2. Can act: Enter selects it"
    assert keynav.counter_name("x", can_act=True, selected=True) == "x. Selected"
    assert keynav.counter_name("x") == "x"
    assert keynav.stack_name("Da Nang", ["a", "b"]) == "Da Nang: stack of 2 counters: a; b. Enter opens the stack"
    assert keynav.stack_name("Da Nang", ["a", "b"], True).endswith("Enter opens the stack (its top counter can act)")
    assert keynav.space_name("Hue (HUE) - major base, SVN", []) == "Hue (HUE) - major base, SVN, empty"
    assert keynav.space_name("4515 mountain", ["a"]) == "4515 mountain, 1 counter: a"
    assert keynav.target_name("Hue", ["Place Camp at Hue"]) == "Hue: Place Camp at Hue. Can be chosen"
    assert keynav.target_name("Hue", ["Lift A", "Exchange B"]) == \
        "Hue: 2 choices (Lift A; Exchange B). Can be chosen: Enter lists them"


def test_help_lists_every_key():
    keys = " ".join(k for k, _ in keynav.KEYS)
    for k in ("Tab", "Shift+Tab", "Enter", "Space", "m", "n", "+", "0", "u", "Esc"):
        assert k in keys


MAP_HEXES = set(re.findall(r'data-space="(\d+)"', (Path(__file__).parents[1] / "static/svg/vietnam_quangngai_map.svg")
                                                   .read_text()))  # the hexes the page's map has


def test_a_unit_picked_to_move_lights_its_steps_while_selected():
    """V 5: a unit picked to move is moved step by step; the steps name no unit. With the unit
    still selected (it was chosen on the map), its steps are lit: without this nothing was."""
    m = us_operation(starlite(seed=3))
    answer(m, t="pick", u="hq7")
    v = M.view(R, m, role="US")
    acts = v["actions"]
    spaces = MAP_HEXES
    steps = {a["to"] for a in acts if a["t"] == "step"}
    assert steps
    assert set(highlights(acts, spaces, "hq7", ("hex", "to"))) == steps
    assert set(highlights(acts, spaces, None, ("hex", "to"))) == steps
    # a selection with targets of its own still lights only them
    m2 = us_operation(starlite(seed=3))
    acts2 = M.view(R, m2, role="US")["actions"]
    assert steps <= spaces
    assert highlights(acts2, spaces, "hq7", ("hex", "to")) == {}  # its one action, "pick", has no place
    assert set(highlights(acts2, spaces, None, ("hex", "to"))) == {"5220"}  # the stack's move
