"""Wizard at 390×844 by touch (docs/rules.md section 9): a whole game for 4, 15 rounds of 1 to 15
cards, with the Canadian rule striking out the number of a dealer clearly in the lead and
leaving a dealer who is not free, the trump recorded by its chip beside the bids, and no suit
offered in the last round. Every round takes at most 2N + 2 taps. Screenshots: the final
standings in French and Italian (``wizard-final-fr.png``, ``-it.png``)."""

from __future__ import annotations

from pathlib import Path

from bid_games import Taps, banner, start_game, totals
from playwright.sync_api import Page, expect
from waiting import until

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
HOOK = "Dealer can't bid 1: bids would total 2 — someone must miss."


def _points(bid: int, took: int) -> int:
    return 20 + 10 * took if bid == took else -10 * abs(bid - took)


def test_a_whole_wizard_game_with_the_canadian_rule(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "wizard", NAMES, dealer=0, options=("Canadian rule",))
    expect(banner(page)).to_have_text("Round 1 of 15 · 1 card · Ana deals · Ben bids first")
    expected = [0, 0, 0, 0]
    for number in range(1, 16):
        taps = Taps(page)
        dealer = (number - 1) % 4
        order = [(dealer + k) % 4 for k in range(1, 5)]
        first = order[0]
        # The first bidder bids every card and takes them; the others bid 0, but in round 2
        # Cleo bids 1 (and takes nothing): then Ben, who deals clearly in the lead, may not
        # make the bids total 2.
        bids = {seat: 0 for seat in order}
        bids[first] = number
        took = {seat: 0 for seat in order}
        took[first] = number
        if number == 1:
            taps.radio("Trump: hearts")  # the card turned up, with the first bid
        if number == 2:
            bids[first], took[first] = 1, 0
            took[order[1]] = 2  # Dev takes both
        if number == 15:
            expect(page.get_by_role("radio", name="Trump: spades", include_hidden=True)).to_be_disabled()
            taps.radio("Trump: no trump")
        for seat in order:
            name = NAMES[seat]
            if number == 2 and seat == dealer:
                hooked = page.get_by_role("button", name=f"{name} bids 1", exact=True)
                expect(hooked).to_be_disabled()
                expect(hooked).to_have_accessible_description(HOOK)
                page.screenshot(path=str(screenshot_dir / "wizard-canadian-hook.png"))
            if number == 3 and seat == dealer:  # Cleo deals behind: no hook, 0 makes the total
                expect(page.get_by_role("button", name=f"{name} bids 0", exact=True)).to_be_enabled()
            taps.button(f"{name} bids {bids[seat]}")
        if number == 1:
            expect(banner(page)).to_contain_text("Trump ♥")
        taker = max(took, key=lambda seat: took[seat])
        count = f"{NAMES[taker]} took {took[taker]}"
        # The Canadian rule's rounds hang on the scores: the tricks come with the server's answer.
        expect(page.get_by_role("radio", name=count, exact=True, include_hidden=True)).to_be_attached()
        taps.radio(f"{NAMES[taker]} took {took[taker]}")  # the others' 0s are filled in
        taps.button("Save tricks")
        for seat in range(4):
            expected[seat] += _points(bids[seat], took[seat])
        assert taps.count <= 2 * 4 + 2, (number, taps.count)
        if number < 15:
            expect(banner(page)).to_contain_text(f"Round {number + 1} of 15")
    until(page, lambda: totals(page) == expected, f"the final totals {expected}")
    winner = NAMES[max(range(4), key=lambda seat: expected[seat])]
    expect(page.get_by_text(winner).first).to_be_visible()
    for language, switch in (("fr", "FR Français"), ("it", "IT Italiano")):
        page.get_by_role("button", name=switch).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.locator("section.final").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"wizard-final-{language}.png"), scale="css")
