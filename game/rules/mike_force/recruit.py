"""Free World Recruiting Phase: Appeal (MF 22.4), scenario RP (MF 12.1), recruiting SF and MACV
units (MF 12.0-12.7, 25.1, 25.2, 25.9) and refit (MF 13.3)."""

from ...engine.flow import Bare, Procedure, Step
from . import board as B
from .board import flow
from .data import MAP, SCENARIOS, SPACES, TABLES
from .events import loc_name, offer_recruit, pool_unit, recruit_choices

REC = {k: v for k, v in TABLES["recruit"].items() if isinstance(v, dict)}
REFIT = {k: v for k, v in TABLES["refit"].items() if isinstance(v, dict)}
_REFITS = frozenset(REFIT)  # the kinds that refit (MF 13.3)
_MF = frozenset(["mf"])


@flow.step("fw_appeal")
class Appeal(Step):
    def _eligible(self, s):
        U = s["units"]
        return not s["turn_flags"].get("appealed") and any(
            U[x].get("att") and U[x]["loc"] == B.NT for x in B.leaders(s))

    def prompt(self, g, f):
        return "A leader is in Nha Trang: you may appeal to 5th SFG (Abn) once this turn (MF 22.4)"

    def choices(self, g, f):
        out = [{"t": "done", "label": "No appeal"}]
        if self._eligible(g.s):
            out.insert(0, {"t": "appeal", "label": "Appeal to 5th SFG (Abn): roll one die"})
        return out

    def act(self, g, f, a):
        g.pop()
        if a["t"] != "appeal":
            return
        s = g.s
        s["turn_flags"]["appealed"] = True
        d = g.roll(1, "Appeal to 5th SFG (Abn)", "MF 22.4")[0]
        res = TABLES["appeal"][str(d)]
        if res == "rp_minus_1":
            B.change_rp(g, -1, "Appeal: chewed out", "MF 22.4")
        elif res == "rp_plus_2":
            B.change_rp(g, 2, "Appeal granted", "MF 22.4")
        elif res == "rp_plus_d6":
            B.change_rp(g, g.roll(1, "Appeal: RP", "MF 22.4")[0], "Appeal: full support", "MF 22.4")
        elif res == "free_team":
            ch = recruit_choices(s, ["ateam", "rt"], [B.NT])
            if not offer_recruit(g, "Appeal: receive one A-Team or Recon Team in Nha Trang", ch, "MF 22.4"):
                g.log("No team available", "MF 22.4")
        elif res == "free_macv":
            draw_macv(g, "Appeal")
        else:
            g.log("Appeal: no effect", "MF 22.4")


@flow.step("fw_income")
class Income(Step):
    def run(self, g, f):
        g.pop()
        n = SCENARIOS[g.s["scenario"]]["rp_dice"]
        d = g.roll(n, "Scenario recruit points", "MF 12.1")
        B.change_rp(g, sum(d), "Scenario recruit points", "MF 12.1")


def draw_macv(g, why):
    """MF 12.7: pick one MACV unit at random; ground units deploy, air units wait in Support Available."""
    s = g.s
    cands = sorted(B.units_at(s, B.SUP_POOL))
    if not cands:
        g.log("The Support Reinforcements Box is empty", "MF 12.7")
        return
    mid = g.pick(cands)
    u = s["units"][mid]
    g.log(f"{why}: MACV support unit drawn: {B.name_of(s, mid)}", "MF 12.7")
    if B.is_air(u):
        B.put(s, mid, B.SUP_AVAIL)
        return
    B.put(s, mid, "DRAWN")
    dests = [B.NT] + [sp for sp in MAP["major_bases"] if B.fw_controlled(s, sp)]
    ch = [{"t": "deploy", "unit": mid, "to": d, "label": f"{B.name_of(s, mid)} to {loc_name(d)}"} for d in dests]
    g.call("deploy", prompt=f"Deploy {B.name_of(s, mid)} in Nha Trang or a Free World major base", rule="MF 12.7",
           choices=ch)


@flow.step("deploy")
class Deploy(Procedure):
    """MF 12.7: a MACV ground unit drawn deploys where the player picks (the options given by the
    draw: Nha Trang or a Free World major base; any major base in the I Corps Offensive)."""

    parts = ("ask", "deploy")

    def ask(self, g, f):
        g.ask(f.pop("prompt"), f.pop("rule"), f.pop("choices"), into="to")

    def deploy(self, g, f):
        a = f["to"]
        B.put(g.s, a["unit"], a["to"])
        g.log(f"{B.name_of(g.s, a['unit'])} deployed at {loc_name(a['to'])}", "MF 12.7",
              refs=B.refs(B.ref_u(g.s, a['unit']), B.ref_p(a['to'])))


def _team_cadres(s, space, kinds=("ateam", "halo")):
    done = s["turn_flags"].get("recruited", [])
    return [uid for uid in sorted(B.units_seen(s, space))
            if s["units"][uid]["k"] in kinds and uid not in done]


