"""Events (MF 8.0 and the Events Chart): draw one marker from the single bin (R-EV1), resolve
its description, then its RP/IP column (MF 8.1)."""

from ...engine.flow import Procedure
from . import board as B
from .board import flow
from .communist import place_from_pool, withdraw
from .data import EVENTS, MAP, SPACES
from .setup import attach, attach_choices


@flow.step("events")
class Events(Procedure):
    """An Events Phase (MF 8.0, 8.1; also a Communist activation's event, MF 4.0 II.3): one marker
    drawn blind from the bin (R-EV1; none when it is empty, R-EV10), its description resolved
    (RESOLVE, the Events Chart), then its RP/IP column. A Big Offensive marker is its run-up roll
    instead (MF 28.1, R-EV3), the third one triggering the offensive."""

    parts = ("draw", "column")

    def draw(self, g, f):
        s = g.s
        if not s["events"]:
            g.log("The event bin is empty: no event", "MF 8.0")  # R-EV10
            g.end()
            return
        eid = g.pick(sorted(s["events"]))
        s["events"].remove(eid)
        s["events_played"].append(eid)
        e = EVENTS[eid]
        # the Big Offensive's chart text is only "See rule (28.0)": the log says what the rule does
        text = BO_TEXT if eid == "bo" else e["text"]
        g.log(f"Event: {e['name']}. {text}", "MF 8.0", kind="event")
        f["ev"] = eid
        if eid != "bo":
            RESOLVE[eid](g)
            return
        d = g.roll(1, "Big Offensive run-up", "MF 28.1")[0]
        B.change_ip(g, d, "Big Offensive run-up", "MF 28.1", event=True)
        s["bo_markers"].append(s["turn"])
        g.log(f"Big Offensive marker {len(s['bo_markers'])} of 3 placed on turn {s['turn']}", "MF 28.1")
        if len(s["bo_markers"]) >= 3 and not s.get("bo_fired"):
            s["bo_fired"] = True
            g.call("big_offensive")

    def column(self, g, f):
        """MF 8.1: the RP/IP column, after the description; an event cannot take IP below 1."""
        e = EVENTS[f["ev"]]
        col = e["column"]
        name = e["name"]
        if not col or f["ev"] == "bo":  # the Big Offensive's column is its run-up roll
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


BO_TEXT = ("Its run-up: one die is added to the infiltration level, and the third Big Offensive marker "
           "drawn starts the offensive (MF 28.1).")

RESOLVE = {}  # every event's description (the Events Chart): a function, or a procedure (event)


def resolves(eid):
    def register(fn):
        RESOLVE[eid] = fn
        return fn
    return register


def event(eid):
    """An event whose description asks the player: a procedure, the step "event_<eid>"."""
    def register(cls):
        flow.step("event_" + eid)(cls)
        RESOLVE[eid] = lambda g: g.call("event_" + eid)
        return cls
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


def offer_recruit(g, prompt, choices, rule="Events Chart"):
    """Put a free recruit (MF 8.4) to the player, with these options (recruit_choices): the
    free_recruit procedure, pushed. False, and nothing offered, when there is none."""
    if not choices:
        return False
    g.call("free_recruit", prompt=prompt, rule=rule, choices=choices)
    return True


@flow.step("free_recruit")
class FreeRecruit(Procedure):
    """MF 8.4 Event Recruits (and an Appeal's free team, MF 22.4): the player picks the unit and
    where it deploys, at no RP cost."""

    parts = ("ask", "recruit")

    def ask(self, g, f):
        g.ask(f.pop("prompt"), f.pop("rule"), f.pop("choices"), into="pick")

    def recruit(self, g, f):
        s = g.s
        a = f["pick"]
        uid = pool_unit(s, a["kind"])
        B.put(s, uid, a["to"])
        s["units"][uid].pop("red", None)
        g.log(f"Recruited {B.KINDS[a['kind']]['name']} at {loc_name(a['to'])} (free)", "MF 8.4",
              refs=B.refs(B.ref_p(a['to'])))


def loc_name(loc):
    return SPACES[loc]["name"] if loc in SPACES else "Nha Trang" if loc == B.NT else loc


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
    if not offer_recruit(g, "CIA Support: recruit an A-Team, gunship or White Star", ch):
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


