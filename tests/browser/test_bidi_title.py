"""A score pad titled with a right-to-left override ("\u202eHearts") reverses its own letters
and nothing else: the heading's players and the tab's "· round 1 · Companion" read as ever."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FSI, PDI, RLO, PDF = "\u2068", "\u2069", "\u202e", "\u202c"


def test_a_bidi_title_stays_in_its_place(page: Page, live_server: str,
                                         screenshot_dir: Path) -> None:
    request = urllib.request.Request(
        f"{live_server}/api/v1/games", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"ruleset": "score-pad", "title": f"{RLO}Hearts",
                         "players": ["Ana", "Ben", "Cleo"]}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        game_id = json.loads(answer.read())["game"]["id"]
    page.goto(f"/g/{game_id}")
    heading = page.get_by_role("heading", level=1)
    expect(heading.locator("bdi").first).to_have_text(f"{RLO}Hearts{PDF}")
    expect(heading).to_contain_text("Ana, Ben, Cleo")
    assert page.title() == f"{FSI}{RLO}Hearts{PDF}{PDI} · round 1 · Companion"
    page.screenshot(path=str(screenshot_dir / "game-bidi-title.png"))
