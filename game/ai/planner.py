"""The "standard" and "strong" levels (issues 12, 46): the novice heuristics for the many small
moves, and Monte Carlo evaluation through the real engine for the decisions that decide a game.

Each candidate is played out in the same sampled worlds with the same dice seeds (common random
numbers), so the comparison between candidates is sharper than the count of playouts suggests.
Where the rules hide something from a side (V 10: which face-down counter is the regiment; the
US's next target, which the NLF cannot know), the candidates are scored against each thing the
other side may have chosen (the columns), and the computer plays the mix that does best against
the worst of them (mixed.py; the columns where every candidate loses are left out, as no mix does
better there): a fixed answer is one a player learns to beat.

Starlite (V 18.2), searched:
  US   the operation to conduct (V 2.1, 5.1): a macro-plan = target hex x all units in reach, or a
       probe that may make the regiment react (V 5.3) before the real operation; the columns: the
       possible hexes of the regiment (its hidden set-up), and the NLF running as the heuristics
       do or standing where it is (STAND: a regiment on Hold keeps its doubled defence, V 6.2);
  NLF  the set-up (the bluff between the face-down counters), whether to operate first (V 2.1),
       reaction (V 5.3), incidental attacks (V 3.2); the columns: the hex the US's next operation
       targets, and the novice US;
  both attack choices in later rounds (V 5.4).
Scenarios won on points (V 18.1: Silver Bayonet, Masher/White Wing), searched: which operation
to conduct (the US's: the best-valued targets of vietnam_vp.us_options and declining; the NLF's:
its attacks, its reinforcements' entry, offering the operation or ending the phase), each played
out to the end of that operation (strong: and of the next one) and scored by the VP margin and the
victory level it would give (V 18.1 rule 7).

A level is a budget (`LEVELS`): worlds per decision, candidates, operations played out. Playouts
are cut into units the page's driver reads the clock between (`yield`)."""

import random
from dataclasses import dataclass, replace

from ..engine import headless, match as M
from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975.hexes import distance
from ..rules.vietnam_1965_1975.turn import eligible
from ..rules.vietnam_1965_1975.victory import by_levels, vp
from . import mixed
from . import vietnam as V
from . import vietnam_vp as VP
from .vietnam_policy import Heuristics
from .worlds import as_match, copy_state

# alert dispersal and loss allocation have a dominant choice (a dispersed or removed regiment
# loses the scenario, V 18.2; a removed US counter too): the heuristics take it without search
SEARCHED = {"nlf_place", "react", "incidental_ask", "attack_pick", "ops"}  # "ops": the NLF's (the US's: plans)


@dataclass(frozen=True)
class Level:
    worlds: int          # sampled worlds (dice and hidden deals) a searched Starlite decision
    candidates: int      # most candidates a Starlite decision
    vp_worlds: int       # worlds a searched operation in a points scenario
    vp_candidates: int   # operations weighed there (besides declining / ending)
    vp_ops: int          # operations played out after the candidate's first action


LEVELS = {"standard": Level(worlds=8, candidates=8, vp_worlds=2, vp_candidates=2, vp_ops=1),
          "strong": Level(worlds=16, candidates=10, vp_worlds=3, vp_candidates=3, vp_ops=2)}


def score(state, role):
    """1 for a win of `role`, 1/2 a draw, 0 a loss; the V 18.1 VP difference breaks ties (weight 0.01)."""
    o = state["over"]
    d = o["vp"]["diff"] if o.get("vp") else 0
    win = 0.5 if o["winner"] == "draw" else 1.0 if o["winner"] == role else 0.0
    return win + 0.01 * (d if role == "NLF" else -d) / 10


