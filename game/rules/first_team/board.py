"""Queries and primitive changes on the First Team: Vietnam position.

Every counter is a unit {"k": kind, "loc": location, ...} in state["units"]. Kinds:
  inf  US infantry company (bn, co, fat = fatigue steps, brk = broken, hold, mv = moved this
       segment, act = moved or fought this turn)           FT 2.0, 11.5, 12.0
  sfg  SF camp garrison (fat)                               FT 14.2
  arty artillery battery (bn, fired)                        FT 5.6, 11.6
  tr / gs / ara / oh  transport, gunship, Aero-Rocket, observation helicopter
       (st 0 ready / 1 fatigued, used this segment, r19 = 1/9 Cav)   FT 9.0
  tac / b52  Tac Air and B-52 strikes                       FT 7.0
  pf   the pathfinder unit                                  FT 14.1
  sup  supply marker (step 2 full / 1 half)                 FT 6.0
  lz   LZ marker (valid, rev)                               FT 3.0, 5.1
  nva  NVA company (reg, co, step 1-4; 4 = broken; gar, hold, amb, mv)   FT 2.0, 13.0
  nart NVA artillery (optional 16.2; att = its company)     FT 16.2
Locations are map location ids or the boxes below.
"""

import bisect
from operator import itemgetter

from ...engine.flow import Flow
from ...engine.unit_index import LiveIndexes
from .data import ADJ, BY_NUMBER, CLS, COUNTERS, ENTRY, LOC, TABLES, ZONE_LOCS

flow = Flow()

ANKHE = "ANKHE"      # FT 2.0 An Khe Box
REFIT = "REFIT"      # FT 2.0 Refit Box
UNKNOWN = "UNKNOWN"  # FT 2.0 Unknown Box
POOL = "POOL"        # unused supply markers (FT 5.2), LZ markers before set-up
ELIM = "ELIM"        # eliminated, permanently
OFF = "OFF"          # broken NVA removed from play in Cambodia (FT 13.73)
USED = "USED"        # B-52 strikes spent (FT 5.8)
PLEIKU = "PLEIKU"
BOXES = [ANKHE, REFIT, UNKNOWN, POOL, ELIM, OFF, USED]
HELIS = ("tr", "gs", "ara", "oh")
US_UNITS = ("inf", "sfg", "arty", "pf", "tac", "b52") + HELIS  # the American units (not the markers)
VPT = TABLES["vp"]


def zbox(zone):
    return "Z" + zone


ZBOXES = [zbox(z) for z in CLS]
BOX_ZONE = {zbox(z): z for z in CLS}


def on_map(loc):
    return loc in LOC


def zone_of(loc):
    return LOC[loc]["zone"]


def cls(zone):
    return CLS[zone]


def loc_at(zone, n):
    """FT 5.1, 7.22, 10.2: location number n of a zone; the Pleiku zone is one location."""
    if zone == "P":
        return PLEIKU
    return BY_NUMBER[(zone, n)]


def name(loc):
    """A location's name (from the map data alone: each found once)."""
    n = _NAMES.get(loc)
    if n is None:
        n = _NAMES[loc] = _name(loc)
    return n


_NAMES = {}


def _name(loc):
    if loc in LOC:
        r = LOC[loc]
        extra = f" ({r['sf_camp']})" if r["sf_camp"] else ""
        return ("Pleiku" if loc == PLEIKU else loc) + extra
    if loc in BOX_ZONE:
        return f"Zone Box {BOX_ZONE[loc]}"
    return {ANKHE: "An Khe", REFIT: "the Refit Box", UNKNOWN: "the Unknown Box"}.get(loc, loc)


# --- the location index ------------------------------------------------------------------------

# An index lives only while the engine works on a state (`indexed`, `reading`); every move made
# meanwhile goes through `put`, which keeps it right. Outside, the queries scan the units
# (the open indexes: game/engine/unit_index.py).


class _Index:
    __slots__ = ("s", "by_loc", "by_kind", "where", "rank", "kinds", "room", "readers", "kept", "memo", "depth", "sign")

    def __init__(self, s):
        by = {}
        by_kind = {}
        rank = {}
        self.where = where = {}
        for i, (uid, u) in enumerate(s["units"].items()):
            loc = u["loc"]
            by.setdefault(loc, []).append(uid)
            by_kind.setdefault((loc, u["k"]), []).append(uid)
            w = where.setdefault(u["k"], {})
            w[loc] = w.get(loc, 0) + 1
            rank[uid] = i
        for xs in by_kind.values():
            xs.sort()
        self.s = s
        self.by_loc = by        # {loc: [uids in the order of s["units"]]}
        self.by_kind = by_kind  # {(loc, kind): [uids, sorted]} (a unit never changes kind)
        # where: {kind: {loc: how many units of that kind are there}}, only places holding some
        self.rank = rank        # {uid: its position in s["units"]}
        self.kinds = {}         # {kinds: [uids of those kinds, sorted]} (`of_kinds`; a unit never changes kind)
        self.room = _Table(lambda loc: stack_room(self.s, loc))  # FT 8.2 {loc: stack_room}, dropped by `put`
        self.kept = {}          # {key: answer} (`kept`), dropped by `put` when a unit enters or leaves
        self.readers = {}       # {loc: [keys of `kept` answers that read loc]}
        self.memo = None        # {key: answer} while a `reading` is open
        self.depth = 0
        self.sign = None        # its state's sign while known (unit_index)


