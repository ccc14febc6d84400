"""The exploiter panel and the ladder (issue 46 items 1, 5): plans for each side of each scenario,
written against the public agent interface (the side's view and legal actions only), and the
ladder command that plays the computer against them. The ladder is a benchmark: this only checks
that it runs and reports what it says it reports."""

import json
import random

import pytest

import game.rules.vietnam_1965_1975 as R
from game.__main__ import main
from game.ai import panel
from game.ai.ladder import mean_ci, wilson
from game.ai.worlds import WorldSampler
from game.engine import headless, match as M

from .test_ai import start, swapped, us_view

SCENARIOS = ("starlite", "silver-bayonet", "masher-white-wing")


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("role", ["US", "NLF"])
def test_at_least_five_plans_a_side(scenario, role):
    plans = panel.plans(scenario, role)
    assert len(plans) >= 5
    assert len({p.name for p in plans}) == len(plans)
    assert all(p.role == role for p in plans)


def test_wilson_and_mean_intervals():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-3
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    m, (a, b) = mean_ci([1, 2, 3, 4])
    assert m == 2.5 and a < 2.5 < b


@pytest.mark.parametrize("name", [p.name for p in panel.plans("starlite", "US")])
def test_V10_a_us_plan_decides_from_its_view_only(name):
    """Two positions that differ only in which face-down counter is the regiment look the same to
    the US; a US plan (same seed) takes the same decisions in both through its first operation."""
    m = start()
    m2 = swapped(m)
    p1, p2 = panel.plan("starlite", "US", name)(5), panel.plan("starlite", "US", name)(5)
    n = 0
    while M.current_role(R, m) == "US" and n < 12:
        assert us_view(m) == us_view(m2)
        l1, l2 = headless.actions(R, m), headless.actions(R, m2)
        d1 = p1.choose(R, M.view(R, m, "US"), l1, None, WorldSampler(R, m, "US"))
        d2 = p2.choose(R, M.view(R, m2, "US"), l2, None, WorldSampler(R, m2, "US"))
        assert d1 == d2
        M.apply(R, m, d1)
        M.apply(R, m2, d2)
        n += 1
    assert n >= 3


def test_a_plan_refuses_nothing_the_rules_refuse():
    """A plan's scripted answers are legal actions (it raises on any other)."""
    m = M.new_match(R, "starlite", 2)
    plan = panel.plan("starlite", "NLF", "regiment-5320")(1)
    rng = random.Random(0)
    for _ in range(6):
        if M.current_role(R, m) != "NLF":
            break
        legal = headless.actions(R, m)
        M.apply(R, m, plan.choose(R, M.view(R, m, "NLF"), legal, rng, WorldSampler(R, m, "NLF")))
    s = m["state"]
    assert s["units"]["vc1"]["hex"] == "5320" and s["units"]["ps1"]["hex"] == "5219"


