"""The Vietnam 1965-1975 computer player's heuristics for scenarios won on victory points (V 18.1
rule 7: Silver Bayonet, Masher/White Wing), where Starlite's "find the regiment" is not the game.
The decisions Starlite's heuristics already play in general terms (support, alert, interdiction,
losses, reserves...) stay in vietnam.py; these replace the ones about what to fight for.

US:  operate while some enemy stack is in reach of its combat units, against the stack worth most
     (an NVA counter 4 VP, a VC regiment 3, a battalion 1: V 18.1) for the fewest defenders;
     decline otherwise. Every US counter lost is 10 VP to the NLF, an HQ or a battery as much as
     a battalion: HQs and artillery join the operations they can reach (the Airmobile Points
     theirs first) and move last, in the operation and in pursuit, to the strongest stack of its
     combat units they can reach (left behind, or walking toward the target alone, with no ground
     strength, they were half the US counters the computer lost); the last battalion beside one
     that cannot pursue stays with it; one alone at the start of a turn moves to the nearest
     combat units in the Strategic Movement Phase; a stack the NLF's attack outmatches 2 to 1
     retreats away from it (V 5.6); a loss the replacement points cannot cover
     removes the unit that costs fewest VP for what it covers (V 5.5).
NLF: attack only where it is much stronger (a lone ARVN battalion, a small garrison), keep its
     regiments out of reach, and in the last turn, when the US has nothing left to operate with,
     move into towns and cultivated hexes for their points (V 18.1 rule 7).

Like vietnam.py, they read a sampled world and never a face-down counter's identity."""

import heapq

from ..rules.vietnam_1965_1975 import airmobile as AM
from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import combat as C
from ..rules.vietnam_1965_1975 import movement as MV
from ..rules.vietnam_1965_1975.hexes import distance
from ..rules.vietnam_1965_1975.turn import eligible
from ..rules.vietnam_1965_1975.victory import removed_vp
from . import vietnam as V

REACH = 4        # hexes a ground unit covers in one operation (MPA 6-8 over mixed terrain)
AIR_REACH = 8    # an airmobile unit's (V 8.1: 1/2 MP a hex in the air)
ODDS_NLF = 2.5   # the NLF attacks only at this ratio or better


def vp_scenario(s):
    return isinstance(s.get("victory"), dict)


def worth(u, role, s):
    """What removing u gives the US (V 18.1); a face-down counter: the average of what it may be."""
    if B.concealed(u, role, s):
        return 1.5
    k = B.kind(u)
    if k["nat"] == "NVA":
        return 4
    return 1 if k["size"] in ("II", "") else 3


def reach(s, u):
    if B.strength(u) <= 0:
        return C.art_range(u, s) + 1
    return AIR_REACH if flies(s, u) else REACH


def enemy_stacks(s, role):
    out = {}
    for u in B.live(s):
        if u["side"] != role and B.fights(u):
            out.setdefault(u["hex"], []).append(u)
    return out


def best_target(s, role):
    """(hex, units) for the operation worth most, or None."""
    mine = [u for u in eligible(s, role) if not u["op"] and B.fights(u)]
    best, key = None, None
    for h, foes in sorted(enemy_stacks(s, role).items()):
        near = [u for u in mine if distance(u["hex"], h) <= reach(s, u)]
        atk = sum(B.strength(u) for u in near)
        if atk <= 0:
            continue
        dfn = sum(V.strength(u, role, s) for u in foes) or 1
        if role == "NLF":
            if atk < ODDS_NLF * dfn or any(B.val(x, "nat") == "US" for x in foes) and atk < 4 * dfn:
                continue
            gain = sum((B.strength(x) or 1) for x in foes)
        else:
            gain = sum(worth(x, role, s) for x in foes)
        k = (gain * min(atk / dfn, 3), -dfn, h)
        if key is None or k > key:
            best, key = (h, [u["id"] for u in near]), k
    return best


def last_turn(s):
    return s["turn"] >= s["turns"]


def us_can_operate(s):
    return any(B.strength(u) > 0 for u in eligible(s, "US"))


