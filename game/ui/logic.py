"""Pure helpers for the browser UI (no js imports: unit-testable under CPython).

The UI holds no rules: everything here only sorts and groups what the engine lists.
"""


def actor_of(a):
    """Key of the piece (or pool kind) that an action is 'about', or None.

    Unit ids are plain strings; pool kinds are 'kind:<kind>'; a whole stack (an action that names
    only the place it starts from) is 'at:<place>'. The rules may say it in the display field "by"."""
    if isinstance(a.get("by"), str):
        return a["by"]
    if a.get("t") == "attach":
        return a.get("leader")
    if "unit" in a:
        return a["unit"]
    if "u" in a:  # Vietnam 1965-1975 names the acting unit "u"
        return a["u"]
    if "kind" in a:
        return "kind:" + a["kind"]
    if isinstance(a.get("from"), str):
        return "at:" + a["from"]
    return None


_ACTORS = [None, []]  # the action list last asked about and its actors (actors_of)


def actors_of(actions):
    """[actor_of(a) for a in actions], made once per list: a redraw asks about the same list in
    several places (what lights, the highlights, the panel), and First Team lists hundreds of
    actions (issue 14). The list itself is kept, so `is` cannot match a new list at its address."""
    if _ACTORS[0] is not actions:
        _ACTORS[0], _ACTORS[1] = actions, [actor_of(a) for a in actions]
    return _ACTORS[1]


INVOLVED_KEYS = ("unit", "leader", "heli", "target")
_INVOLVED = frozenset(INVOLVED_KEYS)


def involved(actions):
    """The keys of every piece (or actor) an action refers to, its actor and the pieces it names:
    they light up, and a decision with no map target (attach a leader, recon, line up) lights the
    pieces it names; a click on one of them selects it (issue 9 item 4). A set: built at every
    redraw, over hundreds of First Team actions (issue 14)."""
    out = set(actors_of(actions))
    out.discard(None)
    names = _INVOLVED.intersection
    for a in actions:
        for key in names(a):  # (most actions name none of them: the keys are looked at in C)
            x = a[key]
            if isinstance(x, str):
                out.add(x)
    return out


def target_space(a, spaces, keys=("to",)):
    """The map space (or map box) an action points at, if any: the first of `keys` it names."""
    for k in keys:
        to = a.get(k)
        if isinstance(to, str) and to in spaces:
            return to
    return None


def actors(actions):
    out = {}
    for i, a in enumerate(actions):
        k = actor_of(a)
        if k is not None:
            out.setdefault(k, []).append(i)
    return out


def highlights(actions, spaces, selected, keys=("to",), unplaced=None):
    """{space_id: [action indices]} to highlight on the map.

    With a selection: that actor's actions. Without: only the actions tied to no unit (a place
    chosen for itself); a unit's targets light up once it is selected, so that a click meant to
    look at a stack never acts (issue 9 item 4). A selected piece left with no action of its own
    lights the actions tied to no unit (Vietnam: a unit picked to move stays selected, and its
    steps, V 5, name no unit; found playing by keyboard, issue 13 item 5). `unplaced(actor)`, when
    the game asks for it: an actor with no counter on the table to select (a unit being set up) has
    its places lit without a selection when it is the only actor with places (issue 45 item 4)."""
    who = actors_of(actions)
    spatial = _spatial(actions, spaces, keys)
    if selected is None and unplaced is not None:
        lone = {who[i] for i, _ in spatial}
        if len(lone) == 1 and None not in lone and unplaced(next(iter(lone))):
            selected = next(iter(lone))
    keep = [(i, a) for i, a in spatial if who[i] == selected]
    if selected is not None and selected not in who:
        keep = [(i, a) for i, a in spatial if who[i] is None]
    out = {}
    for i, to in keep:
        out.setdefault(to, []).append(i)
    return out


_SPATIAL = [None, None, None, []]  # the action list, spaces and keys last asked about, and their [(index, space)]


def _spatial(actions, spaces, keys):
    """[(index, the space it points at)] of the actions that point at one, made once per list: a
    click that selects a counter redraws the same view (a campaign lists hundreds of actions)."""
    if _SPATIAL[0] is not actions or _SPATIAL[1] is not spaces or _SPATIAL[2] != keys:
        pts = ((i, target_space(a, spaces, keys)) for i, a in enumerate(actions))
        _SPATIAL[:] = [actions, spaces, keys, [(i, to) for i, to in pts if to]]
    return _SPATIAL[3]


