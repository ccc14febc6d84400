"""Scenario deployment (MF 30.0-30.4): counters, rolls, Communist and Free World set-up."""

from ...engine.flow import Bare, IllegalAction, Step
from . import board as B
from .board import flow
from .data import COUNTERS, EVENTS, SCENARIOS, SPACES


def initial_state(scenario, options):
    sc = SCENARIOS[scenario]
    units = {}
    for k, v in COUNTERS["fw"].items():
        for i in range(v["count"]):
            u = {"k": k, "loc": B.SF_POOL}
            if k == "leader":
                u["name"] = v["names"][i]
            units[f"{k}{i + 1}"] = u
    pool = sc["macv_pool"]
    for k, v in COUNTERS["macv"].items():
        for i in range(v["count"]):
            units[f"{k}{i + 1}"] = {"k": k, "loc": B.SUP_POOL if pool == "all" or k in pool else B.ASIDE}
    for sp in COUNTERS["garrisons"]:
        if sp in SPACES:
            units["gar_" + sp] = {"k": "gar_" + sp, "loc": sp, "com": sp in sc["com_bases"]}
    n = 0
    for k, v in COUNTERS["communist"].items():
        if not isinstance(v, dict):
            continue
        mobile = v.get("mobile", False)
        for era in ("early", "late"):
            for _ in range(v[era]):
                n += 1
                used = era == "early" or sc["late_units"]
                box = (B.COM_MOBILE if mobile else B.COM_STATIC) if used else B.ASIDE
                units[f"c{n:02d}"] = {"k": k, "loc": box}
    bin_ = []
    for eid, e in EVENTS.items():
        if eid in sc["aside_events"]:
            continue
        if e.get("optional") and not options["include_option_event"]:
            continue
        count = e.get("count", 1)
        if eid == "bo":
            count -= sc["bo_preplaced"]  # R-SU5: pre-placed markers count toward the three
        bin_ += [eid] * count
    return {"game": "mike-force", "scenario": scenario, "options": options, "turn": 1,
            "ip": 0, "rp": 0, "units": units, "events": bin_, "events_played": [],
            "bo_markers": [1] * sc["bo_preplaced"], "bo_this_turn": False,
            "turn_flags": {}, "stack": [{"s": "setup"}], "over": None}


def parity(g, base, why, rule):
    """MF 30.x: roll one die; even adds, odd subtracts."""
    d = g.roll(1, why, rule)[0]
    return base + d if d % 2 == 0 else base - d


@flow.step("setup")
class Setup(Step):
    def run(self, g, f):
        s = g.s
        sc = SCENARIOS[s["scenario"]]
        rule = sc["rule"]
        g.log(f"Mike Force: {sc['name']}, {sc['turns']} turns", rule, kind="phase")
        for uid, u in sorted(s["units"].items()):
            if B.is_com(u) and not B.is_garrison(u):
                B.new_fog(g, uid)  # every Communist counter is an anonymous token (R-REV1)
        # Communist set-up
        ip = sc["ip"]
        if ip["roll"] == "parity":
            s["ip"] = parity(g, ip["base"], "Starting infiltration level (even adds, odd subtracts)", rule)
        else:
            s["ip"] = ip["base"] + g.roll(1, "Starting infiltration level (added)", rule)[0]
        g.log(f"Infiltration level {s['ip']} ({B.band_name(s['ip'])})", rule, kind="track")
        for sp, rec in SPACES.items():
            if rec["type"] != "base_area":
                continue
            reg = rec["region"]
            for uid in B.pool_draw(g, B.COM_STATIC, sc["static_per_base"][reg], "Static set-up", rule):
                B.put(s, uid, sp)
            for uid in B.pool_draw(g, B.COM_MOBILE, sc["mobile_per_base"][reg], "Mobile set-up", rule):
                B.put(s, uid, sp)
        g.log("Communist units placed face down in their base areas", rule)
        # Free World set-up
        s["rp"] = max(0, parity(g, sc["rp"]["base"], "Starting recruit points (even adds, odd subtracts)", rule))
        g.log(f"Recruit points {s['rp']}", rule, kind="track")
        for kind, n in sc["danang"].items():
            for _ in range(n):
                uid = next(u for u in B.units_at(s, B.SF_POOL) if s["units"][u]["k"] == kind)
                B.put(s, uid, "DN")
        d = str(g.roll(1, "Leaders and MACV support at start", rule)[0])
        leaders, macv = sc["leader_die"][d]
        if s["scenario"] == "phoenix" and d == "4" and s["options"]["phoenix_die_4"] == "leader_and_macv":
            leaders, macv = 1, 1  # R-SU1 alternative: the Tet pattern
        todo = ["camp"] * sc["place"]["camp"] + ["cidg"] + ["ateam"] * sc["place"]["ateam"] \
            + ["rt"] * sc["place"]["rt"]
        drawn = []
        for _ in range(leaders):
            cands = sorted(u for u in B.units_at(s, B.SF_POOL) if s["units"][u]["k"] == "leader")
            lid = g.pick(cands)
            B.put(s, lid, "DRAWN")
            drawn.append(lid)
            todo.append("leader:" + lid)
        for _ in range(macv):
            cands = sorted(B.units_at(s, B.SUP_POOL))
            if not cands:
                break
            mid = g.pick(cands)
            g.log(f"MACV support drawn: {B.name_of(s, mid)}", rule)
            if B.is_air(s["units"][mid]):
                B.put(s, mid, B.SUP_AVAIL)
            else:
                B.put(s, mid, "DRAWN")
                todo.append("macv:" + mid)   # R-SU2: ground units deploy on the map
        g.log(f"Leaders: {leaders}; MACV support units: {macv}", rule)
        g.goto("setup_place", todo=todo)


