"""A double tap on a button that creates makes one thing, however it is tapped.

"Start the game", "Start a table", "Rematch" and "Bring the table" (a file) are each tapped twice
on one spot of a 390×844 touch screen, 80–150 ms apart, on a quiet connection, on one 300 ms
away, and with scripts off (the browser then posts the form itself, twice). The server, not only
the page's script, makes the second post the first: each form carries a creation key made with
the page (docs/api.md, "Writes that are safe to repeat"). What counts is what the database holds
afterwards: its rows, read from the live server's SQLite file.
"""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error, Locator, Page, expect
from set_up_games import finish, new_game

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]

#: The gaps between the two touches of an accidental double tap (a finger's is 20–200 ms).
GAPS = (80, 150)


@pytest.fixture(params=["quiet", "300ms-away", "scripts-off"])
def way(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def phone(way: str, phones: Any) -> Iterator[Page]:
    """A touch phone (390×844): scripts on or off, its connection quiet or 300 ms away."""
    page: Page = phones(has_touch=True, locale="en-GB", java_script_enabled=way != "scripts-off")
    if way == "300ms-away":
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1})
    yield page


@pytest.fixture
def count(live_instance: Path) -> Callable[[str], int]:
    """How many rows a table of the live server's database holds now."""
    def rows(table: str) -> int:
        with sqlite3.connect(live_instance / "companion.sqlite") as database:
            return int(database.execute(f"SELECT count(*) FROM {table}").fetchone()[0])  # noqa: S608
    return rows


def double_tap(page: Page, button: Locator, gap: int) -> None:
    """Two touches on the button's centre, ``gap`` ms apart, as a finger does by accident."""
    expect(button).to_be_visible()
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    spot = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.touchscreen.tap(*spot)
    page.wait_for_timeout(gap)
    try:
        page.touchscreen.tap(*spot)
    except Error:
        pass  # the page was already leaving (scripts off: the first post navigates): tapped all the same


def settled(page: Page, address: str) -> None:
    """The page went where the (first) answer leads, and every post was answered.

    The address is polled, not awaited as one navigation: a second post may abort the first
    page load (``net::ERR_ABORTED``), as a browser's own double submit does."""
    expect(page).to_have_url(re.compile(address), timeout=20_000)
    page.wait_for_load_state("networkidle")


def fill_names(page: Page) -> None:
    """Oh Hell for four, typed without the page's script (no Enter to move on)."""
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^Oh Hell ")).check()
    for position, name in enumerate(NAMES):
        page.get_by_label(f"Player {position + 1}", exact=True).fill(name)


@pytest.mark.parametrize("gap", GAPS)
def test_start_the_game_double_tapped_starts_one_game(phone: Page, gap: int,
                                                      count: Callable[[str], int]) -> None:
    fill_names(phone)
    games = count("games")
    double_tap(phone, phone.get_by_role("button", name="Start the game"), gap)
    settled(phone, r"/g/[\w-]+$")
    assert count("games") == games + 1
    expect(phone.locator("#banner")).to_contain_text("Round 1")


@pytest.mark.parametrize("gap", GAPS)
def test_start_a_table_double_tapped_starts_one_table(phone: Page, gap: int,
                                                      count: Callable[[str], int]) -> None:
    phone.goto("/")
    phone.get_by_label("The table's name").fill("Thursday cards")
    tables = count("tables")
    double_tap(phone, phone.get_by_role("button", name="Start a table"), gap)
    settled(phone, r"/t/[\w-]+$")
    assert count("tables") == tables + 1


@pytest.mark.parametrize("gap", GAPS)
def test_rematch_double_tapped_starts_one_game(phone: Page, gap: int, live_server: str,
                                               count: Callable[[str], int]) -> None:
    game = new_game(live_server, "oh-hell", NAMES)
    finish(game)
    game.keep_on(phone)
    phone.goto(game.url)
    games = count("games")
    double_tap(phone, phone.get_by_role("button", name="Rematch"), gap)
    settled(phone, rf"/g/(?!{game.id})[\w-]+$")
    assert count("games") == games + 1


@pytest.mark.parametrize("gap", GAPS)
def test_bring_the_table_double_tapped_brings_one_table(phone: Page, gap: int, live_server: str,
                                                        tmp_path: Path,
                                                        count: Callable[[str], int]) -> None:
    game = new_game(live_server, "oh-hell", NAMES)
    finish(game)
    saved = tmp_path / "game.json"
    with urllib.request.urlopen(f"{live_server}/api/v1/games/{game.id}/export", timeout=10) as answer:
        saved.write_bytes(answer.read())
    assert json.loads(saved.read_text())["format"] == "companion-export"
    phone.goto("/")
    phone.get_by_label("Bring a table from a file").set_input_files(saved)
    tables = count("tables")
    double_tap(phone, phone.get_by_role("button", name="Bring the table"), gap)
    settled(phone, r"/t/[\w-]+$")
    assert count("tables") == tables + 1


