"""Where each location's label (its ID, and its name under it) goes on the First Team map: clear of
the room any stack of counters may take at every location, its own included (issue 45: a stack
covered a neighbour's name). Pure Python (no geodata): build_svg.py draws the labels where this
says, and relabel.py moves them in the SVG already drawn.

The room a stack takes (game/ui/render_map.py, counters.py: 30-unit counters; both sides at a
place stand 16 units left and right of it; up to two shadows 3 units up and right; the count badge
of radius 6.5 on the top counter's top right corner; First Team's STACK_DY 0), measured in the
page: x from -33 to +37.5, y from -21.5 to +15.7 around the location's centre."""

STACK_ROOM = (-34.0, -23.0, 39.0, 17.0)   # (left, top, right, bottom) around a location, with a unit of margin
MAP_AREA = (0.0, 0.0, 1018.0, 994.0)       # the map (the Zone Display is to the right)
# the texts' boxes: width per character (measured in Chromium, rounded up), and from the baseline
# the top and bottom of the box
CODE = {"w": 10.4, "up": 10.6, "down": 3.9}   # bold 13: "G4"
NAME = {"w": 6.1, "up": 8.5, "down": 3.1}     # italic 10: "Plei Me"

# (x, y of the ID's baseline, text-anchor, the name's baseline from the ID's), the name anchored alike
SPOTS = {
    "below": (0, 32, "middle", 12),
    "pleiku": (0, 37, "middle", 12),  # (Pleiku's square is larger)
    "below-right": (-10, 32, "start", 12),
    "below-left": (10, 32, "end", 12),
    "right": (40, 5, "start", 12),
    "left": (-35, 5, "end", 12),
    "above": (0, -27, "middle", -12),  # over the route badge and LZ mark, the name on top
    "lower": (0, 40, "middle", 12),
}
ORDER = ("below", "below-right", "below-left", "right", "left", "above", "lower")
WRAP = "+wrap"  # a spot's variant with the name on two lines (tried after every spot on one)
LINE = 11       # the name's second line under its first


def lines(name, spot):
    """The name's lines at `spot`: on two at a WRAP spot (cut at the space nearest its middle)."""
    if not spot.endswith(WRAP) or " " not in name:
        return [name]
    cuts = [i for i, c in enumerate(name) if c == " "]
    i = min(cuts, key=lambda i: abs(2 * i - len(name)))
    return [name[:i], name[i + 1:]]


def _box(x, y, text, font, anchor):
    w = font["w"] * len(text)
    left = x - w / 2 if anchor == "middle" else x if anchor == "start" else x - w
    return (left, y - font["up"], left + w, y + font["down"])


def boxes(x, y, code, name, spot):
    """The boxes (map units) of a location's ID and name drawn at `spot` (a SPOTS key)."""
    lx, ly, anchor, dy = SPOTS[spot.replace(WRAP, "")]
    out = [_box(x + lx, y + ly, code, CODE, anchor)]
    if name:
        parts = lines(name, spot)
        for k, part in enumerate(parts):  # (a name above its ID grows upwards)
            out.append(_box(x + lx, y + ly + dy + (k - (len(parts) - 1 if dy < 0 else 0)) * LINE, part, NAME, anchor))
    return out


def _meets(a, b):
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def room(x, y):
    return (x + STACK_ROOM[0], y + STACK_ROOM[1], x + STACK_ROOM[2], y + STACK_ROOM[3])


def place_all(pos, codes, names, prefer=None):
    """{location: SPOTS key} for every location of `pos` ({location: (x, y)}; codes and names:
    {location: text}, a name optional): the first spot (the preferred one, then ORDER) whose boxes
    stay on the map and clear of every location's stack room and of the labels placed so far
    (the locations in turn, each beside its neighbours' default labels); else the first."""
    prefer = prefer or {}
    rooms = [room(x, y) for x, y in pos.values()]
    placed = {}
    taken = []
    for loc in sorted(pos, key=lambda l: (pos[l][1], pos[l][0])):
        x, y = pos[loc]
        first = prefer.get(loc, "below")
        tries = [first] + [s for s in ORDER if s != first]
        if " " in names.get(loc, ""):
            tries += [s + WRAP for s in tries]
        others = [b for o in pos if o != loc and o not in placed for b in boxes(*pos[o], codes[o], names.get(o), "below")]
        for spot in tries:
            bs = boxes(x, y, codes[loc], names.get(loc), spot)
            if all(MAP_AREA[0] <= b[0] and b[2] <= MAP_AREA[2] and MAP_AREA[1] <= b[1] and b[3] <= MAP_AREA[3]
                   and not any(_meets(b, r) for r in rooms) and not any(_meets(b, t) for t in taken + others)
                   for b in bs):
                placed[loc] = spot
                break
        else:
            placed[loc] = first
        taken += boxes(x, y, codes[loc], names.get(loc), placed[loc])
    return placed


def markup(code, name, spot, esc):
    """The SVG of a location's ID and name at `spot` (inside its group, translated to its centre):
    one text each, a name on two lines in two tspans; `esc` escapes text for XML."""
    lx, ly, anchor, dy = SPOTS[spot.replace(WRAP, "")]
    out = ['<text class="space-label" x="%s" y="%s" font-size="13" font-weight="bold" text-anchor="%s" '
           'fill="#1c1c1c" stroke="#ffffff" stroke-width="3.2" stroke-opacity="0.9" paint-order="stroke" '
           'stroke-linejoin="round">%s</text>' % (lx, ly, anchor, esc(code))]
    if name:
        parts = lines(name, spot)
        y0 = ly + dy - (len(parts) - 1) * LINE * (dy < 0)
        if len(parts) == 1:
            body = esc(name)
        else:
            body = " ".join('<tspan x="%s" y="%s">%s</tspan>' % (lx, y0 + k * LINE, esc(p)) for k, p in enumerate(parts))
        out.append('<text class="space-name" x="%s" y="%s" font-size="10" font-style="italic" text-anchor="%s" '
                   'fill="#333" stroke="#ffffff" stroke-width="3" stroke-opacity="0.85" paint-order="stroke" '
                   'stroke-linejoin="round">%s</text>' % (lx, y0, anchor, body))
    return out
