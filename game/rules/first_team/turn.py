"""The sequence of play (FT 4.0-4.5) as one driver frame, the end-of-segment hook (FT 8.0, 9.3,
13.71, 13.72), the end of the turn and the victory level (FT 15.0-15.1, 16.1)."""

from ...engine import report
from ...engine.flow import Row, Sequence, Step
from . import board as B
from . import nva as N
from .board import flow
from .data import SCENARIOS, TABLES


def _row(step, data, title, rule, letter=None, takes=()):
    """A row of the sequence: its step and frame data, title, rule, segment letter (its end runs
    segment_end) and what it takes from an earlier segment's result (Turn.row_data)."""
    return Row(step, data, title, rule, letter=letter, takes=takes)


def _assault(p):
    first = "First" if p == 1 else "Second"
    return [
        _row("seg_a", {"p": p}, f"{first} American Assault Phase: A) Supply Segment", "FT 4.13 A", "A"),
        _row("seg_b", {}, "B) Airstrike Segment", "FT 4.13 B", "B"),
        # the zones entered in C and D go to zone contact (FT 10.2): a list each takes and gives back
        _row("transport_segment", {"seg": "C", "into": "entered"}, "C) First Transport Segment", "FT 4.13 C", "C",
             takes=("entered",)),
        _row("ground_segment", {"into": "entered"}, "D) Ground Movement Segment", "FT 4.13 D", takes=("entered",)),
        _row("zone_contact", {}, "D) Ground Movement Segment: zone contact", "FT 10.2", takes=("entered",)),
        _row("evasion", {}, "D) Ground Movement Segment: NVA evasion", "FT 13.7", "D"),
        _row("support", {"into": "attacks"}, "E) Support Segment", "FT 4.13 E", "E"),
        _row("us_combat", {}, "F) Open Combat Segment", "FT 4.13 F", "F", takes=("attacks",)),
        _row("transport_segment", {"seg": "G"}, "G) Final Transport Segment", "FT 4.13 G", "G"),
        _row("td", {"seg": "H"}, f"{first} NVA Assault Phase: H) First Target Determination Segment", "FT 4.14 H", "H"),
        # the offboard result (an arrow or not) decides whether Segment J is held (Turn.skip)
        _row("offboard", {"into": "arrow"}, "I) NVA Offboard Movement Segment", "FT 4.14 I", "I"),
        _row("td", {"seg": "J"}, "J) Second Target Determination Segment", "FT 4.14 J", "J"),
        _row("nva_move", {"into": "l_check"}, "K) NVA Ground Movement Segment", "FT 4.14 K", "K"),
        _row("nva_ambush", {}, "L) NVA Ambush Segment", "FT 4.14 L", "L", takes=("l_check",)),
        _row("nva_combat", {"second": p == 2}, "M) NVA Open Combat Segment", "FT 4.14 M", "M"),
        _row("evasion", {}, "N) NVA Evasion Segment", "FT 4.14 N", "N"),
        _row("maint", {}, "O) American Maintenance Segment", "FT 4.14 O", "O"),
    ]


# FT 4.0, the sequence of play
SEQUENCE = ([_row("command", {}, "Command Phase", "FT 4.11"), _row("intel", {}, "Intelligence Phase", "FT 4.12")]
            + _assault(1) + _assault(2)
            + [_row("fatigue_red", {}, "Fatigue Reduction Phase", "FT 4.4"),
               _row("final_supply", {}, "Final Supply Phase", "FT 4.5"),
               _row("end_turn", {}, "End of turn", "FT 4.0")])


NVA_SEGMENTS = tuple("HIJKLMN")  # FT 4.14: the NVA Assault Phase


# FT 4.14: the NVA Assault Phase plays itself; with the play setting opponent_pace "step" each NVA
# segment (H-N) ends in a report pause (engine/report.py), "let it run" covers the rest of that phase.
report.register(flow)


