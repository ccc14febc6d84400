"""Exploiter plans for Operation Starlite (V 18.2; also its free set-up variant): what a human tries
once he has seen the computer play a few times. The NLF has a regiment and a political section
face down (V 10); the US must remove the regiment without losing a counter in one turn."""

from ...rules.vietnam_1965_1975.hexes import distance
from .base import Plan, first, toward

STARLITE = ("starlite", "starlite-free")


# --- the NLF -------------------------------------------------------------------------------------

class FixedSetup(Plan):
    """The regiment always in the same set-up hex, the political section in the other; then plain
    play. (The first thing a human checks: does the computer guess where I always put it?)"""

    role = "NLF"
    reg_first = True  # the regiment in the first listed hex (5219), else the last (5320)

    def place(self, v, legal):
        mine = [a for a in legal if a["t"] == "place"]
        hexes = sorted({a["hex"] for a in mine})
        placed = {p["hex"] for p in v.mine()}
        free = [h for h in hexes if h not in placed] or hexes
        u = mine[0]["u"]
        if len(hexes) > 2:  # the free set-up: the regiment far from the Marines, the section near them
            us = [p["hex"] for p in v.enemy()]
            far = max(free, key=lambda h: (min(distance(h, x) for x in us), h))
            near = min(free, key=lambda h: (min(distance(h, x) for x in us), h))
            want = far if (u == "vc1") == self.reg_first else near
        else:
            want = free[0] if (u == "vc1") == self.reg_first else free[-1]
        return first(legal, "place", u=u, hex=want)

    def on_nlf_place(self, v, legal):
        return self.place(v, legal)


class RegimentNorth(FixedSetup):
    name = "regiment-5219"
    reg_first = True


class RegimentSouth(FixedSetup):
    name = "regiment-5320"
    reg_first = False


class RunFirst(FixedSetup):
    """The regiment in 5219; the NLF takes the first operation and walks the regiment west toward
    the mountains before the Marines move (V 2.1: the NLF decides who operates)."""

    name = "run-first"
    goal = "4720"

    def on_ops(self, v, legal):
        if not self.mem.get("ran"):
            a = first(legal, "nlf_op") or first(legal, "operate")
            if a and a.get("op", "sd") == "sd":
                self.mem["ran"] = True
                return a
        return first(legal, "us_op") or first(legal, "end")

    def on_sd_pick(self, v, legal):
        return first(legal, "unit", u="vc1") or first(legal, "go")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if mv.get("mode") == "op":
            if mv.get("unit"):
                return toward(legal, self.goal, v.hex_of(mv["unit"]))
            return first(legal, "pick", u="vc1") or first(legal, "done")
        return None


class DecoySection(FixedSetup):
    """The regiment in 5320 and never moves before it must; the political section reacts away from
    any US stack that comes next to it, the tell the computer reads as the regiment."""

    name = "decoy-section"
    reg_first = False

    def on_react(self, v, legal):
        return first(legal, "react", u="ps1") or first(legal, "pass")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if mv.get("mode") == "react" and mv.get("unit") == "ps1":
            us = [p["hex"] for p in v.enemy()]
            here = v.hex_of("ps1")
            steps = [a for a in legal if a["t"] == "step" and v.playable(a["to"])]
            best = max(steps, key=lambda a: (min(distance(a["to"], x) for x in us), a["to"]), default=None)
            if best and min(distance(best["to"], x) for x in us) > min(distance(here, x) for x in us):
                return best
            return first(legal, "halt")
        return None


