"""The automated NVA (FT 13.0): ambush checks (11.3, 13.6, A19), zone contact (10.2), target
determination (13.31-13.34, 13.4), off-board movement (13.2, 13.73), contacted movement (13.5,
13.51, 13.52), US ambush of entering NVA (11.31), the NVA Ambush and Open Combat Segments (13.6,
11.1, 11.25), evasion (13.7), garrisons (13.71, 13.72) and location victory points (15.0, 15.1).
Every roll is logged with its reason and rule."""

from math import ceil

from ...engine.flow import Procedure, Step
from ...engine.report import NOTHING
from . import board as B
from .board import flow
from .combat import call_fight, combat, record_start, start_fight
from .data import ADJ, CLS, DISPLAY, LOC, TABLES, ZONE_LOCS


def names(s, uids):
    """The NVA units by their printed names ("NVA 101/32, 102/32"), for the move lines."""
    return "NVA " + ", ".join(B.uname(s, x) for x in uids)


def moved_facts(frm, to, uids):
    """The structured facts of a move line, for the report card and the map arrows (issue 9)."""
    return {"move": [frm, to], "units": len(uids), "refs": [["p", frm, B.name(frm)], ["p", to, B.name(to)]]}


# --- ambush checks when US units land or enter (13.6 cond. 1, A19) --------------------------------------

def stacks_move_in(g, pool, loc, why, rule, moved):
    """FT 13.32, 13.6: the pool in stacks of six consecutive companies; each rolls 1d6 and on its
    lowest effectiveness or less moves into loc, as many as the stacking limit allows; moved(units)
    after each stack placed. Stops when loc is full."""
    s = g.s
    for st in B.stacks_of_six(s, pool):
        if B.room(s, loc) <= 0:
            break
        e = B.lowest_eff(s, st)
        if g.roll(1, f"{why} (on {e} or less)", rule)[0] <= e:
            xs = st[:B.room(s, loc)]
            for x in xs:
                B.place_nva(s, x, loc)
            moved(xs)


def entry_ambush(g, loc, helis):
    """FT 13.6 (1), A19: American units land in or enter loc: the Contacted NVA in the location
    check first, then the Identified units of the zone box, in stacks of six. Returns the ambushes
    (combat(), in the order they resolve: the Contacted one first, "immediately, before any other
    movement"), each one's battle record started as it is triggered; [] if none (call
    "ambushes" with them)."""
    s = g.s
    U = s["units"]
    tg = B.ambushable(s, loc, by_contacted=False)
    if not tg:
        return []
    fights = []
    nva = [x for x in B.nva_at(s, loc) if not B.broken(U[x])]
    tgc = B.ambushable(s, loc, by_contacted=True)
    if nva and tgc:
        e = B.lowest_eff(s, nva)
        d = g.roll(1, f"Ambush check by the Contacted NVA at {B.name(loc)} (ambush on {e} or less)", "FT 13.6")[0]
        if d <= e:
            g.log(f"AMBUSH at {B.name(loc)} by Contacted NVA", "FT 13.6", kind="battle", battle=loc,
                  refs=B.refs(B.ref_p(loc)))
            fights.append((tgc, nva))
    z = B.zone_of(loc)
    if s["options"]["identified_entry_ambush"] and (z != "CAM" or cam_box_attacks(s)):
        pool = [x for x in B.of_kind(s, B.zbox(z), "nva") if not B.broken(U[x])]
        group = []
        stacks_move_in(g, pool, loc, f"Identified NVA of Zone Box {z} check to ambush at {B.name(loc)}", "FT 13.6",
                       group.extend)
        if group:
            g.log(f"AMBUSH at {B.name(loc)} by {len(group)} Identified NVA unit(s), now Contacted", "FT 13.6",
                  kind="battle", battle=loc, refs=B.refs(B.ref_p(loc)))
            fights.insert(0, (tg, group))
    # FT 11.25 (A5 option "all_nva_attacks"): a night roll before each attack, in resolution order
    nights = [s["options"]["night_scope"] == "all_nva_attacks" and night_roll(g, loc) for _ in fights]
    nights.reverse()
    out = []
    for (tgx, grp), night in zip(fights, nights):
        c = combat(loc, "ambush", "NVA", us_t=tgx, n_f=grp, helis=helis, night=night)
        record_start(g, c)
        out.insert(0, c)  # the last triggered, the Contacted NVA's, resolves first
    return out


