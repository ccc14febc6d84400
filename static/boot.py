# The page's one script (index.html). The time Python starts running it is kept for
# scripts/bench/bench_boot.py: navigation -> here is the runtime's share of the boot, here -> ready ours.
from js import performance, window

window.__vw_boot_py = performance.now()
if hasattr(window, "__vw_loading"):  # the loading screen's steps (static/loading.js)
    window.__vw_loading.step("rules")

from game.ui.app import start  # noqa: E402

start()
