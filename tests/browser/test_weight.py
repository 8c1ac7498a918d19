"""What a phone downloads: the share page of a finished 19-round game, and the home page, in
real Chromium. Requests and encoded bytes (what came over the wire: headers and compressed
bodies) are counted through the DevTools protocol (``Network.loadingFinished``).

First visit: at most 6 requests and 40 KB, our script counted as one request: its modules are
asked for at once (the page preloads every module its entry imports), never one import level
after another. Repeat visit: at most 2 KB (the page answers 304, the fingerprinted files come
from the browser's cache without asking)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from waiting import until, until_page

PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


def _call(url: str, body: Any = None, token: str | None = None) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                     method="POST" if body is not None else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def finished_elevator(base: str) -> tuple[str, str]:
    """A finished 19-round Elevator game, played through the API as the table does."""
    created = _call(base + "/api/v1/games", {"ruleset": "elevator", "players": PLAYERS,
                                            "first_dealer": 0})
    game, token = created["game"], created["edit_token"]
    url = f"{base}/api/v1/games/{game['id']}"
    while game["current"] is not None:
        current = game["current"]
        if current["next_bidder"] is not None:
            bids: list[int | None] = [None] * len(PLAYERS)
            bids[current["next_bidder"]] = current["legal_bids"][0]
            game = _call(url + "/bids", {"version": game["version"], "bids": bids}, token)
        else:
            tricks = [0] * len(PLAYERS)
            tricks[current["bidding_order"][0]] = current["hand_size"]
            game = _call(url + "/tricks", {"version": game["version"], "tricks": tricks}, token)
    assert len(game["rounds"]) == 19
    return str(game["id"]), str(token)


class Wire:
    """The page's network traffic, through the DevTools protocol."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.requests: dict[str, str] = {}
        self.bytes: dict[str, float] = {}
        self.failed: set[str] = set()
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", lambda event: self.failed.add(event["requestId"]))

    def _sent(self, event: dict[str, Any]) -> None:
        self.requests[event["requestId"]] = event["request"]["url"]

    def _finished(self, event: dict[str, Any]) -> None:
        self.bytes[event["requestId"]] = event["encodedDataLength"]

    def visit(self, page: Any, url: str) -> tuple[list[str], float]:
        """The URLs asked for (cache hits included) and the bytes that came over the wire."""
        self.requests.clear()
        self.bytes.clear()
        self.failed.clear()
        page.goto(url, wait_until="networkidle")
        # Every request's end told to the test (its bytes are counted then).
        until(page, lambda: set(self.requests) <= set(self.bytes) | self.failed,
              "the end of every request")
        self.last = {self.requests.get(rid, rid): size for rid, size in self.bytes.items()}
        return list(self.requests.values()), sum(self.bytes.values())

    def ours(self, page: Any, requests: list[str]) -> int:
        """The requests, our script's modules counted as one: checked to be the page's entry
        module and the modules it preloads, each asked for at once."""
        modules = [url for url in requests if re.search(r"/static/js/[0-9a-f]{12}/", url)]
        announced = page.evaluate("""() => [
            document.querySelector('script[type=module]').src,
            ...Array.from(document.querySelectorAll('link[rel=modulepreload]'), (link) => link.href),
        ]""")
        assert modules and set(modules) == set(announced), (modules, announced)
        return len(requests) - len(modules) + 1

    def static_bytes(self) -> float:
        return sum(size for url, size in self.last.items() if "/static/" in url)


@pytest.fixture
def phone(browser: Any, live_server: str) -> Callable[[], Any]:
    contexts = []

    def make() -> Any:
        # Service workers off: the browser's own HTTP cache is what is measured.
        context = browser.new_context(viewport=PHONE, base_url=live_server, locale="en-GB",
                                      is_mobile=True, has_touch=True, service_workers="block")
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def test_the_share_page_first_and_repeat_visit(phone: Callable[[], Any], live_server: str) -> None:
    game_id, _token = finished_elevator(live_server)
    page = phone()
    wire = Wire(page)
    requests, size = wire.visit(page, f"/g/{game_id}")
    print(f"share page, first visit: {len(requests)} requests, {size / 1024:.1f} KB", requests)
    assert page.get_by_role("heading", name="Final standings").is_visible() or page.title()
    assert wire.ours(page, requests) <= 6, requests
    # A watcher's script is the live poll's, without the scorekeeper's tap queue, offline pad
    # and waiting forms (js/board.js, not js/site.js).
    assert any(re.search(r"/static/js/\w+/board\.js$", url) for url in requests), requests
    assert not any(re.search(r"/(site|queue|pad|waiting_forms)\.js$", url) for url in requests), requests
    assert size <= 40 * 1024
    again, repeat = wire.visit(page, f"/g/{game_id}")
    print(f"share page, repeat visit: {len(again)} requests, {repeat:.0f} bytes", again)
    print(wire.last)
    assert repeat <= 2 * 1024
    assert wire.static_bytes() == 0


def test_the_home_page_first_and_repeat_visit(phone: Callable[[], Any]) -> None:
    page = phone()
    wire = Wire(page)
    requests, size = wire.visit(page, "/")
    print(f"home page, first visit: {len(requests)} requests, {size / 1024:.1f} KB", requests)
    assert wire.ours(page, requests) <= 6, requests
    assert size <= 40 * 1024
    wire.visit(page, "/new")  # the static files are shared by every page
    again, repeat = wire.visit(page, "/new")
    print(f"new-game page after another page: {len(again)} requests, {repeat:.0f} bytes", wire.last)
    assert wire.static_bytes() == 0  # the new-game page itself is never cached (no-store)


def test_back_to_a_kept_game_page_shows_the_game_as_it_is_now(phone: Callable[[], Any],
                                                              live_server: str) -> None:
    """The browser caches game pages (to revalidate them by their ETag): the back button must
    still not show an old game. A finished game does not poll: the news comes from the
    revalidation, or from app.js asking ``live`` when a page is shown from the history."""
    game_id, token = finished_elevator(live_server)
    version = _call(f"{live_server}/api/v1/games/{game_id}")["version"]
    page = phone()
    page.goto(f"/g/{game_id}")
    assert page.locator("#game-live").get_attribute("data-version") == str(version)
    page.goto("/")
    # The scorekeeper takes back the last tricks on another phone: the game is open again.
    _call(f"{live_server}/api/v1/games/{game_id}/undo", {"version": version}, token)
    page.go_back()
    until_page(page, "(v) => document.getElementById('game-live').dataset.version === v",
               "the game as it is now", arg=str(version + 1), timeout=4)