def _exported(live_server: str, tmp_path: Path) -> Path:
    """A finished game's file, as its page's "Download this game" saves it."""
    game = new_game(live_server, "oh-hell", NAMES)
    finish(game)
    saved = tmp_path / "game.json"
    with urllib.request.urlopen(f"{live_server}/api/v1/games/{game.id}/export", timeout=10) as answer:
        saved.write_bytes(answer.read())
    return saved


def _bring_and_lose_the_answer(phone: Page, saved: Path) -> None:
    """The file chosen and sent; the server makes the table, but its answer is dropped on the
    way back (Chromium's Fetch domain, at the response stage: the file goes out whole, which
    Playwright's routes cannot forward), and the phone shows an error page."""
    phone.goto("/")
    phone.get_by_label("Bring a table from a file").set_input_files(saved)
    lost: list[int] = []
    cdp = phone.context.new_cdp_session(phone)

    def lose_first_answer(paused: dict[str, Any]) -> None:
        if lost:
            cdp.send("Fetch.continueRequest", {"requestId": paused["requestId"]})
            return
        lost.append(paused["responseStatusCode"])  # the server made it...
        cdp.send("Fetch.failRequest", {"requestId": paused["requestId"],
                                       "errorReason": "ConnectionReset"})  # ...its answer lost

    cdp.on("Fetch.requestPaused", lose_first_answer)
    cdp.send("Fetch.enable", {"patterns": [{"urlPattern": "*/import", "requestStage": "Response"}]})
    phone.get_by_role("button", name="Bring the table").click()
    for _ in range(200):  # the handler runs while the page waits
        if lost:
            break
        phone.wait_for_timeout(100)
    assert lost == [303]
    # The error page shown (in a process of its own: the page is attached to it anew).
    expect(phone).to_have_url(re.compile(r"^chrome-error:"))
    phone.wait_for_load_state()


def _kept_here(phone: Page) -> None:
    """The table's page opened, and this phone keeps its score (the home page lists it)."""
    settled(phone, r"/t/[\w-]+$")
    expect(phone.get_by_role("link", name="Download everything")).to_be_visible()
    phone.goto("/")
    expect(phone.locator(".home-tables .game-link")).to_have_count(1)


def test_bring_the_table_answer_lost_then_sent_again_brings_one_table(
        phones: Any, live_server: str, tmp_path: Path, count: Callable[[str], int]) -> None:
    """The file reached the server and the table was made, but the answer was lost on the way
    back: the person reloads the page, the browser sends the form again, and the same table
    opens, this phone keeping its score; no second copy."""
    saved = _exported(live_server, tmp_path)
    phone: Page = phones(has_touch=True, locale="en-GB")
    tables = count("tables")
    _bring_and_lose_the_answer(phone, saved)
    assert count("tables") == tables + 1
    phone.reload()  # the form sent again
    _kept_here(phone)
    assert count("tables") == tables + 1


def test_bring_the_table_answer_lost_then_back_and_again_brings_one_table(
        phones: Any, live_server: str, tmp_path: Path, count: Callable[[str], int]) -> None:
    """The answer lost, the person goes Back to the home page (drawn anew, with a new key),
    chooses the same file again and taps "Bring the table": the same table opens, kept by this
    phone; no second copy. (The key the file was first sent with is kept in the tab.)"""
    saved = _exported(live_server, tmp_path)
    phone: Page = phones(has_touch=True, locale="en-GB")
    tables = count("tables")
    _bring_and_lose_the_answer(phone, saved)
    assert count("tables") == tables + 1
    try:
        phone.go_back()
    except Error:  # the error page's process still being swapped in: asked once more
        phone.wait_for_timeout(500)
        phone.go_back()
    expect(phone.get_by_role("button", name="Bring the table")).to_be_visible()
    phone.get_by_label("Bring a table from a file").set_input_files(saved)
    phone.get_by_role("button", name="Bring the table").click()
    _kept_here(phone)
    assert count("tables") == tables + 1
    # An answer seen lets the key go: the same file brought again now is a new table.
    phone.get_by_label("Bring a table from a file").set_input_files(saved)
    phone.get_by_role("button", name="Bring the table").click()
    settled(phone, r"/t/[\w-]+$")
    assert count("tables") == tables + 2
