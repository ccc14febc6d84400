"""Bombardment (MF 18.2-18.4) with Communist anti-aircraft fire (MF 19.0), in the Combat Phase."""

from ...engine import battle as BR
from ...engine.flow import Procedure
from . import board as B
from .board import flow
from .combat import add_counts, count_bcp, counts, hit_com, hit_fw, hit_fw_effect, settle_counted
from .data import SPACES
from .recon import bombard_targets


def airstrikes_in(s, sp):
    return sorted([uid for uid in B.units_seen(s, sp) if B.is_air(s["units"][uid])])


def _tactical(s, sp):
    return [x for x in airstrikes_in(s, sp) if B.K(s["units"][x])["air"] == "tactical"]


@flow.step("bombard")
class Bombard(Procedure):
    """A bombardment at f["sp"], one round (MF 18.2): the AAA fires first (MF 19.0), the
    fighter-bombers are assigned their targets (MF 18.3; by default all before any die, R-FB1),
    then the airstrikes attack one by one, fighter-bombers (MF 18.3) and Arc Light (MF 18.4);
    they return to the Support Reinforcements Box (MF 18.1) and the body count of the whole
    bombardment is settled (MF 21.4). Frame: sp, the airstrikes still to attack (queue), the AAA
    units still to fire (aaa), the assignments (assign) and the BCP counted (count_bcp)."""

    parts = ("begin", "aaa", "assign", "strikes", "end")

    def begin(self, g, f):
        s = g.s
        sp = f["sp"]
        f["queue"] = airstrikes_in(s, sp)
        f["aaa"] = sorted(uid for uid in B.com_units(s, sp) if B.K(s["units"][uid]).get("aaa")
                          and (s["units"][uid].get("rev") or s["options"]["aaa_concealed_fires"]))
        _record_bombard(g, f)

    def aaa(self, g, f):
        """MF 19.0: each AAA unit fires once, while tactical airstrikes remain."""
        add_counts(f, f.pop("counted", None))
        if f["aaa"] and _tactical(g.s, f["sp"]):
            g.call("aaa_fire", into="counted", sp=f["sp"], unit=f["aaa"].pop(0))
            self.again(f)

    def assign(self, g, f):
        if g.s["options"]["fb_assign"] == "all_first":
            g.call("fb_assign", into="assign", sp=f["sp"], assign={})

    def strikes(self, g, f):
        """The airstrikes attack in turn; one shot down does not, nor a fighter-bomber assigned
        no target."""
        add_counts(f, f.pop("counted", None))
        s = g.s
        sp = f["sp"]
        while f["queue"]:
            a = f["queue"].pop(0)
            if a not in airstrikes_in(s, sp):
                continue  # shot down
            if B.K(s["units"][a])["air"] == "arclight":
                g.call("arc_light", into="counted", sp=sp, unit=a, targets=bombard_targets(s, sp))
            elif "assign" not in f:
                g.call("fighter_bomber", into="counted", sp=sp, unit=a)
            elif a in f["assign"]:
                g.call("fighter_bomber", into="counted", sp=sp, unit=a, target=f["assign"][a])
            else:
                continue
            self.again(f)
            return

    def end(self, g, f):
        s = g.s
        sp = f["sp"]
        for a in airstrikes_in(s, sp):
            B.put(s, a, B.SUP_POOL)
        BR.end(g, "Bombardment over: the airstrikes return to the Support Reinforcements Box")
        settle_counted(g, f, f"Bombardment at {SPACES[sp]['name']}")


class Attack(Procedure):
    """One unit's fire in a bombardment: the BCP its hits score are counted in its own frame and
    handed to the bombardment when it ends (MF 21.4: one settlement for the whole bombardment)."""

    def finish(self, g, f):
        g.end(counts(f))