def setup_spaces(s):
    """Where set-up units may go: SVN jungle, open or major bases (MF 30.x a), never a
    Communist-held major base or a barred space (MF 30.2, 31.3, 31.4, R-SU3)."""
    sc = SCENARIOS[s["scenario"]]
    out = []
    for sp, rec in SPACES.items():
        if rec["region"] != "SVN" or rec["type"] not in ("jungle", "open", "major_base"):
            continue
        if sp in sc["no_setup"]:
            continue
        if rec["type"] == "major_base" and B.control(s, sp) != "FW":
            continue
        if B.holds(s, sp, B.ANY_COM):  # B.com_units(s, sp) finds one
            continue
        out.append(sp)
    return out


def attach_choices(s, lid, any_fw=False):
    out = []
    for uid, u in sorted(s["units"].items()):
        if not B.on_map(u["loc"]) and u["loc"] != B.NT:
            continue
        if not B.is_fw(u) or B.is_leader(u) or B.is_air(u) or B.is_garrison(u):
            continue
        if not (B.is_sf(u) or any_fw):
            continue
        if B.leader_of(s, uid):
            continue
        out.append(uid)
    return out


@flow.step("setup_place")
class SetupPlace(Step):
    def prompt(self, g, f):
        nxt = f["todo"][0]
        if nxt.startswith("leader:"):
            return "Set-up: attach your leader to a Special Forces unit (MF 25.4)"
        if nxt.startswith("macv:"):
            return f"Set-up: deploy {B.name_of(g.s, nxt[5:])} in Nha Trang or a Free World major base (MF 12.7)"
        left = sum(1 for t in f["todo"] if t == nxt)
        return (f"Set-up: place {B.KINDS[nxt]['name']} ({left} to place) in a South Vietnam jungle, "
                f"open or major base space (MF 30)")

    def choices(self, g, f):
        s = g.s
        nxt = f["todo"][0]
        if nxt == "cidg":
            return [{"t": "done", "label": "Place one CIDG company with each SF camp"}]
        if nxt.startswith("leader:"):
            lid = nxt[7:]
            hosts = attach_choices(s, lid)
            lab = B.labels_by_place(s, hosts)  # two CIDG companies in one camp read (1), (2)
            return [{"t": "attach", "leader": lid, "unit": uid,
                     "label": f"{B.name_of(s, lid)} joins {lab[uid]} at {_where(s, uid)}"}
                    for uid in hosts]
        if nxt.startswith("macv:"):
            mid = nxt[5:]
            dests = [B.NT] + [sp for sp in SPACES if B.is_major(sp) and B.fw_controlled(s, sp)]
            return [{"t": "deploy", "unit": mid, "to": d, "label": f"Deploy at {_loc_name(d)}"} for d in dests]
        if not g.labels:  # nobody reads them (the simulator)
            return Bare([{"t": "place", "kind": nxt, "to": sp} for sp in setup_spaces(s)])
        return [{"t": "place", "kind": nxt, "to": sp, "label": f"Place {B.KINDS[nxt]['short']} at {SPACES[sp]['name']}"}
                for sp in setup_spaces(s)]

    def act(self, g, f, a):
        s = g.s
        nxt = f["todo"].pop(0)
        if a["t"] == "done":  # CIDG, one per camp (MF 30.x b)
            for uid in sorted(s["units"]):
                u = s["units"][uid]
                if u["k"] == "camp" and B.on_map(u["loc"]):
                    cid = next(x for x in sorted(B.units_at(s, B.SF_POOL)) if s["units"][x]["k"] == "cidg")
                    B.put(s, cid, u["loc"])
            g.log("CIDG companies placed, one per SF camp", "MF 30.1")
        elif a["t"] == "place":
            uid = next(x for x in sorted(B.units_at(s, B.SF_POOL)) if s["units"][x]["k"] == nxt)
            B.put(s, uid, a["to"])
            g.log(f"{B.KINDS[nxt]['name']} placed at {SPACES[a['to']]['name']}", "MF 30",
                  refs=B.refs(B.ref_u(s, uid), B.ref_p(a['to'])))
        elif a["t"] == "attach":
            attach(g, a["leader"], a["unit"])
        elif a["t"] == "deploy":
            B.put(s, a["unit"], a["to"])
            g.log(f"{B.name_of(s, a['unit'])} deployed at {_loc_name(a['to'])}", "MF 12.7",
                  refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(a['to'])))
        if not f["todo"]:
            g.log("Set-up complete", "MF 30")
            g.goto("turn", i=0)


def attach(g, lid, uid):
    s = g.s
    s["units"][lid]["att"] = uid
    B.put(s, lid, s["units"][uid]["loc"])
    g.log(f"{B.name_of(s, lid)} joins {B.name_of(s, uid)} at {_where(s, uid)}", "MF 25.4",
          refs=B.refs(B.ref_u(g.s, uid), B.ref_p(s['units'][uid]['loc'])))


def _where(s, uid):
    return _loc_name(s["units"][uid]["loc"])


def _loc_name(loc):
    if loc in SPACES:
        return SPACES[loc]["name"]
    return {B.NT: "Nha Trang"}.get(loc, loc)