@flow.step("ambushes")
class Ambushes(Procedure):
    """FT 13.6: the ambushes of American units entering a location (entry_ambush), one after the
    other. Frame: fights (the combats still to resolve), rolled (the segment's break rolls, see
    call_fight), its result."""

    parts = ("fight",)

    def fight(self, g, f):
        if f["fights"]:
            self.again(f)
            call_fight(g, f, f["fights"].pop(0))

    def finish(self, g, f):
        g.end(f["rolled"])


def cam_box_attacks(s):
    """A80 (FT 16.1; A20 against A62): under 16.1 the Identified units of the CAM Zone Box make
    target determination and entry ambushes against US units in Cambodia (A20), or never (A62)."""
    return bool(s["options"]["cambodia"]) and s["options"].get("cam_box_16_1", "a20_attacks") == "a20_attacks"


# --- zone contact at the end of Segment D (10.2, A18, A50) ---------------------------------------------

@flow.step("zone_contact")
class ZoneContact(Step):
    """FT 10.2 (A18, A50): after all American ground movement, each zone with Identified NVA (with
    option zone_contact_trigger "entered": a zone the Americans entered this phase, the frame's
    `entered`) may be Contacted: a die against the American-occupied locations there."""

    def run(self, g, f):
        s = g.s
        g.pop()
        entered = f["entered"]
        for z in sorted(CLS, key=B.cls):
            box = B.zbox(z)
            units = B.of_kind(s, box, "nva")
            if not units or (z == "CAM" and not s["options"]["cambodia"]):
                continue
            if s["options"]["zone_contact_trigger"] == "entered" and z not in entered:
                continue
            occ = [l for l in ZONE_LOCS[z] if B.has_us(s, l)]
            # FT 10.2: only camps WITH an existing garrison cannot contact by themselves
            if not occ or all(LOC[l]["sf_camp"] and B.garrison_at(s, l) for l in occ):
                continue
            d = g.roll(1, f"Zone contact in zone {z}: {len(occ)} US-occupied location(s)", "FT 10.2")[0]
            if d > len(occ):
                g.log(f"No contact in Zone Box {z}", "FT 10.2", refs=B.refs(B.ref_p(B.zbox(z))))
                continue
            g.log(f"All Identified NVA in Zone Box {z} are Contacted", "FT 10.2", kind="reveal",
                  refs=B.refs(B.ref_p(B.zbox(z))))
            for st in B.stacks_of_six(s, units):
                rest = list(st)
                tries = 0
                while rest and tries < 20 and any(B.room(s, l) > 0 for l in ZONE_LOCS[z]):
                    tries += 1
                    if z == "P":
                        loc = B.PLEIKU
                    else:
                        loc = B.loc_at(z, g.roll(1, f"Zone contact: location of a stack in zone {z}", "FT 10.2")[0])
                    k = max(0, min(B.room(s, loc), len(rest)))
                    for x in rest[:k]:
                        B.place_nva(s, x, loc)
                    if k:
                        g.log(f"{k} NVA unit(s) placed at {B.name(loc)}", "FT 10.2",
                              refs=B.refs(B.ref_p(loc)))
                        B.overrun(g, loc, rest[:k])  # FT 6.4, 14.1: lone supply or pathfinders
                    rest = rest[k:]


# --- evasion (13.7, A3, A4) ------------------------------------------------------------------------------

@flow.step("evasion")
class Evasion(Step):
    def run(self, g, f):
        g.pop()
        evasion(g)


def evasion(g):
    s = g.s
    U = s["units"]
    with B.reading(s):
        locs = B.nva_map_locs(s)
    for loc in locs:
        with B.reading(s):  # evasions move units: read afresh for each location
            broken = [x for x in B.nva_at(s, loc) if B.broken(U[x])]
            if not broken and not B.has_us(s, loc):
                continue  # (most NVA locations: nothing to evade, nothing rolled)
            adj = sum(1 for a in ADJ[loc] if B.has_us(s, a) and not B.has_nva(s, a))
        mod = s["options"]["evade_adj_mod"] * adj
        for x in broken:
            d = g.roll(1, f"Evasion of broken NVA {B.uname(s, x)} at {B.name(loc)} (modifier {mod:+d})", "FT 13.7")[0]
            if d + mod <= s["options"]["broken_evade_max"]:
                evade(g, x, loc)
        us = sum(B.us_str(U[x]) for x in B.us_ground(s, loc))
        if us and us > sum(B.n_str(U[x]) for x in B.nva_at(s, loc)):
            for x in [x for x in B.nva_at(s, loc) if not B.broken(U[x])]:
                e = B.n_eff(U[x])
                d = g.roll(1, f"Evasion of outnumbered NVA {B.uname(s, x)} at {B.name(loc)} (on {e} or less, {mod:+d})",
                           "FT 13.7")[0]
                if d + mod <= e:
                    evade(g, x, loc)


