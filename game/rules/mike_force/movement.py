"""Free World movement: ground moves (MF 15.5, 15.10), Nha Trang (MF 22.1-22.3), airmobile
moves and airlift (MF 23), HALO (MF 25.3), reaction flights (MF 17), the engineer camp (MF 25.7)
and special targets (MF 26.3)."""

from ...engine.flow import QUESTION, Bare, Step
from ...engine.listing import Listing
from . import board as B
from .board import flow
from .data import KINDS, SPACES, TABLES
from .events import loc_name, pool_unit


def phase_key(s):
    return s["turn_flags"].get("phase", "")


def _done(s, key):
    return s["turn_flags"].setdefault(key, [])


def _seen(s, key):
    """Read-only twin of _done for the choices functions: listing the legal actions must not
    change the state (engine contract: a rejected action leaves the match unchanged)."""
    return s["turn_flags"].get(key, ())


# --- ground movement ---------------------------------------------------------------------

def ground_movers(s):
    moved = _seen(s, "moved")
    out = []
    U = s["units"]
    for uid in B.fw_in_play_of(s, _GROUND_MOVERS):
        u = U[uid]
        if uid in moved:
            continue
        if B.ma_of(u) not in (0, "A", None):
            out.append(uid)
    return out


# the kinds that move on the ground: mobile (MF 9.1, 15.2), no helicopter (MF 23), no garrison (MF 24)
_GROUND_MOVERS = frozenset(k for k in B.KINDS if B.is_mobile({"k": k}) and not B.is_heli({"k": k})
                           and not B.is_garrison({"k": k}))


def ground_destinations(s, uid):
    """Spaces reachable within the movement allowance; entering a space with enemy units ends
    the move (MF 15.0); starting in one does not hold the unit (MF 15.10)."""
    return list(_ground_dests(s, s["units"][uid]))


def _ground_dests(s, u, contact=None):
    """ground_destinations as a tuple, shared by every unit that reaches as far (issue 14: the
    simulator lists them before every move): kept in the live index by what decides them.
    `contact`: B.contact_spaces(s), when the caller has it."""
    start = u["loc"]
    allowed = B.entry_spaces(s, u)
    if start == B.NT:  # MF 22.2: to any Free World controlled space
        held = B.fw_held_spaces(s)
        return B.keep(s, (B.NT, allowed, held), _from_nt, allowed, held)
    ma = B.ma_of(u)
    if contact is None:
        contact = B.contact_spaces(s)
    nt = B.NT in allowed and B.fw_controlled(s, start) and not K_laos_only(u)  # MF 22.2
    return B.keep(s, (start, ma, allowed, contact, nt), _reach, start, ma, allowed, contact, nt)


def _from_nt(allowed, held):
    return tuple(sp for sp in SPACES if sp in allowed and sp in held)


def _reach(start, ma, allowed, contact, nt):
    """MF 15.0, 15.10: breadth first, one movement point a step; a space in contact (R-MV4) is
    entered but not left; then Nha Trang when the start may fly there (MF 22.2)."""
    out = []
    seen = {start}
    frontier = [start]
    for _ in range(ma):
        reached = []
        for at in frontier:
            for nb in B.FW_ROUTES[at]:
                if nb in seen or nb not in allowed:
                    continue
                seen.add(nb)
                out.append(nb)
                if nb not in contact:
                    reached.append(nb)
        frontier = reached
    if nt:
        out.append(B.NT)
    return tuple(out)


def K_laos_only(u):
    return bool(B.K(u).get("laos_only"))


# --- airmobile movement ------------------------------------------------------------------

def sortie_point(s, loc):
    """MF 23.2: a major base, Nha Trang or a space with an SF camp."""
    return loc == B.NT or B.is_major(loc) or (loc in SPACES and B.has_camp(s, loc))


def flyers(s, reaction):
    flown = _seen(s, "flown")
    out = []
    for uid in B.fw_in_play_of(s, B.HELI_KINDS):
        u = s["units"][uid]
        if uid in flown:
            continue
        loc = u["loc"]
        if reaction and not (B.is_major(loc) and B.fw_controlled(s, loc)):  # MF 17.1
            continue
        out.append(uid)
    return out


def passengers(s, heli):
    return s["turn_flags"].get("board", {}).get(heli, [])


