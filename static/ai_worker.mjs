// The computer opponent's thinking, off the page's main thread (issue 46 item 4). A module worker
// with a Python of its own: Pyodide, started from the memory snapshot when the browser has one
// (static/python_snapshot.mjs), and the same game wheel as the page. It is handed one decision at a
// time as JSON (game/ai/remote.py `request`: the computer side's view, its legal actions, a
// position whose hidden part is already dealt again) and answers with the index of the action
// chosen; the page keeps the match and applies the action through the engine (game/ui/computer.py).
// Messages: in {id, req} (req a JSON string), out {ready, ms} once, then {id, answer, ms} or
// {id, error}; {failed} if Python or the game could not start.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { readSnapshot } from "./python_snapshot.mjs";

// pyscript.toml's [files] wheel (tests/test_ai_worker_files.py keeps the two the same)
const WHEEL = "../dist/vietnam_wargames-0.1.0-py3-none-any.whl";
const HOME = "/home/pyodide/vw";

const t0 = performance.now();
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;

async function start() {
  const wheel = fetch(new URL(WHEEL, import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`wheel: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {});
  let py = null, snapshot = "none";
  const bytes = await readSnapshot();
  if (bytes) {
    try {
      py = await loadPyodide({ indexURL, _loadSnapshot: bytes });
      snapshot = "used";
    } catch (err) {
      console.warn("ai worker: python snapshot refused", err);
    }
  }
  py ??= await loadPyodide({ indexURL });
  py.unpackArchive(await wheel, "zip", { extractDir: HOME });
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(HOME)})\n` +
    "import json\nfrom game.ai import remote\nfrom game.rules import get as _get\n" +
    "def _vw_decide(text):\n    req = json.loads(text)\n    return json.dumps(remote.decide(req, _get(req['game'])))\n");
  return { decide: py.globals.get("_vw_decide"), snapshot };
}

const ready = start();
ready.then(({ snapshot }) => postMessage({ ready: true, ms: performance.now() - t0, snapshot }),
  (err) => postMessage({ failed: String(err) }));

onmessage = async ({ data }) => {
  let py;
  try {
    py = await ready;
  } catch (err) {
    postMessage({ id: data.id, error: String(err) });
    return;
  }
  const t = performance.now();
  try {
    const answer = py.decide(data.req);
    postMessage({ id: data.id, answer, ms: performance.now() - t });
  } catch (err) {
    postMessage({ id: data.id, error: String(err) });
  }
};