def evade(g, x, loc):
    s = g.s
    B.place_nva(s, x, B.zbox(B.zone_of(loc)))
    g.log(f"NVA {B.uname(s, x)} evades {B.name(loc)} -> Zone Box {B.zone_of(loc)}", "FT 13.7", kind="move",
          **moved_facts(loc, B.zbox(B.zone_of(loc)), [x]))


# --- target determination (13.31-13.34, 13.4, A20) ----------------------------------------------------

def td_targets(s, z):
    """FT 13.34: priority targets of a zone in check order: best type first; within a type, the
    locations satisfying more types, then the lower number."""
    targets = [l for l in ZONE_LOCS[z] if B.target_types(s, l) and B.room(s, l) > 0]
    targets.sort(key=lambda l: (min(B.target_types(s, l)), -len(B.target_types(s, l)), LOC[l]["number"]))
    return targets


@flow.step("td")
class TargetDetermination(Procedure):
    """FT 13.31-13.34, 13.4, Segments H and J: the Identified units of each zone box check whether they
    attack its priority targets (13.32; Pleiku automatically, 13.33), then those placed check to
    ambush (13.4), resolved at the end of the segment. Frame: seg ("H" or "J")."""

    parts = ("place", "ambushes")

    def place(self, g, f):
        s = g.s
        if f.get("seg") == "H":  # FT 13.4: the last NVA Assault Phase's ambush markers go
            for x in B.of_kinds(s, "nva"):
                s["units"][x].pop("amb", None)
        f["later"] = td_ambush_checks(g, td_place(g))

    def ambushes(self, g, f):
        """FT 13.4: "resolved at the end of the Target Determination Segment", in the order of
        their triggers (A58)."""
        s = g.s
        if not f["later"]:
            return
        loc, tg, grp = f["later"].pop(0)
        self.again(f)
        grp = [x for x in grp if s["units"][x]["loc"] == loc]
        tg = [x for x in tg if s["units"][x]["loc"] == loc]
        if grp and tg:
            night = s["options"]["night_scope"] == "all_nva_attacks" and night_roll(g, loc)
            start_fight(g, f, combat(loc, "ambush", "NVA", us_t=tg, n_f=grp, night=night))


def td_place(g):
    """FT 13.32, 13.33: zone by zone, highest class first, stacks of six move in against each
    priority target in check order. Returns {location: the units placed there}."""
    s = g.s
    U = s["units"]
    placed = {}
    for z in sorted(CLS, key=B.cls, reverse=True):
        box = B.zbox(z)
        pool = [x for x in B.of_kind(s, box, "nva") if not B.broken(U[x])]
        if not pool or (z == "CAM" and not cam_box_attacks(s)):  # A62; A80 under 16.1
            continue
        if z == "P":  # FT 13.33: automatic
            n = max(0, B.room(s, B.PLEIKU))
            for x in B.nsort(s, pool)[:n]:
                B.place_nva(s, x, B.PLEIKU)
                placed.setdefault(B.PLEIKU, []).append(x)
            if n:
                g.log(f"{names(s, placed[B.PLEIKU])} move Zone Box P -> Pleiku to attack", "FT 13.33",
                      kind="move", **moved_facts(B.zbox("P"), B.PLEIKU, placed[B.PLEIKU]))
            continue
        targets = td_targets(s, z)
        for loc in targets:
            def moved(xs, loc=loc, z=z):
                for x in xs:
                    pool.remove(x)
                    placed.setdefault(loc, []).append(x)
                g.log(f"{names(s, xs)} move Zone Box {z} -> {B.name(loc)} (target determination)", "FT 13.32",
                      kind="move", **moved_facts(B.zbox(z), loc, xs))
            stacks_move_in(g, list(pool), loc, f"Target determination: a stack of Zone Box {z} against {B.name(loc)}",
                           "FT 13.32", moved)
            if not pool:
                break
    return placed


