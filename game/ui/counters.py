"""SVG counters: one <g> per piece, drawn around (0, 0), S units wide.

Which game draws them is chosen by the match's game (Screen.use_game -> use()), never guessed from
the shape of a piece: each game's UI module (game/ui/games/*.py) has draw_counter and title_of.
The shared drawing primitives for every game's counters are here and in symbols.py."""
from .dom import Frag, Raw, put, sel

S = 30  # counter size in map units
H = S / 2

_UI = None  # the per-game UI module of the match shown


def use(ui):
    """Draw the counters of game `ui` (a game/ui/games module) from now on."""
    global _UI
    _UI = ui


def game_id():
    return _UI.ID if _UI is not None else ""


_TITLES = {}  # (game, the piece as the view writes it) -> its title


def title_of(p):
    """Everything counter p shows, in words (the game's title_of), remembered: a redraw names
    again every counter of each place that changed, most of them unchanged (issue 14)."""
    key = (_UI.ID, str(p))  # (the view writes a piece's fields in one order)
    t = _TITLES.get(key)
    if t is None:
        if len(_TITLES) > 20_000:
            _TITLES.clear()
        t = _TITLES[key] = _UI.title_of(p)
    return t


_DRAWN = {}  # (game, the piece as the view writes it) -> (its <g>'s attributes, the markup inside)


def counter(p, x=0, y=0, parent=None):
    """Draw one piece with the current game's drawer; returns the <g> (caller adds data attributes).
    Built as a Frag, and into a page element put there in one call (issue 14). A game's drawer is
    a function of the piece and its place alone: what it drew inside the <g> is kept as markup and
    given again (a First Team click that selects a unit redraws dozens of counters, and making and
    writing out their elements was 2-4 ms of it). Drawn around (0, 0) and placed by its <g>'s
    transform alone (group()), it is kept once for every place it is shown: First Team's zone boxes
    show the same counters on the map and in the panel."""
    key = (_UI.ID, str(p))
    was = _DRAWN.get(key)
    if was is None:
        if len(_DRAWN) > 5_000:
            _DRAWN.clear()
        g = _UI.draw_counter(p, 0, 0, Frag("g"))
        was = _DRAWN[key] = (g.attrs, "".join(k.html() for k in g.kids))
    g = Frag("g")
    g.attrs = dict(was[0])  # the caller adds its own (data-unit, class...)
    g.attrs["transform"] = _at(x, y)
    g.kids.append(Raw(was[1]))
    if parent is None or isinstance(parent, Frag):
        if parent is not None:
            parent.appendChild(g)
        return g
    return put(parent, g)


def _at(x, y):
    return f"translate({x:.1f} {y:.1f})"


# ---- shared primitives ---------------------------------------------------------------------
def group(p, x, y, parent, title):
    """The counter's <g> with its <title> (everything it shows, in words); its drawing is relative
    to (0, 0), placed by the transform alone (counter() keeps it once for every place)."""
    g = sel("g", {"class": "ctr", "transform": _at(x, y), "data-side": p.get("side")},
            parent=parent)
    sel("title", text=title, parent=g)
    return g


def tile(g, bg, extra_cls=""):
    sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": bg,
                 "class": "ctr-bg" + extra_cls}, parent=g)


def label(g, text, y, ink, size, cls, weight="700"):
    sel("text", {"x": 0, "y": y, "font-size": size, "text-anchor": "middle", "font-weight": weight,
                 "fill": ink, "class": cls}, text, parent=g)


def reduced_strip(g, colour="#ffd400"):
    """The coloured strip along the top of a reduced counter."""
    sel("rect", {"x": -H, "y": -H, "width": S, "height": 3.2, "fill": colour, "class": "reduced"}, parent=g)


def leader_mark(g):
    """A gold disc with an "L": a leader is attached to this unit."""
    sel("circle", {"cx": H - 4, "cy": H - 4, "r": 4.2, "fill": "#e0b53a", "stroke": "#222",
                   "stroke-width": 0.8, "class": "ldr"}, parent=g)
    sel("text", {"x": H - 4, "y": H - 1.8, "font-size": 6, "text-anchor": "middle", "font-weight": "700",
                 "fill": "#222", "class": "ldr-t"}, "L", parent=g)


def corner_tag(g, text, ink):
    """A letter in the top-left corner (M, S, A, D ...)."""
    sel("text", {"x": -H + 2.2, "y": -H + 8.6, "font-size": 6.2, "fill": ink, "font-weight": "700",
                 "class": "ctr-tag"}, text, parent=g)
