"""Fixtures for the First Team: Vietnam rule tests (same technique as mf_helpers): a real match
with every counter back in its starting box, scripted dice, the step under test pushed above a
HALT frame, driven with M.apply (legality checked) or run()."""

from game.engine import match as M
from game.engine.flow import QUESTION, Context, IllegalAction  # noqa: F401
from game.rules import get
from game.rules.first_team import board as B

from .rules_driver import bind, dice, left, log_has  # noqa: F401  (re-exported)

R = get("first-team")
_D = bind(R)
ctx, run, step_name, halted, acts, do, rejects, answer, play = (
    _D.ctx, _D.run, _D.step_name, _D.halted, _D.acts, _D.do, _D.rejects, _D.answer, _D.play)
# a question at the bottom of the stack: the steps under test run above it, their results land in it
HALT = {"s": QUESTION, "prompt": "test halt", "rule": "test", "choices": [{"t": "halt", "label": "halt"}]}


def blank(seed=1, turn=1, cp=20, options=None):
    """Every US unit at An Khe, garrisons and their supply in the camps, NVA in the Unknown Box,
    LZ markers off the map, scripted dice, a HALT stack."""
    m = M.new_match(R, "campaign", seed, options)
    s = m["state"]
    for uid, u in s["units"].items():
        for k in ("fat", "brk", "hold", "mv", "act", "used", "fired", "gar", "amb"):
            u.pop(k, None)
        k = u["k"]
        if k in ("inf",):
            u["loc"], u["fat"] = B.ANKHE, 0
        elif k == "sfg":
            u["loc"], u["fat"] = uid[2:], 0
        elif k in B.HELIS:
            u["loc"], u["st"] = B.ANKHE, 0
        elif k in ("arty", "tac", "b52", "pf"):
            u["loc"] = B.ANKHE
        elif k == "sup":
            u["loc"], u["step"] = B.POOL, 2
        elif k == "lz":
            u["loc"], u["rev"] = B.POOL, False
        elif k == "nva":
            u["loc"], u["step"] = B.UNKNOWN, 1
        elif k == "nart":
            u["loc"] = B.UNKNOWN
    s["units"]["sup01"]["loc"] = "D2"
    s["units"]["sup02"]["loc"] = "G4"
    s["turn"], s["cp"], s["vp"], s["cas"] = turn, cp, 0, 0
    s["dice"]["mode"] = "script"
    s["dice"]["queue"] = []
    s["stack"] = [dict(HALT)]
    s["over"] = None
    m["undo"] = []
    return m


def S(m):
    return m["state"]


def U(m, uid):
    return m["state"]["units"][uid]


def nva(m, reg, co, loc, step=1, **kw):
    uid = f"n{reg}-{co}"
    U(m, uid).update(loc=loc, step=step, **kw)
    return uid


def put(m, uid, loc, **kw):
    U(m, uid).update(loc=loc, **kw)
    return uid


def supply(m, loc, step=2):
    for uid in sorted(S(m)["units"]):
        u = U(m, uid)
        if u["k"] == "sup" and u["loc"] == B.POOL:
            u.update(loc=loc, step=step)
            return uid
    raise AssertionError("no supply left")




def stack(m, *frames):
    m["state"]["stack"] = [dict(HALT)] + [dict(f) for f in frames]


def start(m, *frames):
    """stack() the frames, then run the automatic steps (a procedure on top runs to its first
    decision)."""
    stack(m, *frames)
    run(m)


def frame(m, step):
    """The topmost frame of `step` on the stack (a test reading a procedure's own record)."""
    return next(f for f in reversed(m["state"]["stack"]) if f["s"] == step)


def at_part(step, part):
    """The frame field that starts the procedure `step` at its part `part` (flow.Procedure runs its
    parts in order), for a test that begins in the middle of one."""
    return {"pc": R.flow.get(step).parts.index(part)}


def asking(m):
    """A question is open (the engine's question step, flow.Question)."""
    return step_name(m) == QUESTION











def loc(m, uid):
    return U(m, uid)["loc"]
