"""Queries and primitive changes on the Mike Force position.

A unit is {"k": kind, "loc": location, ...}. Locations are map space ids or
boxes (below). Optional fields: "red" (disrupted, MF 13.1), "rev" (revealed
Communist unit, MF 16), "com" (garrison on its Communist side, MF 24.1),
"att" (a leader's unit, MF 25.4), "by" (a special target's carrier, MF 26.3).
"""

import bisect
from itertools import repeat
from operator import itemgetter

from ...engine.flow import Flow
from ...engine.rng import pick_index
from ...engine.unit_index import LiveIndexes
from .data import INFIL, KINDS, LATERAL, SPACES, TABLES

flow = Flow()

NT = "NHA_TRANG"            # MF 22.0
SF_POOL = "SF_POOL"         # Standard Reinforcements Box (MF 2.2)
SUP_POOL = "SUPPORT_POOL"   # Support Reinforcements Box (MF 2.2, R-BX2)
SUP_AVAIL = "SUPPORT_AVAIL"  # Support Available Box (MF 2.2, R-BX1)
COM_MOBILE = "COM_MOBILE"   # Communist Mobile Reinforcements Box (MF 2.3)
COM_STATIC = "COM_STATIC"   # Communist Static Reinforcements Box (MF 2.3)
GONE = "ELIMINATED"         # permanently removed (static Communist units, MF 20.4)
RECOVERED = "RECOVERED"     # Recovered Special Targets box (MF 2.2)
ASIDE = "ASIDE"             # not used in this scenario
DRAWN = "DRAWN"             # picked, waiting for the player to say where it goes
BOXES = [NT, SF_POOL, SUP_POOL, SUP_AVAIL, COM_MOBILE, COM_STATIC, GONE, RECOVERED, ASIDE, DRAWN]


def K(u):
    return KINDS[u["k"]]


# --- what a unit is ------------------------------------------------------------------
# Most of it follows from the counter's kind alone (a unit never changes kind): each such rule is
# written once, over the kind's record, and kept as the set of kinds it holds for.

def _kinds(rule):
    return frozenset(k for k, rec in KINDS.items() if rule(rec))


_GARRISON = _kinds(lambda k: k["cls"] == "garrison")  # its side is its "com" flag (MF 24.1)
_FW_PRINTED = _kinds(lambda k: k["side"] == "FW")
_LEADER = _kinds(lambda k: k["cls"] == "leader")
_AIR = _kinds(lambda k: k["cls"] == "air")
_HELI = _kinds(lambda k: bool(k.get("heli")) or bool(k.get("aircav")))
HELI_KINDS = _HELI
_TARGET = _kinds(lambda k: bool(k.get("target")))


def side(u):
    k = u["k"]
    if k in _GARRISON:
        return "COM" if u.get("com") else "FW"
    return KINDS[k]["side"]


def is_fw(u):
    k = u["k"]
    if k in _GARRISON:
        return not u.get("com")
    return k in _FW_PRINTED


def is_com(u):
    k = u["k"]
    if k in _GARRISON:
        return bool(u.get("com"))
    return k not in _FW_PRINTED


def is_garrison(u):
    return u["k"] in _GARRISON


def is_leader(u):
    return u["k"] in _LEADER


def is_air(u):
    return u["k"] in _AIR


def is_heli(u):
    return u["k"] in _HELI


def is_macv(u):
    return K(u)["cls"] in ("macv", "air")


def is_sf(u):
    return K(u)["cls"] == "sf"


def is_target(u):
    return u["k"] in _TARGET


def _mobile(k):
    """Mobile units move (MF 9.1, 15.2); Communist mobile = NVA."""
    if k["side"] == "COM" and k["cls"] == "com":
        return bool(k.get("mobile"))
    if k["cls"] in ("garrison", "leader", "air"):
        return False
    return not k.get("static")


_MOBILE = _kinds(_mobile)
_GROUND = frozenset(KINDS) - _AIR - _LEADER - _TARGET


def is_mobile(u):
    return u["k"] in _MOBILE


def is_ground(u):
    """Units that fight on the ground: everything on the map but air, leaders, targets."""
    return u["k"] in _GROUND


def recon_of(s, u):
    """Effective recon factor: printed side + leader, at most 5 (MF 25.4)."""
    k = K(u)
    if is_garrison(u):
        return k["fw"][0]
    base = k["red"][0] if u.get("red") else k.get("r", 0)
    if leader_of(s, u):
        base = min(5, base + 1)
    return base


