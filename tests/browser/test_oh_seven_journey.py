"""Oh-Seven with card passing: bid cards revealed together, a forced rebid with its +1 bonus,
set-aside cards unavailable, trump and leader announced."""

from __future__ import annotations

from pathlib import Path

from bid_games import Taps, banner, start_game, totals
from playwright.sync_api import Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def _bid(taps: Taps, cards: dict[str, tuple[int, str]]) -> None:
    for name, (value, suit) in cards.items():
        taps.radio(f"{name} bids {value} of {suit}")  # one tap a card
    taps.button("Reveal")


def test_card_passing_a_forced_rebid_and_its_bonus(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "oh-seven", NAMES, dealer=0, options=("Pass cards",))
    taps = Taps(page)
    expect(banner(page)).to_have_text("Round 1 of 7 · 7 cards · Ana deals · everyone bids a card")
    expect(page.get_by_text("Pass 1 card")).to_have_count(0)  # no passing in round 1
    _bid(taps, {"Ben": (3, "spades"), "Cleo": (2, "hearts"), "Dev": (4, "diamonds"),
                "Ana": (0, "clubs")})
    expect(banner(page)).to_contain_text("Trump ♦ diamonds · Dev leads")
    for name, took in (("Ben", 3), ("Cleo", 2), ("Dev", 2)):
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")

    # Round 2: one card to the left before bidding.
    expect(banner(page)).to_contain_text("Round 2 of 7 · 7 cards · Ben deals")
    expect(page.get_by_text("Pass 1 card to the left:")).to_be_visible()
    expect(page.get_by_text("Ana passes 1 card to Ben")).to_be_hidden()  # folded: a tap away
    page.get_by_text("Pass 1 card to the left:").click()
    expect(page.get_by_text("Ana passes 1 card to Ben")).to_be_visible()
    expect(page.get_by_text("Dev passes 1 card to Ana")).to_be_visible()
    # 1 + 2 + 3 + 1 = 7: everyone must bid again; Dev's 3♠ is the high bid and scores +1.
    _bid(taps, {"Cleo": (1, "spades"), "Dev": (3, "spades"), "Ana": (2, "spades"),
                "Ben": (1, "hearts")})
    expect(page.get_by_text("Forced rebid: the bids added up to 7.")).to_be_visible()
    expect(page.get_by_text("Pass 1 card to the left:")).to_have_count(0)  # passed already
    expect(page.get_by_text("Dev scored +1 for the high bid")).to_be_hidden()  # folded
    page.get_by_text("Forced rebid: the bids added up to 7.").click()  # its summary
    expect(page.get_by_text("Dev scored +1 for the high bid")).to_be_visible()
    expect(page.locator(".current-row")).to_contain_text("+1 rebid")
    # Round 1: Ana 0/0 = 2, Ben 3/3 = 5, Cleo 2/2 = 4, Dev 4 bid, 2 taken = -2; Dev's +1 now.
    assert totals(page) == [2, 5, 4, -2 + 1]
    # The cards put forward are set aside for this deal: Dev's 3♠ cannot be picked again. (One
    # player's cards show at a time, the first bidder's: Dev's are found among the hidden.)
    expect(page.get_by_role("radio", name="Dev bids 3 of spades", exact=True,
                            include_hidden=True)).to_be_disabled()
    expect(page.get_by_role("radio", name="Dev bids 3 of hearts", exact=True,
                            include_hidden=True)).to_be_enabled()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "oh-seven-rebid.png"))

    _bid(taps, {"Cleo": (0, "spades"), "Dev": (4, "spades"), "Ana": (5, "spades"),
                "Ben": (2, "hearts")})
    expect(banner(page)).to_contain_text("Trump ♠ spades · Ana leads")
    for name, took in (("Cleo", 0), ("Dev", 4), ("Ana", 1)):
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")
    expect(banner(page)).to_contain_text("Round 3 of 7")
    expect(page.get_by_text("Pass 2 cards to the right:")).to_be_visible()
    # Round 2: Ana 5 bid, 1 taken: -4; Ben 2/2: 4; Cleo 0/0: 2; Dev 4/4: 6 plus the +1.
    assert totals(page) == [2 - 4, 5 + 4, 4 + 2, -1 + 6]
    expect(page.locator(".score-table tbody tr").first).to_contain_text("incl. +1 rebid")
