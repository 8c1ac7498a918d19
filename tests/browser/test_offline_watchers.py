"""A watching phone that loses the connection says so quietly, keeps the last scores and
catches up by itself; a finished game's watchers follow its rematch."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from bid_games import Say, start_game
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

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
    expect(row(watcher, "Ben").locator(".what")).to_have_text("3")  # the last scores stay
    expect(row(watcher, "Cleo").locator(".what")).to_have_text("to bid")
    time.sleep(max(0.0, 10 - (time.monotonic() - offline_since)))

    watcher.context.set_offline(False)
    expect(row(watcher, "Dev").locator(".what")).to_have_text("2", timeout=5_000)
    expect(row(watcher, "Ana").locator(".what")).to_have_text("to bid")
    expect(reconnecting).to_be_hidden()


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
