"""The score pad at the table, round 5 (three of its items), on a 390×844 touch phone:

- a zero-sum pad's filled-in last row is a suggestion: the keypad's "next" on the row before it
  moves on to it and saves nothing, and emptying it leaves it empty under the person's fingers;
- "Any other game" from a table starts a fresh pad (no title, no options of the last one), its
  earlier titles offered as chips;
- points that are not a whole number are said at their row in our words and the page's language
  (no browser bubble), and an error of the last Save leaves its row once the row is filled."""

from __future__ import annotations

import re
from collections.abc import Callable
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


def _table_with_hearts(page: Page) -> str:
    """A table this phone keeps, whose last game is a pad of Hearts (lowest wins, to 100)."""
    created = page.request.post("/api/v1/tables", data={"name": "Thursday cards"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    made = page.request.post("/api/v1/games", headers={"Authorization": f"Bearer {token}"}, data={
        "ruleset": "score-pad", "title": "Hearts", "players": NAMES, "table": table_id,
        "options": {"winner": "lowest", "target": 100}})
    assert made.status == 201, made.text()
    page.goto(created["scorekeeper_url"])
    return table_id


def test_any_other_game_at_a_table_starts_a_fresh_pad(page: Page, screenshot_dir: Path) -> None:
    say = Say("en")
    table_id = _table_with_hearts(page)
    page.goto(f"/t/{table_id}")
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name=say("Any other game"), exact=True))
    page.wait_for_url(re.compile(r"/new\?"))
    title = page.get_by_label(say("What are you playing?"), exact=True)
    expect(title).to_have_value("")
    # Hearts' options stay with Hearts: who wins and the target start as for any new pad.
    expect(page.get_by_label(say("Play to (points)"), exact=True)).to_have_value("")
    expect(page.get_by_role("radio", name=re.compile("^" + re.escape(say("Lowest total"))))).not_to_be_checked()
    # The table stays seated as last time.
    for position, name in enumerate(NAMES):
        expect(page.get_by_label(say("Player %(number)s", number=position + 1), exact=True)).to_have_value(name)
    chip = page.get_by_role("button", name=say("%(title)s, as last played", title="Hearts"))
    expect(chip).to_be_visible()
    title.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "pad-any-other-game-at-a-table.png"))
    thumb.tap(title)
    thumb.type("Rummy")
    expect(title).to_have_value("Rummy")
    # Hearts is one tap away, as last played.
    thumb.tap(chip)
    expect(title).to_have_value("Hearts")
    expect(page.get_by_label(say("Play to (points)"), exact=True)).to_have_value("100")


@pytest.mark.parametrize(("locale", "language"), [("en-GB", "en"), ("fr-FR", "fr")])
def test_letters_in_the_points_are_said_at_the_row_in_the_pages_language(
        phones: Callable[..., Any], live_server: str, screenshot_dir: Path,
        locale: str, language: str) -> None:
    page = phones(locale=locale, device_scale_factor=2, has_touch=True)
    say = Say(language)
    game = new_game(live_server, "score-pad", NAMES, title="Rummy")
    game.keep_on(page)
    thumb = Thumb(page)
    thumb.field(say("Points for %(player)s", player="Ana"))
    thumb.type("12")
    thumb.field(say("Points for %(player)s", player="Ben"))
    thumb.type("7x")
    thumb.button(say("Save round %(number)s", number=1))
    ben = points_field(page, say, "Ben")
    said = say("Type the points as a whole number: digits only, and ± for a minus.")
    if language == "fr":  # the page's language, not the catalogue's English
        assert said.startswith("Tapez les points")
    error = page.locator("#points_1-error")
    expect(error).to_have_text(said)
    expect(ben).to_have_attribute("aria-invalid", "true")
    expect(ben).to_have_attribute("aria-describedby", re.compile(r"\bpoints_1-error\b"))
    # Ours, not the browser's: the field is not held back by a pattern of its own.
    assert ben.evaluate("el => el.validity.valid")
    expect(ben).to_have_value("7x")  # what was typed stays
    assert game_json(live_server, game.url)["rounds"] == []
    page.screenshot(path=str(screenshot_dir / f"pad-letters-refused-{language}.png"))
    # Corrected: the error leaves its row at once.
    thumb.tap(ben)
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(error).to_have_count(0)
    expect(ben).not_to_have_attribute("aria-invalid", "true")
    # Saved with Cleo's row empty: the server asks for it; typed, its error leaves too.
    thumb.button(say("Save round %(number)s", number=1))
    cleo = points_field(page, say, "Cleo")
    asked = page.locator("#points_2-error")
    expect(asked).to_have_text(say("How many points did %(player)s score? Type 0 for none.",
                                   player="Cleo"))
    expect(cleo).to_have_attribute("aria-invalid", "true")
    thumb.tap(cleo)
    thumb.type("0")
    expect(asked).to_have_count(0)
    expect(cleo).not_to_have_attribute("aria-invalid", "true")
    thumb.button(say("Save round %(number)s", number=1))
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=2))
    assert [p["score"] for p in game_json(live_server, game.url)["players"]] == [12, 7, 0]
