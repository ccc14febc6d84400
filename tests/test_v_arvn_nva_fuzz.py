"""Random and computer play through positions with ARVN and NVA units (V 11, V 5.2): a test-only
scenario on the Starlite map (Starlite's forces plus ARVN regiments, a battalion, an ineffective
regiment, a division HQ, four Rangers in their box, NVA regiments; ARVN and NVA RP; the ARVN
effectiveness check each turn). The fuzzer's checks run after every action: invariants, JSON round
trip, what each side may see, undo, replay."""

import pytest

from game import fuzz
from game.rules.vietnam_1965_1975.data import SCENARIOS

from .v_units import R

SCENARIO = {
    "base": "starlite", "name": "ARVN and NVA test position (Starlite map)", "rule": "V 11", "turns": 2,
    "us": SCENARIOS["starlite"]["us"] + [
        {"id": "ar1", "kind": "arvn_rgt", "name": "ARVN 4th Regiment", "hex": "5120", "cmd": "2"},
        {"id": "ar2", "kind": "arvn_rgt_aug", "name": "ARVN 6th Regiment", "hex": "5020", "cmd": "2", "ineff": True},
        {"id": "ab1", "kind": "arvn_bn", "name": "ARVN 1/5", "hex": "5221", "cmd": "I"},
        {"id": "ahq", "kind": "arvn_div_hq", "name": "ARVN 2nd Division HQ", "hex": "5121", "cmd": "2"},
    ] + [{"id": f"rg{i}", "kind": "arvn_ranger", "name": f"Ranger group {i}", "box": True} for i in range(1, 5)],
    "nlf": SCENARIOS["starlite"]["nlf"] + [
        {"id": "n1", "kind": "nva_rgt", "name": "NVA 33rd Regiment"},
        {"id": "n2", "kind": "nva_rgt_aug", "name": "NVA 66th Regiment"},
    ],
    "support": dict(SCENARIOS["starlite"]["support"], arvn_rp=6, nva_rp=3),
    "special": {"vc_mpa_mod": -2, "arvn_check": True,
                "arvn_leaders": {"I": {"name": "I Corps commander", "eff": 1},
                                 "2": {"name": "2nd Division commander", "eff": 3, "corps": "I"}}},
}


@pytest.fixture
def scenario(monkeypatch):
    monkeypatch.setitem(SCENARIOS, "t-arvn-nva", SCENARIO)
    return "t-arvn-nva"


@pytest.mark.parametrize("seed", range(12))
def test_random_play_with_arvn_and_nva_units(scenario, seed):
    m, steps = fuzz.fuzz_one(R, scenario, seed, 3000)
    assert m["state"]["over"] and steps > 0


@pytest.mark.parametrize("seed", range(3))
def test_computer_play_with_arvn_and_nva_units(scenario, seed):
    m, steps = fuzz.fuzz_one(R, scenario, seed, 3000, players={"US": "ai:novice", "NLF": "ai:novice"})
    assert m["state"]["over"]


def test_resampled_blind_battalions_stay_within_the_rp_they_absorbed():
    """The computer player's sampled worlds (resample_hidden): a face-down VC battalion drawn blind
    that is seen to have absorbed 1 RP is drawn again only among battalions that could (strength 2
    or more), so the sampled state keeps the V 5.5 limit (a fuzz failure of Masher/White Wing)."""
    import random

    from game.engine import match as M
    m = M.new_match(R, "masher-white-wing", 465)
    s = m["state"]
    drawn = [u for u in s["units"].values() if u.get("drawn")]
    assert drawn
    for u in drawn:
        u["hex"], u["rp_spent"] = "5329", 1
    for seed in range(30):
        t = R.resample_hidden(__import__("copy").deepcopy(s), "US", random.Random(seed))
        assert not R.invariants(t), R.invariants(t)
