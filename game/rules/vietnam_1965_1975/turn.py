"""The game-turn for short scenarios (V 2.1) as a sequence of play, and the Operations Phase loop
(V 2.1 item 4, V 5 intro; reference 2.3): the NLF chooses who operates; the US may decline; after a
US decline the NLF ends the phase or operates."""

from ...engine import battle as BR
from ...engine.flow import Row, Sequence, Step
from . import arvn
from . import assignments as AS
from . import board as B
from . import prefs
from .assignments import eligible  # (game/ai reads it from here too)
from .brigades import unit_status_due
from .reinforce import due_now, lapse
from .victory import decide, outcome_now


@B.flow.step("turn")
class Turn(Sequence):
    rows = [
        Row("reinforce", {}, "Reinforcements", "V 18.1"),
        Row("support", {}, "Support Phase", "V 2.1"),
        Row("designate", {"who": "US"}, "Special Operations Designation (US)", "V 6.2"),
        Row("designate", {"who": "NLF"}, "Special Operations Designation (NLF)", "V 6.2"),
        Row("strat_phase", {"who": "US"}, "Strategic Movement Phase", "V 2.1"),
        Row("ops_open", {}, "Operations Phase", "V 2.1"),
        Row("turn_end", {}, "Game-Turn Indication", "V 2.1"),
    ]

    def cycle_start(self, g, f):
        g.log(f"Game-turn {g.s['turn']}", "V 2.1", kind="turn")

    def skip(self, g, f, row):
        return row.step == "reinforce" and not due_now(g.s)

    def skipped(self, g, f, row):
        pass  # only a scenario with reinforcements due this turn has the row (V 18.1 rule 3)


@B.flow.step("support")
class Support(Step):
    """V 2.1 item 1, V 7.3: the support records for the turn (Starlite: V 18.2)."""

    def run(self, g, f):
        if not f.get("unit_status") and unit_status_due(g.s):
            f["unit_status"] = True  # V 9.1 (option deployment_switch): brigades may change deployment
            g.call("deploy", who="US")
            return
        s = g.s
        # V 18.1 rule 6: ARVN effectiveness 'after all reinforcements have been placed, but before
        # the turn begins' (the Reinforcements row comes first), when the scenario asks for it
        arvn.check(g)
        r = s["rec"]
        more = s.get("per_turn") if s["turn"] > 1 else None
        if more:  # a longer scenario's support for each turn after the first (design: see scenarios.json)
            for k, n in more.items():
                r[k] = r.get(k, 0) + n
        g.log(f"US: {r['us_rp']} RP, {r['ap']} Air Points, {r['amp']} Airmobile Points, "
              f"{r['ship']} cruiser", "V 18.2")
        g.log(f"NLF: {r['vc_rp']} VC RP", "V 18.2", to="NLF")
        g.pop()


@B.flow.step("designate")
class Designate(Step):
    """V 6.2: each side may put eligible units on Hold or Patrol (a unit so assigned has used its
    operation for the turn), and continue or suspend missions from earlier turns. Political
    sections may not Patrol; 0-strength units neither."""

    def prompt(self, g, f):
        return "Special Operations Designation (V 6.2): assign Hold or Patrol, or finish"

    def choices(self, g, f):
        lab = g.labels
        s = g.s
        # V 6.2: a mission from an earlier turn may be continued (nothing to do) or suspended
        acts = [{"t": "suspend", "u": u["id"], **({"label": f"{u['name']}: end its {u['mission'].title()}"} if lab else {})}
                for u in B.live(s) if u["side"] == f["who"] and u.get("mission")
                and u.get("mission_turn", s["turn"]) < s["turn"]]
        for u in eligible(s, f["who"]):
            acts.append({"t": "hold", "u": u["id"], **({"label": f"{u['name']}: Hold"} if lab else {})})
            if B.strength(u) > 0 and arvn.may_patrol(u):  # V 6.2: no ARVN battalion, no Ranger
                acts.append({"t": "patrol", "u": u["id"], **({"label": f"{u['name']}: Patrol"} if lab else {})})
        return acts + [{"t": "done", **({"label": "Finish designation"} if lab else {})}]

    def act(self, g, f, a):
        if a["t"] == "done":
            g.pop()
            return
        u = g.s["units"][a["u"]]
        if a["t"] == "suspend":
            g.log(f"{B.pub(g.s, u)} in {u['hex']} ends its {u['mission'].title()}", "V 6.2",
                  refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))
            u["mission"] = None
            u.pop("mission_turn", None)
            return
        u["mission"] = a["t"]
        u["mission_turn"] = g.s["turn"]
        g.log(f"{B.pub(g.s, u)} in {u['hex']} goes on {a['t'].title()}", "V 6.2",
              refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))


@B.flow.step("ops_open")
class OpsOpen(Step):
    """V 2.1 item 4: the Operations Phase opens with the NLF's choice of who operates, or, where the
    scenario gives the US the first operation (Silver Bayonet), with the offer to the US, who may
    still decline."""

    def run(self, g, f):
        if g.s["special"].get("first_op") == "US" and g.s["turn"] == 1:
            g.log("The scenario gives the US the first operation (V 18.1)", "V 2.1")
            g.goto("ops", who="US", st="offer")
        else:
            g.goto("ops", who="NLF", st="choose")


