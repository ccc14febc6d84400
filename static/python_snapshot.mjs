// A memory snapshot of a started Python, kept in the browser's Cache Storage (issue 14, boot).
// Starting Python is most of Pyodide's start (measured: 1.9 s of a 2.2 s warm boot on a 2-core
// machine); restoring a snapshot of the memory of a Python that has already started takes
// about 0.3 s. The snapshot is made once, in a worker, after the first visit's game is ready
// (static/snapshot_worker.mjs), and used from the next visit on (static/pyodide_early.mjs).
// It holds only Python and standard-library modules, never the game's: a new version of the
// game does not make it stale; a new Pyodide does (the key names Pyodide's version, and
// Pyodide refuses a snapshot from another build).
import { version } from "./vendor/pyodide/pyodide.mjs";

const CACHE = "vw-python-snapshot";
// Bump when the worker's preloaded modules change, so snapshots made by older pages are dropped.
const FORMAT = 1;
const KEY = new URL(`./vendor/pyodide/python-${version}-${FORMAT}.snapshot`, import.meta.url).href;

async function cache() {
  // No Cache Storage (file://, the single-file build; some private modes): no snapshot.
  return globalThis.caches ? caches.open(CACHE) : null;
}

export async function readSnapshot() {
  try {
    const c = await cache();
    const hit = c && await c.match(KEY);
    const bytes = hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    if (bytes && !plausible(bytes)) {
      console.warn("python snapshot: damaged, dropped");
      await c.delete(KEY);
      return null;
    }
    return bytes;
  } catch (err) {
    console.warn("python snapshot: not read", err);
    return null;
  }
}

// Pyodide 314's layout (pyodide.asm.mjs, API.makeSnapshot): a 48-byte header (magic, offset of
// the memory, length of a JSON part, build id), then the wasm memory, whole 64 KiB pages.
// Pyodide checks the magic and build id too, but only after instantiating the wasm with a memory
// as large as the snapshot (a damaged one then fails and the page starts from scratch: tested
// with 1 KB and 4 MB of garbage): checked here first, so that it costs nothing.
const MAGIC = 1886286592;
function plausible(bytes) {
  if (bytes.byteLength < 65536 + 48 || bytes.byteOffset % 4) return false;
  const [magic, offset, json] = new Uint32Array(bytes.buffer, bytes.byteOffset, 3);
  return magic === MAGIC && offset >= 48 && offset % 16 === 0 && json <= offset - 48
    && (bytes.byteLength - offset) % 65536 === 0;
}

export async function storeSnapshot(bytes) {
  const c = await cache();
  if (!c) return false;
  await c.put(KEY, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
  for (const req of await c.keys()) if (req.url !== KEY) await c.delete(req);  // older versions
  return true;
}

export async function dropSnapshot() {
  try {
    const c = await cache();
    if (c) await c.delete(KEY);
  } catch (err) {
    console.warn("python snapshot: not dropped", err);
  }
}