_SVN = tuple(sp for sp, r in SPACES.items() if r["region"] == "SVN")
_LAOS = tuple(sp for sp, r in SPACES.items() if r["region"] == "LAOS")
_SVN_LAOS = tuple(sp for sp, r in SPACES.items() if r["region"] in ("SVN", "LAOS"))


def all_cadres(s):
    """_team_cadres of every place at once, {place: [A-Teams and HALO teams not recruited this
    phase, by id]}, from one pass over the Free World units in play (MF 12.4, 25.2)."""
    done = s["turn_flags"].get("recruited", ())
    U = s["units"]
    out = {}
    for uid in B.fw_in_play_of(s, _CADRE_KINDS):  # by id
        u = U[uid]
        if uid not in done:
            c = out.get(u["loc"])
            if c is None:
                out[u["loc"]] = [uid]
            else:
                c.append(uid)
    return out


_CADRE_KINDS = frozenset(("ateam", "halo"))


def recruit_options(s, labels=True):
    """Every legal recruit action (labelled unless labels=False: nobody reads them)."""
    out = []
    rp = s["rp"]
    where = _Where(s)
    U = s["units"]
    in_pool = {U[u]["k"] for u in B.units_seen(s, B.SF_POOL)}  # what pool_unit would find
    for kind, rule in REC.items():
        if kind == "macv" or rp < rule["rp"]:
            continue
        if kind not in in_pool:
            continue
        place = rule["place"]
        dests = where.dests(place)
        if not labels:  # the simulator: the same actions without their labels
            out += [{"t": "recruit", "kind": kind, "to": d} for d, _ in dests]
            continue
        name = B.KINDS[kind]["name"]
        extra = " (replaces a Mike Force company)" if place == "replace_mf" else \
            " (an A-Team is the cadre)" if place == "camp_ateam_cadre" else \
            " (roll 1-4 to succeed)" if place == "laos_ateam" else ""
        for d, cadre in dests:
            out.append({"t": "recruit", "kind": kind, "to": d,
                        "label": f"Recruit {name} at {loc_name(d)}, {rule['rp']} RP{extra}"})
    return out


class _Where:
    """Where a recruit may be placed now, by the Recruit Table's place of its kind (MF 12.3-12.4,
    25.1, 25.2, R-PR2, R-CA1): the facts read once for a listing, the cadres when first needed."""

    def __init__(self, s):
        self.s = s
        self.dn_ok = B.fw_controlled(s, "DN")
        self.majors = [sp for sp in MAP["major_bases"] if B.fw_controlled(s, sp)]
        self.camps = B.camp_spaces(s)
        self.cadres = None  # {space: its cadres}, found once when first asked

    def cadre_at(self, sp):
        if self.cadres is None:
            self.cadres = all_cadres(self.s)
        return self.cadres.get(sp)

    def dests(self, place):
        """[(space, the unit taken as cadre or replaced, or None)]."""
        s, majors, camps = self.s, self.majors, self.camps
        if place == "nt_or_dn":
            return [(B.NT, None)] + ([("DN", None)] if self.dn_ok else [])
        if place == "nt":
            return [(B.NT, None)]
        if place == "nt_or_major":
            return [(B.NT, None)] + [(sp, None) for sp in majors]
        if place == "dn":
            return [("DN", None)] if self.dn_ok else []
        if place == "replace_mf":  # MF 25.1
            dests = []
            recruited = s["turn_flags"].get("recruited", [])
            for uid in B.fw_in_play_of(s, _MF):  # a Mike Force company elsewhere has no place to recruit at
                u = s["units"][uid]
                if not u.get("red") and uid not in recruited:
                    loc = u["loc"]
                    if loc == B.NT or loc in majors or loc in camps:
                        dests.append((loc, uid))
            return dests
        if place == "laos_ateam":  # MF 25.2
            return [(sp, c[0]) for sp in _LAOS for c in (self.cadre_at(sp),) if c]
        if place == "camp_ateam_cadre":  # MF 12.4, R-PR2: SVN only
            return [(sp, c[0]) for sp in _SVN if sp in camps for c in (self.cadre_at(sp),) if c]
        if place == "ateam_controlled":  # R-CA1
            return [(sp, None) for sp in _SVN_LAOS if self.cadre_at(sp) and B.fw_controlled(s, sp)]
        if place == "camp_or_major":  # R-PR2: SVN only
            return [(sp, None) for sp in _SVN if sp in camps or sp in majors]
        raise ValueError(place)


def _cadre_for(s, kind, to):
    place = REC[kind]["place"]
    if place == "replace_mf":
        return next(uid for uid, u in sorted(s["units"].items()) if u["k"] == "mf" and u["loc"] == to
                    and not u.get("red") and uid not in s["turn_flags"].get("recruited", []))
    if place in ("laos_ateam", "camp_ateam_cadre"):
        return _team_cadres(s, to)[0]
    return None


