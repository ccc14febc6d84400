"""Later visits start Python from a memory snapshot (issue 14, boot: static/pyodide_early.mjs,
static/python_snapshot.mjs, static/snapshot_worker.mjs).

The first visit starts Pyodide from scratch and, once the player pauses, makes the snapshot in a
worker; the next visits start from it and play as before: the start screen deals new seeds (the
snapshot froze the random module, which is seeded again), a game is played and continued after a
reload. A damaged snapshot is dropped and made again, never used.
"""
import pytest

from .conftest import wait_ready
from .mf_ui import log_len, start_game, step
from .test_offline import wait_sw


@pytest.fixture
def page(fresh_page):
    """A first visit (conftest): what these tests look at starts with nothing cached."""
    return fresh_page


STATE = "window.__vw_python_snapshot"


def first_visit(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    wait_sw(page)
    assert page.evaluate(STATE) in ("none", "making", "made")
    # Made while nobody clicks (3 s without input), in a worker.
    page.wait_for_function(f"{STATE} === 'made'", timeout=90_000)


def visit_again(page):
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#start-screen:not([hidden])")
    return page.evaluate(STATE)


def test_second_visit_plays_from_the_snapshot(page, base_url):
    first_visit(page, base_url)
    seeds = []
    for _ in range(2):
        assert visit_again(page) == "used"
        seeds.append(page.input_value("#seed"))
    # A frozen random module would deal the same seed at every visit (1 in a million by chance).
    assert seeds[0] != seeds[1], seeds

    start_game(page, scenario="early", seed=7)
    counters = page.locator("#map [data-unit]")
    assert counters.count() > 0
    assert all(t.strip() for t in counters.all_text_contents()[:10]), "counters drawn without their values"
    for _ in range(8):
        step(page)
    prompt, n = page.text_content("#prompt"), log_len(page)
    assert n > 0

    assert visit_again(page) == "used"
    page.click("#continue")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    assert page.text_content("#prompt") == prompt and log_len(page) == n
    step(page)
    assert log_len(page) >= n


def test_a_damaged_snapshot_is_dropped_and_made_again(page, base_url):
    first_visit(page, base_url)
    # Garbage where the snapshot was: the size of a real one, the wrong header.
    page.evaluate("""async () => {
        const m = await import('./static/python_snapshot.mjs');
        await m.storeSnapshot(new Uint8Array(64 * 65536 + 48).fill(7));
    }""")
    assert visit_again(page) == "none"
    page.wait_for_function(f"{STATE} === 'made'", timeout=90_000)
    assert visit_again(page) == "used"