def _check_index(s, e):
    fresh = {}
    for uid, u in s["units"].items():
        fresh.setdefault(u["loc"], []).append(uid)
    kinds = {}
    for uid, u in s["units"].items():
        kinds.setdefault((u["loc"], u["k"]), []).append(uid)
    where = {}
    for (loc, k), xs in kinds.items():
        where.setdefault(k, {})[loc] = len(xs)
    if ({k: v for k, v in e.by_loc.items() if v} != fresh
            or {k: v for k, v in e.by_kind.items() if v} != {k: sorted(v) for k, v in kinds.items()}
            or e.where != where
            or any(stack_room(s, loc) != room for loc, room in e.room.items())):
        raise RuntimeError("the location index is out of date: a unit moved without board.put")


_LOC_OF = itemgetter("loc")


def _sign(s):
    """What the index is made from (the units, in order, and their places; a unit never changes
    kind or battalion) and the options its kept answers may read: an index whose state still reads
    the same is opened again instead of built (unit_index: resting indexes)."""
    U = s["units"]
    return list(U), list(map(_LOC_OF, U.values())), dict(s["options"])


def _carry(e, s):
    e.s = s  # the rest follows from what the sign compares (room reads e.s)


INDEXES = LiveIndexes(_Index, _check_index, _sign, _carry)  # the open indexes of this game's states
_live = INDEXES.live
indexed = INDEXES.indexed


class reading(indexed):
    """While listing legal actions (or reading the position in an automatic step) no unit moves
    or changes, so `memo` answers are kept for the block. `memo`: the answers of an earlier reading
    of the same position (memo_of), taken up again (a Listing's head read after its step's
    reading closed: us._reading)."""

    def __init__(self, s, memo=None):
        self.s = s
        self.memo = memo

    def __enter__(self):  # (indexed's named, not super(): one of the engine's most frequent calls)
        indexed.__enter__(self)
        self.outer = self.e.memo is not None
        if not self.outer:
            self.e.memo = {} if self.memo is None else self.memo
        return self

    def __exit__(self, *exc):
        if not self.outer:
            self.e.memo = None
        return indexed.__exit__(self, *exc)


def put(s, uid, to):
    """Move a unit (the one way the rules change a location), keeping a live index right."""
    u = s["units"][uid]
    frm = u["loc"]
    u["loc"] = to
    if to in CAMBODIA and u["k"] in US_UNITS:
        note_presence(s, to)  # FT 16.1: whatever the unit and however it came
    e = _live(s)
    if e is None or frm == to:
        return
    e.sign = None  # (unit_index: the state's sign reads the places)
    k = u["k"]
    rd = e.readers
    rooms = None
    if rd:  # the kept answers that read either place (or its units of this kind) are out of date
        for r in (frm, to, (frm, k), (to, k)):
            if r in rd:
                _drop(e, r)
        if k == "inf" and ((frm, "room") in rd or (to, "room") in rd):
            rooms = (e.room[frm], e.room[to])  # before the move (those reading the room: below)
    by = e.by_loc
    by[frm].remove(uid)
    bisect.insort(by.setdefault(to, []), uid, key=e.rank.__getitem__)
    bk = e.by_kind
    bk[(frm, k)].remove(uid)
    bisect.insort(bk.setdefault((to, k), []), uid)
    if k == "inf":
        room = e.room
        room.pop(frm, None)
        room.pop(to, None)
        if rooms is not None:  # a company coming or going leaves the room of a place as it was, often
            if room[frm] != rooms[0] and (frm, "room") in rd:
                _drop(e, (frm, "room"))
            if room[to] != rooms[1] and (to, "room") in rd:
                _drop(e, (to, "room"))
    w = e.where[k]
    n = w[frm] - 1
    if n:
        w[frm] = n
    else:
        del w[frm]
    w[to] = w.get(to, 0) + 1


def _drop(e, r):
    """The kept answers that read r (see `kept`) are out of date."""
    kp = e.kept
    for key in e.readers.pop(r):
        kp.pop(key, None)


def units_at(s, loc):
    e = _live(s)
    if e is not None:
        return list(e.by_loc.get(loc, ()))
    return [uid for uid, u in s["units"].items() if u["loc"] == loc]


def seen(s, loc, kind):
    """The units of one kind at loc, to read only (the live index's own list: no copy)."""
    e = _live(s)
    if e is not None:
        return e.by_kind.get((loc, kind), ())
    return _of_kind(s, loc, (kind,))


def _of_kind(s, loc, kinds):
    e = _live(s)
    if e is not None:
        bk = e.by_kind
        if len(kinds) == 1:
            return list(bk.get((loc, kinds[0]), ()))
        out = []
        for k in kinds:
            out += bk.get((loc, k), ())
        out.sort()
        return out
    U = s["units"]
    return sorted(uid for uid in units_at(s, loc) if U[uid]["k"] in kinds)


