"""Coinche's trump on the phone (docs/rules.md section 11, Coinche: "optionally the trump"): a
row of chips under the contract, the four suits, no trumps and all trumps, one tap that a hand
may go without. By touch at 390×844: a hand taken at 110 hearts is stored with its trump and
Save stays on the one screen (in French too, under a banner of three lines); its correction
shows the trump chosen and changes it to no trumps.
"""

from __future__ import annotations

from typing import Callable

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_double_tap import game_json

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def test_the_trump_is_tapped_stored_and_corrected(phones: Callable[..., Page],
                                                  live_server: str) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    game = new_game(live_server, "coinche", FOUR)
    game.keep_on(page)

    def chip(group: str, name: str) -> None:
        page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=name, exact=True).tap()

    chip("Taker", "Ana")
    page.keyboard.type("120")
    chip("Contract", "110")
    hearts = page.get_by_role("radio", name="Trump: hearts", exact=True)
    page.locator("label.pick", has=hearts).tap()
    expect(hearts).to_be_checked()
    save = page.get_by_role("button", name="Save hand 1")
    box = save.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box  # on the one screen
    save.tap()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    assert game_json(game)["rounds"][0]["hand"]["trump"] == "hearts"

    page.get_by_role("link", name="Correct hand 1").tap()
    expect(page.get_by_role("radio", name="Trump: hearts", exact=True)).to_be_checked()
    page.locator("label.pick", has_text="No trumps").tap()
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    hand = game_json(game)["rounds"][0]["hand"]
    assert hand["trump"] == "no-trump" and hand["contract"] == 110
    # In French the banner takes three lines: Save still fits on the screen.
    page.get_by_role("button", name="FR Français").tap()
    save = page.get_by_role("button", name="Enregistrer la donne 2")
    box = save.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box
