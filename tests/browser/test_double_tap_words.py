"""A double tap is one tap on Spades' words and Wizard's trump chips too (static/js/double_tap.js
guards every control of an entry form): two touches 100 ms apart on Nil or Blind nil enter one
bid, and nothing moves under the finger; on a trump chip they choose the trump once, and no
request is sent until the bid, which records it. Each second touch is said to be the same tap
(the guard took it), so a pad the guard missed fails here. On a quiet connection: the 300 ms
one is tested on the numbers (test_double_tap.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_double_tap import (COUNT_TOUCHES, again_when_late, centre, double_tap, game_json,
                             opened, stored, tap, under)

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]  # Ana deals: Ben bids first


@pytest.fixture
def phone(phones: Any) -> Iterator[Page]:
    """A touch phone (390×844) on a quiet connection."""
    page: Page = phones(has_touch=True, locale="en-GB", device_scale_factor=2)
    page.add_init_script(COUNT_TOUCHES)
    yield page


def word_bid(page: Page, name: str, word: str) -> Any:
    return page.get_by_role("button", name=f"{name} bids {word}", exact=True)


@again_when_late
@pytest.mark.parametrize("word, bid", [("Nil", "nil"), ("Blind nil", "blind-nil")])
def test_a_double_tap_on_a_word_bid_is_one_bid(phone: Page, live_server: str, word: str,
                                               bid: str) -> None:
    game = new_game(live_server, "spades", NAMES, blind_nil="always")
    start = opened(phone, game)
    spot = centre(word_bid(phone, "Ben", word))
    double_tap(phone, spot)
    assert phone.evaluate("window.marks") == 1  # the guard took the second touch
    body = stored(phone, game, start + 1)
    assert body["version"] == start + 1
    assert body["current"]["bids"] == [None, bid, None, None]
    expect(word_bid(phone, "Cleo", word)).to_be_enabled()
    assert under(phone, spot) == f"Cleo bids {word}"  # nothing moved under the finger


@again_when_late
def test_a_double_tap_on_a_trump_chip_chooses_it_once(phone: Page, live_server: str) -> None:
    game = new_game(live_server, "wizard", NAMES)
    start = opened(phone, game)
    hearts = phone.get_by_role("radio", name="Trump: hearts", exact=True)
    double_tap(phone, centre(phone.locator("label.pick", has=hearts)))
    assert phone.evaluate("window.marks") == 1  # the guard took the second touch
    expect(hearts).to_be_checked()
    phone.wait_for_timeout(300)
    assert game_json(game)["version"] == start  # a chip sends nothing: the bid carries it
    tap(phone, centre(phone.get_by_role("button", name="Ben bids 0", exact=True)))
    body = stored(phone, game, start + 1)
    assert body["version"] == start + 1
    assert body["current"]["bids"] == [None, 0, None, None]
    assert body["current"]["trump"] == "hearts"
