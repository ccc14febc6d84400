"""Indexes of a state's units that live only while the engine works on the state.

A game's rules keep their own index of where units are (`make(s)` builds one; it has the fields
`s` and `depth`) while the engine runs an action or lists actions on a state; every move made
meanwhile goes through the game's move primitive, which keeps the index right. Outside, the rules'
queries scan the units. One `LiveIndexes` per game holds the open ones.

The last index closed rests (issue 14): a click runs an action, then draws the view of the
position it ends on, then runs the next action on a copy of that position, and each used to build
its index afresh. A resting index is opened again for its state, or moved to a copy of it the
engine is about to change (`adopt`, match._commit), when the state still reads the same as when
it closed: `sign(s)` (what the index is made from: the units' order, places, and what else the
game's index reads) compares equal. Nothing else changes a state between the engine's calls but a
caller changing it in place (a test's set-up), and the sign sees that. An index keeps the sign of
its state while it is known (`e.sign`: from its opening until the game's move primitive changes
what the sign reads, which drops it), so a view, which moves nothing, does not sign again."""


class LiveIndexes:
    def __init__(self, make, check, sign=None, carry=None):
        self.make = make     # make(s): a new index of state s
        self.check = check   # check(s, e): raises RuntimeError when e no longer matches s
        self.sign = sign     # sign(s): what an index of s is made from, to compare (None: no resting)
        self.carry = carry   # carry(e, s): e, right for a state that reads as s does, moved to s
        self.on = False      # the fuzzer sets it: every index is compared with the units when it closes
        self.open = {}       # id(state) -> its index, for every state being worked on
        self.last = None     # the index asked for last (nearly always the one asked for next)
        self.rest = None     # (index, sign of its state when it closed, the copy adopting it or None)
        self.indexed = self._context()

    def live(self, s):
        """The open index of s, or None."""
        e = self.last
        if e is not None and e.s is s:
            return e
        e = self.open.get(id(s))
        if e is not None and e.s is s:
            self.last = e
            return e
        return None

    def _rested(self, s):
        """The resting index, if it is of state s and s still reads as it did, else None; it
        rests no longer either way."""
        r = self.rest
        if r is None or (r[0].s if r[2] is None else r[2]) is not s:
            return None
        self.rest = None
        if r[2] is None and self.sign(s) != r[1]:  # (adopted: the copy was made just now from a state signed)
            return None
        r[0].sign = r[1]
        return r[0]

    def adopt(self, base, copy):
        """`copy`, a copy of `base` just made (the engine is about to change it), takes base's
        resting index when base still reads as it did when the index closed: the next opening of
        an index on the copy finds it instead of building one."""
        e = self._rested(base)
        if e is not None:  # (carry moves it to the copy when it is opened)
            self.rest = (e, e.sign, copy)  # the copy reads as base did, for the next opening

    def _take(self, s):
        e = self._rested(s)
        if e is not None:
            self.carry(e, s)
            if self.on:
                self.check(s, e)
        return e

    def _context(self):
        reg = self

        class indexed:
            """Units indexed while the engine runs an action or lists actions on s (the engine opens
            it: match._commit); units move only through the game's move primitive meanwhile."""

            def __init__(self, s):
                self.s = s

            def __enter__(self):
                s = self.s
                e = reg.live(s)
                if e is None:
                    e = reg._take(s) if reg.rest is not None else None
                    if e is None:
                        e = reg.make(s)
                        e.sign = None
                    reg.open[id(s)] = reg.last = e
                e.depth += 1
                self.e = e
                return self

            def __exit__(self, *exc):
                e = self.e
                e.depth -= 1
                if e.depth == 0 and reg.open.get(id(self.s)) is e:
                    del reg.open[id(self.s)]
                    if reg.last is e:
                        reg.last = None
                    if exc[0] is None:  # (an index left by an error is dropped: the state may be too)
                        if reg.on:
                            reg.check(self.s, e)
                        if reg.sign is not None:
                            reg.rest = (e, e.sign if e.sign is not None else reg.sign(self.s), None)
                return False

        return indexed
