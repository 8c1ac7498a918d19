"""A double tap is one tap on the hand screens of Belote, Coinche, Tarot and Scopa too
(static/js/double_tap.js guards every control of an entry form): two touches 100 ms apart on
Save store one hand, the second touch said to be the same tap, and the next hand's form comes
clean (no "Who took?" from a second Save on it). Scopa's scope stepper is the exception a
person expects: it counts each tap ([data-each-tap-counts]), so two quick taps on "+" are two
scope, and the hand's Save after them still stores one hand. On a quiet connection, as in
test_double_tap_words.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_double_tap import COUNT_TOUCHES, again_when_late, centre, double_tap, opened, stored

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


@pytest.fixture
def phone(phones: Any) -> Iterator[Page]:
    """A touch phone (390×844) on a quiet connection."""
    page: Page = phones(has_touch=True, locale="en-GB", device_scale_factor=2)
    page.add_init_script(COUNT_TOUCHES)
    yield page


def pick(page: Page, name: str, group: str | None = None) -> None:
    where: Any = page if group is None else page.get_by_role("group", name=group, exact=True)
    where.get_by_role("radio", name=name, exact=True).check()


def saved_once(page: Page, game: Any, start: int) -> Any:
    """Save hand 1 tapped twice in a hurry: one hand stored, said so, the next one clean."""
    double_tap(page, centre(page.get_by_role("button", name="Save hand 1", exact=True)))
    assert page.evaluate("window.marks") == 1  # the guard took the second touch
    body = stored(page, game, start + 1)
    assert body["version"] == start + 1
    assert len(body["rounds"]) == 1
    expect(page.get_by_role("button", name="Save hand 2", exact=True)).to_be_visible()
    expect(page.locator(".field-error, .error:visible")).to_have_count(0)  # no refused Save
    return body


@again_when_late
@pytest.mark.parametrize("ruleset", ["belote", "coinche"])
def test_a_double_tap_on_a_belote_hands_save_saves_one_hand(phone: Page, live_server: str,
                                                            ruleset: str) -> None:
    game = new_game(live_server, ruleset, NAMES)
    start = opened(phone, game)
    pick(phone, "Ana", "Taker")
    if ruleset == "coinche":
        pick(phone, "100", "Contract")
    phone.get_by_role("textbox", name="Their card points").fill("120")
    body = saved_once(phone, game, start)
    assert body["rounds"][0]["hand"]["points"] == 120
    expect(phone.get_by_role("group", name="Taker", exact=True).locator("input:checked")
           ).to_have_count(0)


@again_when_late
def test_a_double_tap_on_a_tarot_hands_save_saves_one_hand(phone: Page,
                                                           live_server: str) -> None:
    game = new_game(live_server, "tarot", NAMES)
    start = opened(phone, game)
    for name in ("Ana", "Garde", "2 bouts"):
        pick(phone, name)
    phone.get_by_role("textbox", name="Card points of the attack").fill("49")
    body = saved_once(phone, game, start)
    assert body["rounds"][0]["hand"]["contract"] == "garde"


@again_when_late
def test_scopas_plus_counts_each_tap_and_save_saves_one_hand(phone: Page,
                                                             live_server: str) -> None:
    game = new_game(live_server, "scopa", NAMES)
    start = opened(phone, game)
    for row, side in (("Most cards", "Ana & Cleo"), ("Most coins", "Nobody"),
                      ("Settebello", "Ben & Dev"), ("Primiera", "Ana & Cleo")):
        pick(phone, side, row)
    # Two scope, tapped in a hurry: a stepper counts each tap; nothing is sent yet.
    double_tap(phone, centre(phone.get_by_role("button", name="One more for Ana & Cleo")))
    assert phone.evaluate("window.marks") == 0
    expect(phone.get_by_role("spinbutton", name="Ana & Cleo")).to_have_value("2")
    body = saved_once(phone, game, start)
    assert body["rounds"][0]["hand"]["scope"] == [2, 0]
