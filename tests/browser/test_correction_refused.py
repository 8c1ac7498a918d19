"""A correction form left open while the round was undone: saving it says, in the person's words,
that the round is being played again (the engine's ``correctable_round``), and keeps what was
tapped on screen; the API refuses the same correction with its 422 ``phase``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect
from set_up_games import new_game, play_round

NAMES = ["Ana", "Ben", "Cleo"]


def test_a_correction_saved_after_an_undo_says_why(page: Page, live_server: str,
                                                    screenshot_dir: Path) -> None:
    game = new_game(live_server, "elevator", NAMES)
    play_round(game)
    play_round(game)
    game.keep_on(page)
    page.goto(f"{game.url}/rounds/2")
    page.get_by_role("radio", name="Ana took 8", exact=True).check(force=True)
    page.get_by_role("radio", name="Ben took 1", exact=True).check(force=True)
    game.write("undo")  # round 2's tricks, from another phone: round 2 is being played again
    page.get_by_role("button", name="Save round 2").click()
    refusal = page.get_by_role("alert").filter(has_text="Round 2 is still being played")
    expect(refusal).to_have_text("Round 2 is still being played: enter it, or undo.")
    expect(page.get_by_role("radio", name="Ana took 8", exact=True, include_hidden=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Ben took 1", exact=True, include_hidden=True)).to_be_checked()
    page.screenshot(path=str(screenshot_dir / "engine-correction-refused.png"), full_page=False)
    body = {"version": game.body["version"], "bids": [0, 0, 0], "tricks": [8, 1, 0]}
    request = urllib.request.Request(f"{live_server}/api/v1/games/{game.id}/rounds/2",
                                     data=json.dumps(body).encode(), method="PUT",
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {game.token}"})
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        assert (error.code, json.loads(error.read())["error"]["code"]) == (422, "phase")
    else:
        raise AssertionError("the API corrected a round being played")


def test_the_oh_seven_rules_page_on_a_phone(page: Page, screenshot_dir: Path) -> None:
    page.goto("/rules/oh-seven")
    # The rules' own list of what happens (the house rule's description says it too).
    passing = page.locator("dd").get_by_text("round 3, 2 cards to the right")
    expect(passing).to_be_visible()
    passing.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "engine-rules-oh-seven.png"))
