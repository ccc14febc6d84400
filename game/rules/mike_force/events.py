"""Events (MF 8.0 and the Events Chart): draw one marker from the single bin (R-EV1), resolve
its description, then its RP/IP column (MF 8.1)."""

from ...engine.flow import Step
from . import board as B
from .ask import ask, then
from .board import flow
from .communist import advance, place_from_pool, withdraw
from .data import EVENTS, MAP, SPACES
from .setup import attach, attach_choices


@flow.step("events")
class Events(Step):
    def run(self, g, f):
        s = g.s
        g.pop()
        if not s["events"]:
            g.log("The event bin is empty: no event", "MF 8.0")  # R-EV10
            return
        eid = g.pick(sorted(s["events"]))
        s["events"].remove(eid)
        s["events_played"].append(eid)
        e = EVENTS[eid]
        g.log(f"Event: {e['name']}. {e['text']}", "MF 8.0", kind="event")
        if eid == "bo":  # MF 28.1, R-EV3: one roll, then the trigger
            d = g.roll(1, "Big Offensive run-up", "MF 28.1")[0]
            B.change_ip(g, d, "Big Offensive run-up", "MF 28.1", event=True)
            s["bo_markers"].append(s["turn"])
            g.log(f"Big Offensive marker {len(s['bo_markers'])} of 3 placed on turn {s['turn']}", "MF 28.1")
            if len(s["bo_markers"]) >= 3 and not s.get("bo_fired"):
                s["bo_fired"] = True
                g.push("big_offensive")
            return
        g.push("event_column", ev=eid)
        RESOLVE[eid](g)


@flow.step("event_column")
class EventColumn(Step):
    """MF 8.1: the RP/IP column, after the description; an event cannot take IP below 1."""

    def run(self, g, f):
        g.pop()
        e = EVENTS[f["ev"]]
        col = e["column"]
        name = e["name"]
        if not col:
            return
        if col.get("rp") == "-d6same":  # Monsoon: one die, off both tracks
            d = g.roll(1, f"{name}: RP and IP", "MF 8.1")[0]
            B.change_rp(g, -d, name, "MF 8.1")
            B.change_ip(g, -d, name, "MF 8.1", event=True)
            return
        if col.get("rp") == "parity":  # Saigon Visit
            d = g.roll(1, f"{name}: odd adds, even subtracts", "MF 8.1")[0]
            B.change_rp(g, d if d % 2 else -d, name, "MF 8.1")
            return
        for track, how in col.items():
            d = g.roll(1, f"{name}: {track.upper()}", "MF 8.1")[0]
            n = d if how == "+d6" else -d
            if track == "rp":
                B.change_rp(g, n, name, "MF 8.1")
            else:
                B.change_ip(g, n, name, "MF 8.1", event=True)


RESOLVE = {}


def resolves(eid):
    def register(fn):
        RESOLVE[eid] = fn
        return fn
    return register


def pool_unit(s, kind):
    """The unit of this kind in the reinforcement box that comes first by id (None: none left)."""
    U = s["units"]
    return min((u for u in B.units_seen(s, B.SF_POOL) if U[u]["k"] == kind), default=None)


def recruit_choices(s, kinds, dests):
    """Event recruits (MF 8.4, R-EV8): free; the player picks the type and the space."""
    out = []
    for kind in kinds:
        uid = pool_unit(s, kind)
        if uid is None:
            continue
        for d in dests:
            if not B.may_enter(s, s["units"][uid], d):  # Nha Trang too (MF 22.0, 25.2)
                continue
            out.append({"t": "recruit", "kind": kind, "to": d,
                        "label": f"{B.KINDS[kind]['name']} to {loc_name(d)}"})
    return out


def loc_name(loc):
    return SPACES[loc]["name"] if loc in SPACES else "Nha Trang" if loc == B.NT else loc


@then("event_recruit")
def _event_recruit(g, a, data):
    s = g.s
    uid = pool_unit(s, a["kind"])
    B.put(s, uid, a["to"])
    s["units"][uid].pop("red", None)
    g.log(f"Recruited {B.KINDS[a['kind']]['name']} at {loc_name(a['to'])} (free)", "MF 8.4",
          refs=B.refs(B.ref_p(a['to'])))
    nxt = data.get("next")
    if nxt:
        RESOLVE_NEXT[nxt](g)


RESOLVE_NEXT = {}


def _svn_laos():
    return [sp for sp, r in SPACES.items() if r["region"] in ("SVN", "LAOS")]