def ops(s, role, legal, rng):
    f = s["stack"][-1]
    if role == "US":
        sd = V.first(legal, "operate", op="sd")
        if sd and best_target(s, "US"):
            return sd
        return V.first(legal, "decline") or V.default(legal)
    sd = V.first(legal, "operate" if f["st"] == "after" else "nlf_op", op="sd") or \
        next((a for a in legal if a["t"] in ("nlf_op", "operate") and a.get("op", "sd") == "sd"), None)
    if sd and best_target(s, "NLF"):
        return sd
    if sd and last_turn(s) and not us_can_operate(s) and occupy_units(s):
        return sd  # the last word: into the towns (V 18.1 rule 7)
    if f["st"] == "choose":
        return V.first(legal, "us_op") or V.default(legal)
    return V.first(legal, "end") or V.default(legal)


def occupy_units(s):
    return [u for u in eligible(s, "NLF") if not u["op"] and B.fights(u) and hex_points(s, u["hex"]) < 2]


def hex_points(s, h):
    m = B.mapof(s)
    t = m.town(h)
    if t:
        return 5 if t["kind"] in ("city", "major city") else 2
    return 1 if m.terrain(h) == "cultivated" else 0.5


def sd_pick(s, role, legal, rng, plan=None):
    f = s["stack"][-1]
    tgt = best_target(s, role) if f["target"] is None else None
    if tgt:
        a = V.first(legal, "target", hex=tgt[0])
        if a:
            return a
    want = None
    if f["target"] is not None and role == "US":
        want = us_operators(s, f["target"])
    elif f["target"] is not None:
        want = [u["id"] for u in eligible(s, role) if not u["op"] and B.fights(u)
                and distance(u["hex"], f["target"]) <= reach(s, u)]
    elif role == "NLF":
        want = [u["id"] for u in occupy_units(s)]
    for uid in want or ():
        a = V.first(legal, "unit", u=uid)
        if a:
            return a
    return V.first(legal, "go") or V.default(legal)


def nlf_goal_score(s, h, mover):
    """NLF, moving in its own operation without a target: a town or cultivated hex free of the US
    and out of its reach scores; leaving the play area never."""
    m = B.mapof(s)
    if not m.playable(h) or "US" in B.sides_at(s, h):
        return -1000.0
    taken = any(x["id"] != mover["id"] for x in B.units_at(s, h, "NLF"))
    near_us = min((distance(u["hex"], h) for u in V.us_combat(s)), default=9)
    return 3 * hex_points(s, h) * (0.3 if taken else 1) + min(near_us, 3) - 2 * V.threat(s, h)


def move(s, role, legal, rng):
    f = s["stack"][-1]
    op = s.get("op")
    if role == "NLF" and not f.get("group") and f.get("cur") and f["mode"] == "op" and op and not op["targets"]:
        u = s["units"][f["cur"]]
        steps = [a for a in legal if a["t"] == "step"]
        halt = V.first(legal, "halt")
        here = nlf_goal_score(s, u["hex"], u) if halt else -1e9
        best = max(steps, key=lambda a: (nlf_goal_score(s, a["to"], u), a["to"]), default=None)
        if best and nlf_goal_score(s, best["to"], u) > here:
            return best
        return halt or best or V.default(legal)
    if role == "NLF" and not f.get("cur") and not f.get("group") and f["mode"] == "op" and op \
            and op["targets"]:
        picks = [a for a in legal if a["t"] == "pick"]
        return picks[0] if picks else V.first(legal, "done") or V.default(legal)
    if role == "NLF" and f.get("cur") and f["mode"] in ("op", "pursuit") and op and op["targets"]:
        return _toward(s, f, legal, op)
    if role == "US" and not f.get("group") and f["mode"] in ("op", "pursuit") and op and op["targets"]:
        if not f.get("cur"):  # combat units move first, HQs and artillery after them
            picks = [a for a in legal if a["t"] == "pick"]
            if picks:
                return min(picks, key=lambda a: support_unit(s["units"][a["u"]]))
        elif support_unit(s["units"][f["cur"]]):
            return with_the_troops(s, f, legal, op)
        elif f["mode"] == "pursuit" and guards(s, f, s["units"][f["cur"]]) and V.first(legal, "halt"):
            return V.first(legal, "halt")
    if role == "US" and not f.get("group") and f["mode"] == "retreat" and op:
        return retreat(s, f, legal)
    if role == "US" and not f.get("group") and f["mode"] == "strat":
        if not f.get("cur"):  # the regroup of strat_phase: the lone HQs and batteries
            picks = [a for a in legal if a["t"] == "pick" and support_unit(s["units"][a["u"]])]
            return picks[0] if picks else V.first(legal, "done") or V.default(legal)
        if support_unit(s["units"][f["cur"]]):
            return regroup_move(s, f, legal)
    air = V.first(legal, "air")
    if role == "US" and air and f.get("cur") and f["mode"] == "op" and op and op["targets"]:
        # V 8.1: fly to a far target (1/2 MP a hex, terrain ignored); the 1st Cavalry flies free
        u = s["units"][f["cur"]]
        if min(distance(u["hex"], h) for h in op["targets"]) > 2 and (
                AM.natural(u) or MV.amp_left(s) - MV.amp_cost(u) >= lifts_owed(s, f, op, u["id"])):
            return air
    return V.move(s, role, legal, rng)


