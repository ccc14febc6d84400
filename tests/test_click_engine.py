"""Issue 14, the engine's share of a click: apply, then the view with labels, as the UI calls them.
The index of the units rests between the calls (engine/unit_index.py) and a view draws again only
the places where a unit changed (engine/drawn.py); every view must be exactly the one made from
nothing kept: a JSON copy of the match (no index, no actions kept by the last apply), every place
drawn, the actions listed afresh."""

import importlib
import json
import random

import pytest

from game.engine import match as M
from game.engine.drawn import Places
from game.rules import get
from game.rules.first_team.data import LOC
from game.rules.mike_force.data import SPACES as MF_SPACES
from scripts.bench.bench_click_engine import GAMES, replay

PKG = {"first-team": "first_team", "mike-force": "mike_force"}


def _mods(gid):
    return (importlib.import_module(f"game.rules.{PKG[gid]}.board"),
            importlib.import_module(f"game.rules.{PKG[gid]}.view"))


def fresh_view(gid, m, log_from=0):
    """The view of m made from nothing kept (the kept index and drawn places left as they were)."""
    B, V = _mods(gid)
    rest, places = B.INDEXES.rest, V.PLACES
    V.PLACES = Places(V.pieces_at)
    try:
        return M.view(get(gid), json.loads(json.dumps(m)), log_from=log_from)
    finally:
        B.INDEXES.rest, V.PLACES = rest, places


def same(a, b):
    """Equal, and equal as JSON in their key order (1, 1.0 and True compare equal in Python)."""
    return a == b and json.dumps(a) == json.dumps(b)


@pytest.fixture
def checked():
    """Every index compared with its state whenever it closes, is opened again or moved (the fuzzer's check)."""
    rules = [get(gid) for gid in PKG]
    for r in rules:
        r.check_indexes(True)
    yield
    for r in rules:
        r.check_indexes(False)


def _counting(gid):
    _, V = _mods(gid)
    n = [0]
    draw = V.PLACES.draw

    def counted(s, place):
        n[0] += 1
        return draw(s, place)
    V.PLACES.draw = counted
    return n, lambda: setattr(V.PLACES, "draw", draw)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_views_of_the_browser_games_clicks_equal_fresh_views(gid, checked):
    """The clicks of the browser's whole-game test (scripts/bench/bench_click_engine.py): each view
    equals the one made from nothing kept, and most places were not drawn again."""
    views = []
    drawn, restore = _counting(gid)
    try:
        _, _, m = replay(gid, on_view=lambda v, m, n: views.append(
            (v, same(v, fresh_view(gid, m, n)))))
    finally:
        restore()
    assert m["state"].get("over") and len(views) > 40
    assert all(ok for _, ok in views), [i for i, (_, ok) in enumerate(views) if not ok][:5]
    places = len(views[0][0]["spaces"]) * len(views)
    assert drawn[0] < places / 3  # the places kept are really kept (else this test proves little)


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("seed", [11, 12])
def test_views_of_other_games_equal_fresh_views(gid, seed, checked):
    bad = []

    def check(v, m, n):
        if not same(v, fresh_view(gid, m, n)):
            bad.append(len(m["actions"]))
    replay(gid, on_view=check, seeds=(seed, seed), most=150)
    assert not bad, bad[:5]


def _played(gid, clicks=25, seed=3):
    rules = get(gid)
    m = M.new_match(rules, GAMES[gid][0], seed)
    rng = random.Random(seed)
    for _ in range(clicks):
        v = M.view(rules, m)
        acts = [a for a in v["actions"] if a["t"] != "done"] or v["actions"]
        M.apply(rules, m, rng.choice(acts))
    M.view(rules, m)  # its index rests, its places are drawn
    return rules, m


def _listed_fresh(rules, m):
    B, _ = _mods(rules.id)
    rest = B.INDEXES.rest
    try:
        return M.legal_actions(rules, json.loads(json.dumps(m)))
    finally:
        B.INDEXES.rest = rest


