"""The score pad at the table, round 5, on a 390×844 touch phone:

- a zero-sum pad's filled-in last row is a suggestion: the keypad's "next" on the row before it
  moves on to it and saves nothing, and emptying it leaves it empty under the person's fingers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bid_games import Say
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_offline import game_json
from test_score_pad_journey import Thumb

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo"]


def points_field(page: Page, say: Say, name: str) -> Any:
    return page.get_by_role("textbox", name=say("Points for %(player)s", player=name))


def test_next_on_the_row_before_a_filled_in_last_row_moves_to_it(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    say = Say("en")
    game = new_game(live_server, "score-pad", NAMES, title="Tarot", zero_sum=True)
    game.keep_on(page)
    thumb = Thumb(page)
    thumb.field(say("Points for %(player)s", player="Ana"))
    thumb.type("50")
    page.keyboard.press("Enter")  # the keypad's "next": on to Ben
    expect(points_field(page, say, "Ben")).to_be_focused()
    thumb.type("30")
    cleo = points_field(page, say, "Cleo")
    expect(cleo).to_have_value("-80")  # filled in: the others' opposite
    # "next" on the row before the last: on to Cleo's suggestion, nothing saved.
    page.keyboard.press("Enter")
    expect(cleo).to_be_focused()
    page.wait_for_timeout(300)
    assert game_json(live_server, game.url)["rounds"] == []
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=1))
    # Cleo's −80 emptied by hand, a key at a time: it stays empty, to type the table's number.
    page.keyboard.press("End")
    for _ in range(3):
        page.keyboard.press("Backspace")
    expect(cleo).to_have_value("")
    expect(cleo).not_to_have_attribute("data-auto", "")
    page.screenshot(path=str(screenshot_dir / "pad-zero-sum-last-row-emptied.png"))
    thumb.button(say("Minus for %(player)s", player="Cleo"))
    thumb.type("80")
    expect(cleo).to_have_value("-80")
    page.keyboard.press("Enter")  # the last row's "done": saves
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=2))
    assert [p["score"] for p in game_json(live_server, game.url)["players"]] == [50, 30, -80]