def _toward(s, f, legal, op):
    """An attacker's unit heads next to the nearest target hex (V 5.4: in or adjacent to it)."""
    u = s["units"][f["cur"]]
    steps = [a for a in legal if a["t"] == "step"]
    halt = V.first(legal, "halt")
    target = min(op["targets"], key=lambda h: distance(u["hex"], h))
    d0 = distance(u["hex"], target)
    if d0 <= 1 and halt:
        return halt
    best = min(steps, key=lambda a: (distance(a["to"], target), a["to"]), default=None)
    if best and distance(best["to"], target) < d0:
        return best
    return halt or best or V.default(legal)


def support_unit(u):
    """An HQ or artillery unit: no ground strength, it fires as artillery (V 7.1)."""
    return B.strength(u) <= 0 and B.val(u, "art") > 0


def flies(s, u, amp=None):
    """Airmobile (V 8), or it may be airmobilized with the Airmobile Points left (V 8.1: `amp`,
    default those not used this turn)."""
    k = B.kind(u)
    left = MV.amp_left(s) if amp is None else amp
    return bool(k.get("airmobile") or (k.get("airmobile_ok") and left >= MV.amp_cost(u)))


def lifted(s, u, targets):
    """A support unit that can fire on the target only if Airmobile Points lift it (V 8.1, V 8.2):
    farther than its range plus one hex, and not airmobile itself."""
    return (support_unit(u) and not AM.natural(u)
            and min(distance(u["hex"], t) for t in targets) > C.art_range(u, s) + 1)


def lifts_owed(s, f, op, but):
    """The Airmobile Points the operation's support units still to move need (`lifted`)."""
    return sum(MV.amp_cost(x) for x in B.live(s) if x["op"] and x["side"] == "US" and x["id"] != but
               and x["id"] not in f["moved"] and lifted(s, x, op["targets"]))


def us_operators(s, target):
    """The US units for an operation on `target` (V 5.1): combat units in reach, and HQs and
    artillery that can join them: left behind, or walking toward the target alone, they were half
    the US counters the computer lost (no ground strength; 10 VP each to the NLF, V 18.1). They
    move last, to the operation's strongest stack in range of the target (`move`). The Airmobile
    Points go first to the support units that need them: an ARVN battalion that flew with the
    last point left the 2/19 battery at Pleiku, alone (Silver Bayonet)."""
    going, amp = [], MV.amp_left(s)  # those already designated too: the plan is made whole at every pick
    for u in sorted((u for u in eligible(s, "US") if B.fights(u)), key=lambda u: (not support_unit(u), u["id"])):
        d = distance(u["hex"], target)
        near = C.art_range(u, s) + 1 if support_unit(u) else REACH
        if d <= near or (d <= AIR_REACH and AM.natural(u)):
            going.append(u)
        elif d <= AIR_REACH and flies(s, u, amp):
            going.append(u)
            amp -= MV.amp_cost(u)
    return [u["id"] for u in going if not u["op"]]


def guards(s, f, u):
    """u is the last combat unit staying in its hex beside an HQ or battery that cannot pursue with
    it (V 5.6: no pursuit modifier and not flying, or moved already): it stays. Pursuing, it left
    them alone for the NLF's next operation (Masher/White Wing: the brigade HQ at Bong Son)."""
    def settled(x):
        return x["id"] not in f["mp"] or x["id"] in f["moved"]
    here = [x for x in B.units_at(s, u["hex"], "US") if x["id"] != u["id"]]
    return (any(support_unit(x) and (settled(x) or f["mp"][x["id"]] <= 0) for x in here)
            and not any(B.strength(x) > 0 and settled(x) for x in here))


