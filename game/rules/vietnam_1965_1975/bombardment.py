"""Bombardment (V 7.5, reference 2.5.2): a one-shot operation against one hex by non-organic
artillery (not Ops Complete, not on Hold, in range), and for the US the Air Points and the cruiser;
at least 4 effective points (US points count half outside an FFZ, V 7.6). The US may interdict
first; VC defenders may disperse, then alert with -2. Then one die + the terrain DRM on the
defender's loss column (its ground, at least 1, + the effective support; all on Hold: one column
left); the bombarding side loses nothing but an Air Point on an "A" row. No retreat or pursuit."""

from math import floor

from ...engine import battle as BR
from ...engine.flow import Procedure, Step
from . import assignments as AS
from . import board as B
from . import interdiction, nva
from .assignments import eligible
from .combat import column, row
from .data import COUNTERS
from .hexes import distance
from .support import air_left, art_range, lose_air, sea_range

MIN_POINTS = 4


def bombers(s, side):
    """Artillery that could bombard now (none when the enemy has nothing on the map that can be
    attacked: a reinforcement still beside the play area cannot, V 18.1 rule 3)."""
    if not any(u["side"] != side and B.fights(u) for u in B.live(s)):
        return []
    return [u for u in eligible(s, side) if B.strength(u) == 0 and B.val(u, "art") > 0]


def points(s, side, h):
    op = s["op"]
    raw = sum(B.val(u, "art") for u in B.live(s) if u["op"] and u["id"] not in op["used"])
    if side == "US":
        raw += 0 if op.get("air_used") else op["ap"]
        ship = COUNTERS["ships"]["cruiser"]
        if op["ship"] and not op.get("ship_used") and sea_range(s, h, ship["range"]):
            raw += ship["points"] * op["ship"]
    return raw


