"""A match's history (issue 13 item 1): its positions after 0..n actions, rebuilt from its seed and
actions, with an index of where each turn and phase begins.

One replay of the whole match records, for every action number k, the turn and phase the state is
in after k actions and the length of the log then; the states at phase starts are kept, so the
position after any k actions is that phase's start plus a few actions (stepping back never replays
from the beginning). A match whose actions no longer replay (recorded before a rules change) stops
at the first one refused: `failed` says which and why.
"""

import contextlib

from . import headless, match as M

_MATCH_KEYS = ("actions", "log", "state", "undo")


def _no_index(s):
    return contextlib.nullcontext()


class History:
    def __init__(self, rules, m, role=None):
        self.rules = rules
        self.role = role    # the side reading: the log headers it may see name the parts (parts())
        self.base = {k: v for k, v in m.items() if k not in _MATCH_KEYS}
        self.actions = [M.strip(a) for a in m["actions"]]
        self.fast = m.get("dice_mode", "auto") == "auto"  # in place where no typed die interrupts
        self.failed = None  # {"at": action number (1-based), "why": text}
        self.marks = []     # marks[k] = (turn, phase) after k actions
        self.log_len = []   # log_len[k] = entries in the log after k actions
        self.snaps = {}     # k -> state at the start of a phase (k a phase start)
        self._last = None   # (k, state) of the position asked last: stepping forward continues it
        self._parts = None
        self._replay()

    # --- building -----------------------------------------------------------------------
    def _replay(self):
        b = self.base
        m = M.new_match(self.rules, b["scenario"], b["seed"], b["options"], b.get("dice_mode", "auto"))
        self.log = m["log"]
        self._mark(m, 0)
        with self._indexed(m["state"]):
            legal = headless.actions(self.rules, m, labels=not self.fast)
            for i, a in enumerate(self.actions):
                try:
                    legal = headless.play(self.rules, m, a, legal=legal, in_place=self.fast, labels=not self.fast)
                except Exception as ex:  # noqa: BLE001  an action the rules refuse now, or that fails
                    self.failed = {"at": i + 1, "why": f"{type(ex).__name__}: {ex}"}
                    self.actions = self.actions[:i]
                    break
                self._mark(m, i + 1)
        self.end_state = m["state"]

    def _indexed(self, state):
        return ((getattr(self.rules, "indexed", None) if self.fast else None) or _no_index)(state)

    def _mark(self, m, k):
        s = m["state"]
        mark = (s.get("turn"), s.get("phase"))
        self.marks.append(mark)
        self.log_len.append(len(m["log"]))
        if k == 0 or mark != self.marks[k - 1]:
            self.snaps[k] = M.clone(s)

    # --- reading ------------------------------------------------------------------------
    @property
    def n(self):
        """The number of actions that replay (the last position)."""
        return len(self.actions)

    def phase_starts(self):
        return sorted(self.snaps)

    def turn_starts(self):
        return [k for k in self.phase_starts() if k == 0 or self.marks[k][0] != self.marks[k - 1][0]]

    def index(self):
        """Every phase start: [{"k", "turn", "phase", "turn_start"}], in order (the jump list)."""
        turns = set(self.turn_starts())
        return [{"k": k, "turn": self.marks[k][0], "phase": self.marks[k][1], "turn_start": k in turns}
                for k in self.phase_starts()]

    def parts(self):
        """The jump list (issue 45 item 10): every phase start, and every position where the log
        opens a part of a phase with a header the reading side may see (a Vietnam operation, "The
        US conducts a Search and Destroy operation", and its combat rounds; a First Team segment's
        steps): [{"k", "turn", "phase", "part" (the header, or None), "turn_start", "phase_start"}]."""
        if self._parts is None:
            starts, turns = set(self.phase_starts()), set(self.turn_starts())
            self._parts = []
            for k in range(self.n + 1):
                part = self._header(k)
                if k in starts or part:
                    turn, phase = self.marks[k]
                    self._parts.append({"k": k, "turn": turn, "phase": phase, "turn_start": k in turns,
                                        "phase_start": k in starts, "part": part})
        return self._parts

    def _header(self, k):
        """The last header of a part that action k logged, as the reading side may see it."""
        if k == 0:
            return None
        heads = [e for e in self.log[self.log_len[k - 1]:self.log_len[k]]
                 if e.get("kind") == "phase" and not e.get("skipped") and e.get("to") in (None, self.role)]
        return heads[-1]["text"] if heads and heads[-1]["text"] != self.marks[k][1] else None

    def part(self, k):
        """The part of its phase that position k is in (the header that opened it), or None."""
        turn, phase = self.marks[k]
        for e in reversed(self.parts()):
            if e["k"] <= k:
                return e["part"] if (e["turn"], e["phase"]) == (turn, phase) else None
        return None

    def step(self, k, unit, direction):
        """The action number one action/phase/turn before (direction -1) or after (+1) k; a "phase"
        step goes to a phase's or a part's start (a Vietnam operation's: parts()). Back by a phase
        or turn goes to the start of the current one, or of the previous one when at its start."""
        if unit == "action":
            return max(0, min(self.n, k + direction))
        starts = [e["k"] for e in self.parts()] if unit == "phase" else self.turn_starts()
        if direction < 0:
            before = [s for s in starts if s < k]
            return before[-1] if before else 0
        after = [s for s in starts if s > k]
        return after[0] if after else self.n

    def position(self, k):
        """The match as it was after its first k actions (no undo: a position of the past)."""
        k = max(0, min(self.n, k))
        j = max(s for s in self.snaps if s <= k)
        if self._last is not None and j <= self._last[0] <= k:
            j, state = self._last[0], M.clone(self._last[1])
        else:
            state = M.clone(self.snaps[j])
        m = dict(self.base, actions=list(self.actions[:j]), log=self.log[:self.log_len[j]], state=state, undo=[])
        if j < k:
            with self._indexed(m["state"]):
                legal = headless.actions(self.rules, m, labels=not self.fast)
                for a in self.actions[j:k]:
                    legal = headless.play(self.rules, m, a, legal=legal, in_place=self.fast, labels=not self.fast)
        m["log"] = self.log[:self.log_len[k]]  # the replayed log, the same entries (labels aside)
        m["undo"] = []
        self._last = (k, M.clone(m["state"]))
        return m

    def label(self, k):
        turn, phase = self.marks[k]
        part = self.part(k)
        return f"turn {turn} · {phase or 'Set-up'}" + (f" · {part}" if part else "") + f" · action {k} of {self.n}"
