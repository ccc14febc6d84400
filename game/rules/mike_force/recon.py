"""Free World Recon Phase: PSYWAR (MF 25.9), Combat Talon sensors (MF 25.8), recon rolls (MF 16.2);
and the Reaction Phase (MF 17)."""

from ...engine.flow import Bare, Step
from ...engine.listing import Listing
from . import board as B
from .board import flow
from .data import SPACES, TABLES
from .events import loc_name
from .movement import _done, _seen, air_act, air_choices, air_listing


def concealed_backs(s, sp):
    backs = []
    for uid in B.concealed_order(s, sp):
        b = B.back_of(s["units"][uid])
        if b not in backs:
            backs.append(b)
    return backs


def recon_targets(s, uid, where):
    """What a recon by uid may select (MF 16.2, R-REV1): by default one face-down token, by its
    stack position; under the 'draw' alternative a back, the token then drawn at random."""
    r = B.recon_of(s, s["units"][uid])
    who = f"Recon with {B.name_of(s, uid)} (recon {r}) at {loc_name(where)}"
    if s["options"]["recon_select"] == "draw":
        return [{"t": "recon", "unit": uid, "back": b, "label": f"{who}: a {b} unit"}
                for b in concealed_backs(s, where)]
    return [{"t": "recon", "unit": uid, "token": n,
             "label": f"{who}: face-down {B.back_of(s['units'][c])} token {n}"}
            for n, c in enumerate(B.concealed_order(s, where), 1)]


def recon_pick(g, a, where):
    """The unit the recon selected: the token at that stack position, or a draw among the backs."""
    s = g.s
    order = B.concealed_order(s, where)
    if "token" in a:
        return order[a["token"] - 1]
    return g.pick([c for c in order if B.back_of(s["units"][c]) == a["back"]])


@flow.step("fw_recon")
class FwRecon(Step):
    def prompt(self, g, f):
        return "Recon Phase: roll recon with units sharing a space with concealed Communist units (MF 16.2)"

    def choices(self, g, f):
        s = g.s
        out = []
        flags = s["turn_flags"]
        U = s["units"]
        labels = g.labels
        tower = any(U[x]["k"] == "psywar" for x in B.units_seen(s, "DN"))
        # MF 25.9 "at the start of any Free World Recon Phase": before any other action of the phase
        if tower and not flags.get("psywar") and not flags.get("recon_begun") and s["rp"] >= 1:
            for sp in SPACES:
                out.append({"t": "psywar", "to": sp, "label": f"PSYWAR operation at {SPACES[sp]['name']} (1 RP)"}
                           if labels else {"t": "psywar", "to": sp})
        talon = sorted(uid for uid in B.units_seen(s, B.SUP_AVAIL) if U[uid]["k"] == "talon")
        if talon:
            for sp in SPACES:
                if B.holds(s, sp, B.CONCEALED):  # com_units(s, sp, revealed=False) finds one
                    out.append({"t": "talon", "unit": talon[0], "to": sp,
                                "label": f"Combat Talon sensors over {SPACES[sp]['name']}"}
                               if labels else {"t": "talon", "unit": talon[0], "to": sp})
        used = _seen(s, "recon")  # read-only: listing actions must not change the state
        hidden = {}  # {space: how many tokens lie face down there (a recon can select one)}
        draw = s["options"]["recon_select"] == "draw"
        for uid in B.fw_in_play(s):
            u = U[uid]
            loc = u["loc"]
            if uid in used or not B.on_map(loc) or B.is_leader(u) or B.is_air(u):
                continue
            if loc not in hidden:  # (counted only where what the space holds says a token lies)
                hidden[loc] = len(B.com_units(s, loc, revealed=False)) if B.holds(s, loc, B.CONCEALED) else 0
            if not hidden[loc]:
                continue
            if B.recon_of(s, u) < 1:
                continue
            if labels:
                out += recon_targets(s, uid, loc)
            elif draw:  # the simulator: recon_targets without their labels
                out += [{"t": "recon", "unit": uid, "back": b} for b in concealed_backs(s, loc)]
            else:
                out += [{"t": "recon", "unit": uid, "token": n} for n in range(1, hidden[loc] + 1)]
        if not labels:
            out.append({"t": "done"})
            return Bare(out)
        out.append({"t": "done", "label": "End the Recon Phase"})  # + recoveries (offer_recovery)
        return out

    def act(self, g, f, a):
        s = g.s
        t = a["t"]
        if t != "psywar":
            s["turn_flags"]["recon_begun"] = True  # the start of the phase is over (MF 25.9)
        if t == "done":
            g.pop()
        elif t == "recon":
            u = s["units"][a["unit"]]
            _done(s, "recon").append(a["unit"])
            r = B.recon_of(s, u)
            d = g.roll(1, f"Recon by {B.name_of(s, a['unit'])} (needs {r} or less)", "MF 16.2",
                       refs=B.refs(B.ref_u(g.s, a['unit'])))[0]
            if d <= r:
                B.reveal(g, recon_pick(g, a, u["loc"]), "MF 16.2")
            else:
                g.log("Recon: no effect", "MF 16.2")
        elif t == "talon":
            B.put(s, a["unit"], B.SUP_POOL)  # used once, then returns (MF 25.8)
            for uid in B.concealed_order(s, a["to"]):  # token by token: the dice say nothing of ids
                d = g.roll(1, "Combat Talon sensors (4-6 reveals)", "MF 25.8")[0]
                if d >= 4:
                    B.reveal(g, uid, "MF 25.8")
        elif t == "psywar":
            psywar(g, a["to"])


