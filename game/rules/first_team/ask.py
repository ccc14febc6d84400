"""One decision with a fixed list of options, and what to do with the answer.

Used where a rule asks the player one question in the middle of an automatic
procedure (fatigue distribution, break order, retreat destinations, support). The
options are computed when asked and stored in the frame; the continuation is a
named function, so the frame stays plain data.
"""

from ...engine.flow import Step
from .board import flow

THEN = {}


def then(name):
    def register(fn):
        THEN[name] = fn
        return fn
    return register


def ask(g, prompt, rule, choices, then_name, **data):
    """Push the question; False (and nothing pushed) if there is nothing to choose from."""
    if not choices:
        return False
    g.push("choose", prompt=prompt, rule=rule, choices=choices, then=then_name, data=data)
    return True


@flow.step("choose")
class Choose(Step):
    always_ask = True

    def prompt(self, g, f):
        return f"{f['prompt']} ({f['rule']})"

    def choices(self, g, f):
        return f["choices"]

    def act(self, g, f, a):
        g.pop()
        THEN[f["then"]](g, a, f["data"])
