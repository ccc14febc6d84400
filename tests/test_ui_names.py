"""The names service (game/ui/names.py): each game names its own places, actors and kinds of action
(its UI module's NAMES), and the shared naming of a view (Naming) applies them; every optional
GameUI attribute has its declared default; a stack shows the side at the screen first."""
import pytest

from game.engine import match as M
from game.rules import get
from game.ui import hints
from game.ui.games import OPTIONAL, REQUIRED, GameUI, games, ui_for
from game.ui.logic import actors, grouped, side_groups, split_sides, stack_order
from game.ui.names import ENGINE_TYPES, Names, Naming

MF, FT, V = "mike-force", "first-team", "vietnam-1965-1975"


def _naming(gid, v):
    ui = ui_for(gid)

    def piece(pid):
        return next((p for p in ui.all_pieces(v) if p.get("id") == pid), None)
    return Naming(ui.NAMES, v, ui.stacks(v), piece, ui.title_of)


def _start(gid, scenario, seed=1):
    rules = get(gid)
    m = M.new_match(rules, scenario, seed, {}, "auto")
    role = M.current_role(rules, m) if len(rules.roles) > 1 else None
    return rules, m, role, M.view(rules, m, role=role)


# ---- the game modules' contract -------------------------------------------------------------------
@pytest.mark.parametrize("gid", [g for g, _ in games()])
def test_every_game_has_every_gameui_attribute(gid):
    ui = ui_for(gid)
    for name in REQUIRED + OPTIONAL:
        assert hasattr(ui, name), (gid, name)
    assert isinstance(ui.NAMES, Names)
    assert ui.ID == gid


def test_the_protocol_declares_every_attribute_with_its_default():
    """REQUIRED and OPTIONAL are the Protocol's members, and every optional one has a value there."""
    declared = set(GameUI.__annotations__) | {k for k, x in vars(GameUI).items()
                                              if isinstance(x, staticmethod) or callable(x) and not k.startswith("_")}
    assert set(REQUIRED) | set(OPTIONAL) == declared - {k for k in declared if k.startswith("_")}
    assert not set(REQUIRED) & set(OPTIONAL)
    for name in OPTIONAL:
        assert name in vars(GameUI), name


def test_a_game_leaving_an_option_out_gets_the_protocol_default():
    mf = ui_for(MF)  # Mike Force declares no phone views, no dialog, no overlay, no map per area
    assert mf.PHONE_VIEWS == () and mf.FIT_NARROW is None and mf.MAPS == {} and mf.DEFAULT_AREA is None
    assert mf.MAIN_TYPES == ("done",)
    assert mf.action_dialog(None, {}) is False
    assert mf.overlay(None, {}, None) is None
    assert mf.area_of({"state": {}}) is None
    pieces = [{"id": "c", "side": "COM"}, {"id": "f", "side": "FW"}]
    assert mf.inspect_groups(pieces, "FW") == [("Your units", [pieces[1]]), ("Enemy", [pieces[0]])]
    v = ui_for(V)  # Vietnam declares its own
    assert v.MAIN_TYPES != ("done",) and v.DEFAULT_AREA == "quangngai" and v.FIT_NARROW is not None


# ---- kinds of action ---------------------------------------------------------------------------
def test_type_names_are_each_games_own():
    mf, ft, v = ui_for(MF).NAMES, ui_for(FT).NAMES, ui_for(V).NAMES
    assert mf.type_name("bcp") == "Allocate BCP" and mf.type_name("talon") == "Combat Talon"
    assert ft.type_name("lift") == "Helicopter lift" and ft.type_name("adj") == "Adjacent support"
    # Vietnam's own names are read (they were shadowed by the other games' list before)
    assert v.type_name("place") == "Set up" and mf.type_name("place") == "Place"
    assert v.type_name("us_op") == "US operation" and v.type_name("end") == "End the phase"
    assert ft.type_name("bcp") == "Bcp"  # a Mike Force name is not First Team's
    for names in (mf, ft, v):
        for t, name in ENGINE_TYPES.items():  # the engine's own actions, named alike in every game
            assert names.type_name(t) == name
        assert names.type_name("halt_now") == "Halt_now"  # unnamed: the type itself


def test_the_panel_lists_kinds_of_action_in_the_games_order():
    acts = [{"t": "unit", "unit": "a"}, {"t": "step", "unit": "b"}, {"t": "target", "unit": "c"},
            {"t": "pref", "unit": "d"}, {"t": "place", "unit": "e"}, {"t": "done"}]
    v = ui_for(V).NAMES
    order = [t for t, _ in grouped(acts, rank=v.rank)]
    assert order == ["place", "target", "unit", "step", "pref"]  # ranked first, the others as listed
    ft = ui_for(FT).NAMES
    assert [t for t, _ in grouped([{"t": "lz"}, {"t": "retreat"}, {"t": "move"}, {"t": "refit"}], rank=ft.rank)] \
        == ["refit", "move", "lz", "retreat"]


