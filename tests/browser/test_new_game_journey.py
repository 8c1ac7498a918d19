"""The new-game page by touch and keyboard: names typed with Enter moving on, a row added and
moved, the first dealer chosen; the same pages in French and in dark mode look right."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from pathlib import Path

import pytest
from bid_games import Say, Taps, banner, fill_new_game, start_game
from playwright.sync_api import Browser, Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def test_a_new_game_typed_moved_and_started(page: Page, screenshot_dir: Path) -> None:
    fill_new_game(page, "oh-hell", NAMES, options=("Tricks plus 10",))
    # After the last name, Enter went to "Start the game" instead of submitting.
    expect(page.get_by_role("button", name="Start the game")).to_be_focused()
    page.get_by_role("button", name="Add a player").click()
    page.get_by_label("Player 5", exact=True).fill("Eve")
    page.get_by_role("button", name="Move Eve up").click()  # Eve sits between Cleo and Dev
    expect(page.get_by_label("Player 4", exact=True)).to_have_value("Eve")
    expect(page.get_by_label("Player 5", exact=True)).to_have_value("Dev")
    page.get_by_role("radio", name="Cleo deals first").check()
    # The house rules, folded again after the round trip, say the one changed.
    expect(page.get_by_text("House rules: Scoring: Tricks plus 10", exact=True)).to_be_visible()
    expect(page.get_by_role("radio", name=re.compile("^Tricks plus 10"))).to_be_hidden()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "new-game.png"))
    page.get_by_role("button", name="Start the game").click()
    expect(banner(page)).to_have_text("Round 1 of 19 · 10 cards · Cleo deals · Eve bids first")
    # The names are offered again on the next new game.
    page.goto("/new")
    expect(page.locator("#known-names option")).to_have_count(5)
    page.goto("/")
    expect(page.get_by_role("link", name="Oh Hell Round 1 of 19")).to_be_visible()


def test_too_few_players_are_explained_at_the_field(page: Page) -> None:
    fill_new_game(page, "oh-hell", ["Ana", "Ben"])
    page.get_by_role("button", name="Start the game").click()
    # At the field, and in the summary at the top that links to it.
    expect(page.locator(".field-error").get_by_text("Oh Hell is for 3 to 7 players, not 2.")).to_be_visible()
    expect(page.locator(".error-summary").get_by_role(
        "link", name="Oh Hell is for 3 to 7 players, not 2.")).to_have_count(1)
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ana")


@pytest.fixture(params=[{"locale": "fr-FR"}, {"locale": "en-GB", "color_scheme": "dark"}],
                ids=["french", "dark"])
def other_page(request: pytest.FixtureRequest, browser: Browser,
               live_server: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server,
                                  device_scale_factor=2, is_mobile=True, has_touch=True,
                                  **request.param)
    yield context.new_page()
    context.close()


def test_the_pages_in_french_and_in_dark_mode(other_page: Page, screenshot_dir: Path,
                                              request: pytest.FixtureRequest) -> None:
    suffix = request.node.callspec.id
    page = other_page
    page.goto("/new")
    expect(page.locator("html")).to_have_attribute("lang", "fr" if suffix == "french" else "en")
    page.screenshot(path=str(screenshot_dir / f"new-game-{suffix}.png"))
    say = Say("fr" if suffix == "french" else "en")
    start_game(page, "elevator", NAMES, dealer=0, say=say)
    taps = Taps(page)
    for player, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.button(say("%(player)s bids %(bid)s", player=player, bid=bid))
    hooked = say("%(player)s bids %(bid)s", player="Ana", bid=2)
    expect(page.get_by_role("button", name=hooked, exact=True)).to_be_disabled()
    page.screenshot(path=str(screenshot_dir / f"hooked-dealer-{suffix}.png"))


def test_names_typed_before_the_script_came_name_their_rows(page: Page) -> None:
    """A slow phone: the page is there and a name typed before its script has run. The row's
    buttons are still named for it once the script comes (no input event reached it)."""
    held: list[Any] = []
    page.route(re.compile(r"/static/js/\w+/site[^/]*\.js"), lambda route: held.append(route))
    page.goto("/new", wait_until="commit")
    field = page.get_by_label("Player 1", exact=True)
    field.fill("Eve")  # typed while the script is still on its way
    expect(page.get_by_role("button", name="Move Eve down")).to_have_count(0)
    assert held, "the page's script was not held back"
    for route in held:
        route.continue_()
    expect(page.get_by_role("button", name="Move Eve down")).to_be_visible()
