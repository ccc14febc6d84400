"""Issue 13 item 1: a match's history — the index of turns and phases, and its positions."""
import pytest

from game.engine import match as M
from game.engine.history import History
from game.rules import get
from game.simulate import play_one


@pytest.fixture(scope="module", params=["mike-force", "first-team", "vietnam-1965-1975"])
def played(request):
    R = get(request.param)
    scen = R.scenarios()[0]["id"]
    m, _ = play_one(R, scen, 5)
    return R, scen, m, History(R, m)


def test_ends_equal_the_match_and_a_new_match(played):
    R, scen, m, h = played
    assert h.failed is None and h.n == len(m["actions"])
    assert M.state_hash(h.position(h.n)) == M.state_hash(m)
    assert M.state_hash(h.position(0)) == M.state_hash(M.new_match(R, scen, 5, m["options"]))
    assert h.position(h.n)["log"] == m["log"]


def test_a_middle_position_equals_the_replayed_prefix_going_back_and_forward(played):
    R, scen, m, h = played
    for k in (h.n // 2, h.n // 2 - 1, h.n // 2 + 3, 1):  # back, forward from the last position, far back
        ref = M.replay(R, scen, 5, m["options"], m["actions"][:k])
        pos = h.position(k)
        assert M.state_hash(pos) == M.state_hash(ref)
        assert pos["log"] == ref["log"] and pos["actions"] == [M.strip(a) for a in ref["actions"]]


def test_index_of_turns_and_phases(played):
    R, scen, m, h = played
    idx = h.index()
    assert idx[0]["k"] == 0 and idx[0]["turn_start"]
    ks = [e["k"] for e in idx]
    assert ks == sorted(set(ks))
    for e in idx:  # each entry is where the state first shows that turn and phase
        s = h.position(e["k"])["state"]
        assert (s.get("turn"), s.get("phase")) == (e["turn"], e["phase"])
        if e["k"]:
            prev = h.position(e["k"] - 1)["state"]
            assert (prev.get("turn"), prev.get("phase")) != (e["turn"], e["phase"])
    turns = [e["turn"] for e in idx if e["turn_start"]]
    assert turns == sorted(set(turns)) and turns[-1] == m["state"]["turn"]
    # stepping: a phase forward lands on the next phase or part start, a turn back on this turn's start
    ps = [e["k"] for e in h.parts()]
    assert set(ks) <= set(ps) and ps == sorted(set(ps))
    k = ps[len(ps) // 2]
    assert h.step(k, "phase", 1) == ps[ps.index(k) + 1]
    assert h.step(k, "phase", -1) == ps[ps.index(k) - 1]
    assert h.step(h.n, "turn", -1) == h.turn_starts()[-1]
    assert h.step(0, "action", -1) == 0 and h.step(h.n, "action", 1) == h.n


def test_an_action_that_no_longer_replays_stops_the_history_there(played):
    R, scen, m, h = played
    bad = dict(m, actions=m["actions"][:3] + [{"t": "no-such-action"}] + m["actions"][3:])
    h2 = History(R, bad)
    assert h2.failed["at"] == 4 and h2.n == 3
    assert M.state_hash(h2.position(3)) == M.state_hash(M.replay(R, scen, 5, m["options"], m["actions"][:3]))


def test_a_past_position_shows_a_side_nothing_hidden_from_it():
    """V 2-player: each side's view of every phase start (and its log so far) names none of the
    units hidden from it then (the same check the fuzzer makes after every action)."""
    from game.fuzz import hidden_leaks
    R = get("vietnam-1965-1975")
    m, _ = play_one(R, "starlite", 7)
    h = History(R, m)
    for k in h.phase_starts() + [h.n // 2, h.n]:
        pos = h.position(k)
        for role in R.roles:
            assert hidden_leaks(R, pos, role, log_from=0) == [], (k, role)


def test_the_jump_list_names_each_vietnam_operation_as_the_side_reading_may_see_it():
    """Issue 45 item 10: History's jump list names each operation (the log's public header "The US
    conducts a Search and Destroy operation"), each at the position right after the action that
    opened it; the position's label names it; "Phase" steps go from one operation to the next.
    A header logged for one side only is never a part for the other."""
    R = get("vietnam-1965-1975")
    m, _ = play_one(R, "starlite", 5)
    for role in R.roles:
        h = History(R, m, role=role)
        ops = [e for e in h.parts() if e["part"] and " conducts " in e["part"]]
        assert len(ops) >= 3, [e["part"] for e in h.parts()]
        for e in ops:
            new = h.log[h.log_len[e["k"] - 1]:h.log_len[e["k"]]]
            assert any(x["text"] == e["part"] and x.get("kind") == "phase" and x.get("to") in (None, role)
                       for x in new)
            assert f"· {e['part']} ·" in h.label(e["k"]) and f"· {e['part']} ·" in h.label(e["k"] + 1) \
                or h.part(e["k"] + 1) != e["part"]  # (the next action may open another part)
        k = ops[0]["k"]
        assert h.step(k, "phase", 1) == next(e["k"] for e in h.parts() if e["k"] > k)
    # a header only one side reads (a "to") names no part for the other
    h = History(R, m, role="US")
    k = next(e["k"] for e in h.parts() if e["part"] and " conducts " in e["part"])
    secret = dict(h.log[h.log_len[k] - 1], kind="phase", text="NLF only", to="NLF")
    h.log.insert(h.log_len[k], secret)  # the last header action k logged
    h.log_len = [n + (1 if j >= k else 0) for j, n in enumerate(h.log_len)]
    h._parts = None
    assert h.part(k) != "NLF only" and all(e["part"] != "NLF only" for e in h.parts())
    h.role, h._parts = "NLF", None
    assert h.part(k) == "NLF only"  # (the same header read by its side: the check can fail)
