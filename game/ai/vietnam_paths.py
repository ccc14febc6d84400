"""Where the computer's units can go and by which way (V 3, V 3.1, V 8.1), read from a sampled world
with the rules' own step costs (`movement.step_cost`, `air_step_cost`, `landing_cost`):

- `first_step`: the first hex of a unit's cheapest way to a goal, ties to fewer hexes, never through
  a hex of enemy units that is not a target (V 3.2: their owner may force an incidental attack
  there; the computer walked into enemy stacks and fought 71-77 incidental attacks per 100 games,
  nearly all below 1:1, issue 46);
- `ends`: the hexes a unit can still end its move in;
- `Trail`: the computer's memory of its own last step per unit, so that it never chooses a step
  that undoes the one before (issue 46: a 0-MP strategic move between two road hexes repeated
  without end).

A flight's cost from a hex does not depend on the hex flown to (1/2 MP and the exit costs of the hex
left, V 8.1), so it is read once per hex."""

import heapq

from ..rules.vietnam_1965_1975 import arvn
from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import movement as MV
from ..rules.vietnam_1965_1975.data import TEC
from ..rules.vietnam_1965_1975.interdiction import exit_extra


class Board:
    """Who stands where, read once per position: the sides in each hex and each hex's ZOC exit
    cost for each side (V 3.1), so that a step's cost is a few lookups. The costs are the rules'
    own (movement.step_cost, air_step_cost, landing_cost, leave_cost: the same terms in the same
    order); tests/test_ai_sound.py compares them with the rules' on every step of the scenarios'
    positions. The rules read the units afresh for every step, which cost the computer most of its
    thinking (a Silver Bayonet decision of the standard level took seconds)."""

    def __init__(self, s):
        self.s = s
        self.m = B.mapof(s)
        self.sides = {}
        self.zoc = {"US": {}, "NLF": {}}  # side moving -> {hex: exit cost of the enemy's ZOC}
        for u in s["units"].values():
            if u["hex"]:
                self.sides.setdefault(u["hex"], set()).add(u["side"])
        for u in s["units"].values():
            if u["hex"] and B.exerts_zoc(u):
                mover = B.other(u["side"])
                cost = 2 if u.get("mission") == "patrol" else 1
                for n in B.neighbours(u["hex"]):
                    z = self.zoc[mover]
                    if z.get(n, 0) < cost:
                        z[n] = cost

    def enemy_in(self, h, side):
        return B.other(side) in self.sides.get(h, ())

    def exit(self, h, side):
        """V 3.1: +2 to leave an enemy-occupied hex, else the ZOC cost (a hex holding both sides'
        units is in no ZOC)."""
        if self.enemy_in(h, side):
            return TEC["zoc"]["exit_enemy_hex"]
        return 0 if self.enemy_in(h, side) else self.zoc[side].get(h, 0)

    def closed(self, u, h, enter):
        return self.enemy_in(h, u["side"]) and h not in enter

    def step(self, u, a, b, enter, mode):
        """movement.step_cost."""
        s, m = self.s, self.m
        cost = m.enter_cost(a, b, B.val(u, "cls"))
        if cost is None:
            return None
        strat = mode == "strat"
        if strat and arvn.strat_closed(s, u, b):
            return None
        if u["side"] == "NLF":
            cost += arvn.border_extra(s, u, b)
        if strat and u["side"] == "US" and m.road(a, b):
            cost = 0
        if self.enemy_in(b, u["side"]) and b not in enter and not B.opt(s, "incidental_everywhere", True):
            return None
        ex = self.exit(a, u["side"])
        if strat and u["side"] == "NLF":
            ex *= 2
        return cost + ex + exit_extra(s, a)

    def air(self, u, a):
        """movement.air_step_cost, from a (the hex flown to only needs to be playable)."""
        return MV.AIR["per_hex"] + self.exit(a, u["side"]) + exit_extra(self.s, a)

    def landing(self, u, h):
        """movement.landing_cost."""
        if self.enemy_in(h, u["side"]):
            return MV.AIR["land_enemy"]
        enemy = B.other(u["side"])
        zoc = [e for n in B.neighbours(h) for e in B.units_at(self.s, n, enemy) if B.exerts_zoc(e)] \
            if self.zoc[u["side"]].get(h) else []
        if any(e.get("mission") == "patrol" for e in zoc):
            return MV.AIR["land_enemy"]
        return MV.AIR["land_ezoc"] if zoc else MV.AIR["land"]

    def leave(self, u, h, enter, avoid=()):
        """movement.leave_cost: the +2 exit and the cheapest hex beyond (not one of `avoid`)."""
        best = None
        for n in B.neighbours(h):
            c = self.m.enter_cost(h, n, B.val(u, "cls"))
            if c is not None and not self.closed(u, n, enter) and n not in avoid:
                best = c if best is None else min(best, c)
        return None if best is None else TEC["zoc"]["exit_enemy_hex"] + exit_extra(self.s, h) + best


