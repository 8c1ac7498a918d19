"""Every entry form keeps its tap when the Wi-Fi drops, not only the bid pad: Oh-Seven's bid
cards and a Seven-Up hand are kept, shown as waiting, kept across a reload, and sent in order
once the connection is back. Oh-Seven's cards that stand open the round's tricks offline (the
engine's answers the page carries); where the next step only the server can draw (a forced
rebid, the next round, the next hand) the page says it waits for the connection."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from bid_games import Taps, banner, start_game
from playwright.sync_api import Page, expect
from waiting import until_page

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

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


def test_oh_seven_cards_revealed_offline_open_the_tricks(page: Page, live_server: str,
                                                        screenshot_dir: Path) -> None:
    url = start_game(page, "oh-seven", NAMES, dealer=0, options=("Pass cards",))
    kept_for_an_offline_start(page)
    taps = Taps(page)
    page.context.set_offline(True)
    # 3 + 2 + 4 + 0 = 9, not 7, and one deck: they stand (the engine's answers the page carries).
    for name, card in (("Ben", "3 of spades"), ("Cleo", "2 of hearts"), ("Dev", "4 of diamonds"),
                       ("Ana", "0 of clubs")):
        taps.radio(f"{name} bids {card}")
    taps.button("Reveal")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    # The strongest card, Dev's 4♦, makes diamonds trump and Dev lead, as the server would say.
    expect(banner(page)).to_contain_text("Round 1 of 7 · 7 cards · Ana deals · Trump ♦ diamonds · Dev leads")
    expect(page.locator(".passing")).to_have_count(0)
    tricks = page.locator(".tricks-form")
    expect(tricks.locator("fieldset legend")).to_have_text(
        ["Ben · bid 3♠ spades", "Cleo · bid 2♥ hearts", "Dev · bid 4♦ diamonds", "Ana · bid 0♣ clubs"])
    expect(page.get_by_text("The tricks wait for the connection", exact=False)).to_be_hidden()
    expect(page.get_by_text("The next round waits for the connection.")).to_be_hidden()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "offline-reveal-tricks.png"))

    # The tricks go on offline: the last count filled in, one tap more waiting.
    for name, took in (("Ben", 3), ("Cleo", 2), ("Dev", 2)):
        taps.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ana took 0", exact=True, include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    expect(page.get_by_text("The next round waits for the connection.")).to_be_visible()

    page.reload()  # the service worker's page, the taps drawn on it again
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    expect(banner(page)).to_contain_text("Trump ♦ diamonds · Dev leads")
    expect(page.get_by_role("radio", name="Ben took 3", exact=True, include_hidden=True)).to_be_checked()
    expect(page.get_by_text("The next round waits for the connection.")).to_be_visible()

    page.context.set_offline(False)
    expect(banner(page)).to_contain_text("Round 2 of 7", timeout=15_000)
    all_sent(page)
    game = game_json(live_server, url)
    first = game["rounds"][0]
    assert [(bid["value"], bid["suit"]) for bid in first["bids"]] == [
        (0, "clubs"), (3, "spades"), (2, "hearts"), (4, "diamonds")]
    assert first["tricks"] == [0, 3, 2, 2]
    assert game["version"] == 3  # created at 1, two entries, each stored once
    # An exact bid scores the bid + 2; Dev bid 4 and took 2, 2 short (docs/rules.md section 1).
    assert [p["score"] for p in game["players"]] == [2, 5, 4, -2]


# docs/rules.md section 1, "forced rebid": the values add up to 7 (3 + 2 + 2 + 0); with five
# players, two decks, the high card bid twice (5♠ by Ben and Cleo; 11 in all).
REBIDS = {
    "sum of seven": (NAMES, {"Ben": "3 of spades", "Cleo": "2 of hearts", "Dev": "2 of diamonds",
                             "Ana": "0 of clubs"}),
    "shared high card": (NAMES + ["Emile"], {"Ben": "5 of spades", "Cleo": "5 of spades",
                                             "Dev": "1 of hearts", "Emile": "0 of clubs",
                                             "Ana": "0 of diamonds"}),
}


@pytest.mark.parametrize("cause", REBIDS)
def test_oh_seven_cards_that_force_a_rebid_wait(page: Page, live_server: str, screenshot_dir: Path,
                                                cause: str) -> None:
    names, cards = REBIDS[cause]
    url = start_game(page, "oh-seven", names, dealer=0)
    kept_for_an_offline_start(page)
    taps = Taps(page)
    page.context.set_offline(True)
    # A forced rebid, whose set-aside cards only the server draws.
    for name, card in cards.items():
        taps.radio(f"{name} bids {card}")
    taps.button("Reveal")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.locator(".cards-form .waiting-note")).to_have_text("waiting to be sent")
    expect(page.get_by_text("These cards force a rebid: it waits for the connection.")).to_be_visible()
    expect(page.get_by_role("radio", name=f"Dev bids {cards['Dev']}", exact=True, include_hidden=True)).to_be_disabled()
    expect(page.locator(".tricks-form")).to_have_count(0)
    # Held, Reveal still floats over the cards: opaque, so that they do not show through it.
    reveal = page.get_by_role("button", name="Reveal")
    expect(reveal).to_be_disabled()
    expect(reveal).to_have_css("opacity", "1")
    if cause == "sum of seven":
        page.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(screenshot_dir / "offline-waiting-reveal.png"))

    page.reload()
    expect(page.get_by_text("These cards force a rebid: it waits for the connection.")).to_be_visible()
    expect(page.get_by_role("radio", name=f"Ben bids {cards['Ben']}", exact=True, include_hidden=True)).to_be_checked()

    page.context.set_offline(False)
    all_sent(page)
    expect(page.get_by_role("heading", name="Rebid")).to_be_visible()
    expect(page.get_by_text("These cards force a rebid", exact=False)).to_be_hidden()
    game = game_json(live_server, url)
    assert game["version"] == 2  # created at 1, one entry
    assert game["current"]["phase"] == "bidding"


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
