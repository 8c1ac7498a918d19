"""A game and its table on a phone at 390×844: a finished game's players kept as a table in a
few taps, a second game added to that table from its page (a watching phone sees it at the
table without a reload), the table page counting both; a name refused at its field; axe-clean;
screenshots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from axe_check import violations
from bid_games import Taps
from playwright.sync_api import Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def _one_card_game(page: Page, played: bool = False) -> str:
    """A one-card Oh Hell game made elsewhere (the API; ``played``: its round too, Ana taking
    the trick), this phone its scorekeeper (its link), Ana dealing: its page's path."""
    created = page.request.post("/api/v1/games", data={
        "ruleset": "oh-hell", "players": NAMES, "first_dealer": 0,
        "options": {"max_hand": 1, "schedule": "down"}})
    assert created.status == 201, created.text()
    answer = created.json()
    game, bearer = answer["game"], {"Authorization": f"Bearer {answer['edit_token']}"}
    for path, body in (("bids", {"bids": [0] * 4}), ("tricks", {"tricks": [1, 0, 0, 0]})):
        if played:
            written = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                        data={"version": game["version"], **body})
            assert written.status == 200, written.text()
            game = written.json()
    page.goto(answer["scorekeeper_url"])
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return f"/g/{answer['game']['id']}"


def _play_one_card(page: Page, taker: str) -> None:
    """The one round, Ana dealing: everyone bids 0, ``taker`` takes the trick."""
    for name in NAMES[1:] + NAMES[:1]:
        page.get_by_role("button", name=f"{name} bids 0", exact=True).click()
    for name in NAMES:
        page.get_by_role("radio", name=f"{name} took {1 if name == taker else 0}",
                         exact=True).check()
    page.get_by_role("button", name="Save tricks").click()
    expect(page.get_by_role("button", name="Save tricks")).to_have_count(0)  # the game is over


