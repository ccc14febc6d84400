"""The American side: Command and Intelligence Phases (FT 4.11, 4.12, 5.1), the American Assault
Phase segments A-G (FT 4.13: supply 5.2, airstrikes 7.0, transport 9.1, ground movement 10.1,
support 11.29/9.2/5.6, open combat 11.0), support in the NVA Open Combat Segment (FT 4.14 M),
maintenance and refit (FT 9.4), fatigue reduction (FT 12.4) and final supply (FT 6.3)."""

from bisect import bisect_right
from operator import itemgetter

from ...engine.flow import Procedure, Step
from ...engine.listing import Listing
from . import board as B
from . import nva as N
from .board import flow
from .combat import combat, record_support, start_fight, strike_units
from .data import ADJ, COUNTERS, LOC, TABLES

CP = TABLES["cp"]


def cp_ok(s, n):
    return s["cp"] >= n


def end_with_cp(s, label, others):
    """The 'done' that ends a segment or phase; with command points unspent while something could
    still use them, its label says so and the player is asked once (issue 9 item 5)."""
    a = {"t": "done", "label": label}
    if others and s["cp"] > 0:
        a["label"] += f" ({s['cp']} CP unspent)"
        a["warn"] = f"{label} with {s['cp']} CP unspent?"
    return a


# --- Command and Intelligence -----------------------------------------------------------------------

@flow.step("command")
class Command(Step):
    def run(self, g, f):
        g.pop()
        g.s["cp"] = TABLES["cp"]["per_turn"]
        g.log(f"The American player receives {g.s['cp']} command points", "FT 4.11", kind="track")


def identify_box(s, d):
    return TABLES["intelligence"]["cells"][str(d)][min(s["turn"], 14) - 1]


def _odds(n):
    """FT 5.1: the die minus (CP - 1) must be 1 or less, i.e. a roll of 1 to n."""
    return "a 1" if n == 1 else f"1-{n}"


@flow.step("intel")
class Intel(Step):
    """FT 4.12, 5.1: the American player flips LZ markers (1 CP each) and makes one Identify or
    Contact attempt (1-3 CP). Frame: attempted (the attempt is made)."""

    def prompt(self, g, f):
        attempt = "" if f.get("attempted") else " and make one Identify or Contact attempt"
        return f"Intelligence Phase: flip LZ markers (1 CP){attempt} ({g.s['cp']} CP left) (FT 5.1)"

    def choices(self, g, f):
        s = g.s
        out = []
        if s["cp"] >= CP["flip_lz"]:
            for u in map(s["units"].get, B.of_kinds(s, "lz")):
                if u["loc"] in LOC and not u.get("rev"):
                    out.append({"t": "flip", "loc": u["loc"], "label": f"Flip the LZ marker at {B.name(u['loc'])} (1 CP)"})
        if not f.get("attempted"):
            top = min(3, s["cp"])
            if B.units_at(s, B.UNKNOWN):
                for n in range(1, top + 1):
                    out.append({"t": "identify", "cp": n, "label": f"Identify: commit {n} CP (succeeds on {_odds(n)})"})
            for z in sorted(B.CLS, key=B.cls):
                box = B.zbox(z)
                if z == "CAM" and not s["options"]["cambodia"]:
                    continue
                if B.of_kind(s, box, "nva"):
                    for n in range(1, top + 1):
                        out.append({"t": "contact", "box": box, "cp": n,
                                    "label": f"Contact in Zone Box {z}: commit {n} CP (succeeds on {_odds(n)})"})
        out.append(end_with_cp(s, "End the Intelligence Phase", out))
        return out

    def act(self, g, f, a):
        s = g.s
        t = a["t"]
        if t == "done":
            g.pop()
            return
        if t == "flip":
            lz = next(x for x in B.of_kind(s, a["loc"], "lz") if not s["units"][x].get("rev"))
            B.spend_cp(g, CP["flip_lz"], "Flip an LZ marker", "FT 5.1")
            u = s["units"][lz]
            u["rev"] = True
            g.checkpoint = True
            g.log(f"The LZ marker at {B.name(a['loc'])} is " + ("a valid LZ" if u["valid"] else "no LZ"), "FT 5.1",
                  kind="reveal", refs=B.refs(B.ref_p(a['loc'])))
            return
        f["attempted"] = True
        n = a["cp"]
        B.spend_cp(g, n, "Intelligence attempt", "FT 5.1")
        d = g.roll(1, f"Intelligence attempt ({n} CP: succeeds on {_odds(n)})", "FT 5.1")[0]
        if d - (n - 1) > 1:
            g.log("The intelligence attempt fails", "FT 5.1", kind="result")
            return
        if t == "identify":
            identify(g)
        else:
            contact(g, a["box"])


def identify(g):
    s = g.s
    units = B.units_at(s, B.UNKNOWN)
    regs = sorted({s["units"][x]["reg"] for x in units if s["units"][x]["k"] == "nva"}, key=int)
    if not regs:
        return
    reg = regs[0]
    d = g.roll(1, "American Intelligence Table", "FT 5.1")[0]
    z = identify_box(s, d)
    for x in units:
        if s["units"][x].get("reg") == reg and s["units"][x]["k"] == "nva":
            B.place_nva(s, x, B.zbox(z))
    g.log(f"The {B.ordinal(reg)} Regiment is identified and placed in Zone Box {z}", "FT 5.1", kind="reveal")


def contact(g, box):
    """FT 5.1 (A49): the lowest company of the lowest regiment, and consecutive companies of the
    same regiment, to a location of that zone; what does not fit stays Identified."""
    s = g.s
    U = s["units"]
    pool = B.nsort(s, B.of_kind(s, box, "nva"))
    if not pool:
        return
    tgt = pool[0]
    z = B.BOX_ZONE[box]
    d = g.roll(1, "Contact: location in the zone", "FT 5.1")[0]
    loc = B.loc_at(z, d)
    c = g.roll(1, "Contact: number of consecutive companies", "FT 5.1")[0]
    same = [x for x in pool if U[x]["reg"] == U[tgt]["reg"]][:c]
    placed = same[:max(0, B.room(s, loc))]
    for x in placed:
        B.place_nva(s, x, loc)
    g.log(f"Contact: {', '.join(B.uname(s, x) for x in placed) or 'nothing'} placed at {B.name(loc)}", "FT 5.1",
          kind="reveal", refs=B.refs(*[B.ref_u(g.s, x) for x in placed], B.ref_p(loc)))
    if placed:
        B.overrun(g, loc, placed)  # FT 6.4, 14.1: lone supply or pathfinders, as in target determination


# --- Segment A: supply --------------------------------------------------------------------------------

