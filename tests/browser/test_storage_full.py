"""A full disk on the server (507 ``storage-full``) is not "send the same request again": the
phone's queue says so, stops sending, and keeps the taps waiting on the phone (a 503 made it
retry for ever)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from bid_games import Taps, start_game
from playwright.sync_api import Page, Route, expect
from test_offline import game_json

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]  # Ana deals round 1: Ben bids first


def test_a_full_disk_stops_the_queue_and_keeps_the_taps(page: Page, live_server: str,
                                                        screenshot_dir: Path) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    sent: list[str] = []

    def the_disk_is_full(route: Route) -> None:
        sent.append(route.request.post_data or "")
        route.fulfill(status=507, content_type="text/html", body="<h1>Nothing was saved</h1>")

    page.route("**/bid", the_disk_is_full)
    taps.button("Ben bids 3")
    notice = page.get_by_role("alert").filter(has_text="The server is full")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("The server is full: your taps wait on this phone, not sent. "
                                "Tell the person who runs it.")
    page.screenshot(path=str(screenshot_dir / "storage-full-queue.png"))
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    time.sleep(3)  # a 503 was sent again after 1 s, 2 s, …: a 507 never is by itself
    assert len(sent) == 1
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    assert game_json(live_server, url)["version"] == 1  # created, nothing since
