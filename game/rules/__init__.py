"""The games: each module provides the rules interface used by game.engine.match."""

import importlib

GAMES = {"mike-force": "game.rules.mike_force",
         "first-team": "game.rules.first_team"}


def get(game_id):
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game_id])
