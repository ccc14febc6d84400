"""What every exploiter plan is built from (issue 46 item 1): a scripted human plan is an agent
that reads only its side's view and legal actions (`game.engine.match.view`), scripts the
decisions its plan is about, and plays the rest as a plain player would: the computer's novice
heuristics on a world sampled from its own view (`worlds.WorldSampler`), never the true state.

A plan answers a decision with `on_<step>(v, legal)` (the step's name as the view gives it);
returning None leaves it to the fallback. `V` wraps the view with the few questions the plans
ask (which units stand where, which are face down, distances on the public map)."""

import random

from ...rules.vietnam_1965_1975.hexes import distance, get_map
from .. import vietnam
from ..vietnam_policy import Heuristics


def first(legal, t, **kw):
    return vietnam.first(legal, t, **kw)


class V:
    """A side's view, read by a plan: pieces with their hex, the map (public), the operation."""

    def __init__(self, view):
        self.v = view
        self.role = view["viewer"]
        self.foe = "NLF" if self.role == "US" else "US"
        self.step = view["step"]
        self.turn, self.turns = view["turn"], view["turns"]
        self.op = view.get("op")
        self.map = get_map(view.get("area", "quangngai"))
        self.pieces = [dict(p, hex=h) for h, sp in view["spaces"].items() for p in sp["pieces"]]

    def mine(self):
        return [p for p in self.pieces if p["side"] == self.role]

    def enemy(self):
        return [p for p in self.pieces if p["side"] != self.role]

    def by_id(self, uid):
        return next((p for p in self.pieces if p["id"] == uid), None)

    def hex_of(self, uid):
        p = self.by_id(uid)
        return p["hex"] if p else None

    def enemy_hexes(self):
        return sorted({p["hex"] for p in self.enemy()})

    def at(self, h, side=None):
        return [p for p in self.pieces if p["hex"] == h and (side is None or p["side"] == side)]

    def strength(self, h, side, hidden=6):
        """Ground strength of `side` in h as this view shows it (a face-down counter: `hidden`)."""
        return sum(hidden if p.get("concealed") else (p.get("ground") or 0) for p in self.at(h, side))

    def last_turn(self):
        return self.turn >= self.turns

    def playable(self, h):
        return self.map.playable(h)

    def terrain(self, h):
        return self.map.terrain(h)


def toward(legal, goal, here=None, avoid=()):
    """The step action that brings the moving unit nearest `goal` (the straight-line hex distance,
    as a player eyeing the map would), or halt when no step gets nearer."""
    steps = [a for a in legal if a["t"] == "step" and a["to"] not in avoid]
    halt = first(legal, "halt")
    best = min(steps, key=lambda a: (distance(a["to"], goal), a["to"]), default=None)
    if best is None or (here is not None and distance(best["to"], goal) >= distance(here, goal)):
        return halt or best
    return best


class Plan:
    """An exploiter plan: scripted decisions (on_<step>) and the novice heuristics for the rest."""

    needs_view = True
    needs_worlds = True
    role = "US"
    name = "plan"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.mem = {}
        self.plain = Heuristics()  # the novice's play, with its memory of its own moves

    def __repr__(self):
        return f"<plan {self.role}:{self.name}>"

    def choose(self, rules, view, legal, rng=None, worlds=None):
        if len(legal) == 1:
            return legal[0]
        fn = getattr(self, "on_" + view["step"], None) if view else None
        a = fn(V(view), legal) if fn else None
        if a is not None:
            if a not in legal:
                raise ValueError(f"{self!r} chose an action that is not legal: {a}")
            return a
        return self.plain(rules, worlds.sample(self.rng), worlds.role, legal, self.rng)

    # --- building blocks the plans share ----------------------------------------------------

    def units_for(self, v, legal, target, reach=5):
        """Every eligible unit of mine within `reach` hexes of `target` (all in)."""
        for a in legal:
            if a["t"] == "unit":
                h = v.hex_of(a["u"])
                if h and distance(h, target) <= reach:
                    return a
        return first(legal, "go")

    @staticmethod
    def all_support(legal):
        """Every Air Point and the cruiser (V 7.3, 7.4)."""
        sup = [a for a in legal if a["t"] == "support"]
        return max(sup, key=lambda a: (a["ap"], a["ship"]), default=None)

    @staticmethod
    def press_on(legal):
        """Later rounds (V 5.4): attack again with everything, never stop."""
        atk = [a for a in legal if a["t"] == "attack"]
        return max(atk, key=lambda a: len(a["units"]), default=None)
