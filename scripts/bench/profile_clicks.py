"""Where a click's Python time goes in the page (issue 14): cProfile around the app's click handler
(Input.clocked) over a whole-game click-through, printed with pstats.

    .venv/bin/python scripts/bench/profile_clicks.py [--game ft|mf] [--sort tottime] [--top 45] [--callees REGEX] [--callers REGEX]

Plays the games of bench_clicks.py (First Team seed 5, Mike Force "early" seed 2024, the whole-game
tests' random policies) with every click handler profiled, then prints the top functions and, with
--callees, what the functions matching REGEX called (--callers: what called them). Caveats: the
profiler makes small calls look dearer than they are, and a call into the page (a JsProxy method:
setAttribute, vwMorph...) is not a function to it, so its time shows as its caller's own time. For
times without the profiler, use bench_clicks.py's parts. The tree must be built (bash scripts/build.sh).
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.bench.click_through import game_page, play  # noqa: E402
from tests.e2e.conftest import start_server  # noqa: E402

PY = """async (code) => {
  const m = await import('/static/pyodide_early.mjs');
  const py = await m.loadPyodide();
  return py.runPython(code);
}"""

INSTALL = """
import cProfile
from game.ui import app as A
a = A._app
A._vw_prof = cProfile.Profile()
def _profiled(handler, e, _run=a.input.clocked):
    A._vw_prof.enable()
    try:
        _run(handler, e)
    finally:
        A._vw_prof.disable()
a.input.clocked = _profiled
"""

REPORT = """
import io, pstats
from game.ui import app as A
out = io.StringIO()
st = pstats.Stats(A._vw_prof, stream=out)
st.sort_stats({sort!r}).print_stats({top})
if {callees!r}:
    st.sort_stats("cumulative").print_callees({callees!r})
if {callers!r}:
    st.sort_stats("tottime").print_callers({callers!r})
out.getvalue()
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=("ft", "mf"), default="ft")
    ap.add_argument("--sort", default="tottime", help="a pstats sort key (tottime, cumulative, ncalls...)")
    ap.add_argument("--top", type=int, default=45)
    ap.add_argument("--callees", default="", help="also print what the functions matching this regex called")
    ap.add_argument("--callers", default="", help="also print what called the functions matching this regex")
    a = ap.parse_args()
    proc, url = start_server(str(ROOT))
    try:
        with sync_playwright() as pw:
            browser, page = game_page(pw, url, a.game)
            page.evaluate(PY, INSTALL)
            play(page, a.game)
            print(page.evaluate(PY, REPORT.format(sort=a.sort, top=a.top, callees=a.callees, callers=a.callers)))
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