def td_ambush_checks(g, placed):
    """FT 13.4: after all placement, the units placed in each location check to ambush the
    Americans there. Returns the ambushes [[location, targets, ambushers]] in trigger order."""
    s = g.s
    U = s["units"]
    later = []
    for loc, grp in placed.items():
        for x in grp:
            B.overrun(g, loc, grp)
            break
        tg = B.ambushable(s, loc, by_contacted=s["options"]["hold_blocks_td_ambush"])
        if not tg:
            continue
        e = B.lowest_eff(s, grp)
        d = g.roll(1, f"Ambush check by the NVA placed at {B.name(loc)} (on {e} or less)", "FT 13.4")[0]
        if d <= e:
            for x in grp:
                U[x]["amb"] = True
            g.log(f"AMBUSH at {B.name(loc)}", "FT 13.4", kind="battle", battle=loc, refs=B.refs(B.ref_p(loc)))
            later.append([loc, tg, grp])
    return later


# --- Segment I: off-board movement (13.2, 13.73, A32) ---------------------------------------------------

def parse_code(code):
    regs = []
    i = 0
    while i < len(code) and code[i].isdigit():
        regs.append({"2": "32", "3": "33", "6": "66"}[code[i]])
        i += 1
    return regs, code[i:]


@flow.step("offboard")
class Offboard(Step):
    """FT 13.2, Segment I: two dice on the NVA Offboard Movement Table; broken units in the zone
    boxes withdraw (13.73, A32). Its result: whether it was an arrow (then Segment J is held)."""

    def run(self, g, f):
        s = g.s
        U = s["units"]
        dice = g.roll(2, "NVA Offboard Movement Table", "FT 13.2")
        r = TABLES["offboard"]["cells"][str(sum(dice))][min(s["turn"], 14) - 1]
        arrow = r == ">"
        if r == ".":
            g.log("Offboard movement: no movement", "FT 13.2", kind=NOTHING, of_roll=True)  # (no pause for it)
        elif r == ">":
            g.log("Offboard movement: ARROW, every Zone Box group advances one rank", "FT 13.2")
            groups = []
            for z in CLS:
                us = [x for x in B.of_kind(s, B.zbox(z), "nva") if not B.broken(U[x])]
                if us and DISPLAY["next"][z]:
                    groups.append((z, us))
            for z, us in groups:
                dest = max(DISPLAY["next"][z], key=B.cls)
                for x in us:
                    B.place_nva(s, x, B.zbox(dest))
                g.log(f"{names(s, us)} move Zone Box {z} -> Zone Box {dest}", "FT 13.2", kind="move",
                      **moved_facts(B.zbox(z), B.zbox(dest), us))
        else:
            regs, z = parse_code(r)
            for reg in regs:
                mine = [x for x, u in U.items() if u["k"] == "nva" and u["reg"] == reg]
                if mine and all(U[x]["loc"] == B.UNKNOWN for x in mine):
                    for x in mine:
                        B.place_nva(s, x, B.zbox(z))
                    g.log(f"The {B.ordinal(reg)} Regiment enters Zone Box {z}: Identified", "FT 13.2", kind="reveal")
                else:
                    g.log(f"Result {r}: the {B.ordinal(reg)} Regiment is no longer in the Unknown Box, ignored", "FT 13.2",
                          kind=NOTHING, of_roll=True)
        if s["options"]["broken_offboard_move"] == "every_I" or arrow:
            for z in CLS:
                for x in [x for x in B.of_kind(s, B.zbox(z), "nva") if B.broken(U[x])]:
                    back = DISPLAY["back"][z]
                    if back is None or back == "CAM":
                        B.put(s, x, B.OFF)
                        B.sync_nart(s)
                        g.log(f"Broken NVA {B.uname(s, x)} withdraws into Cambodia: removed from play", "FT 13.73",
                              refs=B.refs(B.ref_u(s, x)))
                    else:
                        B.place_nva(s, x, B.zbox(back))
                        g.log(f"Broken NVA {B.uname(s, x)} withdraws Zone Box {z} -> Zone Box {back}", "FT 13.73",
                              kind="move", **moved_facts(B.zbox(z), B.zbox(back), [x]))
        g.end(arrow)


# --- Segment K: contacted movement (13.5, 13.51, A8, A9, A21, A44) ---------------------------------------

