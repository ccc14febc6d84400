"""A whole game to its verdict by clicking only [data-action] elements (random, fixed seed)."""
import json
import random
import statistics

from .mf_ui import random_step, start_game, update_ms


def test_whole_game_by_clicking(page, base_url):
    start_game(page, base_url, scenario="early", seed=2024)
    rng = random.Random(2024)
    times = []
    for clicks in range(2000):
        if page.get_attribute("body", "data-over") == "1":
            break
        # every legal action is in the panel: a button, or held by a closed group (opened by a
        # click on its header, which is not an action); map highlights run the same indices
        random_step(page, rng)
        times.append(update_ms(page))
    assert page.get_attribute("body", "data-over") == "1", f"no verdict after {clicks} clicks"
    verdict = page.text_content("#prompt")
    assert "Game over" in verdict and ("victory" in verdict or "defeat" in verdict)
    times.sort()
    stats = {"clicks": len(times), "median_ms": round(statistics.median(times), 1),
             "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1), "max_ms": round(times[-1], 1)}
    print("click->update", stats)
    with open("/tmp/vw_click_timings.json", "w") as fh:
        json.dump(stats, fh)
    page.screenshot(path="/tmp/vw_game_over_1440.png")
