"""Waiting for what a test means to see, never for a fixed time: Playwright's ``expect`` for
what the page shows; ``until`` (an ``expect.poll``) for what the page cannot show, such as the
game's version through the API or what Playwright's events have counted."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page

T = TypeVar("T")


def until(page: Page, condition: Callable[[], T], what: str, timeout: float = 5.0) -> T:
    """``condition()`` once it is true, asked every 50 ms up to ``timeout`` seconds (Playwright's
    own 5 s); else the test fails, saying ``what`` never came. Between two asks the page runs
    and its events reach the test (a plain ``time.sleep`` would hold them back)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"never came within {timeout} s: {what}"
        page.wait_for_timeout(50)


def until_page(page: Page, expression: str, what: str, arg: object = None,
               timeout: float = 5.0) -> object:
    """``page.wait_for_function``, asked from the test: the script ``expression`` (a function
    of ``arg``) until it returns a true value. Playwright's own polls its predicate inside the
    page with ``eval``, which the app's Content-Security-Policy refuses: it fails, rather than
    waits, whenever the first look is not yet true."""
    return until(page, lambda: page.evaluate(expression, arg), what, timeout)