_BOARD = [None, None, None]  # the last position read: (state, its fingerprint, Board)


def board(s):
    """The Board of s, kept while the units stand as they did (one decision reads it many times)."""
    key = tuple((u["hex"], u.get("mission"), u.get("outside")) for u in s["units"].values())
    if _BOARD[0] is s and _BOARD[1] == key:
        return _BOARD[2]
    b = Board(s)
    _BOARD[:] = [s, key, b]
    return b


def _costs(s, f, u, flying):
    """cost(a, b) of one step of u, or None (Board: the rules' step costs); never into a hex the
    move has been in (V 3: a move never re-enters one, movement.been)."""
    enter, mode = f.get("enter", ()), f["mode"]
    forbid = set(f.get("forbid", ())) | set(MV.been(f, u))
    bd = board(s)
    m = bd.m
    if not flying:
        def cost(a, b):
            if b in forbid or not m.playable(b):
                return None
            return bd.step(u, a, b, enter, mode)
        return cost

    def air(a, b):
        if b in forbid or not m.playable(b):
            return None
        return bd.air(u, a)
    return air


def path_to(s, f, u, goal, flying, through_enemy=False):
    """u's cheapest way to `goal` as the hexes after its own (ties to fewer hexes, then the hex),
    or None. Hexes of enemy units that are not targets are never passed (unless `through_enemy`)."""
    enter = f.get("enter", ())
    cost = _costs(s, f, u, flying)
    bd = board(s)
    best = {u["hex"]: (0, 0)}
    prev = {}
    todo = [(0, 0, u["hex"])]
    while todo:
        c, n, h = heapq.heappop(todo)
        if h == goal:
            way = []
            while h != u["hex"]:
                way.append(h)
                h = prev[h]
            return way[::-1]
        if (c, n) > best[h]:
            continue
        for x in B.neighbours(h):
            k = cost(h, x)
            if k is None or (x != goal and not through_enemy and bd.closed(u, x, enter)):
                continue
            if (c + k, n + 1) < best.get(x, (1e9, 0)):
                best[x] = (c + k, n + 1)
                prev[x] = h
                heapq.heappush(todo, (c + k, n + 1, x))
    return None


def first_step(s, f, u, goal, flying, through_enemy=False, trail=None):
    """The first hex of u's cheapest way to `goal`, or None; with a `trail`, the rest of the way is
    kept for the unit's next steps (the way is worked out once a move, not once a step)."""
    way = path_to(s, f, u, goal, flying, through_enemy)
    if not way:
        return None
    if trail is not None:
        trail.ways[u["id"]] = [u["hex"]] + way
    return way[0]


