"""Movement (V 3, V 3.1, V 4): one frame moves a set of units hex by hex, each with its own MP.
Used for operation movement (V 2.1 C), reaction (V 5.3), alert (V 5.2), retreat (V 5.6) and
pursuit (V 5.6). Air movement (V 8.1): units airmobilized with AMP here, the 1st Cavalry's
permanently airmobile units with airmobile.py. A hex holding enemy units may be ended in only if it
is one of the operation's target hexes; others may be passed through, and their owner may force an
incidental attack there (V 3.2, incidental.py)."""

import heapq

from ...engine.flow import Step
from . import arvn
from . import airmobile as AM
from . import board as B
from .data import TEC
from .interdiction import exit_extra
from .regions import put

MODES = {"op": "V 3", "react": "V 5.3", "alert": "V 5.2", "retreat": "V 5.6", "pursuit": "V 5.6",
         "reserve": "V 5.7", "strat": "V 3.3"}
VERBS = {"retreat": "retreats", "pursuit": "pursues"}  # the log's verb: both V 5.6, told apart in a line
# the moves that take a unit on Hold or Patrol off its mission once it steps (V 5.2, 6.2)
LEAVE = {"alert": "moves by Alert", "react": "reacts", "retreat": "retreats"}


def step_cost(s, u, a, b, enter, mode=None):
    """MP for u to go from a to adjacent b (V 3, V 3.1, V 4), or None if closed. Strategic
    movement (V 3.3): US road hexes cost 0; NLF exit costs are doubled."""
    m = B.mapof(s)
    cost = m.enter_cost(a, b, B.val(u, "cls"))
    if cost is None:
        return None
    strat = mode == "strat"
    if strat and arvn.strat_closed(s, u, b):
        return None  # V 11.1: no national- or corps-boundary hex for an ineffective unit
    cost += arvn.border_extra(s, u, b)  # V 11.3: Ranger border interdiction
    if strat and u["side"] == "US" and m.road(a, b):
        cost = 0
    if B.other(u["side"]) in B.sides_at(s, b) and b not in enter and not B.opt(s, "incidental_everywhere", True):
        return None
    if B.other(u["side"]) in B.sides_at(s, a):
        ex = TEC["zoc"]["exit_enemy_hex"]  # V 3.1: +2 to leave an enemy-occupied hex
    else:
        ex = B.zoc_exit_cost(s, a, u["side"])
    if strat and u["side"] == "NLF":
        ex *= 2  # V 3.3: NLF strategic movement pays 2 / 4 / 4
    return cost + ex + exit_extra(s, a)  # V 7.5: interdiction adds to either


AIR = TEC["airmobile"]


def stuck_reason(s, u, f):
    """Why a unit moving has no step left (issue 45 item 5), in words: the cheapest step's cost
    (terrain, leaving an enemy hex or ZOC, interdiction) against the MP it has left (V 3, 3.1, 7.5)."""
    left = f["mp"][u["id"]]
    if AM.must_fly(s, u, f) and not AM.flying(u, f):
        return "it moves by air or not at all (V 8.1)"
    if AM.flying(u, f):
        fly = [c for n in B.neighbours(u["hex"]) if n not in been(f, u)
               for c in [air_step_cost(s, u, u["hex"], n, f["enter"])] if c is not None]
        if not fly:
            return "every hex around it is closed to it (V 3, V 8.1)"
        return (f"no flight on: a hex beyond costs at least {min(fly):g} MP and its landing more, "
                f"{left:g} MP left (V 8.1)")
    costs = [c for n in B.neighbours(u["hex"]) if n not in been(f, u)
             for c in [step_cost(s, u, u["hex"], n, f["enter"], f["mode"])] if c is not None]
    if not costs:
        return "every hex around it is closed to it (V 3, V 3.2)"
    if min(costs) <= left:
        return "each step it could pay would leave it in an enemy hex it could not leave (V 3.2)"
    here = u["hex"]
    if B.other(u["side"]) in B.sides_at(s, here):
        ex = f"+{TEC['zoc']['exit_enemy_hex']} to leave an enemy-occupied hex (V 3.1)"
    else:
        z = B.zoc_exit_cost(s, here, u["side"])
        ex = f"+{z} to leave the enemy's zone of control (V 3.1)" if z else ""
    extra = exit_extra(s, here)
    bits = [b for b in (ex, f"+{extra} interdiction (V 7.5)" if extra else "") if b]
    return (f"no step possible: the cheapest costs {min(costs):g} MP" + (f" ({', '.join(bits)})" if bits else "")
            + f", {left:g} MP left (V 3)")