def _unit(m, kind, where=None):
    return next(uid for uid, u in sorted(m["state"]["units"].items())
                if u["k"] == kind and (where is None or where(u)))


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_state_changed_in_place_between_calls_is_seen(gid, checked):
    """A caller may change the state between the engine's calls (a test's set-up): a unit moved
    without the move primitive, a field given an equal value of another type, an option; the next
    view and listing are the fresh ones, the index is not reused on a state that reads otherwise."""
    rules, m = _played(gid)
    s = m["state"]
    U = s["units"]
    shown = M.view(rules, m)
    if gid == "first-team":
        uid = _unit(m, "inf", lambda u: not u.get("fat"))
        to = "REFIT" if U[uid]["loc"] != "REFIT" else "ANKHE"
        # (change, whether the view shows it)
        changes = [(lambda: U[uid].__setitem__("loc", to), True),  # not by board.put
                   (lambda: U[uid].__setitem__("fat", False), True),  # 0 == False, but shown as false
                   (lambda: s["options"].__setitem__("supply_share", "infantry_first"), False)]
    else:
        uid = _unit(m, "inf_bn", lambda u: u["loc"] in ("COM_MOBILE", "COM_STATIC"))
        changes = [(lambda: U[uid].__setitem__("loc", "B117"), True),
                   (lambda: U[uid].__setitem__("rev", True), True),  # not by board.flip
                   (lambda: U[uid].__setitem__("rev", 1), False)]
    for change, seen in changes:
        change()
        v = M.view(rules, m)
        assert same(v, fresh_view(gid, m)) and same(v, shown) != seen
        assert same(M.legal_actions(rules, m), _listed_fresh(rules, m))
        shown = v
    # changed after the engine's last call on it (its index rests), then an action: the same as on
    # a copy made from nothing
    U[uid]["loc"] = "ELIM" if gid == "first-team" else "COM_MOBILE"
    indexes = _mods(gid)[0].INDEXES
    rest = indexes.rest
    assert rest[0].s is s
    copy = json.loads(json.dumps(m))
    listed = M.legal_actions(rules, copy)
    indexes.rest = None
    M.apply(rules, copy, listed[0])
    indexes.rest = rest
    M.apply(rules, m, listed[0])  # (not an action m's view showed: m is listed, on its resting index)
    assert json.dumps(m) == json.dumps(copy)
    assert same(M.view(rules, m), fresh_view(gid, copy))


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_an_action_that_fails_midway_leaves_the_match_and_the_next_views_right(gid, checked, monkeypatch):
    """The transactional apply: an engine error after a unit moved (by the move primitive, in the
    index the action was given) leaves the match as it was, and the index is not kept."""
    rules, m = _played(gid, clicks=10)
    B, _ = _mods(gid)
    step = M.current_step(rules, m["state"])
    uid = next(iter(m["state"]["units"]))
    here = m["state"]["units"][uid]["loc"]
    to = next(u["loc"] for u in m["state"]["units"].values() if u["loc"] != here)

    def broken(g, f, a):
        B.put(g.s, uid, to)
        raise RuntimeError("an engine error midway")
    monkeypatch.setattr(step, "act", broken, raising=False)
    before = json.dumps(m, sort_keys=True)
    legal = M.view(rules, m)["actions"]
    with pytest.raises(RuntimeError):
        M.apply(rules, m, legal[0])
    assert json.dumps(m, sort_keys=True) == before
    monkeypatch.undo()
    assert same(M.view(rules, m), fresh_view(gid, m))
    legal = M.view(rules, m)["actions"]
    M.apply(rules, m, legal[0])
    assert same(M.view(rules, m), fresh_view(gid, m))


