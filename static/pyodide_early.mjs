// Pyodide, started as soon as the page is parsed (issue 14, boot). pyscript.toml names this
// module as PyScript's interpreter; index.html also loads it before PyScript's core, so Pyodide's
// start (wasm compile, Python's own start) runs while PyScript is still reading its config and
// loading its plugins, instead of after them. ES modules are loaded once per URL: PyScript's
// loadPyodide() below receives the interpreter already on its way.
// From the second visit on, Python starts from a memory snapshot (static/python_snapshot.mjs).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";
import { dropSnapshot, readSnapshot } from "./python_snapshot.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;

// A first visit (no service worker controls the page yet: nothing is cached, so there is no
// snapshot either) starts Pyodide at once, without waiting for a Cache Storage lookup (70-180 ms
// measured cold). A later visit looks for the snapshot while Pyodide's own start already runs:
// loadPyodide fetches the wasm and imports pyodide.asm.mjs before it awaits _loadSnapshot.
async function start() {
  globalThis.__vw_early_eval = performance.now();
  if (globalThis.navigator?.serviceWorker?.controller) {
    const snapshot = readSnapshot().then((bytes) => {
      globalThis.__vw_snapshot_read = performance.now();
      return bytes ?? Promise.reject(new Error("no snapshot"));
    });
    snapshot.catch(() => {});  // rejected before Pyodide awaits it: not an "unhandled rejection"
    try {
      const py = await pyodide.loadPyodide({ indexURL, _loadSnapshot: snapshot });
      // The snapshot froze the state of the random module's global generator: without a new seed
      // every visit would deal the same "random" seeds on the start screen (game/ui/startscreen.py).
      py.runPython("import random as _r; _r.seed(); del _r");
      globalThis.__vw_python_snapshot = "used";
      return py;
    } catch (err) {  // none yet, another build's, or damaged: start from scratch and make a new one
      if (String(err).includes("no snapshot")) globalThis.__vw_python_snapshot = "none";
      else { console.warn("python snapshot refused:", err); await dropSnapshot(); }
    }
  }
  const py = await pyodide.loadPyodide({ indexURL });
  globalThis.__vw_python_snapshot ??= "none";
  whenPlayerPauses(makeSnapshot);
  return py;
}

// Made while the player reads or thinks: the game's first screen is up (body[data-ready]), no
// click, key or wheel for PAUSE_MS, the page visible. The worker's Python takes a core for about
// two seconds; then it competes neither with the boot nor with a run of clicks.
const PAUSE_MS = 3000;
function whenPlayerPauses(fn) {
  let last = performance.now();
  const input = () => { last = performance.now(); };
  for (const ev of ["pointerdown", "keydown", "wheel"]) addEventListener(ev, input, { capture: true, passive: true });
  const check = () => {
    const ready = document.body?.dataset.ready === "1";
    if (!ready || document.visibilityState !== "visible" || performance.now() - last < PAUSE_MS) {
      return setTimeout(check, 1000);
    }
    for (const ev of ["pointerdown", "keydown", "wheel"]) removeEventListener(ev, input, { capture: true });
    fn();
  };
  setTimeout(check, PAUSE_MS);
}

async function makeSnapshot() {
  if (!globalThis.caches || !globalThis.Worker) return;
  if (await readSnapshot()) return;  // made meanwhile by another tab
  try {
    const worker = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
    globalThis.__vw_python_snapshot = "making";
    worker.onmessage = ({ data }) => {
      globalThis.__vw_python_snapshot = data.stored ? "made" : "failed";
      if (data.error) console.warn("python snapshot not made:", data.error);
      worker.terminate();
    };
    worker.onerror = (ev) => { globalThis.__vw_python_snapshot = "failed"; console.warn("python snapshot worker:", ev.message); };
  } catch (err) {
    console.warn("python snapshot worker not started:", err);
  }
}

const early = start().then((py) => {
  globalThis.__vw_pyodide_ready = performance.now();  // scripts/bench/bench_boot.py splits the boot here
  return py;
});

export async function loadPyodide(options = {}) {
  // PyScript passes its stdout/stderr (and packages, which the game does not use: pyscript.toml)
  if (options.packages || options.lockFileContents || options.lockFileURL) {
    throw new Error("pyodide_early.mjs: packages are not supported (the interpreter starts before the config is read)");
  }
  const py = await early;
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}
