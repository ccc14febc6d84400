"""Exploiter plans for the scenarios won on victory points (V 18.1 rule 7: Silver Bayonet,
Masher/White Wing): fixed targets, all-in attacks with every support point, refusing battle,
late grabs of towns, probes and decoys. Each plan reads only its side's view; what it does not
script it plays as the novice would."""

from ...rules.vietnam_1965_1975.hexes import distance
from .base import Plan, first, toward

REACH = 6  # hexes from the target within which a plan sends a unit (all in)


def stack_value(v, h, side):
    return v.strength(h, side, hidden=2)


def is_support(p):
    return not p.get("concealed") and not p.get("ground") and p.get("art")


class Operator(Plan):
    """The common frame of an attacking plan: which operation to take (`wants_op`), which target
    (`pick_target`), every unit within REACH, every support point, every later round."""

    all_in = True

    def wants_op(self, v):
        return True

    def pick_target(self, v, hexes):
        return None

    def on_ops(self, v, legal):
        go = self.wants_op(v)
        if self.role == "US":
            if go and (first(legal, "operate", op="sd")) and self.candidates(v):
                return first(legal, "operate", op="sd")
            return first(legal, "decline") or None
        sd = next((a for a in legal if a["t"] in ("nlf_op", "operate") and a.get("op", "sd") == "sd"), None)
        if go and sd and self.candidates(v):
            return sd
        return first(legal, "us_op") or first(legal, "end")

    def candidates(self, v):
        """Enemy hexes this plan would attack now, with some unit of mine eligible within reach."""
        free = [p for p in v.mine() if not p.get("done") and not p.get("mission") and not p.get("op")
                and (p.get("ground") or 0) > 0]
        return [h for h in v.enemy_hexes() if v.playable(h) and self.allowed(v, h)
                and any(distance(p["hex"], h) <= REACH for p in free)]

    def allowed(self, v, h):
        return True

    def on_sd_pick(self, v, legal):
        tg = [a for a in legal if a["t"] == "target"]
        if tg:
            hexes = [a["hex"] for a in tg if a["hex"] in self.candidates(v)]
            h = self.pick_target(v, hexes) if hexes else None
            if h:
                self.mem["tgt"] = h
                return first(legal, "target", hex=h)
            return None
        t = (v.op or {}).get("targets") or []
        if t and self.all_in:
            return self.units_for(v, legal, t[0], REACH)
        return None

    def on_sd_support(self, v, legal):
        return self.all_support(legal) if self.all_in else None

    def on_support_pick(self, v, legal):
        if not self.all_in:
            return None
        fire = [a for a in legal if a["t"] == "fire"]
        return max(fire, key=lambda a: len(a["with"]), default=None)

    def on_attack_pick(self, v, legal):
        return self.press_on(legal) if self.all_in else None


class HuntBiggest(Operator):
    """Every operation against the strongest enemy stack in reach (a player who wants the big
    kill), all in."""

    name = "hunt-biggest"

    def pick_target(self, v, hexes):
        return max(hexes, key=lambda h: (stack_value(v, h, v.foe), h))


class HuntHQ(Operator):
    """Every operation against the enemy's headquarters (the NVA division HQ: 4 VP, it cannot
    alert, V 5.2), else the strongest stack; all in."""

    name = "hunt-hq"

    def pick_target(self, v, hexes):
        hq = [h for h in hexes if any(p.get("type") == "hq" for p in v.at(h) if p["side"] != v.role)]
        if hq:
            return hq[0]
        return max(hexes, key=lambda h: (stack_value(v, h, v.foe), h))


class CheapKills(Operator):
    """Only the weakest enemy stacks (a VC battalion, a lone HQ or battery), with everything."""

    name = "cheap-kills"

    def pick_target(self, v, hexes):
        return min(hexes, key=lambda h: (stack_value(v, h, v.foe), h))


