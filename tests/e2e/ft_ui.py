"""Helpers for the First Team: Vietnam end-to-end tests (no sleeps: wait on data-ready / data-rev)."""
import random

from .mf_ui import (confirm_if_asked, confirm_warning, open_advanced, click_action, click_type, first_of_type, open_start, panel_actions, reveal, rev,
                    wait_rev_after)


def start_ft(page, base_url=None, seed=1, dice="auto", options=None):
    if base_url is not None:
        open_start(page, base_url)
    page.click('input[data-game="first-team"]')
    page.wait_for_selector('input[data-scenario="campaign"]')
    page.check('input[data-scenario="campaign"]')
    page.check(f'input[data-dice="{dice}"]')
    open_advanced(page)
    for k, v in (options or {}).items():  # options with choices are <select id="opt-<id>">
        if k == "opponent_pace":  # the plain choice above the rulings: radio buttons
            page.check(f'input[data-pace="{v}"]')
            continue
        page.select_option(f"#opt-{k}", str(v))
    page.fill("#seed", str(seed))
    page.click("#start-game")
    confirm_if_asked(page)
    page.wait_for_selector('body[data-screen="game"][data-game="first-team"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")


def unique_actions(page):
    """[(index, type)] of every legal action, each index once (every action is in the panel: a
    button, or held by a closed group whose header a click opens)."""
    return [(i, t) for i, t, _ in panel_actions(page)]


class RandomPlayer:
    """Random policy with a fixed seed; 'done' 25% of the time when it competes with other actions.
    The same picks as the CPython replay in the tests (actions in engine order)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def pick(self, acts):
        dones = [i for i, t in acts if t == "done"]
        others = [i for i, t in acts if t != "done"]
        return self.rng.choice(dones) if dones and (not others or self.rng.random() < 0.25) \
            else self.rng.choice(others)

    def step(self, page):
        acts = unique_actions(page)
        assert acts, "no action offered: " + (page.text_content("#prompt") or "")
        i = self.pick(acts)
        btn = reveal(page, i)
        before = rev(page)
        btn.click()
        confirm_warning(page, before)
        wait_rev_after(page, before)
        return dict(acts)[i]


def track(page, key):
    return page.text_content(f'#tracks [data-track="{key}"]')


__all__ = ["start_ft", "unique_actions", "click_action", "click_type", "first_of_type", "RandomPlayer", "track",
           "panel_actions", "reveal"]
