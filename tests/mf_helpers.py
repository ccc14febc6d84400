"""Fixtures for the Mike Force rule tests.

Technique: build a real match with M.new_match, clear the board, place the units a test needs
directly in m["state"], script the dice, put the step under test on the frame stack above a
HALT frame (a one-option question that the engine never answers on its own), then drive the
match with M.apply (so legality is checked) or run the automatic steps with run().
"""

from game.engine import match as M
from game.engine.flow import QUESTION, Context, IllegalAction  # noqa: F401  (re-exported for tests)
from game.rules import get
from game.rules.mike_force import board as B

from .rules_driver import bind, dice, left, log_has  # noqa: F401  (re-exported)

R = get("mike-force")
_D = bind(R)
ctx, run, step_name, halted, acts, do, rejects, answer, play = (
    _D.ctx, _D.run, _D.step_name, _D.halted, _D.acts, _D.do, _D.rejects, _D.answer, _D.play)

# a question nobody answers: the automatic steps stop here when the step under test is done
HALT = {"s": QUESTION, "prompt": "test halt", "rule": "test", "choices": [{"t": "halt", "label": "halt"}]}


def blank(scenario="early", seed=1, ip=20, rp=10, turn=1, options=None, events=None):
    """A match of `scenario` with every counter back in its box, scripted dice and a HALT stack."""
    m = M.new_match(R, scenario, seed, options)
    s = m["state"]
    for uid, u in s["units"].items():
        k = B.K(u)
        for f in ("red", "rev", "att", "by"):
            u.pop(f, None)
        if B.is_garrison(u):
            u["loc"] = k["space"]
        elif u["loc"] == B.ASIDE:
            continue
        elif k["side"] == "COM":
            u["loc"] = B.COM_MOBILE if k.get("mobile") else B.COM_STATIC
        else:
            u["loc"] = B.SUP_POOL if B.is_macv(u) else B.SF_POOL
    s["ip"], s["rp"], s["turn"] = ip, rp, turn
    s["turn_flags"] = {}
    if events is not None:
        s["events"] = list(events)
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


def put(m, kind, loc, **flags):
    """Take the first counter of `kind` from its box (or any off-map place) and put it at loc."""
    s = m["state"]
    boxes = (B.SF_POOL, B.SUP_POOL, B.COM_MOBILE, B.COM_STATIC, B.ASIDE)
    for box in boxes:
        for uid in sorted(s["units"]):
            u = s["units"][uid]
            if u["k"] == kind and u["loc"] == box:
                u["loc"] = loc
                u.update(flags)
                return uid
    raise AssertionError(f"no {kind} counter left")


def com(m, kind, loc, rev=True):
    return put(m, kind, loc, rev=rev)


def lead(m, uid):
    """Attach a leader from the box to uid (MF 25.4)."""
    lid = put(m, "leader", U(m, uid)["loc"])
    U(m, lid)["att"] = uid
    return lid




def stack(m, *frames):
    """HALT at the bottom, then the given frames (the last one runs first)."""
    m["state"]["stack"] = [dict(HALT)] + [dict(f) for f in frames]









def rules_logged(m):
    return [e.get("rule") for e in m["log"]]



def rolls(m, rule=None):
    return [e["dice"] for e in m["log"] if "dice" in e and (rule is None or e.get("rule") == rule)]


def battle(m, sp, dry=False):
    """Push a ground battle at sp (MF 20.1) above the HALT and run it to its first decision
    (dry: stop quietly where the scripted dice run out)."""
    stack(m, {"s": "battle", "sp": sp, "round": 1, "bcp": 0, "sf": False})
    if dry:
        return run_dry(m)
    run(m)


def asking(m):
    """A question is open (the engine's question step, flow.Context.ask)."""
    return step_name(m) == QUESTION


def line_up(m, *uids):
    """Answer the line-up questions in the given order (MF 20.1 step 2)."""
    for u in uids:
        if asking(m) and any(a.get("unit") == u and a["t"] == "unit" for a in acts(m)):
            answer(m, t="unit", unit=u)
    if asking(m) and any(a["t"] == "done" for a in acts(m)) and "Line up" in m["state"]["stack"][-1]["prompt"]:
        answer(m, t="done")


def bcp_choice(m, to="rp"):
    """Settle the BCP of an action wholly to RP or IP (MF 21.3)."""
    answer(m, t="bcp", to=to)


def loc(m, uid):
    return U(m, uid)["loc"]


def answer_dry(m, **want):
    """Like answer(), but on the live state, stopping quietly when the scripted dice run out
    (for tests that check a position in the middle of a procedure)."""
    from game.engine.rng import ScriptExhausted
    cands = [a for a in acts(m) if all(a.get(k) == v for k, v in want.items())]
    assert cands, f"no action like {want}; legal: {acts(m)}"
    g = ctx(m)
    st = M.current_step(R, m["state"])
    try:
        st.act(g, m["state"]["stack"][-1], cands[0])
        M.run_auto(R, g)
    except ScriptExhausted:
        return False
    return True


def run_dry(m):
    from game.engine.rng import ScriptExhausted
    try:
        run(m)
    except ScriptExhausted:
        return False
    return True
