"""Why a click on the map did nothing (issue 9 item 5), in a few words: whom to select for it, or
what can act at all. Pure (no js imports): the words come from the view's names (names.Naming) and
what the engine lists."""
from .logic import actors, actors_to


def nothing_at(naming, acts, spaces, keys, place, selected, hl):
    """A click on `place` that lights nothing: whom to select for it if some actor can act there,
    else what can act at all (`hl`: the places lit now; `keys`: the game's TARGET_KEYS)."""
    name = naming.place(place)
    here = [k for k in actors_to(acts, spaces, place, keys) if k != selected]
    if selected is not None:
        if here:
            return f"{name}: {naming.short(selected)} cannot act there; select {naming.some(here)}"
        targets = [naming.place(x) for x in list(hl)[:4]]
        return (f"{name}: {naming.short(selected)} has no action there now"
                + (f" (lit: {', '.join(targets)}{'…' if len(hl) > 4 else ''})" if targets
                   else " (it has no map target: see the panel)"))
    if here:
        return f"{name}: select {naming.some(here)} first, then {name}"
    if hl:
        return f"Nothing to do at {name} now: choose a lit place, or select a unit first"
    who = list(actors(acts))
    if who:
        return f"Nothing to do at {name} now: select {naming.some(who)}"
    return f"Nothing to do at {name} now"


def unit_idle(naming, pid, selected):
    """A click on a counter that can do nothing now."""
    return (f"{naming.short(pid)}: no action for it now"
            + (f"; {naming.short(selected)} cannot go there" if selected is not None
               else "; select a unit that glows, then its target"))
