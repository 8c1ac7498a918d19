"""At the table on a 390×844 phone: long names fit their buttons, a refused entry's error is on
screen (not under the sticky bar, not scrolled off the top) with focus on its field, every error
of a submission is said at once, and 200 % text never makes a page wider than the phone."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bid_games import Say, fill_new_game, open_house_rules
from playwright.sync_api import Page, expect
from set_up_games import LiveGame, card, new_game, play_round

LONG = "Maximiliana-Josephine"  # 21 characters
LONG_TOO = "Maximiliana-Josephina"  # as long, and alike but for its end
WIDTH, HEIGHT = 390, 844

#: Every visible button, pick and tile whose text runs out of its box.
OVERFLOWING = """() => Array.from(document.querySelectorAll(
    'button, .btn, .pick, .card-cell, .game-pick, .option-pick, .dealer-pick, [role=button]'))
  .filter(el => el.offsetParent !== null && !el.closest('.visually-hidden')
                && el.scrollWidth > el.clientWidth + 1)
  .map(el => el.textContent.trim().slice(0, 60) + ': ' + el.scrollWidth + ' > ' + el.clientWidth)"""


def _overflowing(page: Page) -> list[str]:
    return list(page.evaluate(OVERFLOWING))


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _on_screen(box: dict[str, float], bottom: float = HEIGHT) -> bool:
    return box["y"] >= 0 and box["y"] + box["height"] <= bottom


def _focused(page: Page, expression: str) -> Any:
    return page.evaluate(f"(() => {{ const el = document.activeElement; return {expression}; }})()")


def _big_text(page: Page) -> None:
    """``html { font-size: 200% }`` (set on the element: the page's CSP refuses inline style)."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    # The next frame drawn: laid out again at 200 %.
    page.evaluate("new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))")


# -- 1. long names fit their buttons, in every game --------------------------------------------


def _games_pages(page: Page, base: str, ruleset: str, players: int) -> list[str]:
    """Open the pages of a game whose players have 21-character names, as it is played: the
    bids, the tricks, the next round and a correction (Seven-Up: a hand, and its correction);
    what overflows on each."""
    names = [LONG, "Ben", LONG_TOO, "Dev", "Eve", "Fay", "Gus"][:players]
    game = new_game(base, ruleset, names)
    game.keep_on(page)
    found: list[str] = []

    def look(url: str) -> None:
        page.goto(url)
        found.extend(f"{url}: {text}" for text in _overflowing(page))

    look(game.url)
    if ruleset == "seven-up":
        game.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=0, game=0)
        look(game.url)
        look(f"{game.url}/hands/1")
        return found
    if ruleset == "oh-seven":
        game.write("bids", bids=[card(c) for c in ["0s", "0h", "0d", "0c", "1s"][:players]])
    else:
        game.write("bids", bids=[0] * players)
    look(game.url)  # the tricks
    size = game.body["current"]["hand_size"]
    game.write("tricks", tricks=[size] + [0] * (players - 1))
    look(game.url)
    look(f"{game.url}/rounds/1")
    return found


@pytest.mark.parametrize(("ruleset", "players"), [
    ("oh-hell", 4), ("elevator", 7), ("oh-seven", 5), ("seven-up", 2), ("seven-up", 3),
    ("seven-up", 4),
])
def test_no_text_overflows_its_button_with_a_21_character_name(
        page: Page, live_server: str, ruleset: str, players: int) -> None:
    assert _games_pages(page, live_server, ruleset, players) == []


def test_seven_up_picks_show_each_long_name_whole(phones: Callable[..., Page], live_server: str,
                                                 screenshot_dir: Path) -> None:
    """Who won a point is picked by name: two names alike but for their end both show whole."""
    for players, scheme in ((3, "light"), (4, "dark")):
        page = phones(color_scheme=scheme, device_scale_factor=2)
        game = new_game(live_server, "seven-up", [LONG, "Ben", LONG_TOO, "Dev"][:players])
        game.keep_on(page)
        for name in (LONG, LONG_TOO):
            pick = page.locator(".point-high .pick", has_text=name).first
            expect(pick).to_be_visible()
            assert pick.evaluate("el => el.innerText.replace(/\\s+/g, '')") == name
        page.locator(".point-high").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"fit-seven-up-names-{players}-{scheme}.png"),
                        animations="disabled")
        if players == 4:
            game.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=0, game=0)
            page.goto(f"{game.url}/hands/1")
            assert _overflowing(page) == []
            page.locator(".point-game").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / "fit-seven-up-correction-dark.png"),
                            animations="disabled")


# -- 2. a refused entry's error is on screen, with focus -----------------------------------------


def _reveal(page: Page, cards: dict[str, tuple[int, str]]) -> None:
    for name, (value, suit) in cards.items():
        page.get_by_role("radio", name=f"{name} bids {value} of {suit}", exact=True).click()
    page.get_by_role("button", name="Reveal", exact=True).click()


