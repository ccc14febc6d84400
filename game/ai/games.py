"""Which computer player plays which game (only Vietnam 1965-1975 has one so far)."""

from types import SimpleNamespace

from . import planner, vietnam_policy

VIETNAM = SimpleNamespace(Heuristics=vietnam_policy.Heuristics, Planner=planner.Planner)


def policy_for(rules):
    if rules.id == "vietnam-1965-1975":
        return VIETNAM
    raise ValueError(f"no computer player for {rules.id}")


def has_computer(rules):
    return rules.id == "vietnam-1965-1975"
