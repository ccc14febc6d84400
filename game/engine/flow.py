"""A resumable state machine for a game's sequence of play.

The position of play is a stack of frames in the state (plain dicts, so it
serialises). The top frame names the current step. A step is either automatic
(it has `run`) or a decision (it has `prompt`, `choices`, `act`). After every
player action the engine runs automatic steps until a decision or the end.
Sub-procedures (a battle inside a Big Offensive inside an Events Phase) are
frames pushed on top and popped when done, like a call stack.

Who decides: a frame may name its owner (`g.push(name, who="NLF")`); otherwise the step's class
attribute `role`, otherwise the game's first role. A reaction window belongs to whichever side
reacts, so the owner is per frame, not per step class.

Procedures that read top to bottom: a `Procedure` step lists its parts; the engine runs them in
order. A part may call a sub-procedure (`g.call(name, into="field", ...)`); when that ends with
`g.end(result)` the result is written into the caller's frame under the name the call gave, and
the caller goes on with its next part. A question is such a call: `g.ask(prompt, rule, choices,
into="field")` pushes the engine's own decision step, and the action chosen comes back the same
way. A part that must run again (a loop over rounds or units) says `self.again(f)`. `Sequence` is
a Procedure whose parts are data rows with rule citations (a game's sequence of play).

    @flow.step("battle")
    class Battle(Procedure):
        parts = ("declare", "fire", "losses")

        def declare(self, g, f):
            g.ask("Attack with whom?", "X 5.1", attack_options(g.s), into="attack")

        def fire(self, g, f):
            g.call("fire", into="hits", units=f["attack"]["units"])

        def losses(self, g, f):
            take_losses(g, f["hits"])
            if more_rounds(g.s):
                self.goto_part(f, "fire")
"""

from .rng import d6, pick_index


class IllegalAction(Exception):
    """An action the rules do not allow now; the state is left untouched."""


class Step:
    """Base for steps. Subclasses set `run` (automatic) or the decision trio."""

    role = None  # None: the frame's "who", else the game's first role

    def prompt(self, g, f):
        return ""

    def choices(self, g, f):
        return []

    def act(self, g, f, a):
        raise IllegalAction("no decision is open")


class Question(Step):
    """The engine's one decision with a fixed list of options (`Context.ask`): the options are
    computed when asked and kept in the frame, so it stays plain data; the action chosen goes back
    to the caller's frame, under the name the question was asked `into`."""

    always_ask = True  # even a single option is put to the player (it may be the only "done")

    def prompt(self, g, f):
        cited = f"({f['rule']})"  # once: a prompt that cites its rule already keeps it
        return f["prompt"] if f["prompt"].endswith(cited) else f"{f['prompt']} {cited}"

    def choices(self, g, f):
        return f["choices"]

    def act(self, g, f, a):
        g.end(a)


QUESTION = "ask"  # the question step's name, registered in every game's flow


class Flow:
    def __init__(self):
        self.steps = {}
        self.step(QUESTION)(Question)

    def step(self, name):
        def register(cls):
            if name in self.steps:
                raise ValueError(f"step {name!r} is registered twice")
            inst = cls()
            inst.name = name
            self.steps[name] = inst
            return cls

        return register

    def get(self, name):
        return self.steps[name]


def owner(flow, frame, default):
    """The role deciding at this frame: its own "who", the step's class role, or the default."""
    who = frame.get("who")
    if who is not None:
        return who
    return flow.get(frame["s"]).role or default


class Bare(list):
    """A step's actions listed without any display field (it was asked for none: Context.labels is
    False), so the engine passes them on without looking into each (match._bare)."""


