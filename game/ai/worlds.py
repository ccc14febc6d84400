"""Engine support for computer players, game-agnostic (DESIGN_REVIEW 3.2 c-e).

- `copy_state`: a copy of plain JSON data (dicts, lists, scalars) without the JSON text round
  trip; saves still use JSON. Tuples never occur in a state, so they are not handled.
- `reseed`: a copy's dice get another seed, so a computer player samples futures of its own
  instead of reading the true future rolls from the state's generator.
- `WorldSampler`: what a computer player is given instead of the state. `sample(rng)` returns a
  state that looks the same to its side (the rules' `resample_hidden` deals the hidden part again)
  with reseeded dice. Two positions that look the same to the side give the same samples for the
  same generator, so nothing the side may not see can reach its decision.
- `playout`: plays a sampled world to the end, in place, with a policy per side.
"""

from ..engine import headless, match as M
from ..engine.rng import MASK
from .redeal import REDEAL


def copy_state(obj):
    """A deep copy of JSON-shaped data (about 3-4x faster than json.loads(json.dumps(x)))."""
    t = type(obj)
    if t is dict:
        return {k: (v if type(v) in _ATOMS else copy_state(v)) for k, v in obj.items()}
    if t is list:
        return [v if type(v) in _ATOMS else copy_state(v) for v in obj]
    return obj


_ATOMS = {str, int, float, bool, type(None)}


def reseed(state, seed):
    """The state's dice draw from `seed` from now on (auto mode, nothing queued)."""
    state["dice"] = {"mode": "auto", "rng": seed & MASK, "queue": []}
    return state


class WorldSampler:
    """Positions consistent with what `role` sees of `match` now (never the true hidden part:
    every sample draws it again, and the dice are reseeded)."""

    def __init__(self, rules, match, role):
        self.rules, self.role = rules, role
        self._state = match["state"]
        self._resample = getattr(rules, "resample_hidden", None)
        self._redeal = REDEAL.get(rules.id)

    def step(self):
        """The name of the step deciding now (public: every view shows it)."""
        stack = self._state["stack"]
        return stack[-1]["s"] if stack else None

    def sample(self, rng):
        s = copy_state(self._state)
        s.pop("await_roll", None)
        if self._resample is not None:
            s = self._resample(s, self.role, rng)
        if self._redeal is not None:
            s = self._redeal(s, self.role, rng)
        return reseed(s, rng.getrandbits(64))


def as_match(state):
    """A headless match around a sampled state (no history: play in place only)."""
    return {"state": state, "log": [], "actions": [], "undo": []}


def playout(rules, m, policy, rng, first=None, max_steps=400):
    """Play the match `m` to its end in place. `policy(rules, state, role, legal, rng)` chooses
    for each side; `first` (if given) is applied before. Returns the final state."""
    gen = playout_iter(rules, m, policy, rng, first, max_steps)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def playout_iter(rules, m, policy, rng, first=None, max_steps=400, every=2):
    """playout() as a generator that yields every `every` actions: the units a page's time slices
    are cut from (its driver reads the clock at each yield, so short units keep input waits short)."""
    legal = headless.actions(rules, m)
    if first is not None:
        legal = headless.play(rules, m, first, legal=legal, in_place=True)
    for n in range(max_steps):
        s = m["state"]
        if s.get("over"):
            return s
        role = M.current_role(rules, m)
        a = policy(rules, s, role, legal, rng)
        legal = headless.play(rules, m, a, legal=legal, in_place=True)
        if n % every == every - 1:
            yield
    raise RuntimeError("playout did not end")