@B.flow.step("ops")
class Ops(Step):
    """Reference 2.3. Frame: st = choose (NLF) | offer (US) | after (NLF, after a US decline)."""

    def prompt(self, g, f):
        return {"choose": "Operations Phase (V 2.1): who conducts the next operation?",
                "offer": "Operations Phase (V 2.1): conduct an operation or decline",
                "after": "The US declined (V 2.1): end the Operations Phase or operate"}[f["st"]]

    def choices(self, g, f):
        lab = g.labels
        s = g.s

        def A(t, label, **extra):
            return {"t": t, **({"label": label} if lab else {}), **extra}
        again = prefs.withdraw_actions(s, f["who"], lab)  # play settings in force may be withdrawn here
        if f["st"] == "offer":
            return [A("operate", k.labels["US"], op=k.id) for k in AS.offered(s, "US")] + \
                [dict(A("decline", "Decline"), **({"warn": decline_warning(s)} if lab else {}))] + again
        # the NLF's Search and Destroy is the action without an "op"
        nlf_ops = [A("nlf_op", k.labels["NLF"], **({} if k.id == "sd" else {"op": k.id})) for k in AS.offered(s, "NLF")]
        if f["st"] == "choose":
            return nlf_ops + [A("us_op", "Offer the operation to the US")] + again
        return [dict(A("end", "End the Operations Phase"), **({"warn": end_warning(s)} if lab else {}))] + \
            [dict(a, t="operate") for a in nlf_ops] + again

    def act(self, g, f, a):
        t = a["t"]
        if t == "pref":
            prefs.choose(g, f["who"], a["key"], a["value"])
        elif t == "us_op":
            g.log("The NLF gives the US the next operation", "V 2.1")
            f["st"], f["who"] = "offer", "US"
        elif t == "decline":
            g.log("The US declines to operate", "V 2.1")
            f["st"], f["who"] = "after", "NLF"
        elif t in ("nlf_op", "operate"):
            side = "US" if t == "operate" and f["st"] == "offer" else "NLF"
            k = AS.get(a.get("op", "sd"))
            g.log(f"The {side} conducts {k.what}", k.rule, kind="phase")  # a log group of its own (issue 45 item 7)
            BR.retire(g)  # the last operation's finished battle card leaves the table (issue 45 item 7)
            f["st"], f["who"] = "choose", "NLF"
            g.call(k.step, who=side, side=side, **k.data)
        else:
            g.log("The NLF ends the Operations Phase", "V 2.1")
            g.pop()


def end_warning(s):
    """Issue 45 item 1: ending the Operations Phase ends the game-turn (V 2.1); on the scenario's
    last turn it ends the scenario, and the warning says how it would end."""
    text = "End the Operations Phase: no more operations this game-turn (V 2.1)"
    if s["turn"] >= s["turns"]:
        text += f". This is the last turn ({s['turn']} of {s['turns']}): the scenario ends now, {outcome_now(s)}"
    return text


def decline_warning(s):
    """Issue 45 item 1: after a US decline the NLF may end the Operations Phase at once (V 2.1)."""
    text = "Declining lets the NLF end the Operations Phase now (V 2.1)"
    if s["turn"] >= s["turns"]:
        text += (f", and with it the scenario (turn {s['turn']} of {s['turns']}): it would end as "
                 f"{outcome_now(s)}")
    return text


@B.flow.step("strat_phase")
class StratPhase(Step):
    """V 2.1 item 3: the US part of the Strategic Movement Phase: security operations, strategic
    movement and naval transport, each an operation of its own (the kinds registered for it)."""

    def prompt(self, g, f):
        return "Strategic Movement Phase (V 2.1): make a strategic move, or finish"

    def choices(self, g, f):
        lab = g.labels
        acts = [{"t": k.id, **({"label": k.phase} if lab else {})} for k in AS.in_strategic_phase(g.s)]
        return acts + [{"t": "done", **({"label": "End the phase"} if lab else {})}]

    def act(self, g, f, a):
        if a["t"] == "done":
            g.pop()
            return
        k = AS.get(a["t"])
        g.call(k.step, who="US", side="US", **k.phase_data)


@B.flow.step("turn_end")
class TurnEnd(Step):
    """V 2.1 item 5: Ops Complete markers are cleared; Hold and Patrol stay until the next
    designation; after the scenario's last turn the game ends (V 18.1)."""

    def run(self, g, f):
        g.pop()
        s = g.s
        lapse(g)  # V 18.1 rule 3: reinforcements still outside the play area are lost
        for u in s["units"].values():
            u["done"] = False
            u["rp_spent"] = 0
        if s["turn"] >= s["turns"]:
            decide(g)
            return
        s["rec"].pop("amp_used", None)  # V 8.2: each Airmobile Point may be used once each turn
        s["rec"].pop("ap_used", None)  # V 7.3: each Air Point may be used once each game-turn
        s["rec"].pop("ship_op", None)  # V 7.4: the cruiser serves one operation a turn
        s["turn"] += 1