def segment_end(g, letter):
    """FT 8.0, 13.71, 13.72: garrisons at the end of every segment; FT 9.2, 9.3, 9.5: helicopters
    used in the segment return (combat helicopters scrambled in E return at the end of F)."""
    s = g.s
    N.garrisons(g)
    U = s["units"]
    for x in B.of_kinds(s, "tac"):
        U[x].pop("used", None)
    if letter == "E":
        return
    back = []
    for x in [x for x in B.of_kinds(s, *B.HELIS) if U[x].get("used")]:  # (most are not)
        u = U[x]
        u["used"] = False
        u.pop("cargo", None)
        if u["loc"] == B.REFIT or u["loc"] == B.ELIM:
            continue
        if u["k"] == "ara" or u.get("st"):
            B.put(s, x, B.REFIT)
            back.append(f"{B.uname(s, x)} to Refit")
        else:
            B.put(s, x, B.ANKHE)
            u["st"] = 1
            back.append(f"{B.uname(s, x)} fatigued")
    if back:
        g.log("Helicopters return to An Khe: " + ", ".join(back), "FT 9.3")


@flow.step("turn")
class Turn(Sequence):
    """FT 4.0, one game-turn per cycle of SEQUENCE; every lettered segment ends with
    segment_end, and (play setting opponent_pace "step") each NVA segment with a report pause."""

    rows = SEQUENCE

    def cycle_start(self, g, f):
        s = g.s
        s.pop("strikes", None)  # the strike markers of the last turn's assault phase (us.mark_strike)
        if B.americans_in_cambodia(s):
            B.present_in_cambodia(s)  # FT 16.1: still there from the last turn, present in this one
        g.log(f"Turn {s['turn']} ({SCENARIOS[s['scenario']]['turn_record'][str(s['turn'])]['date']} 1965)",
              "FT 4.0", kind="turn")

    def skip(self, g, f, row):
        """FT 4.12, 4.14: no Intelligence Phase and no Segments I and J on the last turn; Segment J
        only after an arrow in Segment I (the offboard movement's result)."""
        last = g.s["turn"] >= g.s["options"]["turns"]
        if row.step in ("intel", "offboard"):
            return last
        if row.step == "td" and row.data["seg"] == "J":
            return not f.pop("arrow", False) or last
        return False

    def row_data(self, g, f, row):
        """The row's frame data, with what an earlier segment gave back for it: the zones entered in
        C and D, for zone contact (FT 10.2; none yet at C); the attacks declared in E, resolved in F
        (FT 4.13); the locations NVA entered in K, checked in L (FT 13.6 (2))."""
        data = dict(row.data)
        for k in row.takes:
            data[k] = f.pop(k, [])
        return data

    def row_start(self, g, f, row):
        if row.letter == "A":
            g.s.pop("strikes", None)  # the last assault phase's strike markers (us.mark_strike)
        if row.step == "td" and row.data.get("seg") == "H":
            report.scope_over(g, "nva")  # a new NVA Assault Phase: pause again
        super().row_start(g, f, row)
        f["since"] = len(g.logbuf)  # where this segment's report begins

    def row_end(self, g, f, row):
        s = g.s
        if row.letter:
            segment_end(g, row.letter)
        if s.get("over"):
            return
        if row.letter in NVA_SEGMENTS:
            report.pause(g, row.title, f.get("since", 0), "nva", "Let the rest of this NVA phase run")


@flow.step("end_turn")
class EndTurn(Step):
    def run(self, g, f):
        s = g.s
        g.pop()
        # FT 16.1: American units or airstrikes present in Cambodia this turn: there now, or at some
        # time since its start (board.present_in_cambodia)
        came = s.pop("us_in_cambodia", False)
        if s["options"]["cambodia"] and (came or B.americans_in_cambodia(s)):
            first = not s.get("cam_turns")
            s["cam_turns"] = s.get("cam_turns", 0) + 1
            B.vp(g, TABLES["vp"]["cambodia_first" if first else "cambodia_later"], "American forces in Cambodia",
                 "FT 16.1")
        for u in s["units"].values():
            u.pop("act", None)
        s["cp"] = 0
        if s["turn"] >= s["options"]["turns"]:
            end_game(g)
            return
        s["turn"] += 1


def level(v):
    for name, at in TABLES["levels"]["list"]:
        if v >= at:
            return name
    return TABLES["levels"]["list"][-1][0]


def end_game(g):
    s = g.s
    v = s["vp"]
    lv = level(v)
    s["over"] = {"level": lv, "vp": v, "turn": s["turn"], "rule": "FT 15.1",
                 "winner": "NVA" if v >= 10 else "US" if v <= -15 else "draw",
                 "reason": f"{v} NVA victory points after turn {s['turn']}: {lv}"}
    g.log(s["over"]["reason"], "FT 15.1", kind="end")