def psywar(g, sp):
    """MF 25.9 with the reconstructed PSYWAR Table (RECON, tables.json)."""
    s = g.s
    s["turn_flags"]["psywar"] = True
    B.change_rp(g, -1, "PSYWAR operation", "MF 25.9")
    d = g.roll(1, f"PSYWAR at {SPACES[sp]['name']}", "MF 25.9", refs=B.refs(B.ref_p(sp)))[0]
    res = TABLES["psywar"][str(d)]
    concealed = B.com_units(s, sp, revealed=False)
    if res == "blown":
        for uid in B.com_units(s, sp, revealed=True):
            if not s["units"][uid].get("by"):  # carried targets stay revealed (MF 26.3)
                B.flip(s, s["units"][uid], "rev", False)
        g.log("PSYWAR blown: the space's Communist units are concealed", "MF 25.9")
    elif res == "reveal_one" and concealed:
        B.reveal(g, g.pick(sorted(concealed)), "MF 25.9")
    elif res in ("reveal_all", "black_op"):
        for uid in concealed:
            B.reveal(g, uid, "MF 25.9")
        if res == "black_op":
            B.change_ip(g, -1, "PSYWAR black operation", "MF 25.9")
    elif res == "chieu_hoi":
        inf = sorted(uid for uid in B.com_units(s, sp) if s["units"][uid]["k"] in ("inf_div", "inf_rgt", "inf_bn", "vc_inf"))
        if inf:
            uid = g.pick(inf)
            u = s["units"][uid]
            B.flip(s, u, "rev", False)
            B.put(s, uid, B.COM_MOBILE if B.is_mobile(u) else B.GONE)
            g.log(f"Chieu Hoi: a {B.KINDS[u['k']]['name']} defects", "MF 25.9")
            from .bcp import settle
            settle(g, B.KINDS[u["k"]]["bcp"], "Chieu Hoi")
        else:
            g.log("Chieu Hoi: no infantry there", "MF 25.9")
    else:
        g.log("PSYWAR: no effect", "MF 25.9")


def bombard_targets(s, sp):
    """R-AIR1: revealed Communist ground units, not garrisons (MF 24.3) or special targets."""
    return [uid for uid in B.com_units(s, sp, revealed=True) if not B.is_target(s["units"][uid])]


@flow.step("reaction")
class Reaction(Step):
    def prompt(self, g, f):
        return "Reaction Phase: send airstrikes to revealed Communist units, or fly helicopters from a Free World major base (MF 17)"

    def choices(self, g, f):
        s = g.s
        out = []
        U = s["units"]
        airs = sorted(uid for uid in B.units_seen(s, B.SUP_AVAIL) if B.is_air(U[uid]) and B.K(U[uid])["air"] != "talon")
        spaces = [sp for sp in SPACES if bombard_targets(s, sp)] if airs else []
        seen = set()
        if not g.labels:  # the simulator: the same actions without their labels, a Listing
            out = Listing()
            for uid in airs:
                if s["units"][uid]["k"] not in seen:
                    seen.add(s["units"][uid]["k"])
                    out.add("sortie", len(spaces), lambda i, uid=uid: {"t": "sortie", "unit": uid, "to": spaces[i]})
            air_listing(s, True, out)
            out.one({"t": "done"})
            return out
        for uid in airs:
            if s["units"][uid]["k"] in seen:
                continue  # identical airstrikes: offer one of each kind
            seen.add(s["units"][uid]["k"])
            for sp in spaces:
                out.append({"t": "sortie", "unit": uid, "to": sp,
                            "label": f"Send {B.name_of(s, uid)} against {SPACES[sp]['name']}"})
        out += air_choices(s, reaction=True, labels=g.labels)
        out.append({"t": "done", "label": "End the Reaction Phase"})
        return out

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            s["turn_flags"].pop("board", None)
            g.pop()
        elif a["t"] == "sortie":
            B.put(s, a["unit"], a["to"])
            g.log(f"{B.name_of(s, a['unit'])} flies a mission to {SPACES[a['to']]['name']}", "MF 17.2",
                  refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(a['to'])))
        else:
            air_act(g, a, "MF 17.3")
