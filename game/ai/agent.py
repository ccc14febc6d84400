"""The agent interface and the random player (the simulator's and the fuzzer's baseline)."""

from typing import Protocol


class Agent(Protocol):
    needs_view: bool  # False: choose() is given view=None (listing the view costs time)

    def choose(self, rules, view, legal: list, rng) -> dict: ...


class RandomAgent:
    """Uniform over the legal actions, but 'done' is taken with probability done_bias when it is
    offered, so open-ended phases (boarding, recruiting) end in a few steps."""

    needs_view = False

    def __init__(self, done_bias=0.25):
        self.done_bias = done_bias

    def choose(self, rules, view, legal, rng):
        dones = [a for a in legal if a["t"] == "done"]
        if dones and (len(dones) == len(legal) or rng.random() < self.done_bias):
            return rng.choice(dones)
        return rng.choice([a for a in legal if a["t"] != "done"])


AGENTS = {"random": RandomAgent}


def make_agent(kind, **kw):
    if kind not in AGENTS:
        raise ValueError(f"unknown player type {kind!r}; known: {', '.join(AGENTS)}")
    return AGENTS[kind](**kw)
