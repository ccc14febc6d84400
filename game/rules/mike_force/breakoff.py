"""Tactical break-off (MF 29, optional): the Withdrawal Step at the start of a battle's second and
later rounds, the Free World's withdrawals first, then every Communist mobile unit's check."""

from ...engine.flow import Procedure
from . import board as B
from .board import flow
from .combat import com_participants, fw_participants, sides
from .communist import withdraw_step
from .data import SPACES, TABLES
from .movement import deliver_targets, sortie_point


@flow.step("break_off")
class BreakOff(Procedure):
    """MF 29.1, one round's Withdrawal Step in the battle at f["sp"]. Free World Mobile Withdrawal:
    the player picks units one at a time, each rolls against its recon; a withdrawing transport
    first designates the units it carries, which then do not check on their own. Communist Mobile
    Withdrawal: every mobile unit checks, if the battle goes on. Frame: sp, tried (the units that
    checked), wd_space (R-BO3), carry (a transport's load being designated)."""

    parts = ("offer", "answer", "communists")

    def offer(self, g, f):
        ch = _fw_withdraw_choices(g.s, f)
        if ch:
            ch.append({"t": "done", "label": "No (more) withdrawals"})
            g.ask("Tactical break-off: choose units to try to withdraw", "MF 29.1", ch, into="withdraw")

    def answer(self, g, f):
        """The player's answers, one after another until "done": a unit to withdraw (a transport
        designates its load first), or a unit carried by the transport."""
        if "carried" in f:
            asked = self._load(g, f, f.pop("carried"))
        else:
            a = f.pop("withdraw", None)
            if a is None or a["t"] == "done":
                return
            if B.K(g.s["units"][a["unit"]]).get("cap"):
                f["carry"] = {"unit": a["unit"], "to": a["to"], "carry": []}
                asked = self._ask_load(g, f)
            else:
                asked = _try_withdraw(g, f, a["unit"], a["to"], [])
        if asked:
            self.again(f)

    def _ask_load(self, g, f):
        s = g.s
        p = f["carry"]
        ch = _carry_choices(s, f, p)
        if not ch:
            return self._load(g, f, {"t": "done"})
        ch.append({"t": "done", "label": f"Roll for {B.name_of(s, p['unit'])} now"})
        return g.ask(f"{B.name_of(s, p['unit'])} withdraws to {SPACES[p['to']]['name']}: designate the units it "
                     "carries before rolling", "MF 29.1", ch, into="carried")

    def _load(self, g, f, a):
        p = f["carry"]
        if a["t"] == "unit":
            p["carry"].append(a["unit"])
            return self._ask_load(g, f)
        f.pop("carry")
        return _try_withdraw(g, f, p["unit"], p["to"], p["carry"])

    def communists(self, g, f):
        if all(sides(g.s, f["sp"])):  # the battle goes on (MF 20.1 step 5)
            com_withdraw(g, f["sp"])


def _fw_withdraw_choices(s, f):
    sp = f["sp"]
    out = []
    for uid in fw_participants(s, sp):
        u = s["units"][uid]
        if not B.is_mobile(u) or uid in f["tried"]:
            continue
        if B.is_heli(u):
            dests = heli_withdrawal(s, u, sp)
        else:  # "any single connected space" free of Communist units, in a region it may enter
            dests = [d for d in sorted(B.neighbours(sp)) if not B.com_units(s, d) and B.may_enter(s, u, d)]
            if f.get("wd_space") and s["options"]["breakoff_space"] == "single":
                dests = [d for d in dests if d == f["wd_space"]]  # R-BO3: all to one space
        for d in dests:
            out.append({"t": "withdraw", "unit": uid, "to": d,
                        "label": f"{B.name_of(s, uid)} tries to withdraw to {SPACES[d]['name']}"})
    return out


