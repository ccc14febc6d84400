"""Security operations (V 6.3, reference 2.5.1): a US stack that starts on a road moves along road
hexes at no cost, paying MP only to leave enemy ZOCs (and interdiction). Entering an enemy-occupied
road hex is an attack at once, in that hex only, with no alert; the defenders may retreat but not
into the entry hex or the two road hexes before it; pursuit is 0. After each combat the US may
withdraw units to the entry hex; the rest must attack again while defenders remain, up to three
combat rounds in the operation; after the third, the stack stays in a cleared hex or backs up to the
entry hex. No reaction during the operation; enemy units adjacent to the operating units may react
at its end. Not implemented: Air Points and FFZ (R41), the forming-up of road stacks."""

from ...engine.flow import Procedure, Step
from . import arvn
from . import assignments as AS
from . import board as B
from . import movement
from .assignments import eligible
from .interdiction import exit_extra
from .reaction import open_window
from .regions import put


def road_units(s):
    m = B.mapof(s)
    on_road = {h for a in m.road_steps for h in a.split("|")}
    return [u for u in eligible(s, "US") if u["hex"] in on_road and B.mpa(s, u) > 0]


@B.flow.step("security")
class Security(Procedure):
    parts = ("pick", "move", "wrap")

    def pick(self, g, f):
        g.s["op"] = B.new_op("US", "security")
        g.call("sec_pick", who="US", hex=None)

    def move(self, g, f):
        s = g.s
        ids = [u["id"] for u in B.live(s) if u["op"]]
        if ids:
            mp = min(B.mpa(s, s["units"][x]) for x in ids)
            g.call("sec_move", who="US", mp=mp, path=[s["units"][ids[0]]["hex"]], rounds=0)

    def wrap(self, g, f):
        s = g.s
        ops = [u for u in B.live(s) if u["op"]]
        B.close_op(s)
        g.log("End of the security operation (V 6.3)", "V 6.3")
        hexes = sorted({u["hex"] for u in ops})
        s["op"]["targets"] = []
        if hexes:
            open_window(g, hexes, "op", "NLF")
        else:
            s["op"] = None

    def finish(self, g, f):
        g.s["op"] = None
        g.end()


