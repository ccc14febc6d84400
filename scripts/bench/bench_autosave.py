"""The autosave's cost in the page, old and new side by side (issue 14): json.dumps of the whole
match (what the autosave wrote before) against game/engine/saves.save_text (the same text, the log's
entries written once), each alone and with the localStorage write, along a First Team game (seed 5,
the whole-game tests' random policy). The autosave runs in the task after the frame that shows a
click: it delays the next click if that comes sooner.

    .venv/bin/python scripts/bench/bench_autosave.py [--at 60,120,180]

Prints, at those clicks and at the game's end: the match's actions, log entries and bytes, and the
median ms of 25 runs of each. The tree must be built (bash scripts/build.sh).
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.bench.click_through import game_page, play  # noqa: E402
from tests.e2e.conftest import start_server  # noqa: E402

TIME_SAVES = """async () => {
  const m = await import('/static/pyodide_early.mjs');
  const py = await m.loadPyodide();
  return py.runPython(`
import json
from js import window
from game.ui import app as A, saves as S
from game.engine import saves as SV
m = A._app.ctl.m
now = window.performance.now
def ms(fn, k=25):
    xs = []
    for _ in range(k):
        t0 = now()
        fn()
        xs.append(now() - t0)
    return sorted(xs)[k // 2]
ls = window.localStorage
dumps = lambda: json.dumps(m, separators=(",", ":"))
out = [len(m["actions"]), len(m["log"]), len(dumps()), ms(dumps), ms(lambda: SV.save_text(m)),
       ms(lambda: ls.setItem("vw:bench", dumps())), ms(lambda: S.autosave(m))]
ls.removeItem("vw:bench")
json.dumps(out)
`);
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--at", default="60,120,180", help="the clicks after which to time the saves")
    at = {int(x) for x in ap.parse_args().at.split(",")}
    proc, url = start_server(str(ROOT))
    print("click  actions  log  bytes | json.dumps  save_text | old autosave  new autosave (ms, with localStorage)")
    try:
        with sync_playwright() as pw:
            b, page = game_page(pw, url, "ft")

            def show(k):
                row = json.loads(page.evaluate(TIME_SAVES))
                print(f"{k:>5}  {row[0]:7d} {row[1]:4d} {row[2]:6d} | {row[3]:10.2f} {row[4]:10.2f} | "
                      f"{row[5]:12.2f} {row[6]:13.2f}", flush=True)
            play(page, "ft", lambda k, _: show(k) if k in at else None)
            show("end")
            b.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
