"""Scopa's correction page counts the scope as the hand screen does: − / + steppers, by touch
at 390×844 (docs/rules.md section 13). Hand 1's scope for Ana, one, is made three, Ben's
stays none, and the corrected hand is stored."""

from __future__ import annotations

from typing import Callable

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_double_tap import game_json

pytestmark = pytest.mark.browser


def test_the_correction_counts_the_scope_on_steppers(phones: Callable[..., Page],
                                                     live_server: str) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    game = new_game(live_server, "scopa", ["Ana", "Ben"])
    game.write("hands", cards=0, coins=0, settebello=0, primiera=1, scope=[1, 0])
    game.keep_on(page)
    page.get_by_role("link", name="Correct hand 1").tap()
    more = page.get_by_role("button", name="One more for Ana", exact=True)
    more.tap()
    page.wait_for_timeout(400)  # two taps a look apart (a double tap counts twice too)
    more.tap()
    expect(page.get_by_role("spinbutton", name="Ana")).to_have_value("3")
    page.get_by_role("button", name="One fewer for Ben", exact=True).tap()  # never below 0
    expect(page.get_by_role("spinbutton", name="Ben")).to_have_value("0")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    assert game_json(game)["rounds"][0]["hand"]["scope"] == [3, 0]
