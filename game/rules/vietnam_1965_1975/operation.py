"""The Search and Destroy operation (V 5, segments A-H of V 2.1 item 4; reference 2.4): designation,
support declaration, movement with reaction, alert and dispersal, up to three combat rounds with
retreat and pursuit, the end of the operation. One operation runs at a time; its record is
s["op"] (public facts only: side, target hexes, round, support)."""

from ...engine.flow import Procedure, Step
from . import airmobile as AM
from . import assignments as AS
from . import board as B
from . import arvn, interdiction, movement, nva, prefs
from .assignments import eligible
from .reaction import disperse, may_disperse
from .regions import declare_ffz, ffz_choices
from .support import air_left, commands_form, commit_air, dedicated, formations, own_scope


def retarget(s):
    """Reference 2.4: the target hexes are the hexes holding target units."""
    s["op"]["targets"] = sorted({u["hex"] for u in B.live(s) if u["tgt"]})


def near(h, k):
    return h == k or k in B.neighbours(h)


def operating(s):
    return [u for u in B.live(s) if u["op"]]


@B.flow.step("sd")
class SearchDestroy(Procedure):
    parts = ("designate", "rangers", "support", "movement", "interdict_alert", "alert", "after_alert", "round",
             "interdict_p", "interdict_d", "attacks", "battle",
             "retreat", "defensive", "pursuit", "offensive", "cs_round", "next_round", "cs_end", "wrap")

    def designate(self, g, f):
        g.s["op"] = B.new_op(f["side"], f.get("kind", "sd"))
        g.call("sd_pick", who=f["side"], target=None)

    def rangers(self, g, f):
        """V 11.3: the US may roll for Rangers right after designating a Search and Destroy."""
        arvn.offer_roll(g, f)

    def support(self, g, f):
        if f["side"] == "US":
            r = g.s["rec"]
            if air_left(g.s) > 0 or (r["ship"] and not r.get("ship_op")):
                g.call("sd_support", who="US")

    def movement(self, g, f):
        s = g.s
        mp = {u["id"]: B.mpa(s, u) for u in operating(s)}
        movement.start(g, f["side"], "op", mp, enter=s["op"]["targets"], react=True)

    def interdict_alert(self, g, f):
        """V 7.5: in a US operation the US may interdict before the alert (round 1)."""
        if f["side"] == "US" and g.s["op"]["targets"]:
            interdiction.place(g, "US")

    def interdict_p(self, g, f):
        interdiction.place(g, f["side"])

    def interdict_d(self, g, f):
        interdiction.place(g, B.other(f["side"]))

    def alert(self, g, f):
        """V 5.2: only when the US operates and the NLF defends, round 1."""
        s = g.s
        if f["side"] != "US":
            return
        hexes = sorted({u["hex"] for u in B.live(s) if u["tgt"] and nva.may_alert(s, u)})
        if hexes:  # the NLF's play setting "never disperse" rolls at once (alert_auto)
            g.call("alert_auto" if prefs.get(s, "NLF", "alert") == "roll" else "alert", who="NLF", queue=hexes)

    def after_alert(self, g, f):
        """V 5.2 (L63): 'Hidden VC units that end their Alert movement in the same hex as or adjacent
        to any operating units are revealed' (those that stayed are revealed, if at all, by the
        Combat segment, L64)."""
        s = g.s
        retarget(s)
        ops = operating(s)
        for uid in s["op"].get("alerted", []):
            u = s["units"][uid]
            if u["hex"] and any(near(u["hex"], o["hex"]) for o in ops):
                B.reveal(g, u, "V 5.2")
        if not any(near(t, o["hex"]) for t in s["op"]["targets"] for o in ops):
            g.log("No operating unit is in or adjacent to a target hex: the operation ends (V 5.2)", "V 5.2")
            self.goto_part(f, "wrap")

    def round(self, g, f):
        s = g.s
        op = s["op"]
        retarget(s)
        if op["round"] > 1:  # artillery that interdicted in the Alert segment stays used in round 1
            op.update(used=[], air_used=False, ship_used=False)
        op.update(battles=[], attacked=[], rolled=False, allow={})
        # the log's group names the operation (issue 45 item 7): "US Search and Destroy on 5320, combat round 2"
        what = "Clear and Secure" if op["kind"] == "cs" else "Search and Destroy"
        g.log(f"{op['side']} {what} on {', '.join(op['targets']) or '-'}, combat round {op['round']} (V 5.4)", "V 5.4",
              kind="phase")
        for u in B.live(s):
            if any(near(t, u["hex"]) for t in op["targets"]):
                B.reveal(g, u, "V 10")

    def attacks(self, g, f):
        if attackable(g.s):
            g.call("attack_pick", into="attack", who=f["side"])

    def battle(self, g, f):
        r = f.pop("attack", None)  # an attack, "stop", or none (nothing left to attack)
        if isinstance(r, dict):
            g.s["op"]["attacked"].append(r["hex"])
            self.goto_part(f, "attacks")
            g.call("battle", hex=r["hex"], side=f["side"], atk=r["units"])

    def retreat(self, g, f):
        s = g.s
        op = s["op"]
        B.turn_back(g)  # V 10: the casualties of the round are distributed
        if not op["rolled"]:
            if B.opt(s, "void_round_ends", True) or not op["targets"] or op["round"] >= 3:
                g.log("No combat this round: the operation ends (V 5.4)", "V 5.4")
                self.goto_part(f, "wrap")
            else:  # R22 alternative: the round passes without retreat or pursuit
                self.goto_part(f, "next_round")
            return
        d = B.other(f["side"])
        mp = {u["id"]: B.mpa(s, u) for u in B.live(s)
              if u["side"] == d and u["tgt"] and u["hex"] in op["attacked"]}
        movement.start(g, d, "retreat", mp, react=True)

    def defensive(self, g, f):
        """V 5.7: the US defending may send defensive reserves after the retreats."""
        s = g.s
        if f["side"] == "NLF" and (reserves(s) or air_left(s) > 0):
            g.call("reserve_pick", who="US", kind="defensive")

    def pursuit(self, g, f):
        """V 5.6, reference 2.7.5: the lowest adjusted pursuit result of the round's battles plus
        each unit's innate modifier; units without one do not pursue. Round 3 has its pursuit too:
        'After the third pursuit phase, the operation automatically ends' (V 5.1, L216-217)."""
        s = g.s
        op = s["op"]
        retarget(s)
        R = min(b["pursuit"] for b in op["battles"]) if op["battles"] else 0
        op["R"] = R
        allow = {}
        for u in operating(s):
            inn = B.val(u, "pursuit")
            if inn is None:
                if not AM.may_pursue(u):
                    continue
                inn = 0  # V 5.6, 8.2: an airmobile unit without a modifier pursues on the result alone, by air
            allow[u["id"]] = R + inn - (2 if op["kind"] == "cs" else 0)  # V 6.1: C&S pursuit -2
        op["allow"] = allow
        g.log(f"Pursuit result {R:+d}", "V 5.6", kind="result")
        movement.start(g, f["side"], "pursuit", allow, enter=op["targets"], react=True, into="unused")

    def offensive(self, g, f):
        """V 5.8: the US operating may activate offensive reserves in the pursuit segment."""
        s = g.s
        if f["side"] == "US" and s["op"]["round"] < 3 and s["op"]["targets"] and \
                (reserves(s) or air_left(s) > 0):
            g.call("reserve_pick", who="US", kind="offensive")

    def cs_round(self, g, f):
        """V 6.1: at the end of a C&S round, US units not in a target hex may go on Hold or Patrol."""
        s = g.s
        if s["op"]["kind"] == "cs" and switchable(s, True):
            g.call("cs_switch", who="US", outside=True)

    def cs_end(self, g, f):
        """V 2.1 H: operating units of a C&S may assume Hold or Patrol at its end."""
        if g.s["op"]["kind"] == "cs" and switchable(g.s, False):
            g.call("cs_switch", who="US", outside=False)

    def next_round(self, g, f):
        s = g.s
        op = s["op"]
        unused = f.pop("unused", None) or {}  # the pursuit move's MP left (V 5.6)
        bonus = {}  # V 5.6: each pursuer's combat bonus for the next round's attacks (combat.pursuit_bonus)
        for uid, a in op.get("allow", {}).items():
            u = s["units"][uid]
            if not u["hex"] or B.strength(u) <= 0:
                continue
            left = unused.get(uid, a) if a > 0 else (a if B.opt(s, "negative_pursuit", True) else 0)
            bonus[uid] = int(left if B.opt(s, "pursuit_bonus") == "all_unused" else min(left, op["R"] + 1))
        op["bonus"] = bonus
        op["interdict"] = {}  # V 7.5: markers are removed after each pursuit
        retarget(s)
        if op["round"] < 3 and op["targets"]:
            op["round"] += 1
            self.goto_part(f, "round")

    def wrap(self, g, f):
        """Segment H: operating units are Ops Complete (with artillery that defended); targets,
        RP limits and support assignments end with the operation."""
        s = g.s
        B.turn_back(g)
        B.close_op(s)
        arvn.go_home(g)  # V 11.3: Rangers back to their box
        g.log("End of the operation (V 2.1 H)", "V 2.1")
        s["op"] = None