def _error_shown_with_focus(page: Page) -> dict[str, float]:
    """The refused round's message lies on screen above the sticky bar, and focus is on a
    field that it describes (so it is read out)."""
    message = page.locator(".cards-form .field-error").first
    expect(message).to_be_visible()
    bar = _box(page, ".cards-form > .btn-primary")
    box = message.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)
    message_id = message.get_attribute("id")
    described = _focused(page, "(el.getAttribute('aria-describedby') || '').split(' ')")
    assert message_id in described
    return box


def test_oh_seven_one_deck_two_players_on_one_card(page: Page, live_server: str,
                                                   screenshot_dir: Path) -> None:
    game = new_game(live_server, "oh-seven", [LONG, "Ben", "Cleo"])
    game.keep_on(page)
    _reveal(page, {"Ben": (3, "spades"), "Cleo": (3, "spades"), LONG: (0, "hearts")})
    expect(page.locator(".cards-form .field-error")).to_contain_text("3♠")
    _error_shown_with_focus(page)
    # Both players on the card are marked; the one without it is not.
    marked = page.locator('.card-pick:has(input[aria-invalid="true"])')
    expect(marked).to_have_count(2)
    page.screenshot(path=str(screenshot_dir / "fit-oh-seven-reveal-error.png"))


def test_oh_seven_two_decks_four_of_five_on_one_card(phones: Callable[..., Page], live_server: str,
                                                     screenshot_dir: Path) -> None:
    page = phones(color_scheme="dark", device_scale_factor=2)
    names = ["Ana", "Ben", "Cleo", "Dev", LONG]
    game = new_game(live_server, "oh-seven", names)
    game.keep_on(page)
    _reveal(page, {"Ben": (1, "spades"), "Cleo": (1, "spades"), "Dev": (1, "spades"),
                   LONG: (1, "spades"), "Ana": (0, "hearts")})
    expect(page.locator(".cards-form .field-error")).to_have_count(1)  # said once
    _error_shown_with_focus(page)
    marked = page.locator('.card-pick:has(input[aria-invalid="true"])')
    expect(marked).to_have_count(4)
    for name in ("Ben", "Cleo", "Dev", LONG):
        radio = page.get_by_role("radio", name=f"{name} bids 1 of spades", exact=True,
                                 include_hidden=True)  # one player's cards shown at a time
        expect(radio).to_have_attribute("aria-invalid", "true")
        expect(radio).to_be_checked()  # what was tapped stays
    page.screenshot(path=str(screenshot_dir / "fit-oh-seven-two-decks-dark.png"))


def test_new_game_started_empty_shows_the_summary_and_the_error(
        phones: Callable[..., Page], screenshot_dir: Path) -> None:
    say = Say("it")
    page = phones(locale="it-IT", device_scale_factor=2)
    page.goto("/new")
    page.get_by_role("button", name=say("Start the game"), exact=True).click()
    page.wait_for_load_state()
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    assert _on_screen(_box(page, ".error-summary"))
    assert _on_screen(_box(page, "#ruleset-error"))
    expect(page.locator("#ruleset-error")).to_have_text(say("Choose which game you are playing."))
    assert _focused(page, "el.name") == "ruleset"  # the first game's radio
    page.screenshot(path=str(screenshot_dir / "fit-new-game-empty-it.png"))


def test_largest_hand_says_the_players_range_and_its_error_is_at_the_number(
        phones: Callable[..., Page], screenshot_dir: Path) -> None:
    page = phones(color_scheme="dark", device_scale_factor=2)
    fill_new_game(page, "oh-hell", ["Ana", "Ben", "Cleo", "Dev"])
    open_house_rules(page)
    number = page.locator("#oh_hell_max_hand_number")
    hint = page.locator("#oh_hell_max_hand_number-hint")
    expect(hint).to_have_text("1 to 12 cards")  # 4 players: 51 // 4
    page.get_by_label("Player 4", exact=True).fill("")  # three names: 17
    page.get_by_label("Player 4", exact=True).press("Backspace")
    expect(hint).to_have_text("1 to 17 cards")
    expect(number).to_have_attribute("max", "17")
    page.get_by_label("Player 4", exact=True).fill("Dev")
    page.get_by_label("Player 4", exact=True).press("End")
    page.keyboard.type(" ")  # an input event with four names again
    expect(hint).to_have_text("1 to 12 cards")
    number.fill("13")
    page.get_by_role("button", name="Start the game", exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("#oh_hell_max_hand-error")).to_be_visible()
    expect(number).to_be_focused()
    field = _box(page, "#oh_hell_max_hand_number")
    error = _box(page, "#oh_hell_max_hand-error")
    assert _on_screen(field, HEIGHT - 120), field  # not at the bottom edge
    assert _on_screen(error), error
    expect(hint).to_have_text("1 to 12 cards")
    expect(number).to_have_value("13")
    page.screenshot(path=str(screenshot_dir / "fit-largest-hand-error-dark.png"))


# -- 3. every error of a submission at once -------------------------------------------------------


