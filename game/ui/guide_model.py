"""The guided first turn (issue 13 item 3), its plain-data part (no js: unit-tested under CPython).

A guide is a data file per game, `game/ui/guides/<game id>.json`, written in our own words:
    {"scenario", "seed", "dice_mode", "options", "players",     the fixed start (the seed fixes the dice)
     "title", "intro",
     "steps": [{"do": {stable fields of one legal action},     e.g. {"t": "place", "kind": "camp", "to": "KSN"}
                "phase": "...",                                 the phase it is taken in (checked by the tests)
                "say": "why, in a few words", "rule": "MF 30",  the rule whose summary a click opens
                "look": "what to look at"}, ...],
     "end": "what comes next"}
The engine knows nothing of it: the page reads the view and the legal actions, and finds the
player's place in the script from the actions recorded in the match (`position`), so Undo walks
the guide back too.
"""
import json
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent / "guides"
DISPLAY = ("label", "warn", "by")  # display fields of an action, never matched


@lru_cache(maxsize=None)
def load(game_id):
    """The guide of a game, or None when it has none (read once; callers do not change it)."""
    path = HERE / f"{game_id}.json"
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def matches(do, action):
    """Whether `action` is the one a step names: every field the step gives is equal (labels,
    warnings and list positions are never compared)."""
    return all(k in action and action[k] == v for k, v in do.items() if k not in DISPLAY)


def find(step, actions):
    """Indices of the legal actions the step names (the script is right when exactly one)."""
    return [i for i, a in enumerate(actions) if matches(step["do"], a)]


def position(guide, played):
    """(steps done, index in `played` where the player left the script or None): the player's
    place in the script, from the actions the match recorded."""
    steps = guide["steps"]
    n = 0
    for k, a in enumerate(played):
        if n < len(steps) and matches(steps[n]["do"], a):
            n += 1
        elif n < len(steps):
            return n, k
        # after the last step the player plays on freely: nothing to compare
    return n, None


def start_args(guide):
    """(scenario, seed, options, dice_mode) of the guided start."""
    return guide["scenario"], int(guide["seed"]), dict(guide.get("options") or {}), guide.get("dice_mode", "auto")
