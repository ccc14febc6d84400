"""Which computer player plays which game (only Vietnam 1965-1975 has one so far)."""

from types import SimpleNamespace


def policy_for(rules):
    if rules.id == "vietnam-1965-1975":
        from . import planner, vietnam
        return SimpleNamespace(novice=vietnam.novice, Planner=planner.Planner)
    raise ValueError(f"no computer player for {rules.id}")


def has_computer(rules):
    return rules.id == "vietnam-1965-1975"
