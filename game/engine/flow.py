"""A resumable state machine for a game's sequence of play.

The position of play is a stack of frames in the state (plain dicts, so it
serialises). The top frame names the current step. A step is either automatic
(it has `run`) or a decision (it has `prompt`, `choices`, `act`). After every
player action the engine runs automatic steps until a decision or the end.
Sub-procedures (a battle inside a Big Offensive inside an Events Phase) are
frames pushed on top and popped when done, like a call stack.
"""

from .rng import d6, pick_index


class IllegalAction(Exception):
    """An action the rules do not allow now; the state is left untouched."""


class Step:
    """Base for steps. Subclasses set `run` (automatic) or the decision trio."""

    role = None  # None: the game's only role

    def prompt(self, g, f):
        return ""

    def choices(self, g, f):
        return []

    def act(self, g, f, a):
        raise IllegalAction("no decision is open")


class Flow:
    def __init__(self):
        self.steps = {}

    def step(self, name):
        def register(cls):
            inst = cls()
            inst.name = name
            self.steps[name] = inst
            return cls

        return register

    def get(self, name):
        return self.steps[name]


class Context:
    """What the rules see: the state being changed, the log, dice and frames."""

    def __init__(self, state, log):
        self.s = state
        self.logbuf = log
        self.checkpoint = False  # set when dice are rolled or hidden things are drawn

    # --- frames ---------------------------------------------------------------
    @property
    def frame(self):
        return self.s["stack"][-1]

    def push(self, name, **data):
        data["s"] = name
        self.s["stack"].append(data)
        return data

    def pop(self):
        return self.s["stack"].pop()

    def goto(self, name, **data):
        self.s["stack"].pop()
        return self.push(name, **data)

    # --- randomness -------------------------------------------------------------
    def roll(self, n, why, rule):
        """Roll n dice, log them with the reason and the rule section."""
        dice = [d6(self.s["dice"], why) for _ in range(n)]
        self.checkpoint = True
        self.log(f"{why}: rolled {'+'.join(map(str, dice))}" + (f" = {sum(dice)}" if n > 1 else ""),
                 rule, dice=dice, kind="roll")
        return dice

    def pick(self, items):
        """Blind draw of one element ("pick"); the caller removes it from its bin."""
        self.checkpoint = True
        return items[pick_index(self.s["dice"], len(items))]

    # --- log -------------------------------------------------------------------
    def log(self, text, rule=None, dice=None, kind="info"):
        entry = {"n": len(self.logbuf), "text": text, "kind": kind,
                 "turn": self.s.get("turn")}
        if rule:
            entry["rule"] = rule
        if dice is not None:
            entry["dice"] = list(dice)
        self.logbuf.append(entry)
