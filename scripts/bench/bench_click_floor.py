"""The browser's floor for a click on the game's page (issue 14): what a click costs when no Python
runs at all, measured with the same clock as game/ui/clicktime.py.

Plays a First Team game (seed 5, the whole-game tests' random policy) for --warm clicks, so the page
holds a mid-game map, panel and log, then clicks a small fixed button outside the panel --n times
per variant, alternating, with Playwright's click as bench_clicks.py does. The button's handler is
JavaScript only (it stops the event before the app sees it) and makes one change:

  none     nothing (a data attribute on the button itself)
  prompt   the panel's prompt text changes (a line of text, same length)
  button   a button appears / disappears at the panel's top (as an action's redraw often does)

For each: input (event -> handler), layout (forced at the handler's end, as the app's clock does),
frame (the frame's callbacks -> the task after it), and their total; median, p95, max in ms.

    .venv/bin/python scripts/bench/bench_click_floor.py [--warm 60] [--n 150]

The tree must be built (bash scripts/build.sh).
"""
import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, wait_ready  # noqa: E402
from tests.e2e.ft_ui import RandomPlayer, start_ft  # noqa: E402

INSTALL = """() => {
  const b = document.createElement('button');
  b.id = 'vw-floor';
  b.textContent = 'floor';
  b.style.cssText = 'position:fixed;left:4px;bottom:4px;z-index:99;width:60px;height:28px';
  document.body.appendChild(b);
  window.__floor = [];
  window.__floorMode = 'none';
  let flip = false;
  const ch = new MessageChannel();
  let pending = null, tFrame = 0;
  ch.port1.onmessage = () => {
    if (!pending) return;
    pending.frame = performance.now() - tFrame;
    window.__floor.push(pending);
    pending = null;
  };
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    const t0 = performance.now();
    const rec = {mode: window.__floorMode, input: t0 - e.timeStamp};
    flip = !flip;
    const mode = window.__floorMode;
    if (mode === 'none') b.dataset.n = String(flip);
    else if (mode === 'prompt') {
      const p = document.getElementById('prompt');
      p.dataset.keep = p.dataset.keep || p.textContent;
      p.textContent = flip ? p.dataset.keep.toUpperCase() : p.dataset.keep;
    } else if (mode === 'button') {
      const head = document.getElementById('panel-head');
      let x = document.getElementById('vw-floor-x');
      if (flip && !x) {
        x = document.createElement('button');
        x.id = 'vw-floor-x';
        x.textContent = 'Extra action';
        head.appendChild(x);
      } else if (x) x.remove();
    }
    const t1 = performance.now();
    document.documentElement.getBoundingClientRect();
    rec.handler = t1 - t0;
    rec.layout = performance.now() - t1;
    requestAnimationFrame(() => { tFrame = performance.now(); ch.port2.postMessage(null); });
    pending = rec;
  }, true);
}"""


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warm", type=int, default=60, help="game clicks before the floor clicks")
    ap.add_argument("--n", type=int, default=150, help="floor clicks per variant")
    a = ap.parse_args()
    srv, url = start_server(str(ROOT))
    modes = ["none", "prompt", "button"]
    try:
        with sync_playwright() as p:
            br = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = br.new_page(viewport={"width": 1440, "height": 900})
            page.goto(url)
            wait_ready(page)
            start_ft(page, None, seed=5)
            player = RandomPlayer(5)
            for _ in range(a.warm):
                if page.get_attribute("body", "data-over") == "1":
                    break
                player.step(page)
            page.evaluate(INSTALL)
            for i in range(a.n * len(modes)):
                mode = modes[i % len(modes)]
                page.evaluate(f"window.__floorMode = {mode!r}")
                before = page.evaluate("window.__floor.length")
                page.click("#vw-floor")
                page.wait_for_function(f"window.__floor.length > {before}")
            recs = page.evaluate("window.__floor")
            br.close()
    finally:
        srv.kill()
    print(f"First Team mid-game (after {a.warm} clicks), {a.n} clicks per variant, ms:")
    for mode in modes:
        rs = [r for r in recs if r["mode"] == mode]
        tot = [r["input"] + r["handler"] + r["layout"] + r["frame"] for r in rs]
        parts = " ".join(f"{k} {statistics.mean(r[k] for r in rs):.2f}" for k in ("input", "handler", "layout", "frame"))
        print(f"  {mode:7s} total median {statistics.median(tot):5.1f}  p95 {pct(tot, .95):5.1f}  "
              f"max {max(tot):5.1f}   mean parts: {parts}")


if __name__ == "__main__":
    main()