def actors_to(actions, spaces, place, keys=("to",)):
    """The actors (in the panel's order) that have an action pointing at `place`: what a refusal
    names so the player knows whom to select for it (issue 9 item 5)."""
    out = []
    for a in actions:
        k = actor_of(a)
        if k is not None and k not in out and target_space(a, spaces, keys) == place:
            out.append(k)
    return out


def grouped(actions, selected=None, keep=None, rank=None):
    """[(type, [(index, action)])] in the game's order of its kinds of action (`rank`: type ->
    its place, names.Names.rank; the others after them, in the order listed); 'done' excluded
    (shown apart). With a selection, only that actor's actions (and actions involving it as
    heli/target); `keep(index, action)` filters further."""
    groups = {}
    idxs = range(len(actions)) if selected is None else _involving(actions).get(selected, ())
    for i in idxs:
        a = actions[i]
        t = a.get("t")
        if t in FLOW or t == "roll":
            continue
        if keep is not None and not keep(i, a):
            continue
        groups.setdefault(t, []).append((i, a))
    order = rank or {}
    return sorted(groups.items(), key=lambda kv: order.get(kv[0], 999))


BIG_GROUP = 12  # a type group longer than this is shown as collapsible sub-groups (phones, long lists)
CHUNK = 20


def target_of(a, keys=("to", "loc", "box")):
    for k in keys:
        if isinstance(a.get(k), str):
            return a[k]
    return None


def subgroups(items, name_of=None, zone_of=None):
    """Split one type's [(index, action)] into [(key, title, [(index, action)])], for a long list.

    By the piece the actions are about (its name from `name_of(key)`), else by the place they
    start from, else by the zone of their target (`zone_of(place)`), else in chunks of CHUNK.
    Pure sorting of what the engine lists: every item lands in exactly one sub-group."""
    name_of = name_of or (lambda k: k)
    tries = [
        lambda a: actor_of(a),
        lambda a: a.get("from") if isinstance(a.get("from"), str) else None,
        lambda a: a.get("heli") if isinstance(a.get("heli"), str) else None,
        lambda a: (zone_of(target_of(a)) if zone_of and target_of(a) else None),
    ]
    for n, fn in enumerate(tries):
        keys = [fn(a) for _, a in items]
        if None in keys or len(set(keys)) < 2:
            continue
        out = {}
        for (i, a), k in zip(items, keys):
            out.setdefault(k, []).append((i, a))
        titles = {k: (name_of(k) if n < 3 else f"Zone {k}" if len(str(k)) <= 3 else str(k)) for k in out}
        return [(str(k), titles[k], its) for k, its in out.items()]
    # nothing to name them by: by their own first and last words, never by an index range
    out = []
    for j in range(0, len(items), CHUNK):
        part = items[j:j + CHUNK]
        first, last = (str(a.get("label") or a.get("t")) for a in (part[0][1], part[-1][1]))
        title = first if len(part) == 1 else f"{first[:28]} … {last[:28]}"
        out.append((f"c{j}", title, part))
    return out


def by_place(entries, place_of):
    """[(place, [(key, indices)])]: the actors that can act, grouped by where they stand, in the
    order first met (one entry per unit or stack, never one per action)."""
    out = {}
    for key, idxs in entries:
        out.setdefault(place_of(key), []).append((key, idxs))
    return list(out.items())


def grid(items, amounts=("n",)):
    """A type group whose actions differ only in amounts (the fields named in `amounts`, whole
    numbers: Vietnam's support declaration, Air Points 0-4 and the cruiser 0 or 1, V 7.3; First
    Team's supply bought 1..14): one stepper per amount that varies, instead of a button each
    (issue 45 item 7); a number that names a thing (Mike Force's recon token 1-4) is no amount.
    {"keys": the amounts that vary, in the actions' order; "values": {key: its values, ascending};
    "at": {"v1 v2": the action index}}, else None (fewer than 4 actions, or anything else differs)."""
    if len(items) < 4:
        return None
    base = keys = None
    rows = []
    for i, a in items:
        nums = {k: v for k, v in a.items() if k in amounts and type(v) is int}  # (not a bool)
        rest = {k: v for k, v in a.items() if k not in nums and k not in ("label", "warn")}
        if base is None:
            base, keys = rest, list(nums)
        elif rest != base or list(nums) != keys:
            return None
        rows.append((i, nums))
    keys = [k for k in keys if len({n[k] for _, n in rows}) > 1]
    if not keys:
        return None
    return {"keys": keys, "values": {k: sorted({n[k] for _, n in rows}) for k in keys},
            "at": {" ".join(str(n[k]) for k in keys): i for i, n in rows}}


