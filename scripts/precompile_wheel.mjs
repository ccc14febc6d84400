// Turn our wheel into bytecode for the browser's own Python, so the page imports the game without
// compiling it first on every boot (importing both games' rules: 313 ms from source, 60 ms from
// .pyc, measured in this Pyodide under node). The .pyc come from the vendored Pyodide itself (same
// Python, same magic number); sourceless (X.pyc where X.py was) and without docstrings or column
// tables, so the wheel grows by about 110 KB only; the wheel's RECORD is rewritten.
// CPython (tests, simulator) runs the sources from the repository, not this wheel.
// Usage: node scripts/precompile_wheel.mjs <wheel>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";

const wheel = process.argv[2];
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });  // no column tables: smaller .pyc
py.FS.writeFile("/tmp/in.whl", fs.readFileSync(wheel));
const summary = py.runPython(`
import base64, compileall, hashlib, io, os, sys, zipfile

src = zipfile.ZipFile("/tmp/in.whl")
root = "/tmp/wheel"
src.extractall(root)
# sourceless: X.pyc beside where X.py was (loaded by the standard SourcelessFileLoader), no
# docstrings (optimize=2; the game has no assert statements), then the sources are dropped
ok = compileall.compile_dir(root, quiet=1, legacy=True, optimize=2)
if not ok:
    raise SystemExit("compileall failed")
for d, _, names in os.walk(root):
    for n in names:
        if n.endswith(".py"):
            os.remove(os.path.join(d, n))
record = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
files = []
for d, _, names in os.walk(root):
    for n in names:
        files.append(os.path.relpath(os.path.join(d, n), root))
files.sort()
rows = []
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for rel in files:
        if rel == record:
            continue
        data = open(os.path.join(root, rel), "rb").read()
        z.writestr(zipfile.ZipInfo(rel, (2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.append(f"{rel},sha256={digest},{len(data)}")
    rows.append(f"{record},,")
    z.writestr(zipfile.ZipInfo(record, (2026, 1, 1, 0, 0, 0)), "\\n".join(rows) + "\\n", zipfile.ZIP_DEFLATED)
open("/tmp/out.whl", "wb").write(out.getvalue())
npyc = sum(1 for f in files if f.endswith(".pyc"))
f"{npyc} .pyc for Python {sys.version.split()[0]}"
`);
fs.writeFileSync(wheel, py.FS.readFile("/tmp/out.whl"));
console.error(`[build] ${wheel}: ${summary}`);
