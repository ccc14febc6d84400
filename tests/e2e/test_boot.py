from tests.e2e.conftest import wait_ready


def test_boot(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    assert page.locator("#prompt").inner_text().strip() != ""
    assert page.page_errors == []
    assert page.outside_requests == []