class Ambush(FixedSetup):
    """All in at once: the regiment, set up next to the 7th Marines HQ, attacks 5220 in the NLF's
    first operation with every support point (one US counter lost wins the scenario, V 18.2)."""

    name = "ambush-5220"

    def on_ops(self, v, legal):
        if not self.mem.get("went"):
            a = first(legal, "nlf_op") or first(legal, "operate")
            if a and a.get("op", "sd") == "sd":
                self.mem["went"] = True
                return a
        return first(legal, "us_op") or first(legal, "end")

    def on_sd_pick(self, v, legal):
        tgt = first(legal, "target", hex="5220") or next((a for a in legal if a["t"] == "target"), None)
        return tgt or first(legal, "unit", u="vc1") or first(legal, "go")

    def on_attack_pick(self, v, legal):
        return self.press_on(legal) or first(legal, "stop")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if mv.get("mode") == "op" and v.op and v.op["targets"]:
            if not mv.get("unit"):
                return first(legal, "pick", u="vc1") or first(legal, "done")
            here = v.hex_of(mv["unit"])
            if distance(here, v.op["targets"][0]) <= 1:
                return first(legal, "halt")
            return toward(legal, v.op["targets"][0], here)
        return None

    def on_support_pick(self, v, legal):
        fire = [a for a in legal if a["t"] == "fire"]
        return max(fire, key=lambda a: len(a["with"]), default=None)


class RefuseBattle(FixedSetup):
    """Never reacts, never forces an incidental attack: the counters sit still until the alert,
    then run (a player who does not want to give anything away)."""

    name = "refuse-battle"

    def on_react(self, v, legal):
        return first(legal, "pass")

    def on_incidental_ask(self, v, legal):
        return first(legal, "decline")


class HoldsOne(FixedSetup):
    """One counter (`holds`) goes on Hold in its set-up hex (V 6.2: doubled defence, its marker
    public); no reaction."""

    holds = "vc1"

    def on_designate(self, v, legal):
        if not self.mem.get("held"):
            self.mem["held"] = True
            return first(legal, "hold", u=self.holds) or first(legal, "done")
        return first(legal, "done")

    def on_react(self, v, legal):
        return first(legal, "pass")


class HoldFast(HoldsOne):
    """The regiment goes on Hold in its set-up hex (V 6.2: doubled defence) and never moves."""

    name = "hold-fast"

    def on_alert(self, v, legal):
        return first(legal, "alert")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if mv.get("mode") == "alert":
            return first(legal, "halt") or first(legal, "done")
        return None


class HoldSection(HoldsOne):
    """The bluff against a US that reads the Hold marker (public, V 6.2) as the regiment: the
    political section goes on Hold in 5320; the regiment, in 5219, stays off Hold and refuses
    battle, running at the alert."""

    name = "hold-section"
    holds = "ps1"

    def on_incidental_ask(self, v, legal):
        return first(legal, "decline")


# --- the US --------------------------------------------------------------------------------------

class FixedTarget(Plan):
    """The whole force against the same set-up hex every game, every Air Point and the cruiser;
    later rounds always fought; then the other hex with what is left."""

    role = "US"
    hexes = ("5219", "5320")

    def target(self, v, legal):
        tg = [a for a in legal if a["t"] == "target"]
        for h in self.hexes:
            a = first(tg, "target", hex=h)
            if a:
                return a
        return tg[0] if tg else None

    def on_sd_pick(self, v, legal):
        if not any(a["t"] == "target" for a in legal):
            t = (v.op or {}).get("targets") or []
            return self.units_for(v, legal, t[0]) if t else first(legal, "go")
        return self.target(v, legal)

    def on_sd_support(self, v, legal):
        return self.all_support(legal)

    def on_attack_pick(self, v, legal):
        return self.press_on(legal)


class TargetNorth(FixedTarget):
    name = "target-5219"
    hexes = ("5219", "5320")


class TargetSouth(FixedTarget):
    name = "target-5320"
    hexes = ("5320", "5219")


class TargetHeld(FixedTarget):
    """The whole force against the face-down counter on Hold (its marker is public, V 6.2: a player
    reads it as the regiment standing to fight), else as target-5219."""

    name = "target-held"

    def target(self, v, legal):
        held = sorted(p["hex"] for p in v.enemy() if p.get("concealed") and p.get("mission") == "hold")
        return next((a for h in held for a in [first(legal, "target", hex=h)] if a), None) or super().target(v, legal)