def boardable(s, heli):
    """MF 23.7-23.8: mobile ground units in the helicopter's space, up to 3 AP."""
    h = s["units"][heli]
    if not B.K(h).get("cap"):
        return []
    used = sum(B.K(s["units"][p]).get("ap") or 0 for p in passengers(s, heli))
    aboard = {p for ps in s["turn_flags"].get("board", {}).values() for p in ps}
    moved = _seen(s, "moved")
    out = []
    for uid in sorted(B.units_seen(s, h["loc"])):
        u = s["units"][uid]
        if uid in aboard or uid in moved or not B.is_fw(u) or B.is_heli(u) or B.is_leader(u):
            continue
        if B.is_garrison(u) or B.is_air(u):
            continue
        ap = B.K(u).get("ap")
        if not B.is_mobile(u) and not (u["k"] == "hw" and s["options"]["hw_airlift"]):
            continue  # static units cannot be carried (MF 23.7), Heavy Weapons by R-HW1
        if ap is None or used + ap > B.K(h)["cap"]:
            continue
        out.append(uid)
    return out


def _carried(k, hw_airlift):
    """MF 23.7-23.8: a unit of kind k may be carried: a mobile Free World ground unit (Heavy Weapons
    too by R-HW1), with an AP value."""
    u = {"k": k}
    if not B.is_fw(u) or B.is_heli(u) or B.is_leader(u) or B.is_garrison(u) or B.is_air(u):
        return False
    if not B.is_mobile(u) and not (k == "hw" and hw_airlift):
        return False
    return B.KINDS[k].get("ap") is not None


_CARRIED = frozenset(k for k in B.KINDS if _carried(k, False))  # a unit never changes kind
_CARRIED_HW = frozenset(k for k in B.KINDS if _carried(k, True))
_AP = {k: rec.get("ap") for k, rec in B.KINDS.items()}


def fly_destinations(s, heli, reaction):
    return list(_fly_dests(s, heli, reaction))


def _fly_dests(s, heli, reaction):
    """fly_destinations as a tuple, kept in the live index by what decides them (the start, where
    the helicopter and its passengers may be, reaction or not, and the spaces it may land at)."""
    U = s["units"]
    h = U[heli]
    start = h["loc"]
    # MF 27, and MF 25.2: a White Star aboard never leaves Laos, not even to Nha Trang
    allowed = B.entry_spaces(s, h)
    aboard = passengers(s, heli)
    if aboard:
        allowed = allowed.intersection(*(B.entry_spaces(s, U[p]) for p in aboard))
    if start == B.NT:
        lands = B.landing_spaces(s)  # MF 22.3, R-NT1
    elif sortie_point(s, start):
        lands = None  # from a sortie point, anywhere (MF 23.3)
    else:
        lands = B.sortie_spaces(s)  # else to a sortie point (MF 23.3)
    return B.keep(s, ("fly", start, allowed, reaction, lands), _fly_to, start, allowed, reaction, lands)


def _fly_to(start, allowed, reaction, lands):
    out = []
    for d in (SPACES if reaction else B.IN_PLAY):
        if d == start or d not in allowed:
            continue
        if d == B.NT and reaction:
            continue  # MF 17.1: no reaction into Nha Trang
        if lands is not None and d in SPACES and d not in lands:
            continue  # MF 22.3, R-NT1 from Nha Trang; MF 23.3 elsewhere (Nha Trang is a sortie point)
        out.append(d)
    return tuple(out)


def nt_landing(s, sp):
    """MF 22.3, R-NT1: a flight from Nha Trang lands in a space the Free World controls or disputes."""
    return B.control(s, sp) in ("FW", "disputed")


def fly(g, heli, to, rule):
    s = g.s
    riders = passengers(s, heli)
    frm = s["units"][heli]["loc"]
    B.move_unit(s, heli, to)
    for p in riders:
        B.move_unit(s, p, to)
    _done(s, "flown").append(heli)
    _done(s, "moved").extend(riders)  # R-MV5: no ground move after landing
    s["turn_flags"].get("board", {}).pop(heli, None)
    names = ", ".join(B.name_of(s, p) for p in riders)
    g.log(f"{B.name_of(s, heli)} flies {loc_name(frm)} -> {loc_name(to)}" + (f" carrying {names}" if names else ""),
          rule, refs=B.refs(B.ref_u(g.s, heli), B.ref_p(frm), B.ref_p(to)))
    deliver_targets(g)


# --- special targets (MF 26.3) --------------------------------------------------------------

