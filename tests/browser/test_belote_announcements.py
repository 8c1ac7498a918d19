"""Belote's announcements on the phone, as the rules allow them (docs/rules.md section 11): only
the best team's, each with the player who announced it, two at most in a player's eight cards.
By touch at 390×844: a line an announcement (who, then what), the next line shown once one is
filled; Cleo's tierce and cinquante and Ana's four jacks are stored, each with its player."""

from __future__ import annotations

from typing import Callable

import pytest
from playwright.sync_api import Page, expect
from set_up_games import new_game
from test_double_tap import game_json

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def test_announcements_by_two_partners_each_with_its_player(phones: Callable[..., Page],
                                                            live_server: str) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    game = new_game(live_server, "belote", FOUR)
    game.keep_on(page)
    taps = 0

    def chip(group: str, name: str) -> None:
        nonlocal taps
        page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=name, exact=True).tap()
        taps += 1

    chip("Taker", "Ana")
    page.keyboard.type("100")
    page.get_by_text("Announcements", exact=True).tap()
    taps += 1
    expect(page.get_by_role("group", name="Announcement 2")).to_be_hidden()
    chip("Announcement 1", "Cleo")
    chip("Announcement 1", "Tierce 20")
    chip("Announcement 2", "Cleo")
    chip("Announcement 2", "Cinquante 50")
    chip("Announcement 3", "Ana")
    chip("Announcement 3", "Four jacks 200")
    expect(page.get_by_role("group", name="Announcement 4")).to_be_visible()
    page.get_by_role("button", name="Save hand 1").tap()
    taps += 1
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    assert taps == 9, taps  # the taker, the fold, two a line, Save
    hand = game_json(game)["rounds"][0]["hand"]
    assert hand["announcements"] == [{"seat": 2, "kind": "tierce"},
                                     {"seat": 2, "kind": "cinquante"},
                                     {"seat": 0, "kind": "carre-jacks"}]
    # Ana & Cleo: 100 card points and 270 announced, against 62.
    assert [t["score"] for t in game_json(game)["teams"]] == [370, 62]
