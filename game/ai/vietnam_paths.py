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

from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import movement as MV


def _costs(s, f, u, flying):
    """cost(a, b) of one step of u, or None: the rules' step costs, an air step's read once per hex
    left."""
    enter, mode = f.get("enter", ()), f["mode"]
    forbid = f.get("forbid", ())
    m = B.mapof(s)
    if not flying:
        def cost(a, b):
            if b in forbid or not m.playable(b):
                return None
            return MV.step_cost(s, u, a, b, enter, mode)
        return cost
    from_hex = {}

    def air(a, b):
        if not m.playable(b):
            return None
        if a not in from_hex:
            from_hex[a] = MV.air_step_cost(s, u, a, b, enter)
        return from_hex[a]
    return air


def path_to(s, f, u, goal, flying, through_enemy=False):
    """u's cheapest way to `goal` as the hexes after its own (ties to fewer hexes, then the hex),
    or None. Hexes of enemy units that are not targets are never passed (unless `through_enemy`)."""
    enter = f.get("enter", ())
    cost = _costs(s, f, u, flying)
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
            if k is None or (x != goal and not through_enemy and MV.closed(s, u, x, enter)):
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
    MP it has left, never in a hex of enemy units that is not a target (V 3.2), a flight with the
    landing cost in place of its last half point (V 8.1)."""
    left, enter = f["mp"].get(u["id"], 0), f.get("enter", ())
    if not flying:
        return set(MV.reach(s, u, left, enter, f["mode"], f.get("forbid", ()))) | {u["hex"]}
    cost = _costs(s, f, u, True)
    best = {u["hex"]: 0}
    todo = [(0, u["hex"])]
    while todo:
        c, h = heapq.heappop(todo)
        if c > best[h]:
            continue
        for x in B.neighbours(h):
            k = cost(h, x)
            if k is not None and c + k <= left and c + k < best.get(x, 1e9):
                best[x] = c + k
                heapq.heappush(todo, (c + k, x))
    half = MV.AIR["per_hex"]
    return {h for h, c in best.items() if h == u["hex"] or
            (not MV.closed(s, u, h, enter) and c + MV.landing_cost(s, u, h) - half <= left)}


class Trail:
    """The last step the computer chose for each unit: (hex left, hex entered). A step back into
    the hex just left, by the unit that has not moved since, is never chosen again."""

    def __init__(self):
        self.last = {}
        self.start = {}
        self.ways = {}  # unit: the hexes of the way it is following, from where it stood

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
