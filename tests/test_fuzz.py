"""A bounded run of the rules fuzzer (game/fuzz.py): invariants, JSON round trip, undo,
replay and hidden information after every random legal action."""

from game.fuzz import fuzz, fuzz_one, Failure
from game.rules import get


def test_fuzz_mike_force_bounded(tmp_path):
    """MF 4.0: whole random games in every scenario keep every invariant (MF 27, 22, 24, 7.3, 12.2)."""
    res = fuzz("mike-force", 4, 11, out_dir=str(tmp_path))
    assert res["failures"] == 0, res["failure_samples"]
    assert res["games"] == 4 and res["steps"] > 100


def test_fuzz_detects_a_broken_invariant():
    """The fuzzer is not blind: a unit put in North Vietnam breaks MF 27.3 and is reported."""
    rules = get("mike-force")
    real = rules.invariants

    def broken(state):
        state["units"]["mf1"]["loc"] = "VLI"
        return real(state)

    rules.invariants = broken
    try:
        try:
            fuzz_one(rules, "early", 3, 5000)
        except Failure as e:
            assert "MF 27" in str(e)
            assert e.match is not None
        else:
            raise AssertionError("the broken invariant was not detected")
    finally:
        rules.invariants = real