def cheapest(start, left, cost, came=None):
    """(MP spent, hex) for each hex reached from `start` with at most `left` MP by its cheapest
    path (Dijkstra), in order of cost; `cost(a, b, spent)` is the MP of the step a -> b, or None.
    `came` (a dict), when given, gets each hex's previous hex on that path."""
    best = {start: 0}
    todo = [(0, start)]
    while todo:
        c, h = heapq.heappop(todo)
        if c > best[h]:
            continue
        yield c, h
        for n in B.neighbours(h):
            k = cost(h, n, c)
            if k is not None and c + k <= left and c + k < best.get(n, 1e9):
                best[n] = c + k
                if came is not None:
                    came[n] = h
                heapq.heappush(todo, (c + k, n))


def air_reach(s, u, left, enter):
    """The hexes u could end a flight in with `left` MP (V 8.1): 1/2 MP a hex and the exit costs
    (air_step_cost), the landing cost in place of the last half; an enemy hex that is not a
    target may be flown over but not landed in (Move._steps)."""
    return sorted(h for c, h in cheapest(u["hex"], left, lambda a, b, c: air_step_cost(s, u, a, b, enter))
                  if h != u["hex"] and not closed(s, u, h, enter)
                  and c + landing_cost(s, u, h) - AIR["per_hex"] <= left)


def reach(s, u, left, enter, mode, forbid=()):
    """The hexes u could end a ground move in with `left` MP (the movement-range overlay): the
    cheapest paths by step_cost (V 3, 3.1 exit costs, V 4 terrain, V 7.5 interdiction); an enemy
    hex that is not a target may be passed with the MP to leave it but not ended in (V 3.2).
    Incidental attacks and reactions on the way may stop a unit short of it."""
    return sorted(routes(s, u, left, enter, mode, forbid))


def routes(s, u, left, enter, mode, forbid=(), avoid=()):
    """{hex: the hexes of the cheapest path there, the hex itself last} for every hex of reach():
    what a click on a hex of the overlay follows, a step at a time (issue 45 item 4: each step is
    still the engine's action, so reactions and incidental attacks interrupt it). `avoid`: the
    hexes the move has been in (V 3: never entered again)."""
    m = B.mapof(s)

    def cost(h, n, c):
        if n in forbid or n in avoid or not m.playable(n):
            return None
        k = step_cost(s, u, h, n, enter, mode)
        if k is None or c + k > left or (closed(s, u, n, enter) and not _leaves(s, u, n, enter, left - c - k, (h,))):
            return None
        return k
    came = {}
    ends = [h for c, h in cheapest(u["hex"], left, cost, came) if h != u["hex"] and not closed(s, u, h, enter)]
    return _paths(came, u["hex"], ends)


def _paths(came, start, ends):
    """{hex: the hexes from `start` to it, itself last} from cheapest()'s `came`."""
    out = {}
    for h in ends:
        path = [h]
        while came.get(path[-1], start) != start:
            path.append(came[path[-1]])
        out[h] = path[::-1]
    return out


