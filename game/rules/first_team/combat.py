"""Combat (FT 11.0-11.7): the Combat Results Table, column shifts, ambush and open combat,
airstrikes and ARA attacking alone (FT 7.21, 7.22, 9.7), results against the NVA (automatic)
and against the Americans (the player distributes fatigue, orders break rolls, retreats)."""

from ...engine import battle as BR
from ...engine.flow import Procedure
from . import board as B
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
    cargo = u.pop("cargo", None)
    if cargo and s["units"][cargo]["loc"] in LOC:
        B.put(s, cargo, B.ANKHE)
        s["units"][cargo]["hold"] = False
        g.log(f"Its cargo, {B.uname(s, cargo)}, returns to An Khe", rule)


def aa_air(s, f):
    """FT 16.21 in a combat (frame f): NVA artillery present as it occurred, a * in either result,
    American helicopters or Tac Air involved and still in play: the aircraft the AA may down."""
    anystar = parse(f["r_us"])[2] or parse(f["r_nva"])[2]
    # the artillery must be stacked there as the combat occurs (it may since have died with its company)
    present = f["nart"] if "nart" in f else bool(B.nart_at(s, f["loc"]))
    if not (s["options"]["nva_artillery"] and anystar and present):
        return []
    U = s["units"]
    return [x for x in f["helis"] + f["sup"].get("tac", []) if U[x]["loc"] not in (B.ELIM, B.REFIT)]


@flow.step("nva_aa")
class NvaAA(Procedure):
    """FT 16.21: one of the aircraft `air` involved in the combat at `loc` is permanently eliminated,
    the player's choice among those that differ (A73). Frame: loc, air."""

    parts = ("choose", "destroy")

    def choose(self, g, f):
        s = g.s
        U = s["units"]
        air = f["air"]
        classes = {}
        for x in sorted(air):
            u = U[x]
            classes.setdefault((u["k"], bool(u.get("r19")), u.get("st", 0), u.get("cargo")), x)
        if len(classes) == 1:
            f["victim"] = {"heli": sorted(air)[0]}
            return
        ch = []
        for x in classes.values():
            u = U[x]
            st = "fatigued " if u.get("st") else ""
            what = f" (cargo {B.uname(s, u['cargo'])} back to An Khe)" if u.get("cargo") else ""
            ch.append({"t": "aa", "heli": x, "loc": f["loc"], "label": f"{st}{B.uname(s, x)} is destroyed{what}"})
        g.ask("NVA AA (*): choose the aircraft permanently eliminated", "FT 16.21", ch, into="victim")

    def destroy(self, g, f):
        aa_destroy(g, f["victim"]["heli"], f["loc"])


# --- one combat as a procedure -----------------------------------------------------------------------

def combat(loc, kind, att, us_f=(), us_t=(), n_f=(), n_t=(), sup=None, night=False, nsup=0, helis=()):
    """One combat, as the frame data of the procedure "fight" (see Fight)."""
    return {"loc": loc, "kind": kind, "att": att, "us_f": list(us_f), "us_t": list(us_t), "n_f": list(n_f),
            "n_t": list(n_t), "sup": sup or {}, "night": night, "nsup": nsup, "helis": list(helis)}


def start_fight(g, f, c):
    """The combat `c` (combat()) begins: its battle record, then the fight (see call_fight)."""
    record_start(g, c)
    call_fight(g, f, c)


def call_fight(g, f, c):
    """The segment's procedure (frame f) fights the combat c: the units that have made a break roll
    this segment (FT 11.2 #B, "no unit may be rolled for more than once per segment") go to the
    fight and come back with its own, into f["rolled"]."""
    g.call("fight", into="rolled", rolled=list(f.get("rolled", ())), **c)


def record_start(g, f):
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


def _here(s, uids, loc):
    """The units of uids still at loc."""
    U = s["units"]
    return [x for x in uids if U[x]["loc"] == loc]


