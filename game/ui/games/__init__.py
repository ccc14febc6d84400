"""Per-game parts of the browser UI, chosen by the match's "game" through the one registry
(game/rules/__init__.py). Each game's module provides the interface below (GameUI: its module
attributes); the shared UI modules never guess a game from the shape of a piece, and never ask
whether a game has an attribute: ui_for() gives every optional one its default."""
import importlib
from typing import Any, Iterable, Protocol

from game.rules import GAMES, ids, ui_module

from ..logic import side_groups
from ..names import Names


class GameUI(Protocol):
    # ---- what every game provides --------------------------------------------------------------
    ID: str
    TITLE: str
    MAP_URL: str                 # the map SVG: places carry data-space, data-x, data-y
    FIT: tuple                   # the view box shown at "fit" (x, y, w, h)
    TARGET_KEYS: tuple           # action fields that name a map place (e.g. ("to",))
    NAMES: Names                 # its names of places, actors and kinds of action (names.py)

    def anchors(self, svg) -> dict: ...                  # boxes drawn on the map: {key: (x, y, node)}
    def stacks(self, v: dict) -> dict: ...               # {place: [piece]} drawn on the map
    def all_pieces(self, v: dict) -> Iterable: ...
    # an SVG <g> (counters.group) placed at (x, y) by its transform alone, its drawing relative to
    # (0, 0): counters.counter keeps one drawing of a piece for every place it is shown
    def draw_counter(self, p: dict, x: float, y: float, parent: Any) -> Any: ...
    def title_of(self, p: dict) -> str: ...             # everything the counter shows, in words
    def tracks(self, root, v: dict) -> None: ...
    def boxes(self, root, v: dict, selected, can_act) -> None: ...

    # ---- optional, with their defaults -----------------------------------------------------------
    FIT_NARROW: tuple = None     # phones' view box at "fit" (default: FIT)
    PHONE_VIEWS: tuple = ()      # phones: ((key, tab label, view box), ...), views with tabs (First Team)
    MAPS: dict = {}              # a map per play area: {area: {"url", "fit", "fit_narrow"[, "art"]}} (Vietnam;
    # "art": the map's URL, its static art then drawn as a picture under its places: render_map.MapView;
    # "far": px, counters drawn narrower than that show no text: panzoom.PanZoom)
    DEFAULT_AREA: str = None     # the play area shown first (games with MAPS)
    STACK_DY: float = -33.0      # where a stack sits from its place's centre (map units)
    MAIN_TYPES: tuple = ("done",)  # the action types of the main button (Enter presses the only one)
    WHOLE_MAP: dict = None       # the About page's whole map (whole_map.py): {"url", "size", "title", "note", "views"}
    SIDE_PROMPT: bool = False    # two players at one screen: the prompt names and colours the side deciding
    LIGHT_UNPLACED: bool = False  # a lone actor with no counter on the table has its places lit unselected

    @staticmethod
    def whole_map_labels() -> list:
        """[(name, kind, x, y)]: the named places drawn over the whole map (kind: city, capital, corps)."""
        return []

    @staticmethod
    def area_of(m: dict) -> str:
        """The play area whose map match `m` is played on (games with MAPS)."""
        return None

    @staticmethod
    def use_area(area: str) -> None:
        """Show play area `area`'s map: MAP_URL, FIT and FIT_NARROW become its own (games with MAPS)."""

    @staticmethod
    def stack_rank(p: dict) -> int:
        """Where a counter sits in its stack when nothing else decides (lower: nearer the top)."""
        return 0

    @staticmethod
    def overlay(map_view, v: dict, selected=None) -> None:
        """The game's own map layers (Vietnam: zones of control, ranges; First Team: strikes),
        drawn at every redraw; an empty view {} takes them down."""

    @staticmethod
    def route(v: dict, place) -> list:
        """The places a unit moving goes through to `place` by its cheapest path, `place` last,
        each a step the player could click (walk.py); None: no such walk (Vietnam: the engine's
        view of the move, `moving.paths`)."""
        return None

    @staticmethod
    def action_dialog(root, v: dict) -> bool:
        """Draw the game's own dialog in the action panel instead of its lists (Vietnam: losses,
        support windows); False: none now."""
        return False

    @staticmethod
    def inspect_groups(pieces: list, own: str) -> list:
        """[(title, pieces)]: a stack's counters in the inspector (`own`: the side at the screen)."""
        return side_groups(pieces, own)


REQUIRED = ("ID", "TITLE", "MAP_URL", "FIT", "TARGET_KEYS", "NAMES", "anchors", "stacks", "all_pieces",
            "draw_counter", "title_of", "tracks", "boxes")
OPTIONAL = ("FIT_NARROW", "PHONE_VIEWS", "MAPS", "DEFAULT_AREA", "STACK_DY", "MAIN_TYPES", "WHOLE_MAP", "SIDE_PROMPT",
            "LIGHT_UNPLACED", "whole_map_labels", "area_of", "use_area", "stack_rank", "overlay", "route", "action_dialog", "inspect_groups")

_LOADED = {}


def ui_for(game_id):
    """The game's UI module, every optional GameUI attribute it leaves out given its default."""
    mod = _LOADED.get(game_id)
    if mod is None:
        mod = importlib.import_module(ui_module(game_id))
        own = vars(mod)
        missing = [k for k in REQUIRED if k not in own]
        if missing:
            raise TypeError(f"{mod.__name__} lacks {', '.join(missing)} (game/ui/games/__init__.py GameUI)")
        for k in OPTIONAL:
            if k not in own:
                default = vars(GameUI)[k]
                setattr(mod, k, default.__func__ if isinstance(default, staticmethod) else default)
        _LOADED[game_id] = mod
    return mod


def games():
    """[(id, title)] of every registered game that has a browser UI, in registry order."""
    return [(gid, GAMES[gid]["title"]) for gid in ids() if ui_module(gid)]
