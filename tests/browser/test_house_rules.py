"""A game with each house rule of docs/rules.md section 6 plays a round as the rule says, on a phone,
by tapping. The games are created through the API (the new-game page's wording of the options
is tested with that page), then played on the scorekeeper's page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bid_games import Taps, banner
from playwright.sync_api import Page, expect

NAMES = ["Ana", "Ben", "Cleo"]


def _open(page: Page, ruleset: str, **options: Any) -> dict[str, Any]:
    """A game created with ``options`` (dealer Ana, so Ben bids first), opened as scorekeeper."""
    answer = page.request.post("/api/v1/games", data={"ruleset": ruleset, "players": NAMES,
                                                      "first_dealer": 0, "options": options})
    assert answer.status == 201, answer.text()
    created = answer.json()
    page.goto(created["scorekeeper_url"])
    return created["game"]  # type: ignore[no-any-return]


def _totals_are(page: Page, expected: list[int]) -> None:
    """The scoreboard's totals row, once the round's answer has been swapped in."""
    expect(page.locator(".score-table .totals td")).to_have_text([str(t) for t in expected])


def _round(page: Page, taps: Taps, bids: dict[str, int], tricks: dict[str, int]) -> None:
    """Bids in turn (Ben, Cleo, Ana the dealer), then every player's tricks but the last one's,
    which game.js fills in."""
    for name, bid in bids.items():
        taps.button(f"{name} bids {bid}")
    names = list(tricks)
    for name in names[:-1]:
        taps.radio(f"{name} took {tricks[name]}")
    last = names[-1]
    expect(page.get_by_role("radio", name=f"{last} took {tricks[last]}", exact=True,
                            include_hidden=True)).to_be_checked()
    taps.button("Save tricks")


def test_no_hook_the_dealer_makes_the_bids_total_the_hand(page: Page, screenshot_dir: Path) -> None:
    _open(page, "oh-hell", hook="never", max_hand=2, schedule="down")
    expect(page.get_by_text("No hook this game: the dealer bids freely.")).to_be_visible()
    taps = Taps(page)
    taps.button("Ben bids 1")
    taps.button("Cleo bids 0")
    # With the hook Ana could not bid 1 (1 + 0 + 1 = 2 cards); here she may.
    expect(page.get_by_role("button", name="Ana bids 1", exact=True)).to_be_enabled()
    page.screenshot(path=str(screenshot_dir / "house-rule-no-hook.png"))
    taps.button("Ana bids 1")
    _round(page, taps, {}, {"Ben": 1, "Cleo": 0, "Ana": 1})
    _totals_are(page, [11, 11, 10])  # Ana, Ben, Cleo: exact, 10 + bid each


def test_not_last_the_last_round_frees_the_dealer(page: Page, screenshot_dir: Path) -> None:
    _open(page, "elevator", hook="not-last", max_hand=2, schedule="down")
    taps = Taps(page)
    expect(page.get_by_text("Last round")).to_have_count(0)
    taps.button("Ben bids 1")
    taps.button("Cleo bids 0")
    expect(page.get_by_role("button", name="Ana bids 1", exact=True)).to_be_disabled()
    taps.button("Ana bids 0")
    _round(page, taps, {}, {"Ben": 1, "Cleo": 1, "Ana": 0})
    # Round 2 of 2, 1 card, Ben deals: the last round.
    expect(banner(page)).to_contain_text("Round 2 of 2 · 1 card · Ben deals")
    expect(page.get_by_text("Last round: the dealer bids freely.")).to_be_visible()
    taps.button("Cleo bids 0")
    taps.button("Ana bids 0")
    expect(page.get_by_role("button", name="Ben bids 1", exact=True)).to_be_enabled()
    page.screenshot(path=str(screenshot_dir / "house-rule-not-last.png"))
    taps.button("Ben bids 1")
    expect(page.get_by_role("heading", name="Tricks")).to_be_visible()


def test_max_hand_sets_the_largest_hand(page: Page) -> None:
    game = _open(page, "oh-hell", max_hand=3, schedule="up-down")
    assert game["total_rounds"] == 5
    expect(banner(page)).to_contain_text("Round 1 of 5 · 1 card")


def test_squared_scores_a_miss_below_zero(page: Page, screenshot_dir: Path) -> None:
    _open(page, "oh-hell", scoring="squared", max_hand=3, schedule="down")
    taps = Taps(page)
    # Ben bids 2, takes 0: −4; Cleo bids 0, takes 0: 10; Ana bids 2 (total 4), takes 3: −1.
    _round(page, taps, {"Ben": 2, "Cleo": 0, "Ana": 2}, {"Ben": 0, "Cleo": 0, "Ana": 3})
    _totals_are(page, [-1, -4, 10])
    page.screenshot(path=str(screenshot_dir / "house-rule-squared.png"))


def test_tricks_plus_five_and_a_zero_worth_five_plus_the_hand(page: Page) -> None:
    _open(page, "oh-hell", scoring="tricks-plus-five", zero_bid="five-plus-hand", max_hand=3,
          schedule="down")
    taps = Taps(page)
    # Ben bids 2 takes 2: 2 + 5; Cleo bids 0 takes 0: 5 + 3 cards; Ana bids 0 takes 1: 1.
    _round(page, taps, {"Ben": 2, "Cleo": 0, "Ana": 0}, {"Ben": 2, "Cleo": 0, "Ana": 1})
    _totals_are(page, [1, 7, 8])
