"""Helpers for the First Team: Vietnam end-to-end tests (no sleeps: wait on data-ready / data-rev)."""
import random

from .mf_ui import click_and_wait, open_start, panel_actions, rev, wait_rev_after


def start_ft(page, base_url=None, seed=1, dice="auto"):
    if base_url is not None:
        open_start(page, base_url)
    page.click('input[data-game="first-team"]')
    page.wait_for_selector('input[data-scenario="campaign"]')
    page.check('input[data-scenario="campaign"]')
    page.check(f'input[data-dice="{dice}"]')
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector('body[data-screen="game"][data-game="first-team"]', state="attached")
    page.wait_for_selector("#prompt:not(:empty)")


def unique_actions(page):
    """[(index, type)] of every action on the page, each index once (map highlights and panel)."""
    acts = page.eval_on_selector_all("[data-action]", "els => els.map(e => [+e.dataset.action, e.dataset.t])")
    return sorted(set(map(tuple, acts)))


def click_action(page, i):
    """Click the panel button of action i (every action has one while nothing is selected)."""
    click_and_wait(page, f'#actions [data-action="{i}"]')


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
        before = rev(page)
        page.locator(f'#actions [data-action="{i}"]').first.click()
        wait_rev_after(page, before)
        return dict(acts)[i]


def track(page, key):
    return page.text_content(f'#tracks [data-track="{key}"]')


__all__ = ["start_ft", "unique_actions", "click_action", "RandomPlayer", "track", "panel_actions"]
