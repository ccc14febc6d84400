"""The programmed Communist side: reinforcement and random placement (MF 11), activation
(MF 10), advance and withdrawal movement (MF 15.6-15.10), Communist recon (MF 16.1) and
the Big Offensive (MF 28)."""

from ...engine.flow import Procedure, Step
from ...engine.report import NOTHING
from . import board as B
from .board import flow
from .data import MAP, SPACES, TABLES

ADVANCE_ORDER = MAP["groups"]["advance_order"]
WITHDRAW_ORDER = MAP["groups"]["withdraw_order"]


def reinforcement_numbers(ip):
    r = TABLES["reinforcement"][B.band(max(ip, 1))]
    return r["static"], r["mobile"]


def random_place(g, uid, rule="MF 11.1"):
    """Roll 2d6 on the area column; a static unit is blocked by an SF camp there (MF 11.3)."""
    s = g.s
    u = s["units"][uid]
    kind = "mobile" if B.is_mobile(u) else "static"
    total = sum(g.roll(2, f"Random placement of a {kind} unit", rule))
    area = TABLES["placement"][str(total)]
    if not B.is_mobile(u) and B.has_camp(s, area):
        B.put(s, uid, B.COM_STATIC)
        g.log(f"{SPACES[area]['name']} holds an SF camp: the static unit returns to its box", "MF 11.3")
        return
    B.put(s, uid, area)
    B.flip(s, u, "rev", False)
    g.log(f"A {kind} unit is placed face down in {SPACES[area]['name']}", rule, kind="place",
          place=area, refs=[["p", area, SPACES[area]["name"]]])


def place_from_pool(g, pool, n, why, rule="MF 11.0"):
    for uid in B.pool_draw(g, pool, n, why, "MF 11.2"):
        random_place(g, uid)


@flow.step("com_reinforce")
class Reinforce(Step):
    def run(self, g, f):
        g.pop()
        st, mo = reinforcement_numbers(g.s["ip"])
        g.log(f"Reinforcements at {B.band_name(g.s['ip'])}: {st} static, {mo} mobile", "MF 11.0")
        place_from_pool(g, B.COM_STATIC, st, "Static reinforcements")
        place_from_pool(g, B.COM_MOBILE, mo, "Mobile reinforcements")


@flow.step("com_activation")
class Activation(Procedure):
    """MF 10.1: a roll on the band's row of the Activation Table, its results taken in turn (MF
    10.2, 4.0 II.3); "roll twice" adds rolls, at most max_rolls in all. Frame: left (the rolls
    still to make), done (the rolls made)."""

    parts = ("roll",)

    def roll(self, g, f):
        s = g.s
        f.setdefault("left", 1)
        f.setdefault("done", 0)
        if f["left"] <= 0:
            return
        f["left"] -= 1
        f["done"] += 1
        b = B.band(max(s["ip"], 1))
        d = g.roll(1, f"Communist activation ({B.band_name(s['ip'])})", "MF 10.1")[0]
        moves = s["turn_flags"].setdefault("moves", [])
        for res in TABLES["activation"][b][str(d)]:
            kind = res[0]
            if kind == "stand":
                g.log("Activation: Stand, nothing happens", "MF 10.2")
            elif kind in ("advance", "withdraw"):
                g.log(f"Activation: {kind.capitalize()} {res[1]}", "MF 10.2")
                moves.append(res)
            elif kind == "reinforce":
                g.log("Activation: Reinforcement", "MF 4.0 II.3")
                place_from_pool(g, B.COM_MOBILE, reinforcement_numbers(s["ip"])[1], "Activation reinforcements")
            elif kind == "event":
                g.log("Activation: Event", "MF 4.0 II.3")
                g.call("events", side="COM", source="activation")  # drawn once this roll's results are taken
            elif kind == "roll_twice":
                extra = min(2, TABLES["activation"]["max_rolls"] - f["done"] - f["left"])
                g.log(f"Activation: General Offensive, {extra} more roll(s)", "MF 10.1")
                f["left"] += max(0, extra)
        self.again(f)


