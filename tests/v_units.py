"""Building Vietnam 1965-1975 positions with ARVN and NVA units on the Starlite map, for the V 11 and
NVA tests (the scenarios that field them come later): a Starlite match at a chosen decision, and
units added to it as a scenario's set-up would add them."""

from game.engine import match as M
from game.engine.flow import Context
from game.rules.vietnam_1965_1975.data import KINDS

from .test_v_rules import D, R, start  # noqa: F401  (re-exported for the test modules)


def add(m, uid, kind, hex_, **kw):
    """A unit of `kind` in `hex_` (None: off the map, e.g. a Ranger in its box), face up."""
    k = KINDS[kind]
    u = {"id": uid, "kind": kind, "name": kw.pop("name", f"{k['name']} {uid}"), "side": k["side"],
         "hex": hex_, "rev": True, "handle": None, "form": None, "done": False, "mission": None,
         "op": False, "tgt": False, "rp_spent": 0}
    u.update(kw)
    m["state"]["units"][uid] = u
    return u


def at_strategic_phase(seed=1):
    """A Starlite match at the US Strategic Movement Phase (V 2.1 item 3, 'T3a')."""
    m = M.new_match(R, "starlite", seed)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        D.answer(m, t="place", u=u, hex="5219")
    D.answer(m, t="done")
    D.answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "strat_phase"
    return m


def ctx(m):
    return Context(m["state"], m["log"])


def push(m, step, **data):
    """A window of `step` opened over the current position (as the engine would open it)."""
    g = ctx(m)
    g.push(step, **data)
    return g


def choices(m, g):
    return [M.strip(a) for a in R.flow.get(g.frame["s"]).choices(g, g.frame)]


def act(g, a):
    R.flow.get(g.frame["s"]).act(g, g.frame, a)


def logged(m, text):
    return any(text in e["text"] for e in m["log"])