def of_kinds(s, *kinds):
    """Every unit of these kinds, wherever it is, by id (the set of units is fixed at set-up; callers
    must not change the list)."""
    e = _live(s)
    if e is not None:
        r = e.kinds.get(kinds)
        if r is None:
            r = e.kinds[kinds] = _of_kinds(s, kinds)
        return r
    return _of_kinds(s, kinds)


def _of_kinds(s, kinds):
    return sorted(x for x, u in s["units"].items() if u["k"] in kinds)


_NONE = {}


def where(s, kind):
    """{location: how many units of kind are there}, only the locations holding some (the live
    index's own: not to be changed, nor kept while units move)."""
    e = _live(s)
    if e is not None:
        return e.where.get(kind, _NONE)
    out = {}
    for u in s["units"].values():
        if u["k"] == kind:
            out[u["loc"]] = out.get(u["loc"], 0) + 1
    return out


def kept(s, key, near, fn, *args):
    """fn(*args), kept in the live index of s (across actions) until a unit enters or leaves one of
    the places `near` (put drops it): a location (any unit), (location, kind) when fn reads only the
    units of that kind there, or (location, "room") when it reads only its stacking room (FT 8.2:
    stack_room, room_table). fn may read only where units are and what never changes (kinds,
    battalions, the options), and only at those places; callers must not change the answer."""
    e = _live(s)
    if e is None:
        return fn(*args)
    try:
        return e.kept[key]
    except KeyError:
        pass
    r = e.kept[key] = fn(*args)
    rd = e.readers
    for at in near:
        ks = rd.get(at)
        if ks is None:
            rd[at] = [key]
        else:
            ks.append(key)
    return r


def memo_of(s):
    """The answers of the reading of s open now (see `reading`), or None."""
    e = _live(s)
    return e.memo if e is not None else None


def memo(s, key, fn):
    """fn() computed once per reading of s (see `reading`); callers must not change the answer."""
    e = _live(s)
    if e is not None:
        m = e.memo
        if m is not None:
            try:
                return m[key]
            except KeyError:
                r = m[key] = fn()
                return r
    return fn()


def of_kind(s, loc, *kinds):
    return _of_kind(s, loc, kinds)


# --- US units ------------------------------------------------------------------------------------

def us_ground(s, loc):
    """US infantry in a location: companies and the SF garrison (FT 2.0, 14.2)."""
    e = _live(s)
    if e is None:
        return _of_kind(s, loc, ("inf", "sfg"))
    bk = e.by_kind
    inf, sfg = bk.get((loc, "inf")), bk.get((loc, "sfg"))
    if not sfg:
        return list(inf) if inf else []
    return sorted(inf + sfg) if inf else list(sfg)


def has_us(s, loc):
    """bool(us_ground(s, loc)), from the counts of the live index."""
    return loc in where(s, "inf") or loc in where(s, "sfg")


def has_nva(s, loc):
    """bool(nva_at(s, loc)), from the counts of the live index."""
    return loc in where(s, "nva")


def us_inf(s, loc):
    return of_kind(s, loc, "inf")


def garrison_at(s, loc):
    g = seen(s, loc, "sfg")
    return g[0] if g else None


def brigade(u):
    if u["k"] != "inf":
        return None
    b = COUNTERS["us_battalions"].get(u["bn"])
    return b["brigade"] if b else None


def us_str(u):
    if u["k"] == "sfg":
        return COUNTERS["garrison"]["str"]
    if u["bn"] == "1/9":
        c = COUNTERS["recon19"]
        return c["broken_str"] if u.get("brk") else c["str"]
    c = COUNTERS["infantry"]
    return c["broken_str"] if u.get("brk") else c["str"]


def printed_eff(u):
    if u["k"] == "sfg":
        return COUNTERS["garrison"]["eff"]
    if u["bn"] == "1/9":
        c = COUNTERS["recon19"]
        return c["broken_eff"] if u.get("brk") else c["eff"]
    c = COUNTERS["infantry"]
    b = str(brigade(u))
    return c["broken_eff"][b] if u.get("brk") else c["eff"][b]


def us_eff(u):
    """FT 12.3: printed effectiveness minus fatigue steps, never below 0 (A55)."""
    return max(0, printed_eff(u) - u.get("fat", 0))


def uname(s, uid):
    u = s["units"][uid]
    k = u["k"]
    if k == "inf":
        return f"{u['co']}/{u['bn']}" if u["bn"] != "1/9" else "1/9 Cav"
    if k == "sfg":
        return f"{LOC[u['loc']]['sf_camp'] if u['loc'] in LOC else ''} SF garrison".strip()
    if k == "nva":
        return f"{u['co']}/{u['reg']}"
    if k == "arty":
        return f"battery {uid[-1].upper()} {u['bn']}"
    if k in HELIS:  # as printed on the counter: role, number (the 1/9's own has none), model
        role, model = HELI_PRINT[k]
        return (f"1/9 {role}" if u.get("r19") else f"{role} {_numeral(uid)}") + (f" ({model})" if model else "")
    if k in ("tac", "b52", "sup"):  # identical counters: a numeral tells them apart
        return f"{PRINTED[k]} {_numeral(uid)}"
    return {"pf": "Pathfinders", "lz": "LZ marker", "nart": f"NVA artillery {u.get('reg')}"}.get(k, uid)