def ends(s, f, u, flying):
    """The hexes u can still end its move in (and where it stands): by the cheapest ways with the
    MP it has left (movement.reach, air_reach), never in a hex of enemy units that is not a target
    (V 3.2: one may be passed with the MP to leave it), a flight with the landing cost in place of
    its last half point (V 8.1)."""
    left, enter = f["mp"].get(u["id"], 0), f.get("enter", ())
    cost = _costs(s, f, u, flying)
    bd = board(s)
    best = {u["hex"]: 0}
    todo = [(0, u["hex"])]
    while todo:
        c, h = heapq.heappop(todo)
        if c > best[h]:
            continue
        for x in B.neighbours(h):
            k = cost(h, x)
            if k is None or c + k > left or c + k >= best.get(x, 1e9):
                continue
            if not flying and bd.closed(u, x, enter):
                need = bd.leave(u, x, enter, (h,))
                if need is None or left - c - k < need:
                    continue
            best[x] = c + k
            heapq.heappush(todo, (c + k, x))
    if not flying:
        return {h for h in best if h == u["hex"] or not bd.closed(u, h, enter)}
    half = MV.AIR["per_hex"]
    return {h for h, c in best.items() if h == u["hex"] or
            (not bd.closed(u, h, enter) and c + bd.landing(u, h) - half <= left)}


class Trail:
    """The last step the computer chose for each unit: (hex left, hex entered). A step back into
    the hex just left, by the unit that has not moved since, is never chosen again."""

    def __init__(self):
        self.last = {}
        self.start = {}
        self.ways = {}  # unit: the hexes of the way it is following, from where it stood

    def dump(self):
        """As plain data (a page's worker is handed it with each decision: game/ai/remote.py)."""
        return {"last": {u: list(v) for u, v in self.last.items()}, "start": dict(self.start),
                "ways": {u: list(w) for u, w in self.ways.items()}}

    def load(self, d):
        self.last = {u: tuple(v) for u, v in (d or {}).get("last", {}).items()}
        self.start = dict((d or {}).get("start", {}))
        self.ways = {u: list(w) for u, w in (d or {}).get("ways", {}).items()}

    def note(self, s, a):
        f = s["stack"][-1]
        if a.get("t") == "step" and f["s"] == "move":
            ids = f.get("group") or ([f["cur"]] if f.get("cur") else [])
            for uid in ids:
                h = s["units"][uid]["hex"]
                if uid not in f.get("stepped", ()):
                    self.start[uid] = h
                    way = self.ways.get(uid)
                    if way and way[:2] != [h, a["to"]]:
                        del self.ways[uid]  # a way kept from an earlier move
                self.last[uid] = (h, a["to"])

    def origin(self, s, u):
        """Where u began the move it is making (its hex, before its first step)."""
        f = s["stack"][-1]
        if u["id"] in f.get("stepped", ()) and u["id"] in self.start:
            return self.start[u["id"]]
        return u["hex"]

    def back(self, s):
        """The hex the moving unit (or stack) would undo its last step into, or None."""
        f = s["stack"][-1]
        ids = f.get("group") or ([f["cur"]] if f.get("cur") else [])
        if not ids or any(uid not in f.get("stepped", ()) for uid in ids):
            return None
        prev = {self.last.get(uid) for uid in ids}
        if len(prev) != 1:
            return None
        came = prev.pop()
        if came and all(s["units"][uid]["hex"] == came[1] for uid in ids):
            return came[0]
        return None

    def follow(self, s, legal):
        """The next step of the way the moving unit is following, if it stands on it and the step
        is legal (halt at its end); None when it has no way (a new move, or something changed)."""
        f = s["stack"][-1]
        uid = f.get("cur")
        way = self.ways.get(uid)
        if not uid or f.get("group") or not way or uid not in f.get("stepped", ()):
            return None
        h = s["units"][uid]["hex"]
        if h not in way:
            del self.ways[uid]
            return None
        i = way.index(h)
        if i == len(way) - 1:
            del self.ways[uid]
            return next((a for a in legal if a["t"] == "halt"), None)
        return next((a for a in legal if a["t"] == "step" and a["to"] == way[i + 1]), None)

    def filter(self, s, legal):
        """The legal actions without the step that undoes the last one (if another action remains)."""
        back = self.back(s)
        if back is None:
            return legal
        out = [a for a in legal if not (a.get("t") == "step" and a.get("to") == back)]
        return out or legal
