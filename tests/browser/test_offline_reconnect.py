"""Taps kept through a reload made offline go the moment the server can be reached again, not on
a backoff of up to 30 s: the browser's "online" may come before the server answers (the Wi-Fi
back, the router still connecting), and only a send that gets through says it is back.

A 390×844 touch phone, tapped with ``page.touchscreen.tap``; offline is Playwright's
``context.set_offline()``. The server out of reach is a relay between the phone and the server
that refuses connections (a page under the service worker sends its requests past Playwright's
routes)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from bid_games import start_game
from conftest import PHONE
from playwright.sync_api import Page, expect
from test_offline import all_sent, game_json, row
from test_offline_to_the_end import NAMES, Finger, kept_for_offline
from waiting import until

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]


class Relay:
    """A TCP relay on loopback to the live server that can be cut: cut, it refuses every
    connection and drops the open ones, as a server out of reach does."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.listener: socket.socket | None = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                phone, _ = listener.accept()
            except OSError:
                return  # cut
            with self.lock:
                if listener is not self.listener:  # cut meanwhile
                    phone.close()
                    return
                server = socket.create_connection(("127.0.0.1", self.upstream))
                self.open += [phone, server]
            for a, b in ((phone, server), (server, phone)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        with self.lock:
            self.listener.close()
            self.listener = None
            for connection in self.open:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                connection.close()
            self.open = []

    def mend(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        with self.lock:
            self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()


@pytest.fixture
def relayed(browser: Any, live_server: str) -> Iterator[tuple[Page, Relay]]:
    """A 390×844 touch phone whose every request goes through a ``Relay``."""
    relay = Relay(int(live_server.rsplit(":", 1)[1]))
    context = browser.new_context(
        viewport=PHONE, base_url=f"http://127.0.0.1:{relay.port}", locale="en-GB",
        device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page(), relay
    context.close()
    if relay.listener is not None:
        relay.cut()


def test_taps_kept_through_an_offline_reload_go_once_the_server_answers(
        relayed: tuple[Page, Relay], live_server: str) -> None:
    page, relay = relayed
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    kept_for_offline(page)
    finger = Finger(page)
    # Out of reach, and offline. Chromium's offline switch alone once let the service worker's
    # post of the first tap through, 160 ms after it was thrown; the cut relay lets none through.
    relay.cut()
    page.context.set_offline(True)
    finger.button("Ben bids 2")
    finger.button("Cleo bids 1")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    page.reload()  # the service worker's page, the taps drawn on it again
    expect(page.locator("html")).to_have_attribute("data-from-cache", "")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()

    # The Wi-Fi comes back ("online") before the server can be reached.
    page.context.set_offline(False)
    # The gap is the thing tested: long enough for a backoff to grow past a few seconds.
    page.wait_for_timeout(8000)
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    assert game_json(live_server, url)["version"] == 1  # created: no bid yet

    relay.mend()
    back = time.monotonic()
    until(page, lambda: game_json(live_server, url)["current"]["bids"] == [None, 2, 1, None],
          "the taps on the server within 2.5 s of it answering again", timeout=2.5)
    print(f"\nsent {time.monotonic() - back:.2f} s after the server could be reached")
    all_sent(page)
    expect(row(page, "Dev")).to_contain_text("to bid")
