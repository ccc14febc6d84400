"""The exploiter panel (issue 46 item 1): scripted plans a human would try against the computer,
for each side of each Vietnam 1965-1975 scenario, written against the public agent interface
(base.py). `python -m game ladder` plays the computer against each of them (ladder.py). A
benchmark, not a test: a plan is kept because it once beat the computer, not because it loses."""

from . import points, starlite

PANEL = {
    "starlite": starlite.PLANS,
    "starlite-free": starlite.PLANS,
    "silver-bayonet": points.SILVER_BAYONET,
    "masher-white-wing": points.MASHER,
}


def plans(scenario, role):
    """The plan classes for `role` in `scenario` (each: .name, .role, (seed) -> agent)."""
    return list(PANEL.get(scenario, {}).get(role, []))


def plan(scenario, role, name):
    for cls in plans(scenario, role):
        if cls.name == name:
            return cls
    raise ValueError(f"no plan {name!r} for {role} in {scenario}; known: "
                     f"{', '.join(c.name for c in plans(scenario, role))}")