def rate(s, loc, cand, group, broken_group):
    U = s["units"]
    opt = s["options"]
    v = 0
    nums = [LOC[c]["number"] for c in cand if c != B.PLEIKU]
    classes = [B.cls(B.zone_of(c)) for c in cand]
    us = [x for x in B.us_ground(s, loc) if not (U[x]["k"] == "sfg" and opt["garrison_not_us_for_move"])]
    if not broken_group:
        M = TABLES["moves"]["contacted"]
        if loc != B.PLEIKU and LOC[loc]["number"] == max(nums):
            v += M["highest_number"]
        if B.cls(B.zone_of(loc)) == max(classes):
            v += M["highest_class"]
        active = not (opt["garrisoned_not_target"] and B.nva_garrisoned(s, loc) and not B.has_us(s, loc))
        if active and LOC[loc]["sf_camp"]:
            v += M["sf_camp"]
        if active and LOC[loc]["road"]:
            v += M["road"]
        if active and loc == B.PLEIKU:
            v += M["pleiku"]
        if us:
            mine = sum(B.n_str(U[x]) for x in group)
            v += M["us_weaker"] if sum(B.us_str(U[x]) for x in us) <= mine else opt["move_us_stronger"]
    else:
        if loc != B.PLEIKU and LOC[loc]["number"] == min(nums):
            v += 1
        if B.cls(B.zone_of(loc)) == min(classes):
            v += 1
        if LOC[loc]["road"]:
            v -= 1
        if LOC[loc]["sf_camp"] or loc == B.PLEIKU:
            v -= 1
        if B.has_us(s, loc):
            v -= 1
        if B.zone_of(loc) == "CAM":
            v += 5
    return v


@flow.step("nva_move")
class NvaMove(Procedure):
    """FT 13.5, 13.51 (A21), Segment K: the Contacted groups move front-first, one (partial) move at
    a time to the adjacent location rated best; a US HOLD ambush of an entering group (FT 11.31,
    SoP 4.14 K) is resolved at once, before the next group moves. Its result: the American-held
    non-camp locations NVA entered, checked in Segment L (13.6 (2))."""

    parts = ("groups", "move")

    def groups(self, g, f):
        s = g.s
        U = s["units"]
        B.clear_moved(s)
        with B.reading(s):
            f["start_nva"] = B.nva_map_locs(s)  # FT 13.6 (2): held at the beginning of the segment
        f["l_check"] = []
        groups = []
        for loc in f["start_nva"]:
            mov = [x for x in B.nva_at(s, loc) if not U[x].get("gar")]
            nb = [x for x in mov if not B.broken(U[x])]
            br = [x for x in mov if B.broken(U[x])]
            if nb:
                groups.append([loc, nb, False])
            if br:
                groups.append([loc, br, True])
        groups.sort(key=lambda t: (-B.cls(B.zone_of(t[0])), -LOC[t[0]]["number"], t[2]))
        f.update(groups=groups, i=0, moved=0, cur=None)

    def move(self, g, f):
        """The groups in order, each moving (in parts, FT 13.51) until it stays."""
        s = g.s
        U = s["units"]
        while f["i"] < len(f["groups"]):
            loc, units, brk = f["groups"][f["i"]]
            if f["cur"] is None:
                f["cur"] = [x for x in units if U[x]["loc"] == loc and not U[x].get("mv")]
            units = [x for x in f["cur"] if U[x]["loc"] == loc and not U[x].get("mv")]
            dest = None
            if units:
                cset = [loc] + sorted(ADJ[loc])
                cand = [loc] + [a for a in sorted(ADJ[loc]) if B.room(s, a) > 0]
                with B.reading(s):
                    scores = {c: rate(s, c, cset, units, brk) for c in cand}
                best = max(scores.values())
                if scores[loc] != best:
                    dest = max((c for c in cand if scores[c] == best and c != loc),
                               key=lambda c: (B.cls(B.zone_of(c)), LOC[c]["number"]))
            if dest is None:  # this group stays (or is done): the next group
                f["i"] += 1
                f["cur"] = None
                continue
            mv = B.nsort(s, units)[:B.room(s, dest)]
            for x in mv:
                B.place_nva(s, x, dest)
                U[x]["mv"] = True
            f["moved"] += len(mv)
            f["cur"] = [x for x in units if x not in mv]
            g.log(f"{'Broken ' if brk else ''}{names(s, mv)} move {B.name(loc)} -> {B.name(dest)} "
                  f"(rating {best} against {scores[loc]} for staying)", "FT 13.51", kind="move",
                  **moved_facts(loc, dest, mv))
            ambush = on_entry(g, f, dest, mv, brk)
            if ambush:
                self.again(f)
                call_fight(g, f, ambush)  # FT 11.31: resolved before anything else moves
                return
        if not f["moved"]:
            g.log("No NVA ground movement", "FT 13.5", kind=NOTHING)

    def finish(self, g, f):
        g.end(f["l_check"])


