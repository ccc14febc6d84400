"""The Vietnam 1965-1975 computer player's heuristics for scenarios won on victory points (V 18.1
rule 7: Silver Bayonet, Masher/White Wing), where Starlite's "find the regiment" is not the game.
The decisions Starlite's heuristics already play in general terms (support, alert, interdiction,
losses, reserves...) stay in vietnam.py; these replace the ones about what to fight for.

US:  operate while some enemy stack is in reach of its combat units, against the stack worth most
     (an NVA counter 4 VP, a VC regiment 3, a battalion 1: V 18.1) for the fewest defenders;
     decline otherwise. Every US counter lost is 10 VP to the NLF, an HQ or a battery as much as
     a battalion: HQs and artillery join the operations they can reach and move last, to the
     strongest stack of its combat units they can reach (left behind, or walking toward the target
     alone, with no ground strength, they were half the US counters the computer lost); a loss
     the replacement points cannot cover removes the unit that costs fewest VP for what it
     covers (V 5.5).
NLF: attack only where it is much stronger (a lone ARVN battalion, a small garrison), keep its
     regiments out of reach, and in the last turn, when the US has nothing left to operate with,
     move into towns and cultivated hexes for their points (V 18.1 rule 7).

Like vietnam.py, they read a sampled world and never a face-down counter's identity."""

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
    if role == "US" and not f.get("group") and f["mode"] == "op" and op and op["targets"]:
        if not f.get("cur"):  # combat units move first, HQs and artillery after them
            picks = [a for a in legal if a["t"] == "pick"]
            if picks:
                return min(picks, key=lambda a: support_unit(s["units"][a["u"]]))
        elif support_unit(s["units"][f["cur"]]):
            return with_the_troops(s, f, legal, op)
    air = V.first(legal, "air")
    if role == "US" and air and f.get("cur") and f["mode"] == "op" and op and op["targets"]:
        # V 8.1: fly to a far target (1/2 MP a hex, terrain ignored); the 1st Cavalry flies free
        u = s["units"][f["cur"]]
        if min(distance(u["hex"], h) for h in op["targets"]) > 2:
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


def flies(s, u):
    """Airmobile (V 8), or it may be airmobilized with the Airmobile Points left (V 8.1)."""
    k = B.kind(u)
    return bool(k.get("airmobile") or (k.get("airmobile_ok") and s["rec"].get("amp")))


def us_operators(s, target):
    """The US units for an operation on `target` (V 5.1): combat units in reach, and HQs and
    artillery that can join them: left behind, or walking toward the target alone, they were half
    the US counters the computer lost (no ground strength; 10 VP each to the NLF, V 18.1). They
    move last, to the operation's strongest stack in range of the target (`move`)."""
    going = []  # those already designated too: the plan is made whole at every pick
    for u in eligible(s, "US"):
        if not B.fights(u):
            continue
        d = distance(u["hex"], target)
        far = max(C.art_range(u, s) + 1, AIR_REACH if flies(s, u) else 0) if support_unit(u) else reach(s, u)
        if d <= far:
            going.append(u)
    return [u["id"] for u in going if not u["op"]]


def with_the_troops(s, f, legal, op):
    """An operating HQ or battery goes to the operation's strongest stack of combat units in range
    of a target hex (V 7.2): flying (V 8.1) when it may, else on the ground only to a stack it
    can reach with the MP it has (V 3, the cheapest path); with none, it stays: a walk that ends
    short leaves it alone in the open."""
    u = s["units"][f["cur"]]
    halt = V.first(legal, "halt")
    stacks = {}
    for x in B.live(s):
        if x["side"] == "US" and x["op"] and B.strength(x) > 0:
            stacks[x["hex"]] = stacks.get(x["hex"], 0) + B.strength(x)
    fires = C.art_range(u, s)
    ok = {h: g for h, g in stacks.items() if min(distance(h, t) for t in op["targets"]) <= fires}
    steps = [a for a in legal if a["t"] == "step"]
    air = V.first(legal, "air")
    flying = AM.flying(u, f)
    if not flying:
        walk = _walk(s, f, u)
        if air and ok and not any(h in walk for h in ok):
            return air
        ok = {h: g for h, g in ok.items() if h in walk}
    if not ok:
        return halt or V.default(legal)
    goal = max(ok, key=lambda h: (ok[h], -distance(u["hex"], h), h))
    if goal == u["hex"]:
        return halt or V.default(legal)
    if flying:
        best = min(steps, key=lambda a: (distance(a["to"], goal), a["to"]), default=None)
        if best and distance(best["to"], goal) < distance(u["hex"], goal):
            return best
        return halt or V.default(legal)
    for a in sorted(steps, key=lambda a: (distance(a["to"], goal), a["to"])):
        if goal in _walk(s, f, u, a["to"]):
            return a
    return halt or V.default(legal)


def _walk(s, f, u, via=None):
    """The hexes u can still end its ground move in (movement.reach), from `via` after stepping
    there, and where it stands."""
    left, enter, mode, forbid = f["mp"].get(u["id"], 0), f.get("enter", ()), f["mode"], f.get("forbid", ())
    if via is not None:
        cost = MV.step_cost(s, u, u["hex"], via, enter, mode)
        if cost is None or cost > left:
            return set()
        u, left = dict(u, hex=via), left - cost
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


POLICIES = {"ops": ops, "sd_pick": sd_pick, "move": move, "designate": designate, "losses": losses}
