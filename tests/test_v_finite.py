"""Every move is finite, so every game ends (issue 46, V 3): 'Units are moved ... tracing a path
through contiguous hexes' (L99-100), and a move never re-enters a hex it left in it. Steps that
cost nothing (US strategic movement along roads, V 3.3 L146-147; a security operation along roads,
V 6.3 L399) could otherwise repeat for ever: in Masher/White Wing the computer US moved the ARVN
22nd Division HQ 5533 -> 5432 -> 5533 -> ... at 0 MP a step, without end."""

import json
import random

import pytest

from game import fuzz
from game.engine import headless, match as M

from .v_units import D, R

SCENARIOS = [s["id"] for s in R.scenarios()]
ENDS = {"done", "halt", "pass", "decline", "stop", "end"}  # the actions that end a window or a move


def to_strategic_phase(m):
    """Set up with the first hexes offered, designate no Hold or Patrol, up to the US Strategic
    Movement Phase of turn 1."""
    while m["state"]["stack"][-1]["s"] != "strat_phase":
        D.answer(m, **(D.acts(m, "done") or D.acts(m))[0])


def test_V3_the_masher_loop_at_0_mp_cannot_go_on():
    """Issue 46: the ARVN 22nd Division HQ in 5533 moves strategically to 5432 along the road for 0 MP
    (V 3.3); it may not step back into 5533, which it left in this move; a mover that always steps
    on ends its move within as many steps as the map has hexes."""
    m = M.new_match(R, "masher-white-wing", 7)
    to_strategic_phase(m)
    hq = m["state"]["units"]["hq22"]
    hq["hex"] = "5533"
    D.answer(m, t="strat")
    D.answer(m, t="unit", u="hq22")
    D.answer(m, t="go")
    D.answer(m, t="pick", u="hq22")
    assert "5432" in {a["to"] for a in D.acts(m, "step")}
    mp = m["state"]["stack"][-1]["mp"]["hq22"]
    D.answer(m, t="step", to="5432")
    assert m["state"]["stack"][-1]["mp"]["hq22"] == mp  # 0 MP along the road (V 3.3)
    assert "5533" not in {a["to"] for a in D.acts(m, "step")}
    seen = ["5533", "5432"]
    for _ in range(len(R.board.mapof(m["state"]).hexes)):
        steps = D.acts(m, "step")
        if not steps:
            break
        D.answer(m, **steps[0])
        seen.append(m["state"]["units"]["hq22"]["hex"])
    assert not D.acts(m, "step") and len(seen) == len(set(seen))


def stepper(legal, rng):
    """A player that never lets a move end while it may step (the looping computer of issue 46:
    always the first step offered), and otherwise plays on at random: any action that does not end
    a window or a move, Hold and Patrol aside (a side all on Hold never moves)."""
    steps = [a for a in legal if a["t"] == "step"]
    if steps:
        return steps[0]
    on = [a for a in legal if a["t"] not in ENDS | {"pref", "hold", "patrol"}]
    return rng.choice(on or [a for a in legal if a["t"] in ENDS] or legal)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", range(2))
def test_every_game_ends_within_a_bound_even_for_a_player_that_always_steps_on(scenario, seed):
    """Issue 46: played by a player that always takes another step while one is offered, every game
    of every scenario ends within 20,000 actions (a move visits each hex at most once), and the
    fuzzer's checks hold after every action (invariants, JSON round trip, what each side may see)."""
    m = M.new_match(R, scenario, seed)
    rng = random.Random(seed)
    roles = list(R.roles)
    hidden = fuzz._hidden_fn(R)
    acts = M.legal_actions(R, m)
    for n in range(20000):
        if m["state"].get("over"):
            break
        log_from = len(m["log"])
        acts = headless.play(R, m, stepper(acts, rng), legal=acts, labels=True)
        if n % 25 == 0:
            fuzz.check_position(R, m, acts, log_from, hidden, roles)
    assert m["state"].get("over"), f"no verdict after {n + 1} actions"
    assert sum(e.get("kind") == "move" for e in m["log"]) >= 5  # it did move
    assert json.loads(json.dumps(m["state"])) == m["state"]
