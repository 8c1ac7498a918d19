"""A table's score pad of many players at 390×844 with touch: its panel shows them 20 at a
time, as "who is ahead" and the card games' panels do (docs/rules.md section 7), a tap on
"More players" away from the next 20, and each page's figures fit the phone. Screenshot: the
Hearts panel's second page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: 25 players, who played Hearts in three games of at most 12.
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Émile", "Fay", "Gus", "Hana", "Ines", "Jon", "Kai",
         "Lena", "Marco", "Nora", "Otto", "Pia", "Quentin", "Rosa", "Sami", "Théo", "Ugo",
         "Vera", "Wim", "Xenia", "Yusuf"]


def _hearts_table(page: Page) -> str:
    """A table whose 25 players each played Hearts (lowest wins), every game ended by hand."""
    created = page.request.post("/api/v1/tables", data={"name": "Le club"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    bearer = {"Authorization": f"Bearer {token}"}
    for seats in (NAMES[:12], NAMES[12:24], NAMES[24:] + NAMES[:11]):
        made = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": "score-pad", "title": "Hearts", "players": seats, "table": table_id,
            "options": {"winner": "lowest"}})
        assert made.status == 201, made.text()
        game = made.json()["game"]
        for path, body in (("points", {"points": [(7 * seat) % 26 for seat in range(len(seats))]}),
                           ("finish", {})):
            answer = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                       data={"version": game["version"], **body})
            assert answer.status == 200, answer.text()
            game = answer.json()
    return table_id


def test_a_pads_panel_pages_its_players(page: Page, screenshot_dir: Path) -> None:
    table_id = _hearts_table(page)
    page.goto(f"/t/{table_id}")
    hearts = page.locator("section.panel", has=page.get_by_role(
        "heading", name=re.compile(r"^Hearts · lowest wins")))
    rows = hearts.get_by_role("table").locator("tbody tr")
    expect(rows).to_have_count(20)
    more = page.get_by_role("link", name="More players")
    more.scroll_into_view_if_needed()
    box = more.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url(re.compile(r"players=20"))
    expect(rows).to_have_count(5)
    expect(page.get_by_text("Players 21 to 25 of 25")).to_be_visible()
    expect(page.get_by_role("link", name="Previous players")).to_be_visible()
    # The page's figures fit the phone: nothing hidden to the side.
    scroll = hearts.locator(".table-scroll")
    assert scroll.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    hearts.evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "pad-table-players-21-to-25.png"))
