"""Initial set-up (FT 3.0): LZ markers placed by the player, the SF garrisons with one supply
marker each, the 21 NVA companies in the Unknown Box, every American combat unit at An Khe."""

from ...engine.flow import Step
from . import board as B
from .board import flow
from .data import CAMPS, COUNTERS, LOC, SCENARIOS


def initial_state(scenario, options):
    sc = SCENARIOS[scenario]
    C = COUNTERS
    units = {}
    for bn, b in C["us_battalions"].items():
        for co in b["companies"]:
            units[bn.replace("/", "-") + co] = {"k": "inf", "bn": bn, "co": co, "loc": B.ANKHE, "fat": 0}
    units["1-9"] = {"k": "inf", "bn": "1/9", "co": "", "loc": B.ANKHE, "fat": 0}
    for loc in sc["garrisons"]:
        units["sf" + loc] = {"k": "sfg", "loc": loc, "fat": 0}
    for bn in C["artillery"]:
        if bn in ("batteries", "recon"):
            continue
        for b in "abcd"[:C["artillery"]["batteries"]]:
            units["a" + bn.replace("/", "-") + b] = {"k": "arty", "bn": bn, "loc": B.ANKHE}
    H = C["helicopters"]
    for kind, n in (("tr", H["transport"]), ("gs", H["gunship"]), ("ara", H["ara"]), ("oh", H["obs"])):
        for i in range(n):
            units[f"{kind}{i + 1}"] = {"k": kind, "loc": B.ANKHE, "st": 0}
    units["tr19"] = {"k": "tr", "loc": B.ANKHE, "st": 0, "r19": True}
    units["oh19"] = {"k": "oh", "loc": B.ANKHE, "st": 0, "r19": True}
    for i in range(C["tac_air"]["count"]):
        units[f"tac{i + 1}"] = {"k": "tac", "loc": B.ANKHE}
    for i in range(C["b52"]["count"]):
        units[f"b52{'ab'[i]}"] = {"k": "b52", "loc": B.ANKHE}
    units["pf"] = {"k": "pf", "loc": B.ANKHE}
    for i in range(C["supply"]["count"]):
        units[f"sup{i + 1:02d}"] = {"k": "sup", "loc": B.POOL, "step": 2}
    for i, loc in enumerate(sc["garrisons"]):  # FT 6.3: each camp starts with a marker of its own
        units[f"sup{i + 1:02d}"]["loc"] = loc
        units[f"sup{i + 1:02d}"]["camp"] = True
    for i in range(C["lz"]["count"]):
        units[f"lz{i + 1:02d}"] = {"k": "lz", "loc": B.POOL, "valid": i < options["lz_valid"], "rev": False}
    for reg, n in C["nva"]["regiments"].items():
        for i in range(n):
            units[f"n{reg}-{C['nva']['first_company'] + i}"] = {"k": "nva", "reg": reg, "co": C["nva"]["first_company"] + i,
                                                                 "step": 1, "loc": B.UNKNOWN}
        if options["nva_artillery"]:
            units[f"na{reg}"] = {"k": "nart", "reg": reg, "att": f"n{reg}-{C['nva']['first_company']}",
                                 "loc": B.UNKNOWN}
    # Besides the units, tracks and the sequence of play (stack), a position may hold: "strikes",
    # the airstrike markers of the last assault phase (FT 7.21, 7.22; us.mark_strike, shown on the
    # map); "us_in_cambodia", American units or airstrikes present in Cambodia this turn and
    # "cam_turns", the turns that scored it (FT 16.1); "battle", the battle display's record.
    return {"game": "first-team", "scenario": scenario, "options": options, "turn": 1, "phase": "Set-up",
            "cp": 0, "vp": 0, "cas": 0, "units": units, "stack": [{"s": "setup"}], "over": None}


@flow.step("setup")
class Setup(Step):
    def run(self, g, f):
        s = g.s
        sc = SCENARIOS[s["scenario"]]
        g.log(f"First Team: Vietnam, {sc['name']}, {s['options']['turns']} turns", "FT 3.0", kind="phase")
        for loc, nm in CAMPS.items():
            g.log(f"SF garrison and one full supply counter at {nm} ({loc})", "FT 3.0")
        g.log("All 21 NVA companies in the Unknown Box; all American combat units at An Khe; no supply at An Khe",
              "FT 3.0")
        lz = sorted(x for x, u in s["units"].items() if u["k"] == "lz")
        order = []
        while lz:  # mix the markers face down (FT 3.0)
            x = g.pick(lz)
            lz.remove(x)
            order.append(x)
        g.goto("setup_lz", order=order)


def lz_spots(s):
    """FT 3.0 (A14): at most two per zone, one per location, not Cambodia, Pleiku or the camps."""
    count = {}
    used = set()
    for u in s["units"].values():
        if u["k"] == "lz" and u["loc"] in LOC:
            z = B.zone_of(u["loc"])
            count[z] = count.get(z, 0) + 1
            used.add(u["loc"])
    per = SCENARIOS[s["scenario"]]["lz_per_zone"]
    return [l for l, r in LOC.items() if r["zone"] not in ("CAM", "P") and not r["lz"] and l not in used
            and count.get(r["zone"], 0) < per]


@flow.step("setup_lz")
class SetupLZ(Step):
    def prompt(self, g, f):
        return f"Set-up: place a face-down LZ marker ({len(f['order'])} left; at most two per zone) (FT 3.0)"

    def choices(self, g, f):
        return [{"t": "lz", "to": l, "label": f"LZ marker at {l}"} for l in lz_spots(g.s)]

    def act(self, g, f, a):
        s = g.s
        x = f["order"].pop(0)
        B.put(s, x, a["to"])
        g.log(f"An LZ marker is placed face down at {a['to']}", "FT 3.0")
        if not f["order"]:
            g.log("Set-up complete", "FT 3.0")
            g.goto("turn", i=0)