def party_routes(s, f, units, air):
    """routes() for what Move offers beyond one unit on the ground (issue 45 item 4): a stack moving
    together (V 3: at the lowest MP left of its units, each step at the highest of their costs) or
    one flying (V 8.1: 1/2 a hex, only as far as it can still land, over an enemy hex that is not a
    target only with the MP to leave it and land beyond); the same steps as Move._steps, each hex
    of the move's path once."""
    m = B.mapof(s)
    enter, mode, forbid = f["enter"], f["mode"], f.get("forbid", ())
    left = min(f["mp"][u["id"]] for u in units)
    lead = units[0]
    avoid = {h for u in units for h in been(f, u)}

    def cost(h, n, c):
        if n in avoid or n in forbid or not m.playable(n):
            return None
        ks = [air_step_cost(s, u, h, n, enter) if air else step_cost(s, u, h, n, enter, mode) for u in units]
        if None in ks or c + max(ks) > left:
            return None
        rest = left - c - max(ks)
        if closed(s, lead, n, enter):
            if air:
                ok = rest >= TEC["zoc"]["exit_enemy_hex"] + AIR["land"]
            else:
                ok = all(_leaves(s, u, n, enter, rest, (h,)) for u in units)
        else:
            ok = not air or all(landing_cost(s, u, n) - AIR["per_hex"] <= rest for u in units)
        return max(ks) if ok else None
    came = {}
    ends = [h for c, h in cheapest(lead["hex"], left, cost, came) if h != lead["hex"] and not closed(s, lead, h, enter)]
    return _paths(came, lead["hex"], ends)


def closed(s, u, h, enter):
    """An enemy-occupied hex that is not a target hex: it may be passed through (V 3.2) but not
    ended in."""
    return B.other(u["side"]) in B.sides_at(s, h) and h not in enter


def _leaves(s, u, h, enter, left, avoid=()):
    need = leave_cost(s, u, h, enter, avoid)
    return need is not None and left >= need


def leave_cost(s, u, h, enter, avoid=()):
    """V 3.2: a unit may enter an enemy-occupied non-target hex only with the MP to leave it: the
    +2 exit plus the cheapest hex beyond (not one of `avoid`, the hexes its move has been in)."""
    m = B.mapof(s)
    best = None
    for n in B.neighbours(h):
        c = m.enter_cost(h, n, B.val(u, "cls"))
        if c is not None and not closed(s, u, n, enter) and n not in avoid:
            best = c if best is None else min(best, c)
    return None if best is None else TEC["zoc"]["exit_enemy_hex"] + exit_extra(s, h) + best


def landing_cost(s, u, h):
    """V 8.1: landing costs 3 in an enemy-occupied hex or a patrolling enemy ZOC, 2 in another enemy
    ZOC, 1 otherwise."""
    enemy = B.other(u["side"])
    if enemy in B.sides_at(s, h):
        return AIR["land_enemy"]
    zoc = [e for n in B.neighbours(h) for e in B.units_at(s, n, enemy) if B.exerts_zoc(e)]
    if any(e.get("mission") == "patrol" for e in zoc):
        return AIR["land_enemy"]
    return AIR["land_ezoc"] if zoc else AIR["land"]


def air_step_cost(s, u, a, b, enter):
    """V 8.1: 1/2 MP per hex, terrain and hexsides ignored; exit costs still apply."""
    if not B.mapof(s).playable(b):
        return None
    cost = AIR["per_hex"]
    if B.other(u["side"]) in B.sides_at(s, a):
        cost += TEC["zoc"]["exit_enemy_hex"]
    else:
        cost += B.zoc_exit_cost(s, a, u["side"])
    return cost + exit_extra(s, a)


def amp_left(s):
    """Airmobile Points not yet used this turn (V 8.2: each once a turn)."""
    return s["rec"]["amp"] - s["rec"].get("amp_used", 0)


def amp_cost(u):
    """V 8.1: 1 AMP per battalion or HQ, 3 per brigade or regiment."""
    return 3 if B.val(u, "size") in ("III", "X") else 1


def may_airmobilize(s, u, f):
    """V 8.1: US-side units that may fly, before their first step, while Airmobile Points last
    (one use each per turn): in operation, reaction and reserve moves, and in retreats (option
    amp_at_retreat); never in alert, pursuit or strategic moves here."""
    modes = ("op", "react", "reserve") + (("retreat",) if B.opt(s, "amp_at_retreat", True) else ())
    return (u["side"] == "US" and f["mode"] in modes and B.val(u, "airmobile_ok")
            and not AM.natural(u)  # V 8.2: no advantage in airmobilizing an airmobile unit
            and u["id"] not in f.get("stepped", []) and not u.get("air")
            and amp_left(s) >= amp_cost(u))


