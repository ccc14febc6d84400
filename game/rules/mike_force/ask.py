"""This game's one-question decisions (see game/engine/ask.py)."""

from ...engine.ask import Questions
from .board import flow

QUESTIONS = Questions(flow)
ask = QUESTIONS.ask
then = QUESTIONS.then
