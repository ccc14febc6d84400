"""The Vietnam 1965-1975 computer player's heuristics ("novice"), one function per kind of
decision, each citing its rule. They read a world (a state sampled by `worlds.WorldSampler`, so
consistent with the side's view) and never the identity of a counter face down to the side
deciding: for the US every face-down VC counter may be the regiment (`maybe_regiment`).

Every policy takes (state, role, legal, rng) and returns one of the legal actions.
"""

from ..rules.vietnam_1965_1975 import airmobile as AM
from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import support as SU
from ..rules.vietnam_1965_1975.hexes import distance
from ..rules.vietnam_1965_1975.turn import eligible
from .vietnam_paths import ends, first_step

# --- what a side may know ----------------------------------------------------------------------

def known(u, role, s):
    return not B.concealed(u, role, s)


def maybe_regiment(u, role, s):
    """V 10: the US sees a face-down VC counter only as 'a VC unit': any of them may be the regiment."""
    if u["side"] != "NLF" or not u["hex"]:
        return False
    return B.concealed(u, role, s) or B.val(u, "size") == "III"


def is_regiment(u):
    return u["side"] == "NLF" and B.val(u, "size") == "III"


def strength(u, role, s):
    """Ground strength as the side sees it (a face-down counter counts as a regiment: the worst case)."""
    return 6 if B.concealed(u, role, s) else B.strength(u)


# --- influence maps (cached per map) ---------------------------------------------------------------

_MTN = {}


def mountain_dist(s):
    """Hex steps from each playable hex to the nearest mountain or wooded-hill hex: the VC's escape
    map (the mountain DRM -2 and the foot cost shelter it, V 4, ref 4.1)."""
    m = B.mapof(s)
    key = id(m)
    if key not in _MTN:
        play = [h for h in m.hexes if m.playable(h)]
        dist = {h: 0 for h in play if m.terrain(h) in ("mountain", "wooded hills")}
        frontier = list(dist)
        while frontier:
            nxt = []
            for h in frontier:
                for n in B.neighbours(h):
                    if n in dist or not m.playable(n):
                        continue
                    dist[n] = dist[h] + 1
                    nxt.append(n)
            frontier = nxt
        _MTN[key] = dist
    return _MTN[key]


def us_combat(s):
    return [u for u in B.live(s) if u["side"] == "US" and B.strength(u) > 0]


def threat(s, h, units=None):
    """How many US combat units stand in or next to h (the US threat map)."""
    units = us_combat(s) if units is None else units
    return sum(1 for u in units if u["hex"] == h or distance(u["hex"], h) <= 1)


def escape_score(s, h, ops=None, mover=None):
    """NLF: how good a hex is to end a move in (higher is better). Leaving the play area removes
    the regiment (V 18.1), so it scores worst; next, being in or next to an operating US unit
    (the operation goes on, V 5.2), then the general US threat, then the mountains. A target
    unit never joins friendly units that are not targets: its hex stays a target hex (ref 2.4)
    and everything in it is attacked (V 5.4)."""
    m = B.mapof(s)
    if not m.playable(h):
        return -1000.0
    if "US" in B.sides_at(s, h):
        return -500.0
    if mover is not None and mover["tgt"] and any(
            x["id"] != mover["id"] and not x["tgt"] for x in B.units_at(s, h, "NLF")):
        return -300.0
    mine = us_combat(s)
    ops = [u for u in B.live(s) if u["side"] == "US" and u["op"]] if ops is None else ops
    near_op = min((distance(u["hex"], h) for u in ops), default=9)
    near_us = min((distance(u["hex"], h) for u in mine), default=9)
    score = 0.0
    score += 40 if near_op >= 2 else 0
    score += 8 * min(near_us, 4)
    score -= 4 * threat(s, h, mine)
    score -= 3 * mountain_dist(s).get(h, 6)
    score += -2 * m.drm(h)  # the attacker's terrain DRM (mountain -2) shelters the defender
    return score


# --- small decisions -----------------------------------------------------------------------------

def first(legal, t, **kw):
    for a in legal:
        if a["t"] == t and all(a.get(k) == v for k, v in kw.items()):
            return a
    return None


def default(legal):
    """A decision no heuristic covers: finish or pass, else the first listed."""
    for t in ("done", "go", "pass", "halt", "decline", "end", "alert", "stop"):
        a = first(legal, t)
        if a:
            return a
    return legal[0]


