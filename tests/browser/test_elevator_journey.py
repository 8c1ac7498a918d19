"""A whole 4-player Elevator game, 19 rounds, played by tapping; the totals on screen are the
engine's for the same entries. And a full round takes at most 2N + 2 = 10 taps."""

from __future__ import annotations

import random
from pathlib import Path

from bid_games import Taps, banner, start_game, totals
from playwright.sync_api import Browser, Page, expect

from companion import rules

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _play_round(page: Page, taps: Taps, state: rules.GameState, rng: random.Random,
                entries: list[rules.Entry]) -> rules.GameState:
    """Bids in turn, then tricks: one tap per bid, one per player but the last, one to save."""
    current = state.current
    assert current is not None
    size = current.hand_size
    expect(banner(page)).to_have_text(
        f"Round {current.number} of 19 · {_cards(size)} · {NAMES[current.dealer]} deals · "
        f"{NAMES[current.bidding_order[0]]} bids first")
    for seat in current.bidding_order:
        round_ = state.current
        assert round_ is not None
        if round_.forbidden_bid is not None:
            hooked = page.get_by_role("button", name=f"{NAMES[seat]} bids {round_.forbidden_bid}",
                                      exact=True)
            expect(hooked).to_be_disabled()
        bid = rng.choice(rules.legal_bids(round_))
        taps.button(f"{NAMES[seat]} bids {bid}")
        entry = rules.Bids(tuple(bid if s == seat else None for s in range(4)))
        entries.append(entry)
        state = rules.apply(state, entry)
    order = current.bidding_order
    tricks = [0] * 4
    left = size
    for seat in order[:-1]:
        tricks[seat] = rng.randint(0, left)
        left -= tricks[seat]
        count = page.get_by_role("radio", name=f"{NAMES[seat]} took {tricks[seat]}", exact=True,
                                 include_hidden=True)
        if not (tricks[seat] == 0 and count.is_checked()):  # a 0 filled in once the hand is taken
            taps.radio(f"{NAMES[seat]} took {tricks[seat]}")
    tricks[order[-1]] = left
    # game.js filled in the last player's count from the hand size.
    expect(page.get_by_role("radio", name=f"{NAMES[order[-1]]} took {left}", exact=True,
                            include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    entry = rules.Tricks(tuple(tricks))
    entries.append(entry)
    return rules.apply(state, entry)


def test_a_whole_elevator_game_by_tapping(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "elevator", NAMES, dealer=0)
    settings = rules.new_settings("elevator", NAMES, 0)
    state = rules.new_game(settings)
    entries: list[rules.Entry] = []
    rng = random.Random(2024)
    taps = Taps(page)
    for number in range(1, 20):
        if number == 6:
            current = state.current
            assert current is not None
            taps.button(f"{NAMES[current.bidding_order[0]]} bids 1")
            entries.append(rules.Bids(tuple(1 if s == current.bidding_order[0] else None
                                            for s in range(4))))
            state = rules.apply(state, entries[-1])
            expect(page.get_by_text("Total bid: 1 of 5")).to_be_visible()
            page.screenshot(path=str(screenshot_dir / "bidding.png"))
            state = rules.undo(state)
            entries.pop()
            page.get_by_role("button", name="Take back the last bid").click()
            expect(page.get_by_text("Total bid: 0 of 5")).to_be_visible()
        state = _play_round(page, taps, state, rng, entries)
        if not state.finished:
            expect(banner(page)).to_contain_text(f"Round {number + 1} of 19")
            assert totals(page) == list(state.scores)
    expected = rules.fold(settings, entries)
    assert expected.finished and expected.scores == state.scores
    winners = " and ".join(NAMES[s] for s in expected.winners)
    expect(page.locator(".banner-final")).to_contain_text(winners)
    assert totals(page) == list(expected.scores)
    expect(page.locator(".standings li")).to_have_count(4)
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "final-standings.png"))


def test_a_full_round_takes_at_most_ten_taps(page: Page) -> None:
    start_game(page, "oh-hell", NAMES, dealer=3)
    page.evaluate("window.sameDocument = true")  # gone if any tap reloaded the whole page
    taps = Taps(page)
    # Round 1, 10 cards: Ana, Ben, Cleo bid, then Dev deals and bids last.
    for name, bid in (("Ana", 2), ("Ben", 3), ("Cleo", 1), ("Dev", 3)):
        taps.button(f"{name} bids {bid}")
    for name, took in (("Ana", 2), ("Ben", 4), ("Cleo", 1)):
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")
    expect(banner(page)).to_contain_text("Round 2 of 19 · 9 cards · Ana deals")
    assert taps.count <= 2 * len(NAMES) + 2
    assert totals(page) == [12, 0, 11, 13]  # exact bids score 10 + the bid; Dev took the 3 left
    assert page.evaluate("window.sameDocument") is True  # htmx swapped fragments, no reloads


def test_a_watcher_follows_the_round_live(page: Page, browser: Browser, live_server: str) -> None:
    url = start_game(page, "elevator", NAMES, dealer=0)
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    watcher = context.new_page()
    watcher.goto(url)
    expect(watcher.get_by_text("Waiting for Ben's bid…")).to_be_visible()
    expect(watcher.get_by_role("button", name="Ben bids 0", exact=True)).to_have_count(0)
    Taps(page).button("Ben bids 2")
    # The share page polls every 1.5 seconds and swaps in the new state.
    expect(watcher.get_by_text("Waiting for Cleo's bid…")).to_be_visible(timeout=2000)
    context.close()