def test_clone_of_wide_dicts_is_a_json_round_trip():
    """match.clone's whole-dict paths (a game's units: a dict of flat dicts; its options: a flat
    dict) give what JSON gives, copy every unit, and refuse what JSON refuses."""
    units = {f"u{i}": {"k": "inf", "loc": "A", "fat": i, "brk": i % 2 == 0, "x": None, "f": 1.5} for i in range(12)}
    flat = {f"o{i}": i for i in range(12)}
    c = M.clone(units)
    assert c == units and all(c[k] is not units[k] for k in units)
    c["u0"]["loc"] = "B"
    assert units["u0"]["loc"] == "A"
    assert M.clone(flat) == flat and M.clone(flat) is not flat
    odd = [({**units, "u3": {**units["u3"], "t": (1, 2)}}), ({**units, "u3": {**units["u3"], 4: "four"}}),
           ({**units, 7: units["u1"]}), ({**flat, "t": (1, 2)}), ({**flat, 5: 5}),
           ({**units, "u3": {**units["u3"], "in": {"deep": [1]}}})]
    for obj in odd:
        assert M.clone(obj) == json.loads(json.dumps(obj))
    deep = odd[-1]
    c = M.clone(deep)
    c["u3"]["in"]["deep"].append(2)
    assert deep["u3"]["in"]["deep"] == [1]
    for obj in ({**units, "u3": {**units["u3"], "s": {1}}}, {**flat, "s": {1}}):
        with pytest.raises(TypeError):
            M.clone(obj)


def test_first_team_piece_redrawn_when_its_place_changes_around_it(checked):
    """FT 11.5, 6.3: a company that does not change shows HOLD while a camp's garrison is with it
    and supplied while a marker is: when those come or go the company is drawn again."""
    rules, m = _played("first-team")
    U = m["state"]["units"]
    gar = _unit(m, "sfg", lambda u: u["loc"] in LOC)
    camp = U[gar]["loc"]
    inf = _unit(m, "inf", lambda u: not u.get("hold"))
    sup = _unit(m, "sup", lambda u: u["loc"] != camp)

    def shown():
        v = M.view(rules, m)
        assert same(v, fresh_view("first-team", m))
        return next(p for p in v["spaces"][camp]["pieces"] if p["id"] == inf)
    U[inf]["loc"] = camp
    assert shown()["hold"]
    U[gar]["loc"] = "ELIM"
    assert not shown()["hold"]
    for x in [x for x in U if U[x]["k"] == "sup" and U[x]["loc"] == camp]:
        U[x]["loc"] = "POOL"
    assert not shown()["supplied"]
    U[sup]["loc"] = camp
    assert shown()["supplied"]


def test_places_redraw_a_place_whose_unit_changed_only_in_a_type():
    """engine/drawn.py: 1, 1.0 and True are equal in Python but not in JSON; a unit whose field
    keeps its value but changes type is drawn again, also while other units gain or lose fields."""
    def draw(s, place):
        return [dict(u, id=uid) for uid, u in s["units"].items() if u["loc"] == place]
    P = Places(draw)
    s = {"units": {"a": {"loc": "p", "x": 1}, "b": {"loc": "q", "v": 1}, "c": {"loc": "r", "w": 0}}}

    def shown():
        P.begin(s, {})
        return json.dumps(P.many(s, ["p", "q", "r"]))
    assert shown() == json.dumps([draw(s, p) for p in "pqr"])
    for change in (lambda: s["units"]["b"].__setitem__("v", True),
                   lambda: s["units"]["b"].__setitem__("v", 1.0),
                   lambda: (s["units"]["a"].pop("x"), s["units"]["c"].__setitem__("y", 1),
                            s["units"]["b"].__setitem__("v", 1)),
                   lambda: s["units"]["b"].__setitem__("v", False)):
        change()
        assert shown() == json.dumps([draw(s, p) for p in "pqr"])


def test_mike_force_unit_redrawn_when_its_leader_changes(checked):
    """MF 25.4: a unit shows its leader's name and bonus; the leader changing (attached, renamed,
    away from its unit, detached) draws the unit again."""
    rules, m = _played("mike-force")
    U = m["state"]["units"]
    lid = _unit(m, "leader", lambda u: not u.get("att"))
    uid = _unit(m, "cidg", lambda u: u["loc"] in MF_SPACES)
    shown = M.view(rules, m)
    for change in (lambda: U[lid].update(att=uid, loc=U[uid]["loc"]),
                   lambda: U[lid].update(name="Zed"),
                   lambda: U[lid].update(loc="SF_POOL"),  # away from its unit
                   lambda: U[lid].update(name="Yod"),
                   lambda: U[lid].update(att=None)):
        change()
        v = M.view(rules, m)
        assert same(v, fresh_view("mike-force", m)) and not same(v, shown)
        shown = v
