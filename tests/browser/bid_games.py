"""What the bid-game journeys share: starting a game through the new-game page, tapping as a
person does (by role and accessible name), and counting the taps."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

GAMES = {"oh-seven": "Oh-Seven", "oh-hell": "Oh Hell", "elevator": "Elevator",
         "seven-up": "Seven-Up"}


class Taps:
    """Taps buttons and radios by their accessible names, and counts them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def button(self, name: str) -> None:
        self.page.get_by_role("button", name=name, exact=True).click()
        self.count += 1

    def radio(self, name: str) -> None:
        self.page.get_by_role("radio", name=name, exact=True).click()
        self.count += 1

    def link(self, name: str) -> None:
        self.page.get_by_role("link", name=name, exact=True).click()
        self.count += 1


def fill_new_game(page: Page, game: str, names: list[str], dealer: int | None = None,
                  options: tuple[str, ...] = ()) -> None:
    """Choose the game and its options, type the names (Enter moves on), pick the dealer."""
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^" + re.escape(GAMES[game]) + " ")).check()
    for option in options:
        page.get_by_role("radio", name=re.compile("^" + re.escape(option))).check()
    rows = page.locator("[data-name-row]").count()
    for _ in range(len(names) - rows):
        page.get_by_role("button", name="Add a player").click()
        expect(page.locator("[data-name-row]")).to_have_count(rows + 1)
        rows += 1
    page.get_by_label("Player 1", exact=True).click()
    for position, name in enumerate(names):
        field = page.get_by_label(f"Player {position + 1}", exact=True)
        expect(field).to_be_focused()
        page.keyboard.type(name)
        page.keyboard.press("Enter")  # game.js: on to the next name
    if dealer is not None:
        page.get_by_role("radio", name=f"player {dealer + 1} deals first").check()


def start_game(page: Page, game: str, names: list[str], dealer: int | None = None,
               options: tuple[str, ...] = ()) -> str:
    fill_new_game(page, game, names, dealer, options)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def totals(page: Page) -> list[int]:
    """The scoreboard's totals row, as shown."""
    return [int(t) for t in page.locator(".score-table .totals td").all_inner_texts()]


def banner(page: Page) -> Any:
    return page.locator(".game-banner .banner-line")
