"""'Download for offline play' in the Saves dialog (issue 13 item 7): the single-file build
(scripts/build_single.py, dist/vietnam-wargames.html), served beside the site by the set-up
command (scripts/serve.sh and scripts/test.sh build it)."""
import asyncio

from .dom import q, window

URL = "./dist/vietnam-wargames.html"
_size = {}  # what the server said about the file: {"mb": float} or {"missing": status}


def show(box):
    """The copy's link, its size once known; in the copy itself (opened from a file) a note."""
    if str(window.location.protocol) == "file:":
        q("#offline-dl").hidden = True
        q("#offline-msg").textContent = ("You are playing the offline copy: keep this file and open it again "
                                        "whenever you like.")
        return
    if not _size:
        asyncio.ensure_future(_ask_size())
    _say()


async def _ask_size():
    try:
        r = await window.fetch(URL, method="HEAD", cache="no-cache")
    except Exception:  # offline and never downloaded: the link says so when clicked
        return
    if r.ok:
        n = r.headers.get("Content-Length")
        _size["mb"] = int(n) / 1e6 if n else None
    else:
        _size["missing"] = int(r.status)
    _say()


def _say():
    if "missing" in _size:
        q("#offline-dl").hidden = True
        q("#offline-msg").textContent = ("This server has no offline copy (dist/vietnam-wargames.html is built by "
                                        "scripts/build_single.sh).")
    elif _size.get("mb"):
        q("#offline-size").textContent = f" ({_size['mb']:.1f} MB)"