def take_air(g, f, u):
    """V 8.1: u flies for this move: a naturally airmobile unit by its own choice (V 8), any other
    by spending its Airmobile Points (airmobilized for the operation)."""
    if AM.natural(u):
        AM.fly(g, f, u)
        return
    s = g.s
    s["rec"]["amp_used"] = s["rec"].get("amp_used", 0) + amp_cost(u)
    u["air"] = True
    g.log(f"{u['name']} airmobilized ({amp_cost(u)} AMP)", "V 8.1", refs=B.refs(B.ref_u(g.s, u)))


def stack_air_cost(s, f, units):
    """V 8.1 for a stack moving together (issue 45 item 4): the AMP it costs to fly every unit of it
    before its first step (0 when all are permanently airmobile), or None when one of them may not
    fly now or the points left do not cover them all."""
    if any(AM.flying(u, f) for u in units):
        return None
    amp = 0
    for u in units:
        if may_airmobilize(s, u, f):
            amp += amp_cost(u)
        elif not AM.may_fly(s, u, f):
            return None
    return amp if amp <= amp_left(s) else None


def start(g, who, mode, mp, enter=(), react=False, rule=None, forbid=(), cur=None, into=None):
    """Call a move of the units in `mp` (their MP; those with none stay); `cur`: the one unit moving
    (a reaction, a reserve); `into`: the caller's field for the MP they have left when it ends (V 5.6:
    the pursuit's unused MP become the combat bonus). False, and nothing called, if no unit may move."""
    mp = {k: v for k, v in mp.items() if v > 0}
    if not mp:
        return False
    g.call("move", into=into, who=who, mode=mode, mp=mp, cur=cur, moved=[], enter=list(enter), react=react,
           rule=rule or MODES[mode], forbid=list(forbid))
    return True


def alerted(s, u):
    """Note a unit that moves by Alert (V 5.2: those ending beside operating units are revealed)."""
    moved = s["op"].setdefault("alerted", [])
    if u["id"] not in moved:
        moved.append(u["id"])


def been(f, u):
    """The hexes u has been in during this move, its start hex first: a move never re-enters one
    (V 3: it traces a path, L99-100), so every move ends, those along roads at 0 MP too (V 3.3)."""
    return f.get("been", {}).get(u["id"]) or [u["hex"]]


def entered(f, u, h):
    f.setdefault("been", {})[u["id"]] = been(f, u) + [h]


def react_after(g, hexes, mode, side):
    """V 5.3: `side` may react to the move that just ended in `hexes` (a hex or a list). The window
    is reaction.py's step, called by name: a reaction is a move of its own (start)."""
    g.call("reaction_window", hexes=hexes, mode=mode, side=side)


def settled(s, f):
    """The move frame f as it stands for its next decision: a mover destroyed on the way (an
    incidental attack, V 3.2: 'a destroyed mover ends its move') is moved and out of the stack. The
    frame itself is brought up to date by its next action (Move.act); f itself when nothing changed."""
    dead = [x for x in ([f["cur"]] if f.get("cur") else []) + list(f.get("group") or ()) if not s["units"][x]["hex"]]
    if not dead:
        return f
    return dict(f, cur=None if f.get("cur") in dead else f.get("cur"), moved=f["moved"] + dead,
                group=[x for x in f.get("group") or () if x not in dead])


def _label(g, u):
    return B.pub(g.s, u)


