"""Vietnam 1965-1975 in CI (issue 11, "Done when"): the simulator plays 200 Starlite games with a
random player per side and reports wins per side; the fuzzer runs every check over both scenarios."""
import json

import pytest

from game.__main__ import main
from game.fuzz import fuzz

GAME = "vietnam-1965-1975"


def test_simulate_200_starlite_games_random_players(capsys):
    main(["simulate", "--game", GAME, "--scenario", "starlite", "--games", "200", "--seed", "1", "--json",
          "--players", "US=random,NLF=random"])
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] == 200 and out["errors"] == 0, out["error_samples"]
    assert set(out["wins"]) <= {"US", "NLF"} and sum(out["wins"].values()) == 200


@pytest.mark.parametrize("scenario", ["starlite", "starlite-free"])
def test_fuzz_starlite(scenario, tmp_path):
    """V 2-18 as far as Starlite goes: invariants, JSON round trip, undo, replay, and per side that
    nothing hidden from it shows and same-looking positions offer the same actions."""
    res = fuzz(GAME, 300, 11, out_dir=str(tmp_path), scenario=scenario)
    assert res["failures"] == 0, res["failure_samples"]
    assert res["games"] == 300 and res["steps"] > 3000