def recover_options(s):
    U = s["units"]
    # only a space holding a revealed special target not yet carried can offer one (checked at
    # every Free World decision: most of the time there is none)
    where = {U[t]["loc"] for t in B.special_targets(s) if U[t].get("rev") and not U[t].get("by")}
    if not where:
        return []
    out = []
    for sp in SPACES:
        if sp not in where:
            continue
        coms = [uid for uid in B.units_at(s, sp) if B.is_com(s["units"][uid]) and not B.is_garrison(s["units"][uid])]
        targets = [uid for uid in coms if B.is_target(s["units"][uid]) and s["units"][uid].get("rev")
                   and not s["units"][uid].get("by")]
        if not targets or len(targets) != len([c for c in coms if not s["units"][c].get("by")]):
            continue
        for fw in sorted(B.units_at(s, sp)):
            u = s["units"][fw]
            if B.is_fw(u) and B.is_mobile(u) and not B.is_heli(u) and not B.is_garrison(u):
                out.append({"t": "recover", "unit": fw, "target": targets[0],
                            "label": f"{B.name_of(s, fw)} recovers {B.name_of(s, targets[0])} at {SPACES[sp]['name']}"})
    return out


# MF 26.3 "at any time in a Free World phase" (R-ST1): the phases of the Free World player turn
# (MF 4.0 I.1-I.6), by the turn's phase key; outside a turn (tests) the Free World steps themselves.
FW_PHASES = {"events:FW", "fw_appeal:", "fw_income:", "fw_recruit:", "fw_move:", "fw_engineer:",
             "fw_recon:", "reaction:FW", "combat:FW"}
FW_STEPS = {"fw_appeal", "fw_recruit", "fw_move", "fw_engineer", "fw_recon", "fw_recover"}


def in_fw_phase(s, step):
    key = s["turn_flags"].get("phase")
    return key in FW_PHASES if key else step in FW_STEPS


def offer_recovery(flow):
    """Make recovery an action of every Free World decision point (MF 26.3, R-ST1): each decision
    step of the flow lists the recoveries possible now (before its closing 'done') and performs
    one without leaving the decision. After every decision (a question's: once the procedure that
    asked it has acted on the answer) the sudden-death conditions are checked (MF 3.1 "at any
    time"). Called once, when every step is registered."""
    for name, st in flow.steps.items():
        if hasattr(st, "run") or getattr(st, "recovery_offered", False):
            continue
        st.recovery_offered = True

        def choices(g, f, _choices=st.choices, _name=name):
            out = _choices(g, f)
            if not in_fw_phase(g.s, _name):
                return out
            extra = recover_options(g.s)
            if not extra and type(out) is not list:  # the simulator's, made for it: no labels (Bare, Listing)
                return out
            if type(out) is Listing:
                out = list(out)
            if extra and out and out[-1].get("t") == "done":
                return out[:-1] + extra + out[-1:]
            return out + extra

        def act(g, f, a, _act=st.act, _name=name):
            if a.get("t") == "recover" and in_fw_phase(g.s, _name):
                recover(g, a)
                return None
            out = _act(g, f, a)
            if _name == QUESTION and g.s["stack"]:
                # a question's answer is acted on by the part after the one that asked (in the
                # procedure it answers into): that part runs now, so the check below follows the
                # answer's effects, as it follows every other decision's
                asker = g.s["stack"][-1]
                flow.get(asker["s"]).run(g, asker)
            # MF 3.1 "if at any time": e.g. the last Free World unit leaving a captured Da Nang
            B.check_sudden_death(g)
            return out

        st.choices, st.act = choices, act


@flow.step("fw_recover")
class RecoverWindow(Step):
    """The end of a Free World phase (MF 26.3): a last moment to recover special targets after the
    phase's automatic work (events, battles); passed by when there is nothing to recover."""

    def prompt(self, g, f):
        return "You may recover special targets before the phase ends (MF 26.3)"

    def choices(self, g, f):
        return [{"t": "done", "label": "Go on"}]

    def act(self, g, f, a):
        g.pop()


def recover(g, a):
    s = g.s
    s["units"][a["target"]]["by"] = a["unit"]
    g.log(f"{B.name_of(s, a['unit'])} recovers a special target: {B.name_of(s, a['target'])}", "MF 26.3",
          refs=B.refs(B.ref_u(g.s, a['unit'])))
    deliver_targets(g)


def deliver_targets(g):
    """R-ST2: delivered the instant the carrier is in a FW controlled major base or Nha Trang."""
    s = g.s
    for tid in sorted(B.special_targets(s)):  # only a special target is carried
        t = s["units"][tid]
        by = t.get("by")
        if not by:
            continue
        loc = s["units"][by]["loc"]
        if loc == B.NT or (B.is_major(loc) and B.fw_controlled(s, loc)):
            t.pop("by")
            B.put(s, tid, B.RECOVERED)
            d = g.roll(1, f"Special target delivered ({B.name_of(s, tid)})", "MF 26.3")[0]
            B.change_rp(g, d, "Special target delivered", "MF 26.3")


