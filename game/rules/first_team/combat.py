"""Combat (FT 11.0-11.7): the Combat Results Table, column shifts, ambush and open combat,
airstrikes and ARA attacking alone (FT 7.21, 7.22, 9.7), results against the NVA (automatic)
and against the Americans (the player distributes fatigue, orders break rolls, retreats)."""

from ...engine import battle as BR
from ...engine.flow import Step
from . import board as B
from .ask import ask, then
from .board import flow
from .data import ADJ, COUNTERS, LOC, TABLES

CRT = TABLES["crt"]["cells"]


def crt(col, row):
    """FT 11.2: columns clamp to 1..11; rows to 1..12 (A37)."""
    col = max(1, min(11, col))
    row = max(1, min(12, row))
    return CRT[str(row)][col - 1], col, row


def parse(res):
    """'-', 'R', '3', '2B', 'AA' with an optional '*' -> (kind, n, star)."""
    star = res.endswith("*")
    core = res.rstrip("*")
    if core in ("-", ""):
        return "-", 0, star
    if core == "R":
        return "R", 0, star
    if core.endswith("B"):
        return "B", int(core[:-1]), star
    if set(core) == {"A"}:
        return "A", len(core), star
    return "#", int(core), star


# --- column shifts ---------------------------------------------------------------------------

def hold_shift(s, defending):
    """FT 11.24 "If firing units are under a Hold Marker, another column is added" against 11.5
    "a one shift benefit when firing defensively" (they differ for the 11.51 locations, whose units
    may attack): ruling R-HOLD1, option hold_shift (default: 11.24, whenever firing)."""
    return defending or s["options"].get("hold_shift", "when_firing") == "when_firing"


def us_fire_column(s, loc, firing, targets, sup, ambush=False, defending=True):
    """FT 11.21-11.29 for the Americans firing on NVA units in loc. Returns (column, notes)."""
    U = s["units"]
    fs = sum(B.us_str(U[x]) for x in firing)
    fs += len(sup.get("tac", [])) * COUNTERS["tac_air"]["support"]
    fs += len(sup.get("ara", [])) * COUNTERS["ara"]["support"]
    ts = sum(B.n_str(U[x]) for x in targets)
    notes = []
    sup_shift = fs // ts if ts else 0
    col = 1 + sup_shift
    notes.append(f"superiority {fs}/{ts} +{sup_shift}")
    eff = min((B.us_eff(U[x]) for x in B.us_ground(s, loc)), default=0)
    col += eff
    notes.append(f"effectiveness +{eff}")
    if ambush:
        col += 2
        notes.append("ambush +2")
    if firing and all(B.hold_of(s, U[x]) for x in firing) and hold_shift(s, defending):
        col += 1
        notes.append("firing from HOLD +1")
    if targets and all(U[x].get("hold") for x in targets):
        col -= 1
        notes.append("firing at HOLD -1")
    arty = len(sup.get("arty", []))
    if arty:
        col += arty
        notes.append(f"artillery +{arty}")
        if any(obs_counts(s, loc, h) for h in sup.get("oh", [])):
            col += 1
            notes.append("observation helicopter +1")
    adj = len(sup.get("adj", []))
    if adj:
        col += adj
        notes.append(f"supporting locations +{adj}")
    return col, notes


def obs_counts(s, loc, oh):
    """FT 11.28, 14.3: the 1/9 observation helicopter helps only artillery supporting the 1/9."""
    if not s["units"][oh].get("r19"):
        return True
    return any(s["units"][x].get("bn") == "1/9" for x in B.us_inf(s, loc))


def nva_fire_column(s, loc, firing, targets, night=False, nsup=0, ambush=False, unsup=None, defending=True):
    """FT 11.21-11.29 for the NVA firing on US units in loc. `unsup`: the US units that were out of
    supply as the combat began (FT 6.3, 11.26: supply spent "at the instant of combat" does not make
    the stack unsupplied for that same combat); None = judge now."""
    U = s["units"]
    fs = sum(B.n_str(U[x]) for x in firing)
    ts = sum(B.us_str(U[x]) for x in targets)
    sup_shift = fs // ts if ts else 0
    col = 1 + sup_shift
    notes = [f"superiority {fs}/{ts} +{sup_shift}"]
    eff = B.lowest_eff(s, B.nva_at(s, loc))
    col += eff
    notes.append(f"effectiveness +{eff}")
    if ambush:
        col += 2
        notes.append("ambush +2")
    if firing and all(U[x].get("hold") for x in firing) and hold_shift(s, defending):
        col += 1
        notes.append("firing from HOLD +1")
    if targets and all(B.hold_of(s, U[x]) for x in targets):
        col -= 1
        notes.append("firing at HOLD -1")
    if night:
        col += 3
        notes.append("night +3")
    if any((x in unsup) if unsup is not None else not B.supplied(s, x) for x in targets):
        col += 4
        notes.append("unsupplied target +4")
    if s["options"]["nva_artillery"]:
        # FT 16.2 (A74): +1 column per unfired NVA artillery unit present, each then fired until O
        per_unit = s["options"].get("nva_artillery_shift", "per_unit") == "per_unit"
        for a in B.nart_at(s, loc):
            if not U[a].get("fired"):
                U[a]["fired"] = True
                col += 1
                notes.append("NVA artillery +1")
                if not per_unit:
                    break
    if nsup:
        col += nsup
        notes.append(f"supporting locations +{nsup}")
    return col, notes


