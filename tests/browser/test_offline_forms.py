"""Every entry form keeps its tap when the Wi-Fi drops, not only the bid pad: Oh-Seven's bid
cards and a Seven-Up hand, whose next step only the server can draw, are kept, shown as
waiting, kept across a reload, and sent in order once the connection is back; the page says
the next entry (after a hand: the next hand) waits for it."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from bid_games import Taps, banner, start_game
from playwright.sync_api import Page, expect
from waiting import until_page

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def game_json(base: str, game_url: str) -> Any:
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as response:
        return json.loads(response.read())


def kept_for_an_offline_start(page: Page) -> None:
    """The service worker (localhost is a secure context) answers the next load, and caches it."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    until_page(page, "() => navigator.serviceWorker.controller !== null", "a controlled page")


def all_sent(page: Page) -> None:
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0, timeout=10_000)
    expect(page.locator(".tap-queue")).to_be_hidden()


def test_oh_seven_bid_cards_entered_offline_are_kept_and_sent(page: Page, live_server: str,
                                                              screenshot_dir: Path) -> None:
    url = start_game(page, "oh-seven", NAMES, dealer=0, options=("Pass cards",))
    kept_for_an_offline_start(page)
    taps = Taps(page)
    page.context.set_offline(True)
    for name, card in (("Ben", "3 of spades"), ("Cleo", "2 of hearts"), ("Dev", "4 of diamonds"),
                       ("Ana", "0 of clubs")):
        taps.radio(f"{name} bids {card}")
    taps.button("Reveal")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.locator(".cards-form .waiting-note")).to_have_text("waiting to be sent")
    # Who bid what decides trumps, a forced rebid: only the server can draw the tricks.
    expect(page.get_by_text("The tricks wait for the connection: it says whether these bids stand.")).to_be_visible()
    expect(page.get_by_role("radio", name="Dev bids 4 of diamonds", exact=True, include_hidden=True)).to_be_disabled()
    page.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(screenshot_dir / "offline-waiting-reveal.png"))

    page.reload()
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.get_by_role("radio", name="Dev bids 4 of diamonds", exact=True, include_hidden=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Ben bids 3 of spades", exact=True, include_hidden=True)).to_be_checked()

    page.context.set_offline(False)
    all_sent(page)
    expect(banner(page)).to_contain_text("Trump ♦ diamonds · Dev leads")
    expect(page.get_by_text("The tricks wait for the connection: it says whether these bids stand.")).to_be_hidden()
    game = game_json(live_server, url)
    assert [(bid["value"], bid["suit"]) for bid in game["current"]["bids"]] == [
        (0, "clubs"), (3, "spades"), (2, "hearts"), (4, "diamonds")]
    assert game["version"] == 2  # created at 1, one entry


def test_a_seven_up_hand_entered_offline_is_kept_and_sent(page: Page, live_server: str) -> None:
    page.goto("/new?game=seven-up")
    for number, name in enumerate(["Ana", "Ben"], start=1):
        page.get_by_label(f"Player {number}", exact=True).fill(name)
    page.get_by_role("radio", name="Deals first").first.check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/g/*")
    url = page.url
    kept_for_an_offline_start(page)

    def tap(group: str, choice: str) -> None:
        page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=choice, exact=True).check()

    page.context.set_offline(True)
    tap("Ben stands or begs", "Ben begs, Ana runs the cards")
    page.get_by_role("button", name="Another jack turned").click()
    jacks = page.get_by_label("Jacks turned while running")
    expect(jacks).to_have_value("1")
    tap("High", "Ben")
    tap("Low", "Ana")
    tap("Jack", "Not in play")
    tap("Game", "Ben")
    page.get_by_role("button", name="Save hand 1", exact=True).click()
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.locator(".hand-form .waiting-note")).to_have_text("waiting to be sent")
    # The hand ends the round: the next one needs the engine's answer, said plainly.
    expect(page.get_by_text("The next hand waits for the connection.")).to_be_visible()

    page.reload()  # the page as it was served, the hand drawn again as it was tapped
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(jacks).to_have_value("1")
    expect(page.get_by_role("group", name="High", exact=True).get_by_role(
        "radio", name="Ben", exact=True)).to_be_checked()

    page.context.set_offline(False)
    all_sent(page)
    expect(page.locator("#banner")).to_contain_text("Hand 2 · Ben deals")
    game = game_json(live_server, url)
    assert game["version"] == 2
    assert len(game["rounds"]) == 1