def nlf_place(s, role, legal, rng):
    """V 18.2 set-up, the bluff: the regiment and the political section go to different hexes,
    which one where drawn at random (the US must guess, V 10)."""
    f = s["stack"][-1]
    placed = {u["hex"] for u in s["units"].values() if u["side"] == "NLF" and u["hex"]}
    fresh = [a for a in legal if a["hex"] not in placed]
    return rng.choice(fresh or legal)


def designate(s, role, legal, rng):
    """V 6.2: no Hold or Patrol (a unit so assigned may not operate or react)."""
    return default(legal)


def ops(s, role, legal, rng):
    """V 2.1: the NLF never operates (its regiment only risks losses); it offers the operation,
    then ends the phase. The US conducts a Search and Destroy while it has marines to use and a
    possible regiment is on the map, and declines otherwise."""
    if role == "NLF":
        return first(legal, "us_op") or first(legal, "end") or default(legal)
    sd = first(legal, "operate", op="sd")
    if sd and any(maybe_regiment(u, role, s) for u in B.live(s)) and \
            any(B.strength(u) > 0 for u in B.live(s) if u["side"] == "US" and not u["done"] and not u.get("mission")):
        return sd
    return first(legal, "decline") or default(legal)


def moved_counters(s, role):
    """Hexes of face-down VC counters no longer where they were set up (V 18.2): a counter that
    reacted or ran (V 5.3) - a regiment slips away from the marines, a political section has no
    reason to. Public: the US saw the counter move (and, in the log, which counters operated)."""
    start = s.get("nlf_hexes")
    if not isinstance(start, list):
        return []
    # a counter that moved in its own operation is Ops Complete (the log said it operated): that
    # move may be the bluff itself (a political section sent off), so only reactions and alerts count
    return sorted({u["hex"] for u in B.live(s) if B.concealed(u, role, s) and u["hex"] not in start
                   and not u["done"]})


def target_hex(s, role, rng=None):
    """The hex to search (US): a face-up regiment's, else a face-down counter that moved (the
    tell), else the hex with the most face-down counters, ties at random (V 10: where the rules
    hide the regiment, a fixed answer is one a player learns: the standard US searched 5320 first
    in 300 of 300 games, issue 46)."""
    live = [u for u in B.live(s) if maybe_regiment(u, role, s)]
    up = [u["hex"] for u in live if not B.concealed(u, role, s)]
    if up:
        return up[0]
    tell = moved_counters(s, role)
    if len(tell) == 1:
        return tell[0]
    count = {}
    for u in live:
        count[u["hex"]] = count.get(u["hex"], 0) + 1
    if not count:
        return None
    best = max(count.values())
    hexes = sorted(h for h, c in count.items() if c == best)
    return rng.choice(hexes) if rng and len(hexes) > 1 else hexes[0]


def in_reach(s, u, h):
    if B.strength(u) > 0:
        return distance(u["hex"], h) <= 4
    return distance(u["hex"], h) <= SU.art_range(u, s) + 1


def sd_plan(s, role, target, which="all"):
    """The designation for a Search and Destroy on `target` (V 5.1): marines in reach and the
    artillery that can fire into it ('all'), or the marines only ('ground')."""
    units = []
    for u in eligible(s, role):
        if u["op"] or not in_reach(s, u, target):
            continue
        if B.strength(u) > 0 or which == "all":
            units.append(u["id"])
    return units


def sd_pick(s, role, legal, rng, plan=None):
    f = s["stack"][-1]
    if role == "NLF":
        # V 5.1: an NLF operation here is a move, not an attack: every unit operates, no target
        # (the operation ends after its movement, V 5.2), and each moves toward the mountains
        a = next((a for a in legal if a["t"] == "unit"), None)
        return a or first(legal, "go") or default(legal)
    if f["target"] is None and not (plan or {}).get("feint"):
        h = (plan or {}).get("target") or target_hex(s, role, rng)
        a = first(legal, "target", hex=h)
        if a:
            return a
    tgt = f["target"] or ((plan or {}).get("target"))
    want = (plan or {}).get("units")
    if want is None and tgt:
        want = sd_plan(s, role, tgt)
    for uid in want or ():
        a = first(legal, "unit", u=uid)
        if a:
            return a
    return first(legal, "go") or default(legal)


def sd_support(s, role, legal, rng):
    """V 7.3: every Air Point and the cruiser for the operation (one real fight per turn)."""
    best = None
    for a in legal:
        if a["t"] == "support" and (best is None or (a["ap"], a["ship"]) > (best["ap"], best["ship"])):
            best = a
    return best or default(legal)