def available(s, h):
    """Operating ground units in or adjacent to h that have not attacked this round (V 5.4)."""
    op = s["op"]
    return [u for u in operating(s) if B.strength(u) > 0 and u["id"] not in op["used"] and near(h, u["hex"])
            and B.fights(u)]


def attackable(s):
    op = s["op"]
    return [h for h in op["targets"] if h not in op["attacked"] and available(s, h)
            and B.other(op["side"]) in B.sides_at(s, h)]


@B.flow.step("sd_pick")
class SdPick(Step):
    """Segment A (V 5.1): the operating units (any eligible units, anywhere; a dedicated HQ once a
    unit under its command operates, V 7.1) and the target hex (none or one hex holding enemy units)."""

    def prompt(self, g, f):
        n = sum(1 for u in g.s["units"].values() if u["op"])
        return f"Search and Destroy (V 5.1): {n} unit(s) operating, target {f['target'] or 'none'}"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        forms = formations(u for u in B.live(s) if u["op"]) if own_scope(s) else None
        acts = [{"t": "unit", "u": u["id"], **({"label": f"Operate with {u['name']} ({u['hex']})"} if lab else {})}
                for u in eligible(s, f["who"]) if not u["op"] and arvn.may_join(s, u)
                # V 7.1 (L427-428): a dedicated HQ joins an operation of units under its command
                and not (forms is not None and dedicated(u) and not commands_form(u, forms))]
        if f["target"] is None:
            hexes = sorted({u["hex"] for u in B.live(s) if u["side"] != f["who"] and B.fights(u)})
            acts += [{"t": "target", "hex": h, **({"label": f"Target hex {h}"} if lab else {})} for h in hexes]
        if any(u["op"] for u in s["units"].values()):
            acts.append({"t": "go", **({"label": "Designation done"} if lab else {})})
        return acts

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "unit":
            u = s["units"][a["u"]]
            u["op"] = True
            g.log(f"{B.pub(s, u)} in {u['hex']} operates", "V 5.1", refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))
        elif a["t"] == "target":
            f["target"] = a["hex"]
            for u in B.units_at(s, a["hex"], B.other(f["who"])):
                u["tgt"] = True
            retarget(s)
            g.log(f"Target hex {a['hex']}", "V 5.1", refs=B.refs(B.ref_h(a['hex'])))
        else:
            g.end()