def with_the_troops(s, f, legal, op):
    """An operating HQ or battery (its operation move or its pursuit) goes to a stack of US combat
    units in range of a target hex (V 7.2), else to any it can reach; among them the operation's own
    first, then the strongest: flying (V 8.1) when it may and must, else on the ground; only to a
    stack it can reach with the MP it has (V 3, the cheapest path). With none, it stays: a move that
    ends short leaves it alone in the open. (Stacks not in the operation count since stop 38: a
    battery whose hex's one combat unit left on the operation stayed alone, and the NLF's next
    operation took it: Masher/White Wing's 1/21 Artillery, most of the HQs and batteries the
    computer still lost.)"""
    u = s["units"][f["cur"]]
    fires = C.art_range(u, s)
    operating = _stacks(s, lambda x: x["op"])
    return _join(s, f, legal, u, {h: (min(distance(h, t) for t in op["targets"]) <= fires, h in operating, g)
                                  for h, g in _stacks(s).items()})


def _stacks(s, which=lambda x: True):
    """{hex: ground strength} of the US side's combat units (`which` of them)."""
    out = {}
    for x in B.live(s):
        if x["side"] == "US" and B.strength(x) > 0 and B.fights(x) and which(x):
            out[x["hex"]] = out.get(x["hex"], 0) + B.strength(x)
    return out


def _join(s, f, legal, u, worth):
    """u's next move toward the best hex of `worth` ({hex: sort key}) it can still end its move
    in, flying when that reaches a better one; halt where it is when it reaches none."""
    halt = V.first(legal, "halt")

    def goal_in(ends):
        return max((h for h in worth if h in ends), key=lambda h: (worth[h], -distance(u["hex"], h), h),
                   default=None)
    flying = AM.flying(u, f)
    goal = goal_in(_ends(s, f, u, flying))
    air = V.first(legal, "air")
    if air and not flying:
        by_air = goal_in(_ends(s, f, u, True))
        if by_air is not None and by_air != goal and goal_in({goal, by_air}) == by_air:
            return air  # the air reaches a better stack than the ground
    if goal is None or goal == u["hex"]:
        return halt or V.default(legal)
    a = V.first(legal, "step", to=_first_step(s, f, u, goal, flying))
    return a or halt or V.default(legal)


def _first_step(s, f, u, goal, flying):
    """The first hex of u's cheapest way to `goal`, ties to fewer hexes (a strategic move's roads
    cost nothing, V 3.3: by cost alone it could go back and forth)."""
    enter, mode = f.get("enter", ()), f["mode"]
    best = {u["hex"]: (0, 0)}
    first = {}
    todo = [(0, 0, u["hex"])]
    while todo:
        c, n, h = heapq.heappop(todo)
        if h == goal:
            return first.get(h)
        if (c, n) > best[h]:
            continue
        for x in B.neighbours(h):
            k = MV.air_step_cost(s, u, h, x, enter) if flying else MV.step_cost(s, u, h, x, enter, mode)
            if k is None or (x != goal and MV.closed(s, u, x, enter)):
                continue
            if (c + k, n + 1) < best.get(x, (1e9, 0)):
                best[x] = (c + k, n + 1)
                first[x] = first.get(h, x)
                heapq.heappush(todo, (c + k, n + 1, x))
    return None


def alone(s, held=None):
    """The US HQs and batteries still free to move this turn with no combat unit beside them in
    their hex (`held`: the hexes with one): the NLF takes such a stack at 4:1 for 10 VP a counter
    (V 18.1)."""
    held = set(_stacks(s)) if held is None else held
    return [u for u in eligible(s, "US") if support_unit(u) and B.fights(u) and not u["op"]
            and u["hex"] not in held]


def regroupers(s):
    """Those of `alone` that can reach a stack of combat units in a strategic move (V 3.3: no
    flight, the roads free)."""
    held = set(_stacks(s))
    return [u for u in alone(s, held) if _ends(s, {"mp": {u["id"]: B.mpa(s, u)}, "mode": "strat"}, u, False) & held]


def strat_phase(s, role, legal, rng):
    """V 2.1 item 3: the US moves its lone HQs and batteries to its combat units before the NLF's
    first operation of the turn (it has the initiative, V 2.1 item 4); they are then Ops Complete
    for the turn, which costs their fire support but not 10 VP each."""
    if role == "US" and regroupers(s):
        return V.first(legal, "strat") or V.default(legal)
    return V.first(legal, "done") or V.default(legal)


def strat_pick(s, role, legal, rng):
    for u in regroupers(s) if role == "US" else ():
        a = V.first(legal, "unit", u=u["id"])
        if a:
            return a
    return V.first(legal, "go") or V.default(legal)