@flow.step("aaa_fire")
class AaaFire(Attack):
    """MF 19.0: the AAA unit f["unit"] rolls one die; at or under its AAA factor the player loses
    one tactical airstrike of his choice, one BCP against the Free World."""

    parts = ("fire", "shot_down")

    def fire(self, g, f):
        s = g.s
        sp = f["sp"]
        tac = _tactical(s, sp)
        val = B.K(s["units"][f["unit"]])["aaa"]
        d = g.roll(1, f"AAA fire at {SPACES[sp]['name']} (hits on {val} or less)", "MF 19.0",
                   refs=B.refs(B.ref_p(sp)))[0]
        BR.event(g, f"{BR.label(g, f['unit'], 'AAA')} fires at the airstrikes", "MF 19.0",
                 dice=[BR.die(d, f"{val} or less", d <= val)])
        if d > val:
            g.end(counts(f))
        elif len({s["units"][x]["k"] for x in tac}) == 1:
            f["lost"] = {"unit": tac[0]}  # identical airstrikes: nothing to choose
        else:
            ch = [{"t": "unit", "unit": x, "label": f"Lose {B.name_of(s, x)} (-1 BCP)"} for x in tac]
            g.ask("AAA hit: select the airstrike that is lost", "MF 19.0", ch, into="lost")

    def shot_down(self, g, f):
        s = g.s
        uid = f.pop("lost")["unit"]
        B.put(s, uid, B.SUP_POOL)
        count_bcp(f, -1)
        g.log(f"{B.name_of(s, uid)} is shot down (-1 BCP)", "MF 19.0", kind="loss", refs=B.refs(B.ref_u(s, uid)))
        BR.loss(g, "FW", f"{BR.label(g, uid, B.name_of(s, uid))} is shot down (-1 BCP)", "MF 19.0")


@flow.step("fb_assign")
class FbAssign(Procedure):
    """MF 18.3, ruling R-FB1 (default): every fighter-bomber is assigned to a revealed Communist
    unit before any die is rolled, in order; with one target there is nothing to ask. Ends with
    the assignments {airstrike: target} (f["assign"])."""

    parts = ("next", "answer")

    def next(self, g, f):
        s = g.s
        tg = bombard_targets(s, f["sp"])
        for a in _tactical(s, f["sp"]) if tg else ():
            if a in f["assign"]:
                continue
            if len(tg) == 1:
                f["assign"][a] = tg[0]
                continue
            ch = [{"t": "target", "unit": a, "target": t,
                   "label": f"{B.name_of(s, a)} attacks {B.name_of(s, t)}"} for t in tg]
            g.ask(f"Assign {B.name_of(s, a)} to a revealed Communist unit (all are assigned before any die is "
                  "rolled)", "MF 18.3", ch, into="target")
            return
        g.end(f["assign"])

    def answer(self, g, f):
        a = f.pop("target")
        f["assign"][a["unit"]] = a["target"]
        self.goto_part(f, "next")


@flow.step("fighter_bomber")
class FighterBomber(Attack):
    """MF 18.3: the fighter-bomber f["unit"] attacks one revealed Communist unit, the one it was
    assigned (f["target"], R-FB1) or one the player picks now; one die, a hit at or under its
    combat factor."""

    parts = ("aim", "attack")

    def aim(self, g, f):
        s = g.s
        tg = bombard_targets(s, f["sp"])
        if "target" in f:
            if f["target"] not in tg:
                g.log(f"{B.name_of(s, f['unit'])}: its target is already gone, no effect", "MF 18.3")
                g.end(counts(f))
        elif len(tg) == 1:
            f["target"] = tg[0]
        elif not tg:
            g.end(counts(f))
        else:
            ch = [{"t": "target", "unit": f["unit"], "target": t,
                   "label": f"{B.name_of(s, f['unit'])} attacks {B.name_of(s, t)}"} for t in tg]
            g.ask(f"Assign {B.name_of(s, f['unit'])} to a revealed Communist unit", "MF 18.3", ch, into="aimed")

    def attack(self, g, f):
        s = g.s
        a = f["unit"]
        t = f["aimed"]["target"] if "aimed" in f else f["target"]
        cf = B.K(s["units"][a])["c"]
        d = g.roll(1, f"{B.name_of(s, a)} attacks {B.name_of(s, t)} (hits on {cf} or less)", "MF 18.3",
                   refs=B.refs(B.ref_u(s, a)))[0]
        tl = BR.label(g, t, B.name_of(s, t))
        BR.event(g, f"{BR.label(g, a, B.name_of(s, a))} attacks {tl}", "MF 18.3", dice=[BR.die(d, f"{cf} or less", d <= cf)])
        if d <= cf:
            BR.loss(g, "COM", f"{tl} is hit", "MF 18.3")
            hit_com(g, t, f)
        else:
            g.log("Miss", "MF 18.3")