def test_a_game_kept_as_a_table_and_another_added(page: Page, phones: Callable[..., Any],
                                                  screenshot_dir: Path) -> None:
    first = _one_card_game(page)
    _play_one_card(page, "Ben")

    # The finished game offers its players as a table, named after them.
    name = page.get_by_label("The table's name")
    expect(name).to_have_value("Ana, Ben, Cleo, and Dev")
    keep = page.get_by_role("button", name="Keep these players as a table")
    keep.scroll_into_view_if_needed()
    page.locator(".keep-table").evaluate("e => e.scrollIntoView({block: 'center'})")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshot_dir / "table-link-keep.png"))

    taps = Taps(page)
    name.fill("Thursday cards")
    taps.button("Keep these players as a table")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    assert taps.count <= 2
    table_url = page.url
    expect(page.get_by_role("heading", name="Thursday cards", level=1)).to_be_visible()
    expect(page.get_by_text("1 game · 1 finished").first).to_be_visible()
    expect(page.get_by_role("link", name="New game at this table")).to_be_visible()

    # The first game is at the table now, on its page.
    page.goto(first)
    expect(page.get_by_role("link", name="At the table Thursday cards")).to_be_visible()
    expect(page.get_by_role("button", name="Keep these players as a table")).to_have_count(0)

    # A second game, started at no table, is added from its page while it is played.
    second = _one_card_game(page)
    watcher = phones()
    watcher.goto(second)
    watcher.evaluate("window.sameDocument = true")
    expect(watcher.get_by_role("link", name=re.compile("^At the table"))).to_have_count(0)
    expect(page.get_by_role("heading", name="Add this game to a table")).to_be_visible()
    expect(page.get_by_role("radio", name="Thursday cards")).to_be_checked()
    page.locator(".join-table").evaluate("e => e.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(screenshot_dir / "table-link-add.png"))
    page.get_by_role("button", name="Add to the table").click()
    expect(page.get_by_text("This game is now at the table Thursday cards.")).to_be_visible()
    link = page.get_by_role("link", name="At the table Thursday cards")
    expect(link).to_be_visible()
    expect(page.get_by_role("heading", name="Add this game to a table")).to_have_count(0)
    # The watching phone sees it at the table, without a reload (polled every 1.5 s).
    expect(watcher.get_by_role("link", name="At the table Thursday cards")).to_be_visible(
        timeout=2500)
    assert watcher.evaluate("window.sameDocument") is True
    _play_one_card(page, "Cleo")
    expect(link).to_be_visible()  # still there once the game is over
    page.reload()
    expect(link).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshot_dir / "table-link-at-table.png"))

    # The table page counts both games.
    link.click()
    page.wait_for_url(table_url)
    expect(page.get_by_text("2 games · 2 finished").first).to_be_visible()
    expect(page.locator(".table-games li")).to_have_count(2)

    # axe-core (WCAG 2.2 AA): the finished game with its form, the game at its table.
    # In French and dark: the same forms, and the game at its table.
    cookies = page.context.cookies()
    for scheme, locale in (("light", "en-GB"), ("dark", "fr-FR")):
        checked = phones(bypass_csp=True, color_scheme=scheme, locale=locale)
        checked.context.add_cookies(cookies)  # this phone holds the table's right too
        _one_card_game(checked, played=True)
        keep, add = (("Keep these players as a table", "Add to the table") if scheme == "light"
                     else ("Garder ces joueurs comme table", "Ajouter à la table"))
        expect(checked.get_by_role("button", name=keep)).to_be_visible()
        expect(checked.get_by_role("button", name=add)).to_be_visible()
        if scheme == "dark":
            checked.locator(".keep-table").evaluate("e => e.scrollIntoView({block: 'center'})")
            checked.screenshot(path=str(screenshot_dir / "table-link-keep-fr-dark.png"))
        assert violations(checked) == [], (scheme, "keep")
        if scheme == "light":  # refused: the reason at the field, brought on screen
            checked.get_by_label("The table's name").fill("")
            checked.get_by_role("button", name="Keep these players as a table").click()
            field = checked.get_by_label("The table's name")
            expect(field).to_have_accessible_description(
                re.compile("Give the table a name."))
            expect(field).to_be_in_viewport()
            expect(field).to_be_focused()
            checked.screenshot(path=str(screenshot_dir / "table-link-refused.png"))
            assert violations(checked) == [], (scheme, "refused")
        checked.goto(second)
        if scheme == "dark":
            expect(checked.get_by_role("link", name="À la table Thursday cards")).to_be_visible()
        assert violations(checked) == [], (scheme, "at the table")


def _tap(page: Page, name: str, role: str) -> None:
    """A finger's tap on a link or button, brought on screen as a thumb scrolls to it."""
    target = page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_tables_game_deleted_goes_back_to_the_table(page: Page, screenshot_dir: Path) -> None:
    made = page.request.post("/api/v1/tables", data={"name": "Thursday cards"})
    assert made.status == 201, made.text()
    table = made.json()
    table_id, bearer = table["table"]["id"], {"Authorization": f"Bearer {table['edit_token']}"}
    game = page.request.post("/api/v1/games", headers=bearer, data={
        "ruleset": "oh-hell", "players": NAMES, "first_dealer": 0, "table": table_id})
    assert game.status == 201, game.text()
    game_id = game.json()["game"]["id"]
    page.goto(table["scorekeeper_url"])  # this phone keeps the table's score
    page.wait_for_url(re.compile(f"/t/{table_id}$"))
    page.goto(f"/g/{game_id}")
    _tap(page, "Delete this game…", "link")
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    _tap(page, "Delete the game", "button")
    page.wait_for_url(re.compile(f"/t/{table_id}$"))  # back at the table, not home
    expect(page.get_by_role("heading", name="Thursday cards", level=1)).to_be_visible()
    said = page.get_by_role("status").filter(has_text="The game was deleted.")
    expect(said).to_be_visible()
    expect(page.locator(".table-games li")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "table-game-deleted.png"))
    assert page.request.get(f"/g/{game_id}").status == 404