def vp_score(s, role):
    """A points scenario's position for `role`, in VP (V 18.1 rule 7): its margin, 10 for the
    victory level the points would give if the game ended now (a draw 5), and, the game not over,
    less what the other side's best next operation is expected to take (vietnam_vp's weighing of
    operations: a stack left in reach of the enemy costs what it would lose)."""
    if s.get("over"):
        o = s["over"]
        d = o["vp"]["diff"]
        winner = o["winner"]
        reply = 0.0
    else:
        v = vp(s)
        d = v["diff"]
        winner = by_levels(s, v)["winner"]
        foe = "NLF" if role == "US" else "US"
        o = VP.options(next_turn(s), foe, floor=None)
        reply = max(0.0, o[0][0]) if o else 0.0
    margin = d if role == "NLF" else -d
    return margin + (10 if winner == role else 5 if winner == "draw" else 0) - reply


def next_turn(s):
    """s with its units fresh again, as at the next turn's start (V 2.1 item 5: Ops Complete is
    cleared), unless this is the last turn: the threats the position leaves for later."""
    if s["turn"] >= s["turns"]:
        return s
    return dict(s, units={k: dict(u, done=False, op=False, tgt=False) for k, u in s["units"].items()})


def drive(gen):
    """Run a thinking generator to its end; its return value."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def operate_action(legal, role):
    """The Search and Destroy action of an Operations Phase decision (V 2.1)."""
    if role == "US":
        return V.first(legal, "operate", op="sd")
    return next((a for a in legal if a["t"] in ("nlf_op", "operate") and a.get("op", "sd") == "sd"), None)


# A column of the US's Starlite search: the NLF stands and fights where it is (never reacts, halts
# at the alert roll: a regiment on Hold keeps its doubled defence, V 6.2) instead of running as
# the heuristics do. Without it every world where the regiment holds in a hill hex looked lost
# whatever the US did, and the US searched the other hex in 20 of 20 games against a player who
# held the regiment there (issue 46: the panel's hold-fast).
STAND = "stand"


def stands(s, legal):
    """The NLF's decision when it stands: pass a reaction, halt a move by alert (V 5.2, 5.3)."""
    step = s["stack"][-1]["s"]
    if step == "react":
        return V.first(legal, "pass")
    if step == "move" and s["stack"][-1].get("mode") == "alert":
        return V.first(legal, "halt") or V.first(legal, "done")
    return None


# A column where no candidate won a playout is left out of the maximin (mixed.contested); from two
# or three playouts that says little: against Starlite's regiment on Hold the whole force wins about
# a third of the time, so its column was dropped in about 4 decisions of 10, and the US then went
# all in on the other hex (22 of 40 games against the panel's hold-fast; issue 46). Such a column
# is played out again with more worlds, up to MORE_BATCHES times, before it is called hopeless.
MORE_BATCHES = 3
HOPELESS = 6  # playouts a candidate that won none of them in a column, for the column to be let go


def unsure(sums):
    """Some column that every candidate lost, on fewer than HOPELESS playouts each."""
    cols = {c for row in sums for c in row}
    return any(all(row.get(c, [0.0, 0])[0] < 0.5 for row in sums)
               and min(row.get(c, [0.0, 0])[1] for row in sums) < HOPELESS for c in cols)


class PlanPolicy:
    """The playout policy: the heuristics for both sides, except that `role` designates its next
    Search and Destroy by `plan` (once), and `opp`, a column of the search, is what the other side
    does: a unit whose hex is the target of its next operation, or STAND (the NLF stands)."""

    def __init__(self, role, plan, opp=None):
        self.role, self.plan, self.used = role, plan, False
        if plan and (plan.get("decline") or plan.get("pass")):
            self.plan = None  # the first action is the whole plan
        self.stand = opp == STAND
        self.opp, self.opp_used = opp, opp is None or self.stand
        self.h = Heuristics()

    def __call__(self, rules, s, role, legal, rng):
        step = s["stack"][-1]["s"]
        if self.stand and role != self.role:
            a = stands(s, legal)
            if a is not None:
                return a
        if role == self.role and self.plan is not None and not self.used:
            if step == "ops":
                return operate_action(legal, role) or V.default(legal)
            if step == "sd_pick":
                a = follow_plan(s, role, legal, rng, self.plan)
                if a["t"] == "go":
                    self.used = True
                return a
        if role != self.role and not self.opp_used and step == "sd_pick" and s["stack"][-1]["target"] is None:
            self.opp_used = True  # the column: the other side's next target is this unit's hex
            u = s["units"].get(self.opp)
            a = V.first(legal, "target", hex=u["hex"]) if u and u["hex"] else None
            if a:
                return a
        return self.h(rules, s, role, legal, rng)


