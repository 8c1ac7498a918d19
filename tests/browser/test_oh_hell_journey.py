"""Oh Hell: the dealer meets the hook; taking a bid back; correcting a past round from the
scoreboard, a refused correction first (the rule at the field, the typing kept)."""

from __future__ import annotations

import re

from pathlib import Path

from bid_games import Taps, banner, start_game, totals
from playwright.sync_api import Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
HOOK = "Dealer can't bid 2: bids would total 10 — someone must miss."


def test_the_hooked_dealer_undo_and_a_correction(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    expect(banner(page)).to_have_text("Round 1 of 19 · 10 cards · Ana deals · Ben bids first")
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.button(f"{name} bids {bid}")
    hooked = page.get_by_role("button", name="Ana bids 2", exact=True)
    expect(hooked).to_be_disabled()
    expect(page.get_by_text(HOOK)).to_be_visible()
    expect(hooked).to_have_accessible_description(HOOK)
    expect(page.get_by_text("Total bid: 8 of 10")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "hooked-dealer.png"))

    # A slip of the finger, taken back with one tap (no "are you sure?").
    taps.button("Ana bids 1")
    expect(page.get_by_role("heading", name=re.compile("^Tricks"))).to_be_visible()
    expect(page.get_by_role("radio", name="Ana took 0", exact=True, include_hidden=True)).to_be_attached()
    taps.button("Take back the last bid")
    taps.button("Ana bids 0")
    # Tricks that cannot add up are refused at the field, in place, keeping the taps.
    for name, took in (("Ben", 5), ("Cleo", 5), ("Dev", 5)):
        taps.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ana took 0", exact=True, include_hidden=True)).not_to_be_checked()
    page.evaluate("window.sameDocument = true")
    taps.button("Save tricks")
    expect(page.get_by_text("The tricks add up to 15, but 10 were played.")).to_be_visible()
    expect(page.get_by_role("radio", name="Cleo took 5", exact=True, include_hidden=True)).to_be_checked()
    assert page.evaluate("window.sameDocument") is True  # a 422 swapped in by htmx
    for name, took in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ana took 2", exact=True, include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    expect(banner(page)).to_contain_text("Round 2 of 19 · 9 cards · Ben deals")
    assert totals(page) == [0, 13, 13, 12]

    # Ana took none after all, and Dev four: correct round 1 from the scoreboard.
    taps.link("Correct round 1")
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    expect(page.get_by_role("radio", name="Ben bids 3", exact=True)).to_be_checked()
    page.get_by_role("radio", name="Ana bids 2", exact=True).click()  # the hook again
    page.get_by_role("radio", name="Ana took 0", exact=True).click()
    page.get_by_role("radio", name="Dev took 4", exact=True).click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".field-error").get_by_text(HOOK)).to_be_visible()  # and in the summary
    expect(page.get_by_role("radio", name="Ana bids 2", exact=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Dev took 4", exact=True, include_hidden=True)).to_be_checked()
    page.get_by_role("radio", name="Ana bids 0", exact=True).click()
    page.get_by_role("button", name="Save round 1").click()
    expect(banner(page)).to_contain_text("Round 2 of 19")
    assert totals(page) == [10, 13, 13, 0]

    # Undo, one tap: round 2 has no entry yet, so round 1's tricks come off.
    page.get_by_role("button", name="Undo round 1's tricks").click()
    expect(banner(page)).to_have_text("Round 1 of 19 · 10 cards · Ana deals · Ben leads")
    assert totals(page) == [0, 0, 0, 0]
