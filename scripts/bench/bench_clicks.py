"""Click -> screen update times of two builds of the site, side by side in one run (issue 14).

Plays the whole-game click-throughs of the e2e tests (Mike Force seed 2024, First Team seed 5:
the same random policies, so both builds see the same clicks), alternating the builds game by
game, and prints per build and game the median, p95 and max of window.__vw_last_update_ms
(game/ui/clicktime.py), the parts of the slowest clicks, and the clicks split by whose work each
part is: the browser's, the engine's and the Python drawing's ("browser+engine": a click with the
drawing at 0 ms and the browser's work unchanged).

    .venv/bin/python scripts/bench/bench_clicks.py --old /tmp/clicks/old --new . [--rounds 2] [--games mf,ft,v]

With --old, also each game's clicks paired (new - old, click by click, with a 95% bootstrap
interval): a build's difference apart from the machine's drift, which moves whole rounds by
several ms. --css-old / --css-new adopt a style sheet in that tree's pages: `--old . --css-new
"..."` measures a CSS change alone.

Each tree must be built (bash scripts/build.sh) and time its clicks with game/ui/clicktime.py.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.click_through import play, start  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402


def serve(tree):
    return start_server(tree)


def timing(page):
    page.wait_for_function("() => document.body.dataset.timed === document.body.dataset.rev")
    return page.evaluate("[window.__vw_last_update_ms, window.__vw_update_parts]")


def game(g):
    """The whole-game click-through of game `g` ("mf", "ft" or "v", scripts/bench/click_through.py) on a
    site: [(ms, the step's kind of action, the click's parts)], each click as the page timed it."""
    def run(page, url):
        out = []

        def timed(k, t):
            ms, parts = timing(page)
            out.append((ms, t, json.loads(parts)))
        start(page, url, g)
        play(page, g, timed)
        return out
    return run


# VW_INVAL=1: also what was invalidated and why (LayoutInvalidationTracking events, to read in the file)
TRACE_CATEGORIES = (["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8"]
                    + (["disabled-by-default-devtools.timeline.invalidationTracking"] if os.environ.get("VW_INVAL") else []))


WRAPPERS = {"RunTask", "ThreadControllerImpl::RunTask", "SequenceManager::DoIdleWork",
            "ThreadPool_RunTask", "ScheduledAction::execute"}


def print_trace(path, n):
    """Mean ms per click of the main thread's work from the game's first click on, by top-level
    event, and the style and layout run inside script (forced: a read of layout, or layout thrash)."""
    events = json.loads(Path(path).read_text())
    events = events.get("traceEvents", events)
    tids = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    xs = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in tids
                 and e["name"] not in WRAPPERS), key=lambda e: (e["ts"], -e.get("dur", 0)))
    first = next((e["ts"] for e in xs if e["name"] == "EventDispatch"
                  and e.get("args", {}).get("data", {}).get("type") == "click"), None)
    top, forced, stack = {}, {}, []  # stack: (name, end) of the events the current one is inside
    for e in xs:
        if first is None or e["ts"] < first:
            continue
        while stack and e["ts"] >= stack[-1][1]:
            stack.pop()
        ms = e.get("dur", 0) / 1000
        if not stack:
            top[e["name"]] = top.get(e["name"], 0.0) + ms
        elif e["name"] in ("UpdateLayoutTree", "Layout") and any(s[0] == "FunctionCall" for s in stack) \
                and not any(s[0] in ("UpdateLayoutTree", "Layout") for s in stack):
            forced[e["name"]] = forced.get(e["name"], 0.0) + ms
        stack.append((e["name"], e["ts"] + e.get("dur", 0)))
    fmt = lambda d: " ".join(f"{k} {v / max(n, 1):.2f}" for k, v in sorted(d.items(), key=lambda kv: -kv[1]) if v / max(n, 1) >= 0.01)
    print(f"   trace {path}, ms per click (of {n}), top-level: {fmt(top)}")
    print(f"   style and layout inside script: {fmt(forced) or 'none'}")


def _pressed(click, ms):
    def held(self, *a, **kw):
        kw.setdefault("delay", ms)
        return click(self, *a, **kw)
    return held


# the click clock's parts (game/ui/clicktime.py, controller.py, screen.py) by whose work they are
BROWSER = ("input", "layout", "frame")         # event queueing, style and layout, the frame's paint
ENGINE = ("click", "apply", "view", "save")    # the rules: the action applied, the side's view listed
# everything else is the Python drawing (ui, map, boxes, report, panel, inspector, log, after, other)


def split(clicks):
    """Each click's ms by whose work: the browser's, the engine's, the Python drawing's; and what a
    click would take with the drawing at 0 ms and the browser's work unchanged (issue 14)."""
    def part(c, names):
        return sum(c[2].get(k, 0) for k in names)
    browser = [part(c, BROWSER) for c in clicks]
    engine = [part(c, ENGINE) for c in clicks]
    drawing = [sum(c[2].values()) - b - e for c, b, e in zip(clicks, browser, engine)]
    return {"browser": stats(browser), "engine": stats(engine), "drawing": stats(drawing),
            "browser+engine": stats([b + e for b, e in zip(browser, engine)])}


