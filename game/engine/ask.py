"""One decision with a fixed list of options, and what to do with the answer.

Used where a rule asks the player one question in the middle of an automatic
procedure (an event's "select", where body counts go, how fatigue is spread).
The options are computed when asked and stored in the frame; the continuation is
a named function, so the frame stays plain data.
"""

from .flow import Step


class Questions:
    """Registers a "choose" step on a game's flow and keeps its named continuations."""

    def __init__(self, flow, step_name="choose"):
        self.step_name = step_name
        self.continuations = {}
        questions = self

        @flow.step(step_name)
        class Choose(Step):
            always_ask = True

            def prompt(self, g, f):
                cited = f"({f['rule']})"  # once: a prompt that cites its rule already keeps it
                return f["prompt"] if f["prompt"].endswith(cited) else f"{f['prompt']} {cited}"

            def choices(self, g, f):
                return f["choices"]

            def act(self, g, f, a):
                g.pop()
                questions.continuations[f["then"]](g, a, f["data"])

    def then(self, name):
        """Decorator naming the function that receives the answer: fn(g, action, data)."""
        def register(fn):
            self.continuations[name] = fn
            return fn
        return register

    def ask(self, g, prompt, rule, choices, then_name, **data):
        """Push the question; False (and nothing pushed) if there is nothing to choose from."""
        if not choices:
            return False
        g.push(self.step_name, prompt=prompt, rule=rule, choices=choices, then=then_name, data=data)
        return True