HELI_PRINT = {"tr": ("Lift", "UH-1D"), "gs": ("Gunship", "UH-1B"), "ara": ("ARA", ""), "oh": ("Obs", "OH-13")}
PRINTED = {"tac": "Tac Air", "b52": "B-52", "sup": "supply"}


def _numeral(uid):
    """The counter's number from its id: tr3 -> 3, sup05 -> 5, b52b -> 2 (never the id itself)."""
    if uid.startswith("b52"):
        return str("abcdefgh".index(uid[-1]) + 1)
    return str(int("".join(ch for ch in uid if ch.isdigit())))


def hold_of(s, u):
    """FT 11.5, 11.51: under HOLD, or in Pleiku, or in a camp with an intact garrison."""
    if u.get("hold"):
        return True
    if u["k"] in ("inf", "sfg") and u["loc"] in LOC:
        return u["loc"] == PLEIKU or (LOC[u["loc"]]["sf_camp"] is not None and garrison_at(s, u["loc"]) is not None)
    return False


def stack_ok(s, loc, extra=(), less=()):
    """FT 8.2: two infantry units, or the four companies of one battalion (garrisons exempt, A16),
    once the units `extra` have come and the units `less` have gone."""
    if loc not in LOC:
        return True
    U = s["units"]
    here = _of_kind(s, loc, ("inf",))
    if len(extra) == 1 and not less and extra[0] not in here:  # the common question: may one unit come?
        return fits(s, loc, U[extra[0]]["bn"])
    new = [x for x in extra if x not in here]
    if less:
        here = [x for x in here if x not in less]
    n = len(here) + len(new)
    if n <= 2:
        return True
    if n > 4:
        return False
    bn = U[here[0] if here else new[0]]["bn"]
    return all(U[x]["bn"] == bn for x in here) and all(U[x]["bn"] == bn for x in new)


def stack_admits(s, loc, n, bn):
    """stack_ok(s, loc, xs) for n infantry companies xs coming together from elsewhere, all of
    battalion bn (None: of more than one)."""
    if loc not in LOC:
        return True
    here = seen(s, loc, "inf")
    k = len(here) + n
    if k <= 2:
        return True
    if k > 4 or bn is None:
        return False
    U = s["units"]
    return all(U[x]["bn"] == bn for x in here)


def fits(s, loc, bn):
    """FT 8.2 (stack_ok) for one more infantry company, of battalion bn, coming to loc from elsewhere."""
    return admits(room_table(s)[loc], bn)


def admits(room, bn):
    """Whether a stack_room answer lets a company of battalion bn come."""
    return room is True or room == bn


def crowded(s, locs):
    """{loc: stack_room} for those of locs where it is not True (two or more companies there, on the
    map): at the others a company of any battalion may come (FT 8.2). For listings that ask many
    battalions about the same places."""
    inf = where(s, "inf")
    room = room_table(s)
    out = {}
    for loc in locs:
        if inf.get(loc, 0) > 1:
            r = room[loc]
            if r is not True:
                out[loc] = r
    return out


def stack_room(s, loc):
    """FT 8.2 for one more infantry company coming to loc from elsewhere: True (of any battalion),
    False (of none), or the one battalion whose companies may still come."""
    if loc not in LOC:
        return True
    here = seen(s, loc, "inf")
    n = len(here) + 1
    if n <= 2:
        return True
    if n > 4:
        return False
    U = s["units"]
    bn = U[here[0]]["bn"]
    return bn if all(U[y]["bn"] == bn for y in here) else False


