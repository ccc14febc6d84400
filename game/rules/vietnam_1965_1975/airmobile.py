"""Natural airmobility (V 8, V 8.1, V 8.2): the infantry and HQs of the US 1st Cavalry Division
(and the 101st) are permanently airmobile. Each move (a round's movement, reaction, reserve,
retreat or pursuit move) such a unit chooses, before its first step, to fly or to go on the ground
(infantry at foot costs, HQs at mech costs: the kind's move class); it spends no Airmobile Point.
Its HQs pursue by air only (V 8.2). An Airmobile-loss result may strike an operation they are
assigned to even with no AMP allocated, costing the US 1 VP when no AMP is left (V 5.4).

Units airmobilized with Airmobile Points (V 8.2) keep the flag `air` for the operation
(movement.may_airmobilize); a naturally airmobile unit's choice to fly lives in the move frame
(`fly`), and what it chose in a round of the operation binds its other moves of that round
(op["air_round"], option air_choice: a round's movement or reaction and its pursuit are one round). Landing costs, hot LZs and the air step cost are
movement.py's (V 8.1), shared by both."""

from . import board as B
from .data import KINDS

# the moves in which a naturally airmobile unit may choose to fly: not strategic movement (V 3.3,
# reference T-STRAT-1), not an alert (US units have none); retreats under option natural_air_retreat
MODES = ("op", "react", "reserve", "pursuit")


def natural(u):
    """V 8: a permanently airmobile unit (1st Cavalry / 101st infantry and HQs)."""
    return bool(KINDS[u["kind"]].get("airmobile"))


def flying(u, f):
    """This unit moves by air in this move: airmobilized with AMP for the operation, or a naturally
    airmobile unit that chose to fly at the start of its move."""
    return bool(u.get("air")) or u["id"] in f.get("fly", ())


def chosen(s, u):
    """How a naturally airmobile unit has moved earlier in this round of the operation ("air",
    "ground"), or None: under option air_choice "round" it may not combine the two (V 8.1)."""
    op = s.get("op")
    if not op or B.opt(s, "air_choice", "round") != "round":
        return None
    rec = op.get("air_round", {}).get(u["id"])
    return rec[1] if rec and rec[0] == op["round"] else None


def record(s, u, f):
    """A naturally airmobile unit takes a step: note how it moves this round (option air_choice)."""
    op = s.get("op")
    if op and natural(u):
        op.setdefault("air_round", {})[u["id"]] = [op["round"], "air" if flying(u, f) else "ground"]


def may_fly(s, u, f):
    """V 8.1: a naturally airmobile unit may take to the air before its first step of a move, unless
    it moved on the ground earlier in the round (air and ground movement are not combined by a
    unit in one round)."""
    modes = MODES + (("retreat",) if B.opt(s, "natural_air_retreat", True) else ())
    return (natural(u) and f["mode"] in modes and not flying(u, f)
            and u["id"] not in f.get("stepped", []) and chosen(s, u) != "ground")


def must_fly(s, u, f):
    """V 8.2: the 1st Cavalry's HQs (units with no printed pursuit modifier) pursue by air only;
    V 8.1: a unit that flew earlier in the round moves by air again in it."""
    return natural(u) and ((f["mode"] == "pursuit" and B.val(u, "pursuit") is None) or chosen(s, u) == "air")


def may_pursue(u):
    """V 8.2: a unit without a pursuit modifier pursues only if airmobile (modifier 0, by air)."""
    return B.val(u, "pursuit") is not None or bool(u.get("air")) or natural(u)


def fly(g, f, u):
    f.setdefault("fly", []).append(u["id"])
    g.log(f"{u['name']} takes to the air (permanently airmobile: no Airmobile Point)", "V 8.1",
          refs=B.refs(B.ref_u(g.s, u)))


def landed(s, u):
    """Record for option natural_air_loss "flown" that a naturally airmobile unit flew in the
    operation running."""
    op = s.get("op")
    if op and natural(u):
        op["flown"] = True


def loss_exposed(s):
    """V 5.4 (R37): naturally airmobile units make the operation liable to an Airmobile loss:
    any of them assigned to it (operating, in reserve, or a target unit), or, under option
    natural_air_loss "flown", only if one of them moved by air in it."""
    op = s.get("op") or {}
    if B.opt(s, "natural_air_loss", "assigned") == "flown":
        return bool(op.get("flown"))
    return any(natural(u) and (u["op"] or u["tgt"] or u.get("rsv")) for u in B.live(s) if u["side"] == "US")
