"""The pieces a view shows at each place, drawn again only where a unit changed (issue 14).

A click changes a few units; the view after it used to draw every piece of every place again. A
game whose pieces at a place read nothing but the units there (and the options, and whatever
else it passes as `extra`) keeps one `Places`: each view first compares every unit with a copy
of it as last drawn (`begin`), then draws only the places a changed unit left or is in, and copies
the pieces of the others (`many`). The comparison is exact: dict equality in C, and the types of
the fields (1, 1.0 and True are equal but print differently). A place drawn again may take the
piece of a unit that did not change from its last drawing, when what else the piece reads at its
place is the same (`pieces_of`: An Khe's 70 counters when one comes or goes)."""

from copy import deepcopy
from itertools import accumulate, chain, compress, repeat
from operator import ne

_FLAT = frozenset((str, int, float, bool, type(None)))


def _types(units):
    """Per unit, the types of its fields in order."""
    return list(map(tuple, map(map, repeat(type), map(dict.values, units))))


def _all_types(units):
    """The types of every unit's fields, one after the other (one list: cheaper than _types)."""
    return list(map(type, chain.from_iterable(map(dict.values, units))))


class Places:
    def __init__(self, draw):
        self.draw = draw      # draw(s, place): the pieces at place, a list of new flat dicts
        self.ids = None       # the unit ids of the state drawn last, in order
        self.seen = []        # copies of its units as they were drawn
        self.types = []       # _all_types(seen)
        self.ends = [0]       # where each unit's types end in it (after a first 0)
        self.extra = None     # a copy of what else the pieces read (the options, ...)
        self.drawn = {}       # {place: its pieces as drawn}
        self.changed = set()  # the ids of the units changed since the view before
        self.pieces = {}      # {unit id: (what its place read, its piece)} as last drawn

    def begin(self, s, extra):
        """Before a view of s: forget the places where a unit differs from its copy."""
        U = s["units"]
        units = list(U.values())
        ids = list(U)
        if ids != self.ids or extra != self.extra:  # another game, or another set of units or options
            self._reset(ids, units, extra)
            return
        seen = self.seen
        n = len(units)
        changed = set(compress(range(n), map(ne, units, seen)))
        # A type changed where a value did not? Between the changed units, each run of units equal
        # to their copies (so with the same fields) has its types in the same stretch of the list
        # of all fields' types as the copies had: compared stretch by stretch
        types = _all_types(units)
        ends = list(accumulate(map(len, units), initial=0))
        old, old_ends = self.types, self.ends
        start = 0
        for i in sorted(changed) + [n]:
            if types[ends[start]:ends[i]] != old[old_ends[start]:old_ends[i]]:
                changed.update(compress(range(n), map(ne, _types(units), _types(seen))))
                break
            start = i + 1
        self.types, self.ends = types, ends
        self.changed = {ids[i] for i in changed}
        if not changed:
            return
        drawn = self.drawn
        for i in changed:
            new = units[i]
            if not _FLAT.issuperset(map(type, new.values())):
                self._reset(ids, units, extra)  # (a unit holding a list or a dict: never seen so far)
                return
            drawn.pop(seen[i].get("loc"), None)
            drawn.pop(new.get("loc"), None)
            seen[i] = dict(new)

    def _reset(self, ids, units, extra):
        self.ids = ids
        self.types = _all_types(units)
        self.ends = list(accumulate(map(len, units), initial=0))
        if all(_FLAT.issuperset(map(type, u.values())) for u in units):
            self.seen = list(map(dict, units))
            self.extra = deepcopy(extra)
        else:  # units holding lists or dicts are not compared: no view is kept
            self.ids = self.extra = None
            self.seen = []
        self.drawn = {}
        self.changed = None  # every unit
        self.pieces = {}

    def many(self, s, places):
        """The pieces at each place (new dicts), drawn now only at a place that changed since."""
        drawn = self.drawn
        copy = dict.copy
        out = []
        for place in places:
            ps = drawn.get(place)
            if ps is None:
                ps = self.draw(s, place)
                if self.ids is not None:
                    drawn[place] = ps
            out.append(list(map(copy, ps)))
        return out

    def pieces_of(self, s, uids, context, draw):
        """[draw(s, uid) for uid in uids], the pieces of the units at a place being drawn
        (`context`: what else they read there), each unit's piece as last drawn when neither the
        unit nor the context changed since. Every view asks for every place it shows, and a unit
        that changes has its place drawn again, so a unit unchanged since the view before is as it
        was when its piece was drawn."""
        kept, changed = self.pieces, self.changed
        keep = self.ids is not None
        out = []
        for uid in uids:
            k = kept.get(uid)
            if k is not None and k[0] == context and changed is not None and uid not in changed:
                out.append(k[1])
                continue
            p = draw(s, uid)
            if keep:
                kept[uid] = (context, p)
            out.append(p)
        return out
