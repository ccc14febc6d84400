import pytest

from tests.e2e.conftest import after_two_frames, wait_ready


@pytest.fixture
def page(fresh_page):
    """A first visit (conftest): what these tests look at starts with nothing cached."""
    return fresh_page


def test_boot(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    assert page.locator("#prompt").inner_text().strip() != ""
    assert page.page_errors == []
    assert page.outside_requests == []


def test_pyscript_stops_watching_the_page(page, base_url):
    """PyScript's observer of every mutation of the document (its callback cost 0.8 ms of each
    First Team click) is let go once the first screen is up (static/dom.js vwQuietDocument): if
    a new PyScript observes the page another way, this says so. The game still plays after."""
    from tests.e2e.mf_ui import random_step, rev, start_game
    import random
    page.goto(base_url)
    wait_ready(page)
    assert int(page.get_attribute("body", "data-quieted")) >= 1
    assert page.evaluate("String(MutationObserver).includes('[native code]')")
    start_game(page, None, seed=3)
    # a short log, so that it scrolls: its newest line is brought into view in the frame after
    # each redraw (vwScrollNextFrame), as the clicks go on
    page.evaluate("""() => { const s = new CSSStyleSheet(); s.replaceSync('#log { max-height: 60px }');
                             document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }""")
    before = rev(page)
    rng = random.Random(3)
    for _ in range(40):
        random_step(page, rng)
        if page.evaluate("(l => l.scrollHeight > l.clientHeight + 20)(document.querySelector('#log'))"):
            break
    assert rev(page) != before
    after_two_frames(page)
    log = page.evaluate("(l => [l.scrollHeight - l.clientHeight, l.scrollTop])(document.querySelector('#log'))")
    assert log[0] > 20 and log[1] >= log[0] - 1, log
    assert page.page_errors == []