@event("icorps")
class ICorpsOffensive(Procedure):
    """I Corps Offensive (Events Chart, R-EV6): the player selects one axis; its Communist mobile
    units withdraw one space; then two MACV support units are drawn, air units to the Support
    Available Box, ground units each deployed on a major base of the player's choice (the last
    drawn first)."""

    parts = ("axis", "offensive")

    def axis(self, g, f):
        groups = MAP["groups"]["advance_order"]
        names = {grp: ", ".join(SPACES[sp]["name"] for sp, r in SPACES.items()
                                if r["group"] == grp and r["children"] == {})
                 for grp in groups}
        ch = [{"t": "axis", "axis": grp, "label": f"Axis toward {names[grp]}"} for grp in groups]
        g.ask("I Corps Offensive: select one axis", "Events Chart, R-EV6", ch, into="axis")

    def offensive(self, g, f):
        s = g.s
        scope = {sp for sp, r in SPACES.items() if r["group"] == f["axis"]["axis"]}
        withdraw(g, 1, scope=scope, rule="Events Chart")
        for _ in range(2):
            cands = sorted(B.units_at(s, B.SUP_POOL))
            if not cands:
                break
            mid = g.pick(cands)
            g.log(f"MACV support drawn: {B.name_of(s, mid)}", "Events Chart")
            if B.is_air(s["units"][mid]):
                B.put(s, mid, B.SUP_AVAIL)
                continue
            B.put(s, mid, "DRAWN")
            ch = [{"t": "deploy", "unit": mid, "to": sp, "label": f"{B.name_of(s, mid)} to {SPACES[sp]['name']}"}
                  for sp in MAP["major_bases"]]
            g.call("deploy", prompt=f"I Corps Offensive: deploy {B.name_of(s, mid)} on any major base",
                   rule="Events Chart", choices=ch)


@event("leader")
class LeaderArrives(Procedure):
    """Leader (Events Chart; and R&R 3-4): one leader drawn from the reinforcement box joins the Free
    World unit the player picks (MF 25.4; any Free World unit under R-LD option leader_any_unit)."""

    parts = ("draw", "attach")

    def draw(self, g, f):
        s = g.s
        cands = sorted(u for u in B.units_at(s, B.SF_POOL) if s["units"][u]["k"] == "leader")
        if not cands:
            g.log("No leader is in the reinforcement box: no effect", "MF 8.4")
            g.end()
            return
        hosts = attach_choices(s, None, any_fw=s["options"]["leader_any_unit"])
        if not hosts:
            g.log("No unit for a leader to join: no effect", "MF 25.4")
            g.end()
            return
        lid = g.pick(cands)
        lab = B.labels_by_place(s, hosts)  # two CIDG companies in one camp read (1), (2)
        ch = [{"t": "attach", "leader": lid, "unit": uid,
               "label": f"{B.name_of(s, lid)} joins {lab[uid]} at {loc_name(s['units'][uid]['loc'])}"}
              for uid in hosts]
        g.ask(f"{f.get('why', 'Leader')}: attach {B.name_of(s, lid)}", "MF 25.4", ch, into="joins")

    def attach(self, g, f):
        attach(g, f["joins"]["leader"], f["joins"]["unit"])


@event("laos")
class LaotianSituation(Procedure):
    """Laotian Situation (Events Chart): one die; odd, a free Recon Team or White Star anywhere in
    Laos; even, the player eliminates one Free World unit in Laos (no BCP)."""

    parts = ("roll", "eliminate")

    def roll(self, g, f):
        s = g.s
        d = g.roll(1, "Laotian Situation", "Events Chart")[0]
        if d % 2:
            ch = recruit_choices(s, ["rt", "ws"], _laos())
            if not offer_recruit(g, "Laotian Situation: recruit a Recon Team or White Star in Laos", ch):
                _no_choice(g, "unit")
            return
        ch = [{"t": "unit", "unit": uid, "label": f"Eliminate {B.name_of(s, uid)} at {loc_name(s['units'][uid]['loc'])}"}
              for uid in sorted(s["units"]) if B.on_map(s["units"][uid]["loc"])
              and B.region(s["units"][uid]["loc"]) == "LAOS" and B.is_fw(s["units"][uid])
              and not B.is_leader(s["units"][uid]) and not B.is_garrison(s["units"][uid])
              and not B.is_air(s["units"][uid])]
        if not g.ask("Laotian Situation: select one Free World unit in Laos to eliminate", "Events Chart", ch,
                     into="lost"):
            g.log("No Free World unit in Laos: no effect", "Events Chart")

    def eliminate(self, g, f):
        if "lost" in f:
            B.eliminate_fw(g, f["lost"]["unit"], "Events Chart (no BCP)")