def heli_withdrawal(s, u, sp):
    """MF 29.1: a helicopter withdraws by an airmobile move (MF 23.3): from a major base or a camp
    space anywhere, otherwise to a major base or a camp space; never to Nha Trang (MF 22.1) and,
    like every withdrawal, not into a space with Communist units."""
    anywhere = sortie_point(s, sp)
    return [d for d in SPACES if d != sp and not B.com_units(s, d) and B.may_enter(s, u, d)
            and (anywhere or sortie_point(s, d))]


def _carry_choices(s, f, p):
    """Units a withdrawing transport may carry (MF 29.1, 23.7, 23.8): mobile ground units of the
    battle that have not checked, within its capacity, allowed where it goes."""
    h = s["units"][p["unit"]]
    cap = B.K(h).get("cap") or 0
    used = sum(B.K(s["units"][x]).get("ap") or 0 for x in p["carry"])
    out = []
    for uid in fw_participants(s, f["sp"]):
        u = s["units"][uid]
        if uid == p["unit"] or uid in p["carry"] or uid in f["tried"] or B.is_heli(u):
            continue
        if not B.is_mobile(u) and not (u["k"] == "hw" and s["options"]["hw_airlift"]):
            continue
        ap = B.K(u).get("ap")
        if ap is None or used + ap > cap or not B.may_enter(s, u, p["to"]):
            continue
        out.append({"t": "unit", "unit": uid, "label": f"Carry {B.name_of(s, uid)}"})
    return out


def _try_withdraw(g, f, uid, to, carry):
    """MF 29.1: one die against the unit's recon; carried units go with their transport and do
    not check on their own. True when the player is asked for the next unit."""
    s = g.s
    f["tried"].extend([uid] + carry)
    u = s["units"][uid]
    r = B.recon_of(s, u)
    d = g.roll(1, f"Break-off by {B.name_of(s, uid)} (recon {r})", "MF 29.1", refs=B.refs(B.ref_u(g.s, uid)))[0]
    if d <= r:
        if not B.is_heli(u):
            f["wd_space"] = to  # R-BO3: the withdrawn ground units' single space this round
        for x in [uid] + carry:
            B.move_unit(s, x, to)
        names = ", ".join(B.name_of(s, x) for x in carry)
        g.log(f"{B.name_of(s, uid)} withdraws to {SPACES[to]['name']}" + (f" carrying {names}" if names else ""),
              "MF 29.1", refs=B.refs(B.ref_u(g.s, uid), B.ref_p(to)))
        deliver_targets(g)  # R-ST2: a carrier reaching a FW major base delivers at once
    else:
        g.log("The withdrawal fails", "MF 29.1")
    ch = _fw_withdraw_choices(s, f)
    if ch and fw_participants(s, f["sp"]):
        ch.append({"t": "done", "label": "No more withdrawals"})
        return g.ask("Tactical break-off: choose units to try to withdraw", "MF 29.1", ch, into="withdraw")
    return False


def com_withdraw(g, sp):
    """MF 29.1 Communist Mobile Withdrawal: each mobile unit in the battle at sp rolls against the
    Break-off Table's range for the infiltration level; one that withdraws takes one withdrawal
    step (MF 15.9), unless that space holds Free World units."""
    s = g.s
    rng = TABLES["breakoff"][B.band(max(s["ip"], 1))]
    for uid in com_participants(s, sp):
        u = s["units"][uid]
        if not B.is_mobile(u) or B.is_garrison(u):
            continue
        d = g.roll(1, f"Communist break-off check for {B.KINDS[u['k']]['name']} (1-{rng} withdraws)", "MF 29.1")[0]
        if d > rng:
            continue
        nxt = withdraw_step(g, sp, "Break-off")
        if nxt is None or B.any_fw(s, nxt):
            g.log("It cannot withdraw and fights on", "MF 29.1")
            continue
        B.put(s, uid, nxt)
        g.log(f"{B.KINDS[u['k']]['name']} withdraws to {SPACES[nxt]['name']}", "MF 29.1", refs=B.refs(B.ref_p(nxt)))
