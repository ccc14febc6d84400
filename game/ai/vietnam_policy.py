"""The Vietnam 1965-1975 heuristic player ("novice", and the playout policy of the planner): the
decision of each step by its rule, from vietnam.py, and for scenarios won on victory points from
vietnam_vp.py first. One `Heuristics` per player (or per playout) remembers its own last steps
(`vietnam_paths.Trail`): it never chooses a step that undoes the one before."""

from . import vietnam as V
from . import vietnam_vp as VP
from .vietnam_paths import Trail

MOVES = {"move"}  # the decisions that read the player's trail


class Heuristics:
    def __init__(self):
        self.trail = Trail()

    def memory(self):
        """What it carries between decisions, as plain data: the units' last steps and ways."""
        return self.trail.dump()

    def remember(self, memory):
        self.trail.load(memory)

    def __call__(self, rules, s, role, legal, rng):
        if len(legal) == 1:
            return legal[0]
        if s.get("await_roll"):
            return legal[0]
        step = s["stack"][-1]["s"]
        fn = (VP.POLICIES.get(step) if VP.vp_scenario(s) else None) or V.POLICIES.get(step)
        if fn is None:
            return V.default(legal)
        if step not in MOVES:
            return fn(s, role, legal, rng)
        legal = self.trail.filter(s, legal)
        a = self.trail.follow(s, legal) or fn(s, role, legal, rng, self.trail)
        self.trail.note(s, a)
        return a


def novice(rules, s, role, legal, rng):
    """One decision of a player with no memory of its earlier ones (tests, one-off calls)."""
    return Heuristics()(rules, s, role, legal, rng)