def follow_plan(s, role, legal, rng, plan):
    """The designation of a planned operation (V 5.1): its target, then its units, then 'go'."""
    if VP.vp_scenario(s):
        return VP.sd_pick(s, role, legal, rng, plan)
    if role == "NLF":  # Starlite's NLF operation: these units move, no target (V 5.2)
        for uid in plan["units"]:
            a = V.first(legal, "unit", u=uid)
            if a:
                return a
        return V.first(legal, "go") or V.default(legal)
    return V.sd_pick(s, role, legal, rng, plan)


def us_plans(s, role):
    """Starlite's candidate operations (V 5.1): per possible regiment hex, every unit in reach of it;
    and a probe (no target: an artillery unit or HQ walks up to the face-down counters so that a
    regiment may betray itself by reacting, V 5.3)."""
    plans = []
    hexes = sorted({u["hex"] for u in B.live(s) if V.maybe_regiment(u, role, s)})
    for h in hexes:
        # all in. Measured against the heuristic NLF from the set-up (20-60 playouts per world):
        # all in wins 100% in the right hex and 0% in the other; two marines with the artillery no
        # better (47% or 100% in the right hex, 0% in the other); a probe by one marine 9-19%
        everyone = V.sd_plan(s, role, h, "all")
        if everyone:
            plans.append({"target": h, "units": everyone})
    if len(hexes) > 1:
        conc = [u["hex"] for u in B.live(s) if B.concealed(u, role, s)]
        spare = [u for u in eligible(s, role) if B.strength(u) == 0 and not u["op"]]
        if spare and conc:
            u = min(spare, key=lambda x: (min(distance(x["hex"], h) for h in conc), x["id"]))
            plans.append({"feint": True, "units": [u["id"]]})
    return plans


def deal(s, role):
    """The hidden part of a sampled world as `role` cannot see it: which face-down counter is which
    (V 10), as (hex, kind) pairs."""
    return tuple(sorted((u["hex"] or "", u["kind"]) for u in s["units"].values() if B.concealed(u, role, s)))


def regiment_hex(s, role):
    """Where the sampled world put the hidden regiment (Starlite's one secret that decides it)."""
    return next((u["hex"] for u in s["units"].values() if B.concealed(u, role, s) and V.is_regiment(u)), None)


