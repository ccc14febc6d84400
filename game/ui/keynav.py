"""Keyboard and screen readers on the map (issue 13 item 5), the pure part: the order Tab visits
the map's targets in, the target an arrow key moves to, and the accessible names of places,
stacks, counters and lit targets (no js imports: unit-tested under CPython; `keys.py` wires it).

Every name is built from what the counter's own drawer says of it (`title_of`, the text of its
tooltip), which for a face-down or concealed piece is only what its side may see."""

ROW_PX = 28  # targets whose centres are this close vertically read as one row (left to right)

# The keys, as Help lists them (index.html "Using this screen" repeats them in words)
KEYS = (
    ("Tab / Shift+Tab", "the next / previous lit target on the map (the places a selected unit can go to first, "
                        "then the counters that can act), then on to the panel"),
    ("← ↑ → ↓", "on the map: the nearest target or stack in that direction"),
    ("Enter / Space", "take the target in focus, as a click would: select a unit, choose its target, open a stack"),
    ("m", "to the map (its first lit target)"),
    ("n", "press the main button (Done, End phase, Continue ...)"),
    ("Enter", "with nothing in focus: the only main button"),
    ("+ − 0", "zoom in, zoom out, fit the map"),
    ("u", "undo"),
    ("Esc", "close the chooser or the inspector, then clear the selection"),
    ("1–6", "enter a die when you roll your own dice"),
)


# ---- order ---------------------------------------------------------------------------------------
def reading_key(item):
    """Rows top to bottom, left to right inside a row."""
    return (round(item["y"] / ROW_PX), item["x"])


def tab_order(items):
    """The keys Tab visits, in order: lit places first (with a unit selected: where it can go),
    then the counters that can act; each in reading order. Other stacks are reached by arrows."""
    lit = sorted((it for it in items if it["kind"] == "target"), key=reading_key)
    act = sorted((it for it in items if it["kind"] == "act"), key=reading_key)
    return [it["key"] for it in lit + act]


def step(order, current, back=False):
    """The key after (before) `current` in `order`; None past either end (the focus leaves the
    map as Tab normally would). From a key not in the order: the first (last)."""
    if not order:
        return None
    if current not in order:
        return order[-1] if back else order[0]
    i = order.index(current) + (-1 if back else 1)
    return order[i] if 0 <= i < len(order) else None


DIRS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def nearest(items, current, key):
    """The item nearest `current` in the direction of arrow `key` (screen coordinates): ahead of
    it, with a sideways offset weighing twice the distance ahead. None if nothing lies that way."""
    dx, dy = DIRS[key]
    cur = next((it for it in items if it["key"] == current), None)
    if cur is None:
        return None
    best, best_score = None, None
    for it in items:
        if it["key"] == current:
            continue
        ox, oy = it["x"] - cur["x"], it["y"] - cur["y"]
        ahead = ox * dx + oy * dy
        side = abs(ox * dy - oy * dx)
        if ahead <= 1 or side > 3 * ahead + 40:  # behind, level with it, or far off to one side
            continue
        score = ahead + 2 * side
        if best_score is None or score < best_score:
            best, best_score = it["key"], score
    return best


# ---- accessible names ---------------------------------------------------------------------------
def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def counter_name(title, can_act=False, selected=False):
    """A counter: everything its face shows (its tooltip), and whether it can be chosen."""
    tail = ". Selected" if selected else ". Can act: Enter selects it" if can_act else ""
    return title + tail


def stack_name(place, titles, can_act=False):
    """The top counter of a stack of several: where, how many, each counter, what Enter does (as
    a click: it opens the stack, whose counters are then chosen one by one)."""
    head = f"{place}: stack of {len(titles)} counters"
    tail = ". Enter opens the stack" + (" (its top counter can act)" if can_act else "")
    return f"{head}: {'; '.join(titles)}{tail}"


def space_name(title, titles):
    """A place on the map: its name and terrain (the map's own tooltip), then what stands there."""
    if not titles:
        return f"{title}, empty"
    return f"{title}, {plural(len(titles), 'counter')}: {'; '.join(titles)}"


def target_name(place, labels):
    """A lit place: what choosing it does (one action) or that it offers several."""
    if len(labels) == 1:
        return f"{place}: {labels[0]}. Can be chosen"
    return f"{place}: {len(labels)} choices ({'; '.join(labels)}). Can be chosen: Enter lists them"