@B.flow.step("sec_pick")
class SecPick(Step):
    def prompt(self, g, f):
        return "Security operation (V 6.3): choose the road hex of the stack, then its units"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        if f["hex"] is None:
            return [{"t": "hex", "hex": h, **({"label": f"Stack in {h}"} if lab else {})}
                    for h in sorted({u["hex"] for u in road_units(s)})]
        acts = [{"t": "unit", "u": u["id"], **({"label": f"With {u['name']}"} if lab else {})}
                for u in road_units(s) if u["hex"] == f["hex"] and not u["op"] and arvn.may_join_security(s, u)]
        if any(u["op"] for u in B.live(s)):
            acts.append({"t": "go", **({"label": "Start"} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "hex":
            f["hex"] = a["hex"]
        elif a["t"] == "unit":
            s["units"][a["u"]]["op"] = True
            g.log(f"{s['units'][a['u']]['name']} joins the security operation in {f['hex']}", "V 6.3",
                  refs=B.refs(B.ref_u(g.s, s['units'][a['u']]), B.ref_h(f['hex'])))
        else:
            g.end()


def _here(s):
    return [u for u in B.live(s) if u["op"]]


def _at(s, f):
    """Where the security stack stands: its units' hex (the entry hex after backing up, V 6.3), or
    the last hex of its path once none is left."""
    here = _here(s)
    return here[0]["hex"] if here else f["path"][-1]


@B.flow.step("sec_move")
class SecMove(Step):
    """V 6.3: the stack moves along the road (its path: it never re-enters a hex it left, V 3); the
    operation's combat rounds are counted in its record (op["fights"]); after the third it halts."""

    def prompt(self, g, f):
        return f"Security operation (V 6.3): in {_at(g.s, f)}, {f['mp']:g} MP for ZOC exits; move along the road"

    def _cost(self, s, h):
        if "NLF" in B.sides_at(s, h):
            return 2 + exit_extra(s, h)
        return B.zoc_exit_cost(s, h, "US") + exit_extra(s, h)

    def choices(self, g, f):
        s, lab = g.s, g.labels
        m = B.mapof(s)
        h = _at(s, f)
        acts = []
        if _here(s):
            c = self._cost(s, h)
            if c <= f["mp"] and not s["op"].get("halt"):
                for n in B.neighbours(h):
                    if m.road(h, n) and m.playable(n) and n not in f["path"]:  # V 3: never back into a hex left
                        acts.append({"t": "step", "to": n, **({"label": f"Along the road to {n}"} if lab else {})})
            if len(_here(s)) > 1:
                acts += [{"t": "drop", "u": u["id"], **({"label": f"Drop {u['name']} here"} if lab else {})}
                         for u in _here(s)]
        if "NLF" not in B.sides_at(s, h) or not _here(s):
            acts.append({"t": "halt", **({"label": "End the operation here"} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "halt":
            g.end()
            return
        if a["t"] == "drop":
            u = s["units"][a["u"]]
            u["op"], u["done"] = False, True
            g.log(f"{u['name']} stays in {u['hex']} (Ops Complete)", "V 6.3",
                  refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))
            return
        h, n = _at(s, f), a["to"]
        f["mp"] -= self._cost(s, h)
        movers = _here(s)
        f["path"].append(n)
        g.log(f"The security stack moves {h} to {n}", "V 6.3", kind="move", move=[h, n],
              refs=B.refs(B.ref_h(h), B.ref_h(n)))
        for u in movers:
            put(g, u, n)
        if "NLF" in B.sides_at(s, n):
            for u in B.units_at(s, n, "NLF"):
                u["tgt"] = True
            s["op"]["targets"] = [n]
            g.call("sec_fight", hex=n, entry=h, forbid=f["path"][-4:-1])


@B.flow.step("sec_fight")
class SecFight(Procedure):
    """V 6.3: the attack on entering the enemy road hex `hex` from `entry`, repeated while defenders
    remain, three combat rounds in the operation at most (op["fights"])."""
    parts = ("fight", "retreat", "after", "again")

    def fight(self, g, f):
        s = g.s
        op = s["op"]
        op["fights"] = op.get("fights", 0) + 1
        op["round"] = op["fights"]
        op["used"] = []
        atk = [u["id"] for u in _here(s) if B.strength(u) > 0] or [u["id"] for u in _here(s)]
        if atk:
            g.call("battle", hex=f["hex"], side="US", atk=atk, incidental=True)

    def retreat(self, g, f):
        s = g.s
        mp = {u["id"]: B.mpa(s, u) for u in B.units_at(s, f["hex"], "NLF")}
        movement.start(g, "NLF", "retreat", mp, forbid=f["forbid"])

    def after(self, g, f):
        s = g.s
        if "NLF" in B.sides_at(s, f["hex"]) and _here(s):
            g.call("sec_withdraw", who="US", entry=f["entry"])

    def again(self, g, f):
        s = g.s
        h = f["hex"]
        if "NLF" not in B.sides_at(s, h) or not _here(s):
            for u in B.units_at(s, h, "NLF"):
                u["tgt"] = False
            s["op"]["targets"] = []
            return
        if s["op"]["fights"] >= 3:
            for u in _here(s):
                put(g, u, f["entry"])
            g.log(f"After three rounds the security stack backs up to {f['entry']} (V 6.3)", "V 6.3")
            for u in B.units_at(s, h, "NLF"):
                u["tgt"] = False
            s["op"]["targets"] = []
            s["op"]["halt"] = True  # it halts there
            return
        self.goto_part(f, "fight")


@B.flow.step("sec_withdraw")
class SecWithdraw(Step):
    def prompt(self, g, f):
        return f"Security operation (V 6.3): withdraw units to {f['entry']}, or attack again"

    def choices(self, g, f):
        lab = g.labels
        return [{"t": "withdraw", "u": u["id"], **({"label": f"Withdraw {u['name']}"} if lab else {})}
                for u in _here(g.s)] + [{"t": "attack", **({"label": "Attack again"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "attack":
            g.end()
            return
        u = s["units"][a["u"]]
        u["hex"], u["op"], u["done"] = f["entry"], False, True
        g.log(f"{u['name']} withdraws to {f['entry']}", "V 6.3", kind="move",
              refs=B.refs(B.ref_u(g.s, u), B.ref_h(f['entry'])))
        if not _here(s):
            g.end()


AS.register(AS.Kind("security", step="security", order=5, what="a security operation", rule="V 6.3",
                    labels={"US": "Security operation (V 6.3)"}, may=lambda s, side: bool(road_units(s)),
                    phase="Security operation (V 6.3)", phase_may=lambda s: bool(road_units(s))))