def test_ladder_command_on_two_games(capsys):
    main(["ladder", "--game", "vietnam-1965-1975", "--scenario", "starlite", "--level", "novice", "--games", "2",
          "--seed", "3", "--plans", "regiment-5219,target-5320", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["scenario"] == "starlite" and out["games"] == 2
    rows = {(r["computer"], r["opponent"]) for r in out["rows"]}
    assert rows == {("US", "plan:regiment-5219"), ("US", "ai:novice"), ("NLF", "plan:target-5320"),
                    ("NLF", "ai:novice")}
    for r in out["rows"]:
        assert r["games"] == 2 and r["errors"] == 0 and r["wins"] + r["draws"] + r["losses"] == 2
        lo, hi = r["ci95"]
        assert 0 <= lo <= (r["win_rate"] or 0) <= hi <= 1
        assert r["max_steps"] > 10


def test_balance_figures_come_from_ladder_runs(capsys, tmp_path, monkeypatch):
    """Issue 46 item 5: scripts/ai_balance.py turns ladder runs (real games) into
    balance.json, and the start screen's line (game.ai.balance.levels_line) reads the figures from
    it: the level's worst plan and its wins against the level below, each side (one game a row)."""
    import sys

    from game.ai.balance import levels_line, load
    runs = []
    for n, extra in enumerate((["--plans", "regiment-5219,target-5320"], ["--against", "novice"])):
        main(["ladder", "--game", "vietnam-1965-1975", "--scenario", "starlite", "--level", "standard",
              "--games", "1", "--seed", "3", "--no-self", "--json"] + extra)
        runs.append(tmp_path / f"run{n}.json")
        runs[-1].write_text(capsys.readouterr().out)
    sys.path.insert(0, "scripts")
    try:
        import ai_balance
    finally:
        sys.path.remove("scripts")
    out = tmp_path / "balance.json"
    monkeypatch.setattr(sys, "argv", ["ai_balance.py", *map(str, runs), "--commit", "test", "--out", str(out)])
    ai_balance.main()
    data = load(str(out))
    lv = data["scenarios"]["starlite"]["standard"]
    first = {(r["computer"], r["opponent"]): r for r in json.loads(runs[0].read_text())["rows"]}
    assert lv["panel"]["as_us"]["worst"]["win_rate"] == first[("US", "plan:regiment-5219")]["win_rate"]
    assert lv["panel"]["as_nlf"]["plans"] == 1 and "self" not in lv
    assert lv["vs_lower"]["level"] == "novice" and lv["vs_lower"]["as_us"]["games"] == 1
    line = levels_line("vietnam-1965-1975", "starlite", data)
    assert line.startswith("Computer levels, measured: standard: against novice wins US ")
    assert "hardest exploiter plan" in line and "(1 games a plan)" in line
    assert levels_line("vietnam-1965-1975", "silver-bayonet", data) is None
    assert levels_line("first-team-vietnam", "starlite", data) is None
    # --merge: a later run of the levels alone replaces that figure, names its commit, keeps the panel's
    monkeypatch.setattr(sys, "argv", ["ai_balance.py", str(runs[1]), "--commit", "later", "--out", str(out), "--merge"])
    ai_balance.main()
    merged = load(str(out))
    assert merged["commit"] == "test" and merged["scenarios"]["starlite"]["standard"]["panel"] == lv["panel"]
    assert merged["scenarios"]["starlite"]["standard"]["vs_lower"]["as_nlf"]["commit"] == "later"
    assert "commit" not in lv["vs_lower"]["as_nlf"]


def test_maximin_leaves_out_the_columns_every_candidate_loses():
    """mixed.contested: against a column where every row scores 0 no mix does better than another;
    kept, it made every row's worst 0 and the maximin indifferent to the other columns."""
    from game.ai import mixed
    table = [[0.0, 0.33, 0.0], [0.0, 0.0, 1.0]]
    assert mixed.contested(table) == [[0.33, 0.0], [0.0, 1.0]]
    mix, value = mixed.maximin(mixed.contested(table))
    assert mix[0] > 0.6 and value > 0.2  # about 1 / 1.33 on the first row
    assert mixed.contested([[0.0, 0.0], [0.0, 0.0]]) == [[0.0, 0.0], [0.0, 0.0]]  # none contested: all kept


def test_V6_2_the_us_weighs_a_regiment_that_stands_on_hold():
    """Issue 46: against a regiment held in its set-up hex 5219 (V 6.2: doubled defence, never
    moving: the panel's hold-fast) the standard US searched 5320 in 20 of 20 games; with the NLF
    standing as one of its search's columns it targets 5219 in some of them (V 5.1)."""
    from game.ai.agent import make_agent
    from game.ai.ladder import opponent_agent
    from game.simulate import play_one
    targets = []
    for i in range(6):
        seed = 100003 + i
        agents = {"US": make_agent("ai:standard", seed=seed * 31 + 1),
                  "NLF": opponent_agent("starlite", "NLF", "plan:hold-fast", seed * 31 + 2)}
        m, _ = play_one(R, "starlite", seed, players=agents)
        targets += [e["text"] for e in m["log"] if e["text"].startswith("Target hex")][:1]
    assert "Target hex 5219" in targets and "Target hex 5320" in targets, targets


def test_a_column_every_candidate_lost_on_few_playouts_is_played_out_again():
    """planner.unsure: a column (a regiment hex, an NLF behaviour) that no candidate won is let go
    only once each candidate lost it HOPELESS times; on two or three playouts it is sampled again
    (the whole force wins about a third of the time against the regiment on Hold, and dropping
    that column on 0 of 2 sent the US all in on the other hex; issue 46, hold-fast)."""
    from game.ai.planner import HOPELESS, unsure
    few = [{("5219", None): [0.0, 2], ("5320", None): [0.0, 2]}, {("5219", None): [0.0, 2], ("5320", None): [2.0, 2]}]
    assert unsure(few)  # 5219: lost by both, on 2 playouts each
    enough = [{c: [0.0, HOPELESS] if c[0] == "5219" else v for c, v in row.items()} for row in few]
    assert not unsure(enough)  # lost HOPELESS times by each: hopeless, left out by mixed.contested
    won = [dict(few[0]), {("5219", None): [1.0, 2], ("5320", None): [2.0, 2]}]
    assert not unsure(won)  # some candidate won in every column: nothing to sample again
