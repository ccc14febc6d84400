// The loading screen's steps while the engine boots (issue 13 item 6), driven by what happens:
//   download  from the page's start until the Python runtime (pyodide.asm.wasm and the stdlib) has arrived
//             (Resource Timing), or PyScript reports the interpreter loaded;
//   start     until PyScript starts unpacking our files ("py:progress" events: "Loading files");
//   files     until boot.py runs;
//   rules     boot.py imports the game (static/boot.py calls __vw_loading.step("rules"));
//   map       the app fetches the maps and draws the start screen (game/ui/app.py boot()).
// The app removes #loading when ready. JavaScript because Python is not running yet.
(() => {
  "use strict";
  const STEPS = ["download", "start", "files", "rules", "map"];
  const seen = [];
  const t0 = performance.now();
  let at = -1;
  let bytes = 0;
  let wasmAndLib = 0; // both halves of the runtime received

  const box = () => document.getElementById("loading");

  function step(name) {
    const i = STEPS.indexOf(name);
    if (i <= at) return; // steps only go forward
    at = i;
    seen.push([name, Math.round(performance.now() - t0)]);
    show();
  }
  function show() { // the current step on the screen (the box is parsed after this script runs)
    const el = box();
    if (!el || at < 0) return;
    el.dataset.step = STEPS[at];
    el.querySelectorAll("li[data-step]").forEach((li, k) => {
      li.className = k < at ? "done" : k === at ? "now" : "";
    });
    const bar = el.querySelector("progress");
    if (bar) bar.value = at + 0.5;
  }
  window.__vw_loading = { step, seen };

  function tick() {
    const el = box();
    if (!el) return; // ready: the app removed it
    const t = el.querySelector("#loading-time");
    if (t) {
      const mb = bytes > 0 ? ` · ${(bytes / 1e6).toFixed(1)} MB received` : "";
      t.textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s${mb}`;
    }
    setTimeout(tick, 200);
  }

  if (typeof PerformanceObserver === "function") {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bytes += e.encodedBodySize || 0;
        if (/pyodide\.asm\.wasm$|python_stdlib\.zip$/.test(e.name) && ++wasmAndLib >= 2) step("start");
      }
    }).observe({ type: "resource", buffered: true });
  }
  addEventListener("py:progress", (e) => {
    const d = String(e.detail || "");
    if (/^Loaded (Pyodide|interpreter)/.test(d)) step("start"); // "Loading Storage" comes before the download
    else if (d === "Loading files") step("files");
  });

  // the download starts with the page (index.html preloads the runtime): the first step from now
  step("download");
  const begin = () => { show(); tick(); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