@B.flow.step("sd_support")
class SdSupport(Step):
    """Segment B (V 7.3, V 7.5, V 7.6): Air Points (any of those left this game-turn; each serves
    every round of this operation, V 7.3), the cruiser (one operation per turn) and, where the
    scenario allows it, a free-fire zone."""

    def prompt(self, g, f):
        return "Support declaration (V 7.3, 7.5): Air Points and the cruiser for this operation"

    def choices(self, g, f):
        r = g.s["rec"]
        aps = range(0, air_left(g.s) + 1)
        ships = (0, 1) if r["ship"] and not r.get("ship_op") else (0,)
        acts = [{"t": "support", "ap": n, "ship": k,
                 **({"label": f"{n} AP" + (", the cruiser" if k else "")} if g.labels else {})}
                for n in aps for k in ships]
        if g.labels:  # issue 45 item 1: what the declaration ties up for the rest of the turn
            for a in acts:
                w = support_warning(g.s, a["ap"], a["ship"])
                if w:
                    a["warn"] = w
        return acts + ffz_choices(g.s, g.labels)

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "ffz":
            declare_ffz(g, a["region"])  # V 7.6; it lasts the whole scenario (V 18.1 rule 4)
            return
        s["op"]["ship"] = a["ship"]
        commit_air(g, a["ap"])
        if a["ship"]:
            s["rec"]["ship_op"] = True
        g.log(f"Support: {a['ap']} Air Points ({air_left(s)} left this turn)" + (", the cruiser" if a["ship"] else ""),
              "V 7.3")
        g.end()