# --- the Free World Movement Phase ------------------------------------------------------------

def air_choices(s, reaction, labels=True):
    out = []
    helis = flyers(s, reaction)
    if labels:  # two Transport Helicopters at Da Nang read "(1)" and "(2)": the buttons were identical
        name = B.labels_by_place(s, helis)
    for h in helis:
        if not labels:  # the simulator: the same actions without their labels
            out += [{"t": "board", "unit": p, "heli": h} for p in boardable(s, h)]
            out += [{"t": "unboard", "unit": p, "heli": h} for p in passengers(s, h)]
            out += [{"t": "fly", "unit": h, "to": d} for d in fly_destinations(s, h, reaction)]
            continue
        for p in boardable(s, h):
            out.append({"t": "board", "unit": p, "heli": h,
                        "label": f"Board {B.name_of(s, p)} on {name[h]} at {loc_name(s['units'][h]['loc'])}"})
        for p in passengers(s, h):
            out.append({"t": "unboard", "unit": p, "heli": h, "label": f"{B.name_of(s, p)} gets off {name[h]}"})
        for d in fly_destinations(s, h, reaction):
            out.append({"t": "fly", "unit": h, "to": d,
                        "label": f"Fly {name[h]} from {loc_name(s['units'][h]['loc'])} to {loc_name(d)}"})
    return out


def air_act(g, a, rule):
    s = g.s
    if a["t"] == "board":
        s["turn_flags"].setdefault("board", {}).setdefault(a["heli"], []).append(a["unit"])
    elif a["t"] == "unboard":
        s["turn_flags"]["board"][a["heli"]].remove(a["unit"])
    else:
        fly(g, a["unit"], a["to"], rule)


@flow.step("fw_move")
class FwMove(Step):
    def prompt(self, g, f):
        return "Movement Phase: move units by ground or by helicopter, then end the phase (MF 15.5, 23, 22)"

    def choices(self, g, f):
        s = g.s
        if not g.labels:  # the simulator: the same actions without their labels, a Listing
            return _move_listing(s)
        out = []
        for uid in ground_movers(s):
            u = s["units"][uid]
            halo = _halo_from(s, u)
            for d in ground_destinations(s, uid):
                out.append({"t": "move", "unit": uid, "to": d,
                            "label": f"Move {B.name_of(s, uid)} {loc_name(u['loc'])} -> {loc_name(d)}"})
            if halo:
                for d in SPACES:
                    out.append({"t": "halo", "unit": uid, "to": d,
                                "label": f"HALO jump {B.name_of(s, uid)} into {SPACES[d]['name']} (6 = debacle)"})
        out += air_choices(s, reaction=False, labels=g.labels)
        out.append({"t": "done", "label": "End the Movement Phase"})  # + recoveries (offer_recovery)
        return out

    def act(self, g, f, a):
        s = g.s
        t = a["t"]
        if t == "done":
            s["turn_flags"].pop("board", None)
            g.pop()
        elif t == "move":
            frm = s["units"][a["unit"]]["loc"]
            B.move_unit(s, a["unit"], a["to"])
            _done(s, "moved").append(a["unit"])
            _unboard_everywhere(s, a["unit"])
            rule = "MF 22.2" if B.NT in (frm, a["to"]) else "MF 15.5"
            g.log(f"{B.name_of(s, a['unit'])} moves {loc_name(frm)} -> {loc_name(a['to'])}", rule,
                  refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(frm), B.ref_p(a['to'])))
            deliver_targets(g)
        elif t == "halo":
            _done(s, "moved").append(a["unit"])
            _unboard_everywhere(s, a["unit"])
            d = g.roll(1, f"HALO insertion into {SPACES[a['to']]['name']}", "MF 25.3")[0]
            if d >= TABLES["halo"]["debacle_on"]:
                B.eliminate_fw(g, a["unit"], "MF 25.3 debacle")
                if s["options"]["halo_bcp"]:
                    from .bcp import settle
                    settle(g, -1, "HALO debacle")
            else:
                B.move_unit(s, a["unit"], a["to"])
                g.log(f"{B.name_of(s, a['unit'])} lands safely at {SPACES[a['to']]['name']}", "MF 25.3",
                      refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(a['to'])))
        else:
            air_act(g, a, "MF 23.3")