def cf_of(s, u):
    """Effective combat factor (MF 20.2, 25.4 leader +1, capped at 5)."""
    k = K(u)
    if is_garrison(u):
        return k["com_c"] if u.get("com") else k["fw"][1]
    if k["side"] == "COM":
        return k["c"]
    base = k["red"][1] if u.get("red") else k.get("c", 0)
    if leader_of(s, u):
        base = min(5, base + 1)
    return base


def ma_of(u):
    k = K(u)
    m = k["red"][2] if u.get("red") and k.get("red") else k.get("m", 0)
    return m


def two_step(u):
    return bool(K(u).get("red"))


def name_of(s, uid):
    u = s["units"][uid]
    k = K(u)
    if is_leader(u):
        return leader_name(u)
    return k["name"]


def labels(s, uids):
    """Printed names that tell identical units apart: a reduced (disrupted) unit says so, and
    units that still read the same are numbered "(1)", "(2)" in the order listed."""
    base = {u: name_of(s, u) + (" (disrupted)" if s["units"][u].get("red") else "") for u in uids}
    counts = {}
    for u in uids:
        counts[base[u]] = counts.get(base[u], 0) + 1
    seen, out = {}, {}
    for u in uids:
        if counts[base[u]] > 1:
            seen[base[u]] = seen.get(base[u], 0) + 1
            out[u] = f"{base[u]} ({seen[base[u]]})"
        else:
            out[u] = base[u]
    return out


def labels_by_place(s, uids):
    """labels() within each place: "CIDG Company (1) at Tra Bong", "(2)" there; one elsewhere
    stays plain (the place already tells it apart)."""
    out = {}
    for sp in sorted({s["units"][u]["loc"] for u in uids}):
        out.update(labels(s, [u for u in uids if s["units"][u]["loc"] == sp]))
    return out


def leader_name(u):
    """"Leader Blackjack"; the placeholder names (counters.json) already read "Leader C"."""
    n = u.get("name") or "Leader"
    return n if n.startswith("Leader") else f"Leader {n}"


# --- where things are ---------------------------------------------------------------

# An index of the units by location lives only while the engine works on a state (`indexed`,
# `reading`); every move made meanwhile goes through `put`, which keeps it right. Outside, the
# queries scan the units.


IN_PLAY = (*SPACES, NT)  # the map and Nha Trang
_IN_PLAY = frozenset(IN_PLAY)


class _Index:
    __slots__ = ("s", "by_loc", "rank", "camps", "in_play", "fw_play", "play_of", "dirty", "held", "sets", "at",
                 "uids", "leaders", "targets", "riders", "kept", "depth", "sign")

    def __init__(self, s):
        by = {}
        rank = {}
        leaders, targets, riders = [], [], []
        for i, (uid, u) in enumerate(s["units"].items()):
            by.setdefault(u["loc"], []).append(uid)
            rank[uid] = i
            if is_leader(u):
                leaders.append(uid)
                riders.append(uid)
            elif is_target(u):
                targets.append(uid)
                riders.append(uid)
        self.s = s
        self.by_loc = by      # {loc: [uids in the order of s["units"]]}
        self.rank = rank      # {uid: its position in s["units"]}
        self.camps = _camp_count(s)  # {loc: how many SF camps are there}
        self.in_play = _in_play(s)  # {uid} of the Free World kinds' units on the map or in Nha Trang
        self.fw_play = None   # fw_in_play's answer, until a unit enters or leaves play or a garrison flips
        self.play_of = {}     # {kinds: (fw_play, its units of those kinds)} (fw_in_play_of)
        # What each map space holds (_space_state), kept until a unit enters or leaves it or one there
        # flips (`flip`): its control (MF 6.0), whether it stops Free World ground moves (R-MV4),
        # whether a Free World unit stands there (R-MV4) and whether it is a sortie point (MF 23.2).
        # A place in `dirty` is worked out again when next asked; `sets` holds the sets of spaces
        # made from them until one changes.
        self.dirty = set(SPACES)
        self.held = {}
        self.sets = {}
        self.at = {}          # {space: {key: (fn, args, answer)}} (kept_at), dropped with what it holds
        self.uids = None      # {id(unit dict): uid}, made when first asked
        self.leaders = leaders  # the leader units, in the order of s["units"] (a unit never changes kind)
        self.targets = targets  # the special targets, likewise
        self.riders = riders    # both, likewise
        self.kept = {}        # answers that follow from their key alone (`keep`), for the index's life
        self.depth = 0
        self.sign = None      # its state's sign while known (unit_index)


def _camp_count(s):
    out = {}
    for u in s["units"].values():
        if u["k"] == "camp":
            out[u["loc"]] = out.get(u["loc"], 0) + 1
    return out


