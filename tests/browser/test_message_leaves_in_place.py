"""A message leaves without moving what is under the finger.

After a correction, the game's page says so at its top ("Round 1 corrected…"), above the bid
pad. The first bid takes the message away (it belongs to the moment: test_messages_go.py); the
pad must not move up under the finger with it, or the next tap, aimed at the next player's 1,
lands on another number (a family's "Cleo bids 1" entered 6). A 390×844 touch screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game, play_round
from test_double_tap import DELIBERATE, centre, game_json, under

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
CORRECTED = "Round 1 corrected: the scores after it are counted again."


def bidder(page: Page, nth: int) -> str:
    return page.locator(".bid-order li").nth(nth).locator(".who").inner_text()


def test_the_bid_pad_stays_under_the_finger_when_a_correction_message_goes(
        phones: Any, live_server: str, screenshot_dir: Path) -> None:
    page: Page = phones(has_touch=True, locale="en-GB")
    game = new_game(live_server, "oh-hell", NAMES, dealer=0)
    play_round(game)  # round 1 scored; round 2's bids to come
    game.keep_on(page)
    page.goto(f"{game.url}/rounds/1")
    save = page.get_by_role("button", name="Save round 1", exact=True)
    save.scroll_into_view_if_needed()
    page.touchscreen.tap(*centre(save))
    page.wait_for_url(f"**/g/{game.id}")
    said = page.get_by_text(CORRECTED)
    expect(said).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "pad-jump-message.png"))
    first, second = bidder(page, 0), bidder(page, 1)
    spot = centre(page.get_by_role("button", name=f"{first} bids 1", exact=True))
    pad = page.locator(".bid-pad")
    top = pad.bounding_box()
    version = int(game_json(game)["version"])
    assert under(page, spot) == f"{first} bids 1"

    page.touchscreen.tap(*spot)
    expect(page.locator(".bid-order li").nth(1)).to_contain_text("to bid")
    expect(said).to_have_count(0)  # the message went with the entry
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0, timeout=10_000)
    # The bid pad after the first bid (pad-jump-before.png: the same picture from before the
    # message's space was kept: the pad 91 px higher, the next player's 6 under the finger).
    page.screenshot(path=str(screenshot_dir / "pad-jump-after.png"))
    # What is under the finger is the next player's 1, where the first player's 1 was.
    assert under(page, spot) == f"{second} bids 1"
    assert pad.bounding_box() == top

    # A look at the screen before the next tap: on a quick server the first bid may be saved
    # within the moment a second touch on the same spot is the same tap (double_tap.js).
    page.wait_for_timeout(DELIBERATE)
    page.touchscreen.tap(*spot)
    expect(page.locator(".bid-order li").nth(2)).to_contain_text("to bid")
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0, timeout=10_000)
    body = game_json(game)
    assert body["version"] == version + 2
    bids = body["current"]["bids"]
    assert bids[NAMES.index(first)] == 1 and bids[NAMES.index(second)] == 1
    assert sum(bid is not None for bid in bids) == 2
