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