class _Table(dict):
    """{key: fn(key)}, each answer found the first time it is asked for (by `table[key]`)."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def __missing__(self, key):
        v = self[key] = self.fn(key)
        return v


def room_table(s):
    """{location: stack_room}, each found once (the live index keeps it across actions: put drops a
    location's answer when an infantry company enters or leaves it); not to be changed."""
    e = _live(s)
    if e is not None:
        return e.room
    return _Table(lambda loc: stack_room(s, loc))


def supply_markers(s, loc):
    return sorted(of_kind(s, loc, "sup"), key=lambda x: (s["units"][x]["step"], x))


def supply_for(s, loc):
    """FT 6.3: the marker that supplies each stack at loc, {"sfg": marker or None, "inf": ...}.
    "A supply unit may supply either one stack of American infantry ... or one Special Forces Camp
    Garrison": a marker belongs to a stack. The camp's own markers (flag "camp", from the set-up)
    supply its garrison, the others the infantry; a marker left over supplies the other stack
    (ruling R-SUP1, option supply_share: who comes first when one marker must serve both).
    Each stack draws on its half markers first."""
    e = _live(s)
    m = e.memo if e is not None else None
    if m is None:
        return _supply_for(s, loc)
    k = (loc, "supply_for")
    r = m.get(k)
    if r is None:
        r = m[k] = _supply_for(s, loc)
    return dict(r)


def _supply_for(s, loc):
    ms = supply_markers(s, loc)
    if not ms:
        return {"sfg": None, "inf": None}
    present = {"sfg": garrison_at(s, loc) is not None, "inf": bool(us_inf(s, loc))}
    own = {"sfg": [m for m in ms if s["units"][m].get("camp")],
           "inf": [m for m in ms if not s["units"][m].get("camp")]}
    order = ("sfg", "inf") if s["options"]["supply_share"] == "garrison_first" else ("inf", "sfg")
    out = {"sfg": None, "inf": None}
    for k in order:
        if present[k] and own[k]:
            out[k] = own[k].pop(0)
    spare = sorted(own["sfg"] + own["inf"], key=lambda x: (s["units"][x]["step"], x))
    for k in order:
        if present[k] and out[k] is None and spare:
            out[k] = spare.pop(0)
    return out


def _stack_of(u):
    return "sfg" if u["k"] == "sfg" else "inf"


def supplied(s, uid):
    """FT 6.1, 6.3: at An Khe always; on the map with a marker of its own stack (supply_for)."""
    u = s["units"][uid]
    return stack_supplied(s, u["loc"], _stack_of(u))


def stack_supplied(s, loc, stack):
    """supplied() for a unit of `stack` ("inf" or "sfg") at loc."""
    if loc == ANKHE:
        return True
    if loc not in LOC or not seen(s, loc, "sup"):
        return False
    return supply_for(s, loc)[stack] is not None


def supplied_stacks(s, loc):
    """The supplied stacks in a location: ["inf"] and/or ["sfg"]."""
    return [k for k, m in supply_for(s, loc).items() if m is not None]


def spend_supply(g, loc, stacks, why):
    """FT 6.3: each of `stacks` ("inf", "sfg") at loc spends one step of its own marker; an empty
    marker goes back to the pool."""
    s = g.s
    mine = supply_for(s, loc)
    for k in stacks:
        x = mine.get(k)
        if x is None:
            continue
        m = s["units"][x]
        m["step"] -= 1
        if m["step"] <= 0:
            m["step"] = 2
            put(s, x, POOL)
            m.pop("camp", None)
            g.log(f"{why}: a supply marker at {name(loc)} is used up", "FT 6.3", refs=refs(ref_p(loc)))
        else:
            g.log(f"{why}: a supply marker at {name(loc)} is reduced to half", "FT 6.3", refs=refs(ref_p(loc)))


def move_supply(s, x, to):
    """A supply marker carried elsewhere belongs to the stack that carries it (FT 6.3)."""
    put(s, x, to)
    s["units"][x].pop("camp", None)


def lz_at(s, loc):
    """FT 9.1: Pleiku, the camps, revealed valid LZ markers; the pathfinder's location (A12), but
    not while it holds Contacted NVA (FT 14.1: "may not be used in a location which contains
    Contacted NVA units"; A60: every NVA on the map is Contacted)."""
    if loc == ANKHE:
        return True
    return loc in lz_locs(s)


_PRINTED_LZ = frozenset(loc for loc, r in LOC.items() if r["lz"])  # Pleiku and the camps


def lz_locs(s):
    """The map locations that are LZs now (lz_at), a set, found once per reading (not to be changed)."""
    return memo(s, "lz_locs", lambda: _lz_locs(s))


def _lz_locs(s):
    U = s["units"]
    out = set(_PRINTED_LZ)
    for x in of_kinds(s, "lz"):
        u = U[x]
        if u.get("rev") and u.get("valid") and u["loc"] in LOC:
            out.add(u["loc"])
    for x in of_kinds(s, "pf"):
        loc = U[x]["loc"]
        if loc in LOC and not seen(s, loc, "nva"):
            out.add(loc)
    return out


CAMBODIA = frozenset(loc for loc, r in LOC.items() if r["zone"] == "CAM")


def cambodia_ok(s, loc):
    """FT 16.1: Cambodia is entered only with the optional rule."""
    return loc not in CAMBODIA or s["options"]["cambodia"]


def present_in_cambodia(s):
    """FT 16.1 (the optional rule in play): American units or airstrikes are present in Cambodia
    this turn, which scores at its end (turn.EndTurn): those there at the turn's start (turn.Turn),
    every American unit put there (put), the airstrikes (us.AirSeg, Tac Air support)."""
    if s["options"]["cambodia"]:
        s["us_in_cambodia"] = True


def note_presence(s, loc):
    """FT 16.1: American units or an airstrike in loc: present in Cambodia if loc is there."""
    if loc in CAMBODIA:
        present_in_cambodia(s)


def note_box_strike(s, hit):
    """FT 16.1, 7.22, ruling R-CAM1 (option cambodia_box_strike_presence): an airstrike on the
    Cambodia Zone Box, hit when its two dice agree, is present in Cambodia: always ("counts"), only
    when an attack occurs ("attack_only"), or never."""
    rule = s["options"]["cambodia_box_strike_presence"]
    if rule == "counts" or (rule == "attack_only" and hit):
        present_in_cambodia(s)


def americans_in_cambodia(s):
    """FT 16.1: an American unit is in one of Cambodia's six locations."""
    U = s["units"]
    return any(U[x]["loc"] in CAMBODIA for x in of_kinds(s, *US_UNITS))


# --- NVA units -------------------------------------------------------------------------------------

NSTR = COUNTERS["nva"]["str"]
NEFF = COUNTERS["nva"]["eff"]


def key(u):
    """'Lowest numbered company of the lowest numbered regiment' (FT 5.1, 13.32)."""
    return (int(u["reg"]), u["co"])


def clear_moved(s):
    """FT 10.1, 13.51: a Ground Movement Segment begins (D or K): no unit has moved in it yet (the
    markers of the last one, every unit's, go)."""
    U = s["units"]
    for x in of_kinds(s, "inf", "nva"):
        U[x].pop("mv", None)


def nva_at(s, loc):
    """NVA companies in a location, lowest regiment and company first."""
    e = _live(s)
    if e is None:
        return _nva_at(s, loc)
    xs = e.by_kind.get((loc, "nva"))
    if not xs or len(xs) == 1:
        return list(xs or ())
    m = e.memo
    if m is None:
        return _nva_at(s, loc)
    k = (loc, "nva_at")
    r = m.get(k)
    if r is None:
        r = m[k] = _nva_at(s, loc)
    return list(r)


def nva_locs(s):
    """The locations holding NVA companies (nva_at not empty), a set, once per reading (not to be changed)."""
    return memo(s, "nva_locs", lambda: set(where(s, "nva")))


def nva_map_locs(s):
    """The map locations holding NVA companies, in map order."""
    return map_order(nva_locs(s))


_MAP_ORDER = {loc: i for i, loc in enumerate(LOC)}


def map_order(locs):
    """The map locations among locs, in the map's order (that of LOC)."""
    return sorted((loc for loc in locs if loc in _MAP_ORDER), key=_MAP_ORDER.__getitem__)


def _nva_at(s, loc):
    U = s["units"]
    return sorted(_of_kind(s, loc, ("nva",)), key=lambda x: key(U[x]))


def nsort(s, uids):
    return sorted(uids, key=lambda x: key(s["units"][x]))


def n_str(u):
    return NSTR[u["step"] - 1]


def n_eff(u):
    return NEFF[u["step"] - 1]


def broken(u):
    return u["step"] >= 4


def lowest_eff(s, uids):
    """FT 11.22, 11.7: broken NVA count only if no non-broken NVA are present."""
    us = [s["units"][x] for x in uids]
    nb = [n_eff(u) for u in us if not broken(u)]
    return min(nb) if nb else min((n_eff(u) for u in us), default=0)


def room(s, loc):
    return TABLES["nva_stack"] - len(nva_at(s, loc))


def stacks_of_six(s, uids):
    """FT 10.2, 13.32: per regiment, consecutive companies in stacks of six; the rest a stack."""
    out = []
    for reg in sorted({s["units"][x]["reg"] for x in uids}, key=int):
        us = nsort(s, [x for x in uids if s["units"][x]["reg"] == reg])
        out += [us[i:i + 6] for i in range(0, len(us), 6)]
    return out


def nva_garrisoned(s, loc):
    return any(s["units"][x].get("gar") for x in nva_at(s, loc))


def target_types(s, loc):
    """FT 13.31, 13.34 (A20, A44): 1 Pleiku, 2 SF camp, 3 road, 4 US ground units."""
    if s["options"]["garrisoned_not_target"] and nva_garrisoned(s, loc) and not has_us(s, loc):
        return []
    if zone_of(loc) == "CAM" and not (s["options"]["cambodia"] and has_us(s, loc)):
        return []
    t = []
    r = LOC[loc]
    if loc == PLEIKU:
        t.append(1)
    if r["sf_camp"]:
        t.append(2)
    if r["road"]:
        t.append(3)
    if has_us(s, loc):
        t.append(4)
    return t


def ambushable(s, loc, by_contacted):
    """FT 11.34: never in Pleiku or a camp with an intact garrison; HOLD units are safe from
    Contacted NVA. Returns the US units that may be ambushed."""
    if loc == PLEIKU or (LOC[loc]["sf_camp"] and garrison_at(s, loc)):
        return []
    us = us_ground(s, loc)
    if by_contacted:
        us = [x for x in us if not hold_of(s, s["units"][x])]
    return us


# --- tracks and losses -------------------------------------------------------------------------------

def vp(g, n, why, rule="FT 15.0"):
    if n == 0:
        return
    s = g.s
    s["vp"] += n
    g.log(f"{why}: {n:+d} VP (NVA total {s['vp']})", rule, kind="vp")


def casualties(g, n, why):
    """FT 15.0: casualty points on the track; each is worth VP (A7a)."""
    if n <= 0:
        return
    s = g.s
    s["cas"] += n
    g.log(f"{why}: {n} casualty point(s) (track {s['cas']})", "FT 11.2", kind="track", side="US")
    vp(g, n * s["options"]["vp_casualty"], "US casualty points")


def spend_cp(g, n, why, rule):
    s = g.s
    if n <= 0:
        return
    if s["cp"] < n:
        raise ValueError("not enough command points")
    s["cp"] -= n
    g.log(f"{why}: -{n} CP ({s['cp']} left)", rule, kind="cost")  # routine, not a result


def free_19(s, uid):
    return bool(s["units"][uid].get("r19")) or s["units"][uid].get("bn") == "1/9"


def break_us(g, uid, why, rule, fatigue=False):
    """FT 2.0, 12.6, 14.2: flip to broken (+1 VP); a garrison is eliminated instead."""
    s = g.s
    u = s["units"][uid]
    if u["k"] == "sfg":
        where = u["loc"]
        put(s, uid, ELIM)
        u["fat"] = 0
        g.log(f"The {LOC[where]['sf_camp']} SF garrison is eliminated ({why})", "FT 14.2", kind="loss", side="US")
        vp(g, VPT["us_broken"], "SF garrison eliminated")
        return
    if u.get("brk"):
        return
    u["brk"] = True
    if fatigue or s["options"]["clear_fatigue_on_any_break"]:
        u["fat"] = 0
    g.log(f"{uname(s, uid)} is broken ({why})", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="US")
    vp(g, VPT["us_broken"], f"{uname(s, uid)} broken")


def eliminate_us(g, uid, why, rule):
    s = g.s
    u = s["units"][uid]
    put(s, uid, ELIM)
    u["hold"] = False
    g.log(f"{uname(s, uid)} is eliminated ({why})", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="US")
    vp(g, s["options"]["vp_company"], f"{uname(s, uid)} eliminated")


def fatigue_effect(s, uid, n):
    """What add_fatigue(uid, n) would do, said before the player chooses it (issue 9 item 5):
    (text, warning or None). Kept beside add_fatigue and checked against it in the tests."""
    u = s["units"][uid]
    if n <= 0:
        return "", None
    fat = u.get("fat", 0)
    who = uname(s, uid)
    if fat + n < 5:
        text = f"fatigue {fat} -> {fat + n}"
        if u["k"] in ("inf", "sfg"):
            text += f", eff {max(0, printed_eff(u) - fat - n)}"
        return text, None
    if u["k"] == "sfg":
        vp = VPT["us_broken"]
        return f"eliminates the garrison: +{vp} NVA VP", f"This eliminates {who} (five fatigue steps): +{vp} NVA VP (FT 12.6, 14.2)."
    if u.get("brk"):
        vp = s["options"]["vp_company"]
        return f"ELIMINATES {who}: +{vp} NVA VP", f"This eliminates {who} (a broken unit reaching five fatigue steps): +{vp} NVA VP (FT 12.6)."
    vp = VPT["us_broken"]
    return f"BREAKS {who}: +{vp} NVA VP", f"This breaks {who} (five fatigue steps): +{vp} NVA VP (FT 12.6)."


def add_fatigue(g, uid, n, why, rule="FT 12.0"):
    """FT 12.6: five steps break a unit (fatigue cleared); a broken unit reaching five is eliminated.
    "No American unit may ever be given more than five steps": the steps beyond the fifth are lost,
    never carried onto the broken side. Returns True if the unit broke or was eliminated."""
    s = g.s
    u = s["units"][uid]
    for k in range(n):
        if u["loc"] == ELIM:
            return True
        u["fat"] = u.get("fat", 0) + 1
        if u["fat"] >= 5:
            lost = n - k - 1
            if u["k"] == "sfg" or not u.get("brk"):
                g.log(f"{uname(s, uid)} reaches five fatigue steps"
                      + (f"; the other {lost} step(s) are lost" if lost else ""), "FT 12.6", refs=refs(ref_u(g.s, uid)))
                break_us(g, uid, "fatigue", "FT 12.6", fatigue=True)
                if u["k"] == "inf":
                    u["fat"] = 0
            else:
                u["fat"] = 5
                eliminate_us(g, uid, "a broken unit reaches five fatigue steps", "FT 12.6")
                u["fat"] = 0
            return True
    if n:
        g.log(f"{uname(s, uid)}: +{n} fatigue ({why}); now {u.get('fat', 0)}", rule, refs=refs(ref_u(g.s, uid)), side="US")
    return False


def nva_step(g, uid, why, rule="FT 11.2"):
    """One step loss: the 4th step is broken (-1 VP), losing it eliminates (-2 VP)."""
    s = g.s
    u = s["units"][uid]
    if u["step"] >= 4:
        eliminate_nva(g, uid, why, rule)
        return
    u["step"] += 1
    g.log(f"NVA {uname(s, uid)} loses a step ({why}): step {u['step']}", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="NVA")
    if u["step"] == 4:
        g.log(f"NVA {uname(s, uid)} is broken", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="NVA")
        vp(g, VPT["nva_broken"], f"NVA {uname(s, uid)} broken")
        nart_reassign(g, uid)


def break_nva(g, uid, why, rule="FT 11.2"):
    s = g.s
    u = s["units"][uid]
    if u["step"] >= 4:
        return
    u["step"] = 4
    g.log(f"NVA {uname(s, uid)} is broken ({why})", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="NVA")
    vp(g, VPT["nva_broken"], f"NVA {uname(s, uid)} broken")
    nart_reassign(g, uid)


def eliminate_nva(g, uid, why, rule):
    s = g.s
    u = s["units"][uid]
    put(s, uid, ELIM)
    u["gar"] = u["hold"] = False
    g.log(f"NVA {uname(s, uid)} is eliminated ({why})", rule, kind="loss", refs=refs(ref_u(g.s, uid)), side="NVA")
    vp(g, VPT["nva_eliminated"], f"NVA {uname(s, uid)} eliminated")
    nart_reassign(g, uid, dead=True)
    regiment_destroyed(g, u["reg"])


def regiment_destroyed(g, reg):
    """FT 16.2 (A75): when the last company of a regiment is eliminated and every company is in the
    eliminated box (a broken unit withdrawn off the map, 13.73, is not destroyed), its artillery
    counts as an extra broken, eliminated company: -3 VP, scored once."""
    s = g.s
    if not s["options"]["nva_artillery"]:
        return
    arts = [(aid, a) for aid, a in s["units"].items() if a["k"] == "nart" and a["reg"] == reg]
    if not arts or any(a.get("reg_vp") for _, a in arts):
        return
    if any(v["loc"] != ELIM for v in s["units"].values() if v["k"] == "nva" and v["reg"] == reg):
        return
    for aid, a in arts:
        a["reg_vp"] = True
        put(s, aid, ELIM)
        a.pop("att", None)
    vp(g, VPT["nva_regiment_artillery"], f"The {ordinal(reg)} regiment is destroyed: its artillery counts as a "
       "broken, eliminated company", "FT 16.2")


def regain(g, uids, why):
    """FT 6.4 (A43): the lowest entering unit below full strength regains one step."""
    s = g.s
    for uid in nsort(s, uids):
        u = s["units"][uid]
        if u["step"] > 1:
            u["step"] -= 1
            g.log(f"NVA {uname(s, uid)} regains a step ({why}): step {u['step']}", "FT 6.4", refs=refs(ref_u(g.s, uid)))
            return


def nart_reassign(g, uid, dead=False):
    """FT 16.2: the artillery follows the lowest non-broken company of its regiment."""
    s = g.s
    for aid, a in s["units"].items():
        if a["k"] != "nart" or a.get("att") != uid:
            continue
        if dead:
            put(s, aid, ELIM)
            a.pop("att", None)
            g.log(f"NVA artillery of the {ordinal(a['reg'])} is destroyed with its company", "FT 16.2", kind="loss")
            return  # the -3 VP of a destroyed regiment: regiment_destroyed (A75)
        reg = a["reg"]
        cands = nsort(s, [x for x, v in s["units"].items() if v["k"] == "nva" and v["reg"] == reg
                          and v["step"] < 4 and v["loc"] not in (ELIM, OFF)])
        if cands:
            a["att"] = cands[0]
            put(s, aid, s["units"][cands[0]]["loc"])
            g.log(f"NVA artillery of the {ordinal(reg)} reassigned to {uname(s, cands[0])}", "FT 16.2")


def sync_nart(s):
    U = s["units"]
    for aid in of_kinds(s, "nart"):
        if U[aid].get("att"):
            put(s, aid, U[U[aid]["att"]]["loc"])


def nart_at(s, loc):
    return [x for x in of_kind(s, loc, "nart")]


def place_nva(s, uid, loc):
    """A60: placed on the map = Contacted; in a box = Identified (garrison and HOLD cleared)."""
    u = s["units"][uid]
    put(s, uid, loc)
    u["gar"] = False
    u["hold"] = False
    sync_nart(s)


def overrun(g, loc, movers):
    """FT 6.4, 14.1: supply or the pathfinder alone when NVA enter."""
    s = g.s
    if has_us(s, loc):
        return
    sup = of_kind(s, loc, "sup")
    if sup:
        for x in sup:
            move_supply(s, x, POOL)
            s["units"][x]["step"] = 2
        g.log(f"Supply at {name(loc)} is overrun by the NVA", "FT 6.4", kind="loss", refs=refs(ref_p(loc)))
        regain(g, movers, "supply overrun")
    for x in of_kind(s, loc, "pf"):
        put(s, x, ELIM)
        g.log(f"The pathfinders at {name(loc)} are overrun", "FT 14.1", kind="loss", refs=refs(ref_p(loc)))
        vp(g, s["options"]["vp_company"], "Pathfinders destroyed (one company)", "FT 14.1")


def adjacent(loc):
    return ADJ[loc]


def zone_locs(z):
    return ZONE_LOCS[z]


def data_entry():
    """FT 10.1: the road location(s) leading off the east edge to An Khe (RECON: Pleiku)."""
    return ENTRY


def ordinal(n):
    """32 -> "32nd", 33 -> "33rd", 66 -> "66th" (the NVA regiments' numbers)."""
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- what a log line names (issue 9 item 7): structured facts, so the UI never reads names ----------

def ref_u(s, uid):
    """A unit named in a log line: the UI lights its counter while the name is hovered."""
    return ["u", uid, uname(s, uid)]


def ref_p(loc):
    """A location or box named in a log line."""
    return ["p", loc, name(loc)]


def refs(*rs):
    return [r for r in rs if r] or None