class Context:
    """What the rules see: the state being changed, the log, dice and frames.

    `labels` is False when nobody will read the actions' display labels (a simulator, the
    computer opponent): steps may then skip building them (and say so by returning a `Bare` list,
    or a `listing.Listing` that builds each action only when it is read). `lazy` is True when the
    caller takes such a Listing as it is (the simulator's random player); else the engine makes it
    a list."""

    def __init__(self, state, log, labels=True, lazy=False):
        self.s = state
        self.logbuf = log
        self.labels = labels
        self.lazy = lazy
        self.checkpoint = False  # set when dice are rolled or hidden things are drawn or shown

    # --- frames ---------------------------------------------------------------
    @property
    def frame(self):
        return self.s["stack"][-1]

    def push(self, name, who=None, **data):
        data["s"] = name
        if who is not None:
            data["who"] = who
        self.s["stack"].append(data)
        return data

    def call(self, name, into=None, who=None, **data):
        """Push the sub-procedure `name`; the result its end() gives lands in the calling frame's
        field `into` (None: the call's result is not wanted)."""
        if into is not None:
            data["into"] = into
        return self.push(name, who=who, **data)

    def ask(self, prompt, rule, choices, into, who=None):
        """Put one question to the player (the engine's `Question` step); the action chosen comes
        back in the calling frame's field `into`. False, and nothing asked, when there is no
        option to choose from."""
        if not choices:
            return False
        self.call(QUESTION, into=into, who=who, prompt=prompt, rule=rule, choices=choices)
        return True

    def pop(self):
        return self.s["stack"].pop()

    def end(self, result=None):
        """Pop this frame; its result goes to the calling frame, under the name the call gave it
        (`into`); a frame called without `into` drops it. (Legacy, until every game names its
        results: a frame called without `into` leaves a result that is not None as "ret".)"""
        f = self.s["stack"].pop()
        stack = self.s["stack"]
        if stack:
            into = f.get("into")
            if into is not None:
                stack[-1][into] = result
            elif result is not None:
                stack[-1]["ret"] = result
        return f

    def goto(self, name, **data):
        self.s["stack"].pop()
        return self.push(name, **data)

    # --- randomness -------------------------------------------------------------
    def roll(self, n, why, rule, to=None, add=True, **extra):
        """Roll n dice, log them with the reason and the rule section. `add=False` where the rules
        read the dice one by one (each checked on its own): they are listed, never added."""
        dice = [d6(self.s["dice"], why) for _ in range(n)]
        self.checkpoint = True
        if n > 1 and not add:
            text = f"{why}: rolled {', '.join(map(str, dice))}"
        else:
            text = f"{why}: rolled {'+'.join(map(str, dice))}" + (f" = {sum(dice)}" if n > 1 else "")
        self.log(text, rule, dice=dice, kind="roll", to=to, **extra)
        return dice

    def pick(self, items):
        """Blind draw of one element ("pick"); the caller removes it from its bin."""
        self.checkpoint = True
        return items[pick_index(self.s["dice"], len(items))]

    def reveal(self):
        """Something hidden was shown: no undo back past this point."""
        self.checkpoint = True

    # --- log -------------------------------------------------------------------
    def log(self, text, rule=None, dice=None, kind="info", to=None, **extra):
        """One log entry. `to`: None for everyone, or the one role that may read it. `extra`
        carries structured facts for the table (e.g. refs=[["u", id, name], ["p", place, name]],
        move=[from, to], battle=place): plain data, shown by the UI, never needed to replay."""
        entry = {"n": len(self.logbuf), "text": text, "kind": kind,
                 "turn": self.s.get("turn")}
        if rule:
            entry["rule"] = rule
        if dice is not None:
            entry["dice"] = list(dice)
        if to is not None:
            entry["to"] = to
        if extra:
            for k, v in extra.items():
                if v is not None:
                    entry[k] = v
        self.logbuf.append(entry)
        return entry


class Procedure(Step):
    """An automatic step made of named parts run top to bottom (`parts`). A part may push or call
    a sub-procedure; the procedure goes on with its next part when that frame is gone. A part may
    jump with `self.goto_part(f, name)`; the procedure ends after its last part (`finish`)."""

    parts = ()

    def run(self, g, f):
        pc = f.get("pc", 0)
        if pc >= len(self.parts):
            self.finish(g, f)
            return
        f["pc"] = pc + 1
        getattr(self, self.parts[pc])(g, f)

    def goto_part(self, f, name):
        f["pc"] = self.parts.index(name)

    def again(self, f):
        """Run the part now running once more, after whatever it called (a loop: one battle round,
        one unit, one target at a time)."""
        f["pc"] -= 1

    def finish(self, g, f):
        g.end(f.get("result"))


class Row:
    """One row of a sequence of play: the step to push, its frame data, the title shown, the rule
    cited, and game-specific fields (e.g. a segment letter)."""

    def __init__(self, step, data, title, rule, **extra):
        self.step, self.data, self.title, self.rule, self.extra = step, data, title, rule, extra
        clash = set(extra) & set(vars(self))
        if clash:
            raise ValueError(f"a row's own field cannot be a game-specific one: {sorted(clash)}")
        vars(self).update(extra)  # read as attributes (row.letter), as often as the rows run


class Sequence(Step):
    """A sequence of play driven by data rows (`rows`), repeated every cycle (a game-turn).

    Hooks, all optional: `cycle_start(g, f)` before the first row; `skip(g, f, row)` true to pass a
    row by (`skipped` logs it); `row_start(g, f, row)` before its frame is pushed (the default logs
    the row's title and rule and sets the phase shown); `row_data(g, f, row)` the data of the frame
    pushed (the default: a copy of the row's; a game may add what an earlier row's step gave back
    into this frame, its `into`); `row_end(g, f, row)` when its frame is gone, which may push a
    frame of its own (a pause) or end the game. Frame: {"i": next row, "open": 1 + the row running,
    kept only by games that have a row_end}."""

    rows = ()

    def has_row_end(self):
        return type(self).row_end is not Sequence.row_end

    def run(self, g, f):
        if f.get("open"):
            row = self.rows[f["open"] - 1]
            f["open"] = 0
            self.row_end(g, f, row)
            if g.s.get("over") or g.s["stack"][-1] is not f:
                return
        i = f["i"]
        if i == 0:
            self.cycle_start(g, f)
        if i >= len(self.rows):
            f["i"] = 0
            return
        row = self.rows[i]
        f["i"] = i + 1
        if self.skip(g, f, row):
            self.skipped(g, f, row)
            return
        if self.has_row_end():
            f["open"] = i + 1
        self.row_start(g, f, row)
        g.push(row.step, **self.row_data(g, f, row))

    def cycle_start(self, g, f):
        pass

    def skip(self, g, f, row):
        return False

    def skipped(self, g, f, row):
        g.log(f"{row.title}: skipped", row.rule, skipped=True)  # a header with nothing under it (the UI folds it away)

    def row_start(self, g, f, row):
        g.s["phase"] = row.title
        g.log(row.title, row.rule, kind="phase")

    def row_data(self, g, f, row):
        return dict(row.data)

    def row_end(self, g, f, row):
        pass