class Planner:
    def __init__(self, level="standard", budget=None, heuristics=None):
        self._heur = heuristics or Heuristics()  # for the decisions it does not search
        self.lv = LEVELS[level]
        if budget:
            self.lv = replace(self.lv, worlds=budget, vp_worlds=max(1, budget // 4))
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
        if VP.vp_scenario(base):
            if step == "ops":
                return (yield from self._vp_operation(rules, worlds, base, role, legal, rng))
            if step == "sd_pick" and self.plan:
                a = VP.sd_pick(base, role, legal, rng, self.plan)
                if a["t"] == "go":
                    self.plan = None
                return a
            return self._heuristics(rules, base, role, legal, rng)
        if step == "ops" and role == "US":
            return (yield from self._operation(rules, worlds, base, role, legal, rng))
        if step == "sd_pick" and role == "US" and self.plan:
            a = V.sd_pick(base, role, legal, rng, self.plan)
            if a["t"] == "go":
                self.plan = None
            return a
        if step == "ops" and role == "NLF":
            return (yield from self._nlf_operation(rules, worlds, base, role, legal, rng))
        if step == "sd_pick" and role == "NLF" and self.plan:
            a = follow_plan(base, role, legal, rng, self.plan)
            if a["t"] == "go":
                self.plan = None
            return a
        if step in SEARCHED and len(legal) <= self.lv.candidates:
            cands = [(a, None) for a in legal if a["t"] != "pref"]
            return (yield from self._search(rules, worlds, base, role, legal, rng, cands))[0]
        return self._heuristics(rules, base, role, legal, rng)

    def _heuristics(self, rules, s, role, legal, rng):
        return self._heur(rules, s, role, legal, rng)

    # --- Starlite ---------------------------------------------------------------------------------

    def _operation(self, rules, worlds, base, role, legal, rng):
        cands = []
        sd = V.first(legal, "operate", op="sd")
        if sd:
            cands = [(sd, p) for p in us_plans(base, role)][: self.lv.candidates - 1]
        dec = V.first(legal, "decline")
        if dec and not cands:  # declining loses while a regiment may be on the map (V 18.2)
            cands.append((dec, {"decline": True}))
        if not cands:
            return self._heuristics(rules, base, role, legal, rng)
        action, plan = yield from self._search(rules, worlds, base, role, legal, rng, cands)
        self.plan = plan if plan and not plan.get("decline") else None
        return action

    def _nlf_operation(self, rules, worlds, base, role, legal, rng):
        """Starlite's NLF: offer the operation to the US (or end the phase), or operate first with
        some of its counters, no target: a move toward the hills before the Marines come (V 2.1,
        V 5.1); which counters move is the bluff (the US sees counters move, not which)."""
        cands = [(a, None) for a in legal if a["t"] in ("us_op", "end")]
        sd = operate_action(legal, role)
        if sd:
            units = sorted(u["id"] for u in eligible(base, role) if not u["op"])
            for k in range(1, 1 << len(units)):
                cands.append((sd, {"units": [x for i, x in enumerate(units) if k >> i & 1]}))
        cands = cands[: self.lv.candidates]
        action, plan = yield from self._search(rules, worlds, base, role, legal, rng, cands)
        self.plan = plan
        return action

    def _columns(self, base, role):
        """The other side's choices a Starlite decision is weighed against: for the US, the NLF
        running as the heuristics do or standing (STAND); for the NLF, each counter face down to
        the US as the target of the US's next operation, and the novice US."""
        if role != "NLF":
            return [None, STAND]
        units = sorted(u["id"] for u in B.live(base) if u["side"] == "NLF" and B.concealed(u, "US", base))
        return units + [None] if 1 < len(units) <= 3 else [None]

    def _samples(self, worlds, rng, k):
        """k sampled worlds, each with an antithetic partner: the same dice with another deal of
        the hidden part (for the US in Starlite: the other counter is the regiment)."""
        samples = []
        while len(samples) < k:
            w, seed = worlds.sample(rng), rng.getrandbits(32)
            samples.append((w, seed))
            for _ in range(6):
                w2 = worlds.sample(rng)
                w2["dice"] = copy_state(w["dice"])
                if w2 != w:
                    samples.append((w2, seed))
                    break
            yield  # dealing worlds costs a few engine steps each: a page's input runs meanwhile
        return samples[:k]  # (k odd: the last one without its partner)

    def _search(self, rules, worlds, base, role, legal, rng, cands):
        """Every candidate (first action, plan) played out in the same sampled worlds with the same
        playout seeds, against every column (the regiment's hex for the US; the US's next target
        for the NLF); the maximin mix of the candidates is played (a single column: the best)."""
        opps = self._columns(base, role)
        # the columns multiply the playouts: fewer dice per column, as many playouts in all
        n = max(2, self.lv.worlds * 2 // (len(opps) + 1))
        sums = [{} for _ in cands]  # per candidate: {column: [score, playouts]}
        for batch in range(1 + MORE_BATCHES):
            samples = yield from self._samples(worlds, rng, n)
            for row, (a, plan) in zip(sums, cands):
                for w, seed in samples:
                    k = regiment_hex(w, role) if role == "US" else None
                    for o in opps:
                        m = as_match(copy_state(w))
                        final = yield from rollout(rules, m, PlanPolicy(role, plan, o), random.Random(seed), a)
                        cell = row.setdefault((k, o), [0.0, 0])
                        cell[0] += score(final, role)
                        cell[1] += 1
            if not unsure(sums):
                break
        cols = sorted({c for row in sums for c in row}, key=str)
        table = [[row[c][0] / row[c][1] if c in row else 0.5 for c in cols] for row in sums]
        mix, _ = mixed.maximin(mixed.contested(table))
        return cands[mixed.sample(mix, rng)]

    # --- the points scenarios -----------------------------------------------------------------------

    def _vp_operation(self, rules, worlds, base, role, legal, rng):
        """Which operation to conduct (V 2.1), weighed by playing each out (vp_score)."""
        other = V.first(legal, "decline") or V.first(legal, "us_op") or V.first(legal, "end")
        cands = [(other, {"pass": True})] if other else []  # first: a tie does not operate for nothing
        sd = operate_action(legal, role)
        if sd:
            for _, h, units, _ in VP.options(base, role, floor=None)[: self.lv.vp_candidates]:
                cands.append((sd, {"target": h, "units": units}))
                big = sum(VP.worth(x, role, base) for x in B.units_at(base, h, "NLF")) >= 3
                if role == "US" and big:  # and the same with every unit in reach, garrisons too
                    everyone = [u["id"] for u in VP.attackers_for(base, h, role, exclude_garrisons=False)]
                    if set(everyone) != set(units):
                        cands.append((sd, {"target": h, "units": everyone}))
            if role == "NLF" and VP.newcomers(base):
                cands.append((sd, {"enter": True}))
            if role == "US" and VP.last_turn(base) and VP.needs_regiments(base):
                for _, h, units in VP.regiment_strikes(base)[:1]:
                    cands.append((sd, {"target": h, "units": units}))
        heur = self._heuristics(rules, base, role, legal, rng)
        if heur not in [a for a, _ in cands]:
            cands.append((heur, None))
        seen, unique = set(), []
        for a, plan in cands:
            key = (str(sorted(a.items())), (plan or {}).get("target"), tuple(sorted((plan or {}).get("units") or ())),
                   bool((plan or {}).get("enter")))
            if key not in seen:
                seen.add(key)
                unique.append((a, plan))
        cands = unique
        if len(cands) == 1:
            a, plan = cands[0]
            self.plan = plan if plan and not plan.get("pass") else None
            return a
        samples = []
        for _ in range(self.lv.vp_worlds):
            samples.append((worlds.sample(rng), rng.getrandbits(32)))
            yield
        best, best_v = cands[0], None
        for a, plan in cands:
            total = 0.0
            for w, seed in samples:
                m = as_match(copy_state(w))
                pol = PlanPolicy(role, plan)
                # the last turn is played to the end: its few operations decide the victory level
                ops = None if VP.last_turn(w) else self.lv.vp_ops
                final = yield from rollout(rules, m, pol, random.Random(seed), a, ops=ops)
                total += vp_score(final, role)
            if best_v is None or total > best_v + 1e-9:
                best, best_v = (a, plan), total
        a, plan = best
        self.plan = plan if plan and not plan.get("pass") else None
        return a


def rollout(rules, m, policy, rng, first=None, ops=None, max_steps=3000, every=2):
    """Play the match `m` in place, `first` applied before: to its end, or (`ops`) until that many
    operations have ended after the one `first` begins (V 2.1: the Operations Phase's loop). A
    generator yielding every `every` actions (a page's time slices); returns the last state."""
    legal = headless.actions(rules, m)
    if first is not None:
        legal = headless.play(rules, m, first, legal=legal, in_place=True)
    ended, running = 0, m["state"].get("op") is not None
    for n in range(max_steps):
        s = m["state"]
        if s.get("over"):
            return s
        now = s.get("op") is not None
        if running and not now:
            ended += 1
            if ops is not None and ended >= ops:
                return s
        running = now
        role = M.current_role(rules, m)
        a = policy(rules, s, role, legal, rng)
        legal = headless.play(rules, m, a, legal=legal, in_place=True)
        if n % every == every - 1:
            yield
    raise RuntimeError("playout did not end")
