"""Main-thread work per pointer move while the map is dragged, and per wheel step, of two builds
side by side (issue 14: the view is a CSS transform, panzoom.py; a new view box laid the map out).

Plays First Team (seed 5) 20 clicks in, zooms in, then records a Chrome trace of a drag of MOVES
pointer moves and of WHEEL wheel steps over the map, and prints, per build and round, the renderer
main thread's milliseconds per move (per step) by event (Layout, Paint, Layerize, script...).

    .venv/bin/python scripts/bench/bench_drag.py --old /tmp/old_tree [--new .] [--rounds 3]

Each tree must be built (bash scripts/build.sh).
"""
import argparse
import collections
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, wait_ready  # noqa: E402
from tests.e2e.ft_ui import RandomPlayer, start_ft  # noqa: E402

MOVES = 80
WHEEL = 20
EVENTS = ("Layout", "UpdateLayoutTree", "PrePaint", "Paint", "Layerize", "FunctionCall", "HitTest")


def main_thread_ms(trace, n):
    """ms per unit of work (n units) of the renderer's main thread, by event name (top-level Paint
    only: Chromium nests Paint events)."""
    ev = json.loads(trace)
    ev = ev.get("traceEvents", ev)
    tids = {(e["pid"], e["tid"]) for e in ev
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    xs = sorted((e for e in ev if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in tids),
                key=lambda e: (e["ts"], -e.get("dur", 0)))
    tot, paint_end = collections.Counter(), -1
    for e in xs:
        name = e["name"]
        if name not in EVENTS:
            continue
        if name == "Paint":
            if e["ts"] < paint_end:
                continue
            paint_end = e["ts"] + e["dur"]
        tot[name] += e["dur"] / 1000 / n
    tot["all"] = sum(tot.values())
    return tot


def measure(page, browser):
    page.click('[data-cmd="zoom-in"]')
    box = page.locator("div#map").bounding_box()
    x0, y0 = box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.4
    out = {}
    browser.start_tracing(page=page, categories=["devtools.timeline", "blink"])
    page.mouse.move(x0, y0)
    page.mouse.down()
    for i in range(MOVES):
        k = i % 40 if (i // 40) % 2 == 0 else 40 - i % 40
        page.mouse.move(x0 + k * 6, y0 + k * 3)
    page.mouse.up()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    out["drag"] = main_thread_ms(browser.stop_tracing(), MOVES)
    browser.start_tracing(page=page, categories=["devtools.timeline", "blink"])
    for i in range(WHEEL):
        page.mouse.wheel(0, -120 if i % 2 == 0 else 120)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    out["wheel"] = main_thread_ms(browser.stop_tracing(), WHEEL)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", default=str(ROOT))
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    trees = (("old", args.old), ("new", args.new))
    servers = {name: start_server(tree) for name, tree in trees}
    res = collections.defaultdict(list)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for r in range(args.rounds):
                for name, _ in (trees if r % 2 == 0 else trees[::-1]):
                    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
                    page = ctx.new_page()
                    page.goto(servers[name][1])
                    wait_ready(page)
                    start_ft(page, None, seed=5)
                    player = RandomPlayer(5)
                    for _ in range(20):
                        player.step(page)
                    for what, ms in measure(page, browser).items():
                        res[(what, name)].append(ms)
                        print(f"round {r} {name} {what}: ms per {'move' if what == 'drag' else 'step'}: "
                              + " ".join(f"{k} {v:.2f}" for k, v in ms.most_common()), flush=True)
                    ctx.close()
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
    print()
    for (what, name), runs in sorted(res.items()):
        keys = sorted({k for ms in runs for k in ms}, key=lambda k: -statistics.median(ms.get(k, 0) for ms in runs))
        print(f"{what:5s} {name}: median of {len(runs)} runs, main-thread ms per "
              f"{'move' if what == 'drag' else 'step'}: "
              + " ".join(f"{k} {statistics.median(ms.get(k, 0) for ms in runs):.2f}" for k in keys))


if __name__ == "__main__":
    main()