@flow.step("com_move")
class Move(Step):
    def run(self, g, f):
        g.pop()
        moves = g.s["turn_flags"].pop("moves", [])
        if not moves:
            g.log("No Communist movement this turn", "MF 15.0", kind=NOTHING)
        for kind, n in moves:
            if kind == "advance":
                advance(g, n)
            else:
                withdraw(g, n)
        B.check_sudden_death(g)


def _ordered_spaces(ascending):
    """R-MV1: route groups north->south for an advance, south->north for a withdrawal;
    within a group, ascending space numbers (northern branch first on ties) or descending
    (the map's, worked out once: _ORDERED)."""
    return _ORDERED[ascending]


def _order_spaces(ascending):
    order = ADVANCE_ORDER if ascending else WITHDRAW_ORDER
    out = []
    for grp in order:
        sps = [sp for sp, r in SPACES.items() if r["group"] == grp]
        if ascending:
            sps.sort(key=lambda sp: (SPACES[sp]["number"], _branch(sp) == "S", sp))
        else:
            sps.sort(key=lambda sp: (-SPACES[sp]["number"], _branch(sp) != "S", sp))
        out += sps
    return out


def _branch(sp):
    p = SPACES[sp]["parent"]
    if not p:
        return None
    ch = SPACES[p]["children"]
    for k, v in ch.items():
        if v == sp:
            return k
    return None


_ORDERED = {asc: tuple(_order_spaces(asc)) for asc in (True, False)}


def _mobiles(s, sp):
    return sorted(uid for uid in B.units_seen(s, sp)
                  if B.is_com(s["units"][uid]) and B.is_mobile(s["units"][uid])
                  and not B.is_garrison(s["units"][uid]))


def _movers(s, ascending, scope):
    """(space, unit) in processing order, listed before anything moves: a unit that moves into a
    space processed later is not moved twice (R-MV1, one move per unit per result)."""
    with B.reading(s):
        return [(sp, uid) for sp in _ordered_spaces(ascending)
                if (not scope or sp in scope) and B.holds(s, sp, B.ANY_COM)  # _mobiles may find one
                for uid in _mobiles(s, sp)]


def advance(g, n, scope=None, rule="MF 15.6"):
    """Move every Communist mobile unit n spaces toward Da Nang; stop on contact (MF 15.0) or at
    Da Nang (MF 10.2); routes converge (MF 15.8); leaving a space with FW units is free (MF 15.10)."""
    s = g.s
    moved = []
    for sp, uid in _movers(s, True, scope):
        at = sp
        path = [sp]
        for _ in range(n):
            if at == "DN":
                break
            at = SPACES[at]["parent"]
            path.append(at)
            if at == "DN" or B.any_fw(s, at):
                break
        if at != sp:
            B.put(s, uid, at)
            moved.append((uid, path))
    log_moves(g, f"Communist advance {n}", "toward Da Nang", moved, rule)


def _mover_name(s, uid):
    """What the Free World player may know of a moving unit: its type once revealed (MF 16.0)."""
    u = s["units"][uid]
    return B.K(u)["name"] if u.get("rev") else "concealed unit"


def log_moves(g, title, way, moved, rule):
    """One log line per route taken (from -> to), naming the units as the Free World player sees
    them; `move`, `path` and `refs` carry the places for the report card and the map arrows.
    `moved`: [(unit, [space from, ..., space to])]."""
    s = g.s
    if not moved:
        g.log(f"{title}: no unit moves {way}", rule, kind=NOTHING)
        return
    legs = {}
    for uid, path in moved:
        legs.setdefault(tuple(path), []).append(uid)
    g.log(f"{title}: {len(moved)} unit(s) moved {way}", rule, summary=True)
    for path, uids in legs.items():
        frm, to = path[0], path[-1]
        names = {}
        for uid in uids:
            nm = _mover_name(s, uid)
            names[nm] = names.get(nm, 0) + 1
        who = ", ".join(nm if k == 1 else f"{k} {nm}s" for nm, k in names.items())
        via = f" (via {', '.join(SPACES[x]['name'] for x in path[1:-1])})" if len(path) > 2 else ""
        g.log(f"{who[0].upper() + who[1:]} moved {SPACES[frm]['name']} -> {SPACES[to]['name']}{via}", rule,
              kind="move", move=[frm, to], path=list(path) if len(path) > 2 else None,
              refs=[["p", x, SPACES[x]["name"]] for x in path], units=len(uids))


