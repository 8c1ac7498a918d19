"""A message belongs to its moment, offline too: a reload with no connection brings back no
message that already left; "✓ Saved." is said for a moment, then leaves (not over a winner for
good); a score pad's round that ends the game offline says the final standings wait, offers no
"We stop here" (the server would refuse it: "The game is over"), and once sent shows the winner
alone.

A 390×844 touch phone, tapped with ``page.touchscreen.tap``; offline is Playwright's
``context.set_offline()``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bid_games import Say
from playwright.sync_api import Page, expect
from set_up_games import new_game, play_round
from test_offline import all_sent, game_json
from test_offline_to_the_end import NAMES, Finger, kept_for_offline
from test_pad_offline import FINAL, NEXT_ROUND
from test_score_pad_journey import Thumb, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

SAY = Say("en")
CORRECTED = "Round 1 corrected: the scores after it are counted again."
SAVED = re.compile("Saved")


def test_an_offline_reload_brings_back_no_message_that_left(page: Page, live_server: str) -> None:
    game = new_game(live_server, "oh-hell", NAMES)
    play_round(game)  # round 1: Ana took every trick
    game.keep_on(page)
    kept_for_offline(page)
    finger = Finger(page)
    # Round 1 corrected: its full page's form, then the game's page with the server's message
    # (the page the service worker keeps for an offline start).
    page.goto(f"{game.url}/rounds/1")
    finger.radio("Ben took 10")
    finger.radio("Ana took 0")
    finger.button("Save round 1")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    expect(page.get_by_text(CORRECTED)).to_be_visible()
    # The table goes on: the next entry takes the message away.
    for name, bid in (("Cleo", 0), ("Dev", 0), ("Ana", 0), ("Ben", 1)):
        finger.button(f"{name} bids {bid}")
    expect(page.get_by_text(CORRECTED)).to_have_count(0)
    all_sent(page)

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-from-cache", "")
    expect(page.get_by_role("radio", name="Ben took 1", exact=True, include_hidden=True)).to_be_attached()
    expect(page.get_by_text(CORRECTED)).to_have_count(0)
    expect(page.get_by_text(SAVED)).to_have_count(0)


def test_saved_is_said_for_a_moment(page: Page, live_server: str, screenshot_dir: Path) -> None:
    """The last round's points end the game: "✓ Saved." over the winner, then gone."""
    game = new_game(live_server, "score-pad", ["Ana", "Ben", "Cleo"], title="Rummy", rounds=1)
    game.keep_on(page)
    enter_round(Thumb(page), SAY, ["Ana", "Ben", "Cleo"], ["12", "0", "5"], 1)
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ana wins!"))
    saved = page.locator(".saved-note")
    expect(saved).to_be_visible()
    expect(saved).to_be_hidden(timeout=10_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "pad-winner-saved-gone.png"))


@pytest.mark.parametrize("end", ["target", "rounds"])
def test_a_pad_ended_offline_waits_for_its_final_standings(
        page: Page, live_server: str, screenshot_dir: Path, end: str) -> None:
    """Rummy to 30 points, or of two rounds: round 2, entered offline, ends it."""
    names = ["Ana", "Ben", "Cleo"]
    game = new_game(live_server, "score-pad", names, title="Rummy", **{end: 30 if end == "target" else 2})
    game.keep_on(page)
    thumb = Thumb(page)
    enter_round(thumb, SAY, names, ["12", "0", "5"], 1)
    expect(page.locator("#points-title")).to_contain_text("Round 2: points")
    all_sent(page)

    page.context.set_offline(True)
    page.wait_for_timeout(400)  # a person's next tap, not the Save's second touch
    enter_round(thumb, SAY, names, ["20", "3", "7"], 2)  # Ana on 32: the game is over
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.get_by_text(FINAL)).to_be_visible()
    expect(page.get_by_text(NEXT_ROUND)).to_be_hidden()
    expect(page.get_by_role("button", name="We stop here")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo round 2's points")).to_be_visible()
    page.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(screenshot_dir / f"pad-offline-game-over-{end}.png"))

    page.context.set_offline(False)
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ana wins!"), timeout=15_000)
    all_sent(page)
    expect(page.get_by_text(re.compile("The game is over"))).to_have_count(0)
    expect(page.locator(".saved-note")).to_be_hidden(timeout=10_000)
    body = game_json(live_server, page.url)
    assert body["status"] == "finished" and len(body["rounds"]) == 2
