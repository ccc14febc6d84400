"""The computer opponent in the browser (issue 12): its decision times and how long input waits
while it thinks, over whole games in headless Chromium (Starlite unless --scenario says another).

Run after scripts/build.sh, with the project venv (on this shared machine: under nice):
    nice -n 5 .venv/bin/python scripts/bench/bench_ai_browser.py [--games 4] [--seed 1] [--level standard]
        [--scenario silver-bayonet] [--pace normal]

Each game: a new game from the start screen with the computer on one side (US in even
games, NLF in odd ones: both sides in turn), pace "instant" unless --pace says another;
the other side is played by clicks on the panel's [data-action] buttons (a random legal action,
operations and attacks preferred, as the e2e test's player). While the computer thinks
(body[data-thinking="1"]) the script sends real input through the browser's input pipeline
(Playwright: CDP) at random moments: a key press (Shift: bound to nothing) or a mouse click on the
header's scenario name (inert).

Figures (p50 / p95 / max, ms):
  decision    the computer's thinking per decision with more than one legal action, without the
              yields to the browser (window.__vw_ai_times, what the simulator's ai_ms measures)
  input       event.timeStamp (when the browser received the input) -> a capture listener on
              window runs (the page's own click / keydown handlers run in the same task)
  frame gap   the time between two animation frames while the computer has the turn (what a click
              changes is painted at the next frame)
  longtask    main-thread tasks over 50 ms while the computer had the turn (PerformanceObserver
              "longtask"; a stretch between two yields is one task)
  decision wall  the same with the yields to the browser (what a player waits)
  first shown    the player's last click before the computer takes the turn (its event.timeStamp)
              -> the frame after the page's first redraw of the computer's first action (issue 46:
              what a player waits for the computer to answer, thinking, pace and drawing)
  slice       the computer driver's stretches between two yields (window.__vw_ai_slices): the
              longest one of each decision (thinking), and per action it plays the engine's apply,
              the redraw and the autosave (yields between them)
  tasks       with --trace: every main-thread task of the page while the computer had the turn,
              its wall time and its thread CPU time (on a loaded machine a task's wall time includes
              the time the OS gave the core to other processes; its CPU time is the page's own work)
Print `uptime` beside them: on a shared 2-core machine the wall clock includes waiting.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench_boot import ARGS, CHROMIUM, serve  # noqa: E402

from tests.e2e.mf_ui import click_action, open_advanced, panel_actions  # noqa: E402

try:  # an older tree (before issue 46) has no "strong"
    from game.ai.agent import LEVELS  # noqa: E402
except ImportError:
    LEVELS = ("novice", "standard")

GAME = "vietnam-1965-1975"

# installed before the page's own scripts: input delay, long tasks, when the computer had the turn
PROBE_JS = """
(() => {
  const P = window.__probe = {input: [], longtask: [], thinking: [], frames: [], t0: null, first: []};
  let click = null, waiting = false;  // the player's last click; the computer's first action not yet shown
  let last = null;  // gaps between frames (requestAnimationFrame) while the computer has the turn
  const frame = t => {
    const on = document.body && document.body.dataset.thinking === '1';
    if (on && last !== null) P.frames.push(t - last);
    last = on ? t : null;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const rec = e => {
    const th = document.body && document.body.dataset.thinking === '1' ? 1 : 0;
    P.input.push([e.type, performance.now() - e.timeStamp, th]);
    if (!th && e.type === 'pointerdown') click = e.timeStamp;
  };
  addEventListener('keydown', rec, true);
  addEventListener('pointerdown', rec, true);
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) P.longtask.push([e.startTime, e.duration]); })
      .observe({type: 'longtask', buffered: true});
  } catch (e) {}
  const watch = () => {
    new MutationObserver(() => {
      const on = document.body.dataset.thinking === '1';
      if (on && P.t0 === null) { P.t0 = performance.now(); performance.mark('vw-think-on'); waiting = click !== null; }
      if (!on && P.t0 !== null) {
        P.thinking.push([P.t0, performance.now()]); P.t0 = null; performance.mark('vw-think-off');
      }
    }).observe(document.body, {attributes: true, attributeFilter: ['data-thinking']});
    new MutationObserver(() => {  // a redraw while the computer has the turn: its action is on the screen
      if (!waiting || document.body.dataset.thinking !== '1') return;
      waiting = false;
      const c = click;
      requestAnimationFrame(t => P.first.push(t - c));
    }).observe(document.body, {attributes: true, attributeFilter: ['data-rev']});
  };
  if (document.body) watch(); else addEventListener('DOMContentLoaded', watch);
})();
"""

HUMAN_TURN = """() => document.body.dataset.over === '1' ||
    (document.body.dataset.thinking !== '1' && !!document.querySelector('#actions [data-action], #main-acts [data-action]'))"""


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")


def summary(xs):
    if not xs:
        return "n=0"
    return (f"n={len(xs):4d}  p50 {statistics.median(xs):7.1f}  p95 {pct(xs, 0.95):7.1f}  "
            f"max {max(xs):7.1f}")


WORKER_SETTLED = """() => ['ready', 'failed', 'none'].includes(JSON.parse(window.__vw_ai_worker).state)"""


def start(page, url, seed, ai_role, level, wait_worker=False, scenario="starlite", pace="instant"):
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    page.wait_for_selector("#start-screen:not([hidden])")
    page.click(f'input[data-game="{GAME}"]')
    page.check(f'input[data-scenario="{scenario}"]')
    page.select_option(f'select[data-player="{ai_role}"]', f"ai:{level}")
    if wait_worker and page.evaluate("'__vw_ai_worker' in window"):  # (a tree with the worker)
        page.wait_for_function(WORKER_SETTLED, timeout=120_000)  # a player reading the briefing
    page.select_option("#ai-pace", pace)
    open_advanced(page)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    if page.locator("#confirm-dlg:not([hidden])").count():
        page.click("#confirm-yes")
    page.wait_for_selector('body[data-screen="game"]', state="attached")


def probe(page, rnd):
    """One input event at a random moment while the computer has the turn."""
    time.sleep(rnd.uniform(0.0, 0.12))
    if page.get_attribute("body", "data-thinking") != "1":
        return
    if rnd.random() < 0.5:
        page.keyboard.press("Shift")
    else:
        box = page.locator("#scn-name").bounding_box()
        if box:
            page.mouse.click(box["x"] + 3, box["y"] + box["height"] / 2)


def task_cpu(trace):
    """From a Chromium trace: the page's main-thread tasks that ran while the computer had the turn
    (between the vw-think-on / vw-think-off marks), as (wall ms, thread CPU ms)."""
    ev = json.loads(trace)
    ev = ev["traceEvents"] if isinstance(ev, dict) else ev
    main = {(e["pid"], e["tid"]) for e in ev
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    marks = sorted((e["ts"], e["name"], (e["pid"], e["tid"])) for e in ev
                   if e.get("name") in ("vw-think-on", "vw-think-off") and e.get("ph") in ("R", "I", "n", "b", "e"))
    spans, on = [], None
    for ts, name, thr in marks:
        if name == "vw-think-on":
            on = (ts, thr)
        elif on:
            spans.append((on[0], ts, on[1]))
            on = None
    out, span_ms = [], sum(b - a for a, b, _ in spans) / 1000
    for e in ev:
        if e.get("ph") != "X" or "dur" not in e or (e["pid"], e["tid"]) not in main:
            continue
        if e.get("name") not in ("ThreadControllerImpl::RunTask", "RunTask"):
            continue
        if any(thr == (e["pid"], e["tid"]) and a <= e["ts"] <= b for a, b, thr in spans):
            out.append((e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000))
    return out, span_ms


def play_game(page, url, seed, ai_role, level, rnd, max_clicks=400, tracing=None, wait_worker=False,
              scenario="starlite", pace="instant"):
    if tracing:
        tracing.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
    t_start = time.perf_counter()
    fetched = []  # what the page and its workers fetched once the game was under way (its requests)
    page.context.on("requestfinished", lambda r: fetched.append(r) if time.perf_counter() - t_start > 0.5 else None)
    start(page, url, seed, ai_role, level, wait_worker, scenario, pace)
    fetched.clear()  # (the boot's own)
    clicks = 0
    while clicks < max_clicks:
        while not page.evaluate(HUMAN_TURN):
            probe(page, rnd)
        if page.get_attribute("body", "data-over") == "1":
            break
        acts = panel_actions(page)
        keep = [a for a in acts if a[1] != "decline"]
        ops = [a for a in acts if a[1] in ("operate", "target", "attack", "go", "support")]
        i = rnd.choice(ops if ops and rnd.random() < 0.7 else keep or acts)[0]
        click_action(page, i)
        clicks += 1
    over = page.get_attribute("body", "data-over") == "1"
    p = page.evaluate("window.__probe")
    times = [float(x) for x in (page.evaluate("window.__vw_ai_times") or "").split(",") if x]
    slices = page.evaluate("window.__vw_ai_slices || null")
    tasks, span_ms = task_cpu(tracing.stop_tracing()) if tracing else ([], 0)
    spans = p["thinking"]
    long_in = [d for s, d in p["longtask"] if any(a - 1 <= s <= b for a, b in spans)]
    worker = json.loads(page.evaluate("window.__vw_ai_worker || 'null'") or "null")
    got = [(r.url.split("/")[-1], bool(r.response() and r.response().from_service_worker)) for r in fetched]
    return {"over": over, "clicks": clicks, "decisions": times, "input": p["input"], "worker": worker,
            "fetched_in_game": got,
            "longtask": long_in, "frames": p["frames"], "first": p["first"], "tasks": tasks, "span_ms": span_ms, "slices": json.loads(slices) if slices else None}


def returning_player(pw, url):
    """A persistent profile that has visited once: the service worker controls the page and the
    Python snapshot is stored (as tests/e2e/conftest.py's returning_player)."""
    import tempfile
    ctx = pw.chromium.launch_persistent_context(tempfile.mkdtemp(prefix="vw-bench-"), executable_path=CHROMIUM,
                                                args=ARGS, viewport={"width": 1440, "height": 900})
    ctx.add_init_script(PROBE_JS)
    first = ctx.pages[0] if ctx.pages else ctx.new_page()
    first.goto(url)
    first.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    first.wait_for_function("globalThis.__vw_python_snapshot === 'made'", timeout=120_000)
    first.goto("about:blank")  # kept open: the profile's last page closing crashed the next (conftest)
    return ctx


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="standard", choices=LEVELS)
    ap.add_argument("--scenario", default="starlite", help="a Vietnam scenario's id (starlite, silver-bayonet, ...)")
    ap.add_argument("--pace", default="instant", choices=("instant", "normal", "slow"),
                    help="the computer's pace (the start screen's: ms between its shown actions)")
    ap.add_argument("--max-clicks", type=int, default=400, help="the player's clicks a game at most")
    ap.add_argument("--trace", action="store_true",
                    help="also record a Chromium trace per game: each main-thread task's thread CPU time "
                         "(what the page itself costs, without the time other processes held the core)")
    ap.add_argument("--json", help="also write every figure to this file")
    ap.add_argument("--warm", action="store_true",
                    help="a returning player: one browser profile for all games, the service worker and the Python "
                         "snapshot in place (so the computer's worker starts from the snapshot)")
    ap.add_argument("--wait-worker", action="store_true",
                    help="on the start screen, wait for the computer's worker to be ready before starting (a tree "
                         "without one: no wait)")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    server, url = serve(False)
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS) if not a.warm else None
            warm = returning_player(pw, url) if a.warm else None
            for g in range(a.games):
                ai_role = "US" if g % 2 == 0 else "NLF"
                ctx = warm or browser.new_context(viewport={"width": 1440, "height": 900})
                if not warm:
                    ctx.add_init_script(PROBE_JS)
                page = ctx.new_page()
                t0 = time.perf_counter()
                r = play_game(page, url, a.seed + g, ai_role, a.level, rnd, max_clicks=a.max_clicks,
                              tracing=browser if a.trace and browser else None, wait_worker=a.wait_worker,
                              scenario=a.scenario, pace=a.pace)
                r.update(ai=ai_role, seed=a.seed + g, seconds=round(time.perf_counter() - t0, 1))
                results.append(r)
                thinking_inputs = [d for _, d, th in r["input"] if th]
                where = {}
                for d in (r["slices"] or {}).get("decisions", []):
                    where[d[7] if len(d) > 7 else "main"] = where.get(d[7] if len(d) > 7 else "main", 0) + 1
                print(f"game {g + 1}: computer {ai_role}, seed {a.seed + g}, over={r['over']}, "
                      f"{r['clicks']} clicks, {r['seconds']} s; decisions {summary(r['decisions'])}; "
                      f"input while thinking {summary(thinking_inputs)}; decided {where}; worker {r['worker']}; "
                      f"fetched during the game: {len(r['fetched_in_game'])} files, "
                      f"{sum(sw for _, sw in r['fetched_in_game'])} of them from the service worker", flush=True)
                page.close() if warm else ctx.close()
            (warm or browser).close()
    finally:
        server.terminate()
    load = os.getloadavg()
    dec = [x for r in results for x in r["decisions"]]
    inp = [d for r in results for _, d, th in r["input"] if th]
    idle = [d for r in results for _, d, th in r["input"] if not th]
    lt = [x for r in results for x in r["longtask"]]
    print(f"\n{len(results)} {a.scenario} games, computer {a.level} (US and NLF in turn), pace {a.pace}; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
    print(f"decision ms          {summary(dec)}")
    print(f"input delay ms       {summary(inp)}   (events sent while the computer had the turn)")
    print(f"input delay idle ms  {summary(idle)}")
    print(f"frame gap ms         {summary([x for r in results for x in r['frames']])}   "
          "(between two frames while the computer had the turn: a click's effect shows at the next)")
    print(f"long tasks ms        {summary(lt)}   (over 50 ms, while the computer had the turn)")
    print(f"first shown ms       {summary([x for r in results for x in r['first']])}   "
          "(the player's last click -> the computer's first action on the screen)")
    tasks = [t for r in results for t in r["tasks"]]
    if tasks:
        long_ = [t for t in tasks if t[0] > 16 or t[1] > 16]
        print(f"tasks wall ms        {summary([w for w, _ in tasks])}   (trace: every main-thread task while the computer had the turn)")
        print(f"tasks cpu ms         {summary([c for _, c in tasks])}   (the same tasks' thread CPU time)")
        print(f"tasks over 16 ms: {len(long_)}; their cpu {summary([c for _, c in long_])}")
        span = sum(r["span_ms"] for r in results)
        print(f"the page's main thread ran {sum(c for _, c in tasks) / span:.0%} of the {span / 1000:.1f} s the "
              f"computer had the turn (the rest: idle, or the core given to other processes)")
    sl = [r["slices"] for r in results if r["slices"]]
    decs = [d for s in sl for d in s.get("decisions", [])]
    if decs:
        print(f"decision wall ms     {summary([d[3] for d in decs])}   (the same decisions with the yields)")
        print(f"slice think ms       {summary([d[4] for d in decs])}   (per decision: its longest stretch between yields)")
    for k, what in (("apply", "the engine applying it"), ("render", "the redraw"), ("save", "the autosave")):
        xs = [x for s in sl for x in s.get(k, [])]
        if xs:
            print(f"slice {k:7s} ms     {summary(xs)}   (per action played: {what})")
    if a.json:
        Path(a.json).write_text(json.dumps({"load": load, "games": results}))
    return 0 if all(r["over"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
