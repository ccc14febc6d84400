"""Issue 13 item 4, "done when": at 390x844 (touch) the prompt and the main button are in view,
without scrolling, at every step of a whole game of each title, played by tapping only [data-action]
elements (the panel's buttons open in the bottom sheet as a player opens them)."""
import random

import pytest

from .ft_ui import start_ft
from .mf_ui import random_step, rev, start_game, wait_rev_after
from .test_phone import check_head, phone  # noqa: F401  (the 390x844 touch page fixture)
from .test_vietnam_hotseat import start as start_v65


def take_over(page):
    """Vietnam 1965-1975's hand-over screen: the player at the screen says it is them."""
    before = rev(page)
    page.click('[data-cmd="handover-ok"]')
    wait_rev_after(page, before)


def play_to_the_end_checking_the_head(page, seed, limit):
    rng = random.Random(seed)
    steps = 0
    for _ in range(limit):
        if page.get_attribute("body", "data-over") == "1":
            break
        if page.get_attribute("body", "data-screen") == "handover":
            take_over(page)
            continue
        check_head(page)  # before every choice: the prompt and the main button are on screen
        random_step(page, rng, done_share=0.3)
        steps += 1
    assert page.get_attribute("body", "data-over") == "1", f"no verdict after {steps} steps"
    check_head(page)  # the verdict too
    return steps


@pytest.mark.parametrize("game", ["mike-force", "first-team", "vietnam-1965-1975"])
def test_prompt_and_main_button_in_view_through_a_whole_game(phone, base_url, game):  # noqa: F811
    if game == "mike-force":
        start_game(phone, base_url, scenario="early", seed=2024)
    elif game == "first-team":
        start_ft(phone, base_url, seed=11)
    else:
        start_v65(phone, base_url, seed=8)
    steps = play_to_the_end_checking_the_head(phone, 7, 2500)
    assert steps >= 10  # a whole game was played (a random Starlite can end in under 20 choices)
