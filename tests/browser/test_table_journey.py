"""A table on a phone at 390×844: start it from the home page, play two one-card Oh Hell
games created from the table's new-game page, start a third as last time in at most 3 taps,
read the figures in French, rename a player; screenshots of the table page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from axe_check import violations
from bid_games import Taps, open_house_rules
from playwright.sync_api import Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def _play_one_card(page: Page, taker: str, dealer: str) -> None:
    """The one round: everyone bids 0 (the dealer last), ``taker`` takes the trick."""
    order = NAMES[NAMES.index(dealer) + 1:] + NAMES[:NAMES.index(dealer) + 1]
    for name in order:
        page.get_by_role("button", name=f"{name} bids 0", exact=True).click()
    for name in NAMES:
        page.get_by_role("radio", name=f"{name} took {1 if name == taker else 0}",
                         exact=True).check()
    page.get_by_role("button", name="Save tricks").click()
    expect(page.get_by_role("button", name="Save tricks")).to_have_count(0)  # the game is over


def test_a_table_game_after_game(page: Page, phones: Callable[..., Any],
                                 screenshot_dir: Path) -> None:
    page.goto("/")
    page.get_by_label("The table's name").fill("Thursday cards")
    page.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    table_url = page.url
    expect(page.get_by_role("heading", name="Thursday cards")).to_be_visible()

    # The first game: typed, from the table's new-game page.
    page.get_by_role("link", name="New game at this table").click()
    page.get_by_role("radio", name=re.compile("^Oh Hell ")).check()
    open_house_rules(page)
    page.get_by_role("radio", name=re.compile("^This many cards")).first.check()
    page.get_by_label("Largest hand, in cards").first.fill("1")
    page.get_by_role("radio", name=re.compile("^Down only")).first.check()
    for position, name in enumerate(NAMES):
        page.get_by_label(f"Player {position + 1}", exact=True).fill(name)
    page.get_by_role("radio", name="Ana deals first").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    _play_one_card(page, "Ben", dealer="Ana")

    # The second: the table's new-game page has last time's seating, Ben dealing next.
    page.goto(table_url)
    page.get_by_role("link", name="New game at this table").click()
    expect(page.get_by_role("button", name="Ana", exact=True)).to_be_disabled()  # seated
    for position, name in enumerate(NAMES):
        expect(page.get_by_label(f"Player {position + 1}", exact=True)).to_have_value(name)
    expect(page.get_by_role("radio", name="Ben deals first")).to_be_checked()
    # A chip seats its player in the next empty seat: empty Dev's, then tap Dev back in.
    page.get_by_role("button", name="Remove Dev").click()
    page.get_by_role("button", name="+ Add a player").click()
    page.get_by_role("button", name="Dev", exact=True).click()
    expect(page.get_by_label("Player 4", exact=True)).to_have_value("Dev")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    _play_one_card(page, "Cleo", dealer="Ben")

    # The third: the same table as last time, in at most 3 taps from the table page.
    page.goto(table_url)
    taps = Taps(page)
    taps.link("New game at this table")
    taps.button("Start the game")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert taps.count <= 3
    expect(page.get_by_text("Cleo deals")).not_to_have_count(0)

    # The table page: three games, the newest first; both finished ones counted.
    page.goto(table_url)
    expect(page.get_by_text("3 games · 2 finished").first).to_be_visible()
    expect(page.locator(".table-games li")).to_have_count(3)
    page.screenshot(path=str(screenshot_dir / "table-light.png"), full_page=False)

    # Anyone with the link reads it, here in French.
    french = phones(locale="fr-FR")
    french.goto(table_url)
    expect(french.get_by_role("heading", name="Qui mène")).to_be_visible()
    expect(french.get_by_text("3 parties · 2 terminées").first).to_be_visible()
    expect(french.get_by_role("heading", name="Face-à-face")).to_be_visible()
    expect(french.get_by_role("columnheader", name="Points par manche")).to_be_visible()
    # Ana was exact both times: 2 rounds, 100 % success.
    ana = french.locator("section", has=french.get_by_role("heading", name="Oh Hell")) \
        .get_by_role("row").filter(has_text="Ana")
    expect(ana).to_contain_text("100")
    assert french.evaluate("document.documentElement.scrollWidth") <= 390

    # Dark, from the head to head on; in Italian, the Oh Hell figures and records.
    for options, shown, name in (({"color_scheme": "dark"}, ".h2h", "table-dark.png"),
                                 ({"locale": "it-IT"}, ".table-records", "table-italian.png")):
        other = phones(device_scale_factor=2, **options)
        other.goto(table_url)
        part = other.locator(f"section:has({shown})")
        part.evaluate("element => element.scrollIntoView({block: 'start'})")
        expect(part).to_be_in_viewport()
        assert other.evaluate("document.documentElement.scrollWidth") <= 390
        other.screenshot(path=str(screenshot_dir / name))

    # axe-core (WCAG 2.2 AA) over the table page, light and dark, as the other pages are.
    for scheme in ("light", "dark"):
        checked = phones(bypass_csp=True, color_scheme=scheme)
        checked.goto(table_url)
        assert violations(checked) == [], scheme

    watcher = phones()
    watcher.goto(table_url)
    expect(watcher.locator(".table-figures").first).to_contain_text("Dev")
    watcher.evaluate("window.sameDocument = true")

    # Rename a player: refused with the reason when one game has both names, then done.
    page.get_by_label("Player", exact=True).select_option("Dev")
    page.get_by_label("New name").fill("Ana")
    page.get_by_role("button", name="Rename", exact=True).click()
    expect(page.get_by_text("One game has both Dev and Ana")).to_be_visible()
    expect(page.get_by_label("New name")).to_have_value("Ana")
    page.get_by_label("New name").fill("Devi")
    page.get_by_role("button", name="Rename", exact=True).click()
    # Who is ahead: Ana and Dev exact both times, Ben and Cleo once (each took a trick).
    expect(page.locator(".table-figures").first.get_by_role("rowheader")).to_have_text(
        ["Ana", "Devi", "Ben", "Cleo"])
    # The watching phone sees it live, without a reload (polled every 1.5 s).
    expect(watcher.locator(".table-figures").first.get_by_role("rowheader")).to_have_text(
        ["Ana", "Devi", "Ben", "Cleo"], timeout=2500)
    assert watcher.evaluate("window.sameDocument") is True


def test_the_head_to_head_of_twelve_fits_390_px(page: Page, screenshot_dir: Path) -> None:
    """Twelve players (two seven-seat games): the head to head's rows, one a pair that played
    together, fit the phone's width with both names whole."""
    created = page.request.post("/api/v1/tables", data={"name": "Club"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    bearer = {"Authorization": f"Bearer {token}"}
    names = ["Alessandra", "Bartholomew", "Cleo", "Dev", "Eve", "Fatima", "Gus",
             "Hana", "Ivo", "Jo", "Kim", "Lorenzo"]
    for seats in (names[:7], names[5:]):
        game = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": "oh-hell", "players": seats, "table": table_id,
            "options": {"max_hand": 1, "schedule": "down"}}).json()["game"]
        for path, body in (("bids", {"bids": [0] * 7}), ("tricks", {"tricks": [1] + [0] * 6})):
            answer = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                       data={"version": game["version"], **body})
            assert answer.status == 200, answer.text()
            game = answer.json()
    page.goto(f"/t/{table_id}")
    pairs = page.get_by_role("list", name="Head to head").get_by_role("listitem")
    expect(pairs).to_have_count(41)  # 21 pairs a game, Fatima and Gus in both
    for item in pairs.all():
        assert item.evaluate("e => e.scrollWidth <= e.clientWidth")
    expect(pairs.filter(has_text="Bartholomew – Alessandra")).to_have_text(
        "Bartholomew – Alessandra 1–0")  # Alessandra, first seat, took the trick
    # Two who finished level are said to have: "0–0" alone read as if they never met.
    expect(pairs.filter(has_text="Cleo – Dev")).to_have_text("Cleo – Dev 0–0, 1 tie")
    expect(pairs.filter(has_text="Gus – Fatima")).to_have_text("Gus – Fatima 1–0, 1 tie")
    expect(page.get_by_text("and how often level")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    pairs.first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "table-twelve-players.png"))