def _halo_from(s, u):
    """MF 25.3: a HALO unit jumps from Nha Trang or a Free World major base."""
    return B.K(u).get("halo") and (u["loc"] == B.NT or (B.is_major(u["loc"]) and B.fw_controlled(s, u["loc"])))


_SPACE_IDS = tuple(SPACES)  # a HALO jump may go to any map space (MF 25.3)


def _move_listing(s):
    """FwMove.choices without labels, as a Listing (issue 14): the same actions in the same order
    (each mover's ground moves and HALO jumps, then each helicopter's boardings, unboardings and
    flights, then 'done'), each built only when it is read."""
    out = Listing()
    U = s["units"]
    contact = B.contact_spaces(s)
    for uid in ground_movers(s):
        u = U[uid]
        dests = _ground_dests(s, u, contact)
        out.add("move", len(dests), _to_maker("move", uid, dests))
        if _halo_from(s, u):
            out.add("halo", len(_SPACE_IDS), _to_maker("halo", uid, _SPACE_IDS))
    air_listing(s, False, out)
    out.one({"t": "done"})
    return out


def _to_maker(t, uid, dests):
    return lambda i: {"t": t, "unit": uid, "to": dests[i]}


def air_listing(s, reaction, out):
    """air_choices(labels=False) added to a Listing `out`, each action built when it is read; the
    units that may board (boardable) found once per place."""
    U = s["units"]
    helis = flyers(s, reaction)
    if helis:
        aboard = {p for ps in s["turn_flags"].get("board", {}).values() for p in ps}
        moved = _seen(s, "moved")
        carried = _CARRIED_HW if s["options"]["hw_airlift"] else _CARRIED
        here = {}  # {place: [(unit, its AP)] that may board there}
    for h in helis:
        cap = B.KINDS[U[h]["k"]].get("cap")
        if cap:
            loc = U[h]["loc"]
            c = here.get(loc)
            if c is None:
                c = here[loc] = [(x, _AP[U[x]["k"]]) for x in sorted(B.units_seen(s, loc))
                                 if U[x]["k"] in carried and x not in aboard and x not in moved]
            used = sum(_AP.get(U[p]["k"]) or 0 for p in passengers(s, h))
            board = [x for x, ap in c if used + ap <= cap]
        else:
            board = ()
        out.add("board", len(board), lambda i, h=h, board=board: {"t": "board", "unit": board[i], "heli": h})
        off = tuple(passengers(s, h))
        out.add("unboard", len(off), lambda i, h=h, off=off: {"t": "unboard", "unit": off[i], "heli": h})
        dests = _fly_dests(s, h, reaction)
        out.add("fly", len(dests), _to_maker("fly", h, dests))


def _unboard_everywhere(s, uid):
    for ps in s["turn_flags"].get("board", {}).values():
        if uid in ps:
            ps.remove(uid)


_ENGINEERS = frozenset(["engineer"])


@flow.step("fw_engineer")
class Engineer(Step):
    """MF 25.7, R-EN1: an engineer may build one SF camp in its space for 0 RP."""

    def prompt(self, g, f):
        return "End of movement: your US Engineers may build an SF camp where they stand (MF 25.7)"

    def choices(self, g, f):
        s = g.s
        out = []
        if pool_unit(s, "camp") is not None:
            U = s["units"]
            for uid in B.fw_in_play_of(s, _ENGINEERS):  # an engineer on the map is in play (by id, as sorted units)
                u = U[uid]
                if uid not in _seen(s, "built") and B.on_map(u["loc"]) and B.fw_controlled(s, u["loc"]) \
                        and B.region(u["loc"]) in ("SVN", "LAOS"):
                    out.append({"t": "build", "unit": uid, "to": u["loc"],
                                "label": f"Build an SF camp at {SPACES[u['loc']]['name']} (0 RP)"}
                               if g.labels else {"t": "build", "unit": uid, "to": u["loc"]})
        if not g.labels:
            out.append({"t": "done"})
            return Bare(out)
        out.append({"t": "done", "label": "No camp"})
        return out

    def act(self, g, f, a):
        if a["t"] == "build":
            s = g.s
            cid = pool_unit(s, "camp")
            B.put(s, cid, a["to"])
            _done(s, "built").append(a["unit"])
            g.log(f"Engineers build an SF camp at {SPACES[a['to']]['name']}", "MF 25.7", refs=B.refs(B.ref_p(a['to'])))
            return
        g.pop()