@event("sog")
class MacvSog(Procedure):
    """MACV SOG (Events Chart): a free A-Team or Recon Team in Nha Trang or Laos; then the player
    designates one space in Laos and every Communist unit in it is revealed."""

    parts = ("recruit", "designate", "reveal")

    def recruit(self, g, f):
        ch = recruit_choices(g.s, ["ateam", "rt"], [B.NT] + _laos())
        if not offer_recruit(g, "MACV SOG: recruit an A-Team or Recon Team", ch):
            _no_choice(g, "unit")

    def designate(self, g, f):
        ch = [{"t": "space", "to": sp, "label": f"Reveal all at {SPACES[sp]['name']}"} for sp in _laos()]
        g.ask("MACV SOG: designate one space in Laos", "Events Chart", ch, into="space")

    def reveal(self, g, f):
        _reveal_space(g, f["space"]["to"])


def _reveal_space(g, sp):
    s = g.s
    for uid in B.com_units(s, sp, revealed=False):
        B.reveal(g, uid, "Events Chart")
    g.log(f"All Communist units at {SPACES[sp]['name']} are revealed", "Events Chart", refs=B.refs(B.ref_p(sp)))


@resolves("monsoon")
def _monsoon(g):
    B.conceal_all(g, "Events Chart")


@event("nli")
class NationalIntelligence(Procedure):
    """National Level Intelligence (Events Chart; and Operation Phoenix's): the player designates one
    space; one die, 3-6 reveals every Communist unit in it."""

    parts = ("designate", "reveal")

    def designate(self, g, f):
        ch = [{"t": "space", "to": sp, "label": f"Designate {SPACES[sp]['name']}"} for sp in SPACES]
        g.ask(f"{f.get('why', 'National Level Intelligence')}: designate one space", "Events Chart", ch,
              into="space")

    def reveal(self, g, f):
        d = g.roll(1, "National Level Intelligence (3-6 reveals)", "Events Chart")[0]
        if d >= 3:
            _reveal_space(g, f["space"]["to"])
        else:
            g.log("No effect", "Events Chart")


@event("phoenix")
class OperationPhoenix(Procedure):
    """Operation Phoenix (Events Chart): National Level Intelligence, then a free Recon Team anywhere in South
    Vietnam (the units it may be are those of when the marker is drawn)."""

    parts = ("draw", "intelligence", "recruit")

    def draw(self, g, f):
        f["recruits"] = recruit_choices(g.s, ["rt"], [sp for sp, r in SPACES.items() if r["region"] == "SVN"])
        if not f["recruits"]:
            _no_choice(g, "Recon Team")

    def intelligence(self, g, f):
        g.call("event_nli", why="Operation Phoenix")

    def recruit(self, g, f):
        offer_recruit(g, "Operation Phoenix: place a Recon Team anywhere in South Vietnam", f.pop("recruits"))


@resolves("option")
def _option(g):
    g.log("Option marker: no effect", "MF 8.5")


@resolves("prairie")
def _prairie(g):
    s = g.s
    ch = recruit_choices(s, ["mf", "transport", "gunship"], _camps_dn_nt(s))
    if not offer_recruit(g, "Prairie Fire: recruit a Mike Force company or a helicopter", ch):
        _no_choice(g, "unit")


@resolves("delta")
def _delta(g):
    s = g.s
    ch = recruit_choices(s, ["ateam", "rt"], _camps_dn_nt(s))
    if not offer_recruit(g, "Project Delta: recruit an A-Team or Recon Team", ch):
        _no_choice(g, "unit")