def regroup_move(s, f, legal):
    """A lone HQ or battery in a strategic move (strat_phase): to a stack of combat units it can
    reach, those that have operated first (they will not leave it again this turn), then the
    nearest (the strongest drew Masher/White Wing's ARVN division HQ to the battalions at Bong Son
    about to fly off, and it was taken there in 13 games of 40), then the strongest."""
    u = s["units"][f["cur"]]
    return _join(s, f, legal, u, {h: (all(x["done"] or x["op"] for x in B.units_at(s, h, "US") if B.strength(x) > 0),
                                      -distance(u["hex"], h), g)
                                  for h, g in _stacks(s, lambda x: x["id"] != u["id"]).items()})


OUTMATCHED = 2  # the NLF's ground strength near a hex, to the US's in it, from which its stack retreats
SAFE = 5        # hexes from the nearest NLF counter beyond which a hex is as safe as any


def outmatched(s, h):
    """After a round of the NLF's attack on h (V 5.4), its operating units within two hexes have
    at least OUTMATCHED times the US ground strength left in h: the next round takes the stack."""
    nlf = sum(B.strength(x) for x in B.live(s) if x["side"] == "NLF" and x["op"] and B.fights(x)
              and distance(x["hex"], h) <= 2)
    return nlf >= OUTMATCHED * max(_stacks(s).get(h, 0), 1)


def retreat(s, f, legal):
    """V 5.6 retreat, the US defending: a stack the NLF outmatches leaves with its full MPA (flying
    when it may, V 8.1) for the hex farthest from the NLF's counters it can reach, then the
    strongest US stack there. Staying, it fell in the next round, 10 VP a US counter (V 18.1):
    Masher/White Wing's brigade HQ and battery beside an ARVN regiment at Bong Son were a third of
    the support units the computer lost. Measured with the combat units staying, retreating at 3:1
    and at 2:1 (README, "Computer opponent")."""
    units = s["units"]
    if not f.get("cur"):
        for a in legal:
            if a["t"] == "pick" and outmatched(s, units[a["u"]]["hex"]):
                return a
        return V.first(legal, "done") or V.default(legal)
    u = units[f["cur"]]
    nlf = [x["hex"] for x in B.live(s) if x["side"] == "NLF" and B.fights(x)]
    stacks = _stacks(s)
    ends = _ends(s, f, u, AM.flying(u, f)) | (_ends(s, f, u, True) if V.first(legal, "air") else set())
    return _join(s, f, legal, u, {h: (min([SAFE] + [distance(h, x) for x in nlf]), stacks.get(h, 0))
                                  for h in ends})


def _ends(s, f, u, flying):
    """The hexes u can still end its move in (movement.reach, or air_reach in the air), and where
    it stands."""
    left, enter, mode, forbid = f["mp"].get(u["id"], 0), f.get("enter", ()), f["mode"], f.get("forbid", ())
    if flying:
        return set(MV.air_reach(s, u, left, enter)) | {u["hex"]}
    return set(MV.reach(s, u, left, enter, mode, forbid)) | {u["hex"]}


def losses(s, role, legal, rng):
    """V 5.5, V 18.1: replacement points first on the pool that costs fewest VP (an ARVN RP 1/4, a
    US RP 1); when a unit must go, the one whose removal costs fewest VP for the losses it covers
    (a US counter 10, an ARVN or FWA unit its strength points). The NLF as in vietnam.py."""
    if role != "US":
        return V.losses(s, role, legal, rng)
    units = s["units"]
    if V.first(legal, "rf_rp"):
        return V.first(legal, "rf_rp")
    rps = [a for a in legal if a["t"] == "rp"]
    if rps:
        def rp_key(a):
            u = units[a["u"]]
            return (C.pool_key(u) == "us_rp", -(B.strength(u) - u["rp_spent"]), a["u"])
        return min(rps, key=rp_key)
    rem = [a for a in legal if a["t"] == "remove"]
    if not rem:
        return V.losses(s, role, legal, rng)
    f = s["stack"][-1]

    def cost(a):
        u = units[a["u"]]
        vp = removed_vp({"how": "eliminated", "side": "US", "kind": u["kind"]})[1]
        covers = min(f["n"], max(1, B.strength(u)))
        return (vp / covers, -covers, B.strength(u), a["u"])  # then keep the stronger
    return min(rem, key=cost)


def designate(s, role, legal, rng):
    return V.default(legal)


POLICIES = {"ops": ops, "sd_pick": sd_pick, "move": move, "designate": designate, "losses": losses,
            "strat_phase": strat_phase, "strat_pick": strat_pick}
