"""Vietnam 1965-1975 Starlite positions built through the engine's own legal actions (nothing made
up), for the table's unit tests and its browser tests (imported into the page as a save)."""
import game.rules.vietnam_1965_1975 as R
from game.engine import match as M


def answer(m, **want):
    """Apply the one legal action with these fields (the engine's own list: nothing made up)."""
    role = M.current_role(R, m)
    acts = [M.strip(a) for a in M.legal_actions(R, m, role)]
    hit = [a for a in acts if all(a.get(k) == v for k, v in want.items())]
    assert hit, (want, acts[:30], M.prompt(R, m))
    M.apply(R, m, hit[0], role=role)
    return m


def starlite(seed=1, dice="auto", vc_hex="5219", ps_hex="5320"):
    """Starlite at the first Operations Phase choice: the VC regiment in vc_hex, the political
    section in ps_hex, no Hold or Patrol."""
    m = M.new_match(R, "starlite", seed, dice_mode=dice)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        answer(m, t="place", u=u, hex=vc_hex if u == "vc1" else ps_hex)
    for _ in range(3):
        answer(m, t="done")
    assert m["state"]["stack"][-1]["s"] == "ops"
    return m


def on_hold(unit="vc1", seed=1):
    """Starlite at the NLF's Special Operations Designation (V 6.2), the regiment set up in 5219 and
    the political section in 5320, `unit` just put on Hold (the NLF still to finish designating)."""
    m = M.new_match(R, "starlite", seed)
    for _ in range(2):
        u = M.legal_actions(R, m, "NLF")[0]["u"]
        answer(m, t="place", u=u, hex="5219" if u == "vc1" else "5320")
    answer(m, t="done")  # the US's Special Operations Designation
    answer(m, t="hold", u=unit)
    return m


def at_support_declaration(m, units=("m37", "hq7", "a212"), target="5219"):
    """The NLF offers the operation; the US designates a Search and Destroy with `units` on
    `target` (V 5.1): the Support Declaration (V 7.3) waits."""
    answer(m, t="us_op")
    answer(m, t="operate", op="sd")
    for u in units:
        answer(m, t="unit", u=u)
    answer(m, t="target", hex=target)
    answer(m, t="go")
    return m


def us_operation(m, units=("m37", "hq7", "a212"), target="5219", ap=0, ship=0):
    """A US Search and Destroy with `units` on `target` (V 5.1), its support declared (V 7.3)."""
    at_support_declaration(m, units, target)
    answer(m, t="support", ap=ap, ship=ship)
    return m