def _laos():
    return [sp for sp, r in SPACES.items() if r["region"] == "LAOS"]


def _camps_dn_nt(s):
    camps = sorted({u["loc"] for u in s["units"].values() if u["k"] == "camp" and B.on_map(u["loc"])})
    return [B.NT, "DN"] + [c for c in camps if c != "DN"]


def _no_choice(g, what):
    g.log(f"No {what} available: no further effect", "MF 8.4")


@resolves("cia")
def _cia(g):
    s = g.s
    ch = recruit_choices(s, ["ateam", "gunship"], _svn_laos()) + recruit_choices(s, ["ws"], _laos())
    if not ask(g, "CIA Support: recruit an A-Team, gunship or White Star", "Events Chart", ch, "event_recruit"):
        _no_choice(g, "unit")


@resolves("reorg")
def _reorg(g):
    withdraw(g, 1, rule="Events Chart")
    B.conceal_all(g, "Events Chart")


@resolves("dblagent")
def _dbl(g):
    B.conceal_all(g, "Events Chart")


@resolves("hcm")
def _hcm(g):
    place_from_pool(g, B.COM_MOBILE, 3, "Ho Chi Minh Trail", "Events Chart")


@resolves("icorps")
def _icorps(g):
    groups = MAP["groups"]["advance_order"]
    names = {grp: ", ".join(SPACES[sp]["name"] for sp, r in SPACES.items()
                            if r["group"] == grp and r["children"] == {})
             for grp in groups}
    ch = [{"t": "axis", "axis": grp, "label": f"Axis toward {names[grp]}"} for grp in groups]
    ask(g, "I Corps Offensive: select one axis", "Events Chart, R-EV6", ch, "icorps_axis")


@then("icorps_axis")
def _icorps_axis(g, a, data):
    s = g.s
    scope = {sp for sp, r in SPACES.items() if r["group"] == a["axis"]}
    withdraw(g, 1, scope=scope, rule="Events Chart")
    for _ in range(2):
        cands = sorted(B.units_at(s, B.SUP_POOL))
        if not cands:
            break
        mid = g.pick(cands)
        g.log(f"MACV support drawn: {B.name_of(s, mid)}", "Events Chart")
        if B.is_air(s["units"][mid]):
            B.put(s, mid, B.SUP_AVAIL)
        else:
            B.put(s, mid, "DRAWN")
            ch = [{"t": "deploy", "unit": mid, "to": sp, "label": f"{B.name_of(s, mid)} to {SPACES[sp]['name']}"}
                  for sp in MAP["major_bases"]]
            ask(g, f"I Corps Offensive: deploy {B.name_of(s, mid)} on any major base", "Events Chart", ch,
                "deploy_unit")


@then("deploy_unit")
def _deploy(g, a, data):
    B.put(g.s, a["unit"], a["to"])
    g.log(f"{B.name_of(g.s, a['unit'])} deployed at {loc_name(a['to'])}", "MF 12.7",
          refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(a['to'])))


def leader_arrives(g, why):
    s = g.s
    cands = sorted(u for u in B.units_at(s, B.SF_POOL) if s["units"][u]["k"] == "leader")
    if not cands:
        g.log("No leader is in the reinforcement box: no effect", "MF 8.4")
        return
    hosts = attach_choices(s, None, any_fw=s["options"]["leader_any_unit"])
    if not hosts:
        g.log("No unit for a leader to join: no effect", "MF 25.4")
        return
    lid = g.pick(cands)
    lab = B.labels_by_place(s, hosts)  # two CIDG companies in one camp read (1), (2)
    ch = [{"t": "attach", "leader": lid, "unit": uid,
           "label": f"{B.name_of(s, lid)} joins {lab[uid]} at {loc_name(s['units'][uid]['loc'])}"}
          for uid in hosts]
    ask(g, f"{why}: attach {B.name_of(s, lid)}", "MF 25.4", ch, "attach_leader")


@then("attach_leader")
def _attach_leader(g, a, data):
    attach(g, a["leader"], a["unit"])


@resolves("leader")
def _leader(g):
    leader_arrives(g, "Leader")