class ProbeHQ(Plan):
    """A probe first: the 7th Marines HQ operates alone without a target and walks next to the
    face-down counters (a regiment may react or give itself away, V 5.3); then the whole force goes
    for the counter that moved, else the one nearer the hills."""

    role = "US"
    name = "probe-hq"

    def on_sd_pick(self, v, legal):
        if not self.mem.get("probed"):
            if v.op and not any(p.get("op") for p in v.mine()):
                a = first(legal, "unit", u="hq7")
                if a:
                    return a
            self.mem["probed"] = True
            return first(legal, "go")
        if any(a["t"] == "target" for a in legal):
            hexes = sorted({a["hex"] for a in legal if a["t"] == "target"})
            start = self.mem.get("start") or hexes
            moved = [h for h in hexes if h not in start]
            h = moved[0] if len(moved) == 1 else min(hexes, key=lambda x: (-distance(x, "5118"), x))
            return first(legal, "target", hex=h)
        t = (v.op or {}).get("targets") or []
        return self.units_for(v, legal, t[0]) if t else first(legal, "go")

    def on_ops(self, v, legal):
        self.mem.setdefault("start", v.enemy_hexes())
        return first(legal, "operate", op="sd") or first(legal, "decline")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if v.op and not v.op["targets"] and mv.get("mode") == "op":
            if not mv.get("unit"):
                return first(legal, "pick", u="hq7") or first(legal, "done")
            conc = v.enemy_hexes()
            here = v.hex_of(mv["unit"])
            goal = min(conc, key=lambda h: (distance(here, h), h)) if conc else here
            if distance(here, goal) <= 1:
                return first(legal, "halt")
            return toward(legal, goal, here, avoid=conc)
        return None

    def on_sd_support(self, v, legal):
        if v.op and not v.op["targets"]:
            return first(legal, "support", ap=0, ship=0)
        return self.all_support(legal)

    def on_attack_pick(self, v, legal):
        return self.press_on(legal)


class SplitForce(Plan):
    """Both hexes at once: the 5118 stack against 5219 and the 5220 stack against 5320, each in
    its own operation; the Air Points and the cruiser with the first."""

    role = "US"
    name = "split-force"
    order = (("5219", ("m33", "m24", "a212")), ("5320", ("m37", "hq7")))

    def on_sd_pick(self, v, legal):
        n = self.mem.get("ops", 0)
        if any(a["t"] == "target" for a in legal):
            for h, _ in self.order[n:] + self.order[:n]:
                a = first(legal, "target", hex=h)
                if a:
                    self.mem["ops"] = n + 1
                    self.mem["units"] = dict(self.order).get(h)
                    return a
            return None
        for uid in self.mem.get("units") or ():
            a = first(legal, "unit", u=uid)
            if a:
                return a
        return first(legal, "go")

    def on_sd_support(self, v, legal):
        return self.all_support(legal)

    def on_attack_pick(self, v, legal):
        return self.press_on(legal)


class MarinesOnly(FixedTarget):
    """The three battalions without the artillery or the HQ (a player keeping his guns safe), on
    5320 first: a counter lost is the scenario (V 18.2), and the guns have no ground strength."""

    name = "marines-only"
    hexes = ("5320", "5219")

    def on_sd_pick(self, v, legal):
        if any(a["t"] == "target" for a in legal):
            return self.target(v, legal)
        for uid in ("m33", "m24", "m37"):
            a = first(legal, "unit", u=uid)
            if a:
                return a
        return first(legal, "go")


PLANS = {"NLF": [RegimentNorth, RegimentSouth, RunFirst, DecoySection, Ambush, RefuseBattle, HoldFast, HoldSection],
         "US": [TargetNorth, TargetSouth, TargetHeld, ProbeHQ, SplitForce, MarinesOnly]}