@flow.step("seg_a")
class SupplySeg(Step):
    def prompt(self, g, f):
        return f"Supply Segment: buy supply counters at An Khe, 1 CP each ({g.s['cp']} CP) (FT 5.2)"

    def choices(self, g, f):
        s = g.s
        pool = len(B.of_kind(s, B.POOL, "sup"))
        # FT 5.2: no limit but the command points and the counter mix
        out = [{"t": "buy", "n": n, "label": f"Buy {n} supply counter(s) ({n * CP['supply']} CP)"}
               for n in range(1, min(pool, s["cp"] // CP["supply"]) + 1)]
        done = {"t": "done", "label": "Buy no supply"}
        # issue 9 item 5: the cost before the click (a warning: only for a reader of labels)
        short = [x for x, u in sorted(s["units"].items())
                 if u["k"] in ("inf", "sfg") and u["loc"] in LOC and not B.supplied(s, x)] if g.labels else None
        if out and short and not B.of_kind(s, B.ANKHE, "sup"):
            done["warn"] = (f"Buy no supply? {len(short)} infantry unit(s) on the map are out of supply and "
                            "An Khe has no supply counter to send them (FT 5.2, 6.1)")
        out.append(done)
        return out

    def act(self, g, f, a):
        s = g.s
        g.pop()
        if a["t"] != "buy":
            return
        B.spend_cp(g, a["n"] * CP["supply"], f"{a['n']} supply counter(s)", "FT 5.2")
        for x in B.of_kind(s, B.POOL, "sup")[:a["n"]]:
            B.put(s, x, B.ANKHE)
            s["units"][x]["step"] = 2
        g.log(f"{a['n']} full supply counter(s) placed at An Khe", "FT 5.2")


# --- Segment B: airstrikes ------------------------------------------------------------------------------

def strike_targets(s):
    out = [loc for loc in B.nva_map_locs(s) if B.cambodia_ok(s, loc) and not B.has_us(s, loc)]
    for z in sorted(B.CLS, key=B.cls):
        if z == "CAM" and not (s["options"]["cambodia"] or s["options"]["cambodia_box_strikes"]):
            continue
        if B.of_kind(s, B.zbox(z), "nva"):
            out.append(B.zbox(z))
    return out


def free_tac(s):
    return [x for x in B.of_kind(s, B.ANKHE, "tac") if not s["units"][x].get("used")]


def mark_strike(g, t, who, n, since):
    """The map marker a Tac Air or B-52 strike leaves where it struck, with its CRT results (FT
    7.21, 7.22), shown until the next American Assault Phase: the state's "strikes", public as the
    log (Turn clears them at the turn's start and at each Supply Segment)."""
    res = [e["text"].rsplit("result ", 1)[1] for e in g.logbuf[since:]
           if e.get("kind") == "combat" and ": result " in e["text"]]
    missed = any(e["text"].startswith("The strike misses") for e in g.logbuf[since:])
    what = ", ".join(res) if res else ("missed" if missed else "no effect")
    g.s.setdefault("strikes", []).append(
        {"at": t, "who": who, "n": n, "result": what,
         "text": f"{n} {who} strike(s) on {B.name(t)}: {'results ' + what if res else what}"})


@flow.step("seg_b")
class AirSeg(Step):
    """FT 4.13 B, 7.2: Tac Air and B-52 strikes against Contacted-only locations and Zone Boxes,
    never both kinds against one target in a segment. Frame: struck ({target: the kind used})."""

    def prompt(self, g, f):
        return f"Airstrike Segment: Tac Air (2 CP) and B-52 (2 CP, two per game) against Contacted-only locations or Zone Boxes ({g.s['cp']} CP) (FT 7.2)"

    def choices(self, g, f):
        s = g.s
        out = []
        struck = f.get("struck", {})
        tac = len(free_tac(s))
        b52 = len(B.of_kind(s, B.ANKHE, "b52"))
        lab = g.labels  # labels=False (the simulator): the same actions without their labels
        for t in strike_targets(s):
            if t in struck:
                continue
            for n in range(1, min(tac, s["cp"] // CP["tac_air"]) + 1):
                out.append({"t": "strike", "to": t, "air": "tac", "n": n,
                            "label": f"{n} Tac Air strike(s) on {B.name(t)} ({2 * n} CP)"}
                           if lab else {"t": "strike", "to": t, "air": "tac", "n": n})
            if t != B.PLEIKU and not (t == B.zbox("P") and s["options"]["pleiku_box_strikes"] == "one_location"):
                for n in range(1, min(b52, s["cp"] // CP["b52"]) + 1):
                    out.append({"t": "strike", "to": t, "air": "b52", "n": n,
                                "label": f"{n} B-52 strike(s) on {B.name(t)} ({2 * n} CP)"}
                               if lab else {"t": "strike", "to": t, "air": "b52", "n": n})
        out.append(end_with_cp(s, "End the Airstrike Segment", out) if lab else {"t": "done"})
        return out

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.pop()
            return
        t, n = a["to"], a["n"]
        f.setdefault("struck", {})[t] = a["air"]
        if a["air"] == "tac":
            used = free_tac(s)[:n]
            for x in used:
                s["units"][x]["used"] = True
            factor = n * COUNTERS["tac_air"]["strike"]
            B.spend_cp(g, n * CP["tac_air"], "Tac Air strike", "FT 5.7")
            who = "Tac Air"
        else:
            used = B.of_kind(s, B.ANKHE, "b52")[:n]
            for x in used:
                B.put(s, x, B.USED)
            factor = n * COUNTERS["b52"]["strike"]
            B.spend_cp(g, n * CP["b52"], "B-52 strike", "FT 5.8")
            who = "B-52"
        B.note_presence(s, t)  # FT 16.1: an airstrike into Cambodia's locations
        g.log(f"{n} {who} strike(s), strike factor {factor}, on {B.name(t)}", "FT 7.21", refs=B.refs(B.ref_p(t)))
        since = len(g.logbuf)
        self._fall(g, t, factor, who, used)
        mark_strike(g, t, who, n, since)

    def _fall(self, g, t, factor, who, used):
        s = g.s
        if t in LOC:
            strike_units(g, t, factor, B.nva_at(s, t), who, "FT 7.21", air=used)  # air: FT 16.21 AA
        elif t == B.zbox("P") and s["options"]["pleiku_box_strikes"] == "one_location":
            # A65: the Pleiku zone has one location, so the NVA and the strike are both there
            g.log("The Pleiku Zone Box has one location: the strike falls where the NVA are", "FT 7.22")
            strike_units(g, t, factor, B.nsort(s, B.of_kind(s, t, "nva"))[:6], who, "FT 7.22")
        else:
            d1 = g.roll(1, f"{who} on {B.name(t)}: where the NVA are", "FT 7.22", refs=B.refs(B.ref_p(t)))[0]
            d2 = g.roll(1, f"{who} on {B.name(t)}: where the strike falls", "FT 7.22", refs=B.refs(B.ref_p(t)))[0]
            if t == B.zbox("CAM"):
                B.note_box_strike(s, d1 == d2)  # FT 16.1, ruling R-CAM1
            if d1 != d2:
                g.log("The strike misses: wasted", "FT 7.22")
                return
            strike_units(g, t, factor, B.nsort(s, B.of_kind(s, t, "nva"))[:6], who, "FT 7.22")


# --- Segments C and G: transport ---------------------------------------------------------------------

def transports(s):
    """FT 9.1, 9.3: the transports the player may fly now: one ready and one fatigued company (the
    player chooses which: a fatigued one that flies goes to Refit, a ready one becomes fatigued, and
    which to keep ready can matter later, e.g. for a heliborne retreat); and the 1/9 lift. Companies
    in the same condition are alike, so one of each is offered (the lowest id)."""
    U = s["units"]
    first = {}  # (1/9's own, fatigued): the lowest id in that condition
    for h in B.seen(s, B.ANKHE, "tr"):  # by id
        u = U[h]
        if not u.get("used"):
            first.setdefault((bool(u.get("r19")), u.get("st", 0)), h)
    return [first[k] for k in sorted(first)]


def lift_tag(u):
    """Which helicopter flies, in plain words, and what it costs it (FT 9.1, 9.3, 14.3)."""
    if u.get("r19"):
        return " (by the 1/9's own lift)"
    if u.get("st"):
        return " (by a fatigued lift: it goes to Refit)"
    return " (by a ready lift: it becomes fatigued)"


def lz_list(s):
    """The map's LZs (FT 9.1) a transport may land at (FT 16.1: Cambodia only with the optional
    rule), in map order."""
    cam = s["options"]["cambodia"]
    return [loc for loc in B.map_order(B.lz_locs(s)) if cam or loc not in B.CAMBODIA]


def cargo_at(s, loc):
    """FT 9.1: what a transport may carry from loc: its infantry companies, then its supply markers."""
    return [*B.seen(s, loc, "inf"), *B.seen(s, loc, "sup")]


def lift_dests(s, lzs, cargo):
    """FT 9.1, 8.2: {unit: the other LZs a transport may carry it to}, in the order of lzs and their
    cargo; the same for every helicopter. FT 8.2 asks only an infantry company's battalion (the
    cargo comes from elsewhere), so the LZs are found once per battalion, then per battalion and start."""
    U = s["units"]
    room = B.room_table(s)
    ok = {None: lzs}  # battalion (None: supply): the LZs where it may land
    by_start = {}
    dests = {}
    for frm in lzs:
        for c in cargo[frm]:
            u = U[c]
            bn = u["bn"] if u["k"] == "inf" else None
            d = by_start.get((frm, bn))
            if d is None:
                okb = ok.get(bn)
                if okb is None:
                    okb = ok[bn] = [to for to in lzs if B.admits(room[to], bn)]
                d = by_start[(frm, bn)] = [to for to in okb if to != frm]
            dests[c] = d
    return dests


@flow.step("transport_segment")
class TransportSegment(Procedure):
    """FT 4.13 C and G, 9.1: each transport helicopter may carry one unit between LZs (9.11 an
    exchange, 14.1 the pathfinders), the player choosing one flight at a time; where a company
    lands, an ambush is checked (13.6 (1)) and fought at once. Frame: seg ("C" or "G"); in C,
    entered (the zones entered this phase, for zone contact at the end of D, FT 10.2), its result."""

    parts = ("begin", "flight", "fly", "pick_up", "carry_back")

    def begin(self, g, f):
        s = g.s
        f["start_us"] = B.map_order({**B.where(s, "inf"), **B.where(s, "sfg")})  # FT 13.6 (1)
        f["landed"] = {}  # {location: the transports landed there this segment} (A36)

    def flight(self, g, f):
        g.call("transport", into="flight", seg=f["seg"])

    def fly(self, g, f):
        s = g.s
        U = s["units"]
        a = f.pop("flight")
        t = a["t"]
        if t == "done":
            g.end(f.get("entered"))
            return
        h = a["heli"]
        U[h]["used"] = True
        if t == "pathfinder":
            fly_pathfinder(g, h, a["to"])
            self.goto_part(f, "flight")
            return
        c = a["unit"]
        frm = U[c]["loc"]
        to = a["to"]
        if t == "exchange":
            B.spend_cp(g, s["options"]["cp_exchange"], "Helicopter exchange", "FT 9.11")
        elif not U[h].get("r19"):
            B.spend_cp(g, CP["transport"], "Helicopter transport", "FT 5.4")
        if t != "exchange":
            land(g, f, h, c, to, frm)
            self.goto_part(f, "flight")
            return
        # FT 9.11 "drop off the unit, and then pick up a unit": the pick-up waits until any landing
        # ambush (FT 13.6, resolved at once) is over; A64: where the location is full the unit
        # picked up leaves as the new one lands
        f["exchange"] = {"heli": h, "cargo": c, "to": to, "frm": frm,
                         "full": U[c]["k"] == "inf" and not B.stack_ok(s, to, [c])}
        if not f["exchange"]["full"]:
            land(g, f, h, c, to, frm)

    def pick_up(self, g, f):
        """FT 9.11: the unit the exchange carries back to An Khe, the player's choice."""
        s = g.s
        ex = f["exchange"]
        h, c, to = ex["heli"], ex["cargo"], ex["to"]
        why = ""
        if ex["full"]:
            back = exchange_back_units(s, c, to)
            why = "; the location is full: it is picked up as the new unit lands (A64)"
        elif s["units"][h]["loc"] != B.ANKHE:  # hit by a '*' result: sent to Refit, its cargo home (A36)
            g.log(f"{B.uname(s, h)} cannot make the pick-up at {B.name(to)}", "FT 9.11",
                  refs=B.refs(B.ref_u(g.s, h), B.ref_p(to)))
            return
        else:
            back = [x for x in cargo_at(s, to) if x != c]
            if not back:
                g.log(f"{B.uname(s, h)} finds nothing to carry back from {B.name(to)}", "FT 9.11",
                      refs=B.refs(B.ref_u(g.s, h), B.ref_p(to)))
                return
        ch = [{"t": "unit", "unit": x, "heli": h, "label": f"Bring {B.uname(s, x)} back to An Khe"} for x in back]
        if len(ch) == 1:
            f["back"] = ch[0]
        elif ch:
            g.ask("Exchange: choose the unit carried back to An Khe" + why, "FT 9.11", ch, into="back")

    def carry_back(self, g, f):
        ex = f.pop("exchange")
        a = f.pop("back", None)
        if a is not None:
            exchange_back(g, a["unit"], ex["to"])
            if ex["full"]:
                land(g, f, ex["heli"], ex["cargo"], ex["to"], ex["frm"])
        self.goto_part(f, "flight")


@flow.step("transport")
class Transport(Step):
    """The player's next flight of the Transport Segment (FT 9.1, 9.11, 14.1), or its end, given
    back to TransportSegment. Frame: seg."""

    def prompt(self, g, f):
        return (f"{'First' if f['seg'] == 'C' else 'Final'} Transport Segment: each transport carries one unit "
                f"between LZs, 1 CP each ({g.s['cp']} CP) (FT 9.1, 9.11, 14.1)")

    def choices(self, g, f):
        s = g.s
        if not g.labels:  # the simulator: the same actions without their labels, a Listing
            return _transport_listing(s, lz_list(s), transports(s), pathfinder(s))
        U = s["units"]
        out = []
        lzmap = lz_list(s)
        lzs = [B.ANKHE] + lzmap
        cargo = {l: cargo_at(s, l) for l in lzs}
        where = {l: B.name(l) for l in lzs}
        who = {c: B.uname(s, c) for l in lzs for c in cargo[l]}
        dests = lift_dests(s, lzs, cargo)
        pf = pathfinder(s)
        flyable = transports(s)
        exchanges = flights = None
        n_any = len(flyable)  # helicopters that may carry a 1/9 unit; the others only the rest
        n_line = sum(1 for x in flyable if not U[x].get("r19"))
        lifts = {}  # (unit, tag): [(to, label)], the same for every helicopter with that tag
        for h in flyable:
            r19 = U[h].get("r19")
            cost = 0 if r19 else CP["transport"]
            if not cp_ok(s, cost):
                continue
            for frm in lzs:
                for c in cargo[frm]:
                    if r19 and U[c].get("bn") != "1/9":
                        continue
                    # which helicopter flies is said only where the player has a choice of them
                    tag = lift_tag(U[h]) if (n_any if U[c].get("bn") == "1/9" else n_line) > 1 else ""
                    ways = lifts.get((c, tag, cost))
                    if ways is None:  # the cost on the button (issue 45 item 9): 1 CP, none for the 1/9's own
                        head = f"Lift {who[c]} {where[frm]} -> "
                        price = f" ({cost} CP)" if cost else " (no CP: the 1/9 Cav's own, FT 14.3)"
                        ways = lifts[(c, tag, cost)] = [(to, f"{head}{where[to]}{price}{tag}") for to in dests[c]]
                    out += [{"t": "lift", "heli": h, "unit": c, "to": to, "label": label} for to, label in ways]
            if r19:
                continue
            tag = lift_tag(U[h]) if n_line > 1 else ""
            if cp_ok(s, s["options"]["cp_exchange"]):
                if exchanges is None:  # the same for every helicopter
                    exchanges = _exchanges(s, lzmap, cargo)
                for c, to in exchanges:
                    out.append({"t": "exchange", "heli": h, "unit": c, "to": to,
                                "label": f"Exchange: {who[c]} to {where[to]}, bring a unit back "
                                         f"({s['options']['cp_exchange']} CP){tag}"})
            if pf and cp_ok(s, CP["pathfinder"]):
                if flights is None:
                    flights = pathfinder_flights(s, pf)
                for to in flights:
                    dest = "back to An Khe" if to == B.ANKHE else f"to {B.name(to)}"
                    out.append({"t": "pathfinder", "heli": h, "to": to, "by": pf,
                                "label": f"Fly the pathfinders {dest} (1 CP){tag}"})
        out.append(end_with_cp(s, "End the Transport Segment", out))
        return out

    def act(self, g, f, a):
        g.end(a)


def _exchanges(s, lzmap, cargo):
    """FT 9.11: every (unit at An Khe, map LZ) an exchange may fly: a unit to land and one to bring
    back; the same for every helicopter, and per battalion (None: supply) for the units."""
    U = s["units"]
    out = []
    swaps = {}  # battalion (None: supply): where it may land and bring a unit back
    for c in cargo[B.ANKHE]:
        bn = U[c]["bn"] if U[c]["k"] == "inf" else None
        if bn not in swaps:
            swaps[bn] = [to for to in lzmap if cargo[to]
                         and (bn is None or _can_bring_back(s, c, to))]
        out += [(c, to) for to in swaps[bn]]
    return out


def _transport_listing(s, lzmap, flyable, pf):
    """Transport.choices without labels, as a Listing (issue 14): the same actions in the same order
    (per helicopter its lifts, exchanges and pathfinder flights, then 'done'), each built only when
    it is read, and the helicopters' blocks listed only when more than the 'done' is read
    (Listing.first)."""
    U = s["units"]
    inf, sup = B.where(s, "inf"), B.where(s, "sup")
    # a helicopter of the line that may fly has a lift for sure when there is a supply marker at an
    # LZ (to any other LZ: An Khe and Pleiku are two), or a company at a map LZ (to An Khe)
    sure = (cp_ok(s, CP["transport"]) and any(not U[h].get("r19") for h in flyable)
            and (B.ANKHE in sup or any(loc in sup or loc in inf for loc in lzmap)))
    out = Listing()
    out.first(_reading(s, _transport_blocks, lzmap, flyable, pf), _TRANSPORT_TYPES, sure)
    out.one({"t": "done"})
    return out


_TRANSPORT_TYPES = frozenset(("lift", "exchange", "pathfinder"))


def _reading(s, fill, *args):
    """The head of a Listing (Listing.first), fill(s, *args, listing), listed in a reading of s
    that goes on with the answers of the step's own (board.memo): it is read after that closed,
    the position unchanged."""
    memo = B.memo_of(s)

    def read(out):
        with B.reading(s, memo):
            fill(s, *args, out)
    return read


def _transport_blocks(s, lzmap, flyable, pf, out):
    """The helicopters' blocks of _transport_listing, added to `out`. The cargo is taken by runs of
    companies of one battalion (or supply markers) in one place, which share where they may go (FT
    8.2 asks only the battalion)."""
    U = s["units"]
    lzs = [B.ANKHE] + lzmap
    full = B.crowded(s, lzs)  # (the other LZs admit any company: True)
    ok = {None: lzs}  # battalion (None: supply): the LZs where it may land (FT 8.2)
    lifts = {False: [], True: []}  # r19: [(units, where they may go)] a helicopter may carry (FT 9.1, 14.3)
    inf, sup = B.where(s, "inf"), B.where(s, "sup")
    for frm in lzs:
        if frm not in inf and frm not in sup:
            continue
        for bn, units in cargo_runs(s, frm):
            okb = ok.get(bn)
            if okb is None:
                okb = ok[bn] = [to for to in lzs if B.admits(full.get(to, True), bn)] if full else lzs
            run = (units, [to for to in okb if to != frm] if frm in okb else okb)
            lifts[False].append(run)
            if bn == "1/9":
                lifts[True].append(run)
    made = {}  # {r19: _products of its lifts}, made when a helicopter of that kind flies
    exchanges = flights = None
    for h in flyable:
        r19 = bool(U[h].get("r19"))
        if not cp_ok(s, 0 if r19 else CP["transport"]):
            continue
        m = made.get(r19)
        if m is None:
            m = made[r19] = _products(lifts[r19])
        n, pair = m
        out.add("lift", n, _heli_maker("lift", h, pair))
        if r19:
            continue
        if cp_ok(s, s["options"]["cp_exchange"]):
            if exchanges is None:
                exchanges = _products(_exchange_runs(s, lzmap))
            n, pair = exchanges
            out.add("exchange", n, _heli_maker("exchange", h, pair))
        if pf and cp_ok(s, CP["pathfinder"]):
            if flights is None:
                flights = pathfinder_flights(s, pf)
            out.add("pathfinder", len(flights), lambda i, h=h: {"t": "pathfinder", "heli": h, "to": flights[i]})


def cargo_runs(s, loc):
    """The cargo at loc (cargo_at) as runs of consecutive units of one battalion (None: supply
    markers): [(battalion, [units])], kept until a company or a supply marker enters or leaves loc
    (board.kept)."""
    return B.kept(s, ("runs", loc), ((loc, "inf"), (loc, "sup")), _cargo_runs, s, loc)


def _cargo_runs(s, loc):
    U = s["units"]
    out = []
    for c in cargo_at(s, loc):
        bn = U[c]["bn"] if U[c]["k"] == "inf" else None
        if out and out[-1][0] == bn:
            out[-1][1].append(c)
        else:
            out.append((bn, [c]))
    return out


def _exchange_runs(s, lzmap):
    """FT 9.11: [(units at An Khe, the map LZs an exchange may fly them to: a unit there to bring
    back)], per run of one battalion (None: supply) - the same for every helicopter."""
    inf, sup = B.where(s, "inf"), B.where(s, "sup")
    there = [to for to in lzmap if to in inf or to in sup]  # with a unit to bring back
    full = B.crowded(s, there)  # (the others admit any company: True)
    out = []
    for bn, units in cargo_runs(s, B.ANKHE):
        out.append((units, there if bn is None else
                    [to for to in there if B.admits(full.get(to, True), bn) or _can_bring_back(s, units[0], to)]))
    return out


def _heli_maker(t, h, pair):
    """The i-th action of type t ("lift", "exchange") by helicopter h: the i-th (unit, place) pair."""
    def make(i):
        c, to = pair(i)
        return {"t": t, "heli": h, "unit": c, "to": to}
    return make


def _products(runs):
    """(n, pair): every (unit, place) of runs [(units, places)], each unit with each of its places in
    turn; pair(i) is the i-th of the n."""
    ends, n = [], 0
    for units, places in runs:
        n += len(units) * len(places)
        ends.append(n)

    def pair(i):
        j = bisect_right(ends, i)
        units, places = runs[j]
        k = i - ends[j] + len(units) * len(places)
        m = len(places)
        return units[k // m], places[k % m]
    return n, pair


def _can_bring_back(s, c, to):
    """bool(exchange_back_units(s, c, to)) for a company c coming from An Khe to a map location whose
    cargo (cargo_at) is not empty: without listing them. It asks only c's battalion and the
    infantry at `to`, so the answer is kept until a company enters or leaves `to` (board.kept)."""
    bn = s["units"][c]["bn"]
    return B.kept(s, (to, bn, "back"), ((to, "inf"),), _bring_back, s, c, to, bn)


def _bring_back(s, c, to, bn):
    if B.fits(s, to, bn):
        return True
    if s["options"]["exchange_full_stack"] != "simultaneous":
        return False
    return any(B.stack_ok(s, to, [c], less=[x]) for x in B.seen(s, to, "inf"))


def exchange_back_units(s, c, to):
    """FT 9.11, 8.0 (A64): the units an exchange bringing c to `to` may carry back. When c fits,
    any of them; when it does not, only those whose leaving makes room (option "simultaneous")."""
    back = [x for x in cargo_at(s, to) if x != c]
    if B.stack_ok(s, to, [c]):
        return back
    if s["options"]["exchange_full_stack"] != "simultaneous":
        return []
    return [x for x in back if s["units"][x]["k"] == "inf" and B.stack_ok(s, to, [c], less=[x])]


def exchange_back(g, x, frm):
    """FT 9.11: the exchange carries x back from frm to An Khe (if it is still there)."""
    s = g.s
    u = s["units"][x]
    if u["loc"] != frm:
        return
    B.put(s, x, B.ANKHE)
    u["hold"] = False
    if u["k"] == "inf":
        u["act"] = True  # moved this turn: no fatigue recovery (FT 12.4, A26)
    g.log(f"{B.uname(s, x)} is carried back from {B.name(frm)} to An Khe", "FT 9.11",
          refs=B.refs(B.ref_u(g.s, x), B.ref_p(frm)))


# --- pathfinders (FT 14.1, 5.3; ruling A12) ------------------------------------------------------------

def pathfinder(s):
    """The pathfinder unit if it can fly: at An Khe, or on the map (it moves only by helicopter)."""
    pf = next(iter(B.of_kinds(s, "pf")), None)
    if pf is None or (s["units"][pf]["loc"] != B.ANKHE and s["units"][pf]["loc"] not in LOC):
        return None
    return pf


def pathfinder_flights(s, pf):
    """FT 14.1: to any location that is not already an LZ (the helicopter carries nothing else),
    never where Contacted NVA are, nor into Cambodia unless 16.1 is in play; from the map also
    back to An Khe (A12)."""
    here = s["units"][pf]["loc"]
    out = [B.ANKHE] if here != B.ANKHE else []
    lzs, held = B.lz_locs(s), B.nva_locs(s)
    out += [to for to in _ENTERABLE[s["options"]["cambodia"]] if to != here and to not in lzs and to not in held]
    return out


_ENTERABLE = {cam: [loc for loc in LOC if cam or loc not in B.CAMBODIA] for cam in (False, True)}  # FT 16.1


def fly_pathfinder(g, h, to):
    s = g.s
    pf = pathfinder(s)
    frm = s["units"][pf]["loc"]
    B.spend_cp(g, CP["pathfinder"], "Pathfinders", "FT 5.3")
    B.put(s, pf, to)
    if to == B.ANKHE:
        g.log(f"{B.uname(s, h)} flies the pathfinders from {B.name(frm)} back to An Khe", "FT 14.1",
              refs=B.refs(B.ref_u(g.s, h), B.ref_p(frm)))
    else:
        g.log(f"{B.uname(s, h)} lands the pathfinders at {B.name(to)}: it is an LZ while they stay", "FT 14.1",
              refs=B.refs(B.ref_u(g.s, h), B.ref_p(to)))


def land(g, f, h, c, to, frm):
    """FT 9.1: transport h lands its cargo c at `to` (the transport segment's frame f); where a
    company lands in a location the Americans did not hold at the segment's start, the ambush
    check (FT 13.6 (1)), every transport landed there involved (A36), fought at once."""
    s = g.s
    U = s["units"]
    if U[c]["k"] == "sup":
        B.move_supply(s, c, to)
    else:
        B.put(s, c, to)
    U[c]["hold"] = False
    U[h]["cargo"] = c  # until the helicopter returns (segment_end), or its cargo goes home (A36)
    g.log(f"{B.uname(s, h)} carries {B.uname(s, c)} {B.name(frm)} -> {B.name(to)}", "FT 9.1",
          refs=B.refs(B.ref_u(g.s, h), B.ref_u(g.s, c), B.ref_p(frm), B.ref_p(to)))
    if U[c]["k"] != "inf":
        return
    U[c]["act"] = True
    if to not in LOC:
        return
    f["landed"].setdefault(to, []).append(h)
    entered(s, f, to)
    if to not in f["start_us"]:
        fights = N.entry_ambush(g, to, list(f["landed"][to]))
        if fights:
            g.call("ambushes", into="rolled", fights=fights, rolled=list(f.get("rolled", ())))


def entered(s, f, loc):
    """American units entered loc (by landing or ground movement; frame f): its zone counts for zone
    contact if the frame keeps the zones entered (FT 10.2: not camps WITH existing garrisons). (In
    Cambodia, board.put has noted them present, FT 16.1.)"""
    if "entered" in f and not (LOC[loc]["sf_camp"] and B.garrison_at(s, loc)):
        if B.zone_of(loc) not in f["entered"]:
            f["entered"].append(B.zone_of(loc))


# --- Segment D: ground movement ---------------------------------------------------------------------

def move_paths(s, uid):
    """FT 10.1: one location along any access line, or up to two along road lines (stopping in a
    road location held by NVA); An Khe <-> Pleiku counts as a road step (A47). Returns
    {destination: (path, fatigue)}; the path lists the locations entered."""
    u = s["units"][uid]
    return paths_from(s, u["loc"], u["bn"])[0]


def paths_from(s, start, bn):
    """(move_paths, its items sorted by destination) of an infantry company of battalion bn at start,
    kept across actions until what they read changes (_NEAR, board.kept)."""
    return B.kept(s, (start, bn), _NEAR[start], _sorted_paths, s, start, bn)


def _sorted_paths(s, start, bn):
    paths = _move_paths(s, start, bn)
    return paths, list(paths.items())  # (_move_paths lists them by destination)


def _near(start):
    """Every place _move_paths(start) reads (board.kept): the start, any unit (its supply, FT 6.3);
    each destination's stacking room (FT 8.2); the room and the NVA at the first location of a road
    move (R-STK1, FT 10.1), whichever the option ankhe_entry_road_step. (What is at An Khe never
    matters: always supplied, no stacking limit, no NVA.)"""
    out = {start}
    for entry_road_step in (False, True):
        for dest, _, _, _, via, _ in _ways(start, entry_road_step):
            out.add((dest, "room"))
            if via is not None:
                out.add((via, "room"))
                out.add((via, "nva"))
    return _on_map(out)


def _on_map(places):
    """The places (board.kept) on the map, in a fixed order."""
    return tuple(sorted((at for at in places if (at if type(at) is str else at[0]) in LOC), key=repr))


LINE_FATIGUE = {line: n for line, n in TABLES["fatigue_lines"].items() if line != "source"}  # FT 12.1


def _move_paths(s, start, bn):
    """move_paths of an infantry company of battalion bn at start, by destination: every company of a
    battalion in a location has the same (its supply is its stack's, FT 6.3; stacking asks its
    battalion, FT 8.2). The ways out of start are _ways(start): the first way found to a
    destination at the least fatigue is kept; a destination where the company may not stop is
    refused (FT 8.2, 16.1). (_by_dest has the ways of each destination in that order.)"""
    unsup = not B.stack_supplied(s, start, "inf")
    opt = s["options"]
    per_move = 1 if unsup and opt["unsupplied_fatigue"] == "per_move" else 0
    extra = 1 if unsup and not per_move else 0  # FT 12.1: +1 per line when unsupplied ("per_line")
    room = B.room_table(s)  # FT 8.2 (a company moving comes from elsewhere)
    nva = B.nva_locs(s)
    # R-STK1 (FT 8.2, 13.6): an ambush at the first location of a road move would end the move
    # there, so by default a road move passes only through a location where the unit could stop
    must_fit = opt.get("road_pass_stacking", "must_fit") == "must_fit"
    cam = opt["cambodia"]
    out = {}
    for dest, ways in _by_dest(start, opt["ankhe_entry_road_step"], extra):
        if not B.admits(room[dest], bn) or (not cam and dest in B.CAMBODIA):
            continue
        for path, fat, via, stop_at_via in ways:
            if via is not None:
                if via in nva:  # FT 10.1: a road move stops in a location held by NVA
                    continue
                if stop_at_via and must_fit and not B.admits(room[via], bn):
                    continue
            out[dest] = (path, fat + per_move)
            break
    return out


_BY_DEST = {}


def _by_dest(start, entry_road_step, extra):
    """_ways(start) by destination, in the order of the destinations: [(destination, [(path,
    fatigue with `extra` per line, first location of a road move or None, whether the unit must be
    able to stop there)])], each destination's ways by fatigue, those of the same in _ways' order
    (the first found is kept). The same for every position."""
    key = (start, entry_road_step, extra)
    out = _BY_DEST.get(key)
    if out is None:
        ways = {}
        for dest, path, fat, lines, via, stop_at_via in _ways(start, entry_road_step):
            ways.setdefault(dest, []).append((path, fat + lines * extra, via, stop_at_via))
        out = _BY_DEST[key] = tuple((dest, tuple(sorted(ways[dest], key=_FATIGUE))) for dest in sorted(ways))
    return out


_FATIGUE = itemgetter(1)


_WAYS = {}


def _ways(start, entry_road_step):
    """FT 10.1 (A47): every way out of start, in the order _move_paths weighs them: (destination,
    path of the locations entered, fatigue of its lines when supplied (FT 12.1), how many lines,
    the first location of a two-step road move or None, and whether the unit must be able to stop
    there (R-STK1)). The same for every position; the paths are shared (never to be changed)."""
    key = (start, entry_road_step)
    ways = _WAYS.get(key)
    if ways is not None:
        return ways
    ways = []
    cost = LINE_FATIGUE.__getitem__
    entry = B.data_entry()
    if start == B.ANKHE:
        for p in entry:
            ways.append((p, [p], 0, 0, None, False))
            if entry_road_step:
                for nb, line in ADJ[p].items():
                    if line == "road":
                        ways.append((nb, [p, nb], cost(line), 1, p, False))
    else:
        for nb, line in ADJ[start].items():
            ways.append((nb, [nb], cost(line), 1, None, False))
            if line == "road":
                for nb2, line2 in ADJ[nb].items():
                    if line2 == "road" and nb2 != start:
                        ways.append((nb2, [nb, nb2], cost(line) + cost(line2), 2, nb, True))
                if nb in entry and entry_road_step:
                    ways.append((B.ANKHE, [nb, B.ANKHE], cost(line), 1, nb, False))
        if start in entry:
            ways.append((B.ANKHE, [B.ANKHE], 0, 0, None, False))
    _WAYS[key] = ways = tuple(ways)
    return ways


_NEAR = {loc: _near(loc) for loc in list(LOC) + [B.ANKHE]}


def _stack_move_cost(s, xs, d):
    """The fatigue each unit of a stack takes moving to d, in words, and a warning if one breaks."""
    fats = {x: move_paths(s, x)[d][1] for x in xs}
    warns = [w for w in (B.fatigue_effect(s, x, fats[x])[1] for x in xs) if w]
    if len(set(fats.values())) == 1:
        cost = f"+{next(iter(fats.values()))} fatigue each"
    else:
        cost = ", ".join(f"{B.uname(s, x)} +{n}" for x, n in fats.items()) + " fatigue"
    return cost, (" ".join(warns) or None)


def movers(s):
    U = s["units"]
    return [x for x in B.of_kinds(s, "inf") if not U[x].get("mv") and (U[x]["loc"] in LOC or U[x]["loc"] == B.ANKHE)]


def _move_maker(x, ordered, sup):
    """The i-th move of unit x in the ground listing's order: each destination of `ordered` (sorted
    (destination, (path, fatigue)) pairs), and after each the same carrying supply if `sup`."""
    if not sup:
        return lambda i: {"t": "move", "unit": x, "to": ordered[i][0]}

    def make(i):
        if i % 2:
            return {"t": "move", "unit": x, "to": ordered[i // 2][0], "sup": True}
        return {"t": "move", "unit": x, "to": ordered[i // 2][0]}
    return make


def stack_dests(s, xs, paths):
    """FT 10.1, 8.2: where the stack xs (the movers in one location, two or more) may move together:
    the destinations each of its battalions reaches (paths: {battalion: move paths}), where the whole
    stack may stop, and (R-STK1, option road_pass_stacking) along a road only through locations where
    it could stop, since an ambush there would end its move."""
    U = s["units"]
    bns = list(paths)  # the battalions of the stack
    n, bn = len(xs), (bns[0] if len(bns) == 1 else None)
    first = paths[U[xs[0]]["bn"]]
    # (move paths list their destinations in order)
    common = first if bn is not None else sorted(set(first).intersection(*paths.values()))
    must_fit = s["options"].get("road_pass_stacking", "must_fit") == "must_fit"
    out = []
    for d in common:
        if not B.stack_admits(s, d, n, bn):
            continue
        path = first[d][0]  # (one location, or two along a road: the first is passed through)
        if must_fit and len(path) > 1 and not B.stack_admits(s, path[0], n, bn):
            continue
        out.append(d)
    return out


def _ground_listing(s):
    """Ground.choices without labels, as a Listing (issue 14): per location of the movers, each
    company's moves (paths_from, kept across actions) and HOLD, then the stack's moves and HOLD;
    then 'done'. The locations' parts are listed only when more than the 'done' is read
    (Listing.first)."""
    U = s["units"]
    by_loc = {}
    for x in movers(s):
        by_loc.setdefault(U[x]["loc"], []).append(x)
    # HOLD is offered to a stack on the map, and to a company there not under HOLD already
    sure = any(loc in LOC and (len(xs) > 1 or not U[xs[0]].get("hold")) for loc, xs in by_loc.items())
    out = Listing()
    out.first(_reading(s, _ground_parts, by_loc), _GROUND_TYPES, sure)
    out.one({"t": "done"})
    return out


_GROUND_TYPES = frozenset(("move", "hold", "move_stack", "hold_stack"))


def _ground_parts(s, by_loc, out):
    """The parts of _ground_listing, added to `out` ({location: its movers}). (Made afresh each
    time: a part kept whole across actions was dropped by nearly every move near it, and the
    bookkeeping cost more than it saved.)"""
    U = s["units"]
    sups = B.where(s, "sup")
    add, one = out.add, out.one
    for loc, xs in by_loc.items():
        sup = loc in sups
        on_map = loc in LOC
        paths, ordered = {}, {}  # a battalion's companies here share their paths
        for x in xs:
            u = U[x]
            bn = u["bn"]
            if bn not in paths:
                paths[bn], ordered[bn] = paths_from(s, loc, bn)
            # each destination, and then again carrying supply when there is some
            add("move", len(ordered[bn]) * (2 if sup else 1), _move_maker(x, ordered[bn], sup))
            if on_map and not u.get("hold"):
                one({"t": "hold", "unit": x})
        if len(xs) > 1:
            for d in stack_dests(s, xs, paths):
                one({"t": "move_stack", "from": loc, "to": d})
                if sup:
                    one({"t": "move_stack", "from": loc, "to": d, "sup": True})
            if on_map:
                one({"t": "hold_stack", "from": loc})


@flow.step("ground")
class Ground(Step):
    """The player's next order of the Ground Movement Segment (FT 10.1, 11.5), or its end, given
    back to GroundSegment."""

    def prompt(self, g, f):
        return "Ground Movement Segment: move units (1 line, or 2 along roads) or put them under HOLD (FT 10.1, 11.5)"

    def choices(self, g, f):
        s = g.s
        if not g.labels:  # the simulator: the same actions without their labels, a Listing
            return _ground_listing(s)
        U = s["units"]
        out = []
        by_loc = {}
        for x in movers(s):
            by_loc.setdefault(U[x]["loc"], []).append(x)
        for loc, xs in by_loc.items():
            sup = bool(B.of_kind(s, loc, "sup"))
            paths, ordered = {}, {}  # a battalion's companies here share their paths (move_paths)
            for x in xs:
                bn = U[x]["bn"]
                if bn not in paths:
                    paths[bn], ordered[bn] = paths_from(s, loc, bn)
                head = f"Move {B.uname(s, x)} {B.name(loc)} -> "
                effects = {}  # {fatigue: fatigue_effect}: a few values for all its moves
                for d, (path, fat) in ordered[bn]:
                    effect = effects.get(fat)
                    if effect is None:  # issue 9 item 5: the cost before the click
                        effect = effects[fat] = B.fatigue_effect(s, x, fat)
                    text, warn = effect
                    label = f"{head}{B.name(d)} (+{fat} fatigue{': ' + text if text else ''})"
                    extra = {"warn": warn} if warn else {}
                    out.append({"t": "move", "unit": x, "to": d, "label": label, **extra})
                    if sup:
                        out.append({"t": "move", "unit": x, "to": d, "sup": True, "label": label + " carrying supply",
                                    **extra})
                if loc in LOC and not U[x].get("hold"):
                    out.append({"t": "hold", "unit": x, "label": f"HOLD {B.uname(s, x)} at {B.name(loc)}"})
            if len(xs) > 1:
                for d in stack_dests(s, xs, paths):
                    cost, warn = _stack_move_cost(s, xs, d)
                    label = f"Move the {len(xs)} units at {B.name(loc)} -> {B.name(d)} ({cost})"
                    extra = {"warn": warn} if warn else {}
                    out.append({"t": "move_stack", "from": loc, "to": d, "label": label, **extra})
                    if sup:
                        out.append({"t": "move_stack", "from": loc, "to": d, "sup": True,
                                    "label": label + " carrying supply", **extra})
                if loc in LOC:
                    out.append({"t": "hold_stack", "from": loc, "label": f"HOLD all units at {B.name(loc)}"})
        out.append({"t": "done", "label": "End the Ground Movement Segment"})
        return out

    def act(self, g, f, a):
        g.end(a)


@flow.step("ground_segment")
class GroundSegment(Procedure):
    """FT 4.13 D, 10.1: the player moves American units (one line, or two along roads) or puts them
    under HOLD (11.5), one order at a time; where units enter a location the Americans did not hold
    at the segment's start, an ambush is checked (13.6 (1)) and fought at once. Frame: entered (the
    zones entered this phase, for zone contact, FT 10.2), its result."""

    parts = ("begin", "order", "carry_out")

    def begin(self, g, f):
        s = g.s
        B.clear_moved(s)
        f["start_us"] = B.map_order({**B.where(s, "inf"), **B.where(s, "sfg")})  # FT 13.6 (1)

    def order(self, g, f):
        g.call("ground", into="order")

    def carry_out(self, g, f):
        s = g.s
        U = s["units"]
        a = f.pop("order")
        t = a["t"]
        if t == "done":
            g.end(f.get("entered"))
            return
        self.goto_part(f, "order")
        if t in ("hold", "hold_stack"):
            xs = [a["unit"]] if t == "hold" else [x for x in movers(s) if U[x]["loc"] == a["from"]]
            for x in xs:
                U[x]["hold"] = True
                U[x]["mv"] = True  # a unit under HOLD does not move this segment (FT 10.1)
            g.log(f"HOLD placed on {', '.join(B.uname(s, x) for x in xs)}", "FT 11.5",
                  refs=B.refs(*[B.ref_u(g.s, x) for x in xs]))
            return
        xs = [a["unit"]] if t == "move" else [x for x in movers(s) if U[x]["loc"] == a["from"]]
        fights = ground_move(g, f, xs, a["to"], a.get("sup", False))
        if fights:
            g.call("ambushes", into="rolled", fights=fights, rolled=list(f.get("rolled", ())))


def ground_move(g, f, xs, to, carry):
    """FT 10.1, 10.11, 12.1: the units xs move along their path to `to` (the ground segment's frame
    f), carrying supply if `carry`, and take the fatigue of the lines crossed; an ambush on entry
    ends the move there (FT 13.6). Returns the ambushes to fight."""
    s = g.s
    U = s["units"]
    frm = U[xs[0]]["loc"]
    path, _ = move_paths(s, xs[0])[to]
    # FT 6.3: the stack carries its own marker (the fullest), a camp's only if it has none
    ms = sorted(B.supply_markers(s, frm), key=lambda x: (not U[x].get("camp"), U[x]["step"], x))
    sup = ms[-1] if carry and ms else None
    fat = {x: 0 for x in xs}
    unsup = {x: not B.supplied(s, x) for x in xs}
    prev = frm
    fights = []
    for i, loc in enumerate(path):
        line = "ankhe" if B.ANKHE in (prev, loc) else ADJ[prev][loc]
        for x in xs:
            B.put(s, x, loc)
            n = TABLES["fatigue_lines"][line]
            if unsup[x] and line != "ankhe" and s["options"]["unsupplied_fatigue"] == "per_line":
                n += 1
            fat[x] += n
        if sup:
            B.move_supply(s, sup, loc)
        prev = loc
        if loc in LOC:
            entered(s, f, loc)
            if loc not in f["start_us"]:
                fights = N.entry_ambush(g, loc, [])
            if fights:
                if i < len(path) - 1:
                    g.log("The ambushed stack ends its move", "FT 13.6")
                break
    for x in xs:
        U[x]["mv"] = True
        U[x]["act"] = True
        U[x]["hold"] = False
        if unsup[x] and s["options"]["unsupplied_fatigue"] == "per_move":
            fat[x] += 1
    g.log(f"{', '.join(B.uname(s, x) for x in xs)} move {B.name(frm)} -> {B.name(prev)}"
          + (" with supply" if sup else ""), "FT 10.1",
              refs=B.refs(*[B.ref_u(g.s, x) for x in xs], B.ref_p(frm), B.ref_p(prev)))
    for x in xs:
        B.add_fatigue(g, x, fat[x], "movement", "FT 12.1")
    return fights


# --- Segment E: support; Segment F: American open combat ----------------------------------------------

def eligible_fire(s, loc):
    """FT 11.5, 11.51, 6.2, 11.7 (A52): supplied, non-broken, not under HOLD (Pleiku and intact camps
    may attack)."""
    U = s["units"]
    free = loc == B.PLEIKU or (LOC[loc]["sf_camp"] and B.garrison_at(s, loc))
    return [x for x in B.us_ground(s, loc) if not U[x].get("brk") and B.supplied(s, x)
            and (free or not U[x].get("hold"))]


def ready_helis(s, kind):
    return [h for h in B.of_kind(s, B.ANKHE, kind) if not s["units"][h].get("used")]


def arty_cost(s, bn, loc):
    """FT 5.6 (A35): 1 CP for the brigade's own battalion or the 2/17, else 2."""
    br = COUNTERS["artillery"][bn]["brigade"]
    if br is None:
        return CP["arty_own"]
    if any(B.brigade(s["units"][x]) == br for x in B.us_inf(s, loc)):
        return CP["arty_own"]
    return CP["arty_other"]


def _firing(s, bn):
    """The battery of `bn` that fires when its battalion is chosen: its first one not fired (FT 11.6)."""
    return [x for x in B.of_kind(s, B.ANKHE, "arty") if s["units"][x]["bn"] == bn and not s["units"][x].get("fired")][0]


def _battery(s, bn):
    """The firing battery as the battle card names it ("Battery A 2/19"; the button read "Battery of
    the 2/19" and the card "battery A 2/19")."""
    name = B.uname(s, _firing(s, bn))
    return name[:1].upper() + name[1:]


def support_choices(s, loc, sup, used, ground=True, labels=True):
    """Artillery, Tac Air support, gunships, ARA, observation helicopters and supporting locations
    (those not `used` for another combat this segment, FT 11.29) for a combat at loc (FT 5.5-5.7,
    9.2, 11.27-11.29); labelled unless labels=False."""
    U = s["units"]
    out = []
    at = B.name(loc) if labels else None
    if ground:
        ready = {U[x]["bn"] for x in B.seen(s, B.ANKHE, "arty") if not U[x].get("fired")}  # FT 11.6
        for bn in COUNTERS["artillery"]:
            if bn in ("batteries", "recon") or bn not in ready:
                continue
            c = arty_cost(s, bn, loc)
            if cp_ok(s, c):
                out.append({"t": "arty", "bn": bn, "loc": loc, "label": f"{_battery(s, bn)} fires at {at} ({c} CP)"}
                           if labels else {"t": "arty", "bn": bn, "loc": loc})
        if free_tac(s) and cp_ok(s, CP["tac_air"]):
            out.append({"t": "tac", "loc": loc, "label": f"Tac Air support at {at} (2 CP)"}
                       if labels else {"t": "tac", "loc": loc})
    for kind, lab in (("gs", "gunship"), ("ara", "ARA company"), ("oh", "observation helicopter")):
        if not ground and kind != "ara":
            continue
        hs = ready_helis(s, kind)
        seen = set()
        for h in hs:
            u = U[h]
            tag = ("r19" if u.get("r19") else "") + str(u.get("st", 0))
            if tag in seen:
                continue
            seen.add(tag)
            c = 0 if u.get("r19") else CP["scramble"]
            if cp_ok(s, c):
                st = "fatigued " if u.get("st") else ""
                out.append({"t": "heli", "heli": h, "loc": loc,
                            "label": f"Scramble a {st}{'1/9 ' if u.get('r19') else ''}{lab} to {at} ({c} CP)"}
                           if labels else {"t": "heli", "heli": h, "loc": loc})
    if ground and s["options"]["supporting_locations"]:
        for a in sorted(ADJ[loc]):
            if a in used or a in sup.get("adj", []) or B.has_nva(s, a):
                continue
            if any(not U[x].get("brk") and B.supplied(s, x) for x in B.us_ground(s, a)):
                out.append({"t": "adj", "from": a, "loc": loc, "label": f"{B.name(a)} supports {at} (1 supply step)"}
                           if labels else {"t": "adj", "from": a, "loc": loc})
    return out


def apply_support(g, a, sup):
    s = g.s
    U = s["units"]
    loc = a["loc"]
    t = a["t"]
    if t == "arty":
        bat = _firing(s, a["bn"])
        B.spend_cp(g, arty_cost(s, a["bn"], loc), f"Artillery {a['bn']}", "FT 5.6")
        U[bat]["fired"] = True  # FT 11.6: fired, unusable until Segment O
        sup.setdefault("arty", []).append(bat)
        g.log(f"{B.uname(s, bat)} supports {B.name(loc)}", "FT 11.27", refs=B.refs(B.ref_u(g.s, bat), B.ref_p(loc)))
    elif t == "tac":
        x = free_tac(s)[0]
        U[x]["used"] = True
        B.spend_cp(g, CP["tac_air"], "Tac Air support", "FT 5.7")
        B.note_presence(s, loc)  # FT 16.1: an airstrike
        sup.setdefault("tac", []).append(x)
        g.log(f"Tac Air supports {B.name(loc)}", "FT 7.1", refs=B.refs(B.ref_p(loc)))
    elif t == "heli":
        h = a["heli"]
        if not U[h].get("r19"):
            B.spend_cp(g, CP["scramble"], "Scramble a combat helicopter", "FT 5.5")
        U[h]["used"] = True
        B.put(s, h, loc)  # (in Cambodia: present there, FT 16.1, an ARA company attacking alone too)
        sup.setdefault({"gs": "gs", "ara": "ara", "oh": "oh"}[U[h]["k"]], []).append(h)
        g.log(f"{B.uname(s, h)} scrambles to {B.name(loc)}", "FT 9.2", refs=B.refs(B.ref_u(g.s, h), B.ref_p(loc)))
    elif t == "adj":
        sup.setdefault("adj", []).append(a["from"])
        g.log(f"{B.name(a['from'])} supports the combat at {B.name(loc)}", "FT 11.29",
              refs=B.refs(B.ref_p(a['from']), B.ref_p(loc)))


def attack_sites(s):
    return [l for l in B.nva_map_locs(s) if eligible_fire(s, l)]


@flow.step("support")
class Support(Step):
    """FT 4.13 E: the American player declares attacks (or ARA attacking alone, 9.7) and allocates
    artillery, Tac Air, helicopters and supporting locations (a location supports one combat,
    11.29) to them. Its result: the attacks declared, each with its support, resolved in F."""

    def prompt(self, g, f):
        return f"Support Segment: declare attacks and allocate artillery, Tac Air and helicopters ({g.s['cp']} CP) (FT 4.13 E)"

    def choices(self, g, f):
        s = g.s
        out = []
        atts = f.get("attacks", [])
        declared = {x["loc"] for x in atts}
        for l in attack_sites(s):
            if l not in declared:
                out.append({"t": "attack", "loc": l, "label": f"Declare an attack at {B.name(l)}"})
        if ready_helis(s, "ara") and cp_ok(s, CP["scramble"]):
            for l in B.nva_map_locs(s):
                if l not in declared and B.cambodia_ok(s, l):
                    out.append({"t": "ara_alone", "loc": l, "label": f"ARA attack alone at {B.name(l)}"})
        used = [a for x in atts for a in x["sup"].get("adj", [])]
        for x in atts:
            out += support_choices(s, x["loc"], x["sup"], used, ground=not x["alone"], labels=g.labels)
        out.append(end_with_cp(s, "End the Support Segment", out) if g.labels else {"t": "done"})
        return out

    def act(self, g, f, a):
        s = g.s
        atts = f.setdefault("attacks", [])
        t = a["t"]
        if t == "done":
            g.end(atts)
            return
        if t == "attack":
            atts.append({"loc": a["loc"], "alone": False, "sup": {}})
            g.log(f"The Americans will attack at {B.name(a['loc'])}", "FT 4.13 E", refs=B.refs(B.ref_p(a['loc'])))
            return
        if t == "ara_alone":
            atts.append({"loc": a["loc"], "alone": True, "sup": {}})
            h = ready_helis(s, "ara")[0]
            apply_support(g, {"t": "heli", "heli": h, "loc": a["loc"]}, atts[-1]["sup"])
            return
        at = next(x for x in atts if x["loc"] == a["loc"])
        apply_support(g, a, at["sup"])


@flow.step("us_combat")
class UsCombat(Procedure):
    """FT 4.13 F: the attacks declared in E, in the order declared (A58); ARA attacking alone
    strike each NVA unit (9.7). Frame: attacks."""

    parts = ("plan", "attack")

    def plan(self, g, f):
        # FT 11.29 (A34): NVA support goes to the highest priority target
        atts = f["attacks"]
        f["nplan"] = N.nva_support_plan(g.s, [x["loc"] for x in atts if not x["alone"]],
                                        barred=[x["loc"] for x in atts if x["alone"]])

    def attack(self, g, f):
        s = g.s
        if not f["attacks"]:
            return
        at = f["attacks"].pop(0)
        self.again(f)
        loc = at["loc"]
        nva = B.nva_at(s, loc)
        if not nva:
            g.log(f"No NVA left at {B.name(loc)}: no attack", "FT 11.1", refs=B.refs(B.ref_p(loc)))
            return
        if at["alone"]:
            ara = at["sup"].get("ara", [])
            factor = len(ara) * COUNTERS["ara"]["strike"]
            g.log(f"{len(ara)} ARA compan(ies) attack alone at {B.name(loc)}, strike factor {factor}", "FT 9.7",
                  refs=B.refs(B.ref_p(loc)))
            strike_units(g, loc, factor, nva, "ARA", "FT 9.7", air=ara)  # air: FT 16.21 AA
            return
        us_f = eligible_fire(s, loc)
        if not us_f:
            g.log(f"No American unit can initiate combat at {B.name(loc)}", "FT 11.1", refs=B.refs(B.ref_p(loc)))
            return
        helis = at["sup"].get("gs", []) + at["sup"].get("ara", []) + at["sup"].get("oh", [])
        start_fight(g, f, combat(loc, "open", "US", us_f=us_f, us_t=B.us_ground(s, loc), n_f=nva, n_t=nva,
                              sup=at["sup"], nsup=N.nva_support(g, loc, f["nplan"].get(loc, [])), helis=helis))


# --- Segment M: American support for the NVA attack -------------------------------------------------

@flow.step("m_support")
class MSupport(Step):
    """FT 4.14 M: before an NVA attack at loc resolves, the American player may allocate artillery,
    Tac Air and helicopters (within his command points); supporting locations not `used` by an
    earlier combat of the segment (11.29). Its result: the support allocated."""

    def prompt(self, g, f):
        return (f"NVA attack at {B.name(f['loc'])}{' (night)' if f.get('night') else ''}: allocate artillery, Tac Air "
                f"and helicopters ({g.s['cp']} CP) (FT 4.14 M)")

    def choices(self, g, f):
        out = support_choices(g.s, f["loc"], f["sup"], f["used"], labels=g.labels)
        out.append({"t": "done", "label": "No (more) support: resolve the combat"} if g.labels else {"t": "done"})
        return out

    def act(self, g, f, a):
        if a["t"] == "done":
            g.end(f["sup"])
            return
        apply_support(g, a, f["sup"])
        record_support(g, f["loc"], f["sup"])


# --- Segment O: maintenance and refit -----------------------------------------------------------------

@flow.step("maint")
class Maint(Step):
    def run(self, g, f):
        s = g.s
        n = 0
        for x, u in s["units"].items():
            if u["k"] in B.HELIS and u["loc"] == B.ANKHE and u.get("st"):
                u["st"] = 0
                n += 1
            if u["k"] in ("arty", "nart") and u.get("fired"):
                u["fired"] = False
        g.log(f"Maintenance: {n} fatigued helicopter(s) and all fired artillery are ready again", "FT 9.4")
        g.goto("refit")


@flow.step("refit")
class Refit(Step):
    def prompt(self, g, f):
        return f"American Maintenance Segment: bring helicopters out of the Refit Box ({g.s['cp']} CP) (FT 9.4)"

    def choices(self, g, f):
        s = g.s
        out = []
        seen = set()
        for h in B.of_kind(s, B.REFIT, *B.HELIS):
            u = s["units"][h]
            tag = u["k"] + ("r19" if u.get("r19") else "")
            if tag in seen:
                continue
            seen.add(tag)
            c = 0 if u.get("r19") else s["options"]["cp_refit"]
            if cp_ok(s, c):
                out.append({"t": "refit", "heli": h, "label": f"Refit {B.uname(s, h)} ({c} CP)"})
        out.append(end_with_cp(s, "End the Maintenance Segment", out))
        return out

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.pop()
            return
        h = a["heli"]
        u = s["units"][h]
        if not u.get("r19"):
            B.spend_cp(g, s["options"]["cp_refit"], "Refit a helicopter", "FT 9.4")
        B.put(s, h, B.ANKHE)
        u["st"] = 0
        g.log(f"{B.uname(s, h)} leaves the Refit Box, combat-ready", "FT 9.4", refs=B.refs(B.ref_u(g.s, h)))


# --- Fatigue Reduction and Final Supply Phases ------------------------------------------------------------

def recovery_site(s, loc):
    if loc == B.ANKHE:
        return True
    if loc == B.PLEIKU:
        return not B.has_nva(s, loc)
    if loc in LOC and LOC[loc]["sf_camp"]:
        return B.garrison_at(s, loc) is not None and not B.has_nva(s, loc)
    return False


@flow.step("fatigue_red")
class FatigueReduction(Step):
    """FT 4.4, 12.4 (A26): -2 fatigue at An Khe, Pleiku or an intact camp without NVA, for units that
    did not move or fight this turn and are supplied."""

    def run(self, g, f):
        s = g.s
        g.pop()
        n = 0
        for x in sorted(s["units"]):
            u = s["units"][x]
            if u["k"] not in ("inf", "sfg") or not u.get("fat") or u.get("act"):
                continue
            if recovery_site(s, u["loc"]) and B.supplied(s, x):
                u["fat"] = max(0, u["fat"] - 2)
                n += 1
        g.log(f"Fatigue reduction: {n} unit(s) recover up to 2 steps", "FT 12.4")


@flow.step("final_supply")
class FinalSupply(Step):
    def run(self, g, f):
        s = g.s
        g.pop()
        with B.reading(s):
            # FT 4.5, 6.3: only where a supply marker lies may a stack be supplied
            todo = [(loc, B.supplied_stacks(s, loc)) for loc in B.map_order(B.where(s, "sup"))]
        for loc, stacks in todo:
            if stacks:
                B.spend_supply(g, loc, stacks, "Final Supply Phase")
        g.log("Final Supply Phase: every supplied stack on the map spends one step", "FT 4.5")