def _said(text, refs):
    """The refs a line's text names (a token lights only what the line says)."""
    return [x for x in refs if x[2] in text] or None if refs else None


def roll_crt(g, col, n_inf, who, notes, rule, refs=None):
    """`refs`: the place and units the fire concerns, lit on hover in the log (B.refs).
    The lines name the place they happen at, so hovering one lights what it says."""
    place = next((x[2] for x in refs or () if x[0] == "p"), None)
    if place and place not in who:
        who = f"{who} at {place}"
    text = f"{who}: combat die (row = die + {n_inf} infantry fired on)"
    d = g.roll(1, text, rule, refs=_said(text, refs))[0]
    res, c, r = crt(col, d + n_inf)
    text = f"{who}: column {c} ({', '.join(notes)}), row {r}: result {res}"
    g.log(text, "FT 11.2", kind="combat", refs=_said(text, refs))
    # battle display (engine/battle.py): every CRT fire with its column, each shift explained
    if not BR.current(g):
        BR.start(g, "", who, rule, [])
    BR.odds(g, f"column {c}", base=notes[0] if notes else "", row=r, result=res,
            shifts=[BR.shift(x) for x in notes[1:]], who=who, rule=rule)
    BR.event(g, f"{who}: combat die {d} + {n_inf} infantry fired on = row {r}: result {res}", rule,
              dice=[BR.die(d)])
    return res


# --- results against the NVA (automatic) -----------------------------------------------------------

def nva_result(g, loc, res, targets, why, single=False):
    """CRT explanation, NVA side: # steps cycling in key order, #B break rolls, A automatic breaks.
    Returns True if an R result must be applied."""
    s = g.s
    U = s["units"]
    kind, n, star = parse(res)
    alive = lambda: [x for x in B.nsort(s, targets) if U[x]["loc"] == loc]  # noqa: E731
    if kind == "#":
        left = n
        while left > 0 and alive():
            for x in alive():
                if left <= 0:
                    break
                B.nva_step(g, x, why)
                left -= 1
    elif kind == "B":
        cands = [x for x in alive() if not B.broken(U[x])][:n]
        for x in cands:
            e = B.n_eff(U[x])
            d = g.roll(1, f"Break roll for NVA {B.uname(s, x)} (breaks above {e})", "FT 11.2",
                       refs=B.refs(B.ref_u(g.s, x)))[0]
            if d > e:
                B.break_nva(g, x, why)
            else:
                B.nva_step(g, x, why)
    elif kind == "A":
        for x in [x for x in alive() if not B.broken(U[x])][:n]:
            B.break_nva(g, x, why)
    return kind == "R"


def nva_retreat(g, loc, uids):
    """CRT R (A22): to the lowest-numbered adjacent unoccupied location, ties lowest class; if
    none, the lowest unit loses a step and all stay."""
    s = g.s
    uids = [x for x in uids if s["units"][x]["loc"] == loc]
    if not uids:
        return
    cands = [a for a in ADJ[loc] if not B.has_nva(s, a) and not B.has_us(s, a)]
    if not cands:
        low = B.nsort(s, uids)[0]
        g.log(f"NVA at {B.name(loc)} cannot retreat: the lowest company loses a step", "FT 11.2",
              refs=B.refs(B.ref_p(loc)))
        B.nva_step(g, low, "no retreat")
        return
    # Pleiku has no location number (its 0 in map.json is not one): it sorts last, so it is a
    # retreat destination only when it is the only candidate (A22)
    dest = min(cands, key=lambda a: (LOC[a]["number"] if a != B.PLEIKU else 99, B.cls(B.zone_of(a)), a))
    for x in uids:
        B.place_nva(s, x, dest)
        s["units"][x]["mv"] = True
    g.log(f"NVA {', '.join(B.uname(s, x) for x in uids)} retreat {B.name(loc)} -> {B.name(dest)}", "FT 11.2",
          kind="move", move=[loc, dest], units=len(uids),
          refs=B.refs(*(B.ref_u(s, x) for x in uids), B.ref_p(loc), B.ref_p(dest)))
    B.overrun(g, dest, uids)


