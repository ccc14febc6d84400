"""Naval transport (V 3.4, reference 2.5.4): US-side units move normally (incidental attacks may
happen) to a friendly port that is not enemy-occupied (it may be in an enemy ZOC), then are placed
in any port or landing beach free of enemy units; a unit ending in an enemy ZOC may be reacted to.
All units so moved are Ops Complete. An operation of the Strategic Movement Phase or the
Operations Phase. Ports and beaches are the map's "port" and "beach" hexes."""

from ...engine.flow import Procedure, Step
from . import assignments as AS
from . import board as B
from . import movement
from .assignments import eligible
from .reaction import open_window
from .regions import put


def landings(s):
    m = B.mapof(s)
    return sorted(h for h, rec in m.hexes.items() if (rec.get("port") or rec.get("beach")) and m.playable(h)
                  and "NLF" not in B.sides_at(s, h))


def ports(s):
    m = B.mapof(s)
    return {h for h, rec in m.hexes.items() if rec.get("port") and m.playable(h) and "NLF" not in B.sides_at(s, h)}


def possible(s):
    return bool(ports(s)) and bool(landings(s))


@B.flow.step("naval")
class Naval(Procedure):
    parts = ("pick", "move", "ship", "react", "wrap")

    def pick(self, g, f):
        g.s["op"] = B.new_op("US", "naval")
        g.call("strat_pick", who="US")

    def move(self, g, f):
        s = g.s
        mp = {u["id"]: B.mpa(s, u) for u in B.live(s) if u["op"]}
        movement.start(g, "US", "op", mp, react=False, rule="V 3.4")

    def ship(self, g, f):
        if any(u["op"] and u["hex"] in ports(g.s) for u in B.live(g.s)):
            g.call("naval_place", who="US", done=[])

    def react(self, g, f):
        s = g.s
        hexes = sorted({u["hex"] for u in B.live(s) if u["op"] and B.in_enemy_zoc(s, u["hex"], "US")})
        if hexes:
            open_window(g, hexes, "strat", "NLF")

    def wrap(self, g, f):
        B.close_op(g.s)
        g.log("End of the naval transport (V 3.4)", "V 3.4")
        g.s["op"] = None


@B.flow.step("naval_place")
class NavalPlace(Step):
    def prompt(self, g, f):
        return "Naval transport (V 3.4): ship units from their port to a port or landing beach"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        acts = []
        for u in B.live(s):
            if u["op"] and u["hex"] in ports(s) and u["id"] not in f["done"]:
                acts += [{"t": "ship", "u": u["id"], "hex": h, **({"label": f"Ship {u['name']} to {h}"} if lab else {})}
                         for h in landings(s) if h != u["hex"]]
        return acts + [{"t": "done", **({"label": "Done"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.end()
            return
        u = s["units"][a["u"]]
        frm = u["hex"]
        f["done"].append(u["id"])
        g.log(f"{u['name']} shipped from {frm} to {a['hex']}", "V 3.4", kind="move", move=[frm, a["hex"]],
              refs=B.refs(B.ref_u(g.s, u), B.ref_h(frm), B.ref_h(a['hex'])))
        put(g, u, a["hex"])


def _may(s):
    return bool(eligible(s, "US")) and possible(s)


AS.register(AS.Kind("naval", step="naval", order=6, what="a naval transport", rule="V 3.4",
                    labels={"US": "Naval transport (V 3.4)"}, may=lambda s, side: _may(s),
                    phase="Naval transport (V 3.4)", phase_may=_may))
