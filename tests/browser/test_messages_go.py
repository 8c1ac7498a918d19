"""A message belongs to the moment: "Round 1 corrected…" at the top of the page, and a
conflict's red "Someone else just entered…", go when the next entry is made (and the conflict's
when its waiting taps are dropped), never staying for the rest of the game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from set_up_games import new_game, play_round

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
CORRECTED = "Round 1 corrected: the scores after it are counted again."
CONFLICT = "Someone else just entered this round"


def tap(page: Page, target: Locator) -> None:
    """A finger's tap at the middle of ``target``."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def test_a_corrections_message_and_a_conflicts_go_with_the_next_entry(
        page: Page, phones: Any, live_server: str) -> None:
    game = new_game(live_server, "oh-hell", NAMES, dealer=0)
    play_round(game)  # round 1 scored; round 2's bids to come
    game.keep_on(page)
    page.goto(f"/g/{game.id}/rounds/1")
    tap(page, button(page, "Save round 1"))
    page.wait_for_url(f"**/g/{game.id}")
    said = page.get_by_text(CORRECTED)
    expect(said).to_be_visible()
    first = page.locator(".bid-order li").first.locator(".who").inner_text()
    tap(page, button(page, f"{first} bids 0"))
    expect(said).to_have_count(0)  # gone with the next entry
    expect(page.locator(".bid-order li").nth(1)).to_contain_text("to bid")

    # Another phone keeping score moves the game on while this one's tap waits offline.
    second = phones(has_touch=True)
    second.goto(game.keep_url)
    page.context.set_offline(True)
    nxt = page.locator(".bid-order li").nth(1).locator(".who").inner_text()
    tap(page, button(page, f"{nxt} bids 1"))
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    # The page draws a tap before the server has it (offline.js): wait for the answer, or
    # this phone's queued tap may reach the server first and be the one that stands.
    with second.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/bid")):
        tap(second, button(second, f"{nxt} bids 0"))
    expect(second.locator(".bid-order li").nth(2)).to_contain_text("to bid")
    page.context.set_offline(False)
    conflict = page.get_by_text(CONFLICT)
    expect(conflict).to_be_visible()
    tap(page, button(page, "Drop them"))
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_hidden()
    expect(conflict).to_have_count(0)  # the choice is made: the moment has passed
    assert page.locator("main > .flash, .flash.conflict").count() == 0
