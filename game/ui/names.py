"""What the screen calls places, actors and kinds of action (the names service).

Each game's UI module declares its names as a `Names` (its NAMES: the names of its kinds of action
and of its map boxes, and a subclass's hooks for the keys only that game uses), so that the shared
UI code holds no game's knowledge. `Naming` applies them to one view: made once per view (a click
that selects redraws the same view), it names what the panel, the inspector, the chooser and the
messages show. Pure (no js imports): unit-tested under CPython.

An actor key (logic.actor_of) is a piece id, "at:<place>" (a whole stack) or a key a game gives
meaning to (Mike Force: "kind:<kind>", a kind of unit in the force pools)."""

ENGINE_TYPES = {"done": "Done", "roll": "Roll", "run": "Run"}  # the engine's own actions (match.py, report.py)
UNRANKED = 999  # a kind of action the game does not rank: after those it does, in the order listed


class Names:
    """One game's names. `type_names`: its kinds of action, named in the panel and ranked in the
    order given (or in `type_order`); `place_names`: its map boxes. A subclass names what only
    that game has (actor(), actor_place(), place())."""

    def __init__(self, type_names=None, place_names=None, type_order=None, amounts=None):
        self.type_names = dict(type_names or {})
        self.place_names = dict(place_names or {})
        # the action fields that are amounts, and their names (the panel's steppers: logic.grid)
        self.amounts = {"n": "How many", **(amounts or {})}
        self.rank = {t: n for n, t in enumerate(type_order if type_order is not None else self.type_names)}

    def type_name(self, t):
        """A kind of action in the panel's words: the game's name, the engine's, else the type itself."""
        name = self.type_names.get(t) or ENGINE_TYPES.get(t)
        return name if name is not None else t.capitalize()

    def place(self, key, v):
        """A place in words: a map box's own name, else the view's name of the space, else its key."""
        if key in self.place_names:
            return self.place_names[key]
        return v.get("spaces", {}).get(key, {}).get("name", key)  # e.g. "D2 (Duc Co)"

    def actor(self, key, v):
        """The name of an actor key only this game uses (neither a piece, a place nor a stack), or None."""
        return None

    def actor_place(self, key, v):
        """Where the panel lists such an actor (Mike Force's pool kinds: "Pools"), or None."""
        return None


class Naming:
    """The names of what one view shows. `piece(pid)`: the view's piece of that id (or None);
    `title_of(piece)`: everything its counter shows, in words (the selection's line)."""

    def __init__(self, names, v, stacks, piece, title_of):
        self.names = names
        self.v = v
        self.stacks = stacks
        self.piece = piece
        self.title_of = title_of
        self.type_name = names.type_name
        self.rank = names.rank
        self.amounts = names.amounts
        self._where = None  # piece id -> (place, piece), made at the first question
        self._places = {}  # actor key -> where() (the controller keeps a Naming while its view is shown)

    def place(self, key):
        return self.names.place(key, self.v)

    def _at(self, key):
        if self._where is None:
            self._where = {p.get("id"): (place, p) for place, pieces in self.stacks.items() for p in pieces}
        return self._where.get(key)

    def actor(self, key):
        """A sub-group's title for an actor key (a piece id, a whole stack, a game's own key) or a place."""
        if key.startswith("at:"):
            n = len(self.stacks.get(key[3:], []))
            where = self.place(key[3:])
            return f"Stack of {n} at {where}" if n > 1 else f"Stack at {where}"
        if key in self.stacks or key in self.v.get("spaces", {}):
            return "from " + self.place(key)
        own = self.names.actor(key, self.v)
        if own is not None:
            return own
        hit = self._at(key)
        if hit is not None:
            place, p = hit
            return f"{p.get('name', key)} · {self.place(place)}"
        p = self.piece(key)
        return p.get("name", key) if p else key

    def short(self, key):
        """An actor's name in a few words, for messages."""
        return self.actor(key).split(" · ")[0]

    def where(self, key):
        """Where an actor stands, in words (the panel groups the actors that can act by place)."""
        got = self._places.get(key)
        if got is None:
            got = self._places[key] = self._where_is(key)
        return got

    def _where_is(self, key):
        own = self.names.actor_place(key, self.v)
        if own is not None:
            return own
        if key.startswith("at:"):
            return self.place(key[3:])
        hit = self._at(key)
        return self.place(hit[0]) if hit else ""

    def selection(self, key):
        """The selection's line in the panel: a stack's title, a game's own actor's name, or
        everything the selected piece's counter shows."""
        if key is None:
            return ""
        if key.startswith("at:"):
            return self.actor(key)
        own = self.names.actor(key, self.v)
        if own is not None:
            return own
        p = self.piece(key)
        return self.title_of(p) if p else key

    def zone_of(self, place):
        sp = self.v.get("spaces", {}).get(place)
        return sp.get("zone") if isinstance(sp, dict) else None

    def some(self, keys, n=3):
        """"A/1/7" or "one of: A/1/7, B/2/7, C/1/7…": the actors a message names."""
        names = list(dict.fromkeys(self.short(k) for k in keys))
        if len(names) == 1:
            return names[0]
        return "one of: " + ", ".join(names[:n]) + ("…" if len(names) > n else "")
