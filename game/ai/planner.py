"""The "standard" level (issue 12): the novice heuristics for the many small moves, and Monte Carlo
evaluation through the real engine for the decisions that decide Starlite.

Measured (CPython, this machine): a whole Starlite game played by the heuristics costs about
15-25 ms and a state copy 0.06 ms, so a few dozen playouts fit a decision of well under a second;
the research's estimate that engine rollouts cannot fit (vietnam_6575_research.md 4.2) holds for
primitive moves, not for macro-decisions with a heuristic playout policy. Each candidate is played
out in the same sampled worlds with the same dice seeds (common random numbers), so the
comparison between candidates is sharper than the count of playouts suggests.

Decisions searched (everything else: the heuristics of vietnam.py):
  US   the operation to conduct (V 2.1, 5.1): a macro-plan = target hex x all units in reach,
       or a feint that may make the regiment react (V 5.3) before the real operation; declining
       only with no regiment possibly on the map;
  NLF  the set-up (V 18.2, the bluff between the face-down counters), whether to operate first
       (V 2.1: an operation without a target moves its units toward the mountains before the US
       comes; measured from the set-up position against the heuristic US: 65-100% won instead of
       45-55%), reaction (V 5.3), incidental attacks (V 3.2) - small choices, every option tried;
  both attack choices in later rounds (V 5.4).
"""

import random

from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975.hexes import distance
from . import vietnam as V
from . import vietnam_vp
from .worlds import as_match, copy_state, playout_iter

# alert dispersal and loss allocation have a dominant choice (a dispersed or removed regiment
# loses the scenario, V 18.2; a removed US counter too): the heuristics take it without search
SEARCHED = {"nlf_place", "react", "incidental_ask", "attack_pick", "ops"}  # "ops": the NLF's (the US's: plans)


def score(state, role):
    """1 for a win of `role`, 1/2 a draw, 0 a loss; the V 18.1 VP difference breaks ties (weight 0.01)."""
    o = state["over"]
    d = o["vp"]["diff"] if o.get("vp") else 0
    win = 0.5 if o["winner"] == "draw" else 1.0 if o["winner"] == role else 0.0
    return win + 0.01 * (d if role == "NLF" else -d) / 10