def on_entry(g, f, dest, mv, brk):
    """NVA units mv (broken if brk) entered dest in the NVA Ground Movement Segment (frame f):
    overrun (FT 6.4, 14.1), broken units reaching Cambodia leave play (13.73), the American HOLD
    ambush check (11.31), and Segment L's check noted (13.6 (2)). Returns the US ambush or None."""
    s = g.s
    U = s["units"]
    B.overrun(g, dest, mv)
    if brk and B.zone_of(dest) == "CAM":
        for x in mv:
            B.put(s, x, B.OFF)
        B.sync_nart(s)
        g.log(f"{len(mv)} broken NVA unit(s) reach Cambodia: removed from play", "FT 13.73")
        return None
    if dest in f["start_nva"] or not B.has_us(s, dest):
        return None
    ambush = us_ambush_check(g, dest, mv)
    if not LOC[dest]["sf_camp"]:
        f["l_check"].append(dest)
    return ambush


def us_ambush_check(g, loc, entering):
    """FT 11.31, 11.32 (A2, A53): HOLD, supplied, non-broken US units may ambush the entering NVA
    group, and fire on that group only (11.31 (3): "Contacted NVA units moved into the location").
    A broken group may be ambushed too (FT 13.73 "They may be attacked"): its lowest effectiveness
    is then that of its broken units (11.22). Returns the ambush (its battle record started) or None."""
    s = g.s
    U = s["units"]
    us = [x for x in B.us_ground(s, loc) if B.hold_of(s, U[x]) and not U[x].get("brk") and B.supplied(s, x)]
    entering = [x for x in entering if U[x]["loc"] == loc]
    if not us or not entering:
        return None
    diff = min(B.us_eff(U[x]) for x in B.us_ground(s, loc)) - B.lowest_eff(s, entering)
    if diff < 1 and s["options"]["us_ambush_rule"] == "die_le_diff":
        return None  # A2: a difference below one can never succeed
    d = g.roll(1, f"US ambush check at {B.name(loc)} (US eff minus NVA eff = {diff})", "FT 11.32")[0]
    ok = d <= diff if s["options"]["us_ambush_rule"] == "die_le_diff" else diff <= d
    if not ok:
        return None
    g.log(f"US AMBUSH at {B.name(loc)} on the {len(entering)} entering NVA unit(s)", "FT 11.31", kind="battle",
          battle=loc, refs=B.refs(B.ref_p(loc)))
    ambush = combat(loc, "ambush", "US", us_f=us, n_t=B.nsort(s, entering))
    record_start(g, ambush)
    return ambush


# --- Segment L: NVA ambush (13.6 cond. 2, A57) -------------------------------------------------------------

@flow.step("nva_ambush")
class NvaAmbush(Procedure):
    """FT 13.6 (2), Segment L: where NVA entered American-held locations in Segment K (l_check, in
    the order entered), those that entered and did not ambush in H or J check to ambush."""

    parts = ("ambush",)

    def ambush(self, g, f):
        s = g.s
        U = s["units"]
        todo = f.setdefault("todo", list(dict.fromkeys(f["l_check"])))
        if not todo:
            return
        loc = todo.pop(0)
        self.again(f)
        grp = [x for x in B.nva_at(s, loc) if U[x].get("mv") and not U[x].get("amb") and not B.broken(U[x])]
        tg = B.ambushable(s, loc, by_contacted=True)
        if not grp or not tg:
            return
        e = B.lowest_eff(s, grp)
        d = g.roll(1, f"NVA ambush check at {B.name(loc)} (on {e} or less)", "FT 13.6")[0]
        if d <= e:
            g.log(f"AMBUSH at {B.name(loc)}", "FT 13.6", kind="battle", battle=loc, refs=B.refs(B.ref_p(loc)))
            night = s["options"]["night_scope"] == "all_nva_attacks" and night_roll(g, loc)
            start_fight(g, f, combat(loc, "ambush", "NVA", us_t=tg, n_f=grp, night=night))


# --- Segment M: NVA open combat (11.1, 11.25, 11.29, A30, A33, A34, A58) ---------------------------------