@B.flow.step("alert")
class Alert(Step):
    """Segment D (V 5.2): per target hex, the NLF may disperse VC units before the roll; then one
    die for the hex: alert MPA = die + the hex's foot cost (+ scenario modifier, Starlite -2)."""

    def prompt(self, g, f):
        return f"Alert in {f['queue'][0]} (V 5.2): disperse VC units, or roll for the alert"

    def _units(self, g, f):
        """The target units in the hex that may disperse: VC only (V 5.2)."""
        return [u for u in B.units_at(g.s, f["queue"][0], "NLF") if u["tgt"] and may_disperse(u)]

    def choices(self, g, f):
        lab = g.labels
        acts = [{"t": "disperse", "u": u["id"], **({"label": f"Disperse {u['name']}"} if lab else {})}
                for u in self._units(g, f)]
        return acts + [{"t": "alert", **({"label": "Roll for the alert"} if lab else {})}] + \
            prefs.actions(g.s, "NLF", "alert", lab)

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "pref":  # "never disperse": this alert is rolled now, the next ones by the engine
            prefs.choose(g, "NLF", "alert", a["value"])
            f["s"] = "alert_auto"
            a = {"t": "alert"}
        if a["t"] == "disperse":
            disperse(g, s["units"][a["u"]], "V 5.2")
            if self._units(g, f):
                return
        h = f["queue"].pop(0)
        mp = {}
        units = self._units_at(s, h)
        if units:
            die = g.roll(1, f"Alert in {h}", "V 5.2")[0]
            m = B.mapof(s)
            mods = {}
            for u in units:
                mod = nva.alert_mod(s, u, f.get("extra", 0))  # V 7.5: extra -2 against a bombardment
                mp[u["id"]] = die + m.foot_cost(h) + mod
                mods.setdefault(mod, []).append(u)
            for mod, us in sorted(mods.items(), reverse=True):
                # one die for the hex; the units' own modifiers may differ (V 5.2)
                who = "" if len(mods) == 1 else \
                    " for " + ", ".join(B.pub(s, u) for u in us) + (f" ({nva.alert_why(s, us[0])})" if nva.alert_why(s, us[0]) else "")
                g.log(f"Alert MPA {die} + {m.foot_cost(h)} (terrain) {mod:+d} = {die + m.foot_cost(h) + mod}{who}",
                      "V 5.2")
        if not f["queue"]:
            g.pop()
        movement.start(g, "NLF", "alert", mp)

    @staticmethod
    def _units_at(s, h):
        """The target units in h that alert (V 5.2: VC, unaugmented NVA infantry regiments)."""
        return [u for u in B.units_at(s, h, "NLF") if u["tgt"] and nva.may_alert(s, u)]


