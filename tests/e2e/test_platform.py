"""Plumbing checks: Pyodide, micropip and our wheel all come from this server."""
from tests.e2e.conftest import wait_ready

WHEEL_PATH = "/dist/vietnam_wargames-0.1.0-py3-none-any.whl"


def test_wheel_installed_by_micropip_from_relative_url(page, base_url):
    responses = {}
    page.on("response", lambda r: responses.setdefault(r.url.removeprefix(base_url.rstrip("/")), r.status))
    page.goto(base_url)
    wait_ready(page)
    assert responses.get(WHEEL_PATH) == 200, sorted(responses)
    micropip = [u for u in responses if u.startswith("/static/vendor/pyodide/micropip-")]
    assert micropip and all(responses[u] == 200 for u in micropip), sorted(responses)
    assert responses.get("/static/vendor/pyodide/pyodide.asm.wasm") == 200