@flow.step("arc_light")
class ArcLight(Attack):
    """MF 18.4: the Arc Light airstrike f["unit"] attacks every revealed Communist ground unit in
    the space (f["targets"], in turn): one die each, two in open terrain (R-TR1), a hit on any die
    at or under its combat factor (one hit at most); a 6 is collateral damage, one hit on a Free
    World unit there (once per unit attacked), the player choosing which."""

    parts = ("targets", "collateral")

    def targets(self, g, f):
        s = g.s
        sp = f["sp"]
        cf = B.K(s["units"][f["unit"]])["c"]
        while f["targets"]:
            t = f["targets"].pop(0)
            if s["units"][t]["loc"] != sp:
                continue
            n = 2 if B.stype(sp) == "open" else 1  # MF 18.4 a, R-TR1
            dice = g.roll(n, f"Arc Light on {B.name_of(s, t)} (hits on {cf} or less, 6 = collateral)", "MF 18.4",
                          add=False)  # each die checked on its own
            BR.event(g, f"Arc Light on {BR.label(g, t, B.name_of(s, t))}", "MF 18.4",
                     dice=[BR.die(d, f"{cf} or less", d <= cf) for d in dice])
            if any(d <= cf for d in dice):
                BR.loss(g, "COM", f"{BR.label(g, t, B.name_of(s, t))} is hit", "MF 18.4")
                hit_com(g, t, f)
            if 6 not in dice:
                continue
            victims = [x for x in B.fw_units(s, sp) if not B.is_garrison(s["units"][x])]
            if len(victims) == 1:
                _collateral(g, f, victims[0])
            elif victims:
                ch = [_collateral_choice(s, x) for x in victims]
                g.ask("Arc Light collateral damage: select the Free World unit hit", "MF 18.4", ch, into="hit")
                return  # the next part takes the answer, then the next target
        g.end(counts(f))

    def collateral(self, g, f):
        _collateral(g, f, f.pop("hit")["unit"])
        self.goto_part(f, "targets")


def _collateral_choice(s, uid):
    text, warn = hit_fw_effect(s, uid)  # issue 9 item 5: the loss before the click
    a = {"t": "unit", "unit": uid, "label": f"Collateral hit on {B.name_of(s, uid)}: {text}"}
    if warn:
        a["warn"] = warn
    return a


def _collateral(g, f, uid):
    g.log("Arc Light collateral damage", "MF 18.4")
    hit_fw(g, uid, f)


def _record_bombard(g, f):
    """The battle display's record of a bombardment (MF 18, 19): the airstrikes against the
    revealed Communist units and the AAA, which fires first (MF 19.0); display only."""
    s = g.s
    sp = f["sp"]
    air = [BR.unit(x, B.name_of(s, x), f"CF {B.K(s['units'][x])['c']}") for x in airstrikes_in(s, sp)]
    com = list(dict.fromkeys(bombard_targets(s, sp) + f["aaa"]))
    units = [BR.unit(x, B.KINDS[s["units"][x]["k"]]["name"],
                     f"AAA {B.K(s['units'][x])['aaa']}" if x in f["aaa"] else f"CF {B.K(s['units'][x])['c']}")
             if s["units"][x].get("rev") else  # R-AAA option: a concealed AAA unit fires unnamed
             BR.unit(f"?aaa{n}", "Concealed AAA unit", f"AAA {B.K(s['units'][x])['aaa']}")
             for n, x in enumerate(com, 1)]
    BR.start(g, SPACES[sp]["name"], f"Bombardment at {SPACES[sp]['name']}", "MF 18.0", [
        BR.side("FW", "Free World", "airstrikes", air, first=not f["aaa"]),
        BR.side("COM", "Communists", "targets", units, first=bool(f["aaa"]))], at=sp)
