"""Indexes of a state's units that live only while the engine works on the state.

A game's rules keep their own index of where units are (`make(s)` builds one; it has the fields
`s` and `depth`) while the engine runs an action or lists actions on a state; every move made
meanwhile goes through the game's move primitive, which keeps the index right. Outside, the rules'
queries scan the units. One `LiveIndexes` per game holds the open ones."""


class LiveIndexes:
    def __init__(self, make, check):
        self.make = make     # make(s): a new index of state s
        self.check = check   # check(s, e): raises RuntimeError when e no longer matches s
        self.on = False      # the fuzzer sets it: every index is compared with the units when it closes
        self.open = {}       # id(state) -> its index, for every state being worked on
        self.last = None     # the index asked for last (nearly always the one asked for next)
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
                    e = reg.open[id(s)] = reg.last = reg.make(s)
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
                    if reg.on and exc[0] is None:
                        reg.check(self.s, e)
                return False

        return indexed
