"""Strategic movement (V 3.3, reference 2.5.3): an operation in which the chosen units move without
attacking: US units pay nothing along roads; NLF units have three times their MPA and pay double
exit costs. Incidental attacks may still be forced; a unit ending in an enemy ZOC may be reacted to
by the enemy units there. All moved units are Ops Complete. The US may make strategic moves in the
Strategic Movement Phase (V 2.1 item 3) or as an operation; the NLF only as an operation, and not
in Starlite (EXT-1)."""

from ...engine.flow import Procedure, Step
from . import arvn
from . import assignments as AS
from . import board as B
from . import movement
from .assignments import eligible


def allowed(s, side):
    return not (side == "NLF" and s["special"].get("no_nlf_strategic"))


def ineffective_movers(s):
    """V 11.1: ineffective ARVN units may move strategically in the Strategic Movement Phase only,
    and only if they can end in a town, city, major city or cultivated hex."""
    return [u for u in B.live(s) if u["side"] == "US" and arvn.ineffective(u) and not u["done"]
            and not u.get("mission") and strat_may_begin(s, u)]


def strat_may_begin(s, u):
    """V 11.1: 'may not begin strategic movement if it cannot meet these two requirements'."""
    if arvn.populated_or_cultivated(s, u["hex"]):
        return True
    return any(arvn.populated_or_cultivated(s, h) for h in movement.reach(s, u, B.mpa(s, u), [], "strat"))


@B.flow.step("strat")
class Strategic(Procedure):
    parts = ("pick", "move", "wrap")

    def pick(self, g, f):
        g.s["op"] = B.new_op(f["side"], "strat")
        g.call("strat_pick", who=f["side"], **({"t3a": True} if f.get("t3a") else {}))

    def move(self, g, f):
        s = g.s
        mult = 3 if f["side"] == "NLF" else 1
        mp = {u["id"]: B.mpa(s, u) * mult for u in B.live(s) if u["op"]}
        movement.start(g, f["side"], "strat", mp, react=True)

    def wrap(self, g, f):
        s = g.s
        B.close_op(s)
        g.log("End of the strategic movement (V 3.3)", "V 3.3")
        s["op"] = None


@B.flow.step("strat_pick")
class StratPick(Step):
    def prompt(self, g, f):
        return "Strategic movement (V 3.3): choose the units that move"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        acts = [{"t": "unit", "u": u["id"], **({"label": f"Move {u['name']} ({u['hex']})"} if lab else {})}
                for u in eligible(s, f["who"]) + (ineffective_movers(s) if f.get("t3a") else []) if not u["op"]]
        if any(u["op"] for u in s["units"].values()):
            acts.append({"t": "go", **({"label": "Move them"} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "unit":
            u = s["units"][a["u"]]
            u["op"] = True
            g.log(f"{B.pub(s, u)} in {u['hex']} makes a strategic move", "V 3.3",
                  refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))
        else:
            g.end()


AS.register(AS.Kind("strat", step="strat", order=3, what="a strategic movement", rule="V 3.3",
                    labels={"NLF": "The NLF operates: strategic movement (V 3.3)", "US": "Strategic movement (V 3.3)"},
                    may=lambda s, side: bool(eligible(s, side)) and allowed(s, side),
                    # V 11.1: ineffective ARVN units move strategically in the Strategic Movement Phase only
                    phase="Strategic movement", phase_may=lambda s: bool(eligible(s, "US") or ineffective_movers(s)),
                    phase_data={"t3a": True}))