def withdraw_step(g, at, why):
    """One space away from Da Nang; a fork rolls 1-3 north, 4-6 south (MF 15.9). None at a route end."""
    ch = SPACES[at]["children"]
    if not ch:
        return None
    if "next" in ch:
        return ch["next"]
    d = g.roll(1, f"{why}: branch at {SPACES[at]['name']} (1-3 north, 4-6 south)", "MF 15.9")[0]
    return ch["N"] if d <= 3 else ch["S"]


def withdraw(g, n, scope=None, rule="MF 15.7"):
    s = g.s
    moved = []
    for sp, uid in _movers(s, False, scope):
        at = sp
        path = [sp]
        for _ in range(n):
            nxt = withdraw_step(g, at, "Withdrawal")
            if nxt is None:
                break  # MF 10.2: the highest numbered space
            at = nxt
            path.append(at)
            if B.any_fw(s, at):
                break
        if at != sp:
            B.put(s, uid, at)
            moved.append((uid, path))
    log_moves(g, f"Communist withdrawal {n}", "away from Da Nang", moved, rule)


def recon_trigger(s, sp):
    """R-RC1: an SF camp, a CIDG, or a major base held by its FW garrison."""
    mode = s["options"]["com_recon_trigger"]
    kinds = {s["units"][u]["k"] for u in B.units_seen(s, sp)}
    camp = "camp" in kinds and mode in ("camp_cidg_base", "camp_base")
    cidg = "cidg" in kinds and mode in ("camp_cidg_base", "cidg_base")
    gar = B.garrison_at(s, sp)
    base = B.is_major(sp) and gar is not None and not gar.get("com")
    return camp or cidg or base


@flow.step("com_recon")
class Recon(Step):
    def run(self, g, f):
        g.pop()
        s = g.s
        with B.reading(s):
            found = [uid for sp in SPACES if B.holds(s, sp, B.CONCEALED) and recon_trigger(s, sp)
                     for uid in B.com_units(s, sp, revealed=False) if B.is_mobile(s["units"][uid])]
        for uid in found:
            B.reveal(g, uid, "MF 16.1")
        n = len(found)
        if not n:
            g.log("Communist recon: nothing revealed", "MF 16.1", kind=NOTHING)  # (no pause for it)


# --- Big Offensive (MF 28) ---------------------------------------------------------------

@flow.step("big_offensive")
class BigOffensive(Procedure):
    """MF 28.2, in the Events Phase that drew the third marker: 1) twice the Reinforcement Table's
    mobile number placed at random (MF 11.0), 2) every Communist mobile unit on the map revealed,
    3) all of them move one space toward Da Nang, 4) a Communist Combat Phase; the turn is marked
    for the burn-out roll at its end (MF 28.3)."""

    parts = ("reinforce", "reveal", "advance", "combat", "burn_out")

    def reinforce(self, g, f):
        n = 2 * reinforcement_numbers(g.s["ip"])[1]
        g.log(f"BIG OFFENSIVE: {n} mobile units enter", "MF 28.2", kind="phase")
        place_from_pool(g, B.COM_MOBILE, n, "Big Offensive reinforcements", "MF 28.2")

    def reveal(self, g, f):
        for uid, u in sorted(g.s["units"].items()):
            if B.is_com(u) and B.is_mobile(u) and B.on_map(u["loc"]) and not u.get("rev"):
                B.reveal(g, uid, "MF 28.2")

    def advance(self, g, f):
        advance(g, 1, rule="MF 28.2")
        B.check_sudden_death(g)

    def combat(self, g, f):
        g.call("combat", side="COM", offensive=True)

    def burn_out(self, g, f):
        g.s["bo_this_turn"] = True
