"""Issue 14: the Mike Force quick paths the simulator leans on give the same answers as the general
rules they stand for, over the positions of random games played as the simulator plays them."""

import random

from game.ai import RandomAgent
from game.engine import headless, match as M
from game.engine.listing import Listing
from game.simulate import random_action

from game.rules.mike_force import board as B
from game.rules.mike_force import bombard as BD
from game.rules.mike_force import combat as CB
from game.rules.mike_force import movement as MV
from game.rules.mike_force import recruit as RC
from game.rules.mike_force import turn as TN
from game.rules.mike_force.data import SPACES

from .mf_helpers import R

SCENARIOS = [sc["id"] for sc in R.scenarios()]


# rulings and options that change what is listed (recon by draw, R-REV1; Mike Force in Laos, MF 27;
# Heavy Weapons not airlifted, R-HW1; any unit may host a leader, MF 25.4; tactical break-off, MF 29)
OTHER_OPTIONS = {"recon_select": "draw", "mf_in_laos": "mf_always", "hw_airlift": False, "leader_any_unit": True,
                 "breakoff": True, "rising": True, "include_option_event": True, "opponent_pace": "run"}


def _played(games=4, seed=21, options=None):
    """(match, its legal actions) at every position of a few random games (every scenario in turn),
    played in place with the index open as the simulator plays them (lazy listings included)."""
    for i in range(games):
        m = M.new_match(R, SCENARIOS[i % len(SCENARIOS)], seed + i, options)
        rng = random.Random(seed + i)
        with R.indexed(m["state"]):
            acts = headless.actions(R, m, lazy=True)
            while not m["state"].get("over"):
                yield m, acts
                acts = headless.play(R, m, random_action(rng, acts), legal=acts, in_place=True, lazy=True)


def test_the_simulators_listings_hold_the_labelled_actions():
    """Issue 14: at every position, the actions the simulator is given (a Listing built when read,
    a Bare list, quick paths and answers kept across actions in the live index) are the labelled
    actions listed afresh without their display fields, in order."""
    steps = set()
    for options in (None, OTHER_OPTIONS):
        for m, acts in _played(options=options):
            steps.add(m["state"]["stack"][-1]["s"])
            # listed afresh: a copy of the match has no index, so nothing kept across actions
            assert list(acts) == [M.strip(a) for a in M.legal_actions(R, M.clone(m))], m["state"]["stack"][-1]
    assert {"fw_move", "fw_recruit", "fw_recon", "reaction", "setup_place", "ask", "fw_engineer",
            "end_talon"} <= steps


def test_lazy_listings_draw_as_the_random_player():
    """Issue 14: the simulator's draw from a Listing (the Free World movement listing, MF 15.5, 22,
    23, 25.3) is RandomAgent's over the list: the same action, the same generator state after."""
    n = 0
    for k, (m, acts) in enumerate(_played()):
        if type(acts) is not Listing:
            continue
        plain = list(acts)
        assert len(acts) == len(plain) and acts.types() == {a["t"] for a in plain}
        for seed in range(3):
            r1, r2 = random.Random(k * 7 + seed), random.Random(k * 7 + seed)
            got = random_action(r1, acts)
            assert got == RandomAgent().choose(None, None, plain, r2)
            assert r1.getstate() == r2.getstate()
            assert acts.gave(got)
        n += 1
    assert n > 50


def test_cadres_found_at_once_agree_with_each_place():
    """MF 12.4, 25.2: all_cadres (one pass over the units in play) gives each place's cadres as
    _team_cadres finds them there."""
    n = 0
    for k, (m, _) in enumerate(_played()):
        if k % 3:
            continue
        s = m["state"]
        found = RC.all_cadres(s)
        for loc in (*SPACES, B.NT):
            assert found.get(loc, []) == RC._team_cadres(s, loc), loc
            n += bool(found.get(loc))
    assert n > 100


