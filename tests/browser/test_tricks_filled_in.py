"""One player took the whole hand: the others show 0, filled in from the engine's table, and one
tap on Save finishes the round, online and offline; while tricks are left to share, the players
missing are asked for in one message (docs/rules.md sections 1-3: the tricks make the hand)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest
from bid_games import Say, Taps, start_game
from playwright.sync_api import Page, expect
from set_up_games import new_game

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

#: A table of five: Elevator, 5 players, round 1 of 10 cards, Giulia deals.
NAMES = ["Giulia", "Marco", "Francesca", "Luca", "Sofia"]
LOCALES = {"en": "en-GB", "it": "it-IT"}


def game_json(base: str, game_url: str) -> Any:
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as response:
        return json.loads(response.read())


def _tricks_due(phones: Callable[..., Any], live_server: str, language: str) -> tuple[Page, Any]:
    game = new_game(live_server, "elevator", NAMES, dealer=0)
    game.write("bids", bids=[0, 3, 3, 2, 1])
    page = phones(locale=LOCALES[language], device_scale_factor=2, has_touch=True)
    game.keep_on(page)
    return page, game


def _took(page: Page, say: Say, name: str, count: int) -> Any:
    return page.get_by_role("radio", name=say("%(player)s took %(tricks)s", player=name,
                                               tricks=count), exact=True, include_hidden=True)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_others_show_zero_and_one_save_finishes(phones: Callable[..., Any], live_server: str,
                                                     language: str, screenshot_dir: Path) -> None:
    page, game = _tricks_due(phones, live_server, language)
    say = Say(language)
    taps = Taps(page)
    taps.radio(say("%(player)s took %(tricks)s", player="Giulia", tricks=10))
    for name in NAMES[1:]:
        expect(_took(page, say, name, 0)).to_be_checked()
        # Marked as filled in for them (outlined, not the tapped look).
        expect(page.locator(f'fieldset[data-tricks-seat="{NAMES.index(name)}"]')).to_have_attribute(
            "data-auto", "")
    # In view: the 0s filled in on the players' tiles, beside Giulia's 10, tapped.
    page.locator(".tricks-form").evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / f"tricks-after-{language}.png"))

    # A number entered for one of them takes over: 12 of 10, nobody's count is decided.
    taps.radio(say("%(player)s took %(tricks)s", player="Luca", tricks=2))
    expect(_took(page, say, "Marco", 0)).not_to_be_checked()
    # Giulia took 8 after all: the three left took none again, Luca keeps his 2.
    taps.radio(say("%(player)s took %(tricks)s", player="Giulia", tricks=8))
    for name in ("Marco", "Francesca", "Sofia"):
        expect(_took(page, say, name, 0)).to_be_checked()
    expect(_took(page, say, "Luca", 2)).to_be_checked()
    taps.button(say("Save tricks"))
    expect(page.get_by_role("button", name=say("Save tricks"))).to_have_count(0)
    assert game_json(live_server, game.url)["rounds"][0]["tricks"] == [8, 0, 0, 2, 0]
    # The form shows one player at a time (ten tricks for five do not fit a screen), the first
    # bidder's first: Giulia's 10, then taking over Luca's count filled in, then Giulia's again,
    # are each a tap on the player's tile first.
    assert taps.count == 7


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_players_missing_are_named_in_one_message(phones: Callable[..., Any],
                                                       live_server: str, language: str,
                                                       screenshot_dir: Path) -> None:
    page, game = _tricks_due(phones, live_server, language)
    say = Say(language)
    taps = Taps(page)
    taps.radio(say("%(player)s took %(tricks)s", player="Giulia", tricks=6))
    taps.button(say("Save tricks"))
    errors = page.locator(".tricks-form .field-error")
    expect(errors).to_have_count(1)
    players = {"en": "Marco, Francesca, Luca, and Sofia", "it": "Marco, Francesca, Luca e Sofia"}
    expect(errors).to_have_text(str(say.translations.ngettext(
        "%(players)s: how many tricks? %(num)s trick is left to share.",
        "%(players)s: how many tricks? %(num)s tricks are left to share.", 4))
        % {"players": players[language], "num": 4})
    expect(errors).to_be_in_viewport()
    expect(_took(page, say, "Giulia", 6)).to_be_checked()  # nothing entered is lost
    expect(_took(page, say, "Marco", 0)).to_have_attribute("aria-describedby", "tricks-error")
    page.screenshot(path=str(screenshot_dir / f"tricks-one-message-{language}.png"))
    assert game_json(live_server, game.url)["rounds"] == []


def test_offline_too_the_others_show_zero(page: Page, live_server: str) -> None:
    """Bids and tricks with no connection: the tricks form the page draws carries the engine's
    tables too; the round is sent once the connection is back."""
    url = start_game(page, "oh-hell", ["Ana", "Ben", "Cleo", "Dev"], dealer=0)
    taps = Taps(page)
    page.context.set_offline(True)
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2), ("Ana", 1)):
        taps.button(f"{name} bids {bid}")
    taps.radio("Ben took 10")
    for name in ("Ana", "Cleo", "Dev"):
        expect(page.get_by_role("radio", name=f"{name} took 0", exact=True, include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    expect(page.get_by_text("5 taps waiting to be sent")).to_be_visible()
    # Oh Hell goes on offline: round 2 shows at once, from the page's answers.
    expect(page.locator(".game-banner .banner-line")).to_contain_text("Round 2 of 19")
    page.context.set_offline(False)
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0, timeout=10_000)
    assert game_json(live_server, url)["rounds"][0]["tricks"] == [0, 10, 0, 0]
