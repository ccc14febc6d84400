"""Last Stone: the tiny two-player game that docs/ADDING_A_GAME.md walks through. A pile of stones
is rolled (LS 1); A and B take 1 to 3 stones in turn (LS 2); whoever takes the last one wins, or
loses with the misère ruling (LS 3). Only the rules interface (game/engine/interface.py): the
registry entry is added by the test that plugs it in (tests/test_adding_a_game.py)."""

import json
from pathlib import Path

from game.engine.flow import Flow, Procedure
from game.engine.interface import data_interface

_DIR = Path(__file__).parent / "data"
SCENARIOS = json.loads((_DIR / "scenarios.json").read_text(encoding="utf-8"))
OPTIONS = json.loads((_DIR / "options.json").read_text(encoding="utf-8"))["options"]

id = "last-stone"
title = "Last Stone"
roles = ["A", "B"]
data_version = "ls-data-1"
flow = Flow()
scenarios, options, default_options = data_interface(SCENARIOS, OPTIONS)


def initial_state(scenario, opts):
    return {"scenario": scenario, "options": opts, "pile": 0, "turn": 1, "taken": {"A": 0, "B": 0},
            "stack": [{"s": "game"}]}


@flow.step("game")
class Game(Procedure):
    """LS 1-3, top to bottom: roll the pile, then turns until it is empty."""
    parts = ("roll_pile", "turn", "result")

    def roll_pile(self, g, f):
        sc = SCENARIOS[g.s["scenario"]]
        g.s["pile"] = sum(g.roll(sc["dice"], "The pile", "LS 1")) + sc["add"]
        g.log(f"The pile has {g.s['pile']} stones", "LS 1")

    def turn(self, g, f):
        if "took" in f:  # the answer to the last turn's question
            took = f.pop("took")
            who, n = took["who"], took["n"]
            g.s["pile"] -= n
            g.s["taken"][who] += n
            g.log(f"{who} takes {n}, {g.s['pile']} left", "LS 2")
            if not g.s["pile"]:
                f["last"] = who
                return
            g.s["turn"] += 1
        who = roles[(g.s["turn"] - 1) % 2]
        g.ask(f"{who}: take how many stones?", "LS 2", [
            {"t": "take", "n": n, "who": who, "label": f"Take {n}"} for n in (1, 2, 3) if n <= g.s["pile"]],
            into="took", who=who)
        self.again(f)

    def result(self, g, f):
        last = f["last"]
        other = "B" if last == "A" else "A"
        g.s["over"] = {"winner": other if g.s["options"]["misere"] else last, "turn": g.s["turn"]}
        g.log(f"{g.s['over']['winner']} wins", "LS 3")
        g.end()


def view(state, role=None):
    return {"pile": state["pile"], "turn": state["turn"], "taken": dict(state["taken"]),
            "over": state.get("over")}


def verdict_text(state):
    return f"{state['over']['winner']} wins (LS 3)"


def invariants(state):
    return [] if state["pile"] >= 0 else ["a negative pile"]
