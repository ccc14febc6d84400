"""The rules interface every game module provides (game/rules/<game>/__init__.py), written down.

The engine (game/engine/match.py), the saves, the fuzzer, the simulator, the UI and the tests use
only what is listed here. `data_interface` builds the parts that come straight from a game's
data files.
"""

from typing import Any, Iterable, Protocol, runtime_checkable


@runtime_checkable
class Rules(Protocol):
    id: str                      # the registry key, e.g. "mike-force"
    title: str
    roles: list                  # the sides, e.g. ["FW"] or ["US", "NLF"]; roles[0] decides by default
    data_version: str            # changes when maps, counters or tables change (saves check it)
    flow: Any                    # game.engine.flow.Flow: the steps of play

    def scenarios(self) -> list: ...          # [{"id", "name", "rule", "briefing"}]
    def options(self) -> list: ...            # named optional rules and rulings, each with its default
    def default_options(self) -> dict: ...
    # the state: plain JSON data with "options", "stack" (the frames of play: [{"s": step name}])
    # and, once the game ends, "over" = {"winner": role, "turn": n[, "level", "vp"]} (the match,
    # the simulator and the saves read it); the engine adds "dice"
    def initial_state(self, scenario: str, options: dict) -> dict: ...
    def view(self, state: dict, role: Any = None) -> dict: ...   # what role may see; None: the only role
    def verdict_text(self, state: dict) -> str: ...


# Optional, looked up with getattr:
#   invariants(state) -> [broken invariant, ...]           the fuzzer and the save checks
#   hidden_ids(state, role) -> [unit id, ...]              what role may not see named
#   concealed_public = {key, ...}                          what a face-down piece may show besides its
#                                                           id, side and back (Vietnam: a Hold marker)
#   own_names(state, role) -> {public label: (id, name)}  role's own units the public log names as
#                                                           the other side sees them (a face-down
#                                                           counter's handle): the view names them
#   resample_hidden(state, role, rng) -> state             another state that looks the same to role
#                                                           (the fuzzer's same-view check; the AI)
#   reading(state) -> context manager                      memoised reads while nothing moves
#   indexed(state) -> context manager                      indexes of the position kept while the
#                                                           engine runs an action (match._commit) or
#                                                           a headless game runs in place; the rules
#                                                           keep them right (a move primitive)
#   adopt_index(state, copy) -> None                      the engine made `copy` of `state` to run an
#                                                           action on: the index `state` last had may
#                                                           serve the copy (unit_index: resting indexes)
#   check_indexes(on) -> None                              the fuzzer: compare each index with the
#                                                           state whenever it closes
#   data_migrations = {old data_version: fn(match) -> match}
#   end_record(state, log) -> dict                         the end-of-game card, once state["over"]:
#                                                           the engine puts it in the view as "end"
#                                                           (log: the entries the viewer may read).
#                                                           The shape: END_RECORD
#   howto() -> dict                                        the "How to play" page: setting, sequence,
#                                                           victory, counters and a summary per cited
#                                                           rule section (game/engine/howto.py)


# The end record's game-neutral fields, drawn by game/ui/end_card.py (a game may add its own):
END_RECORD = {
    "winner": "the role that won, 'draw', or None",
    "verdict": "the headline: who won and at what level",
    "condition": "the condition met, in words, with its rule citation",
    "score": "{'head': [3 column names], 'lines': [{'value', 'side', 'what', 'rule'}], 'total': [3 cells] "
             "or None, 'note': text or absent}: the score line by line by cause, each with its rule",
    "side_losses": "[{'side', 'units': [text], 'none': text when empty, 'note': text appended}]: each side's losses",
    "revealed": "{'title', 'units': [text], 'none': text} or None: what the game hid, shown at the end",
    "notes": "[{'key', 'label', 'text'}]: anything else said at the end (final tracks, ...)",
}


def data_interface(scenarios, options):
    """scenarios(), options(), default_options() for a game's scenario table and option list."""

    def scenario_list():
        # the briefing (history, length, difficulty, how to win) is shown on the start screen;
        # "computer_play": the measured balance in computer play, a line for the start screen
        return [{"id": k, "name": v["name"], "rule": v["rule"], "briefing": v.get("briefing"),
                 **({"computer_play": v["computer_play"]["text"]} if v.get("computer_play") else {})}
                for k, v in scenarios.items()]

    def option_list():
        return options

    def defaults():
        return {o["id"]: o["default"] for o in options}

    return scenario_list, option_list, defaults


def check(rules) -> Iterable[str]:
    """What a rules module lacks of the written interface (empty when complete)."""
    for attr in ("id", "title", "roles", "data_version", "flow", "scenarios", "options",
                 "default_options", "initial_state", "view", "verdict_text"):
        if not hasattr(rules, attr):
            yield f"{getattr(rules, 'id', rules)} has no {attr}"