def attackers(s, loc):
    U = s["units"]
    att = [x for x in B.nva_at(s, loc) if not B.broken(U[x])
           and (s["options"]["garrison_initiates"] or not U[x].get("gar"))]
    return att


def must_attack(s, loc):
    att = attackers(s, loc)
    us = B.us_ground(s, loc)
    if not att or not us:
        return False
    return sum(B.us_str(s["units"][x]) for x in us) <= sum(B.n_str(s["units"][x]) for x in att)


def priority_key(s, loc):
    t = B.target_types(s, loc)
    return (min(t) if t else 5, B.cls(B.zone_of(loc)), LOC[loc]["number"])


def night_roll(g, loc):
    d = g.roll(1, f"NVA night attack check at {B.name(loc)} (1-{TABLES['night_max']})", "FT 11.25",
               refs=B.refs(B.ref_p(loc)))[0]
    if d <= TABLES["night_max"]:
        g.log(f"A night attack at {B.name(loc)}: +3 columns", "FT 11.25", refs=B.refs(B.ref_p(loc)))
        return True
    return False


def _can_support(s, a):
    return not B.has_us(s, a) and any(not B.broken(s["units"][x]) for x in B.seen(s, a, "nva"))


def nva_support(g, loc, allotted=None, used=None):
    """FT 11.29 (A34): each NVA-only location with non-broken units supports one adjacent combat.
    In M the combats come in priority order, so the first to ask is the highest priority target
    (`used`: the locations that supported earlier in the segment, extended here); in F `allotted`
    is the plan made by `nva_support_plan` (those still able to support count)."""
    s = g.s
    if not s["options"]["supporting_locations"]:
        return 0
    if allotted is not None:
        n = sum(1 for a in allotted if _can_support(s, a))
    else:
        n = 0
        for a in sorted(ADJ[loc]):
            if a not in used and _can_support(s, a):
                used.append(a)
                n += 1
    if n:
        g.log(f"{n} adjacent NVA location(s) support the NVA at {B.name(loc)}", "FT 11.29", refs=B.refs(B.ref_p(loc)))
    return n


def nva_support_plan(s, locs, barred=()):
    """FT 11.29 (A34) in the American Open Combat Segment: the NVA support the adjacent attack
    against the highest priority target, whatever the order the attacks were declared in. The
    allocation is made once for all declared attacks, visited in priority order (priority_key):
    {attacked location: [supporting locations]}. `barred`: locations attacked solely by
    helicopters this segment, whose NVA "may not be used to support" (FT 11.29)."""
    if not s["options"]["supporting_locations"]:
        return {}
    used, plan = set(), {}
    with B.reading(s):
        for loc in sorted(dict.fromkeys(locs), key=lambda l: priority_key(s, l)):
            mine = [a for a in sorted(ADJ[loc]) if a not in used and a not in barred and _can_support(s, a)]
            used.update(mine)
            plan[loc] = mine
    return plan


@flow.step("nva_combat")
class NvaCombat(Procedure):
    """FT 4.14 M, 11.1: the NVA must attack wherever the American ground units are no stronger
    (A30), the targets in priority order (A58): each attack has its night check (11.25) and NVA
    supporting locations (11.29), the American player allocates support (4.14 M), then the combat.
    At the end of the second segment the locations score (15.0, 15.1). Frame: second."""

    parts = ("targets", "attack", "fight", "score")

    def targets(self, g, f):
        s = g.s
        with B.reading(s):
            f["todo"] = sorted([l for l in B.nva_map_locs(s) if must_attack(s, l)], key=lambda l: priority_key(s, l))
        if not f["todo"]:
            g.log("No NVA open combat", "FT 11.1", kind=NOTHING)
        f["nsup_used"] = []  # FT 11.29: "a location may not support more than one other location"
        f["adj_used"] = []

    def attack(self, g, f):
        s = g.s
        while f["todo"]:
            loc = f["todo"].pop(0)
            if must_attack(s, loc):  # (an earlier combat may have changed it)
                break
        else:
            self.goto_part(f, "score")
            return
        night = night_roll(g, loc)
        att = attackers(s, loc)
        n_f = att + [x for x in B.nva_at(s, loc) if s["units"][x].get("gar") and x not in att
                     and not B.broken(s["units"][x])]
        us = B.us_ground(s, loc)
        g.log(f"The NVA must attack at {B.name(loc)}", "FT 11.1", kind="battle", battle=loc, refs=B.refs(B.ref_p(loc)))
        f["combat"] = combat(loc, "open", "NVA", us_f=us, us_t=us, n_f=n_f, n_t=B.nva_at(s, loc),
                             night=night, nsup=nva_support(g, loc, used=f["nsup_used"]))
        record_start(g, f["combat"])
        g.call("m_support", into="sup", loc=loc, sup={}, night=night, used=list(f["adj_used"]))

    def fight(self, g, f):
        c, sup = f.pop("combat"), f.pop("sup")
        c["sup"] = sup
        c["helis"] = sup.get("gs", []) + sup.get("ara", []) + sup.get("oh", [])
        f["adj_used"] += sup.get("adj", [])
        call_fight(g, f, c)
        self.goto_part(f, "attack")

    def score(self, g, f):
        g.end()  # the segment is over; at the end of the second, the locations score
        if f.get("second"):
            score_locations(g)


