"""Copy Pyodide's standard library zip without the modules a game page never runs (issue 14:
first visit under 7 MB gzip; 0.36 MB less). Run by scripts/build.sh when vendoring Pyodide.

    python3 scripts/trim_stdlib.py SRC_ZIP DST_ZIP

Left out: developer tools and what cannot work in a browser tab: the REPL (_pyrepl), the
debugger, pydoc, doctest, unittest, multiprocessing, the WSGI and XML-RPC servers, and sqlite3
(whose C module Pyodide does not ship in its core). The stdlib imports them only from inside the
functions that need them (help(), the REPL, process pools, `python -m` entry points), none of which
the game calls; the browser tests boot and play every game on this trimmed library.
"""
from __future__ import annotations

import os
import sys
import zipfile

LEFT_OUT = ("_pyrepl/", "multiprocessing/", "unittest/", "wsgiref/", "xmlrpc/", "sqlite3/",
            "pdb.py", "doctest.py", "pydoc.py", "pydoc_data/")


def main(src: str, dst: str) -> None:
    kept = dropped = 0
    tmp = dst + ".tmp"  # then renamed: a hard-linked copy of the old file is left as it was
    with zipfile.ZipFile(src) as zi, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zo:
        for info in zi.infolist():
            if info.filename.startswith(LEFT_OUT):
                dropped += 1
                continue
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            zo.writestr(entry, zi.read(info.filename), zipfile.ZIP_DEFLATED, compresslevel=9)
            kept += 1
    os.replace(tmp, dst)
    print(f"[trim_stdlib] {dst}: {kept} files kept, {dropped} left out", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:3])
