"""The one registry of games. The rules, the browser UI, the command line and the tests all read
it: a game plugs in here with its rules module (the interface in game/engine/interface.py), its
UI module (the interface in game/ui/games/__init__.py) and, if it has one, its computer player (a
module with Heuristics and Planner, read by game/ai/agent.py), and nowhere else."""

import importlib

from ..engine.saves import load_match

GAMES = {
    "mike-force": {"title": "Mike Force", "rules": "game.rules.mike_force",
                   "ui": "game.ui.games.mike_force"},
    "first-team": {"title": "First Team: Vietnam", "rules": "game.rules.first_team",
                   "ui": "game.ui.games.first_team"},
    "vietnam-1965-1975": {"title": "Vietnam 1965-1975", "rules": "game.rules.vietnam_1965_1975",
                          "ui": "game.ui.games.vietnam", "computer": "game.ai.vietnam_player"},
}


def ids():
    return list(GAMES)


def title(game_id):
    return GAMES[game_id]["title"]


def get(game_id):
    """The rules module of a registered game."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game_id]["rules"])


def find(game_id):
    """The rules module of a registered game, or None (the save loader's lookup)."""
    return get(game_id) if game_id in GAMES else None


def load_save(text, game=None, **kw):
    """A saved match read, converted and checked (game/engine/saves.py) with this registry:
    (match, warnings), or SaveError saying why not."""
    return load_match(text, find, game=game, **kw)


def has_computer(game_id):
    """Whether a registered game has a computer player (the start screen offers it)."""
    return bool(GAMES.get(game_id, {}).get("computer"))


def computer(game_id):
    """A registered game's computer player module (Heuristics, Planner); ValueError if it has none."""
    if not has_computer(game_id):
        raise ValueError(f"no computer player for {game_id!r}")
    return importlib.import_module(GAMES[game_id]["computer"])


def ui_module(game_id):
    """The name of a registered game's browser UI module (imported only in the browser), or None
    while the game has no browser UI yet (it is then not offered in the browser)."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
    return GAMES[game_id]["ui"]


def howto(game_id):
    """A registered game's "How to play" page (its rules' optional howto()), or None."""
    fn = getattr(get(game_id), "howto", None)
    return fn() if fn else None