@resolves("laos")
def _laos_sit(g):
    s = g.s
    d = g.roll(1, "Laotian Situation", "Events Chart")[0]
    if d % 2:
        ch = recruit_choices(s, ["rt", "ws"], _laos())
        if not ask(g, "Laotian Situation: recruit a Recon Team or White Star in Laos", "Events Chart", ch,
                   "event_recruit"):
            _no_choice(g, "unit")
    else:
        ch = [{"t": "unit", "unit": uid, "label": f"Eliminate {B.name_of(s, uid)} at {loc_name(s['units'][uid]['loc'])}"}
              for uid in sorted(s["units"]) if B.on_map(s["units"][uid]["loc"])
              and B.region(s["units"][uid]["loc"]) == "LAOS" and B.is_fw(s["units"][uid])
              and not B.is_leader(s["units"][uid]) and not B.is_garrison(s["units"][uid])
              and not B.is_air(s["units"][uid])]
        if not ask(g, "Laotian Situation: select one Free World unit in Laos to eliminate", "Events Chart", ch,
                   "laos_elim"):
            g.log("No Free World unit in Laos: no effect", "Events Chart")


@then("laos_elim")
def _laos_elim(g, a, data):
    B.eliminate_fw(g, a["unit"], "Events Chart (no BCP)")


@resolves("sog")
def _sog(g):
    s = g.s
    ch = recruit_choices(s, ["ateam", "rt"], [B.NT] + _laos())
    if not ask(g, "MACV SOG: recruit an A-Team or Recon Team", "Events Chart", ch, "event_recruit", next="sog_reveal"):
        _no_choice(g, "unit")
        _sog_reveal(g)


def _sog_reveal(g):
    ch = [{"t": "space", "to": sp, "label": f"Reveal all at {SPACES[sp]['name']}"} for sp in _laos()]
    ask(g, "MACV SOG: designate one space in Laos", "Events Chart", ch, "reveal_space")


RESOLVE_NEXT["sog_reveal"] = _sog_reveal


@then("reveal_space")
def _reveal_space(g, a, data):
    s = g.s
    for uid in B.com_units(s, a["to"], revealed=False):
        B.reveal(g, uid, "Events Chart")
    g.log(f"All Communist units at {SPACES[a['to']]['name']} are revealed", "Events Chart",
          refs=B.refs(B.ref_p(a['to'])))


@resolves("monsoon")
def _monsoon(g):
    B.conceal_all(g, "Events Chart")


def _nli_ask(g, why):
    ch = [{"t": "space", "to": sp, "label": f"Designate {SPACES[sp]['name']}"} for sp in SPACES]
    ask(g, f"{why}: designate one space", "Events Chart", ch, "nli_space")


@then("nli_space")
def _nli_space(g, a, data):
    d = g.roll(1, "National Level Intelligence (3-6 reveals)", "Events Chart")[0]
    if d >= 3:
        _reveal_space(g, a, data)
    else:
        g.log("No effect", "Events Chart")


@resolves("nli")
def _nli(g):
    _nli_ask(g, "National Level Intelligence")


@resolves("phoenix")
def _phoenix(g):
    s = g.s
    svn = [sp for sp, r in SPACES.items() if r["region"] == "SVN"]
    ch = recruit_choices(s, ["rt"], svn)
    # the question asked last is answered first: designate, then recruit
    if not ask(g, "Operation Phoenix: place a Recon Team anywhere in South Vietnam", "Events Chart", ch,
               "event_recruit"):
        _no_choice(g, "Recon Team")
    _nli_ask(g, "Operation Phoenix")


@resolves("option")
def _option(g):
    g.log("Option marker: no effect", "MF 8.5")


@resolves("prairie")
def _prairie(g):
    s = g.s
    ch = recruit_choices(s, ["mf", "transport", "gunship"], _camps_dn_nt(s))
    if not ask(g, "Prairie Fire: recruit a Mike Force company or a helicopter", "Events Chart", ch, "event_recruit"):
        _no_choice(g, "unit")


@resolves("delta")
def _delta(g):
    s = g.s
    ch = recruit_choices(s, ["ateam", "rt"], _camps_dn_nt(s))
    if not ask(g, "Project Delta: recruit an A-Team or Recon Team", "Events Chart", ch, "event_recruit"):
        _no_choice(g, "unit")


@resolves("rnr")
def _rnr(g):
    s = g.s
    d = g.roll(1, "R&R", "Events Chart")[0]
    if d <= 2:
        _rnr_refit(g, {"left": 2})
    elif d <= 4:
        leader_arrives(g, "R&R")
    else:
        ch = [{"t": "unit", "unit": uid, "label": f"Send {B.name_of(s, uid)} at {loc_name(s['units'][uid]['loc'])} home"}
              for uid, u in sorted(s["units"].items())
              if B.on_map(u["loc"]) and (u["k"] in ("ateam", "halo") or (B.is_leader(u) and u.get("att")))]
        # MF 25.3: "except for the above, HALO units are treated as an A-Team"
        if not ask(g, "R&R: select one leader or A-Team on the map to return to the reinforcement box",
                   "Events Chart", ch, "rnr_home"):
            g.log("No leader or A-Team on the map: no effect", "Events Chart")