def _in_play(s):
    """The units of Free World kinds (a garrison on its Communist side too) on the map or in Nha Trang."""
    return {uid for uid, u in s["units"].items() if u["loc"] in _IN_PLAY and u["k"] in _FW_PRINTED}


def _check_index(s, e):
    fresh = {}
    for uid, u in s["units"].items():
        fresh.setdefault(u["loc"], []).append(uid)
    if {k: v for k, v in e.by_loc.items() if v} != fresh or \
            {k: n for k, n in e.camps.items() if n} != _camp_count(s) or e.in_play != _in_play(s):
        raise RuntimeError("the location index is out of date: a unit moved without board.put")
    if e.fw_play is not None and e.fw_play != _fw_in_play(s, _in_play(s)):
        raise RuntimeError("the Free World units in play are out of date: a garrison flipped without board.flip")
    for sp in SPACES:
        if sp not in e.dirty and e.held[sp] != _space_state_ref(s, sp):
            raise RuntimeError(f"what {sp} holds is out of date: a unit flipped without board.flip")
    for sp, kept in e.at.items():
        for fn, args, answer in kept.values():
            if sp not in e.dirty and fn(*args) != answer:
                raise RuntimeError(f"an answer kept for {sp} is out of date: a unit flipped without board.flip")


_LOC_OF = itemgetter("loc")


def _sign(s):
    """What the index is made from and keeps (the units, in order, their places and the two flags
    `flip` sets, MF 16, 24.1) and the options: an index whose state still reads the same is opened
    again instead of built (unit_index: resting indexes)."""
    U = s["units"]
    us = U.values()
    return (list(U), list(map(_LOC_OF, us)), list(map(dict.get, us, repeat("rev"))),
            list(map(dict.get, us, repeat("com"))), dict(s["options"]))


def _carry(e, s):
    if e.s is not s:
        e.s = s
        e.uids = None  # ids of the unit dicts of the state it was made for


INDEXES = LiveIndexes(_Index, _check_index, _sign, _carry)  # the open indexes of this game's states
_live = INDEXES.live
_open = INDEXES.indexed


class _Held:
    """The context of an index already open on the state: nothing to open or close."""
    __slots__ = ()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_HELD = _Held()


def indexed(s):
    """Units indexed while the engine runs an action or lists actions on s (see LiveIndexes); an
    index already open on s (the simulator holds one for a whole game) is simply used."""
    e = INDEXES.last  # an open index, nearly always the one asked for
    if e is not None and e.s is s:
        return _HELD
    return _open(s)


# While actions are listed nothing moves: what the listing reads (control, contact, the units in
# play) is kept in the index itself until a unit moves or flips, so a reading is an index.
reading = indexed


