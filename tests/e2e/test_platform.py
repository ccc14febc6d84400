"""Plumbing checks: Pyodide and our wheel come from this server; the wheel is unpacked by
PyScript's [files] (pyscript.toml), so micropip is never fetched (issue 14: boot)."""
from tests.e2e.conftest import wait_ready

WHEEL_PATH = "/dist/vietnam_wargames-0.1.0-py3-none-any.whl"


def test_wheel_unpacked_from_relative_url_without_micropip(page, base_url):
    responses = {}
    page.on("response", lambda r: responses.setdefault(r.url.removeprefix(base_url.rstrip("/")), r.status))
    page.goto(base_url)
    wait_ready(page)
    assert responses.get(WHEEL_PATH) == 200, sorted(responses)
    assert not [u for u in responses if "micropip" in u], sorted(responses)
    assert responses.get("/static/vendor/pyodide/pyodide.asm.wasm") == 200


def test_preloads_are_fetched_once_and_used(page, base_url):
    """index.html preloads the runtime and our wheel (issue 14, boot). Each must be a file the game
    loads (the service worker's list, scripts/gen_sw.py) and be fetched once: a preload whose mode
    differs from the real fetch is downloaded twice. (Chromium's "preloaded but not used" warning
    is not asserted: on a loaded machine Pyodide starts more than its 3 s after the load event.)"""
    import re
    import sys
    from pathlib import Path
    repo = Path(__file__).resolve().parents[2]
    html = (repo / "index.html").read_text()
    preloads = [h.removeprefix(".") for h in re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)]
    assert len(preloads) >= 5, preloads
    sys.path.insert(0, str(repo / "scripts"))
    from gen_sw import asset_list
    loaded = {"/" + f for f in asset_list(repo)}
    assert [u for u in preloads if u not in loaded] == []
    counts = {}

    def seen(request):
        url = request.url.removeprefix(base_url.rstrip("/"))
        counts[url] = counts.get(url, 0) + 1
    page.on("request", seen)
    page.goto(base_url)
    wait_ready(page)
    assert {u: counts.get(u, 0) for u in preloads} == {u: 1 for u in preloads}
