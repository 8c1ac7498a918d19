"""Offline, the page shows the round the taps reached, not the server's last one: the undo
button names the newest tap waiting (which it takes back), and a round's tricks drawn on the
phone show one player at a time under tiles in that round's bidding order.

A 390×844 touch phone, tapped with ``page.touchscreen.tap``; offline is Playwright's
``context.set_offline()``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game, play_round
from test_offline import all_sent, game_json
from test_offline_to_the_end import NAMES, Finger, banner

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]


def undo(page: Page, name: str) -> object:
    return page.get_by_role("button", name=name, exact=True)


def test_undo_names_the_newest_tap_waiting(page: Page, live_server: str,
                                           screenshot_dir: Path) -> None:
    game = new_game(live_server, "oh-hell", NAMES)
    game.write("bids", bids=[0, 0, 0, 0])  # round 1's bids stored: "Take back the last bid"
    game.keep_on(page)
    expect(undo(page, "Take back the last bid")).to_be_visible()
    finger = Finger(page)

    page.context.set_offline(True)
    finger.radio("Ben took 10")  # every trick: the others' 0s filled in
    expect(page.get_by_role("radio", name="Dev took 0", exact=True, include_hidden=True)).to_be_checked()
    finger.button("Save tricks")
    expect(banner(page)).to_contain_text("Round 2 of 19")  # on to round 2 offline
    expect(undo(page, "Undo round 1's tricks")).to_be_visible()
    finger.button("Cleo bids 1")
    expect(undo(page, "Take back the last bid")).to_be_visible()
    page.locator("form.undo").evaluate("(form) => form.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(screenshot_dir / "offline-undo-names-the-waiting-tap.png"))
    finger.tap(undo(page, "Take back the last bid"))  # Cleo's bid, taken back on the phone
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(undo(page, "Undo round 1's tricks")).to_be_visible()
    finger.tap(undo(page, "Undo round 1's tricks"))
    expect(page.get_by_role("button", name="Save tricks")).to_be_visible()  # round 1's tricks again
    expect(undo(page, "Take back the last bid")).to_be_visible()  # the server's words again

    page.context.set_offline(False)
    all_sent(page)
    body = game_json(live_server, page.url)
    assert body["current"]["number"] == 1 and body["current"]["phase"] == "tricks"


def test_the_tricks_tiles_show_the_rounds_own_order(page: Page, live_server: str,
                                                    screenshot_dir: Path) -> None:
    game = new_game(live_server, "oh-hell", NAMES)
    play_round(game)  # round 1 stored; round 2: Ben deals, Cleo bids first, 9 cards
    game.keep_on(page)
    finger = Finger(page)

    page.context.set_offline(True)
    for name, bid in (("Cleo", 2), ("Dev", 2), ("Ana", 1), ("Ben", 3)):
        finger.button(f"{name} bids {bid}")
    # Every bid in: the round's tricks drawn on the phone, one player at a time under tiles.
    tiles = page.locator(".tricks-form .step-tile")
    expect(tiles.first).to_be_visible()
    expect(tiles).to_have_text([re.compile(f"^{name}") for name in ("Cleo", "Dev", "Ana", "Ben")])
    expect(page.locator(".tricks-form .is-shown legend")).to_contain_text("Cleo")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "offline-tricks-tiles-round-order.png"))
    finger.radio("Cleo took 2")
    expect(page.locator(".tricks-form .is-shown legend")).to_contain_text("Dev")  # the next tile's
    page.context.set_offline(False)
    all_sent(page)
