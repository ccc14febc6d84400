"""Vietnam 1965-1975's computer player, as its registry entry names it (game/rules/__init__.py,
"computer"): the heuristics ("novice", vietnam_policy.py) and the planner that searches with them
("standard", "strong", planner.py). ComputerAgent (agent.py) finds them here through the registry."""

from .planner import Planner  # noqa: F401
from .vietnam_policy import Heuristics  # noqa: F401