class LateAllIn(Operator):
    """Nothing until the last turn (the US declines, the NLF offers), then all in on the
    strongest stack in every operation."""

    name = "late-all-in"

    def wants_op(self, v):
        return v.last_turn()

    def pick_target(self, v, hexes):
        return max(hexes, key=lambda h: (stack_value(v, h, v.foe), h))


class Turtle(Plan):
    """Refusing battle: every unit goes on Hold where it stands (V 6.2: doubled defence), no
    operation is taken, no reaction, no incidental attack forced."""

    name = "turtle"

    def on_designate(self, v, legal):
        hold = [a for a in legal if a["t"] == "hold"]
        return hold[0] if hold else first(legal, "done")

    def on_ops(self, v, legal):
        return first(legal, "decline") or first(legal, "us_op") or first(legal, "end")

    def on_react(self, v, legal):
        return first(legal, "pass")

    def on_incidental_ask(self, v, legal):
        return first(legal, "decline")

    def on_strat_phase(self, v, legal):
        return first(legal, "done")


class ProbeThenStrike(Operator):
    """US: a probe first each turn: an HQ or battery operates alone, no target, and walks next to
    the nearest face-down counters (they may react and show themselves, V 5.3); then all in on the
    strongest stack it can see."""

    role = "US"
    name = "probe-then-strike"

    def on_ops(self, v, legal):
        if self.mem.get("probe_turn") != v.turn and first(legal, "operate", op="sd"):
            return first(legal, "operate", op="sd")
        return super().on_ops(v, legal)

    def on_sd_pick(self, v, legal):
        if self.mem.get("probe_turn") != v.turn:
            if any(a["t"] == "target" for a in legal) and not any(p.get("op") for p in v.mine()):
                hq = [a for a in legal if a["t"] == "unit" and is_support(v.by_id(a["u"]) or {})]
                if hq:
                    self.mem["prober"] = hq[0]["u"]
                    return hq[0]
            self.mem["probe_turn"] = v.turn
            if any(p.get("op") for p in v.mine()):
                return first(legal, "go")
        return super().on_sd_pick(v, legal)

    def on_sd_support(self, v, legal):
        if v.op and not v.op["targets"]:
            return first(legal, "support", ap=0, ship=0)
        return super().on_sd_support(v, legal)

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if v.op and not v.op["targets"] and mv.get("mode") == "op":
            if not mv.get("unit"):
                return first(legal, "pick", u=self.mem.get("prober")) or first(legal, "done")
            here = v.hex_of(mv["unit"])
            conc = [p["hex"] for p in v.enemy() if p.get("concealed")] or v.enemy_hexes()
            goal = min(conc, key=lambda h: (distance(here, h), h)) if conc else here
            if distance(here, goal) <= 1:
                return first(legal, "halt")
            return toward(legal, goal, here, avoid=v.enemy_hexes())
        return None

    def pick_target(self, v, hexes):
        return max(hexes, key=lambda h: (stack_value(v, h, v.foe), h))


class Siege(Operator):
    """NLF: every operation against one place (a camp, a town garrison, the US base), with
    every unit in reach and all support, every round; then the next place on the list."""

    role = "NLF"
    places = ()

    def allowed(self, v, h):
        return h in self.places

    def pick_target(self, v, hexes):
        return next((h for h in self.places if h in hexes), None)


class HitSupport(Operator):
    """NLF: the US stack with the least ground strength in reach (a lone HQ or battery, a CIDG
    camp, an ARVN battalion: 10 VP a US counter, V 18.1), all in."""

    role = "NLF"
    name = "hit-weakest"

    def pick_target(self, v, hexes):
        return min(hexes, key=lambda h: (v.strength(h, "US"), -len(v.at(h, "US")), h))


