"""The platform in a real browser: nothing the Content-Security-Policy blocks, htmx configured
from the page, the failure notice, the language switcher by tap, and the offline start."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]


def _watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on(
        "console",
        lambda message: problems.append(message.text)
        if message.type in ("error", "warning") and "404" not in message.text
        else None,
    )
    return problems


def test_pages_load_without_csp_violations_or_script_errors(page: Any) -> None:
    problems = _watch(page)
    for url in ("/", "/offline", "/no-such-page"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
    assert page.evaluate("typeof htmx") == "object"
    assert problems == []


def test_htmx_takes_its_configuration_from_the_page(page: Any) -> None:
    page.goto("/offline")
    meta = json.loads(page.get_attribute('meta[name="htmx-config"]', "content"))
    config = page.evaluate(
        "({responseHandling: htmx.config.responseHandling, allowEval: htmx.config.allowEval,"
        " includeIndicatorStyles: htmx.config.includeIndicatorStyles})"
    )
    assert config["responseHandling"] == meta["responseHandling"]
    assert config["allowEval"] is False and config["includeIndicatorStyles"] is False


def test_a_failed_request_swaps_nothing_and_shows_the_notice(page: Any) -> None:
    page.goto("/offline")
    notice = page.locator("#notice")
    assert notice.is_hidden()
    heading = page.get_by_role("heading", level=1).text_content()
    page.evaluate("htmx.ajax('GET', '/no-such-fragment', {target: '#main'})")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("Something went wrong, try again.")
    assert page.get_by_role("heading", level=1).text_content() == heading


def test_the_language_switcher_by_tap_comes_back_to_the_page(page: Any) -> None:
    page.goto("/offline?from=switcher")
    with page.expect_navigation():
        page.get_by_role("button", name="FR Français").tap()
    assert page.url.endswith("/offline?from=switcher")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.get_by_role("button", name="FR Français").get_attribute("aria-current") == "true"
    with page.expect_navigation():
        page.get_by_role("button", name="EN English").tap()
    assert page.get_attribute("html", "lang") == "en"


def test_the_installed_app_starts_offline(page: Any) -> None:
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.goto("/g/any-game")
        assert page.get_by_role("heading", level=1).text_content() == "No connection"
        assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    finally:
        page.context.set_offline(False)
    # Pages always come from the server once it is back: never a cached game page.
    page.goto("/no-such-page")
    assert page.get_by_role("heading", level=1).text_content() == "Page not found"
