"""The panel's list of units that can act, by place (game/ui/render_panels.py _entries; issue 47):
each place a panel part of its own, made once per view, and a campaign's long list shown by its
places folded whole behind one button that holds their actions when there are more than ENTRY_PLACES."""
from game.ui import render_panels as P
from game.ui.names import Names, Naming


def _table(n):
    stacks = {f"h{i}": [{"id": f"u{i}", "name": f"Unit {i}"}] for i in range(n)}
    v = {"spaces": {f"h{i}": {"name": f"Hex {i}"} for i in range(n)}}
    naming = Naming(Names({"unit": "Operate with"}), v, stacks, lambda pid: None, lambda p: "")
    acts = [{"t": "unit", "u": f"u{i}", "label": f"Operate with Unit {i}"} for i in range(n)]
    return acts, {f"u{i}": [i] for i in range(n)}, naming


def test_a_long_list_is_folded_behind_one_button_that_holds_every_action():
    acts, by_actor, naming = _table(P.ENTRY_PLACES + 7)
    out = []
    P._entries(out, by_actor, acts, None, naming)
    assert 'data-group="ent-hint"' in out[0][:60] and f"{P.ENTRY_PLACES + 7} can act" in out[0]
    assert "(or below)" not in out[0]  # nothing is listed below
    assert not [p for p in out if 'data-group="place:' in p[:60]]
    more = out[-1]
    assert 'data-cmd="more-places"' in more
    assert f"List the {P.ENTRY_PLACES + 7} units that can act ({P.ENTRY_PLACES + 7} places)" in more
    # the button holds every entry's actions, as a closed group does (the guide and the tests
    # find an action's way in by data-holds)
    held = more.split('data-holds="')[1].split('"')[0].split()
    assert held == [str(i) for i in range(P.ENTRY_PLACES + 7)]
    assert 'aria-expanded="false"' in more


def test_a_list_just_long_enough_is_still_listed():
    acts, by_actor, naming = _table(P.ENTRY_PLACES)
    out = []
    P._entries(out, by_actor, acts, None, naming)
    assert sum('data-group="place:' in p[:60] for p in out) == P.ENTRY_PLACES
    assert not any("more-places" in p for p in out) and "(or below)" in out[0]


def test_every_place_when_asked_and_the_button_folds_them_again():
    acts, by_actor, naming = _table(P.ENTRY_PLACES + 3)
    out = []
    P._entries(out, by_actor, acts, None, naming, all_places=True)
    assert sum('data-group="place:' in p[:60] for p in out) == P.ENTRY_PLACES + 3
    # the button above the list it folds, holding nothing (every action is listed)
    assert "Fold the list" in out[1] and "data-holds" not in out[1] and 'aria-expanded="true"' in out[1]


def test_a_short_list_has_no_button():
    acts, by_actor, naming = _table(5)
    out = []
    P._entries(out, by_actor, acts, None, naming)
    assert len(out) == 6 and not any("more-places" in p for p in out)


def test_a_place_is_made_once_per_view():
    """The same view (a selection: the same action list) gives the same markup, not made again;
    another view's list makes its places anew (their names may differ)."""
    acts, by_actor, naming = _table(4)
    a, b = [], []
    P._entries(a, by_actor, acts, None, naming)
    P._entries(b, {k: v for k, v in by_actor.items() if k != "u1"}, acts, "u1", naming)  # u1 selected
    assert a[1] is b[1] and a[3] is b[2]  # Hex 0 and Hex 2: the very strings
    assert "Other units that can act" in b[0]
    c = []
    P._entries(c, by_actor, [dict(x) for x in acts], None, naming)
    assert c[1] == a[1] and c[1] is not a[1]