@B.flow.step("move")
class Move(Step):
    def prompt(self, g, f):
        f = settled(g.s, f)
        what = {"op": "Move operating units", "react": "Reaction move", "alert": "Alert move",
                "retreat": "Retreat", "pursuit": "Pursuit", "reserve": "Reserve move",
                "strat": "Strategic movement"}[f["mode"]]
        if f.get("group"):
            units = [g.s["units"][x] for x in f["group"]]
            return (f"{what} ({f['rule']}): stack of {len(units)} in {units[0]['hex']}, "
                    f"{min(f['mp'][u['id']] for u in units):g} MP left")
        if f["cur"]:
            u = g.s["units"][f["cur"]]
            by_air = ", flying (V 8.1)" if AM.flying(u, f) else ""
            return f"{what} ({f['rule']}): {B.pub(g.s, u)} in {u['hex']}, {f['mp'][u['id']]:g} MP left{by_air}"
        return f"{what} ({f['rule']}): pick a unit or finish"

    def _can_halt(self, g, f, u):
        if u["id"] in f.get("stepped", []) and closed(g.s, u, u["hex"], f["enter"]):
            return False  # V 3.2: a unit may not end its move in an enemy hex that is not a target
        if AM.flying(u, f) and u["id"] in f.get("stepped", []):
            return landing_cost(g.s, u, u["hex"]) - AIR["per_hex"] <= f["mp"][u["id"]]
        if f["mode"] == "strat" and not arvn.strat_may_halt(g.s, u, u["hex"]):
            return False  # V 11.1: an ineffective unit ends in a town, city or cultivated hex
        return True

    def _steps(self, g, f, u):
        s = g.s
        out = []
        left = f["mp"][u["id"]]
        if AM.must_fly(s, u, f) and not AM.flying(u, f):
            return out  # V 8.1, 8.2: it moves by air or not at all
        path = been(f, u)
        for n in B.neighbours(u["hex"]):
            if n in path:
                continue  # V 3: a move never re-enters a hex it has been in
            if AM.flying(u, f):
                c = air_step_cost(s, u, u["hex"], n, f["enter"])
                # only as far as it can still land (the landing hex costs its landing cost, not 1/2)
                if c is None:
                    continue
                if closed(s, u, n, f["enter"]):  # flying over: it must be able to fly on
                    if left - c >= TEC["zoc"]["exit_enemy_hex"] + AIR["per_hex"] + AIR["land"] - AIR["per_hex"]:
                        out.append((n, c))
                    continue
                if c + landing_cost(s, u, n) - AIR["per_hex"] <= left:
                    out.append((n, c))
                continue
            if not B.mapof(s).playable(n) and (u.get("outside") or not B.opt(s, "play_area_exit", True)):
                continue  # V 18.1: a reinforcement beside the area moves only into it
            if n in f.get("forbid", ()):
                continue  # V 6.3: a retreat from a security attack avoids the road path behind
            c = step_cost(s, u, u["hex"], n, f["enter"], f["mode"])
            if c is not None and c <= left and (not closed(s, u, n, f["enter"]) or
                                                 not B.opt(s, "enemy_hex_exit_check", True) or
                                                 _leaves(s, u, n, f["enter"], left - c, path)):
                out.append((n, c))
        return out

    def _group_steps(self, g, f):
        """V 3: a stack moves at the lowest MP left of its units and pays the highest cost."""
        s = g.s
        units = [s["units"][x] for x in f["group"]]
        left = min(f["mp"][u["id"]] for u in units)
        per = [dict(self._steps(g, f, u)) for u in units]
        out = []
        for n in per[0]:
            if all(n in p for p in per):
                c = max(p[n] for p in per)
                if c <= left:
                    out.append((n, c))
        return out

    def choices(self, g, f):
        s = g.s
        lab = g.labels
        f = settled(s, f)
        if f.get("group"):
            units = [s["units"][x] for x in f["group"]]
            acts = [{"t": "step", "to": n, **({"label": f"Stack to {n} ({c:g} MP)", "note": f"{c:g} MP"} if lab else {})}
                    for n, c in self._group_steps(g, f)]
            amp = stack_air_cost(s, f, units)
            if amp is not None:
                what = f"Airmobilize the stack ({amp} AMP)" if amp else "Fly the stack (airmobile, no AMP)"
                acts.append({"t": "air", **({"label": what} if lab else {})})
            # (display "at": a click on the stack's own hex halts it, or drops the unit selected; issue 45 item 4)
            acts += [{"t": "drop", "u": u["id"], **({"label": f"Drop {u['name']} here", "at": u["hex"]} if lab else {})}
                     for u in units]
            if all(self._can_halt(g, f, u) for u in units) or not acts:
                acts.append({"t": "halt", **({"label": f"Halt the stack in {units[0]['hex']}", "at": units[0]["hex"]}
                                             if lab else {})})
            return acts
        if f["cur"]:
            u = s["units"][f["cur"]]
            acts = [{"t": "step", "to": n, **({"label": f"To {n} ({c:g} MP)", "note": f"{c:g} MP"} if lab else {})}
                    for n, c in self._steps(g, f, u)]
            if may_airmobilize(s, u, f):
                acts.append({"t": "air", **({"label": f"Airmobilize {u['name']} ({amp_cost(u)} AMP)"} if lab else {})})
            elif AM.may_fly(s, u, f):
                acts.append({"t": "air", **({"label": f"Fly {u['name']} (airmobile, no AMP)"} if lab else {})})
            if self._can_halt(g, f, u) or not acts:  # a unit that can neither go on nor stop stays
                why = stuck_reason(s, u, f) if lab and not acts else ""  # issue 45 item 5: say why
                acts.append({"t": "halt", **({"label": f"Halt in {u['hex']}" + (f": {why}" if why else ""),
                                              "at": u["hex"]} if lab else {})})
            return acts
        free = [uid for uid in sorted(f["mp"]) if uid not in f["moved"] and s["units"][uid]["hex"]]
        acts = [{"t": "pick", "u": uid, **({"label": f"Move {s['units'][uid]['name']}"} if lab else {})}
                for uid in free]
        hexes = {}
        for uid in free:
            if not AM.flying(s["units"][uid], f):
                hexes.setdefault(s["units"][uid]["hex"], []).append(uid)
        acts += [{"t": "stack", "hex": h, **({"label": f"Move the stack in {h} ({len(ids)} units)"} if lab else {})}
                 for h, ids in sorted(hexes.items()) if len(ids) > 1]
        return acts + [{"t": "done", **({"label": "Finish moving"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        f.update(settled(s, f))
        if a["t"] == "pick":
            f["cur"] = a["u"]
        elif a["t"] == "stack":
            f["group"] = [uid for uid in sorted(f["mp"]) if uid not in f["moved"] and s["units"][uid]["hex"] == a["hex"]
                          and not AM.flying(s["units"][uid], f)]
            f["finals"] = []
        elif f.get("group"):
            self._group_act(g, f, a)
        elif a["t"] == "air":
            take_air(g, f, s["units"][f["cur"]])
        elif a["t"] == "step":
            u = s["units"][f["cur"]]
            f.setdefault("stepped", []).append(u["id"])
            AM.record(s, u, f)
            if f["mode"] in LEAVE and u.get("mission"):
                B.abandon_mission(g, u, LEAVE[f["mode"]], f["rule"])
            if f["mode"] == "alert":
                alerted(s, u)
            if AM.flying(u, f):
                c = air_step_cost(s, u, u["hex"], a["to"], f["enter"])
            else:
                c = step_cost(s, u, u["hex"], a["to"], f["enter"], f["mode"])
            f["mp"][u["id"]] -= c
            frm = u["hex"]
            entered(f, u, a["to"])
            g.log(f"{_label(g, u)} {VERBS.get(f['mode'], 'moves')} {frm} to {a['to']}", f["rule"], kind="move",
                  move=[frm, a["to"]], refs=B.refs(B.ref_u(g.s, u), B.ref_h(frm), B.ref_h(a['to'])))
            put(g, u, a["to"])
            if not B.mapof(s).playable(a["to"]):
                # V 18.1 (R60, option play_area_exit): a unit leaving the play area leaves the scenario
                B.remove_unit(g, u, f"leaves the play area ({frm} to {a['to']})", "V 18.1", scored=False)
                s["removed"][-1]["how"] = "left"
                f["moved"].append(u["id"])
                f["cur"] = None
                return
            if closed(s, u, a["to"], f["enter"]):
                g.call("incidental", hex=a["to"], movers=[u["id"]], mover=u["side"])
        elif a["t"] == "halt":
            self._halt(g, f)
        else:  # done
            where = self._halt(g, f, window=False) if f["cur"] else None
            # this frame first: the reaction window opens over the caller; the MP left go back only to a
            # caller that asked for them (g.call's `into`)
            g.end(f["mp"] if f.get("into") else None)
            if where:
                react_after(g, where[0], f["mode"], where[1])

    def _group_act(self, g, f, a):
        s = g.s
        units = [s["units"][x] for x in f["group"]]
        if a["t"] == "air":  # V 8.1: the stack takes to the air together, each unit as it would alone
            for u in units:
                take_air(g, f, u)
            return
        if a["t"] == "step":
            c = dict(self._group_steps(g, f))[a["to"]]
            frm = units[0]["hex"]
            for u in units:
                f.setdefault("stepped", []).append(u["id"])
                AM.record(s, u, f)
                if f["mode"] in LEAVE and u.get("mission"):
                    B.abandon_mission(g, u, LEAVE[f["mode"]], f["rule"])
                if f["mode"] == "alert":
                    alerted(s, u)
                f["mp"][u["id"]] -= c
                entered(f, u, a["to"])
            names = ", ".join(_label(g, u) for u in units)
            g.log(f"Stack ({names}) {VERBS.get(f['mode'], 'moves')} {frm} to {a['to']}", f["rule"], kind="move",
                  move=[frm, a["to"]], refs=B.refs(*[B.ref_u(g.s, x) for x in units], B.ref_h(frm), B.ref_h(a['to'])))
            for u in units:
                put(g, u, a["to"])
            if not B.mapof(s).playable(a["to"]):
                for u in units:
                    B.remove_unit(g, u, f"leaves the play area ({frm} to {a['to']})", "V 18.1", scored=False)
                    s["removed"][-1]["how"] = "left"
                    f["moved"].append(u["id"])
                f["group"] = []
                return
            if closed(s, units[0], a["to"], f["enter"]):
                g.call("incidental", hex=a["to"], movers=list(f["group"]), mover=units[0]["side"])
            return
        if a["t"] == "drop":
            f["group"].remove(a["u"])
            f["finals"].append(self._stop(g, f, s["units"][a["u"]]))
            if f["group"]:
                return
        else:  # halt
            for u in units:
                f["finals"].append(self._stop(g, f, u))
            f["group"] = []
        hexes = sorted({x[0] for x in f["finals"] if x})
        side = next((x[1] for x in f["finals"] if x), None)
        f["finals"] = []
        if hexes:
            react_after(g, hexes, f["mode"], side)

    def _stop(self, g, f, u):
        """One unit of a stack stops: what _halt does, without opening the window."""
        f["cur"] = u["id"]
        return self._halt(g, f, window=False)

    def _halt(self, g, f, window=True):
        u = g.s["units"][f["cur"]]
        op = g.s.get("op")
        if op and u["side"] != op["side"] and u["hex"] in f["enter"] and f["mode"] in ("react", "reserve"):
            u["tgt"] = True  # V 5.3, 5.7: a defender ending its move in a target hex is a target unit
        if op and f["mode"] == "retreat" and u["tgt"] and u["hex"]:
            for x in B.units_at(g.s, u["hex"], u["side"]):
                x["tgt"] = True  # V 5.6: retreating onto friendly units makes them targets too
        if AM.flying(u, f) and u["id"] in f.get("stepped", []):
            AM.landed(g.s, u)
            land = landing_cost(g.s, u, u["hex"])
            f["mp"][u["id"]] -= land - AIR["per_hex"]
            op = g.s.get("op")
            if op and u["hex"] in op["targets"]:
                u["lz"] = op["round"]  # V 8.1: hot LZ, its strength doubled for its own losses
            g.log(f"{u['name']} lands in {u['hex']} ({land} MP)" + (" - hot LZ" if u.get("lz") else ""),
                  "V 8.1", refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))
        f["moved"].append(u["id"])
        f["cur"] = None
        trigger = f["react"] and u["id"] in f.get("stepped", []) and u["hex"]  # only a move that happened
        if trigger and f["mode"] == "strat":  # V 3.3: only a unit ending in an enemy ZOC is reacted to
            trigger = B.in_enemy_zoc(g.s, u["hex"], u["side"])
        if trigger and window:
            react_after(g, u["hex"], f["mode"], B.other(u["side"]))
        return [u["hex"], B.other(u["side"])] if trigger else None  # a list: state is JSON