def keep(s, key, fn, *args):
    """fn(*args), kept in the live index of s for as long as it lives (across actions in the
    simulator): only for answers that follow from `key` alone (fn reads nothing else)."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return fn(*args)
    r = e.kept.get(key)
    if r is None:
        r = e.kept[key] = fn(*args)
    return r


def put(s, uid, loc):
    """Move one unit (the one way the rules change a location), keeping a live index right."""
    u = s["units"][uid]
    frm = u["loc"]
    u["loc"] = loc
    e = _live(s)
    if e is None or frm == loc:
        return
    e.sign = None  # (unit_index: the state's sign reads the places)
    by = e.by_loc
    by[frm].remove(uid)
    bisect.insort(by.setdefault(loc, []), uid, key=e.rank.__getitem__)
    if u["k"] == "camp":
        e.camps[frm] -= 1
        e.camps[loc] = e.camps.get(loc, 0) + 1
    if loc in _IN_PLAY and u["k"] in _FW_PRINTED:
        if uid not in e.in_play:
            e.in_play.add(uid)
            e.fw_play = None
    elif uid in e.in_play:
        e.in_play.discard(uid)
        e.fw_play = None
    e.dirty.add(frm)
    e.dirty.add(loc)


def flip(s, u, key, value):
    """Set a unit's "rev" (face up, MF 16) or "com" (a garrison's side, MF 24.1), the two flags
    that change what its space holds (control, contact), keeping a live index right."""
    u[key] = value
    e = _live(s)
    if e is not None:
        e.sign = None  # (and the flags)
        e.dirty.add(u["loc"])
        if key == "com":
            e.fw_play = None


# What a map space holds (_space_state), by position in its tuple: control (MF 6.0); whether it
# stops Free World ground moves (R-MV4) and Communist moves (any_fw, R-MV4); whether it is a sortie
# point (MF 23.2); whether a Communist unit (not a garrison) lies there face down (MF 16.2), or at
# all; whether a Communist unit there takes part in a battle (MF 20.0, R-CB1) and a Free World
# ground unit does; whether an airstrike is there (MF 18).
CONTROL, BLOCKS, ANY_FW, SORTIE, CONCEALED, ANY_COM, COM_FIGHTS, FW_GROUND, AIRSTRIKE = range(9)


def _space_state(s, sp):
    """What map space sp holds (the fields above), from one look at the units there (checked
    against the general queries by the fuzzer's index check and tests/test_mf_fast_paths.py)."""
    fw = com = block = anyfw = hidden = anycom = fights = fwg = air = False
    U = s["units"]
    for uid in units_seen(s, sp):
        u = U[uid]
        k = u["k"]
        if k in _GARRISON:  # its side of the moment (MF 24.1)
            if u.get("com"):
                com = block = fights = True
            else:
                fw = anyfw = fwg = True
        elif k in _FW_PRINTED:
            if k in _AIR:
                air = True
            else:
                anyfw = True
            if _CONTROL_PART[k] is not None:
                fw = True
            if k in _GROUND:
                fwg = True
        else:
            anycom = True
            rev = u.get("rev")
            if not rev:
                hidden = True
            if k in _TARGET:  # a revealed special target neither controls nor blocks (R-CT1, R-MV4)
                if not rev:
                    com = block = True
            else:
                block = True
                if _CONTROL_PART[k] is not None:
                    com = True
                if rev:
                    fights = True
    ctl = "disputed" if fw and com else "FW" if fw else "COM" if com else None
    return ctl, block, anyfw, _sortie_point(s, sp), hidden, anycom, fights, fwg, air


def _space_state_ref(s, sp):
    """_space_state by the general queries, one by one."""
    us = [s["units"][x] for x in units_seen(s, sp)]
    return (_control(s, sp), _blocks_fw(s, sp), _any_fw(s, sp), _sortie_point(s, sp),
            any(is_com(u) and not is_garrison(u) and not u.get("rev") for u in us),
            any(is_com(u) and not is_garrison(u) for u in us),
            any(is_com(u) and not is_target(u) and (is_garrison(u) or u.get("rev")) for u in us),
            any(is_fw(u) and is_ground(u) for u in us),
            any(is_air(u) for u in us))


def holds(s, sp, field):
    """One field of what map space sp holds (see _space_state): kept in the live index until a unit
    enters, leaves or flips there; else worked out from the units."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return _space_state(s, sp)[field]
    if sp in e.dirty:
        return _rehold(e, sp)[field]
    return e.held[sp][field]


def _state(s, sp):
    """What map space sp holds (_space_state) as the live index of s keeps it, or None."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return None
    if sp in e.dirty:
        return _rehold(e, sp)
    return e.held[sp]


def kept_at(s, sp, key, fn, *args):
    """fn(*args), an answer that reads only the units at map space sp: kept in the live index until
    a unit enters, leaves or flips there (else worked out each time); callers must not change it."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return fn(*args)
    if sp in e.dirty:
        _rehold(e, sp)
    kept = e.at.get(sp)
    if kept is None:
        kept = e.at[sp] = {}
    r = kept.get(key)
    if r is None:
        r = kept[key] = (fn, args, fn(*args))
    return r[2]


def _rehold(e, sp):
    e.at.pop(sp, None)
    st = _space_state(e.s, sp)
    old = e.held.get(sp)
    if old != st:
        e.held[sp] = st
        sets = e.sets
        if sets:
            if old is None:
                sets.clear()
            else:  # a set stays (the same object) while the fields it is made from stay
                for name, (fields, _) in _SET_OF.items():
                    for field in fields:
                        if old[field] != st[field]:
                            sets.pop(name, None)
                            break
    e.dirty.discard(sp)
    return st


_SET_OF = {  # the sets of map spaces made from what each holds: (the fields read, the set)
    "contact": ((BLOCKS,), lambda held: frozenset(sp for sp, h in held.items() if h[BLOCKS])),
    "fw_held": ((CONTROL,), lambda held: frozenset(sp for sp, h in held.items() if h[CONTROL] == "FW")),
    "landing": ((CONTROL,), lambda held: frozenset(sp for sp, h in held.items() if h[CONTROL] in ("FW", "disputed"))),
    "sortie": ((SORTIE,), lambda held: frozenset(sp for sp, h in held.items() if h[SORTIE])),
    # MF 20.0: the spaces where both sides have units that fight, in map order (a list: callers must
    # not change it)
    "battle": ((FW_GROUND, COM_FIGHTS), lambda held: [sp for sp in SPACES if held[sp][FW_GROUND]
                                                      and held[sp][COM_FIGHTS]]),
}


def battle_spaces(s):
    """MF 20.0: the map spaces, in map order, where a Free World ground unit and a Communist unit
    that fights stand (fw_participants and com_participants find some)."""
    return _kept_set(s, "battle")


def _kept_set(s, name):
    """The set of map spaces `name` in _SET_OF, kept in the live index until a field it reads
    changes in a space; without an index, made from what each space holds now."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return _SET_OF[name][1]({sp: _space_state(s, sp) for sp in SPACES})
    if e.dirty:
        for sp in e.dirty.intersection(SPACES):
            _rehold(e, sp)
        e.dirty.clear()
    r = e.sets.get(name)
    if r is None:
        r = e.sets[name] = _SET_OF[name][1](e.held)
    return r


def units_at(s, loc):
    """The units at loc, a new list (the caller may move them meanwhile)."""
    e = _live(s)
    if e is not None:
        return list(e.by_loc.get(loc, ()))
    return [uid for uid, u in s["units"].items() if u["loc"] == loc]


def units_seen(s, loc):
    """The units at loc, only to look at: the index's own list when one is open, so nothing may
    move while it is iterated, nor may it be kept."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
    if e is not None:
        return e.by_loc.get(loc, ())
    return [uid for uid, u in s["units"].items() if u["loc"] == loc]


def fw_in_play(s):
    """Free World units on the map or in Nha Trang, by id (a tuple)."""
    e = INDEXES.last  # as in indexed (the call to _live saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
        if e is None:
            return _fw_in_play(s, _in_play(s))
    r = e.fw_play
    if r is None:
        r = e.fw_play = _fw_in_play(s, e.in_play)
    return r


def _fw_in_play(s, here):
    U = s["units"]
    return tuple(sorted([uid for uid in here if is_fw(U[uid])]))


def fw_in_play_of(s, kinds):
    """The units of fw_in_play(s) of these kinds (a frozenset), kept in the live index as long as
    fw_in_play's answer."""
    play = fw_in_play(s)
    e = INDEXES.last  # fw_in_play found it, if any
    if e is None or e.s is not s:
        U = s["units"]
        return tuple([uid for uid in play if U[uid]["k"] in kinds])
    r = e.play_of.get(kinds)
    if r is None or r[0] is not play:
        U = s["units"]
        r = e.play_of[kinds] = (play, tuple([uid for uid in play if U[uid]["k"] in kinds]))
    return r[1]


def on_map(loc):
    return loc in SPACES


def region(space):
    return SPACES[space]["region"]


def stype(space):
    return SPACES[space]["type"]


def is_major(space):
    return space in SPACES and SPACES[space]["type"] == "major_base"


def garrison_at(s, space):
    uid = "gar_" + space
    return s["units"].get(uid)


def com_units(s, space, revealed=None):
    out = []
    U = s["units"]
    for uid in units_seen(s, space):
        u = U[uid]
        if is_com(u) and not is_garrison(u):
            if revealed is None or bool(u.get("rev")) == revealed:
                out.append(uid)
    return out


def fw_units(s, space):
    return [uid for uid in units_seen(s, space) if is_fw(s["units"][uid])
            and not is_leader(s["units"][uid]) and not is_air(s["units"][uid])]


def has_camp(s, space):
    e = _live(s)
    if e is not None:
        return e.camps.get(space, 0) > 0
    return any(u["k"] == "camp" and u["loc"] == space for u in s["units"].values())


def camp_spaces(s):
    """The map spaces with an SF camp."""
    e = _live(s)
    if e is not None:
        return {sp for sp, n in e.camps.items() if n and sp in SPACES}
    return {u["loc"] for u in s["units"].values() if u["k"] == "camp" and u["loc"] in SPACES}


def control(s, space):
    """MF 6.0: 'FW', 'COM', 'disputed' or None. Helicopters and air never count (23.6, 6.1);
    revealed special targets neither confer nor dispute control (R-CT1)."""
    if space in SPACES:
        st = _state(s, space)
        if st is not None:
            return st[CONTROL]
    return _control(s, space)


def _control_part(kind):
    """How a unit of this kind counts for control: not at all (None), for the Free World or the
    Communists ("FW", "COM"), by its side of the moment (a garrison, "side"), or for the Communists
    while it is concealed (a special target, "concealed")."""
    u = {"k": kind}
    if is_air(u) or is_leader(u) or is_heli(u) and not K(u).get("aircav"):
        return None
    if is_garrison(u):
        return "side"
    if is_target(u):
        assert is_com(u)
        return "concealed"
    return "FW" if is_fw(u) else "COM"


_CONTROL_PART = {k: _control_part(k) for k in KINDS}  # a unit never changes kind
# what _space_state takes for granted of the kinds
assert all(_CONTROL_PART[k] in (None, "FW") for k in _FW_PRINTED - _GARRISON)
assert all(_CONTROL_PART[k] in (None, "COM") for k in set(KINDS) - _FW_PRINTED - _TARGET)
assert _TARGET.isdisjoint(_FW_PRINTED) and _GARRISON <= _FW_PRINTED


def _control(s, space):
    fw = com = False
    U = s["units"]
    for uid in units_seen(s, space):
        u = U[uid]
        part = _CONTROL_PART[u["k"]]
        if part is None:
            continue
        if part == "side":
            part = "COM" if u.get("com") else "FW"
        elif part == "concealed":
            if u.get("rev"):
                continue
            part = "COM"
        if part == "FW":
            fw = True
        else:
            com = True
    if fw and com:
        return "disputed"
    return "FW" if fw else "COM" if com else None


def fw_controlled(s, space):
    return control(s, space) == "FW"


def fw_held_spaces(s):
    """The map spaces the Free World controls (fw_controlled)."""
    return _kept_set(s, "fw_held")


def any_fw(s, space):
    """Contact for Communist movement: any FW unit of any kind (R-MV4)."""
    if space in SPACES:
        st = _state(s, space)
        if st is not None:
            return st[ANY_FW]
    return _any_fw(s, space)


def _any_fw(s, space):
    return any(is_fw(s["units"][uid]) and not is_air(s["units"][uid]) for uid in units_seen(s, space))


def blocks_fw(s, space):
    """Contact for FW ground movement: any Communist unit but revealed special targets (R-MV4)."""
    if space in SPACES:
        st = _state(s, space)
        if st is not None:
            return st[BLOCKS]
    return _blocks_fw(s, space)


def contact_spaces(s):
    """The map spaces where Free World ground movement stops (blocks_fw)."""
    return _kept_set(s, "contact")


def landing_spaces(s):
    """The map spaces the Free World controls or disputes (a flight from Nha Trang may land there,
    MF 22.3, R-NT1)."""
    return _kept_set(s, "landing")


def sortie_spaces(s):
    """The map spaces that are sortie points (MF 23.2): a major base or a space with an SF camp."""
    return _kept_set(s, "sortie")


def _sortie_point(s, sp):
    return is_major(sp) or has_camp(s, sp)


def _blocks_fw(s, space):
    U = s["units"]
    for uid in units_seen(s, space):
        u = U[uid]
        if is_com(u) and not (is_target(u) and u.get("rev")):
            return True
    return False


def leader_of(s, u_or_uid):
    """The leader attached to a unit (MF 25.4): only a leader has "att", one leader a unit."""
    U = s["units"]
    e = INDEXES.last  # as in indexed (the calls to _live and _uid_of saved: a hot path)
    if e is None or e.s is not s:
        e = _live(s)
    if isinstance(u_or_uid, str):
        uid = u_or_uid
    elif e is not None and e.uids is not None and U.get(e.uids.get(id(u_or_uid))) is u_or_uid:
        uid = e.uids[id(u_or_uid)]
    else:
        uid = _uid_of(s, u_or_uid)
    for lid in (e.leaders if e is not None else U):
        if U[lid].get("att") == uid:
            return lid
    return None


def special_targets(s):
    """The special target units (MF 26.3), on the map or not, in the order of s["units"]."""
    e = _live(s)
    if e is not None:
        return e.targets
    return [uid for uid, u in s["units"].items() if is_target(u)]


def leaders(s):
    """The leader units (MF 25.4), on the map or not, in the order of s["units"]."""
    e = _live(s)
    if e is not None:
        return e.leaders
    return [uid for uid, u in s["units"].items() if is_leader(u)]


def riders(s):
    """The units that go with another: leaders ("att", MF 25.4) and special targets ("by", MF 26.3),
    in the order of s["units"]."""
    e = _live(s)
    if e is not None:
        return e.riders
    return [uid for uid, u in s["units"].items() if is_leader(u) or is_target(u)]


def _uid_of(s, u):
    e = _live(s)
    if e is not None:
        if e.uids is None:
            e.uids = {id(x): uid for uid, x in s["units"].items()}
        uid = e.uids.get(id(u))
        if uid is not None and s["units"][uid] is u:
            return uid
    for uid, x in s["units"].items():
        if x is u:
            return uid
    return None


def neighbours(space, fw=True):
    """Adjacent spaces: infiltration routes (both sides) and lateral routes (FW only, MF 5.1)."""
    n = set(INFIL[space])
    if fw:
        n |= LATERAL[space]
    return n


FW_ROUTES = {sp: tuple(sorted(neighbours(sp))) for sp in SPACES}  # a FW unit's neighbours, in id order


# --- political restrictions (MF 27) ---------------------------------------------------

_ENTRY = {}  # the answers depend only on the unit's kind and side, the scenario and one option


def may_enter(s, u, space):
    """May this FW unit be in this space (MF 27.1-27.3, 25.2, R-PR1)?"""
    return space in entry_spaces(s, u)


def entry_spaces(s, u):
    """Every place (map space or Nha Trang) this FW unit may be in (MF 27.1-27.3, 25.2, R-PR1)."""
    key = (u["k"], bool(u.get("com")), s["scenario"], s["options"].get("mf_in_laos"))
    r = _ENTRY.get(key)
    if r is None:
        r = _ENTRY[key] = frozenset(sp for sp in (*SPACES, NT) if _may_enter(s, u, sp))
    return r


def _may_enter(s, u, space):
    k = K(u)
    if space == NT:
        # MF 22.0: Free World units only; White Star never leaves Laos (MF 25.2); no static
        # unit (camps, CIDG, Heavy Weapons, PSYWAR) nor airstrike is ever there (reference 4.8)
        return is_fw(u) and not k.get("laos_only") and (is_mobile(u) or is_leader(u))
    reg = region(space)
    if is_air(u):
        return True
    if is_leader(u):
        return True  # a leader goes where its unit goes (R-LD2)
    if k.get("laos_only"):
        return reg == "LAOS"
    if reg in ("NVN", "DMZ"):
        return bool(k.get("halo"))
    if reg == "LAOS":
        laos = k.get("laos", False)
        if laos == "tet_phoenix":
            if k["short"] == "MF" and s["options"]["mf_in_laos"] == "mf_always":
                return True
            return s["scenario"] in ("tet", "phoenix")
        return bool(laos)
    return True


# --- tracks ----------------------------------------------------------------------------

def band(ip):
    for b in TABLES["bands"]["list"]:
        if ip <= b["max"]:
            return b["id"]
    return TABLES["bands"]["list"][-1]["id"]


def band_name(ip):
    for b in TABLES["bands"]["list"]:
        if ip <= b["max"]:
            return b["name"]
    return TABLES["bands"]["list"][-1]["name"]


def change_rp(g, n, why, rule):
    """RP track: no deficit, no more than the maximum (MF 12.2)."""
    s = g.s
    old = s["rp"]
    s["rp"] = max(0, min(TABLES["rp_max"]["value"], old + n))
    g.log(f"{why}: RP {old} -> {s['rp']}", rule, kind="track")


def change_ip(g, n, why, rule, event=False):
    """IP track 0-36; an event cannot take it below 1 (MF 8.1), anything else can end the game (MF 7.3)."""
    s = g.s
    old = s["ip"]
    new = min(TABLES["ip_max"], old + n)
    if event:
        new = max(1, new)
    new = max(0, new)
    s["ip"] = new
    g.log(f"{why}: IP {old} -> {new} ({band_name(max(new, 1))})", rule, kind="track")
    check_sudden_death(g)


def check_sudden_death(g):
    """MF 3.1: Communist control of Da Nang, or IP below one."""
    s = g.s
    if s.get("over"):
        return True
    if s["ip"] < 1:
        s["over"] = {"winner": "FW", "reason": "The Communist Infiltration Level fell below one",
                     "rule": "MF 3.1", "turn": s["turn"]}
        g.log("Sudden death: Free World victory, infiltration level below one", "MF 3.1", kind="end")
        return True
    if control(s, "DN") == "COM":
        s["over"] = {"winner": "COM", "reason": "The Communists control Da Nang",
                     "rule": "MF 3.1", "turn": s["turn"]}
        g.log("Sudden death: Communist victory, they control Da Nang", "MF 3.1", kind="end")
        return True
    return False


# --- moving, revealing, eliminating -----------------------------------------------------

def move_unit(s, uid, loc):
    """Move a unit with its leader and the special targets it carries."""
    put(s, uid, loc)
    U = s["units"]
    for oid in riders(s):
        o = U[oid]
        if o.get("att") == uid or o.get("by") == uid:
            put(s, oid, loc)


def reveal(g, uid, rule):
    """Flip a Communist unit face up; a deception unit goes back to its box (MF 26.2)."""
    s = g.s
    u = s["units"][uid]
    if u.get("rev"):
        return
    g.checkpoint = True
    k = K(u)
    if k.get("deception"):
        flip(s, u, "rev", False)
        where = u["loc"]
        put(s, uid, COM_MOBILE if k.get("mobile") else COM_STATIC)
        g.log(f"A Communist unit at {SPACES[where]['name']} was a deception unit: removed", "MF 26.2",
              refs=refs(ref_p(where)))
        return
    flip(s, u, "rev", True)
    g.log(f"Revealed at {SPACES[u['loc']]['name']}: {k['name']} (CF {k['c']}, BCP {k['bcp']})", rule,
          kind="reveal", refs=refs(ref_p(u['loc'])))


def conceal_all(g, rule, mobile=True, static=True):
    """Conceal revealed Communist units on the map; a special target carried by a Free World
    unit is in Free World hands and stays revealed (MF 26.3)."""
    s = g.s
    U = s["units"]
    for sp in SPACES:
        for uid in units_seen(s, sp):  # flip moves nothing
            u = U[uid]
            if is_com(u) and not is_garrison(u) and u.get("rev") and not u.get("by"):
                if (is_mobile(u) and mobile) or (not is_mobile(u) and static):
                    flip(s, u, "rev", False)
    g.log("All revealed Communist units are concealed", rule)


def eliminate_fw(g, uid, rule, bcp=0):
    """A Free World unit is eliminated: to its pool; its leader dies, its targets go back (MF 25.4, 26.3).
    `bcp`: the BCP its loss counts against the Free World, said on the line (MF 21.4)."""
    s = g.s
    u = s["units"][uid]
    k = K(u)
    where = u["loc"]
    u.pop("red", None)
    put(s, uid, SUP_POOL if is_macv(u) else SF_POOL)
    for oid in riders(s):
        o = s["units"][oid]
        if o.get("att") == uid:
            o.pop("att", None)
            put(s, oid, SF_POOL if s["options"]["leaders_return"] else GONE)
            g.log(f"{leader_name(o)} is lost with his unit", "MF 25.4")
        if o.get("by") == uid:
            o.pop("by", None)
            flip(s, o, "rev", False)
            put(s, oid, COM_STATIC)
            g.log("A carried special target returns to the Communist static box", "MF 26.3")
    g.log(f"{k['name']} eliminated" + (f" at {SPACES[where]['name']}" if where in SPACES else "")
          + (f" (-{bcp} BCP)" if bcp else ""), rule, kind="loss", refs=refs(ref_p(where)))


# --- face-down tokens (MF 2.11, 16.2, ruling R-REV1) -----------------------------------------
# A concealed unit is an anonymous token: the order of the face-down tokens in a space follows a
# random key drawn from the state's generator when the unit is drawn from its box ("fog"), never
# its counter type or id. Recon selects a token by that order.

FOG_KEYS = 1 << 30


def new_fog(g, uid):
    g.s["units"][uid]["fog"] = pick_index(g.s["dice"], FOG_KEYS)


def fog_key(s, uid):
    u = s["units"][uid]
    fog = u.get("fog")
    if fog is None:  # a save from before the keys: a stable scramble, still not the id order
        import zlib
        fog = zlib.crc32(f"{uid}@{u['loc']}".encode()) % FOG_KEYS
    return fog, uid


def concealed_order(s, loc):
    """The face-down tokens at loc in their stack order (the view's handles ?loc.1, ?loc.2, ...)."""
    return sorted(com_units(s, loc, revealed=False), key=lambda uid: fog_key(s, uid))


def back_of(u):
    return "mobile" if is_mobile(u) else "static"


def pool_draw(g, pool, n, why, rule):
    """Pick n units at random from a Communist box; short picks are lost (MF 11.2)."""
    s = g.s
    out = []
    cands = sorted(units_at(s, pool)) if n > 0 else []  # the box by id, less each unit drawn
    for i in range(n):
        if not cands:
            if n - i:
                g.log(f"{why}: the box is empty, {n - i} pick(s) lost", "MF 11.2")
            break
        uid = g.pick(cands)
        cands.remove(uid)
        put(s, uid, "DRAWN")
        new_fog(g, uid)  # a fresh anonymous token each time it comes out of the box
        out.append(uid)
    return out


# --- what a log line names (issue 9 item 7): structured facts, so the UI never reads names ----------

def ref_u(s, uid):
    """A unit named in a log line: the UI lights its counter while the name is hovered."""
    return ["u", uid, name_of(s, uid)]


def ref_p(loc):
    """A space named in a log line (none for a box off the map)."""
    return ["p", loc, SPACES[loc]["name"]] if loc in SPACES else None


def refs(*rs):
    return [r for r in rs if r] or None
