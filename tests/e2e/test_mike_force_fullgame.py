"""A whole game to its verdict by clicking only [data-action] elements (random, fixed seed)."""
import json
import random
import statistics

from .mf_ui import rev, start_game, wait_rev_after


def test_whole_game_by_clicking(page, base_url):
    start_game(page, base_url, scenario="early", seed=2024)
    rng = random.Random(2024)
    times = []
    for clicks in range(2000):
        if page.get_attribute("body", "data-over") == "1":
            break
        cands = page.eval_on_selector_all(
            "[data-action]", "els => els.map((e, k) => [k, e.dataset.t])")
        assert cands, page.text_content("#prompt")
        dones = [c for c in cands if c[1] == "done"]
        others = [c for c in cands if c[1] != "done"]
        pick = rng.choice(dones) if dones and (not others or rng.random() < 0.25) else rng.choice(others)
        before = rev(page)
        page.locator("[data-action]").nth(pick[0]).click()
        wait_rev_after(page, before)
        times.append(page.evaluate("window.__vw_last_update_ms"))
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
