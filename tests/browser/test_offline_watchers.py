"""A watching phone that loses the connection says so quietly, keeps the last scores and
catches up by itself; a finished game's watchers follow its rematch."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from bid_games import Say, start_game
from playwright.sync_api import Page, Route, expect
from waiting import until

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def bid(page: Page, name: str, value: int, say: Say | None = None) -> None:
    label = (say or Say())("%(player)s bids %(bid)s", player=name, bid=value)
    page.get_by_role("button", name=label, exact=True).click()


def row(page: Page, name: str) -> Any:
    return page.locator(".bid-order li").filter(has=page.locator(".who", has_text=name))


def test_a_watcher_offline_for_ten_seconds_catches_up(page: Page, phones: Any) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    watcher = phones()
    watcher.goto(url)
    bid(page, "Ben", 3)
    expect(row(watcher, "Ben").locator(".what")).to_have_text("3")

    watcher.context.set_offline(True)
    offline_since = time.monotonic()
    reconnecting = watcher.get_by_text("Reconnecting…")
    expect(reconnecting).to_be_visible(timeout=5_000)
    expect(watcher.locator("#notice")).to_be_hidden()  # quiet: no alert over the scores
    bid(page, "Cleo", 0)
    bid(page, "Dev", 2)
    # Both stored (the scorekeeper's page draws a tap before the server has it).
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0)
    expect(row(watcher, "Ben").locator(".what")).to_have_text("3")  # the last scores stay
    expect(row(watcher, "Cleo").locator(".what")).to_have_text("to bid")
    # The ten seconds offline are the thing tested; what follows waits on what the watcher shows.
    time.sleep(max(0.0, 10 - (time.monotonic() - offline_since)))

    watcher.context.set_offline(False)
    expect(row(watcher, "Dev").locator(".what")).to_have_text("2", timeout=5_000)
    expect(row(watcher, "Ana").locator(".what")).to_have_text("to bid")
    expect(reconnecting).to_be_hidden()


def test_a_poll_whose_answer_never_comes_does_not_stop_the_watcher(page: Page, phones: Any) -> None:
    """A poll that reaches nowhere and is never answered (the Wi-Fi swallowed it): after 8 s it
    counts as no connection, and the next polls bring the game."""
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    watcher = phones()
    hung: list[Route] = []

    def never_answer_the_first(route: Route) -> None:
        if not hung:
            hung.append(route)  # left unanswered: the request stays open
        else:
            route.continue_()

    watcher.goto(url)
    expect(row(watcher, "Ben").locator(".what")).to_have_text("to bid")
    watcher.route("**/live?*", never_answer_the_first)
    until(watcher, lambda: hung, "the next poll, which hangs")  # every 1.5 s
    assert len(hung) == 1
    bid(page, "Ben", 3)
    # The polls queued behind it go out once it is given up (the note shows only that long).
    expect(row(watcher, "Ben").locator(".what")).to_have_text("3", timeout=12_000)
    expect(watcher.get_by_text("Reconnecting…")).to_be_hidden()
    expect(watcher.locator("#notice")).to_be_hidden()


@pytest.mark.parametrize("look", ["light", "dark", "fr"])
def test_screenshots_of_the_reconnecting_watcher(page: Page, phones: Any, screenshot_dir: Path,
                                                 look: str) -> None:
    say = Say("fr" if look == "fr" else "en")
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    bid(page, "Ben", 3)
    bid(page, "Cleo", 0)
    watcher = phones(color_scheme="dark" if look == "dark" else "light",
                     locale="fr-FR" if look == "fr" else "en-GB")
    watcher.goto(url)
    expect(row(watcher, "Cleo").locator(".what")).to_have_text("0")
    watcher.context.set_offline(True)
    expect(watcher.get_by_text(say("Reconnecting…"))).to_be_visible(timeout=5_000)
    suffix = "" if look == "light" else f"-{look}"
    watcher.screenshot(path=str(screenshot_dir / f"offline-reconnecting{suffix}.png"))
    watcher.context.set_offline(False)
    expect(watcher.get_by_text(say("Reconnecting…"))).to_be_hidden(timeout=5_000)


def until_seen(target: Any, seconds: float = 2) -> bool:
    """Whether ``target`` shows within ``seconds``."""
    try:
        expect(target).to_be_visible(timeout=seconds * 1000)
    except AssertionError:
        return False
    return True


def one_round_game(base: str) -> dict[str, Any]:
    """An Oh Hell game of one round of one card, made through the API."""
    body = {"ruleset": "oh-hell", "players": NAMES, "first_dealer": 0,
            "options": {"schedule": "up", "max_hand": 1}}
    request = urllib.request.Request(base + "/api/v1/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def test_a_watcher_follows_the_rematch(page: Page, phones: Any, live_server: str) -> None:
    created = one_round_game(live_server)
    share = live_server + created["game"]["links"]["share"]
    page.goto(created["scorekeeper_url"])
    watcher = phones()
    watcher.clock.install()  # the page's own clock, moved on by the test past its 10 s waits
    watcher.goto(share)
    for name, value in (("Ben", 0), ("Cleo", 0), ("Dev", 0), ("Ana", 0)):
        bid(page, name, value)
    for name, took in (("Ben", 1), ("Cleo", 0), ("Dev", 0)):
        page.get_by_role("radio", name=f"{name} took {took}", exact=True).click()
    page.get_by_role("button", name="Save tricks").click()
    expect(watcher.get_by_text("Final standings")).to_be_visible(timeout=10_000)

    page.get_by_role("button", name="Rematch").click()
    # The tap is sent by waiting_forms.js first (kept if it cannot reach the server): the page moves
    # on once it is answered.
    page.wait_for_url(lambda url: url != share and re.search(r"/g/[\w-]+$", url) is not None)
    rematch = page.url
    # The finished game's page looks for a rematch every 10 s, offers it, follows it 10 s later.
    link = watcher.get_by_role("link", name="Rematch: watch the new game")
    watcher.clock.fast_forward(10_000)
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", rematch.removeprefix(live_server))
    expect(watcher.get_by_text("Opening the new game in 10 seconds…")).to_be_visible()
    assert watcher.url == share  # not before the 10 s
    watcher.clock.fast_forward(10_000)
    watcher.wait_for_url(rematch)
    expect(watcher.locator(".game-banner .banner-line")).to_contain_text("Round 1")


def test_staying_on_the_finished_game(page: Page, phones: Any, live_server: str) -> None:
    created = one_round_game(live_server)
    share = live_server + created["game"]["links"]["share"]
    page.goto(created["scorekeeper_url"])
    for name, value in (("Ben", 0), ("Cleo", 0), ("Dev", 0), ("Ana", 0)):
        bid(page, name, value)
    for name, took in (("Ben", 1), ("Cleo", 0), ("Dev", 0)):
        page.get_by_role("radio", name=f"{name} took {took}", exact=True).click()
    page.get_by_role("button", name="Save tricks").click()
    expect(page.get_by_text("Final standings")).to_be_visible()
    watcher = phones()
    watcher.clock.install()  # the page's own clock, moved on by the test past its 10 s waits
    watcher.goto(share)
    expect(watcher.get_by_text("Final standings")).to_be_visible()  # its 10 s look-out set
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    offer = watcher.get_by_text("Opening the new game in 10 seconds…")
    for _look in range(3):  # it looks every 10 s: the next look, or the one after a swap's
        watcher.clock.fast_forward(10_000)
        if until_seen(offer):
            break
    expect(offer).to_be_visible()
    watcher.get_by_role("button", name="Stay here").click()
    expect(watcher.get_by_text("Opening the new game in 10 seconds…")).to_be_hidden()
    # The gap is the thing tested: past the 10 s it would have followed the rematch, it stays.
    watcher.clock.fast_forward(11_000)
    watcher.wait_for_timeout(1_000)  # time for a navigation to begin, were one coming
    assert watcher.url == share
    # Opened later, the finished game only offers its rematch.
    later = phones()
    later.goto(share)
    expect(later.get_by_role("link", name="Rematch: watch the new game")).to_be_visible()
    expect(later.get_by_text("Opening the new game in 10 seconds…")).to_be_hidden()