@event("rnr")
class RestAndRecuperation(Procedure):
    """R&R (Events Chart): one die; 1-2, the player refits up to two disrupted Free World units in
    Free World major bases or Nha Trang for free; 3-4, a leader arrives (as the Leader event);
    5-6, the player sends one leader or A-Team on the map (a HALO team is an A-Team, MF 25.3) to
    the reinforcement box."""

    parts = ("roll", "refit", "home")

    def roll(self, g, f):
        s = g.s
        d = g.roll(1, "R&R", "Events Chart")[0]
        if d <= 2:
            f["left"] = 2
            self._offer_refit(g, f)
        elif d <= 4:
            g.call("event_leader", why="R&R")
        else:
            ch = [{"t": "unit", "unit": uid, "label": f"Send {B.name_of(s, uid)} at {loc_name(s['units'][uid]['loc'])} home"}
                  for uid, u in sorted(s["units"].items())
                  if B.on_map(u["loc"]) and (u["k"] in ("ateam", "halo") or (B.is_leader(u) and u.get("att")))]
            if not g.ask("R&R: select one leader or A-Team on the map to return to the reinforcement box",
                         "Events Chart", ch, into="home"):
                g.log("No leader or A-Team on the map: no effect", "Events Chart")

    def _offer_refit(self, g, f):
        s = g.s
        if f["left"] <= 0:
            return False
        ch = [{"t": "unit", "unit": uid, "label": f"Refit {B.name_of(s, uid)} at {loc_name(u['loc'])}"}
              for uid, u in sorted(s["units"].items())
              if u.get("red") and B.is_fw(u) and (u["loc"] == B.NT or B.is_major(u["loc"]) and B.fw_controlled(s, u["loc"]))]
        if not ch:
            g.log("No disrupted unit in a major base or Nha Trang", "Events Chart")
            return False
        ch.append({"t": "done", "label": "No more refits"})
        return g.ask(f"R&R: refit up to {f['left']} unit(s) in major bases or Nha Trang at no cost", "Events Chart",
                     ch, into="refit")

    def refit(self, g, f):
        """One unit refitted, then the next offered, until "done" or two."""
        a = f.pop("refit", None)
        if a is None or a["t"] == "done":
            return
        g.s["units"][a["unit"]].pop("red", None)
        g.log(f"{B.name_of(g.s, a['unit'])} refitted (free)", "Events Chart", refs=B.refs(B.ref_u(g.s, a['unit'])))
        f["left"] -= 1
        if self._offer_refit(g, f):
            self.again(f)

    def home(self, g, f):
        if "home" in f:
            _rnr_home(g, f["home"]["unit"])


def _rnr_home(g, uid):
    s = g.s
    u = s["units"][uid]
    if B.is_leader(u):
        u.pop("att", None)
        B.put(s, uid, B.SF_POOL)
    else:
        where = u["loc"]
        B.move_unit(s, uid, B.SF_POOL)
        for oid, o in s["units"].items():
            if o.get("att") == uid:
                o.pop("att")
                B.put(s, oid, B.SF_POOL)
            if o.get("by") == uid:
                o.pop("by")
                if s["options"]["carrier_withdrawn"] == "drop":
                    B.put(s, oid, where)  # R-ST4: not an elimination; the target stays, revealed
                    g.log(f"The special target it carried stays at {loc_name(where)}", "MF 26.3")
                else:
                    B.put(s, oid, B.COM_STATIC)
                    B.flip(s, o, "rev", False)
        u.pop("red", None)
    g.log(f"{B.name_of(s, uid)} returns to the reinforcement box", "Events Chart")


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


@event("yards")
class Yards(Procedure):
    """Yards (Events Chart): one die; odd, the player returns one CIDG company on the map to the
    recruiting box (its leader with it); even, a free CIDG company on any SF camp."""

    parts = ("roll", "home")

    def roll(self, g, f):
        s = g.s
        d = g.roll(1, "Yards", "Events Chart")[0]
        if d % 2:
            ch = [{"t": "unit", "unit": uid, "label": f"Return CIDG at {loc_name(u['loc'])}"}
                  for uid, u in sorted(s["units"].items()) if u["k"] == "cidg" and B.on_map(u["loc"])]
            if not g.ask("Yards: select one CIDG company to return to the recruiting box", "Events Chart", ch,
                         into="home"):
                g.log("No CIDG on the map: no effect", "Events Chart")
            return
        camps = sorted({u["loc"] for u in s["units"].values() if u["k"] == "camp" and B.on_map(u["loc"])})
        if not offer_recruit(g, "Yards: recruit one CIDG company on any SF camp", recruit_choices(s, ["cidg"], camps)):
            _no_choice(g, "CIDG or camp")

    def home(self, g, f):
        if "home" not in f:
            return
        s = g.s
        uid = f["home"]["unit"]
        B.move_unit(s, uid, B.SF_POOL)
        s["units"][uid].pop("red", None)
        for oid, o in s["units"].items():
            if o.get("att") == uid:
                o.pop("att")
                B.put(s, oid, B.SF_POOL)
        g.log("A CIDG company returns to the recruiting box", "Events Chart")