# --- airstrikes and ARA alone (FT 7.21, 7.22, 9.7) -------------------------------------------------

def strike_units(g, where, factor, units, who, rule, air=()):
    """Each NVA unit attacked separately: column 1 + factor // strength, row = die + 1; only the
    superiority shift applies (FT 7.21). R in a Zone Box has no effect (A41). `air`: the Tac Air,
    B-52 or ARA units committed, for the NVA AA of optional rule 16.21."""
    s = g.s
    since = len(g.logbuf)
    BR.start(g, B.name(where), f"{who} on {B.name(where)}", rule, [
        BR.side("US", "American", "attacker", [], first=True, support=[f"{who}, strike factor {factor}"]),
        BR.side("NVA", "NVA", "defender", [BR.unit(x, f"NVA {B.uname(s, x)}", f"{B.n_str(s['units'][x])}-"
                                                      f"{B.n_eff(s['units'][x])}") for x in units
                                           if s["units"][x]["loc"] == where])], at=where)
    _strike(g, where, factor, units, who, rule, air)
    BR.losses_from_log(g, since)
    BR.end(g, "Strike over")


def _strike(g, where, factor, units, who, rule, air):
    s = g.s
    for x in units:
        u = s["units"][x]
        if u["loc"] != where:
            continue
        # FT 16.21: NVA artillery stacked in the location as this combat occurs (it may die with
        # its company when the result is applied)
        aa = bool(air) and s["options"]["nva_artillery"] and where in LOC and bool(B.nart_at(s, where))
        col = 1 + factor // B.n_str(u)
        res = roll_crt(g, col, 1, f"{who} on NVA {B.uname(s, x)}", [f"superiority {factor}/{B.n_str(u)}"], rule,
                       refs=B.refs(B.ref_p(where), B.ref_u(s, x)))
        if aa and parse(res)[2]:
            left = [y for y in air if s["units"][y]["loc"] != B.ELIM]
            if left:
                # the committed units are all of one kind (a strike is Tac Air, B-52 or ARA only);
                # among ARA a fatigued one is taken first (A73)
                aa_destroy(g, sorted(left, key=lambda y: (-s["units"][y].get("st", 0), y))[0], where)
        if nva_result(g, where, res, [x], who) and where in LOC:
            nva_retreat(g, where, [x])


def aa_destroy(g, x, loc):
    """FT 16.21: an aircraft permanently eliminated by NVA AA; it counts as an eliminated (not
    broken) company for VPs. A transport's cargo goes back to An Khe, as with * (A36, A73)."""
    s = g.s
    g.log(f"NVA anti-aircraft fire at {B.name(loc)} destroys {B.uname(s, x)}", "FT 16.21", kind="loss",
          refs=B.refs(B.ref_p(loc), B.ref_u(g.s, x)))
    aircraft_out(g, x, B.ELIM, "FT 16.21, 11.2 (*)")
    B.vp(g, s["options"]["vp_company"], "Aircraft destroyed by NVA AA (one company)", "FT 16.21")


def aircraft_out(g, x, where, rule):
    """An aircraft leaves play (Refit or eliminated); a transport's cargo goes back to An Khe (A36)."""
    s = g.s
    u = s["units"][x]
    B.put(s, x, where)
    u["used"] = False
    cargo = s["f"].get("cargo", {}).pop(x, None)
    if cargo and s["units"][cargo]["loc"] in LOC:
        B.put(s, cargo, B.ANKHE)
        s["units"][cargo]["hold"] = False
        g.log(f"Its cargo, {B.uname(s, cargo)}, returns to An Khe", rule)


def fight_aa(g, f):
    """FT 16.21 in a combat: NVA artillery present, a * in either result, American helicopters or
    Tac Air involved: one of them (the player's choice, A73) is permanently eliminated."""
    s = g.s
    U = s["units"]
    loc = f["loc"]
    anystar = parse(f["r_us"])[2] or parse(f["r_nva"])[2]
    # the artillery must be stacked there as the combat occurs (it may since have died with its company)
    present = f["nart"] if "nart" in f else bool(B.nart_at(s, loc))
    if not (s["options"]["nva_artillery"] and anystar and present):
        return
    air = [x for x in f["helis"] + f["sup"].get("tac", []) if U[x]["loc"] not in (B.ELIM, B.REFIT)]
    if not air:
        return
    cargo = s["f"].get("cargo", {})
    classes = {}
    for x in sorted(air):
        u = U[x]
        classes.setdefault((u["k"], bool(u.get("r19")), u.get("st", 0), cargo.get(x)), x)
    if len(classes) == 1:
        aa_destroy(g, sorted(air)[0], loc)
        return
    ch = []
    for x in classes.values():
        u = U[x]
        st = "fatigued " if u.get("st") else ""
        what = f" (cargo {B.uname(s, cargo[x])} back to An Khe)" if cargo.get(x) else ""
        ch.append({"t": "aa", "heli": x, "loc": loc, "label": f"{st}{B.uname(s, x)} is destroyed{what}"})
    ask(g, "NVA AA (*): choose the aircraft permanently eliminated", "FT 16.21", ch, "aa_victim")


