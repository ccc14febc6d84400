"""Per-game parts of the browser UI (map, counters, tracks, boxes), chosen by the match's "game"."""
GAMES = [("mike-force", "Mike Force"), ("first-team", "First Team: Vietnam")]


def ui_for(game_id):
    if game_id == "first-team":
        from . import first_team as mod
    else:
        from . import mike_force as mod
    return mod
