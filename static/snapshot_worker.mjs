// Makes the memory snapshot static/python_snapshot.mjs describes, off the page's thread
// (issue 14, boot). Started by static/pyodide_early.mjs when a visit had none, once the game
// is ready and the browser idle. A separate Python because a snapshot can only be made of an
// interpreter started for it (loadPyodide's _makeSnapshot), whose `js` module is wrapped in
// proxies the game's DOM calls cannot use.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { storeSnapshot } from "./python_snapshot.mjs";

// Standard-library modules PyScript and the game import at start (found with sys.modules after
// a boot); importing them here moves their import into the snapshot. Nothing that reaches `js`:
// the snapshot may hold no reference to this worker's JavaScript objects.
const PRELOAD = [
  "asyncio", "base64", "bisect", "copy", "dataclasses", "heapq", "html", "html.entities",
  "inspect", "json", "random", "shutil", "tempfile", "textwrap", "zipfile", "typing", "enum",
  "re", "string", "struct", "math", "itertools", "functools", "collections", "contextlib",
  "weakref", "traceback", "pathlib", "glob", "fnmatch", "logging", "lzma", "bz2",
];

try {
  const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
  const py = await loadPyodide({ indexURL, _makeSnapshot: true });
  py.runPython(PRELOAD.map((m) => `import ${m}`).join("\n"));
  const stored = await storeSnapshot(py.makeMemorySnapshot());
  postMessage({ stored });
} catch (err) {
  postMessage({ stored: false, error: String(err) });
}
