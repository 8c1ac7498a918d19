"""A Seven-Up game to 7 in partnerships, played by tapping on a phone-sized Chromium: a lone
trump, a gift, a turned jack, a gift refused near the target, running the cards with the jacks
stepper, a redeal, and a finish decided by the counting-out order. Screenshots: the hand being
entered and the final standings (also in French)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

TAP = 48  # px: the smallest tap target the app allows (48×48, 8 px apart)


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def tap(page: Any, group: str, choice: str) -> None:
    """Tap the answer ``choice`` in the fieldset named ``group``."""
    page.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=choice, exact=True).check()


def play(page: Any, number: int, high: str, low: str, jack: str, game: str) -> None:
    tap(page, "High", high)
    tap(page, "Low", low)
    tap(page, "Jack", jack)
    tap(page, "Game", game)
    page.get_by_role("button", name=f"Save hand {number}", exact=True).click()


def chips_left(page: Any, sentence: str) -> None:
    _expect()(page.get_by_text(sentence, exact=True)).to_have_count(1)


def start_game(page: Any, players: list[str]) -> None:
    page.goto("/new?game=seven-up")
    for number, name in enumerate(players, start=1):
        page.get_by_label(f"Player {number}", exact=True).fill(name)
    page.get_by_role("radio", name="Deals first").first.check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/g/*")


def test_a_partnership_game_to_seven_by_tapping(page: Any, screenshot_dir: Path) -> None:
    expect = _expect()
    start_game(page, ["Ana", "Ben", "Cleo", "Dev"])
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Hand 1 · Ana deals · Ben is eldest · first to 7")
    chips_left(page, "Ana & Cleo: 7 of 7 chips left")

    # Every answer is a big button.
    for name in ("Ana", "No trump in play"):
        box = page.get_by_role("group", name="High", exact=True).get_by_role(
            "radio", name=name, exact=True).bounding_box()
        assert box["width"] >= TAP and box["height"] >= TAP, (name, box)

    # Hand 1: Ben stands (the form's default); his lone trump is high and low; Ben & Dev game.
    expect(page.get_by_role("radio", name="Ben stands")).to_be_checked()
    play(page, 1, high="Ben", low="Same as high: a lone trump", jack="Not in play", game="Ben & Dev")
    expect(banner).to_contain_text("Hand 2 · Ben deals · Cleo is eldest")
    chips_left(page, "Ben & Dev: 4 of 7 chips left")

    # Hand 2: Cleo begs and Ben gives one.
    tap(page, "Cleo stands or begs", "Cleo begs, Ben gives one +1 Ana & Cleo")
    play(page, 2, high="Ana", low="Dev", jack="Cleo", game="Tie: nobody scores")
    expect(banner).to_contain_text("Hand 3 · Cleo deals · Dev is eldest")
    chips_left(page, "Ana & Cleo: 4 of 7 chips left")  # the gift, high and jack

    # Hand 3: a jack is turned for Cleo, the dealer.
    tap(page, "The turn-up", "A jack: +1 Ana & Cleo")
    play(page, 3, high="Ana", low="Cleo", jack="Ben", game="Tie: nobody scores")
    expect(banner).to_contain_text("Hand 4 · Dev deals · Ana is eldest")
    chips_left(page, "Ana & Cleo: 1 of 7 chips left")
    chips_left(page, "Ben & Dev: 2 of 7 chips left")

    # Hand 4: Ana begs; Dev may not give one (Ana & Cleo would go out), so he runs the cards.
    give = page.get_by_role("radio", name="Ana begs, Dev gives one +1 Ana & Cleo")
    expect(give).to_be_disabled()
    expect(page.get_by_text("The dealer can't give one: it would put Ana's side out at 7. "
                            "Run the cards.")).to_be_visible()
    jacks = page.get_by_label("Jacks turned while running")
    expect(jacks).to_be_hidden()  # only once the cards are run
    tap(page, "Ana stands or begs", "Ana begs, Dev runs the cards")
    expect(jacks).to_be_visible()
    page.get_by_role("button", name="Another jack turned").click()
    expect(jacks).to_have_value("1")
    page.get_by_role("button", name="Another jack turned").click()
    expect(page.get_by_text("That jack wins the game for Ben & Dev")).to_be_visible()
    page.get_by_role("button", name="One jack fewer").click()  # a miscount: only one jack
    expect(jacks).to_have_value("1")
    expect(page.get_by_text("That jack wins the game for Ben & Dev")).to_be_hidden()
    jacks.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "seven-up-hand.png"), animations="disabled")

    # The pack runs out: Dev deals again and his jack stays.
    page.get_by_role("button", name="Pack ran out: redeal").click()
    expect(page.get_by_text("Redealt once: Dev deals again. The turned jack stays: +1 Ben & Dev."))\
        .to_be_visible()
    expect(banner).to_contain_text("Hand 4 · Dev deals · Ana is eldest")
    chips_left(page, "Ben & Dev: 1 of 7 chips left")

    # Both sides would go out this hand: high is counted first, so Ana & Cleo win on it.
    expect(page.get_by_role("radio", name="Ana stands")).to_be_checked()
    play(page, 4, high="Ana", low="Dev", jack="Ben", game="Ben & Dev")
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    counting = page.locator(".count-steps li")
    expect(counting).to_have_text([
        "Turned jack Ben & Dev (Dev) 6",  # the redeal's, counted first
        "High Ana & Cleo (Ana) ★ 7: wins the game",
        "Low Ben & Dev (Dev) not counted",
        "Jack Ben & Dev (Ben) not counted",
        "Game Ben & Dev not counted",
    ])
    chips_left(page, "Ana & Cleo: 0 of 7 chips left")
    chips_left(page, "Ben & Dev: 1 of 7 chips left")
    page.screenshot(path=str(screenshot_dir / "seven-up-final.png"), full_page=True, animations="disabled")

    page.get_by_role("button", name="FR Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.screenshot(path=str(screenshot_dir / "seven-up-final-fr.png"), full_page=True, animations="disabled")


def test_a_hand_in_french_on_a_phone(page: Any, screenshot_dir: Path) -> None:
    expect = _expect()
    start_game(page, ["Anaïs", "Bérénice", "Claude"])
    page.get_by_role("button", name="FR Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # Tapped by value: the words are the translator's.
    page.locator('input[name="beg"][value="run"]').check()
    page.locator("[data-jacks-step='1']").click()
    expect(page.locator("#jacks-run")).to_have_value("1")
    page.locator('input[name="high"][value="2"]').check()
    page.screenshot(path=str(screenshot_dir / "seven-up-hand-fr.png"), full_page=True, animations="disabled")
    # Nothing sticks out of a phone's width.
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def _game_at(page: Any, scores: list[int]) -> None:
    """A two-player game (Ana deals first) at ``scores``, set up through the JSON API, opened
    on this phone with the scorekeeper link; Ana deals the next hand."""
    created = page.request.post("/api/v1/games", data={
        "ruleset": "seven-up", "players": ["Ana", "Ben"],
        "first_dealer": -sum(scores) % 2})
    assert created.status == 201, created.text()
    body = created.json()
    game, token = body["game"], body["edit_token"]
    for seat, count in enumerate(scores):
        for _ in range(count):
            answer = page.request.post(
                f"/api/v1/games/{game['id']}/hands", headers={"Authorization": f"Bearer {token}"},
                data={"version": game["version"], "jacks_turned": 0, "beg": "stand",
                      "high": None, "low": None, "jack": None, "game": seat})
            assert answer.ok, answer.text()
            game = answer.json()
    page.goto(body["scorekeeper_url"])


def test_turned_jacks_that_win_end_the_hand_at_once(page: Any) -> None:
    expect = _expect()
    _game_at(page, [6, 4])
    expect(page.locator("#banner")).to_contain_text("Ana deals · Ben is eldest")
    play_step = page.get_by_role("group", name="After play")
    save_win = page.get_by_role("button", name="Save: Ana wins")
    expect(play_step).to_be_visible()
    expect(save_win).to_be_hidden()
    tap(page, "The turn-up", "A jack: +1 Ana")
    # The jack won: nothing after the turn-up is asked.
    expect(page.get_by_text("A turned jack wins the game for Ana: the hand is not played."))\
        .to_be_visible()
    expect(play_step).to_be_hidden()
    expect(page.get_by_role("group", name="Ben stands or begs")).to_be_hidden()
    tap(page, "The turn-up", "Not a jack")
    expect(play_step).to_be_visible()
    # Running the cards: the first jack turned while running wins too.
    tap(page, "Ben stands or begs", "Ben begs, Ana runs the cards")
    page.get_by_role("button", name="Another jack turned").click()
    expect(play_step).to_be_hidden()
    expect(page.get_by_role("button", name="Pack ran out: redeal")).to_be_hidden()
    expect(page.get_by_text("That jack wins the game for Ana: the hand is not played."))\
        .to_be_visible()
    save_win.click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".count-steps li")).to_have_text(["Turned jack Ana ★ 7: wins the game"])