@then("aa_victim")
def _aa_victim(g, a, data):
    aa_destroy(g, a["heli"], a["loc"])


# --- one combat as a frame ---------------------------------------------------------------------------

def start_fight(g, loc, kind, att, us_f=(), us_t=(), n_f=(), n_t=(), sup=None, night=False, nsup=0, helis=()):
    f = g.push("fight", loc=loc, kind=kind, att=att, stage="start", us_f=list(us_f), us_t=list(us_t),
               n_f=list(n_f), n_t=list(n_t), sup=sup or {}, night=night, nsup=nsup, helis=list(helis))
    _record_start(g, f)


def _record_start(g, f):
    """The battle display's record (engine/battle.py): both sides with strength-effectiveness, who
    fires first (the attacker, FT 11.0), the support committed so far; display only."""
    s = g.s
    U = s["units"]
    loc = f["loc"]
    us = list(dict.fromkeys(f["us_f"] + f["us_t"]))
    nva = list(dict.fromkeys(f["n_f"] + f["n_t"]))

    def us_unit(x):
        u = U[x]
        return BR.unit(x, B.uname(s, x), f"{B.us_str(u)}-{B.us_eff(u)}",
                       "broken" if u.get("brk") else (f"fatigue {u['fat']}" if u.get("fat") else ""))

    def nva_unit(x):
        u = U[x]
        return BR.unit(x, f"NVA {B.uname(s, x)}", f"{B.n_str(u)}-{B.n_eff(u)}", "broken" if B.broken(u) else "")

    fires = {"US": f["att"] == "US" or f["kind"] == "open", "NVA": f["att"] == "NVA" or f["kind"] == "open"}
    kind = "Ambush" if f["kind"] == "ambush" else "Open combat"
    BR.start(g, B.name(loc), f"{kind} at {B.name(loc)}" + (" (night)" if f.get("night") else ""), "FT 11.0", [
        BR.side("US", "American", "attacker" if f["att"] == "US" else "defender", [us_unit(x) for x in us],
                first=f["att"] == "US", support=support_list(s, f["sup"]),
                total="fires" if fires["US"] else "does not fire"),
        BR.side("NVA", "NVA", "attacker" if f["att"] == "NVA" else "defender", [nva_unit(x) for x in nva],
                first=f["att"] == "NVA", total="fires" if fires["NVA"] else "does not fire"),
    ], at=loc)


def support_list(s, sup):
    """What supports the American side, by printed name (FT 11.27-11.29, 7.1, 9.2)."""
    out = [f"Artillery: {B.uname(s, x)}" for x in sup.get("arty", [])]
    out += [f"Tac Air: {B.uname(s, x)}" for x in sup.get("tac", [])]
    out += [f"{B.uname(s, x)}" for key in ("gs", "ara", "oh") for x in sup.get(key, [])]
    out += [f"Adjacent location {B.name(a)}" for a in sup.get("adj", [])]
    return out


def record_support(g, loc, sup):
    """Support allocated to the battle at loc while it waits (FT 4.14 M): shown as committed."""
    b = BR.current(g)
    if b and b.get("at") == loc:
        for sd in b["sides"]:
            if sd["side"] == "US":
                sd["support"] = support_list(g.s, sup)


def involved_supply(g, f):
    """FT 6.3: every supplied US stack involved spends one step at the instant of combat; each
    supporting location one (11.29)."""
    s = g.s
    loc = f["loc"]
    us = set(f["us_f"]) | set(f["us_t"])
    if not us:
        return
    involved = {"inf" if s["units"][x]["k"] == "inf" else "sfg" for x in us if s["units"][x]["k"] in ("inf", "sfg")}
    B.spend_supply(g, loc, sorted(involved), f"Combat at {B.name(loc)}")
    for a in f["sup"].get("adj", []):
        B.spend_supply(g, a, ["inf"] if B.us_inf(s, a) else ["sfg"], f"Support from {B.name(a)}")
        for x in B.us_ground(s, a):
            s["units"][x]["act"] = True
    for x in us:
        s["units"][x]["act"] = True


