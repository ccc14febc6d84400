"""The sequence of play (MF 4.0), the End of Turn Phase and victory (MF 3.0)."""

from ...engine import report
from ...engine.flow import Bare, Row, Sequence, Step
from . import board as B
from .board import flow
from .data import SCENARIOS, SPACES
from .movement import in_fw_phase, recover_options

# MF 4.0: (step, frame data, title, rule)
SEQUENCE = [Row(*r) for r in (
    ("events", {"side": "FW"}, "Free World Events Phase", "MF 4.0 I.1"),
    ("fw_appeal", {}, "Free World Recruiting Phase: Appeal to 5th SFG", "MF 22.4"),
    ("fw_income", {}, "Free World Recruiting Phase: scenario RP", "MF 12.1"),
    ("fw_recruit", {}, "Free World Recruiting Phase", "MF 4.0 I.2"),
    ("fw_move", {}, "Free World Movement Phase", "MF 4.0 I.3"),
    ("fw_engineer", {}, "Free World Movement Phase: engineer camp", "MF 25.7"),
    ("fw_recon", {}, "Free World Recon Phase", "MF 4.0 I.4"),
    ("reaction", {"side": "FW"}, "Free World Reaction Phase", "MF 4.0 I.5"),
    ("combat", {"side": "FW"}, "Free World Combat Phase", "MF 4.0 I.6"),
    ("events", {"side": "COM"}, "Communist Events Phase", "MF 4.0 II.1"),
    ("com_reinforce", {}, "Communist Reinforcement Phase", "MF 4.0 II.2"),
    ("com_activation", {}, "Communist Activation Phase", "MF 4.0 II.3"),
    ("com_move", {}, "Communist Movement Phase", "MF 4.0 II.4"),
    ("com_recon", {}, "Communist Recon Phase", "MF 4.0 II.5"),
    ("reaction", {"side": "COM"}, "Reaction Phase", "MF 4.0 II.6"),
    ("combat", {"side": "COM"}, "Combat Phase", "MF 4.0 II.7"),
    ("end_talon", {}, "End of Turn: Combat Talon recovery", "MF 25.8"),
    ("end_return", {}, "End of Turn: Return Phase", "MF 4.0 III.1"),
    ("end_burnout", {}, "End of Turn: Big Offensive Burn Out", "MF 4.0 III.2"),
    ("end_advance", {}, "End of Turn: Turn Advancement", "MF 4.0 III.3"),
)]

# The programmed side's phases (MF 4.0 II) and the End of Turn (III): with the play setting
# opponent_pace "step" each ends in a report pause (engine/report.py); the End of Turn rows are
# read as one report (the burn-out and the turn advance rarely log anything on their own).
COM_PHASES = {"events:COM", "com_reinforce:", "com_activation:", "com_move:", "com_recon:",
              "reaction:COM", "combat:COM"}
report.register(flow)


def _row_key(row):
    return row.step + ":" + row.data.get("side", "")


@flow.step("turn")
class Turn(Sequence):
    """MF 4.0, one game-turn per cycle of SEQUENCE."""

    rows = SEQUENCE

    def cycle_start(self, g, f):
        g.s["turn_flags"] = {}
        report.scope_over(g, "com")
        g.log(f"Turn {g.s['turn']}", "MF 4.0", kind="turn")

    def row_start(self, g, f, row):
        for key in ("flown", "moved", "board", "recon", "built", "recon_begun"):
            g.s["turn_flags"].pop(key, None)  # each phase its own moves (MF 23.4)
        g.s["phase"] = row.title
        g.s["turn_flags"]["phase"] = row.step + ":" + row.data.get("side", "")
        g.log(row.title, row.rule, kind="phase")
        if row.step != "end_burnout" and row.step != "end_advance":
            f["since"] = len(g.logbuf)  # where this phase's report begins (the End of Turn: one)

    def row_end(self, g, f, row):
        """After every phase the sudden-death conditions (MF 3.1); after each Free World phase, a
        window to recover special targets (MF 26.3)."""
        if B.check_sudden_death(g):  # MF 3.1 "at any time", e.g. after MACV units leave Da Nang
            return
        if _row_key(row) in COM_PHASES:
            # (its card's kicker: the part of the turn, not "the opponent's phase": the Reaction
            # Phase of II is the Free World player's own airstrikes, issue 45 item 9)
            report.pause(g, row.title, f.get("since", 0), "com", "Let the rest of the Communist turn run",
                         kicker="Communist Operations Phase (MF 4.0 II)")
        elif row.step == "end_advance" and not g.s.get("over"):
            report.pause(g, "End of Turn", f.get("since", 0), "com", "Let the rest of the Communist turn run",
                         kicker="End of Turn Phase (MF 4.0 III)")
        if in_fw_phase(g.s, row.step) and recover_options(g.s):
            # with nothing to recover the window would only offer "Go on", taken at once (and the
            # sudden-death check it makes after, on the same position): it is not opened
            g.push("fw_recover")


@flow.step("end_return")
class EndReturn(Step):
    """MF 4.0 III.1 + 25.5 (R-MA1): every MACV unit returns to the Support Reinforcements Box."""

    def run(self, g, f):
        s = g.s
        n = 0
        for uid in macv_out(s):  # each moves only itself and its riders
            for oid in B.riders(s):
                o = s["units"][oid]
                if o.get("by") == uid:  # R-ST3: targets are dropped where they are
                    o.pop("by")
                    B.flip(s, o, "rev", True)
                if o.get("att") == uid:  # a leader on a MACV unit (R-EV4 option) stays in place
                    o.pop("att")
                    B.put(s, oid, B.SF_POOL)
            B.put(s, uid, B.SUP_POOL)
            n += 1
        if n:  # nothing returned: no line, so the End of Turn report does not pause for it
            g.log(f"{n} MACV support unit(s) return to the Support Reinforcements Box", "MF 25.5")
        g.pop()