def score_locations(g):
    """FT 15.0, 15.1 (A7): at the end of the second NVA Open Combat Segment."""
    s = g.s
    opt = s["options"]
    U = s["units"]
    if B.has_nva(s, B.PLEIKU) and not B.has_us(s, B.PLEIKU):
        s["over"] = {"level": "NVA Strategic Victory", "vp": s["vp"], "turn": s["turn"], "rule": "FT 15.1",
                     "winner": "NVA", "reason": "Only NVA units hold Pleiku at the end of the second NVA Open Combat Segment"}
        g.log("NVA STRATEGIC VICTORY: the NVA hold Pleiku", "FT 15.1", kind="end")
        return
    if opt["location_scoring"] == "final_turn_only" and s["turn"] < opt["turns"]:
        return
    total = 0
    with B.reading(s):
        locs = B.nva_map_locs(s)
    for loc in locs:
        nva = B.nva_at(s, loc)
        if not nva:
            continue
        if LOC[loc]["road"] and (B.zone_of(loc) != "CAM" or opt["cambodia"]):
            total += TABLES["vp"]["road"] * (len(nva) if opt["road_per"] == "unit" else 1)
        if LOC[loc]["sf_camp"] and not B.has_us(s, loc):
            total += TABLES["vp"]["camp"]
    del U
    if total:
        B.vp(g, total, "NVA-held road locations and SF camps", "FT 15.0")
    else:
        g.log("No location victory points this turn", "FT 15.0", kind=NOTHING)


# --- end-of-segment garrisons (13.71, 13.72, A31) ----------------------------------------------------------

_GARRISONED = frozenset(loc for loc, r in LOC.items() if loc == B.PLEIKU or r["sf_camp"] or r["road"])  # FT 13.71


def garrisons(g):
    """FT 13.71, 13.72 (A31): at the end of every segment, NVA alone in Pleiku, a camp or a road
    location leave a garrison under HOLD there (this runs at every segment end: the NVA-held and
    US-held locations come from the live index, board.where)."""
    s = g.s
    U = s["units"]
    opt = s["options"]
    no_broken = opt.get("garrison_broken", "allowed") == "never"  # A81
    no_cam = opt.get("cam_road_garrison", "always") == "with_16_1" and not opt["cambodia"]  # A82
    inf, sfg = B.where(s, "inf"), B.where(s, "sfg")
    # the NVA alone where a garrison may stand and none stands yet (most segment ends find none)
    alone = []
    for loc in B.where(s, "nva"):
        if loc in _GARRISONED and loc not in inf and loc not in sfg:
            for x in B.seen(s, loc, "nva"):  # (a loop, not any(): thousands of segment ends a game)
                if U[x].get("gar"):
                    break
            else:
                alone.append(loc)
    if not alone:
        return
    for loc in B.map_order(alone):
        r = LOC[loc]
        if no_cam and r["zone"] == "CAM":
            continue
        here = B.of_kind(s, loc, "nva")
        n = len(here)
        k = min(6, n) if loc == B.PLEIKU else ceil(n / 2) if r["sf_camp"] else 1
        cands = [x for x in here if not B.broken(U[x])] if no_broken else here
        pick = sorted(cands, key=lambda x: (B.broken(U[x]), B.key(U[x])))[:k]
        if not pick:
            continue
        k = len(pick)
        for x in pick:
            U[x]["gar"] = True
            U[x]["hold"] = True
        g.log(f"{k} NVA unit(s) garrison {B.name(loc)} under HOLD", "FT 13.71", refs=B.refs(B.ref_p(loc)))