@flow.step("fight")
class Fight(Step):
    def run(self, g, f):
        s = g.s
        U = s["units"]
        loc = f["loc"]
        st = f["stage"]
        if st == "start":
            f["stage"] = "nva_dmg"
            kind = "Ambush" if f["kind"] == "ambush" else "Open combat"
            side = "American" if f["att"] == "US" else "NVA"
            g.log(f"{kind} at {B.name(loc)}: the {side} side attacks", "FT 11.0", kind="battle", battle=loc,
                  refs=B.refs(B.ref_p(loc)))
            # FT 6.3, 11.26: supply status is judged as the combat begins, before the involved
            # stacks spend their step "at the instant of combat"
            f["unsup"] = [x for x in f["us_t"] if U[x]["loc"] == loc and not B.supplied(s, x)]
            f["nart"] = bool(B.nart_at(s, loc))  # FT 16.21: NVA artillery present as the combat occurs
            involved_supply(g, f)
            f["r_us"] = f["r_nva"] = "-"
            f["log0"] = len(g.logbuf)
            if not BR.current(g) or BR.current(g).get("at") != loc:
                _record_start(g, f)
            record_support(g, loc, f["sup"])
            us_fires = f["att"] == "US" or f["kind"] == "open"
            nva_fires = f["att"] == "NVA" or f["kind"] == "open"
            # the attacker fires first, then the defender; losses after both (FT 11.0)
            order = ["US", "NVA"] if f["att"] == "US" else ["NVA", "US"]
            for side in order:
                if side == "US" and us_fires:
                    firing = [x for x in f["us_f"] if U[x]["loc"] == loc]
                    tg = [x for x in f["n_t"] if U[x]["loc"] == loc]
                    if (firing or f["sup"].get("tac") or f["sup"].get("ara")) and tg:
                        col, notes = us_fire_column(s, loc, firing, tg, f["sup"], f["kind"] == "ambush",
                                                    defending=f["att"] != "US")
                        f["r_nva"] = roll_crt(g, col, len(tg), "American fire", notes,
                                              "FT 11.31" if f["kind"] == "ambush" else "FT 11.2",
                                              refs=B.refs(B.ref_p(loc), *(B.ref_u(s, x) for x in tg)))
                if side == "NVA" and nva_fires:
                    firing = [x for x in f["n_f"] if U[x]["loc"] == loc]
                    tg = [x for x in f["us_t"] if U[x]["loc"] == loc]
                    if firing and tg:
                        col, notes = nva_fire_column(s, loc, firing, tg, f["night"], f["nsup"],
                                                     f["kind"] == "ambush", unsup=f["unsup"],
                                                     defending=f["att"] != "NVA")
                        f["r_us"] = roll_crt(g, col, len(tg), "NVA fire", notes,
                                             "FT 11.32" if f["kind"] == "ambush" else "FT 11.2",
                                             refs=B.refs(B.ref_p(loc), *(B.ref_u(s, x) for x in tg)))
            return
        if st == "nva_dmg":
            f["stage"] = "aa_first"
            k, n, star = parse(f["r_nva"])
            f["nva_R"] = nva_result(g, loc, f["r_nva"], f["n_t"], "American fire")
            if star and f["sup"].get("arty"):
                B.casualties(g, 1, "* result with American artillery involved")
            return
        if st == "aa_first":
            # A73: NVA AA (16.21) is applied before the ordinary * sends a helicopter to Refit, so
            # the * cannot shield the only helicopter from the AA
            f["stage"] = "us_dmg"
            if s["options"].get("aa_order", "before_refit") == "before_refit":
                fight_aa(g, f)
            return
        if st == "us_dmg":
            f["stage"] = "aa"
            k, n, star = parse(f["r_us"])
            if k in ("#", "B", "A") or (star and f["helis"]):
                g.push("us_hit", loc=loc, res=f["r_us"], units=[x for x in f["us_t"] if U[x]["loc"] == loc],
                       helis=list(f["helis"]), stage="star")
            return
        if st == "aa":
            f["stage"] = "nva_retreat"
            if s["options"].get("aa_order", "before_refit") == "after_refit":
                fight_aa(g, f)
            return
        if st == "nva_retreat":
            f["stage"] = "us_retreat"
            if f.get("nva_R"):
                nva_retreat(g, loc, B.nva_at(s, loc))
            return
        if st == "us_retreat":
            f["stage"] = "end"
            if parse(f["r_us"])[0] == "R":
                pend = [x for x in f["us_t"] if U[x]["loc"] == loc and U[x]["k"] == "inf"]
                if pend:
                    g.push("us_retreat", loc=loc, pend=pend, moved=[])
            return
        g.pop()
        if B.has_nva(s, loc) and not B.has_us(s, loc) and s["options"]["retreat_overrun"]:
            B.overrun(g, loc, B.nva_at(s, loc))  # A24
        BR.losses_from_log(g, f.get("log0", len(g.logbuf)))
        BR.end(g, f"on the NVA {f['r_nva']}, on the Americans {f['r_us']} (FT 11.2)")


