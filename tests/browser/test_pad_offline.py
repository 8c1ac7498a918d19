"""A score pad goes on offline as Oh-Seven and Seven-Up do (issue 26, item 2): the round being
entered is kept and shown as waiting, and the page says plainly that the next round waits for
the connection (the engine judges a round: the phone cannot); "We stop here" tapped offline
waits too, saying the final standings wait. Each is sent once, in order, when the connection
is back.

A 390×844 touch phone, tapped with ``page.touchscreen.tap``; offline is Playwright's
``context.set_offline()``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bid_games import Say
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, Request, expect
from test_offline import all_sent, game_json
from test_score_pad_journey import Thumb, enter_round, quick_pad

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo"]
SAY = Say("en")
NEXT_ROUND = "The next round waits for the connection."
NEXT_ENTRY = "The next entry waits for the connection."
FINAL = "The final standings wait for the connection."


def pad_posts(page: Page) -> list[tuple[str, str]]:
    """Every points or finish POST the server answered, as (its last path part, its key)."""
    delivered: list[tuple[str, str]] = []

    def seen(request: Request) -> None:
        found = re.search(r"/(points|finish)$", request.url)
        if request.method == "POST" and found:
            key = re.search(r"idempotency_key=([^&]*)", request.post_data or "")
            delivered.append((found.group(1), key.group(1) if key else ""))

    page.on("requestfinished", seen)
    return delivered


def tap_found_again(page: Page, target: Locator) -> None:
    """A tap where ``target`` is on the screen, found again when the page draws it anew as it is
    found (while a round waits, the queue tries again and draws the page anew). Scrolled only if
    need be: brought under the spot of the tap before, it would be taken for a double tap."""
    box = None
    for _ in range(20):
        try:
            target.scroll_into_view_if_needed(timeout=1000)
            box = target.bounding_box(timeout=1000)
        except PlaywrightError:
            box = None
        if box:
            break
        page.wait_for_timeout(50)
    assert box is not None, target
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def a_pad_after_one_round(page: Page) -> str:
    """Rummy for three, its first round saved online: the page's URL."""
    quick_pad(page, SAY, "Rummy", NAMES)
    enter_round(Thumb(page), SAY, NAMES, ["12", "0", "-5"], 1)
    expect(page.locator("#points-title")).to_contain_text("Round 2: points")
    all_sent(page)
    return page.url


def test_a_pad_round_saved_offline_says_the_next_round_waits(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    url = a_pad_after_one_round(page)
    before = game_json(live_server, url)["version"]
    delivered = pad_posts(page)

    page.context.set_offline(True)
    thumb = Thumb(page)
    enter_round(thumb, SAY, NAMES, ["3", "20", "7"], 2)  # the round goes on offline…
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.locator(".points-form .waiting-note")).to_have_text("waiting to be sent")
    # …and the next one, which only the engine can open (a target, the rounds), waits: said
    # plainly, not as a vague "next entry".
    expect(page.get_by_text(NEXT_ROUND)).to_be_visible()
    expect(page.get_by_text(NEXT_ENTRY)).to_be_hidden()
    expect(page.get_by_text(FINAL)).to_be_hidden()
    save = page.get_by_role("button", name=SAY("Save round %(number)s", number=2), exact=True)
    expect(save).to_be_disabled()  # held as it was tapped while it waits, its numbers shown
    for name, typed in zip(NAMES, ["3", "20", "7"]):
        field = page.get_by_role("textbox", name=SAY("Points for %(player)s", player=name))
        expect(field).to_have_value(typed)
        expect(field).to_be_disabled()
    page.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(screenshot_dir / "pad-offline-next-round.png"))

    page.context.set_offline(False)
    expect(page.locator("#points-title")).to_contain_text("Round 3: points", timeout=15_000)
    all_sent(page)
    expect(page.get_by_text(NEXT_ROUND)).to_be_hidden()
    game = game_json(live_server, url)
    assert game["version"] == before + 1  # stored once
    assert [r["points"] for r in game["rounds"]] == [[12, 0, -5], [3, 20, 7]]
    assert [p["score"] for p in game["players"]] == [15, 20, 2]
    assert [what for what, _key in delivered] == ["points"]


def test_we_stop_here_tapped_offline_waits_and_is_sent_once(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    url = a_pad_after_one_round(page)
    before = game_json(live_server, url)["version"]
    delivered = pad_posts(page)

    page.context.set_offline(True)
    thumb = Thumb(page)
    enter_round(thumb, SAY, NAMES, ["3", "20", "7"], 2)  # the evening's last round…
    expect(page.get_by_text(NEXT_ROUND)).to_be_visible()
    # …and the table stops there, the Wi-Fi still down.
    tap_found_again(page, page.get_by_role("button", name=SAY("We stop here"), exact=True))
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    expect(page.locator(".finish-form .waiting-note")).to_have_text("waiting to be sent")
    expect(page.get_by_role("button", name=SAY("We stop here"), exact=True)).to_be_disabled()
    # No next round after the last: what waits is the end of the game.
    expect(page.get_by_text(FINAL)).to_be_visible()
    expect(page.get_by_text(NEXT_ROUND)).to_be_hidden()
    page.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(screenshot_dir / "pad-offline-we-stop-here.png"))

    page.context.set_offline(False)
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ben wins!"), timeout=15_000)
    all_sent(page)
    game = game_json(live_server, url)
    assert game["status"] == "finished" and game["finished_by"] == "scorekeeper"
    assert game["version"] == before + 2  # the round, then the finish: each stored once
    assert len(game["rounds"]) == 2
    # In order, each under its own key.
    assert [what for what, _key in delivered] == ["points", "finish"]
    assert len({key for _what, key in delivered}) == 2


def test_after_we_stop_here_offline_no_round_can_be_entered(page: Page, live_server: str) -> None:
    """"We stop here" waiting: the round that will never be played cannot be typed into (its
    points would be refused as out of phase and stop the queue)."""
    url = a_pad_after_one_round(page)
    delivered = pad_posts(page)

    page.context.set_offline(True)
    page.wait_for_timeout(400)  # a person's next tap, not the Save's second touch
    tap_found_again(page, page.get_by_role("button", name=SAY("We stop here"), exact=True))
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.get_by_text(FINAL)).to_be_visible()
    for name in NAMES:
        field = page.get_by_role("textbox", name=SAY("Points for %(player)s", player=name))
        expect(field).to_be_disabled()
    save = page.get_by_role("button", name=SAY("Save round %(number)s", number=2), exact=True)
    expect(save).to_be_disabled()

    page.context.set_offline(False)
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ana wins!"), timeout=15_000)
    all_sent(page)
    game = game_json(live_server, url)
    assert game["status"] == "finished" and len(game["rounds"]) == 1
    assert [what for what, _key in delivered] == ["finish"]
