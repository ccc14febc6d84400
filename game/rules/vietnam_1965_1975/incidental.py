"""Incidental attacks (V 3.2, reference 2.7.1): when units enter a hex holding the other side's
units that are not targets, the owner of those stationary units may force an attack by the movers
(one round, no retreat or pursuit; political sections among the movers, and in the hex, die). If
stationary units remain the movers must move on; a destroyed mover ends its move."""

from ...engine.flow import Procedure, Step
from . import arvn
from . import board as B
from . import prefs


@B.flow.step("incidental")
class Incidental(Procedure):
    parts = ("ask", "fight", "wrap")

    def ask(self, g, f):
        s = g.s
        stat = B.units_at(s, f["hex"], B.other(f["mover"]))
        if stat and not arvn.may_force_incidental(s, stat):
            g.log(f"Ineffective ARVN units in {f['hex']} may not force an incidental attack", "V 11.1")
            return
        if stat:
            who = B.other(f["mover"])
            if prefs.get(s, who, "incidental") == "decline":
                g.log(f"Incidental attack in {f['hex']}: declined ({who} play setting)", "V 3.2")
                return
            g.call("incidental_ask", into="answer", who=who, hex=f["hex"])

    def fight(self, g, f):
        s = g.s
        if f.get("answer") != "force":
            return
        for uid in f["movers"]:
            B.reveal(g, s["units"][uid], "V 3.2")
        for u in B.units_at(s, f["hex"], B.other(f["mover"])):
            B.reveal(g, u, "V 3.2")
        movers = [s["units"][x] for x in f["movers"]]
        for u in movers:
            if B.val(u, "type") == "pol":
                B.remove_unit(g, u, "destroyed, forced into an incidental attack", "V 3.2")
        atk = [u["id"] for u in movers if u["hex"]]
        if atk:
            g.call("battle", hex=f["hex"], side=f["mover"], atk=atk, incidental=True)

    def wrap(self, g, f):
        B.turn_back(g)  # V 10: after the casualties of the incidental attack (a destroyed mover
        # ends its move: movement.settled)


@B.flow.step("incidental_ask")
class IncidentalAsk(Step):
    def prompt(self, g, f):
        return f"Enemy units entered {f['hex']} (V 3.2): force an incidental attack?"

    def choices(self, g, f):
        lab = g.labels
        return [{"t": "force", **({"label": "Force an incidental attack"} if lab else {})},
                {"t": "decline", **({"label": "Let them pass"} if lab else {})}] + \
            prefs.actions(g.s, f["who"], "incidental", lab)

    def act(self, g, f, a):
        if a["t"] == "pref":  # "always decline" answers this window as a decline
            prefs.choose(g, f["who"], "incidental", a["value"])
            a = {"t": "decline"}
        g.log(f"Incidental attack in {f['hex']}: {'forced' if a['t'] == 'force' else 'declined'}", "V 3.2")
        g.end(a["t"])
