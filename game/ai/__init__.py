"""Computer players. Game-agnostic: an agent gets its side's view and legal actions (never the
state), a sampler of positions consistent with that view, and a seeded generator for its own
randomness; it returns one of the legal actions. No rules module imports this package."""

from .agent import LEVELS, Agent, ComputerAgent, RandomAgent, make_agent, parse_kind  # noqa: F401