# --- results against the Americans -------------------------------------------------------------------

def _hit_frame(g):
    for fr in reversed(g.s["stack"]):
        if fr["s"] == "us_hit":
            return fr
    raise RuntimeError("no US hit in progress")


def gunship_at(s, loc, helis):
    return any(s["units"][h]["k"] == "gs" for h in helis) or bool(B.of_kind(s, loc, "gs"))


@flow.step("us_hit")
class UsHit(Step):
    """CRT explanation, American side: * (a helicopter to Refit), # (casualties and fatigue the
    player distributes), #B (break rolls, the garrison first), A/AA/AAA (automatic breaks)."""

    def run(self, g, f):
        s = g.s
        U = s["units"]
        loc = f["loc"]
        kind, n, star = parse(f["res"])
        alive = [x for x in f["units"] if U[x]["loc"] == loc]
        st = f["stage"]
        if st == "star":
            f["stage"] = "num"
            helis = [h for h in f["helis"] if U[h]["loc"] not in (B.REFIT, B.ELIM)]
            if star and helis:
                if len(helis) == 1:
                    _refit(g, {"heli": helis[0]}, {})
                else:
                    ask(g, "* result: choose the helicopter that goes to the Refit Box", "FT 11.2 (*)",
                        [{"t": "heli", "heli": h, "label": f"{B.uname(s, h)} to Refit"} for h in helis], "star_refit")
            return
        if st == "num":
            f["stage"] = "brk"
            if kind == "#" and alive:
                only_gar = all(U[x]["k"] == "sfg" for x in alive)
                if not only_gar:
                    c = -(-n // 2) if gunship_at(s, loc, f["helis"]) else n
                    if c != n:
                        g.log(f"A gunship halves the casualty points: {n} -> {c}", "FT 11.41")
                    B.casualties(g, c, f"Result {n} at {B.name(loc)}")
                f["fat_left"] = n
                f["stage"] = "fat"
            return
        if st == "fat":
            # FT 12.6: a unit this result broke (or eliminated) takes no more of its fatigue
            cands = [x for x in alive if x not in f.get("fat_broke", ())]
            if f["fat_left"] <= 0 or not cands:
                f["stage"] = "brk"
                return
            if len(cands) == 1:
                _fat(g, {"unit": cands[0]}, {})
                return
            ask(g, f"Distribute fatigue: {f['fat_left']} point(s) left", "FT 12.5",
                [_fat_choice(s, x) for x in cands], "fatigue")
            return
        if st == "brk":
            f["stage"] = "done"
            if kind in ("B", "A") and alive:
                f["left"] = n
                f["saves"] = 0
                f["stage"] = "brk_next"
            return
        if st == "brk_next":
            rolled = s["f"].setdefault("rolled", [])
            cands = [x for x in alive if not U[x].get("brk") and (kind == "A" or x not in rolled)]
            if f["left"] <= 0 or not cands:
                f["stage"] = "brk_end"
                return
            gar = [x for x in cands if U[x]["k"] == "sfg"]
            if gar or len(cands) == 1:
                _brk(g, {"unit": (gar or cands)[0]}, {})
                return
            what = "break" if kind == "A" else "roll for a break"
            ask(g, f"Result {f['res']}: choose the next unit to {what} ({f['left']} left)", "FT 11.2",
                [{"t": "unit", "unit": x, "label": f"{B.uname(s, x)} (eff {B.us_eff(U[x])})"} for x in cands],
                "brk_unit")
            return
        if st == "brk_end":
            f["stage"] = "done"
            sv = f.get("saves", 0)
            if sv:
                c = -(-sv // 2) if gunship_at(s, loc, f["helis"]) else sv
                B.casualties(g, c, "Units that held on a break roll")
            return
        g.pop()


@then("star_refit")
def _refit(g, a, data):
    h = a["heli"]
    g.log(f"{B.uname(g.s, h)} is damaged and goes to the Refit Box", "FT 11.2 (*)", kind="loss",
          refs=B.refs(B.ref_u(g.s, h)))
    aircraft_out(g, h, B.REFIT, "FT 11.2 (*)")


def _fat_choice(s, x):
    """FT 12.5: one fatigue step to x, its consequence in the label; a break or an elimination asks first."""
    text, warn = B.fatigue_effect(s, x, 1)
    a = {"t": "fatigue", "unit": x, "label": f"1 fatigue to {B.uname(s, x)} ({text})"}
    if warn:
        a["warn"] = warn
    return a


@then("fatigue")
def _fat(g, a, data):
    f = _hit_frame(g)
    f["fat_left"] -= 1
    if B.add_fatigue(g, a["unit"], 1, "combat", "FT 12.5"):
        f.setdefault("fat_broke", []).append(a["unit"])


@then("brk_unit")
def _brk(g, a, data):
    s = g.s
    f = _hit_frame(g)
    kind = parse(f["res"])[0]
    x = a["unit"]
    u = s["units"][x]
    f["left"] -= 1
    if kind == "A":
        B.break_us(g, x, f"result {f['res']}", "FT 11.2")
        return
    s["f"].setdefault("rolled", []).append(x)
    e = B.us_eff(u)
    d = g.roll(1, f"Break roll for {B.uname(s, x)} (breaks above {e})", "FT 11.2", refs=B.refs(B.ref_u(g.s, x)))[0]
    if d > e:
        B.break_us(g, x, f"result {f['res']}", "FT 11.2")
    else:
        B.add_fatigue(g, x, 1, "held on a break roll", "FT 11.2")
        if u["k"] != "sfg":
            f["saves"] += 1


# --- US retreat (CRT R, FT 9.12, A23) ----------------------------------------------------------------

def ground_retreats(s, loc, uid):
    """CRT R (A23): the adjacent locations a unit may retreat to (no NVA, within stacking)."""
    out = []
    for a in sorted(ADJ[loc]):
        if B.has_nva(s, a) or not B.cambodia_ok(s, a):
            continue
        if not B.stack_ok(s, a, [uid]):
            continue
        out.append({"t": "retreat", "unit": uid, "to": a, "label": f"{B.uname(s, uid)} retreats to {B.name(a)}"})
    return out


def heli_retreat_cost(s, h):
    """FT 9.12, 14.3 (A23): 1 CP per company lifted; only the 1/9 transport flies free."""
    return 0 if s["units"][h].get("r19") else TABLES["cp"]["heli_retreat"]


def heli_for_retreat(s, uid):
    """FT 9.12, 9.3, 14.3: the transports that may lift this unit out, one per class (1/9 or
    regular, ready or fatigued; lowest id in each), the 1/9 transport first for the 1/9 and ready
    before fatigued (a fatigued transport that flies goes to Refit)."""
    is19 = s["units"][uid].get("bn") == "1/9"
    best = {}
    for h in B.of_kind(s, B.ANKHE, "tr"):
        hu = s["units"][h]
        if hu.get("used") or (hu.get("r19") and not is19):  # the 1/9 transport carries only the 1/9
            continue
        best.setdefault((not hu.get("r19"), hu.get("st", 0)), h)
    return [best[k] for k in sorted(best)]


def heli_retreats(s, loc, uid):
    """FT 9.12 (A23): from an LZ, a heliborne retreat to An Khe, one option per transport class."""
    if not B.lz_at(s, loc):
        return []
    out = []
    for h in heli_for_retreat(s, uid):
        c = heli_retreat_cost(s, h)
        if s["cp"] < c:
            continue
        hu = s["units"][h]
        kind = ("fatigued " if hu.get("st") else "ready ") + ("1/9 " if hu.get("r19") else "")
        out.append({"t": "heli_retreat", "unit": uid, "heli": h,
                    "label": f"{B.uname(s, uid)}: heliborne retreat to An Khe by a {kind}transport ({c} CP)"})
    return out


def retreat_options(s, loc, uid, moved=()):
    return ground_retreats(s, loc, uid) + heli_retreats(s, loc, uid)


@flow.step("us_retreat")
class UsRetreat(Step):
    """CRT R (A23), FT 9.12: the Americans must retreat to adjacent locations where they can; they
    may opt for a heliborne retreat from an LZ. The player picks unit and destination, one at a
    time, among the options of every unit still to retreat."""

    def run(self, g, f):
        s = g.s
        loc = f["loc"]
        pend = [x for x in f["pend"] if s["units"][x]["loc"] == loc]
        f["pend"] = pend
        if not pend:
            pfs = B.of_kind(s, loc, "pf")
            if pfs and f.get("went") and not B.has_us(s, loc) and not f.get("pf_asked"):
                # FT 14.1 "the pathfinder MAY retreat": the player chooses, once the last company has gone
                f["pf_asked"] = True
                opts = [{"t": "pf_go", "to": d, "label": f"The pathfinders retreat with them to {B.name(d)}"}
                        for d in dict.fromkeys(f["went"])]
                opts.append({"t": "pf_stay", "label": f"The pathfinders stay at {B.name(loc)}"})
                ask(g, "Result R: the pathfinders may retreat with the companies (FT 14.1)", "FT 14.1", opts,
                    "pf_retreat")
                return
            g.pop()
            return
        ground = [o for x in pend for o in ground_retreats(s, loc, x)]
        helis = [o for x in pend for o in heli_retreats(s, loc, x)]
        left = f"{len(pend)} unit(s) to retreat"
        if ground:
            opts = ground + helis
            if len(opts) == 1:
                _retreat(g, opts[0], {})
                return
            ask(g, f"Result R: choose a unit and where it retreats ({left})", "FT 11.2 (R), 9.12", opts, "retreat")
            return
        if helis:
            # CRT R: "If no unoccupied locations exist, and no helicopter transport are committed to
            # the retreat, one American infantry unit is broken": committing helicopters is optional
            opts = helis + [{"t": "decline_heli", "label": "Commit no (more) helicopters: one unit breaks, the others stay"}]
            ask(g, f"Result R: no adjacent location is free: heliborne retreat, or one unit breaks ({left})",
                "FT 11.2 (R), 9.12", opts, "retreat")
            return
        _break_one(g, f)


def _break_one(g, f):
    """CRT R (A23): no room and no helicopters committed: one unit of the player's choice breaks and
    all stay. After a partial retreat the same applies to the units left (A70); option 'each'
    breaks every unit left instead."""
    s = g.s
    pend = f["pend"]
    f["pend"] = []
    if f["moved"] and s["options"].get("us_partial_retreat", "one_breaks") == "each_breaks":
        for x in pend:
            B.break_us(g, x, "no room to retreat", "FT 11.2 (R), A70")
        return
    ch = [{"t": "unit", "unit": x, "label": f"Break {B.uname(s, x)}"} for x in pend]
    why = "the units left cannot retreat" if f["moved"] else "no retreat is possible"
    if len(ch) == 1:
        _no_retreat(g, ch[0], {})
    else:
        ask(g, f"Result R: {why}: choose one unit to break; all stay", "FT 11.2 (R)", ch, "no_retreat")


@then("pf_retreat")
def _pf_retreat(g, a, data):
    s = g.s
    loc = g.frame["loc"]
    pfs = B.of_kind(s, loc, "pf")
    if a["t"] == "pf_stay":
        g.log(f"The pathfinders stay at {B.name(loc)}", "FT 14.1", refs=B.refs(B.ref_p(loc)))
        return
    for p in pfs:
        B.put(s, p, a["to"])
    how = " aboard the last helicopter (no CP, A72)" if a["to"] == B.ANKHE else ""
    g.log(f"The pathfinders choose to retreat: they leave {B.name(loc)} for {B.name(a['to'])}{how}", "FT 14.1",
          refs=B.refs(B.ref_p(loc), B.ref_p(a['to'])))


@then("no_retreat")
def _no_retreat(g, a, data):
    B.break_us(g, a["unit"], "no retreat possible", "FT 11.2 (R)")


@then("retreat")
def _retreat(g, a, data):
    s = g.s
    f = g.frame
    if a["t"] == "decline_heli":
        g.log("No helicopters are committed to the retreat", "FT 11.2 (R), 9.12")
        _break_one(g, f)
        return
    x = a["unit"]
    u = s["units"][x]
    frm = u["loc"]
    u["hold"] = False
    u["act"] = True
    f["moved"].append(x)
    if a["t"] == "heli_retreat":
        h = a["heli"]
        c = heli_retreat_cost(s, h)
        B.spend_cp(g, c, f"Heliborne retreat by {B.uname(s, h)}", "FT 9.12, 14.3")
        s["units"][h]["used"] = True
        B.put(s, x, B.ANKHE)
        g.log(f"{B.uname(s, x)} is lifted out of {B.name(frm)} to An Khe by {B.uname(s, h)}", "FT 9.12",
              refs=B.refs(B.ref_u(g.s, x), B.ref_p(frm), B.ref_u(g.s, h)))
        if s["options"].get("pathfinder_heli_retreat", "with_last_lift") == "with_last_lift":
            f.setdefault("went", []).append(B.ANKHE)  # A72: aboard the last helicopter, no CP
    else:
        B.put(s, x, a["to"])
        g.log(f"{B.uname(s, x)} retreats from {B.name(frm)} to {B.name(a['to'])}", "FT 11.2 (R)",
              refs=B.refs(B.ref_u(g.s, x), B.ref_p(frm), B.ref_p(a['to'])))
        if s["options"]["us_retreat_fatigue"]:
            n = TABLES["fatigue_lines"][ADJ[frm][a["to"]]]
            if n:
                B.add_fatigue(g, x, n, "retreat", "FT 12.1")
        f.setdefault("went", []).append(a["to"])
