"""What the bid-game journeys share: starting a game through the new-game page, tapping as a
person does (by role and accessible name), and counting the taps."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.support import Translations
from playwright.sync_api import Page, expect

GAMES = {"oh-seven": "Oh-Seven", "oh-hell": "Oh Hell", "elevator": "Elevator",
         "wizard": "Wizard", "seven-up": "Seven-Up"}
TRANSLATIONS = Path(__file__).resolve().parents[2] / "companion" / "translations"


class Say:
    """The words a person reads in one language, from the app's own catalogues: journeys in
    French find buttons by their French names, as a French player would."""

    def __init__(self, language: str = "en") -> None:
        self.translations = Translations.load(str(TRANSLATIONS), [language])

    def __call__(self, message: str, **params: Any) -> str:
        return str(self.translations.gettext(message)) % params if params else str(
            self.translations.gettext(message))


ENGLISH = Say("en")


class Taps:
    """Taps buttons and radios by their accessible names, and counts them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def button(self, name: str) -> None:
        self.page.get_by_role("button", name=name, exact=True).click()
        self.count += 1

    def radio(self, name: str) -> None:
        radio = self.page.get_by_role("radio", name=name, exact=True, include_hidden=True)
        if show_picks_of(self.page, radio):
            self.count += 1
        radio.click()
        self.count += 1

    def link(self, name: str) -> None:
        self.page.get_by_role("link", name=name, exact=True).click()
        self.count += 1


def show_picks_of(page: Page, radio: Any) -> bool:
    """A round's form that shows one player's picks at a time (game.js) shows the player of
    ``radio`` when it is another's, as a person does: a tap on that player's tile. Whether a
    tap was needed."""
    if radio.is_visible():
        return False
    seat = radio.evaluate("(e) => { const f = e.closest('[data-card-seat], [data-tricks-seat]');"
                          " return f.getAttribute('data-card-seat') ?? f.getAttribute('data-tricks-seat'); }")
    page.locator(f'.one-at-a-time [data-step-to="{seat}"]').click()
    expect(radio).to_be_visible()
    return True


def open_house_rules(page: Page, say: Say = ENGLISH) -> None:
    """Open the new-game page's house rules as a person does: a tap on their one line ("House
    rules: as usual · change"; a <summary>, which has no role of its own to find it by)."""
    line = page.get_by_text(re.compile("^" + re.escape(say("House rules: %(changes)s", changes=""))))
    line.filter(visible=True).click()
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def fill_new_game(page: Page, game: str, names: list[str], dealer: int | None = None,
                  options: tuple[str, ...] = (), say: Say = ENGLISH) -> None:
    """Choose the game and its options (the house rules opened), type the names (Enter moves
    on), pick the dealer."""
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^" + re.escape(say(GAMES[game])) + " ")).check()
    if options:
        open_house_rules(page, say)
    for option in options:
        page.get_by_role("radio", name=re.compile("^" + re.escape(option))).check()
    rows = page.locator("[data-name-row]").count()
    for _ in range(len(names) - rows):
        page.get_by_role("button", name=say("Add a player")).click()
        expect(page.locator("[data-name-row]")).to_have_count(rows + 1)
        rows += 1
    page.get_by_label(say("Player %(number)s", number=1), exact=True).click()
    for position, name in enumerate(names):
        field = page.get_by_label(say("Player %(number)s", number=position + 1), exact=True)
        expect(field).to_be_focused()
        page.keyboard.type(name)
        page.keyboard.press("Enter")  # game.js: on to the next name
    if dealer is not None:  # named for the name typed (game.js)
        page.get_by_role("radio", name=say("%(player)s deals first", player=names[dealer])).check()


def start_game(page: Page, game: str, names: list[str], dealer: int | None = None,
               options: tuple[str, ...] = (), say: Say = ENGLISH) -> str:
    fill_new_game(page, game, names, dealer, options, say)
    page.get_by_role("button", name=say("Start the game")).click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def totals(page: Page) -> list[int]:
    """The scoreboard's totals row, as shown."""
    return [int(t) for t in page.locator(".score-table .totals td").all_inner_texts()]


def banner(page: Page) -> Any:
    return page.locator(".game-banner .banner-line")