@B.flow.step("bomb")
class Bombardment(Procedure):
    parts = ("pick", "support", "check", "interdict", "alert", "resolve", "losses", "wrap")

    def pick(self, g, f):
        g.s["op"] = B.new_op(f["side"], "bomb")
        g.call("bomb_pick", who=f["side"], target=None)

    def support(self, g, f):
        r = g.s["rec"]
        if f["side"] == "US" and (air_left(g.s) > 0 or (r["ship"] and not r.get("ship_op"))):
            g.call("sd_support", who="US")

    def check(self, g, f):
        s = g.s
        h = s["op"]["targets"][0]
        eff = interdiction.eff_points(s, f["side"], points(s, f["side"], h), h)
        if eff < MIN_POINTS:
            g.log(f"Only {eff:g} effective points on {h}: a bombardment needs {MIN_POINTS} (V 7.5)", "V 7.5")
            self.goto_part(f, "wrap")

    def interdict(self, g, f):
        if f["side"] == "US":
            interdiction.place(g, "US")

    def alert(self, g, f):
        s = g.s
        h = s["op"]["targets"][0]
        # V 5.2, 7.5: VC units and unaugmented NVA infantry regiments may alert (T-BOMB-1: NVA
        # mechanized regiments may not)
        if f["side"] == "US" and any(nva.may_alert(s, u) for u in B.units_at(s, h, "NLF")):
            g.call("alert", who="NLF", queue=[h], extra=-2)

    def resolve(self, g, f):
        s = g.s
        op = s["op"]
        h = op["targets"][0]
        D = B.other(f["side"])
        dfn = [u for u in B.units_at(s, h, D) if u["tgt"]]
        if not dfn:
            g.log(f"No defenders remain in {h}: the bombardment has no effect (V 7.5)", "V 7.5")
            self.goto_part(f, "wrap")
            return
        for u in dfn:
            B.reveal(g, u, "V 7.5")
        raw = points(s, f["side"], h)
        eff = interdiction.eff_points(s, f["side"], raw, h)
        ter = B.mapof(s).drm(h, B.opt(s, "mountain_drm", -2), B.opt(s, "town_drm", -1))
        col = column(max(1, sum(B.strength(u) for u in dfn)) + floor(eff))
        if all(u.get("mission") == "hold" for u in dfn):
            col = max(0, col - 1)
        BR.start(g, h, f"Bombardment of {h}", "V 7.5", [
            BR.side(f["side"], f["side"], "attacker", [], first=True, support=[f"support {raw}"]),
            BR.side(D, D, "defender", [BR.unit(u["id"], u["name"], f"strength {B.strength(u)}") for u in dfn])],
            at=h)
        die = g.roll(1, f"Bombardment of {h}", "V 7.5")[0]
        r = row(die + ter)
        loss = r["def"][col]
        g.log(f"Bombardment of {h}: {eff:g} effective points, roll {die} {ter:+d} terrain: {D} loses {loss}",
              "V 7.5", kind="result", refs=B.refs(B.ref_h(h)))
        if "A" in r["flags"] and f["side"] == "US" and op["ap"] and s["rec"]["ap"] > 0:
            lose_air(g)
        BR.odds(g, f"column {col + 1}", row=max(-4, min(11, die + ter)), result=f"{D} loses {loss}",
                shifts=[BR.shift(f"terrain {ter:+d}", "V 7.5")], who="Bombardment", rule="V 7.5")
        BR.event(g, f"Bombardment die {die}, terrain {ter:+d}", "V 7.5", dice=[BR.die(die)])
        f["loss"], f["bomb"] = loss, raw

    def losses(self, g, f):
        s = g.s
        if f.get("loss"):
            ids = [u["id"] for u in B.units_at(s, s["op"]["targets"][0], B.other(f["side"]))]
            if ids:
                g.call("losses", who=B.other(f["side"]), n=f["loss"], units=ids, side=B.other(f["side"]),
                       hits={}, must=None, bomb=f["bomb"])

    def wrap(self, g, f):
        s = g.s
        if s.get("battle") and not s["battle"].get("over") and f.get("loss") is not None:
            BR.end(g, "Bombardment resolved")
        B.turn_back(g)  # V 10: after the bombardment's casualties
        B.close_op(s)
        g.log("End of the bombardment (V 7.5)", "V 7.5")
        s["op"] = None


@B.flow.step("bomb_pick")
class BombPick(Step):
    """Designation: the bombarding artillery (in range of the target hex) and the target hex."""

    def prompt(self, g, f):
        return f"Bombardment (V 7.5): target {f['target'] or 'not chosen'}; assign artillery in range"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        if f["target"] is None:
            hexes = sorted({u["hex"] for u in B.live(s) if u["side"] != f["who"] and B.fights(u)})
            return [{"t": "target", "hex": h, **({"label": f"Bombard {h}"} if lab else {})} for h in hexes]
        acts = [{"t": "unit", "u": u["id"], **({"label": f"Fire with {u['name']}"} if lab else {})}
                for u in bombers(s, f["who"]) if not u["op"] and u.get("mission") != "hold"
                and distance(u["hex"], f["target"]) <= art_range(u, s)]
        acts.append({"t": "go", **({"label": "Designation done"} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "target":
            f["target"] = a["hex"]
            s["op"]["targets"] = [a["hex"]]
            for u in B.units_at(s, a["hex"], B.other(f["who"])):
                u["tgt"] = True
            g.log(f"Bombardment target {a['hex']}", "V 7.5", refs=B.refs(B.ref_h(a['hex'])))
        elif a["t"] == "unit":
            u = s["units"][a["u"]]
            u["op"] = True
            g.log(f"{B.pub(s, u)} fires", "V 7.5", refs=B.refs(B.ref_u(g.s, u)))
        else:
            g.end()


AS.register(AS.Kind("bomb", step="bomb", order=4, what="a bombardment", rule="V 7.5",
                    labels={"NLF": "The NLF operates: bombardment (V 7.5)", "US": "Bombardment (V 7.5)"},
                    may=lambda s, side: bool(bombers(s, side))))
