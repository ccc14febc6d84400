"""Legal actions listed by blocks, each action built only when it is read (issue 14: the simulator).

A random player reads how many actions there are, whether a 'done' is among them and the one it
draws: a transport segment's hundreds of lifts (FT 9.1) need not all be built for that. A step may
return its unlabelled actions as a `Listing`; the engine hands it on only to a caller that asked for
one (`lazy=True`: the simulator's random player), anyone else gets the plain list (`Bare`), the same
actions in the same order."""

from bisect import bisect_right


class Listing:
    """A sequence of actions made of blocks `(t, n, make)`: n actions of type t, `make(i)` building
    the i-th of them (a new dict, or the same one each time: callers never change an action)."""

    __slots__ = ("blocks", "ends", "n", "handed")

    def __init__(self, handed=None):
        self.blocks = []
        self.ends = []   # the index one past each block's last action
        self.n = 0
        self.handed = [] if handed is None else handed  # the actions read one by one (see `gave`)

    def add(self, t, n, make):
        """n actions of type t, the i-th being make(i)."""
        if n > 0:
            self.blocks.append((t, n, make))
            self.n += n
            self.ends.append(self.n)

    def one(self, action):
        """One action built already."""
        self.add(action["t"], 1, lambda i: action)

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if type(i) is not int:
            raise TypeError("a Listing is read one action at a time")
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        b = bisect_right(self.ends, i)
        _, n, make = self.blocks[b]
        a = make(i - self.ends[b] + n)
        self.handed.append(a)
        return a

    def __iter__(self):
        for _, n, make in self.blocks:
            for i in range(n):
                yield make(i)

    def types(self):
        """The types of action listed."""
        return {b[0] for b in self.blocks}

    def only(self, t):
        """The actions of type t, in order (reading them counts as reading this listing)."""
        return self._where(lambda b: b == t)

    def without(self, t):
        """The actions of every other type than t, in order."""
        return self._where(lambda b: b != t)

    def _where(self, keep):
        out = Listing(self.handed)
        for b in self.blocks:
            if keep(b[0]):
                out.add(*b)
        return out

    def gave(self, action):
        """Whether `action` is one this listing built when it was read by index: then it is legal
        with no comparison (the engine's check of a chosen action)."""
        return any(a is action for a in self.handed)
