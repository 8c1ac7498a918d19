"""The new-game page at 390×844: at a table it opens on the table, its players' chips in the
first screen; the house rules are one folded line that says what is changed; a name row's
buttons follow the name as it is typed. Screenshots: docs/screenshots/new-game-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bid_games import Say, open_house_rules
from playwright.sync_api import Page, expect
from set_up_games import _call

HEIGHT = 844
NAMES = ["Émilie", "Jean-Baptiste", "Marie", "Théo", "Zoé"]


def _table_with_a_game(base: str, name: str) -> tuple[str, str]:
    """A table that played one one-card Elevator game, through the API: its id and token."""
    table = _call(base, "/api/v1/tables", {"name": name})
    table_id, token = table["table"]["id"], table["edit_token"]
    game = _call(base, "/api/v1/games", {"ruleset": "elevator", "players": NAMES, "table": table_id,
                                         "options": {"max_hand": 1, "schedule": "down"}}, token)["game"]
    version = _call(base, f"/api/v1/games/{game['id']}/bids",
                    {"version": game["version"], "bids": [0] * 5}, token)["version"]
    _call(base, f"/api/v1/games/{game['id']}/tricks",
          {"version": version, "tricks": [1, 0, 0, 0, 0]}, token)
    return table_id, token


def test_a_new_game_at_a_table_opens_on_its_players(
        phones: Callable[..., Page], live_server: str, screenshot_dir: Path) -> None:
    table_id, token = _table_with_a_game(live_server, "Jeudi chez Mamie")
    for language, locale in (("en", "en-GB"), ("fr", "fr-FR")):
        say = Say(language)
        for scheme in ("light", "dark"):
            page = phones(locale=locale, color_scheme=scheme)
            page.goto(f"/t/{table_id}/keep/{token}")
            page.goto(f"/new?table={table_id}")
            expect(page.get_by_text(say("At %(table)s", table="Jeudi chez Mamie"),
                                    exact=True)).to_be_in_viewport()
            chips = page.get_by_role("group", name=say("At %(table)s", table="Jeudi chez Mamie"))
            expect(chips.get_by_role("button")).to_have_count(len(NAMES))
            box = chips.bounding_box()
            assert box is not None and box["y"] + box["height"] < HEIGHT, box  # all of them
            # Last time's seating, game and house rules, said in one closed line.
            expect(page.get_by_label(say("Player %(number)s", number=1), exact=True)).to_have_value(
                "Émilie")
            expect(page.get_by_role("radio", name=re.compile("^" + say("Elevator")))).to_be_checked()
            expect(page.get_by_text(re.compile("^" + re.escape(say("House rules: %(changes)s",
                                                                   changes=""))))
                   .filter(visible=True)).to_contain_text(say("Down only"))
            expect(page.get_by_role("radio", name=re.compile("^" + say("Down only")))).to_be_hidden()
            page.screenshot(path=str(screenshot_dir / f"new-game-at-a-table-{language}-{scheme}.png"))
            page.context.close()


def test_the_house_rules_fold_into_one_line_after_the_names(
        phones: Callable[..., Page], screenshot_dir: Path) -> None:
    for language, locale in (("en", "en-GB"), ("fr", "fr-FR")):
        say = Say(language)
        for scheme in ("light", "dark"):
            page = phones(locale=locale, color_scheme=scheme)
            page.goto("/new?game=oh-hell")
            usual = page.get_by_text(say("House rules: as usual"), exact=True).filter(visible=True)
            expect(usual).to_have_count(1)  # the chosen game's line only
            start = page.get_by_role("button", name=say("Start the game"), exact=True)
            names = page.get_by_label(say("Player %(number)s", number=4), exact=True)
            assert names.bounding_box()["y"] < usual.bounding_box()["y"] < start.bounding_box()["y"]
            height = page.evaluate("document.documentElement.scrollHeight")
            # Was 5,200 px with every house rule open; seven games made it under 3,000 (Wizard,
            # Spades, any other game too), each a radio with its description. A game added since
            # (Belote, Coinche, Scopa) is its name, players, description and rules link: 195 to
            # 250 px at 390 px wide, French the longest, so room for 240 each.
            games = page.locator('input[name="ruleset"]').count()
            assert height < 3000 + 240 * (games - 7), (height, games)
            assert "Source" not in page.locator("main").inner_text()
            page.screenshot(path=str(screenshot_dir / f"new-game-{language}-{scheme}.png"))
            if language == "en" and scheme == "light":
                page.screenshot(path=str(screenshot_dir / "new-game-en-light-full.png"),
                                full_page=True)
                # Opened, a rule changed: the line says it; another game: that game's line.
                open_house_rules(page, say)
                page.get_by_role("radio", name=re.compile("^Squared")).check()
                expect(page.get_by_text("House rules: Scoring: Squared", exact=True)).to_be_visible()
                page.get_by_role("radio", name=re.compile("^Up only")).check()
                expect(page.get_by_text("House rules: Scoring: Squared; Hand sizes: Up only",
                                        exact=True)).to_be_visible()
                page.get_by_role("spinbutton", name="Largest hand, in cards").fill("5")
                expect(page.get_by_text(re.compile("Largest hand: 5 cards$"))).to_be_visible()
                page.screenshot(path=str(screenshot_dir / "new-game-house-rules-open.png"),
                                full_page=True)
                page.get_by_role("radio", name=re.compile("^Seven-Up ")).check()
                expect(page.get_by_role("radio", name=re.compile("^Squared"))).to_be_hidden()
                expect(page.get_by_role("radio", name=re.compile("^10 points"))).to_be_visible()
                expect(usual).to_have_count(1)
            page.context.close()


def test_a_rows_buttons_follow_the_name_typed(phones: Callable[..., Any]) -> None:
    page = phones(locale="fr-FR")
    say = Say("fr")
    page.goto("/new?game=oh-hell")
    field = page.get_by_label(say("Player %(number)s", number=1), exact=True)
    field.fill("Ana")
    who = say("player %(number)s", number=1)
    for role, words in (("radio", "%(player)s deals first"), ("button", "Move %(player)s down"),
                        ("button", "Remove %(player)s")):
        expect(page.get_by_role(role, name=say(words, player="Ana"), exact=True)).to_have_count(1)
        expect(page.get_by_role(role, name=say(words, player=who), exact=True)).to_have_count(0)
    field.fill("")  # no name: its number again
    expect(page.get_by_role("radio", name=say("%(player)s deals first", player=who),
                            exact=True)).to_have_count(1)
    field.fill("Ben")
    page.get_by_role("radio", name=say("%(player)s deals first", player="Ben"), exact=True).check()
    page.get_by_role("button", name=say("Add a player")).click()  # drawn by the server: Ben's
    expect(page.get_by_role("radio", name=say("%(player)s deals first", player="Ben"),
                            exact=True)).to_be_checked()


def test_every_game_offered_shows_its_own_house_rules(phones: Callable[..., Page]) -> None:
    """The chosen game's rules line and rules, however many games come before it (the page
    shows them by the game's position: Scopa and any other game came ninth and tenth)."""
    page = phones(locale="en-GB")
    page.goto("/new?game=oh-hell")
    games = page.locator('input[name="ruleset"]')
    usual = page.get_by_text("House rules: as usual", exact=True).filter(visible=True)
    for index in range(games.count()):
        games.nth(index).check()
        expect(usual).to_have_count(1)
    page.get_by_role("radio", name=re.compile("^Scopa ")).check()
    open_house_rules(page)
    rules = page.get_by_role("group", name="Napola", exact=True)
    expect(rules).to_be_visible()
    expect(rules.get_by_role("radio", name=re.compile("^Napola "))).to_be_visible()
    expect(page.get_by_role("group", name="The deal passes", exact=True)).to_be_visible()
    # The deal's direction in the words every game that offers it shares.
    expect(page.get_by_role("radio", name=re.compile(
        "^To the left .*Clockwise: the player on the dealer's left deals next"))).to_be_visible()