def refit_location_ok(s, uid):
    u = s["units"][uid]
    where = REFIT.get(u["k"], {}).get("where")
    loc = u["loc"]
    major = B.is_major(loc) and B.fw_controlled(s, loc)
    if where == "nt_major_camp":
        return loc == B.NT or major or (loc in SPACES and B.has_camp(s, loc))
    if where == "nt_major":
        return loc == B.NT or major
    if where == "laos_ateam_or_camp":
        return loc in SPACES and B.region(loc) == "LAOS" and (B.has_camp(s, loc) or _team_cadres(s, loc))
    if where == "in_place_clear":
        return loc in SPACES and not B.com_units(s, loc)
    return False


@flow.step("fw_recruit")
class Recruit(Step):
    always_ask = False

    def prompt(self, g, f):
        return f"Recruiting Phase: spend recruit points ({g.s['rp']} RP) to recruit or refit, then end the phase (MF 12, 13.3)"

    def choices(self, g, f):
        s = g.s
        out = recruit_options(s, g.labels)
        if s["rp"] >= REC["macv"]["rp"] and B.units_seen(s, B.SUP_POOL):
            out.append({"t": "macv", "label": f"Recruit a MACV support unit at random, {REC['macv']['rp']} RP"}
                       if g.labels else {"t": "macv"})
        for uid in B.fw_in_play_of(s, _REFITS):  # a refit is made on the map or in Nha Trang (refit_location_ok)
            u = s["units"][uid]
            if u.get("red") and s["rp"] >= REFIT[u["k"]]["rp"] \
                    and refit_location_ok(s, uid):
                out.append({"t": "refit", "unit": uid,
                            "label": f"Refit {B.name_of(s, uid)} at {loc_name(u['loc'])}, {REFIT[u['k']]['rp']} RP"}
                           if g.labels else {"t": "refit", "unit": uid})
        if not g.labels:  # the simulator: no label, nor the warning a reader would confirm
            out.append({"t": "done"})
            return Bare(out)
        done = {"t": "done", "label": "End the Recruiting Phase"}
        if out and s["rp"] > 0:  # issue 9 item 5: ending with points that could still buy something
            done["label"] += f" ({s['rp']} RP unspent)"
            done["warn"] = f"End the Recruiting Phase with {s['rp']} RP unspent? (MF 12)"
        out.append(done)
        return out

    def act(self, g, f, a):
        s = g.s
        flags = s["turn_flags"]
        if a["t"] == "done":
            g.pop()
            flags.pop("recruited", None)
            return
        if a["t"] == "macv":
            B.change_rp(g, -REC["macv"]["rp"], "MACV support recruited", "MF 12.7")
            draw_macv(g, "Recruit")
            return
        if a["t"] == "refit":
            k = s["units"][a["unit"]]["k"]
            B.change_rp(g, -REFIT[k]["rp"], f"Refit {B.name_of(s, a['unit'])}", "MF 13.3")
            s["units"][a["unit"]].pop("red")
            g.log(f"{B.name_of(s, a['unit'])} refitted to full strength", "MF 13.3",
                  refs=B.refs(B.ref_u(g.s, a['unit'])))
            return
        kind, to = a["kind"], a["to"]
        rule = REC[kind]
        cadre = _cadre_for(s, kind, to)
        B.change_rp(g, -rule["rp"], f"Recruit {B.KINDS[kind]['name']}", "MF 12.3")
        if rule["place"] == "laos_ateam":
            d = g.roll(1, "White Star recruiting (1-4 succeeds)", "MF 25.2")[0]
            if d > rule["roll_success_max"]:
                g.log("White Star recruiting fails; the RP are spent", "MF 25.2")
                return
        uid = pool_unit(s, kind)
        B.put(s, uid, to)
        s["units"][uid].pop("red", None)
        flags.setdefault("recruited", []).append(uid)
        if cadre:
            remove_cadre(g, cadre)
        g.log(f"{B.KINDS[kind]['name']} recruited at {loc_name(to)}", "MF 12.3", refs=B.refs(B.ref_u(s, uid), B.ref_p(to)))


def remove_cadre(g, uid):
    """MF 12.4 / 25.1: the cadre goes to the reinforcement box; its leader goes with it (R-CAD1)."""
    s = g.s
    for o in s["units"].values():
        if o.get("by") == uid:  # carried targets stay in the space, revealed
            o.pop("by")
    B.move_unit(s, uid, B.SF_POOL)
    s["units"][uid].pop("red", None)
    for o in s["units"].values():
        if o.get("att") == uid:
            o.pop("att")
    g.log(f"{B.name_of(s, uid)} is used as cadre and returns to the reinforcement box", "MF 12.4")