@flow.step("fight")
class Fight(Procedure):
    """One combat at `loc` (FT 11.0-11.3): the attacker fires first, then in open combat the
    defender (in an ambush only the ambusher, 11.33); the losses after both fired: the NVA's, the
    NVA AA (16.21), the Americans', then the retreats. Frame: loc, kind ("open" or "ambush"), att
    (the attacker, "US" or "NVA"), us_f / n_f (who may fire), us_t / n_t (who may be hit), sup (the
    American support committed), night (FT 11.25), nsup (NVA supporting locations, 11.29), helis
    (the American helicopters involved), rolled (the units that have made a break roll this
    segment), which is its result with this combat's."""

    parts = ("begin", "fire", "nva_losses", "aa_before_refit", "us_losses", "aa_after_refit",
             "nva_retreat", "us_retreat", "wrap")

    def begin(self, g, f):
        s = g.s
        loc = f["loc"]
        kind = "Ambush" if f["kind"] == "ambush" else "Open combat"
        side = "American" if f["att"] == "US" else "NVA"
        g.log(f"{kind} at {B.name(loc)}: the {side} side attacks", "FT 11.0", kind="battle", battle=loc,
              refs=B.refs(B.ref_p(loc)))
        # FT 6.3, 11.26: supply status is judged as the combat begins, before the involved
        # stacks spend their step "at the instant of combat"
        f["unsup"] = [x for x in _here(s, f["us_t"], loc) if not B.supplied(s, x)]
        f["nart"] = bool(B.nart_at(s, loc))  # FT 16.21: NVA artillery present as the combat occurs
        involved_supply(g, f)
        f["r_us"] = f["r_nva"] = "-"
        f["log0"] = len(g.logbuf)
        if not BR.current(g) or BR.current(g).get("at") != loc:
            record_start(g, f)
        record_support(g, loc, f["sup"])

    def fire(self, g, f):
        """FT 11.0: the attacker fires first, then the defender; losses after both."""
        s = g.s
        loc = f["loc"]
        ambush = f["kind"] == "ambush"
        for side in (["US", "NVA"] if f["att"] == "US" else ["NVA", "US"]):
            if side == "US" and (f["att"] == "US" or not ambush):
                firing, tg = _here(s, f["us_f"], loc), _here(s, f["n_t"], loc)
                if (firing or f["sup"].get("tac") or f["sup"].get("ara")) and tg:
                    col, notes = us_fire_column(s, loc, firing, tg, f["sup"], ambush, defending=f["att"] != "US")
                    f["r_nva"] = roll_crt(g, col, len(tg), "American fire", notes, "FT 11.31" if ambush else "FT 11.2",
                                          refs=B.refs(B.ref_p(loc), *(B.ref_u(s, x) for x in tg)))
            if side == "NVA" and (f["att"] == "NVA" or not ambush):
                firing, tg = _here(s, f["n_f"], loc), _here(s, f["us_t"], loc)
                if firing and tg:
                    col, notes = nva_fire_column(s, loc, firing, tg, f["night"], f["nsup"], ambush,
                                                 unsup=f["unsup"], defending=f["att"] != "NVA")
                    f["r_us"] = roll_crt(g, col, len(tg), "NVA fire", notes, "FT 11.32" if ambush else "FT 11.2",
                                         refs=B.refs(B.ref_p(loc), *(B.ref_u(s, x) for x in tg)))

    def nva_losses(self, g, f):
        """The CRT result against the NVA (automatic); a * with American artillery involved costs
        the Americans a casualty point."""
        f["nva_R"] = nva_result(g, f["loc"], f["r_nva"], f["n_t"], "American fire")
        if parse(f["r_nva"])[2] and f["sup"].get("arty"):
            B.casualties(g, 1, "* result with American artillery involved")

    def aa_before_refit(self, g, f):
        # A73: NVA AA (16.21) is applied before the ordinary * sends a helicopter to Refit, so the *
        # cannot shield the only helicopter from the AA (option aa_order)
        if g.s["options"].get("aa_order", "before_refit") == "before_refit":
            self._aa(g, f)

    def us_losses(self, g, f):
        s = g.s
        k, n, star = parse(f["r_us"])
        if k in ("#", "B", "A") or (star and f["helis"]):
            g.call("us_hit", into="rolled", loc=f["loc"], res=f["r_us"], units=_here(s, f["us_t"], f["loc"]),
                   helis=list(f["helis"]), rolled=list(f["rolled"]))

    def aa_after_refit(self, g, f):
        if g.s["options"].get("aa_order", "before_refit") == "after_refit":
            self._aa(g, f)

    def _aa(self, g, f):
        air = aa_air(g.s, f)
        if air:
            g.call("nva_aa", loc=f["loc"], air=air)

    def nva_retreat(self, g, f):
        if f.get("nva_R"):
            nva_retreat(g, f["loc"], B.nva_at(g.s, f["loc"]))

    def us_retreat(self, g, f):
        s = g.s
        U = s["units"]
        if parse(f["r_us"])[0] == "R":
            pend = [x for x in _here(s, f["us_t"], f["loc"]) if U[x]["k"] == "inf"]
            if pend:
                g.call("us_retreat", loc=f["loc"], pend=pend, moved=[])

    def wrap(self, g, f):
        s = g.s
        loc = f["loc"]
        if B.has_nva(s, loc) and not B.has_us(s, loc) and s["options"]["retreat_overrun"]:
            B.overrun(g, loc, B.nva_at(s, loc))  # A24
        BR.losses_from_log(g, f.get("log0", len(g.logbuf)))
        BR.end(g, f"on the NVA {f['r_nva']}, on the Americans {f['r_us']} (FT 11.2)")

    def finish(self, g, f):
        g.end(f["rolled"])