class LateGrab(Plan):
    """NLF: stays out of the fight (no operation, no reaction) until the US has nothing left to
    operate with in the last turn; then every unit moves into the nearest town or cultivated hex
    free of the US (V 18.1 rule 7: an NLF-held hex scores)."""

    role = "NLF"
    name = "late-grab"

    def on_ops(self, v, legal):
        if v.last_turn() and first(legal, "operate") and not self.mem.get("grabbed"):
            a = next((a for a in legal if a["t"] == "operate" and a.get("op", "sd") == "sd"), None)
            if a:
                self.mem["grabbed"] = True
                return a
        return first(legal, "us_op") or first(legal, "end")

    def on_sd_pick(self, v, legal):
        if self.mem.get("grabbed"):
            a = next((a for a in legal if a["t"] == "unit"), None)
            return a or first(legal, "go")
        return None

    def on_react(self, v, legal):
        return first(legal, "pass")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if not (self.mem.get("grabbed") and mv.get("mode") == "op"):
            return None
        if not mv.get("unit"):
            return next((a for a in legal if a["t"] == "pick"), None) or first(legal, "done")
        here = v.hex_of(mv["unit"])
        taken = {p["hex"] for p in v.pieces if p["id"] != mv["unit"]}
        goals = [h for h in v.map.hexes if v.playable(h) and h not in taken
                 and (v.map.town(h) or v.terrain(h) == "cultivated")]
        goal = min(goals, key=lambda h: (distance(here, h) - 3 * bool(v.map.town(h)), h), default=here)
        if here == goal:
            return first(legal, "halt")
        return toward(legal, goal, here, avoid=v.enemy_hexes())


class StayAway(Plan):
    """NLF, refusing battle: no operation, no reaction, no incidental attack; at each alert every
    counter runs as far from the US as it can."""

    role = "NLF"
    name = "stay-away"

    def on_ops(self, v, legal):
        return first(legal, "us_op") or first(legal, "end")

    def on_react(self, v, legal):
        return first(legal, "pass")

    def on_incidental_ask(self, v, legal):
        return first(legal, "decline")

    def on_move(self, v, legal):
        mv = v.v.get("moving") or {}
        if mv.get("mode") not in ("alert", "retreat") or not mv.get("unit"):
            return None
        us = [p["hex"] for p in v.enemy()]
        here = v.hex_of(mv["unit"])
        steps = [a for a in legal if a["t"] == "step" and v.playable(a["to"])]
        best = max(steps, key=lambda a: (min(distance(a["to"], x) for x in us), a["to"]), default=None)
        if best and min(distance(best["to"], x) for x in us) > min(distance(here, x) for x in us):
            return best
        return first(legal, "halt") or best


def named(cls, name, role, **kw):
    """A plan class with its name, side and parameters (one class serves both scenarios)."""
    return type(cls.__name__ + "_" + name.replace("-", "_"), (cls,), dict(name=name, role=role, **kw))


SILVER_BAYONET = {
    "US": [named(HuntHQ, "hunt-b3-hq", "US"), named(HuntBiggest, "hunt-biggest", "US"),
           named(CheapKills, "cheap-kills", "US"), named(LateAllIn, "late-all-in", "US"),
           named(Turtle, "turtle", "US"), ProbeThenStrike],
    "NLF": [named(Siege, "siege-plei-me", "NLF", places=("4136", "3833")),
            named(Siege, "strike-duc-co", "NLF", places=("3833", "4136")),
            named(Siege, "raid-pleiku", "NLF", places=("4232", "4233")),
            HitSupport, LateGrab, StayAway, named(Turtle, "turtle", "NLF"),
            named(LateAllIn, "late-all-in", "NLF")],
}

MASHER = {
    "US": [named(HuntHQ, "hunt-sao-vang-hq", "US"), named(HuntBiggest, "hunt-biggest", "US"),
           named(CheapKills, "cheap-kills", "US"), named(LateAllIn, "late-all-in", "US"),
           named(Turtle, "turtle", "US"), ProbeThenStrike],
    "NLF": [named(Siege, "raid-bong-son", "NLF", places=("5427", "5428", "5430")),
            named(Siege, "raid-qui-nhon", "NLF", places=("5633", "5533", "5431")),
            HitSupport, LateGrab, StayAway, named(Turtle, "turtle", "NLF"),
            named(LateAllIn, "late-all-in", "NLF")],
}
