"""Computer players. Game-agnostic: an agent gets its side's view and legal actions (never the
state), and a seeded generator for its own randomness; it returns one of the legal actions.
No rules module imports this package."""

from .agent import Agent, RandomAgent, make_agent  # noqa: F401