@B.flow.step("alert_auto")
class AlertAuto(Alert):
    """Segment D under the NLF's play setting "never disperse at an alert": the engine rolls for
    each target hex in turn (the alert moves stay the NLF's decisions)."""

    def run(self, g, f):
        self.act(g, f, {"t": "alert"})


@B.flow.step("attack_pick")
class AttackPick(Step):
    """Segment E (V 5.4): round 1 attacks every target hex in or adjacent to operating ground units
    (R21, option mandatory_round1); later rounds attack any of them, or stop."""

    def prompt(self, g, f):
        return f"Combat round {g.s['op']['round']} (V 5.4): choose the next attack"

    def choices(self, g, f):
        """Round 1 (R21): all the available units attack. Later rounds: any of them."""
        s, lab = g.s, g.labels
        free = s["op"]["round"] > 1 or not B.opt(s, "mandatory_round1", True)
        acts = []
        for h in attackable(s):
            units = [u["id"] for u in available(s, h)]
            masks = range((1 << len(units)) - 1, 0, -1) if free else [(1 << len(units)) - 1]
            for mask in masks:
                ids = [x for i, x in enumerate(units) if mask >> i & 1]
                names = ", ".join(s["units"][x]["name"] for x in ids)
                acts.append({"t": "attack", "hex": h, "units": ids,
                             **({"label": f"Attack {h} with {names}"} if lab else {})})
        if free:
            acts.append({"t": "stop", **({"label": "No more attacks this round"} if lab else {})})
        return acts

    def act(self, g, f, a):
        g.end({"hex": a["hex"], "units": list(a["units"])} if a["t"] == "attack" else "stop")




def reserves(s):
    """US units that may still become reserves: not operating, not targets, not yet used this turn."""
    return [u for u in eligible(s, "US") if not u["op"] and not u["tgt"] and B.mpa(s, u) > 0]