def test_new_game_says_a_long_name_and_a_duplicate_together(
        phones: Callable[..., Page], screenshot_dir: Path) -> None:
    say = Say("fr")
    page = phones(locale="fr-FR", device_scale_factor=2)
    fill_new_game(page, "oh-hell", ["Lucy", "Maximiliana-Josephine-Ann", "Ben", "Lucy"], say=say)
    page.get_by_role("button", name=say("Start the game"), exact=True).click()
    page.wait_for_load_state()
    links = page.locator(".error-summary a")
    expect(links).to_have_count(2)
    expect(page.locator("#players-1-error")).to_be_visible()
    expect(page.locator("#players-3-error")).to_be_visible()
    for row in (1, 3):
        expect(page.locator(f"#players-{row}")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#players-2")).not_to_have_attribute("aria-invalid", "true")
    # The summary is far above (the games come first): the first error's field and its words
    # are what is brought on screen, with focus.
    assert _focused(page, "el.id") == "players-1"
    assert _on_screen(_box(page, "#players-1")) and _on_screen(_box(page, "#players-1-error"))
    page.screenshot(path=str(screenshot_dir / "fit-new-game-all-errors-fr.png"))


def test_a_correction_says_the_hook_and_the_tricks_total_together(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    """Round 1 of 10 cards, dealt by the first player, everyone else on 0: the dealer's 10 makes
    the bids 10 (the hook), and 11 tricks are too many. Both said, each at its field."""
    game = new_game(live_server, "oh-hell", [LONG, "Ben", "Cleo", "Dev"])
    play_round(game)
    game.keep_on(page)
    page.goto(f"{game.url}/rounds/1")
    page.get_by_role("radio", name=f"{LONG} bids 10", exact=True).click()
    page.get_by_role("radio", name="Ben took 1", exact=True).click()
    page.get_by_role("button", name="Save round 1", exact=True).click()
    page.wait_for_load_state()
    links = page.locator(".error-summary a")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_have_text(re.compile("Dealer can't bid 10"))
    expect(links.nth(1)).to_have_text("The tricks add up to 11, but 10 were played.")
    expect(page.locator("#bids-0-error")).to_be_visible()
    expect(page.locator("#tricks-error")).to_be_visible()
    # Focus on the dealer's bid (the first error), in view with its error.
    assert "bids-0-error" in _focused(page, "el.getAttribute('aria-describedby')")
    assert _focused(page, "el.name") == "bids_0"
    assert _on_screen(_box(page, "#bids-0-error"), HEIGHT - 60)
    page.screenshot(path=str(screenshot_dir / "fit-correction-all-errors.png"))


# -- 5. text at 200 % ---------------------------------------------------------------------------


def _width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize(("ruleset", "players"), [
    ("oh-hell", 4), ("elevator", 7), ("oh-seven", 5), ("seven-up", 3), ("seven-up", 4),
])
def test_no_page_is_wider_than_the_phone_at_200_percent(page: Page, live_server: str,
                                                        ruleset: str, players: int) -> None:
    names = [LONG, "Ben", LONG_TOO, "Dev", "Eve", "Fay", "Gus"][:players]
    game: LiveGame = new_game(live_server, ruleset, names)
    game.keep_on(page)
    urls = [game.url]
    wide: list[str] = []

    def look(url: str) -> None:
        page.goto(url)
        _big_text(page)
        if _width(page) > WIDTH:
            wide.append(f"{url}: {_width(page)}")

    look(game.url)
    if ruleset == "seven-up":
        game.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=0, game=0)
        urls = [game.url, f"{game.url}/hands/1"]
    else:
        if ruleset == "oh-seven":
            game.write("bids", bids=[card(c) for c in ["0s", "0h", "0d", "0c", "1s"][:players]])
        else:
            game.write("bids", bids=[0] * players)
        look(game.url)  # the tricks
        game.write("tricks", tricks=[game.body["current"]["hand_size"]] + [0] * (players - 1))
        urls = [game.url, f"{game.url}/rounds/1"]
    for url in urls:
        look(url)
    assert wide == []


def test_the_other_pages_fit_at_200_percent(page: Page) -> None:
    for url in ("/", "/new", "/rules/oh-seven", "/rules/oh-hell", "/rules/elevator",
                "/rules/seven-up"):
        page.goto(url)
        _big_text(page)
        assert _width(page) <= WIDTH, url


def test_the_card_grid_and_the_hand_form_reflow_at_200_percent(
        phones: Callable[..., Page], live_server: str, screenshot_dir: Path) -> None:
    page = phones(device_scale_factor=2)
    game = new_game(live_server, "oh-seven", [LONG, "Ben", "Cleo"])
    game.keep_on(page)
    _big_text(page)
    cells = page.locator(".card-pick").first.locator(".card-cell")
    first, second, third = (cells.nth(i).bounding_box() for i in range(3))
    assert first and second and third
    assert third["y"] > first["y"] and second["y"] == first["y"]  # two a row
    assert second["x"] + second["width"] <= WIDTH
    assert min(first["width"], first["height"]) >= 48
    page.locator(".card-pick").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "fit-oh-seven-grid-200.png"))
    seven = new_game(live_server, "seven-up", [LONG, "Ben", LONG_TOO])
    seven.keep_on(page)
    _big_text(page)
    assert _width(page) <= WIDTH
    assert _overflowing(page) == []
    page.locator(".point-high").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "fit-seven-up-hand-200.png"))
