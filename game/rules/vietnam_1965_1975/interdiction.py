"""Interdiction (V 7.5): support points placed on a hex make leaving it dearer for both sides:
3 effective points +1 MP, 7 points +2 (the maximum), on top of ZOC and enemy-hex costs. The US
places markers in the Alert segment (round 1; the artillery is then used for round 1) and at the
start of each Combat segment, the phasing side first; markers go after each pursuit. US points
count half outside a free-fire zone (V 7.6). Sources here: artillery units whole, the operation's
Air Points and cruiser as one block each per round (their division among uses is not modelled).
Hexes: the target hexes and their neighbours."""

from ...engine.flow import Step
from . import board as B
from .data import COUNTERS
from .hexes import distance
from .regions import full_support
from .support import art_range, commands_any, dedicated, own_scope, sea_range


def exit_extra(s, h):
    op = s.get("op")
    eff = (op or {}).get("interdict", {}).get(h, 0)
    return 2 if eff >= 7 else 1 if eff >= 3 else 0


def _hexes(s):
    m = B.mapof(s)
    out = set()
    for t in s["op"]["targets"]:
        out.add(t)
        out.update(n for n in B.neighbours(t) if m.playable(n))
    return sorted(out)


def sources(s, side):
    """(source id, points, hexes it reaches) not yet used this round."""
    op = s["op"]
    phasing = side == op["side"]
    out = []
    for u in B.live(s):
        if u["side"] != side or B.strength(u) > 0 or B.val(u, "art") <= 0 or u["id"] in op["used"]:
            continue
        if phasing and not u["op"]:
            continue
        if phasing and dedicated(u) and own_scope(s) and not commands_any(u, [x for x in B.live(s) if x["op"]]):
            continue  # V 7.1 (L423-427): only in an operation in which units of its command take part
        if not phasing and (u["done"] or u["op"] or B.val(u, "type") == "hq"):
            continue
        out.append((u["id"], B.val(u, "art"), [h for h in _hexes(s) if distance(u["hex"], h) <= art_range(u, s)]))
    if phasing and side == "US":
        if op["ap"] and not op.get("air_used"):
            out.append(("ap", op["ap"], _hexes(s)))
        ship = COUNTERS["ships"]["cruiser"]
        if op["ship"] and not op.get("ship_used"):
            out.append(("ship", ship["points"] * op["ship"], [h for h in _hexes(s) if sea_range(s, h, ship["range"])]))
    return out


def source_name(s, src):
    """A support source as printed: a unit's name, or the Air Points / the cruiser (V 7.3, 7.4)."""
    u = s["units"].get(src)
    return u["name"] if u else {"ap": "Air Points", "ship": "the cruiser"}.get(src, src)


def eff_points(s, side, raw, h):
    """V 7.6: US points count half in h unless it is in a free-fire zone or outside South Vietnam."""
    return raw if full_support(s, side, h) else raw / 2


@B.flow.step("interdict")
class Interdict(Step):
    def prompt(self, g, f):
        return "Interdiction (V 7.5): place support on a hex to slow units leaving it, or finish"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        acts = []
        for src, pts, hexes in sources(s, f["who"]):
            for h in hexes:
                acts.append({"t": "interdict", "src": src, "hex": h,
                             **({"label": f"Interdict {h} with {source_name(s, src)} ({pts})"} if lab else {})})
        return acts + [{"t": "done", **({"label": "No (more) interdiction"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.end()
            return
        op = s["op"]
        pts = next(p for src, p, _ in sources(s, f["who"]) if src == a["src"])
        if a["src"] == "ap":
            op["air_used"] = True
        elif a["src"] == "ship":
            op["ship_used"] = True
        else:
            op["used"].append(a["src"])
            if f["who"] != op["side"]:
                op["defended"].append(a["src"])  # V 7.1: Ops Complete after the enemy operation
        op.setdefault("interdict", {})
        op["interdict"][a["hex"]] = op["interdict"].get(a["hex"], 0) + eff_points(s, f["who"], pts, a["hex"])
        other = {"ap": "Air Points", "ship": "the cruiser"}
        name = s["units"][a["src"]]["name"] if a["src"] in s["units"] else other[a["src"]]
        g.log(f"{name} interdict {a['hex']}: {op['interdict'][a['hex']]:g} effective points, "
              f"+{exit_extra(s, a['hex'])} MP to leave it", "V 7.5")


def place(g, side):
    if sources(g.s, side):
        g.call("interdict", who=side)