def _rnr_refit(g, data):
    s = g.s
    if data["left"] <= 0:
        return
    ch = [{"t": "unit", "unit": uid, "label": f"Refit {B.name_of(s, uid)} at {loc_name(u['loc'])}"}
          for uid, u in sorted(s["units"].items())
          if u.get("red") and B.is_fw(u) and (u["loc"] == B.NT or B.is_major(u["loc"]) and B.fw_controlled(s, u["loc"]))]
    if ch:
        ch.append({"t": "done", "label": "No more refits"})
        ask(g, f"R&R: refit up to {data['left']} unit(s) in major bases or Nha Trang at no cost", "Events Chart", ch,
            "rnr_refit", left=data["left"])
    else:
        g.log("No disrupted unit in a major base or Nha Trang", "Events Chart")


@then("rnr_refit")
def _rnr_refit_then(g, a, data):
    if a["t"] == "done":
        return
    g.s["units"][a["unit"]].pop("red", None)
    g.log(f"{B.name_of(g.s, a['unit'])} refitted (free)", "Events Chart", refs=B.refs(B.ref_u(g.s, a['unit'])))
    _rnr_refit(g, {"left": data["left"] - 1})


@then("rnr_home")
def _rnr_home(g, a, data):
    s = g.s
    u = s["units"][a["unit"]]
    if B.is_leader(u):
        u.pop("att", None)
        B.put(s, a["unit"], B.SF_POOL)
    else:
        where = u["loc"]
        B.move_unit(s, a["unit"], B.SF_POOL)
        for oid, o in s["units"].items():
            if o.get("att") == a["unit"]:
                o.pop("att")
                B.put(s, oid, B.SF_POOL)
            if o.get("by") == a["unit"]:
                o.pop("by")
                if s["options"]["carrier_withdrawn"] == "drop":
                    B.put(s, oid, where)  # R-ST4: not an elimination; the target stays, revealed
                    g.log(f"The special target it carried stays at {loc_name(where)}", "MF 26.3")
                else:
                    B.put(s, oid, B.COM_STATIC)
                    B.flip(s, o, "rev", False)
        u.pop("red", None)
    g.log(f"{B.name_of(s, a['unit'])} returns to the reinforcement box", "Events Chart")


@resolves("saigon")
def _saigon(g):
    pass  # the whole event is its column


@resolves("sapper")
def _sapper(g):
    s = g.s
    total = sum(B.cf_of(s, s["units"][uid]) for uid in B.fw_units(s, "DN") if B.is_ground(s["units"][uid]))
    r = sum(g.roll(2, f"Sapper Attack against {total} FW combat factors in Da Nang", "Events Chart"))
    if r > total:
        B.change_rp(g, -2, "Sapper Attack succeeds", "Events Chart")
    else:
        B.change_rp(g, 1, "Sapper Attack repulsed", "Events Chart")


@resolves("yards")
def _yards(g):
    s = g.s
    d = g.roll(1, "Yards", "Events Chart")[0]
    if d % 2:
        ch = [{"t": "unit", "unit": uid, "label": f"Return CIDG at {loc_name(u['loc'])}"}
              for uid, u in sorted(s["units"].items()) if u["k"] == "cidg" and B.on_map(u["loc"])]
        if not ask(g, "Yards: select one CIDG company to return to the recruiting box", "Events Chart", ch, "yards_home"):
            g.log("No CIDG on the map: no effect", "Events Chart")
    else:
        camps = sorted({u["loc"] for u in s["units"].values() if u["k"] == "camp" and B.on_map(u["loc"])})
        ch = recruit_choices(s, ["cidg"], camps)
        if not ask(g, "Yards: recruit one CIDG company on any SF camp", "Events Chart", ch, "event_recruit"):
            _no_choice(g, "CIDG or camp")


@then("yards_home")
def _yards_home(g, a, data):
    s = g.s
    B.move_unit(s, a["unit"], B.SF_POOL)
    s["units"][a["unit"]].pop("red", None)
    for oid, o in s["units"].items():
        if o.get("att") == a["unit"]:
            o.pop("att")
            B.put(s, oid, B.SF_POOL)
    g.log("A CIDG company returns to the recruiting box", "Events Chart")