_INVOLVING = [None, {}]  # the action list last asked about and {key: the indices of its actions involving it}


def _involving(actions):
    """{piece key: [indices of the actions about it]}: its actor's, and those naming it as their
    helicopter, target, unit or leader; made once per list."""
    if _INVOLVING[0] is not actions:
        out = {}
        for i, (a, actor) in enumerate(zip(actions, actors_of(actions))):
            keys = {x for x in (actor, a.get("heli"), a.get("target"), a.get("unit"), a.get("leader"))
                    if type(x) is str}  # (a selection is a key: what equals it is a string)
            for k in keys:
                out.setdefault(k, []).append(i)
        _INVOLVING[0], _INVOLVING[1] = actions, out
    return _INVOLVING[1]


FLOW = ("done", "run")  # the "carry on" actions, shown as big buttons above the lists


_DONES = [None, []]  # the action list last asked about and its "carry on" actions


def dones(actions):
    """[(index, action)] of the "carry on" actions, found once per list (a campaign lists hundreds)."""
    if _DONES[0] is not actions:
        _DONES[:] = [actions, [(i, a) for i, a in enumerate(actions) if a.get("t") in FLOW]]
    return _DONES[1]


def rolls(actions):
    return [(i, a) for i, a in enumerate(actions) if a.get("t") == "roll"]


def stack_order(pieces, selected=None, can_act=(), rank=None):
    """Pieces sorted so the most useful one is on top (index 0); `rank(piece)` (the game's
    stack_rank: lower first) orders the rest, so a stack shows its combat units above its HQ."""
    def key(p):
        pid = p.get("id")
        return (
            0 if pid == selected else 1,
            0 if pid in can_act else 1,
            1 if p.get("cls") == "garrison" else 0,
            1 if p.get("concealed") else 0,
            rank(p) if rank else 0,
        )
    return sorted(pieces, key=key)


def split_sides(pieces, own):
    """(the pieces of side `own`, the others): the side at the screen's are drawn first."""
    mine = [p for p in pieces if p.get("side") == own]
    other = [p for p in pieces if p.get("side") != own]
    return mine, other


def side_groups(pieces, own):
    """The inspector's groups when the game has none of its own: the side at the screen's, then
    the other."""
    mine, other = split_sides(pieces, own)
    return [(n, ps) for n, ps in (("Your units", mine), ("Enemy", other)) if ps]


def part_keys(parts):
    """Which element each part (the markup of one element; dom.set_parts) is: its tag and
    data-group, or else its whole opening tag, made unique by a count."""
    keys, seen = [], {}
    for html in parts:
        head = html[:html.find(">")]
        i = head.find(' data-group="')
        k = head[:head.find(" ")] + head[i:head.find('"', i + 13)] if i >= 0 else head
        n = seen[k] = seen.get(k, 0) + 1
        keys.append(k if n == 1 else f"{k}#{n}")
    return keys


def child_moves(cur, new):
    """How to turn a list of children `cur` into `new` (both lists of keys, each key once) with
    as few moves as possible: (the keys to remove, [(key, the key to insert it before, or None at
    the end)] in the order to do them). Used by dom.Keyed."""
    want = set(new)
    removes = [k for k in cur if k not in want]
    at = {k: i for i, k in enumerate(cur)}
    stay = unmoved([at.get(k, -1) for k in new])
    inserts, anchor = [], None
    for j in range(len(new) - 1, -1, -1):
        if j not in stay:
            inserts.append((new[j], anchor))
        anchor = new[j]
    return removes, inserts


def unmoved(seq):
    """The positions in `seq` (each new child's place among the old children, -1 if new) of a
    longest increasing run of its values >= 0: the children that keep their order and need not
    move (dom.Keyed)."""
    tails, prev, best = [], [-1] * len(seq), []  # tails: positions ending runs of each length
    for j, v in enumerate(seq):
        if v < 0:
            continue
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if seq[tails[mid]] < v:
                lo = mid + 1
            else:
                hi = mid
        prev[j] = tails[lo - 1] if lo else -1
        if lo == len(tails):
            tails.append(j)
        else:
            tails[lo] = j
    j = tails[-1] if tails else -1
    while j >= 0:
        best.append(j)
        j = prev[j]
    return set(best)