def test_what_each_space_holds_agrees_with_the_units_there():
    """MF 6.0, R-MV4, MF 23.2: control, contact (both ways) and the sets of spaces read from the
    live index, kept across actions until a unit enters or leaves a space or flips there
    (board.put, board.flip), agree with the same queries on a copy that has no index."""
    n = 0
    for k, (m, _) in enumerate(_played()):
        if k % 2:
            continue
        s = m["state"]
        fresh = M.clone(s)
        for sp in SPACES:
            assert B.control(s, sp) == B.control(fresh, sp), sp
            assert B.blocks_fw(s, sp) == B._blocks_fw(fresh, sp), sp
            assert B.any_fw(s, sp) == B.any_fw(fresh, sp), sp
        assert B.contact_spaces(s) == {sp for sp in SPACES if B._blocks_fw(fresh, sp)}
        assert B.fw_held_spaces(s) == {sp for sp in SPACES if B.control(fresh, sp) == "FW"}
        assert B.landing_spaces(s) == {sp for sp in SPACES if MV.nt_landing(fresh, sp)}
        assert B.sortie_spaces(s) == {sp for sp in SPACES if MV.sortie_point(fresh, sp)}
        assert CB.battle_spaces(s) == [sp for sp in SPACES  # MF 20.0
                                       if CB.com_participants(fresh, sp) and CB.fw_participants(fresh, sp)]
        assert B.fw_in_play(s) == B.fw_in_play(fresh)
        assert TN.macv_out(s) == [uid for uid, u in sorted(s["units"].items())  # MF 25.5
                                  if B.is_macv(u) and (B.on_map(u["loc"]) or u["loc"] in (B.NT, B.SUP_AVAIL))]
        assert B.leaders(s) == [uid for uid, u in s["units"].items() if B.is_leader(u)]
        for kinds in (B.HELI_KINDS, MV._GROUND_MOVERS, TN._MACV):
            assert B.fw_in_play_of(s, kinds) == tuple(x for x in B.fw_in_play(fresh) if s["units"][x]["k"] in kinds)
        # what the engineer (MF 25.7), Combat Talon (MF 25.8) and cadre (MF 12.4) listings rely on
        assert B.fw_in_play(s) == tuple(uid for uid, u in sorted(s["units"].items())
                                        if B.is_fw(u) and u["loc"] in B.IN_PLAY)
        for sp in SPACES:  # the rest of what a space holds, against the queries it stands for
            held = [B.holds(s, sp, f) for f in (B.CONCEALED, B.ANY_COM, B.COM_FIGHTS, B.FW_GROUND, B.AIRSTRIKE)]
            assert held == [bool(B.com_units(fresh, sp, revealed=False)), bool(B.com_units(fresh, sp)),
                            bool(CB.com_participants(fresh, sp)), bool(CB.fw_participants(fresh, sp)),
                            bool(BD.airstrikes_in(fresh, sp))], sp
            assert B.holds(s, sp, B.SORTIE) == MV.sortie_point(fresh, sp)
            # a battle's sides (MF 20.0), kept while nothing enters, leaves or flips in the space
            assert CB.sides(s, sp) == (tuple(CB.fw_participants(fresh, sp)), tuple(CB.com_participants(fresh, sp)))
            for fw_target in (True, False):  # MF 20.3, R-FT1, R-FT2, kept likewise
                assert B.kept_at(s, sp, "fortified_fw" if fw_target else "fortified_com", CB._fortified, s, sp,
                                 fw_target) == CB._fortified(fresh, sp, fw_target)
        n += 1
    assert n > 300


def _fly_destinations_general(s, heli, reaction):
    """MF 23.3, 22.3, 17.1, R-NT1, MF 27: the flights of a helicopter as the rules say them, space
    by space (what movement.fly_destinations answered before its answers were kept)."""
    h = s["units"][heli]
    start = h["loc"]
    allowed = B.entry_spaces(s, h).intersection(*(B.entry_spaces(s, s["units"][p])
                                                  for p in MV.passengers(s, heli)))
    out = []
    from_sortie = start != B.NT and MV.sortie_point(s, start)
    for d in (SPACES if reaction else B.IN_PLAY):
        if d == start or d not in allowed:
            continue
        if d == B.NT and reaction:
            continue
        if start == B.NT:
            if not MV.nt_landing(s, d):
                continue
        elif not from_sortie and not MV.sortie_point(s, d):
            continue
        out.append(d)
    return out


def test_flights_agree_with_the_rules_space_by_space():
    """MF 23.3, 22.3, 17.1: fly_destinations (kept in the live index by what decides them) gives
    every helicopter in play the flights the rules allow, space by space, on a copy with no index;
    from Nha Trang, from sortie points and from elsewhere."""
    starts = set()
    for k, (m, _) in enumerate(_played()):
        s = m["state"]
        fresh = M.clone(s)
        for h in B.fw_in_play(s):
            if not B.is_heli(s["units"][h]):
                continue
            loc = s["units"][h]["loc"]
            starts.add("NT" if loc == B.NT else "sortie" if MV.sortie_point(s, loc) else "other")
            for reaction in (False, True):
                assert MV.fly_destinations(s, h, reaction) == _fly_destinations_general(fresh, h, reaction), (h, loc)
    assert starts == {"NT", "sortie", "other"}
