"""Scopa in pairs on a phone, by touch (docs/rules.md, "Scopa"): hands entered on one screen as
the table says them, at most 6 taps a typical hand; a refused hand (no settebello) asked for at
the field with what was tapped kept; a tie at 11 played on, then won. Screenshots: the hand in
French and Italian (``scopa-hand-fr.png``, ``-it.png``)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]
US, THEM = "Ana & Cleo", "Ben & Dev"


def _started(page: Page) -> None:
    created = page.request.post("/api/v1/games", data={"ruleset": "scopa", "players": FOUR})
    assert created.status == 201, created.text()
    page.goto(created.json()["scorekeeper_url"])


def _chip(page: Page, row: str, side: str) -> None:
    page.get_by_role("group", name=row, exact=True).get_by_role(
        "radio", name=side, exact=True).tap()


def _hand(page: Page, number: int, cards: str, coins: str, settebello: str, primiera: str,
          scope: dict[str, int]) -> int:
    """One hand by touch; its taps."""
    taps = 0
    for row, side in (("Most cards", cards), ("Most coins", coins),
                      ("Settebello", settebello), ("Primiera", primiera)):
        _chip(page, row, side)
        taps += 1
    for side, count in scope.items():
        for _ in range(count):
            page.get_by_role("button", name=f"One more for {side}", exact=True).tap()
            taps += 1
    page.get_by_role("button", name=f"Save hand {number}", exact=True).tap()
    return taps + 1


def test_a_game_to_11_with_a_tie_at_the_top_played_on(
        phones: Callable[..., Page], screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    _started(page)
    expect(page.locator("#banner")).to_contain_text("Hand 1")
    for language, switch in (("fr", "FR Français"), ("it", "IT Italiano")):
        page.get_by_role("button", name=switch).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.screenshot(path=str(screenshot_dir / f"scopa-hand-{language}.png"))
    page.get_by_role("button", name="EN English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # The whole hand fits the screen: Save is in view without scrolling.
    expect(page.get_by_role("button", name="Save hand 1", exact=True)).to_be_in_viewport()

    # A hand without the settebello is asked for at its row; the chips tapped stay.
    _chip(page, "Most cards", US)
    _chip(page, "Most coins", "Nobody")
    page.get_by_role("button", name="Save hand 1", exact=True).tap()
    expect(page.get_by_text("Who took the settebello?")).to_be_visible()
    expect(page.get_by_role("group", name="Most cards", exact=True).get_by_role(
        "radio", name=US, exact=True)).to_be_checked()

    # Hand 1: all four and a scopa for Ana & Cleo (5); hand 2: 5 more and a scopa each.
    taps = _hand(page, 1, US, US, US, US, {US: 1})
    assert taps <= 6, taps
    expect(page.locator("#banner")).to_contain_text("Hand 2")
    page.screenshot(path=str(screenshot_dir / "scopa-after-hand-1.png"), full_page=True)
    _hand(page, 2, US, US, US, US, {US: 1, THEM: 1})
    expect(page.locator("#banner")).to_contain_text("Hand 3")
    # Hand 3: Ben & Dev sweep nine times and take the settebello: 10 and 11 against 11 and 11.
    _hand(page, 3, "Nobody", "Nobody", THEM, "Nobody", {US: 1, THEM: 9})
    expect(page.locator(".totals td")).to_have_text(["11", "11"])
    expect(page.locator("#banner")).to_contain_text("Hand 4")  # a tie at the top plays on
    _hand(page, 4, THEM, "Nobody", US, US, {})  # 13 against 12
    expect(page.get_by_text("Ana and Cleo win!")).to_be_visible()
    expect(page.locator(".totals td")).to_have_text(["13", "12"])
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=str(screenshot_dir / "scopa-won.png"), full_page=True)
