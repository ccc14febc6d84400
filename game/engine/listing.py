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

    __slots__ = ("blocks", "ends", "n", "count", "handed", "head")

    def __init__(self, handed=None):
        self.blocks = []
        self.ends = []   # the index one past each block's last action
        self.n = 0
        self.count = {}  # {type: how many actions of that type}
        self.handed = [] if handed is None else handed  # the actions read one by one (see `gave`)
        self.head = None  # (fill, types, sure): the blocks before these, not listed yet (see `first`)

    def first(self, fill, types, sure=False):
        """Blocks that come before all the others, listed only when the listing is read: a random
        player ending a segment with its 'done' (a quarter of the time) reads only that (issue 14).
        fill(listing) adds them (on the state as it is now: the caller reads the listing before
        anything changes); `types`: every type of action they may be; `sure`: True when they are
        known to be at least one action. Only one head, set first or while there are no blocks."""
        self.head = (fill, types, sure)

    def _read(self):
        """The head's blocks listed, before the blocks known already."""
        fill = self.head[0]
        self.head = None
        blocks, ends, n, count = self.blocks, self.ends, self.n, self.count
        self.blocks, self.ends, self.n, self.count = [], [], 0, {}
        fill(self)
        base = self.n
        self.blocks += blocks
        self.ends += [base + e for e in ends] if base else ends
        self.n = base + n
        c = self.count
        for t, k in count.items():
            c[t] = c.get(t, 0) + k

    def count_of(self, t):
        """How many actions of type t, without listing the head when it holds none."""
        if self.head is not None and t in self.head[1]:
            self._read()
        return self.count.get(t, 0)

    def has_other(self, t):
        """Whether there is an action of another type than t (the head listed only when that is not
        known without it)."""
        if any(k != t for k in self.count):
            return True
        if self.head is not None:
            if self.head[2]:
                return True
            self._read()
            return any(k != t for k in self.count)
        return False

    def few(self):
        """len(self), or 2 when there are known to be two or more without listing the head."""
        if self.head is not None:
            if self.n >= 2 or (self.n and self.head[2]):
                return 2
            self._read()
        return self.n

    def __bool__(self):
        return self.few() > 0

    def add(self, t, n, make):
        """n actions of type t, the i-th being make(i)."""
        if n > 0:
            self.blocks.append((t, n, make))
            self.n += n
            self.ends.append(self.n)
            c = self.count
            c[t] = c.get(t, 0) + n

    def extend(self, part):
        """The actions of another Listing after these (its blocks are shared, not copied)."""
        if part.head is not None:
            part._read()
        if self.head is not None:
            self._read()
        base = self.n
        self.blocks += part.blocks
        self.ends += [base + e for e in part.ends] if base else part.ends
        self.n = base + part.n
        c = self.count
        for t, n in part.count.items():
            c[t] = c.get(t, 0) + n

    def one(self, action):
        """One action built already."""
        self.add(action["t"], 1, [action].__getitem__)  # make(0) is the action

    def __len__(self):
        if self.head is not None:
            self._read()
        return self.n

    def __getitem__(self, i):
        if type(i) is not int:
            raise TypeError("a Listing is read one action at a time")
        if self.head is not None:
            self._read()
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
        if self.head is not None:
            self._read()
        for _, n, make in self.blocks:
            for i in range(n):
                yield make(i)

    def types(self):
        """The types of action listed."""
        if self.head is not None:
            self._read()
        return self.count.keys()

    def only(self, t):
        """The actions of type t, in order (reading them counts as reading this listing); the head
        is listed only when it may hold some."""
        if self.head is not None and t in self.head[1]:
            self._read()
        k = self._tail(t)
        if k is not None:
            return self._slice(k, len(self.blocks), {t: self.count[t]} if t in self.count else {})
        return self._where(lambda b: b == t)

    def without(self, t):
        """The actions of every other type than t, in order."""
        if self.head is not None:
            self._read()
        k = self._tail(t)
        if k is not None:
            count = dict(self.count)
            count.pop(t, None)
            return self._slice(0, k, count)
        return self._where(lambda b: b != t)

    def _tail(self, t):
        """k when the actions of type t are blocks[k:], the last ones (a 'done' nearly always is)."""
        blocks = self.blocks
        k = len(blocks)
        while k and blocks[k - 1][0] == t:
            k -= 1
        if self.count.get(t, 0) == self.n - (self.ends[k - 1] if k else 0):
            return k
        return None

    def _slice(self, i, j, count):
        """Blocks i to j (their actions' counts by type: `count`)."""
        out = Listing(self.handed)
        before = self.ends[i - 1] if i else 0
        out.blocks = self.blocks[i:j]
        out.ends = [e - before for e in self.ends[i:j]] if before else self.ends[i:j]
        out.n = out.ends[-1] if out.ends else 0
        out.count = count
        return out

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
