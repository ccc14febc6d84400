"""Per-game parts of the browser UI, chosen by the match's "game" through the one registry
(game/rules/__init__.py). Each game's module provides the interface below; the shared UI modules
never guess a game from the shape of a piece."""
import importlib
from typing import Any, Iterable, Protocol

from game.rules import GAMES, ids, ui_module


class GameUI(Protocol):
    ID: str
    TITLE: str
    MAP_URL: str                 # the map SVG: places carry data-space, data-x, data-y
    FIT: tuple                   # the view box shown at "fit" (x, y, w, h); optional: FIT_NARROW (phones)
                                 # or PHONE_VIEWS ((key, tab label, box), ...: phones, views with tabs)
    TARGET_KEYS: tuple           # action fields that name a map place (e.g. ("to",))
    PLACE_NAMES: dict            # names of the map's boxes (anchors)
    TYPE_NAMES: dict             # action type -> its name in the panel

    def anchors(self, svg) -> dict: ...                  # boxes drawn on the map: {key: (x, y, node)}
    def stacks(self, v: dict) -> dict: ...               # {place: [piece]} drawn on the map
    def all_pieces(self, v: dict) -> Iterable: ...
    # an SVG <g> (counters.group) placed at (x, y) by its transform alone, its drawing relative to
    # (0, 0): counters.counter keeps one drawing of a piece for every place it is shown
    def draw_counter(self, p: dict, x: float, y: float, parent: Any) -> Any: ...
    def title_of(self, p: dict) -> str: ...             # everything the counter shows, in words
    def tracks(self, root, v: dict) -> None: ...
    def boxes(self, root, v: dict, selected, can_act) -> None: ...
    # optional: overlay(map_view, v) draws a game's own layer under the counters (Vietnam: ZOC)


def ui_for(game_id):
    return importlib.import_module(ui_module(game_id))


def games():
    """[(id, title)] of every registered game that has a browser UI, in registry order."""
    return [(gid, GAMES[gid]["title"]) for gid in ids() if ui_module(gid)]