@B.flow.step("reserve_pick")
class ReservePick(Step):
    """V 5.7 defensive reserves (the US defending: each moves its full MPA as if retreating; in a
    target hex it becomes a target unit, elsewhere it is uninvolved) and V 5.8 offensive reserves
    (the US operating: it joins the operation and moves its full MPA; no pursuit this round)."""

    def prompt(self, g, f):
        return f"{f['kind'].title()} reserves (V 5.{7 if f['kind'] == 'defensive' else 8}): activate a unit or finish"

    def choices(self, g, f):
        lab = g.labels
        r = g.s["rec"]
        # V 7.3: Air Points not yet committed this turn may be declared now (defensive AP in the
        # Retreat segment of an NLF operation, extra AP in the Pursuit segment of a US one)
        air = [{"t": "ap", "n": n, **({"label": f"Commit {n} Air Points", "warn": air_warning(g.s, n, f["kind"])}
                                      if lab else {})}
               for n in range(1, air_left(g.s) + 1)]
        return [{"t": "reserve", "u": u["id"], **({"label": f"Activate {u['name']} ({u['hex']})"} if lab else {})}
                for u in reserves(g.s)] + air + [{"t": "done", **({"label": "No (more) reserves"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.end()
            return
        if a["t"] == "ap":
            commit_air(g, a["n"])
            g.log(f"The US commits {a['n']} Air Points to the operation ({s['op']['ap']} in it, {air_left(s)} left "
                  "this turn)", "V 7.3")
            return
        u = s["units"][a["u"]]
        u["rsv"] = s["op"]["round"]
        rule = "V 5.7" if f["kind"] == "defensive" else "V 5.8"
        if f["kind"] == "offensive":
            u["op"] = True
        g.log(f"{u['name']} becomes a {f['kind']} reserve", rule)
        movement.start(g, "US", "reserve", {u["id"]: B.mpa(s, u)}, enter=s["op"]["targets"], react=True, rule=rule,
                       cur=u["id"])


def air_warning(s, n, kind):
    """Issue 45 item 1: Air Points committed now serve this operation only, for the rest of the
    game-turn (V 7.3: 'a given Air Point may be used once per game-turn')."""
    left = air_left(s)
    what = "the defence against the NLF operation" if kind == "defensive" else "this operation"
    return (f"Commit {n} of the {left} Air Points left this game-turn to {what} (V 7.3): they serve it "
            f"alone and are used for the whole turn; {left - n} {'stays' if left - n == 1 else 'stay'} for later operations")


def support_warning(s, ap, ship):
    """Issue 45 item 1: the Support Declaration's Air Points and cruiser are tied up for the turn
    (V 7.3, V 7.4); nothing to warn of when nothing is declared."""
    bits = []
    if ap:
        left = air_left(s)
        bits.append(f"{ap} of the {left} Air Points left this game-turn serve this operation alone (V 7.3); "
                    f"{left - ap} {'stays' if left - ap == 1 else 'stay'} for later operations")
    if ship:
        bits.append("the cruiser serves this operation only: it is done for the turn (V 7.4)")
    return ("Support declaration: " + "; ".join(bits)) if bits else None


def switchable(s, outside):
    return [u for u in operating(s) if u["side"] == "US" and B.val(u, "nat") in ("US", "FWA")
            and (not outside or u["hex"] not in s["op"]["targets"])]


@B.flow.step("cs_switch")
class CsSwitch(Step):
    """V 6.1: a unit switched to Hold or Patrol leaves the operation (uninvolved) and keeps the
    mission; Patrol needs ground strength (V 6.2)."""

    def prompt(self, g, f):
        return "Clear and Secure (V 6.1): put units on Hold or Patrol, or finish"

    def choices(self, g, f):
        lab = g.labels
        acts = []
        for u in switchable(g.s, f["outside"]):
            acts.append({"t": "hold", "u": u["id"], **({"label": f"{u['name']}: Hold"} if lab else {})})
            if B.strength(u) > 0:
                acts.append({"t": "patrol", "u": u["id"], **({"label": f"{u['name']}: Patrol"} if lab else {})})
        return acts + [{"t": "done", **({"label": "Finish"} if lab else {})}]

    def act(self, g, f, a):
        if a["t"] == "done":
            g.end()
            return
        u = g.s["units"][a["u"]]
        u["op"] = False
        u["mission"] = a["t"]
        u["mission_turn"] = g.s["turn"]
        g.log(f"{u['name']} in {u['hex']} goes on {a['t'].title()}", "V 6.1",
              refs=B.refs(B.ref_u(g.s, u), B.ref_h(u['hex'])))


def first_units(s, side):
    """The units an operation may begin with (V 5.1): any eligible unit but a dedicated HQ, which
    joins only an operation of units under its command (V 7.1, option hq_support_scope)."""
    return [u for u in eligible(s, side) if not (dedicated(u) and own_scope(s))]


AS.register(AS.Kind("sd", step="sd", order=1, what="a Search and Destroy operation", rule="V 5",
                    labels={"NLF": "The NLF operates: Search and Destroy", "US": "Conduct a Search and Destroy operation"},
                    may=lambda s, side: bool(first_units(s, side)), data={"kind": "sd"}))
AS.register(AS.Kind("cs", step="sd", order=2, what="a Clear and Secure operation", rule="V 6.1",
                    labels={"US": "Conduct a Clear and Secure operation (V 6.1)"},  # V 6.1: the US only
                    may=lambda s, side: any(not arvn.is_ranger(u) for u in first_units(s, side)),  # no Ranger in a C&S
                    data={"kind": "cs"}))