def drive(gen):
    """Run a thinking generator to its end; its return value."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


class PlanPolicy:
    """The playout policy: the heuristics for both sides, except that `role` designates its next
    Search and Destroy by `plan` (once)."""

    def __init__(self, role, plan):
        self.role, self.plan, self.used = role, plan, False
        if plan and plan.get("decline"):
            self.plan = None  # the decline is the first action itself

    def __call__(self, rules, s, role, legal, rng):
        if role == self.role and self.plan is not None and not self.used:
            step = s["stack"][-1]["s"]
            if step == "ops":
                return V.first(legal, "operate", op="sd") or V.default(legal)
            if step == "sd_pick":
                a = V.sd_pick(s, role, legal, rng, self.plan)
                if a["t"] == "go":
                    self.used = True
                return a
        return V.novice(rules, s, role, legal, rng)


def us_plans(s, role):
    """Candidate operations (V 5.1): per possible regiment hex, every unit in reach of it; and a feint (no target: an artillery unit or HQ walks up to the face-down counters so that a
    regiment may betray itself by reacting, V 5.3). Once a counter has moved (the tell), only its
    hex: the sampled worlds are uniform over the hidden identities and would not weigh the tell."""
    plans = []
    hexes = sorted({u["hex"] for u in B.live(s) if V.maybe_regiment(u, role, s)})
    tell = V.moved_counters(s, role)
    if len(tell) == 1 and not any(not B.concealed(u, role, s) and V.maybe_regiment(u, role, s) for u in B.live(s)):
        hexes = tell
    for h in hexes:
        # all in. Measured against the heuristic NLF from the set-up (20-60 playouts per world):
        # all in wins 100% in the right hex and 0% in the other; two marines with the artillery no
        # better (47% or 100% in the right hex, 0% in the other); a probe by one marine 9-19%
        # (dropped); the feint below 65% in either world
        everyone = V.sd_plan(s, role, h, "all")
        if everyone:
            plans.append({"target": h, "units": everyone})
    if len(hexes) > 1:
        from ..rules.vietnam_1965_1975.turn import eligible
        conc = [u["hex"] for u in B.live(s) if B.concealed(u, role, s)]
        spare = [u for u in eligible(s, role) if B.strength(u) == 0 and not u["op"]]
        if spare and conc:
            u = min(spare, key=lambda x: (min(distance(x["hex"], h) for h in conc), x["id"]))
            plans.append({"feint": True, "units": [u["id"]]})
    return plans


class Planner:
    def __init__(self, worlds_per_decision=8, max_candidates=8, level="standard", budget=None):
        self.k = budget or (16 if level == "strong" else worlds_per_decision)
        self.max_c = max_candidates
        self.plan = None  # the operation chosen at the ops step, followed at designation

    def choose(self, rules, step, worlds, role, legal, rng):
        return drive(self.think(rules, step, worlds, role, legal, rng))

    def think(self, rules, step, worlds, role, legal, rng):
        """A generator: yields (None) between playouts, so a page can answer its input while the
        computer thinks; returns the action (StopIteration.value)."""
        if step != "sd_pick":
            self.plan = None if step != "ops" else self.plan
        if len(legal) == 1:
            return legal[0]
        base = worlds.sample(rng)
        if vietnam_vp.vp_scenario(base):
            # scenarios won on points (Silver Bayonet, Masher/White Wing): a playout of their two
            # turns costs about a second, so no search yet; the heuristics decide (issue 15)
            return V.novice(rules, base, role, legal, rng)
        if step == "ops" and role == "US":
            return (yield from self._operation(rules, worlds, base, role, legal, rng))
        if step == "sd_pick" and role == "US" and self.plan:
            a = V.sd_pick(base, role, legal, rng, self.plan)
            if a["t"] == "go":
                self.plan = None
            return a
        if step in SEARCHED and len(legal) <= self.max_c:
            return (yield from self._search(rules, worlds, role, legal, rng, [(a, None) for a in legal]))[0]
        return V.novice(rules, base, role, legal, rng)

    def _operation(self, rules, worlds, base, role, legal, rng):
        cands = []
        sd = V.first(legal, "operate", op="sd")
        if sd:
            cands = [(sd, p) for p in us_plans(base, role)][: self.max_c - 1]
        dec = V.first(legal, "decline")
        if dec and not cands:  # declining loses while a regiment may be on the map (V 18.2)
            cands.append((dec, {"decline": True}))
        if not cands:
            return V.novice(rules, base, role, legal, rng)
        action, plan = yield from self._search(rules, worlds, role, legal, rng, cands)
        self.plan = plan if plan and not plan.get("decline") else None
        return action

    def _search(self, rules, worlds, role, legal, rng, cands):
        """Every candidate (first action, plan) played out in the same k sampled worlds with the
        same playout seeds; the best mean score wins (ties: the earlier candidate)."""
        samples = []
        while len(samples) < self.k:
            w, seed = worlds.sample(rng), rng.getrandbits(32)
            samples.append((w, seed))
            # antithetic partner: the same dice with another deal of the hidden part (for the US in
            # Starlite: the other counter is the regiment), so a plan's score is not the luck of
            # how many samples put the regiment where it looks
            for _ in range(6):
                w2 = worlds.sample(rng)
                w2["dice"] = copy_state(w["dice"])
                if w2 != w:
                    samples.append((w2, seed))
                    break
            yield  # dealing worlds costs a few engine steps each: a page's input runs meanwhile
        best, best_v = cands[0], None
        for a, plan in cands:
            total = 0.0
            for w, seed in samples:
                m = as_match(copy_state(w))
                pol = PlanPolicy(role, plan)
                final = yield from playout_iter(rules, m, pol, random.Random(seed), first=a)
                total += score(final, role)
            if best_v is None or total > best_v + 1e-9:
                best, best_v = (a, plan), total
        return best
