"""Issue 14: the First Team queries the simulator leans on give the same answers as the general
rule they stand for, over the positions of random games played as the simulator plays them."""

import random

from game.ai import RandomAgent
from game.engine import headless, match as M
from game.engine.listing import Listing
from game.rules.first_team import board as B
from game.rules.first_team import us as US
from game.rules.first_team.data import LOC
from game.simulate import random_action

from .ft_helpers import R


def _played(games=3, seed=11):
    """(match, its legal actions) at every position of a few random games, played in place with the
    index open as the simulator plays them (lazy listings included), yielded between actions."""
    for i in range(games):
        m = M.new_match(R, "campaign", seed + i)
        rng = random.Random(seed + i)
        with R.indexed(m["state"]):
            acts = headless.actions(R, m, lazy=True)
            while not m["state"].get("over"):
                yield m, acts
                acts = headless.play(R, m, random_action(rng, acts), legal=acts, in_place=True, lazy=True)


def _positions(games=3, seed=11):
    for m, _ in _played(games, seed):
        yield m["state"]


def _one_more(s, loc, x):
    """FT 8.2 by stack_ok's general path (a `less` naming a unit that is elsewhere changes nothing)."""
    other = next(y for y, u in s["units"].items() if u["loc"] != loc)
    return B.stack_ok(s, loc, [x], less=[other])


def test_fits_and_room_agree_with_the_general_stacking_rule():
    """FT 8.2: fits / stack_room (one company coming) agree with stack_ok's general path."""
    n = 0
    for k, s in enumerate(_positions()):
        if k % 7:
            continue
        U = s["units"]
        for loc in LOC:
            for x in B.of_kinds(s, "inf"):
                if U[x]["loc"] == loc:
                    continue
                want = _one_more(s, loc, x)
                assert B.fits(s, loc, U[x]["bn"]) == want == B.stack_ok(s, loc, [x]), (loc, x)
                n += 1
    assert n > 10000


def test_exchange_pick_up_test_agrees_with_the_list():
    """FT 9.11 (A64): _can_bring_back answers bool(exchange_back_units) without listing them."""
    n = 0
    for k, s in enumerate(_positions()):
        if k % 5:
            continue
        for c in B.of_kind(s, B.ANKHE, "inf"):
            for to in LOC:
                there = US.cargo_at(s, to)
                if there:
                    assert US._can_bring_back(s, c, to) == bool(US.exchange_back_units(s, c, to)), (c, to)
                    n += 1
    assert n > 100


def test_move_paths_depend_on_location_and_battalion_only():
    """FT 10.1: move_paths of each company (kept in the live index across actions until a unit enters
    or leaves a location they read: board.kept) equal those computed afresh for its location and
    battalion."""
    n = 0
    for k, s in enumerate(_positions()):
        if k % 11:
            continue
        U = s["units"]
        with B.reading(s):
            paths = {x: US.move_paths(s, x) for x in US.movers(s)}
        for x, p in paths.items():
            assert p == US._move_paths(s, U[x]["loc"], U[x]["bn"])
            n += 1
    assert n > 100


def test_lz_and_nva_location_sets_agree_with_the_per_location_queries():
    """FT 9.1, 14.1: lz_locs is lz_at over the map; nva_locs / nva_map_locs are where nva_at answers."""
    for k, s in enumerate(_positions(games=2)):
        if k % 13:
            continue
        with B.reading(s):
            lzs, held, order = B.lz_locs(s), B.nva_locs(s), B.nva_map_locs(s)
        for loc in LOC:
            U = s["units"]
            here = B.units_at(s, loc)
            printed = LOC[loc]["lz"]
            marker = any(U[x]["k"] == "lz" and U[x].get("rev") and U[x].get("valid") for x in here)
            pf = any(U[x]["k"] == "pf" for x in here) and not any(U[x]["k"] == "nva" for x in here)
            assert (loc in lzs) == bool(printed or marker or pf)
            assert (loc in held) == bool(B.nva_at(s, loc))
        assert order == [loc for loc in LOC if B.nva_at(s, loc)]


def test_lazy_listings_hold_the_actions_and_draw_as_the_random_player():
    """Issue 14: a Listing (the simulator's transport FT 9.1 and ground movement FT 10.1 listings,
    each action built when read, parts of them kept across actions) holds the labelled actions
    listed afresh without their display fields, in order, and the simulator's draw from it is
    RandomAgent's over the list: the same action, the same generator state after."""
    kinds = set()
    for k, (m, acts) in enumerate(_played(games=2)):
        if type(acts) is not Listing:
            continue
        kinds.add(m["state"]["stack"][-1]["s"])
        plain = list(acts)
        assert plain == headless.actions(R, m)
        # listed afresh: a copy of the match has no index kept across actions (board.kept)
        assert plain == [M.strip(a) for a in M.legal_actions(R, M.clone(m))]
        assert len(acts) == len(plain) and acts.types() == {a["t"] for a in plain}
        for seed in range(3):
            r1, r2 = random.Random(k * 7 + seed), random.Random(k * 7 + seed)
            got = random_action(r1, acts)
            assert got == RandomAgent().choose(None, None, plain, r2)
            assert r1.getstate() == r2.getstate()
            assert acts.gave(got)
    assert kinds == {"transport", "ground"}


def test_stack_admits_agrees_with_the_general_stacking_rule():
    """FT 8.2: stack_admits (a stack of companies coming together, the ground listing's stack moves)
    agrees with stack_ok's general path."""
    n = 0
    for k, s in enumerate(_positions(games=2)):
        if k % 9:
            continue
        U = s["units"]
        by_loc = {}
        for x in US.movers(s):
            by_loc.setdefault(U[x]["loc"], []).append(x)
        for loc, xs in by_loc.items():
            if len(xs) < 2:
                continue
            bns = {U[x]["bn"] for x in xs}
            bn = next(iter(bns)) if len(bns) == 1 else None
            for d in LOC:
                if d != loc:
                    assert B.stack_admits(s, d, len(xs), bn) == B.stack_ok(s, d, xs), (loc, d, xs)
                    n += 1
    assert n > 1000


def test_a_listing_head_is_listed_only_when_read_and_draws_the_same():
    """Issue 14: the transport (FT 9.1) and ground movement (FT 10.1) listings leave their helicopters'
    and locations' actions unlisted until more than the 'done' is read (Listing.first); listed afresh
    for each draw, the random player's draw is RandomAgent's over the list, and a 'done' drawn by the
    bias lists nothing else; `sure` never claims actions that are not there."""
    heads = done_only = 0
    for k, (m, acts) in enumerate(_played(games=2, seed=23)):
        if type(acts) is not Listing or acts.head is None:
            continue
        heads += 1
        plain = list(headless.actions(R, m))
        if acts.head[2]:  # sure: more than the 'done'
            assert any(a["t"] != "done" for a in plain)
        for seed in range(3):
            fresh = headless.actions(R, m, lazy=True)
            r1, r2 = random.Random(k * 5 + seed), random.Random(k * 5 + seed)
            got = random_action(r1, fresh)
            assert got == RandomAgent().choose(None, None, plain, r2)
            assert r1.getstate() == r2.getstate() and fresh.gave(got)
            if fresh.head is not None:
                assert got == {"t": "done"}
                done_only += 1
    assert heads > 100 and done_only > 20
