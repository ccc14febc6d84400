"""Seeded dice kept in the game state.

The generator is SplitMix64 written in plain integer arithmetic, so the same
seed gives the same rolls under CPython and Pyodide, and its whole state is one
integer that round-trips through JSON.

Three dice modes (state["dice"]["mode"]):
  auto    - the generator rolls;
  manual  - the player types each roll ("my own dice"); the engine asks for it;
  script  - tests preload state["dice"]["queue"]; an empty queue is an error.
In every mode, values waiting in the queue are used first.
"""

MASK = (1 << 64) - 1
LIMIT_D6 = (1 << 64) - ((1 << 64) % 6)  # reject above this to keep d6 unbiased


class NeedRoll(Exception):
    """Raised in manual mode when the rules need a die the player has not typed yet."""

    def __init__(self, why):
        super().__init__(why)
        self.why = why


class ScriptExhausted(Exception):
    pass


def new_dice(seed, mode="auto"):
    return {"mode": mode, "rng": seed & MASK, "queue": []}


def _next64(dice):
    dice["rng"] = (dice["rng"] + 0x9E3779B97F4A7C15) & MASK
    z = dice["rng"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def d6(dice, why=""):
    if dice["queue"]:
        v = dice["queue"].pop(0)
        if not (isinstance(v, int) and 1 <= v <= 6):
            raise ValueError(f"a die shows 1 to 6, not {v!r}")
        return v
    if dice["mode"] == "manual":
        raise NeedRoll(why)
    if dice["mode"] == "script":
        raise ScriptExhausted(f"scripted dice ran out at: {why}")
    while True:
        x = _next64(dice)
        if x < LIMIT_D6:
            return x % 6 + 1


def pick_index(dice, n):
    """A uniform index in range(n) for random draws from a bin ("pick", MF 2.11).

    Draws never consume scripted or typed dice: in the physical game they are
    blind picks from a cup, not die rolls, so they always use the generator.
    """
    if n <= 0:
        raise ValueError("cannot pick from an empty bin")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next64(dice)
        if x < limit:
            return x % n