# --- results against the Americans -------------------------------------------------------------------

def gunship_at(s, loc, helis):
    return any(s["units"][h]["k"] == "gs" for h in helis) or bool(B.of_kind(s, loc, "gs"))


@flow.step("us_hit")
class UsHit(Procedure):
    """CRT explanation, American side (FT 11.2): * (a helicopter to Refit), # (casualty points and
    fatigue the player distributes), #B (break rolls, the garrison first), A/AA/AAA (automatic
    breaks). Frame: loc, res (the result), units (the Americans fired on), helis (involved), rolled
    (the units that have made a break roll this segment), which is its result with this one's."""

    parts = ("star", "refit", "casualties", "fatigue", "breaks", "break_rolls", "saves")

    def star(self, g, f):
        """(*): one helicopter involved goes to the Refit Box, the player's choice."""
        s = g.s
        helis = [h for h in f["helis"] if s["units"][h]["loc"] not in (B.REFIT, B.ELIM)]
        if not (parse(f["res"])[2] and helis):
            return
        if len(helis) == 1:
            f["refit"] = {"heli": helis[0]}
        else:
            g.ask("* result: choose the helicopter that goes to the Refit Box", "FT 11.2 (*)",
                  [{"t": "heli", "heli": h, "label": f"{B.uname(s, h)} to Refit"} for h in helis], into="refit")

    def refit(self, g, f):
        if "refit" in f:
            h = f.pop("refit")["heli"]
            g.log(f"{B.uname(g.s, h)} is damaged and goes to the Refit Box", "FT 11.2 (*)", kind="loss",
                  refs=B.refs(B.ref_u(g.s, h)))
            aircraft_out(g, h, B.REFIT, "FT 11.2 (*)")

    def casualties(self, g, f):
        """(#): that many casualty points (halved by a gunship, FT 11.41; none for garrisons alone,
        FT 14.2) and as many fatigue points."""
        s = g.s
        kind, n, _ = parse(f["res"])
        alive = _here(s, f["units"], f["loc"])
        if kind == "#" and alive:
            if not all(s["units"][x]["k"] == "sfg" for x in alive):
                c = -(-n // 2) if gunship_at(s, f["loc"], f["helis"]) else n
                if c != n:
                    g.log(f"A gunship halves the casualty points: {n} -> {c}", "FT 11.41")
                B.casualties(g, c, f"Result {n} at {B.name(f['loc'])}")
            f["fat_left"] = n

    def fatigue(self, g, f):
        """FT 12.5: the fatigue points go one at a time to the units the player picks (FT 12.6: a
        unit this result broke or eliminated takes no more of them)."""
        s = g.s
        if "fat_left" not in f:
            return
        to = f.pop("fatigue_to", None)
        if to is not None:
            f["fat_left"] -= 1
            if B.add_fatigue(g, to["unit"], 1, "combat", "FT 12.5"):
                f.setdefault("fat_broke", []).append(to["unit"])
        cands = [x for x in _here(s, f["units"], f["loc"]) if x not in f.get("fat_broke", ())]
        if f["fat_left"] <= 0 or not cands:
            return
        self.again(f)
        if len(cands) == 1:
            f["fatigue_to"] = {"unit": cands[0]}
        else:
            g.ask(f"Distribute fatigue: {f['fat_left']} point(s) left", "FT 12.5",
                  [_fat_choice(s, x) for x in cands], into="fatigue_to")

    def breaks(self, g, f):
        """(#B) that many units roll for a break; (A, AA, AAA) that many break."""
        kind, n, _ = parse(f["res"])
        if kind in ("B", "A") and _here(g.s, f["units"], f["loc"]):
            f["left"] = n
            f["saves"] = 0

    def break_rolls(self, g, f):
        """One unit at a time, the SF garrison first (FT 14.2); "no unit may be rolled for more than
        once per segment", units already broken are not affected."""
        s = g.s
        U = s["units"]
        if "left" not in f:
            return
        x = f.pop("breaking", None)
        if x is not None:
            self._break(g, f, x["unit"])
        kind = parse(f["res"])[0]
        cands = [x for x in _here(s, f["units"], f["loc"])
                 if not U[x].get("brk") and (kind == "A" or x not in f["rolled"])]
        if f["left"] <= 0 or not cands:
            return
        self.again(f)
        gar = [x for x in cands if U[x]["k"] == "sfg"]
        if gar or len(cands) == 1:
            f["breaking"] = {"unit": (gar or cands)[0]}
        else:
            what = "break" if kind == "A" else "roll for a break"
            g.ask(f"Result {f['res']}: choose the next unit to {what} ({f['left']} left)", "FT 11.2",
                  [{"t": "unit", "unit": x, "label": f"{B.uname(s, x)} (eff {B.us_eff(U[x])})"} for x in cands],
                  into="breaking")

    def _break(self, g, f, x):
        s = g.s
        u = s["units"][x]
        f["left"] -= 1
        if parse(f["res"])[0] == "A":
            B.break_us(g, x, f"result {f['res']}", "FT 11.2")
            return
        f["rolled"].append(x)
        e = B.us_eff(u)
        d = g.roll(1, f"Break roll for {B.uname(s, x)} (breaks above {e})", "FT 11.2", refs=B.refs(B.ref_u(g.s, x)))[0]
        if d > e:
            B.break_us(g, x, f"result {f['res']}", "FT 11.2")
        else:
            B.add_fatigue(g, x, 1, "held on a break roll", "FT 11.2")
            if u["k"] != "sfg":
                f["saves"] += 1

    def saves(self, g, f):
        """A unit that held on its break roll registers a casualty point (halved by a gunship, 11.41)."""
        sv = f.get("saves", 0)
        if sv:
            c = -(-sv // 2) if gunship_at(g.s, f["loc"], f["helis"]) else sv
            B.casualties(g, c, "Units that held on a break roll")

    def finish(self, g, f):
        g.end(f["rolled"])


def _fat_choice(s, x):
    """FT 12.5: one fatigue step to x, its consequence in the label; a break or an elimination asks first."""
    text, warn = B.fatigue_effect(s, x, 1)
    a = {"t": "fatigue", "unit": x, "label": f"1 fatigue to {B.uname(s, x)} ({text})"}
    if warn:
        a["warn"] = warn
    return a


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


@flow.step("us_retreat")
class UsRetreat(Procedure):
    """CRT R (A23), FT 9.12: the Americans must retreat to adjacent locations where they can; they
    may opt for a heliborne retreat from an LZ. The player picks unit and destination, one at a
    time, among the options of every unit still to retreat; then the pathfinders may follow (FT
    14.1). Frame: loc, pend (the units to retreat), moved (those that did), went (where to)."""

    parts = ("retreat", "pathfinders", "pathfinders_go")

    def retreat(self, g, f):
        s = g.s
        loc = f["loc"]
        a = f.pop("choice", None)
        if a is not None and self._apply(g, f, a):
            return
        pend = f["pend"] = [x for x in f["pend"] if s["units"][x]["loc"] == loc]
        if not pend:
            return
        ground = [o for x in pend for o in ground_retreats(s, loc, x)]
        helis = [o for x in pend for o in heli_retreats(s, loc, x)]
        left = f"{len(pend)} unit(s) to retreat"
        if ground:
            self.again(f)
            opts = ground + helis
            if len(opts) == 1:
                f["choice"] = opts[0]
            else:
                g.ask(f"Result R: choose a unit and where it retreats ({left})", "FT 11.2 (R), 9.12", opts,
                      into="choice")
        elif helis:
            # CRT R: "If no unoccupied locations exist, and no helicopter transport are committed to
            # the retreat, one American infantry unit is broken": committing helicopters is optional
            self.again(f)
            opts = helis + [{"t": "decline_heli", "label": "Commit no (more) helicopters: one unit breaks, the others stay"}]
            g.ask(f"Result R: no adjacent location is free: heliborne retreat, or one unit breaks ({left})",
                  "FT 11.2 (R), 9.12", opts, into="choice")
        else:
            self._break_one(g, f)

    def _apply(self, g, f, a):
        """The player's choice: a unit retreats (by the ground or by helicopter), the helicopters are
        declined, or the unit to break. True when the retreat is over (the units left stay)."""
        s = g.s
        if a["t"] == "unit":
            B.break_us(g, a["unit"], "no retreat possible", "FT 11.2 (R)")
            return True
        if a["t"] == "decline_heli":
            g.log("No helicopters are committed to the retreat", "FT 11.2 (R), 9.12")
            self._break_one(g, f)
            return True
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
        return False

    def _break_one(self, g, f):
        """CRT R (A23): no room and no helicopters committed: one unit of the player's choice breaks
        and all stay. After a partial retreat the same applies to the units left (A70); option
        'each' breaks every unit left instead."""
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
            B.break_us(g, ch[0]["unit"], "no retreat possible", "FT 11.2 (R)")
        else:
            self.again(f)
            g.ask(f"Result R: {why}: choose one unit to break; all stay", "FT 11.2 (R)", ch, into="choice")

    def pathfinders(self, g, f):
        """FT 14.1 "the pathfinder MAY retreat": the player chooses, once the last company has gone."""
        s = g.s
        loc = f["loc"]
        if B.of_kind(s, loc, "pf") and f.get("went") and not B.has_us(s, loc):
            opts = [{"t": "pf_go", "to": d, "label": f"The pathfinders retreat with them to {B.name(d)}"}
                    for d in dict.fromkeys(f["went"])]
            opts.append({"t": "pf_stay", "label": f"The pathfinders stay at {B.name(loc)}"})
            g.ask("Result R: the pathfinders may retreat with the companies (FT 14.1)", "FT 14.1", opts,
                  into="pathfinders")

    def pathfinders_go(self, g, f):
        s = g.s
        a = f.get("pathfinders")
        if a is None:
            return
        loc = f["loc"]
        if a["t"] == "pf_stay":
            g.log(f"The pathfinders stay at {B.name(loc)}", "FT 14.1", refs=B.refs(B.ref_p(loc)))
            return
        for p in B.of_kind(s, loc, "pf"):
            B.put(s, p, a["to"])
        how = " aboard the last helicopter (no CP, A72)" if a["to"] == B.ANKHE else ""
        g.log(f"The pathfinders choose to retreat: they leave {B.name(loc)} for {B.name(a['to'])}{how}", "FT 14.1",
              refs=B.refs(B.ref_p(loc), B.ref_p(a['to'])))
