"""A Spades game in partners played to 500 at 390×844 by touch (docs/rules.md section 10), and a
cutthroat hand for three (17 tricks). Lean: the first three hands go through the JSON API (a nil
made, a nil failed, Ben and Dev falling 306 behind); the last two are tapped on the pad, as a
person does: blind nil refused to Ana, whose side leads, with why, and offered to Ben, whose side
is behind, who bids it and makes it; then Ben and Dev's tenth bag costs them 100 while Ana and
Cleo reach 500, and the final standings name the winning side. Screenshots: the final standings
in French and Italian (``spades-final-fr.png``, ``-it.png``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from bid_games import Taps
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]  # Ana & Cleo against Ben & Dev; Ana deals first

#: The hands sent through the API: each player's bid and tricks, by seat.
BY_API = [
    ([4, 3, "nil", 3], [4, 5, 0, 4]),  # Cleo's nil made: 140 (0 bags); 63 (3 bags)
    ([5, "nil", 5, 2], [5, 1, 5, 2]),  # Ben's nil failed: 240; 20 − 100 + 1 = −16 (4 bags)
    ([5, 2, 4, 2], [5, 3, 4, 1]),      # 330; 24 (4 bags): Ben and Dev 306 behind
]


def _by_api(page: Page) -> Any:
    created = page.request.post("/api/v1/games", data={"ruleset": "spades", "players": FOUR})
    assert created.status == 201, created.text()
    body = created.json()
    game, auth = body["game"], {"Authorization": f"Bearer {body['edit_token']}"}
    for bids, tricks in BY_API:
        for seat in game["current"]["bidding_order"]:
            one: list[Any] = [None] * 4
            one[seat] = bids[seat]
            game = page.request.post(f"/api/v1/games/{game['id']}/bids", headers=auth,
                                     data={"version": game["version"], "bids": one}).json()
        answer = page.request.post(f"/api/v1/games/{game['id']}/tricks", headers=auth,
                                   data={"version": game["version"], "tricks": tricks})
        assert answer.ok, answer.text()
        game = answer.json()
    assert [side["score"] for side in game["standings"]] == [330, 24], game["standings"]
    assert game["current"]["blind_nil_seats"] == [1, 3]
    return body


def _hand(page: Page, bids: list[tuple[str, str]], tricks: dict[str, int]) -> int:
    """One hand on the pad, in bidding order, then the tricks; its taps."""
    taps = Taps(page)
    for name, bid in bids:
        taps.button(f"{name} bids {bid}")
    for name, took in tricks.items():
        radio = page.get_by_role("radio", name=f"{name} took {took}", exact=True,
                                 include_hidden=True)
        if not radio.is_checked():  # the last one is filled in (the engine's answer)
            taps.radio(f"{name} took {took}")
    taps.button("Save tricks")
    return taps.count


def test_a_partners_game_to_500(phones: Callable[..., Page], screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    page.goto(_by_api(page)["scorekeeper_url"])
    expect(page.locator("#banner")).to_contain_text("Hand 4")
    # Dev deals hand 4: Ana bids first. Her side leads: blind nil refused, and why.
    blind = page.get_by_role("button", name="Ana bids Blind nil", exact=True)
    expect(blind).to_be_disabled()
    expect(blind).to_have_accessible_description(
        "Blind nil only for a side 100 or more behind: Ana & Cleo lead by 306.")
    page.get_by_role("button", name="Ana bids 6", exact=True).click()
    # Ben's side is 306 behind: offered, and bid.
    expect(page.get_by_role("button", name="Ben bids Blind nil", exact=True)).to_be_enabled()
    taps = 1 + _hand(page, [("Ben", "Blind nil"), ("Cleo", "6"), ("Dev", "1")],
                     {"Ana": 6, "Cleo": 6, "Dev": 1, "Ben": 0})
    assert taps <= 2 * 4 + 2, taps
    # 330 + 120 = 450; 24 + 200 (the blind nil made) + 10 = 234.
    expect(page.locator("#banner")).to_contain_text("Hand 5")
    expect(page.get_by_text("Ben & Dev 4 bags")).to_be_visible()
    assert page.locator(".totals td").all_inner_texts() == ["450", "234", "450", "234"]
    # Hand 5: Ben and Dev bid 2 and take 8: 6 bags more, their tenth costs 100; Ana and Cleo
    # make 5: 500 ends the game.
    taps = _hand(page, [("Ben", "1"), ("Cleo", "2"), ("Dev", "1"), ("Ana", "3")],
                 {"Ben": 4, "Dev": 4, "Ana": 3, "Cleo": 2})
    assert taps <= 2 * 4 + 2, taps
    final = page.locator("section.final")
    expect(final.get_by_role("status")).to_have_text("Ana and Cleo win!")
    places = final.locator(".standings li")
    expect(places.nth(0)).to_contain_text("Ana & Cleo")
    expect(places.nth(0)).to_contain_text("500 points")
    expect(places.nth(1)).to_contain_text("Ben & Dev")
    expect(places.nth(1)).to_contain_text("160 points")  # 234 + 26 − 100
    why = page.locator("#why-5-1 .why-line")
    expect(why).to_contain_text(["bid 2, took 8: 20 + 6 bags", "10 bags reached: −100",
                                 "Hand: −74"])
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    for language, switch in (("fr", "FR Français"), ("it", "IT Italiano")):
        page.get_by_role("button", name=switch).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        final.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"spades-final-{language}.png"))


def test_a_cutthroat_hand_for_three(page: Page) -> None:
    """Three play alone: 17 cards each, bids up to 17, each player a side of one."""
    created = page.request.post("/api/v1/games", data={"ruleset": "spades",
                                                       "players": FOUR[:3]})
    page.goto(created.json()["scorekeeper_url"])
    expect(page.locator("#banner")).to_contain_text("Hand 1")
    expect(page.get_by_role("button", name="Ben bids 17", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Ben bids Blind nil", exact=True)).to_be_disabled()
    taps = _hand(page, [("Ben", "5"), ("Cleo", "6"), ("Ana", "4")],
                 {"Ben": 6, "Cleo": 6, "Ana": 5})
    assert taps <= 2 * 3 + 2, taps
    expect(page.locator("#banner")).to_contain_text("Hand 2")
    # Ana 40 + 1, Ben 50 + 1, Cleo 60: each alone, bags each their own.
    assert page.locator(".totals td").all_inner_texts() == ["41", "51", "60"]
    expect(page.get_by_text("Ben 1 bag")).to_be_visible()
    # Spades is played in hands: the undo and the board's row say so.
    expect(page.get_by_role("button", name="Undo hand 1's tricks")).to_be_visible()
    expect(page.get_by_role("link", name="Correct hand 1")).to_be_visible()