def support_pick(s, role, legal, rng):
    """V 7.2: everything that may fire fires (more support improves the odds and adds to the
    enemy's loss column)."""
    return max((a for a in legal if a["t"] == "fire"), key=lambda a: len(a["with"]), default=None) or default(legal)


def react(s, role, legal, rng):
    """V 5.3: the NLF's possible regiment next to a US stack slips away (never disperses: a dispersed
    regiment is a US victory, V 18.2), and half the time the political section moves too, so that
    a counter that moves is not always the regiment (the novice gave itself away by reacting only
    with it, issue 46); the US never reacts here."""
    if role == "NLF":
        for a in legal:
            if a["t"] == "react" and is_regiment(s["units"][a["u"]]):
                return a
        for a in legal:
            if a["t"] == "react" and B.val(s["units"][a["u"]], "type") == "pol" and rng is not None \
                    and rng.random() < 0.5:
                return a
    return first(legal, "pass") or default(legal)


def alert(s, role, legal, rng):
    """V 5.2: never disperse the regiment; roll for the alert and run."""
    return first(legal, "alert") or default(legal)


def interdict(s, role, legal, rng):
    """V 7.5 (US, before the alert): the cruiser interdicts the target hex to slow the alert escape;
    artillery and Air Points keep for the combat."""
    if role == "US" and s.get("op") and s["op"]["side"] == "US":
        for h in s["op"]["targets"]:
            a = first(legal, "interdict", src="ship", hex=h)
            if a:
                return a
    return first(legal, "done") or default(legal)


def attack_pick(s, role, legal, rng):
    """V 5.4: attack every possible regiment with all available units (the US wins only if it
    goes, so a later round is always worth fighting; a political section dies when attacked)."""
    atk = [a for a in legal if a["t"] == "attack"]
    if not atk:
        return default(legal)

    def value(a):
        reg = any(maybe_regiment(u, role, s) for u in B.units_at(s, a["hex"], B.other(role)))
        return (reg, len(a["units"]))
    return max(atk, key=value)


def losses(s, role, legal, rng):
    """V 5.5 loss allocation. US: replacement points first (a removed counter loses the scenario,
    V 18.2), on the strongest unit; a removal only when nothing else covers. NLF: replacement
    points, then the smallest units, the regiment's break-down (V 9.2) before its removal."""
    units = s["units"]
    rf = first(legal, "rf_rp")  # V 11.2: the Regional Forces' ARVN RP costs only 1/4 VP
    if rf:
        return rf
    rps = [a for a in legal if a["t"] == "rp"]
    if rps:
        return max(rps, key=lambda a: (B.strength(units[a["u"]]) - units[a["u"]]["rp_spent"], a["u"]))
    rem = [a for a in legal if a["t"] == "remove"]
    bd = [a for a in legal if a["t"] == "breakdown"]
    if role == "NLF":
        small = [a for a in rem if not is_regiment(units[a["u"]])]
        if small:
            return min(small, key=lambda a: (B.strength(units[a["u"]]), a["u"]))
        if bd:
            return bd[0]
    return min(rem or legal, key=lambda a: (B.strength(units[a.get("u")]) if a.get("u") else 0, a.get("u", "")))


def incidental_ask(s, role, legal, rng):
    """V 3.2: the NLF forces an incidental attack on US movers only where its regiment stands
    (strong enough to hurt them); the US lets VC movers pass."""
    f = s["stack"][-1]
    if role == "NLF" and any(is_regiment(u) for u in B.units_at(s, f["hex"], "NLF")):
        return first(legal, "force") or default(legal)
    return first(legal, "decline") or default(legal)


def reserve_pick(s, role, legal, rng):
    """V 7.3, 5.8: Air Points not yet committed join the fight; no unit becomes a reserve."""
    ap = [a for a in legal if a["t"] == "ap"]
    if ap and s.get("op") and s["op"]["targets"]:
        return max(ap, key=lambda a: a["n"])
    return first(legal, "done") or default(legal)


# --- movement (V 3) -------------------------------------------------------------------------------

def us_goal(s, u, target):
    """Where a US unit heads in its operation: combat units to a free hex next to the target on the
    mountain side (blocking the escape, V 3.1 ZOC), artillery where it stays in range."""
    m = B.mapof(s)
    md = mountain_dist(s)
    if B.strength(u) <= 0:
        return u["hex"] if distance(u["hex"], target) <= SU.art_range(u, s) else target
    taken = {x["hex"] for x in B.live(s) if x["side"] == "US" and x["op"] and x["id"] != u["id"]
             and B.strength(x) > 0}
    best, key = u["hex"], None
    for n in B.neighbours(target):
        if not m.playable(n) or "NLF" in B.sides_at(s, n):
            continue
        k = (n not in taken, -md.get(n, 9), -distance(u["hex"], n), n)
        if key is None or k > key:
            best, key = n, k
    return best