# ---- places and actors ---------------------------------------------------------------------------
def test_mike_force_names_its_pool_kinds_and_boxes():
    _, _, _, v = _start(MF, "early")
    n = _naming(MF, v)
    assert list(actors(v["actions"])) == ["kind:camp"]  # the set-up places camps from the pool
    assert n.actor("kind:camp") == "SF Camp (pool)"
    assert n.selection("kind:camp") == "SF Camp (pool)"
    assert n.where("kind:camp") == "Pools"
    assert n.actor("kind:nothing") == "nothing"
    assert n.place("NHA_TRANG") == "Nha Trang"
    assert n.place("DN") == v["spaces"]["DN"]["name"]
    pid = v["spaces"]["DN"]["pieces"][0]["id"]
    assert n.actor(pid) == f"{v['spaces']['DN']['pieces'][0]['name']} · {n.place('DN')}"
    assert n.where(pid) == n.place("DN")
    assert n.selection(pid) == ui_for(MF).title_of(v["spaces"]["DN"]["pieces"][0])  # the counter in words


def test_first_team_names_its_zone_boxes():
    _, _, _, v = _start(FT, "campaign")
    n = _naming(FT, v)
    zone = next(iter(v["zone_display"]))
    assert n.place("Z" + zone) == f"Zone {zone}"
    assert n.place("ANKHE") == "An Khe"
    assert n.place("ZZZ") == "ZZZ"  # not a zone of the view: its key
    assert n.actor("at:ANKHE") == f"Stack of {len(v['boxes']['An Khe'])} at An Khe"
    assert n.where("at:ANKHE") == "An Khe"
    assert n.actor("D2") == "from " + n.place("D2")
    assert n.zone_of("D2") == v["spaces"]["D2"]["zone"]
    # the other games' keys mean nothing here
    assert n.actor("kind:camp") == "kind:camp" and n.where("kind:camp") == ""
    assert _naming(MF, _start(MF, "early")[3]).place("Z" + zone) == "Z" + zone


def test_vietnam_names_hexes_from_the_view():
    _, _, role, v = _start(V, "starlite")
    n = _naming(V, v)
    hex_ = next(h for h, sp in v["spaces"].items() if len(sp["pieces"]) > 1)
    assert n.place(hex_) == v["spaces"][hex_].get("name", hex_) == hex_  # a hex is named by its number
    p = v["spaces"][hex_]["pieces"][0]
    assert n.actor(p["id"]) == f"{p['name']} · {hex_}" and n.where(p["id"]) == hex_
    assert n.short("at:" + hex_) == f"Stack of {len(v['spaces'][hex_]['pieces'])} at {hex_}"
    assert n.actor("ps1") == "ps1"  # not in the view yet (the NLF's set-up places it): its key


def test_some_names_a_few_actors():
    _, _, _, v = _start(MF, "early")
    n = _naming(MF, v)
    ids = [p["id"] for sp in v["spaces"].values() for p in sp["pieces"]][:5]
    assert n.some(ids[:1]) == n.short(ids[0])
    text = n.some(ids, 2)
    assert text.startswith("one of: ")
    assert len(set(n.short(k) for k in ids)) <= 2 or text.endswith("…")


def test_a_click_that_does_nothing_says_whom_to_select():
    _, _, _, v = _start(MF, "early")
    n = _naming(MF, v)
    acts = v["actions"]
    spaces = dict.fromkeys(list(v["spaces"]) + ["NHA_TRANG"])
    to = acts[0]["to"]
    msg = hints.nothing_at(n, acts, spaces, ("to",), to, None, {})
    assert msg == f"{n.place(to)}: select SF Camp (pool) first, then {n.place(to)}"
    sel = [p["id"] for p in v["spaces"]["DN"]["pieces"]][0]
    msg = hints.nothing_at(n, acts, spaces, ("to",), to, sel, {})
    assert msg.startswith(f"{n.place(to)}: {n.short(sel)} cannot act there; select SF Camp (pool)")
    assert hints.unit_idle(n, sel, None) == f"{n.short(sel)}: no action for it now; select a unit that glows, then its target"


# ---- the side at the screen first ------------------------------------------------------------------
def test_a_stack_shows_the_side_at_the_screen_first():
    pieces = [{"id": "u", "side": "US"}, {"id": "n", "side": "NLF"}, {"id": "a", "side": "US"}]
    assert split_sides(pieces, "NLF") == ([pieces[1]], [pieces[0], pieces[2]])
    assert split_sides(pieces, "US") == ([pieces[0], pieces[2]], [pieces[1]])
    assert side_groups(pieces, "NLF") == [("Your units", [pieces[1]]), ("Enemy", [pieces[0], pieces[2]])]
    assert side_groups([pieces[0]], "NLF") == [("Enemy", [pieces[0]])]


def test_a_vietnam_stack_shows_its_battalions_above_its_artillery_and_hq():
    """Issue 45 item 8: 'a stack of 4 shows the HQ on top of the battalions about to attack'; the game's
    stack_rank orders what nothing else decides (V 18.2 counters); the selected unit still comes first."""
    rank = ui_for(V).stack_rank
    hq, art = {"id": "hq", "type": "hq"}, {"id": "art", "type": "art"}
    inf, mech = {"id": "b1", "type": "inf"}, {"id": "b2", "type": "mech"}
    assert [p["id"] for p in stack_order([hq, art, inf, mech], rank=rank)] == ["b1", "b2", "art", "hq"]
    assert [p["id"] for p in stack_order([hq, art, inf], selected="hq", rank=rank)] == ["hq", "b1", "art"]
    assert [p["id"] for p in stack_order([hq, inf], can_act={"hq"}, rank=rank)] == ["hq", "b1"]
    assert ui_for(MF).stack_rank({"type": "hq"}) == 0  # the default keeps the engine's order
