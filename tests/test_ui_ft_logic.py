"""The UI's pure helpers on a First Team: Vietnam view: every legal action is reachable, and the
map highlights point at locations and boxes the engine names (no rules in the UI)."""
from game.engine import match as M
from game.rules import get
from game.ui.logic import grouped, dones, highlights, split_sides, target_space

FT_KEYS = ("to", "loc", "box")  # game/ui/games/first_team.py TARGET_KEYS (that module needs the browser)


def _anchors(v):
    out = dict(v["spaces"])
    out.update({"Z" + z: None for z in v["zone_display"]})
    out.update({k: None for k in ("ANKHE", "REFIT", "UNKNOWN", "ELIM")})
    return out


def test_every_action_in_the_panel_and_highlights_on_the_map():
    r = get("first-team")
    m = M.new_match(r, "campaign", 5, r.default_options(), "auto")
    seen = set()
    for _ in range(120):
        v = M.view(r, m)
        acts = v["actions"]
        if not acts:
            break
        listed = {i for _, items in grouped(acts) for i, _ in items} | {i for i, _ in dones(acts)}
        assert listed == set(range(len(acts)))  # nothing selected: every action has a button
        hl = highlights(acts, _anchors(v), None, FT_KEYS)
        for sid, idxs in hl.items():
            for i in idxs:
                assert target_space(acts[i], _anchors(v), FT_KEYS) == sid
                seen.add(acts[i]["t"])
        a = next((a for a in acts if a["t"] != "done"), acts[0])
        M.apply(r, m, {k: x for k, x in a.items() if k != "label"})
    assert "lz" in seen


def test_split_sides_us_first():
    us, nva = split_sides([{"side": "NVA", "id": "n"}, {"side": "US", "id": "u"}], "US")  # the player's side
    assert [p["id"] for p in us] == ["u"] and [p["id"] for p in nva] == ["n"]


def test_long_lists_split_into_groups_holding_every_action():
    """Every action of a long type lands in exactly one sub-group (by unit first)."""
    from game.ui.logic import BIG_GROUP, subgroups
    r = get("first-team")
    m = M.new_match(r, "campaign", 5, r.default_options(), "auto")
    seen_long = set()
    for _ in range(200):
        v = M.view(r, m)
        acts = v["actions"]
        if not acts:
            break
        zone_of = lambda place: (v["spaces"].get(place) or {}).get("zone")  # noqa: E731
        for t, items in grouped(acts):
            if len(items) <= BIG_GROUP:
                continue
            seen_long.add(t)
            subs = subgroups(items, None, zone_of)
            got = [i for _, _, its in subs for i, _ in its]
            assert sorted(got) == sorted(i for i, _ in items)
            assert len({k for k, _, _ in subs}) == len(subs)
            if t in ("lift", "move"):
                assert all(len({a.get("unit") for _, a in its}) == 1 for _, _, its in subs)
        a = next((a for a in acts if a["t"] != "done"), acts[0])
        M.apply(r, m, {k: x for k, x in a.items() if k != "label"})
    assert {"lift", "move"} <= seen_long or "lift" in seen_long


def test_nothing_selected_lights_only_places_chosen_for_themselves():
    """Issue 9 item 4: with nothing selected no unit's target is lit (a click meant to look at a
    stack never flies the pathfinders); selecting the pathfinder counter lights its flights."""
    from game.ui.logic import actor_of, involved
    r = get("first-team")
    m = M.new_match(r, "campaign", 5, r.default_options(), "auto")
    for _ in range(400):
        acts = M.legal_actions(r, m)
        if any(a["t"] == "pathfinder" for a in acts):
            break
        a = next((a for a in acts if a["t"] not in ("done", "pathfinder")), acts[0])
        if a["t"] == "lz" or not any(x["t"] == "lift" for x in acts):
            a = next((a for a in acts if a["t"] == "done"), a) if a["t"] != "lz" else a
        M.apply(r, m, a)
    v = M.view(r, m)
    acts = v["actions"]
    assert any(a["t"] == "pathfinder" for a in acts)
    hl = highlights(acts, _anchors(v), None, FT_KEYS)
    assert all(actor_of(acts[i]) is None for idxs in hl.values() for i in idxs)
    pf = next(a["by"] for a in acts if a["t"] == "pathfinder")
    lit = highlights(acts, _anchors(v), pf, FT_KEYS)
    assert lit and {acts[i]["t"] for idxs in lit.values() for i in idxs} == {"pathfinder"}
    assert pf in involved(acts)


def test_groups_never_named_by_index_range_and_amounts_as_a_stepper():
    """Issue 45 item 7: actions that differ only in an amount are one stepper (logic.grid), not a
    wall of buttons: First Team's supply 1..14, Vietnam's Air Points 0-4 by the cruiser 0-1."""
    from game.ui.logic import grid, subgroups
    items = [(i, {"t": "buy", "n": i + 1, "label": f"Buy {i + 1} supply counter(s) ({i + 1} CP)"}) for i in range(14)]
    g = grid(items)
    assert g["keys"] == ["n"] and g["values"]["n"] == list(range(1, 15))
    assert g["at"] == {str(i + 1): i for i in range(14)}
    assert grid([(j, {"t": "x", "n": j + 1, "to": "AB"[j % 2]}) for j in range(5)]) is None  # something else differs
    assert grid(items[:3]) is None  # a few buttons stay buttons
    sup = [(10 + 2 * n + k, {"t": "support", "ap": n, "ship": k, "label": f"{n} AP"}) for n in range(5) for k in (0, 1)]
    g = grid(sup, ("ap", "ship"))
    assert g["keys"] == ["ap", "ship"] and g["values"] == {"ap": [0, 1, 2, 3, 4], "ship": [0, 1]}
    assert g["at"]["3 1"] == 17
    assert grid(sup) is None  # ap and ship are no amounts unless the game says so
    tokens = [(j, {"t": "recon", "unit": "sf1", "token": j + 1}) for j in range(4)]
    assert grid(tokens) is None  # a number that names a thing (Mike Force's recon token) is no amount
    subs = subgroups([(i, {"t": "x", "label": f"choice {i}"}) for i in range(45)])
    assert sum(len(s[2]) for s in subs) == 45
    import re
    assert not any(re.fullmatch(r"\d+-\d+", title) for _, title, _ in subs)


def test_a_lone_unplaced_actor_has_its_places_lit_without_a_selection():
    """Issue 45 item 4 (Vietnam's set-up, V 18.2): a unit being set up has no counter on the table
    to select; when it is the only actor with places and the game asks (LIGHT_UNPLACED), its
    places are lit at once. A unit on the map, or two actors, still wait for a selection."""
    spaces = {"5219": (0, 0, 1), "5320": (1, 0, 1)}
    acts = [{"t": "place", "u": "vc1", "hex": "5219"}, {"t": "place", "u": "vc1", "hex": "5320"}]
    keys = ("hex",)
    assert highlights(acts, spaces, None, keys) == {}
    assert highlights(acts, spaces, None, keys, unplaced=lambda k: True) == {"5219": [0], "5320": [1]}
    assert highlights(acts, spaces, None, keys, unplaced=lambda k: False) == {}  # its counter is there: select it
    two = acts + [{"t": "place", "u": "ps1", "hex": "5219"}]
    assert highlights(two, spaces, None, keys, unplaced=lambda k: True) == {}