def move(s, role, legal, rng, trail=None):
    f = s["stack"][-1]
    units = s["units"]
    if f.get("group"):
        return first(legal, "halt") or default(legal)
    if not f["cur"]:
        picks = [a for a in legal if a["t"] == "pick"]
        if role == "NLF":
            picks.sort(key=lambda a: (not is_regiment(units[a["u"]]), a["u"]))
        elif f["mode"] not in ("op", "pursuit", "retreat") or not s.get("op"):
            return first(legal, "done") or default(legal)
        return picks[0] if picks else default(legal)
    u = units[f["cur"]]
    steps = [a for a in legal if a["t"] == "step"]
    halt = first(legal, "halt")
    if role == "NLF":
        ops = [x for x in B.live(s) if x["side"] == "US" and x["op"]]
        here = escape_score(s, u["hex"], ops, u) if halt else -1e9
        best = max(steps, key=lambda a: (escape_score(s, a["to"], ops, u), a["to"]), default=None)
        if best and escape_score(s, best["to"], ops, u) > here:
            return best
        return halt or best or default(legal)
    op = s.get("op")
    if op and not op["targets"] and f["mode"] == "op":
        return feint_step(s, u, steps, halt, legal)
    if not op or not op["targets"] or f["mode"] not in ("op", "pursuit"):
        return halt or default(legal)
    target = min(op["targets"], key=lambda h: distance(u["hex"], h))
    goal = us_goal(s, u, target)
    if goal == u["hex"] and halt:
        return halt
    # the cheapest way there that passes no enemy stack (V 3.2), else as near as the MP reach
    step = first_step(s, f, u, goal, AM.flying(u, f), trail=trail) if goal in ends(s, f, u, AM.flying(u, f)) else None
    if step is None:
        d0 = distance(u["hex"], goal)
        best = min((a for a in steps if "NLF" not in B.sides_at(s, a["to"]) or a["to"] in op["targets"]),
                   key=lambda a: (distance(a["to"], goal), a["to"]), default=None)
        return best if best and distance(best["to"], goal) < d0 else (halt or best or default(legal))
    return first(legal, "step", to=step) or halt or default(legal)


def feint_step(s, u, steps, halt, legal):
    """A US operation without a target (V 5.1): the unit steps to a hex next to face-down VC
    counters and halts there, so they may react (V 5.3) - a regiment flees, a political section
    has no reason to; the next operation then searches the hex nearer the mountains."""
    conc = {x["hex"] for x in B.live(s) if B.concealed(x, "US", s)}
    if u["id"] in [x for x in s["stack"][-1].get("stepped", [])] and halt:
        return halt
    best = max(steps, key=lambda a: (sum(1 for n in B.neighbours(a["to"]) if n in conc), a["to"]), default=None)
    return best or halt or default(legal)


# --- the ARVN (V 11) -------------------------------------------------------------------------------

def ranger_roll(s, role, legal, rng):
    """V 11.3: always roll for Rangers (a roll above the Rangers available costs nothing), and place
    each in the hex of operating units nearest the target hexes (where the fighting is)."""
    roll = first(legal, "roll")
    if roll:
        return roll
    places = [a for a in legal if a["t"] == "ranger"]
    targets = (s.get("op") or {}).get("targets") or []
    if places and targets:
        return min(places, key=lambda a: (min(distance(a["hex"], t) for t in targets), a["hex"]))
    return places[0] if places else default(legal)


def ranger_buyback(s, role, legal, rng):
    """V 11.3: buy a destroyed Ranger back while 5 ARVN RP leave some for losses (its 2 SP would
    cost the US 2 VP and the border interdiction it gives; 5 RP cost 1 1/4 VP)."""
    if s["rec"].get("arvn_rp", 0) >= 7:
        return first(legal, "buyback") or default(legal)
    return first(legal, "decline") or default(legal)


POLICIES = {"nlf_place": nlf_place, "designate": designate, "ops": ops, "sd_pick": sd_pick,
            "sd_support": sd_support, "support_pick": support_pick, "react": react, "alert": alert,
            "interdict": interdict, "attack_pick": attack_pick, "losses": losses,
            "incidental_ask": incidental_ask, "reserve_pick": reserve_pick, "move": move,
            "ranger_roll": ranger_roll, "ranger_buyback": ranger_buyback}