def paired(old, new, boots=2000):
    """new - old, click by click (the same clicks: the same games, seeds and policies), with a 95%
    bootstrap interval: the builds' difference apart from the machine's drift between rounds."""
    if len(old) != len(new):
        return f"not paired: {len(old)} and {len(new)} clicks (the builds played differently)"
    diffs = [b[0] - a[0] for a, b in zip(old, new)]
    rng = random.Random(14)
    means = sorted(statistics.fmean(rng.choices(diffs, k=len(diffs))) for _ in range(boots))
    return (f"new - old per click, paired over {len(diffs)}: mean {statistics.fmean(diffs):+.2f} ms "
            f"(95% {means[boots // 40]:+.2f} to {means[boots - 1 - boots // 40]:+.2f}), "
            f"median {statistics.median(diffs):+.2f} ms")


def stats(times):
    times = sorted(times)
    return {"n": len(times), "median": round(statistics.median(times), 1),
            "p95": round(times[int(0.95 * (len(times) - 1))], 1), "max": round(times[-1], 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", help="the tree to compare with (default: the new one alone)")
    ap.add_argument("--new", default=str(ROOT))
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", default="mf,ft")
    ap.add_argument("--slowest", type=int, default=8)
    ap.add_argument("--json", help="write every click's figures here")
    ap.add_argument("--press-ms", type=float, default=0,
                    help="hold each click's button down this long, as a hand does (Playwright's default: "
                         "0, the release queued behind the press's handlers, which then count as input)")
    ap.add_argument("--css-old", help="a style sheet adopted by the old tree's pages (an A/B of CSS alone: "
                                      "--old . with --css-old or --css-new)")
    ap.add_argument("--css-new", help="the same for the new tree's pages")
    ap.add_argument("--trace", help="record a Chrome trace of the new tree's games here and print the "
                                    "renderer's main-thread time per click by event name")
    args = ap.parse_args()
    from playwright.sync_api import Locator, Page, sync_playwright
    if args.press_ms:
        for cls in (Locator, Page):
            cls.click = _pressed(cls.click, args.press_ms)
    trees = (("old", args.old), ("new", args.new)) if args.old else (("new", args.new),)
    servers = {name: serve(tree) for name, tree in trees}
    res = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for r in range(args.rounds):
                for g in args.games.split(","):
                    order = [n for n in (("old", "new") if r % 2 == 0 else ("new", "old")) if n in servers]
                    for name in order:
                        ctx = browser.new_context(viewport={"width": 1440, "height": 900})
                        page = ctx.new_page()
                        css = getattr(args, f"css_{name}")
                        if css:  # adopted (the page's CSP refuses a <style> of ours)
                            page.add_init_script("addEventListener('DOMContentLoaded', () => { const s = new CSSStyleSheet(); "
                                                 f"s.replaceSync({json.dumps(css)}); document.adoptedStyleSheets = [s]; }})")
                        t = time.monotonic()
                        tracing = args.trace and name == "new" and r == 0
                        if tracing:
                            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
                        clicks = game(g)(page, servers[name][1])
                        if tracing:
                            path = f"{args.trace}.{g}.json"
                            Path(path).write_bytes(browser.stop_tracing())
                            print_trace(path, len(clicks))
                        ctx.close()
                        res.setdefault((g, name), []).extend(clicks)
                        print(f"round {r} {g} {name}: {len(clicks)} clicks in {time.monotonic() - t:.0f} s, "
                              f"{stats([c[0] for c in clicks])}", flush=True)
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
    for (g, name), clicks in sorted(res.items()):
        print(f"\n== {g} {name}: {stats([c[0] for c in clicks])}")
        keys = sorted({k for c in clicks for k in c[2]})
        print("   mean parts: " + " ".join(f"{k} {statistics.mean(c[2].get(k, 0) for c in clicks):.1f}" for k in keys))
        for who, st in split(clicks).items():
            print(f"   {who:15s} {st}")
        for ms, t, parts in sorted(clicks, key=lambda c: -c[0])[:args.slowest]:
            print(f"   {ms:6.1f} {t:10s} " + " ".join(f"{k} {v:.1f}" for k, v in parts.items()))
    for g in args.games.split(","):
        if (g, "old") in res and (g, "new") in res:
            print(f"\n{g}: {paired(res[(g, 'old')], res[(g, 'new')])}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({f"{g} {n}": c for (g, n), c in res.items()}, fh)


if __name__ == "__main__":
    main()