_MACV = frozenset(k for k in B.KINDS if B.is_macv({"k": k}))  # a unit never changes kind
_TEAMS = frozenset(["ateam", "halo"])


def macv_out(s):
    """The MACV units on the map, in Nha Trang or in the Support Available Box, by id (MF 25.5):
    on the map or in Nha Trang a MACV unit is in play."""
    U = s["units"]
    return sorted([*B.fw_in_play_of(s, _MACV), *(x for x in B.units_seen(s, B.SUP_AVAIL) if B.is_macv(U[x]))])


@flow.step("end_burnout")
class EndBurnout(Step):
    def run(self, g, f):
        s = g.s
        g.pop()
        if s["bo_this_turn"]:
            s["bo_this_turn"] = False
            d = g.roll(1, "Big Offensive burn out", "MF 28.3")[0]
            B.change_ip(g, -d, "Big Offensive burn out", "MF 28.3")  # not an event: may reach 0 (R-IP1)


@flow.step("end_advance")
class EndAdvance(Step):
    def run(self, g, f):
        s = g.s
        g.pop()
        if s["turn"] >= SCENARIOS[s["scenario"]]["turns"]:
            end_game(g)
            return
        s["turn"] += 1


def victory_points(s):
    """MF 3.2 (and 30.1 special condition, ruling R-VP1). Returns (total, lines)."""
    sc = SCENARIOS[s["scenario"]]
    lines = []
    camp_spaces = sorted({u["loc"] for u in s["units"].values() if u["k"] == "camp" and B.on_map(u["loc"])})
    early = sc["special_vp"]
    mode = s["options"]["early_vp"]
    for sp in camp_spaces:
        rec = SPACES[sp]
        if rec["region"] == "SVN" and rec["type"] in ("open", "jungle"):
            lines.append((rec["name"] + ": SF camp", 6 if early and mode == "double" else 3, "MF 3.2"))
        elif rec["region"] == "SVN" and rec["type"] == "base_area":
            lines.append((rec["name"] + ": SF camp in a base area", 5, "MF 3.2"))
        elif rec["region"] == "LAOS" and rec["type"] == "base_area":
            lines.append((rec["name"] + ": SF camp in a Laos base area", 7, "MF 3.2"))
    if early:
        for sp in ("DN", "HUE", "QTR", "KSN"):
            if B.control(s, sp) == "FW" and (mode != "major_bases_with_camp" or B.has_camp(s, sp)):
                lines.append((SPACES[sp]["name"] + ": Free World major base", 2, "MF 30.1"))
    lines.append(("Infiltration level", -s["ip"], "MF 3.2"))
    for sp, vp in (("KSN", 5), ("QTR", 10), ("HUE", 15)):
        if B.control(s, sp) == "COM":
            lines.append((SPACES[sp]["name"] + " under Communist control", -vp, "MF 3.2"))
    if B.control(s, "DN") == "disputed" and B.com_units(s, "DN"):
        lines.append(("Communists occupy Da Nang", -15, "MF 3.2"))
    return sum(v for _, v, _ in lines), lines


def end_game(g):
    s = g.s
    total, lines = victory_points(s)
    for text, v, rule in lines:
        g.log(f"{text}: {v:+d} VP", rule, kind="vp")
    win = total >= 25
    s["over"] = {"winner": "FW" if win else "COM", "vp": total, "rule": "MF 3.3", "turn": s["turn"],
                 "reason": f"{total} victory points: " + ("25 or more, Free World victory" if win else
                                                          "fewer than 25, Free World defeat")}
    g.log(s["over"]["reason"], "MF 3.3", kind="end")


@flow.step("end_talon")
class EndTalon(Step):
    """MF 25.8 Recovery, before the Return Phase (R-TL1): lift one A-Team or HALO unit to Nha Trang."""

    def prompt(self, g, f):
        return "Combat Talon is available: you may recover one A-Team or HALO team to Nha Trang (MF 25.8)"

    def choices(self, g, f):
        s = g.s
        out = []
        U = s["units"]
        if any(U[uid]["k"] == "talon" for uid in B.units_seen(s, B.SUP_AVAIL)):
            for uid in B.fw_in_play_of(s, _TEAMS):  # a team on the map is in play (by id, as sorted units)
                u = U[uid]
                if B.on_map(u["loc"]):
                    out.append({"t": "talon", "unit": uid,
                                "label": f"Recover {B.name_of(s, uid)} from {SPACES[u['loc']]['name']}"}
                               if g.labels else {"t": "talon", "unit": uid})
        if not g.labels:
            out.append({"t": "done"})
            return Bare(out)
        out.append({"t": "done", "label": "No recovery"})
        return out

    def act(self, g, f, a):
        g.pop()
        if a["t"] != "talon":
            return
        s = g.s
        talon = next(uid for uid, u in sorted(s["units"].items()) if u["k"] == "talon" and u["loc"] == B.SUP_AVAIL)
        frm = s["units"][a["unit"]]["loc"]
        B.move_unit(s, a["unit"], B.NT)
        B.put(s, talon, B.SUP_POOL)
        g.log(f"Combat Talon recovers {B.name_of(s, a['unit'])} from {SPACES[frm]['name']} to Nha Trang", "MF 25.8",
              refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(frm)))
        from .movement import deliver_targets
        deliver_targets(g)
