"""Driving a game's rules in tests, the same for every game: list, apply, refuse, answer, run
the automatic steps, play random legal actions. `bind(R)` gives these functions for one game's
rules module; mf_helpers and ft_helpers re-export them."""

import json
import random
from types import SimpleNamespace

from game.engine import match as M
from game.engine.flow import QUESTION, Context, IllegalAction


def bind(R):
    def ctx(m):
        return Context(m["state"], m["log"])

    def run(m):
        """Run the automatic steps until a decision (the HALT, or a question to the player)."""
        g = ctx(m)
        M.run_auto(R, g)
        return g

    def step_name(m):
        return m["state"]["stack"][-1]["s"]

    def halted(m):
        st = m["state"]["stack"]
        return st[-1]["s"] in ("choose", QUESTION) and st[-1]["prompt"] == "test halt"

    def acts(m, t=None):
        out = [M.strip(a) for a in M.legal_actions(R, m)]
        return [a for a in out if t is None or a["t"] == t]

    def do(m, action):
        """Apply an action that must be in the legal list (legality is part of what is tested)."""
        assert M.strip(action) in acts(m), f"{action} not legal; legal: {acts(m)[:20]}"
        M.apply(R, m, action)
        return m

    def rejects(m, action):
        """The action is illegal: IllegalAction with a reason, and the match is unchanged."""
        before = json.dumps(m, sort_keys=True)
        try:
            M.apply(R, m, action)
        except IllegalAction as e:
            assert str(e)
            assert json.dumps(m, sort_keys=True) == before
            return str(e)
        raise AssertionError(f"{action} was accepted")

    def answer(m, **want):
        """Answer the open question with the first legal action matching `want`."""
        cands = [a for a in acts(m) if all(a.get(k) == v for k, v in want.items())]
        assert cands, f"no action like {want}; legal: {acts(m)[:30]}"
        M.apply(R, m, cands[0])
        return m

    def play(m, n, seed=0, check=None):
        """n random legal actions (uniform, 'done' preferred 40% of the time it is offered)."""
        rng = random.Random(seed)
        for _ in range(n):
            if m["state"].get("over"):
                break
            legal = M.legal_actions(R, m)
            if check:
                check(m, legal)
            dones = [a for a in legal if a["t"] == "done"]
            a = rng.choice(dones) if dones and rng.random() < 0.4 else rng.choice(legal)
            M.apply(R, m, a)
        return m

    return SimpleNamespace(ctx=ctx, run=run, step_name=step_name, halted=halted, acts=acts, do=do,
                           rejects=rejects, answer=answer, play=play)


def log_has(m, rule, text=None):
    return any(e.get("rule") == rule and (text is None or text in e["text"]) for e in m["log"])


def dice(m, *vals):
    m["state"]["dice"]["queue"] = list(vals)


def left(m):
    return list(m["state"]["dice"]["queue"])
