"""Belote and Coinche on a phone, by touch (docs/rules.md section 11), at 390×844.

Belote: a game to 1000 brought near its end through the API, then three hands tapped on the one
screen, each at most 5 taps plus the digits: a litige held and shown while it waits, 161
refused at the points with what was tapped kept, the next hand won taking the pot (its
explanation says so), then a capot that reaches 1000 and wins, the final standings naming the
side. Coinche: a hand coinched and failed, the defence scoring it all, doubled and rounded.
Screenshots: the hand screens in French and Italian (``belote-hand-fr.png``, ``-it.png``,
``coinche-hand-fr.png``, ``-it.png``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]
LANGUAGES = (("fr", "FR Français"), ("it", "IT Italiano"))

#: Five hands through the API: Ana & Cleo 700, Ben & Dev 406 (no rounding in Belote).
NEAR_THE_END: list[dict[str, Any]] = [
    {"taker": 0, "capot": 0},                                          # 250 / 0
    {"taker": 1, "points": 100},                                       # 62 / 100
    {"taker": 1, "capot": 1},                                          # 0 / 250
    {"taker": 0, "points": 126, "belote": 2,
     "announcements": [{"seat": 0, "kind": "cent"}]},                  # 246 / 36
    {"taker": 2, "points": 142},                                       # 142 / 20
]


def _created(page: Page, ruleset: str, hands: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """A game made through the API, these hands entered through it too; the game as it is."""
    created = page.request.post("/api/v1/games", data={"ruleset": ruleset, "players": FOUR})
    assert created.status == 201, created.text()
    body = created.json()
    game, bearer = body["game"], {"Authorization": f"Bearer {body['edit_token']}"}
    for hand in hands:
        answer = page.request.post(f"/api/v1/games/{game['id']}/hands", headers=bearer,
                                   data={"version": game["version"], **hand})
        assert answer.ok, answer.text()
        game = answer.json()
    return {**body, "game": game}


class Thumb:
    """Taps as a person makes them, counted: a chip in a named group, Save (on the screen)."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps = page, 0

    def chip(self, group: str, name: str) -> None:
        self.page.get_by_role("group", name=group).get_by_role(
            "radio", name=name, exact=True).tap()
        self.taps += 1

    def save(self, number: int) -> None:
        button = self.page.get_by_role("button", name=f"Save hand {number}")
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, box  # on the one screen
        button.tap()
        self.taps += 1


def _why(page: Page, number: int, side: int) -> Any:
    """A hand's score for a side tapped open on the board: its explanation lines."""
    cell = page.locator(f"#why-{number}-{side}")
    cell.locator("summary").tap()
    return cell.locator(".why-line")


def test_a_game_to_1000_with_a_litige_and_a_capot(phones: Callable[..., Page],
                                                  screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    body = _created(page, "belote")
    page.goto(body["scorekeeper_url"])
    for language, switch in LANGUAGES:
        page.get_by_role("button", name=switch).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.screenshot(path=str(screenshot_dir / f"belote-hand-{language}.png"))
    page.get_by_role("button", name="EN English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    game = _created(page, "belote", NEAR_THE_END)
    page.goto(game["scorekeeper_url"])
    expect(page.locator("#banner")).to_contain_text("Hand 6")
    expect(page.locator(".totals td")).to_have_text(["700", "406"])
    thumb = Thumb(page)
    points = page.get_by_role("textbox", name="Their card points")

    # Hand 6: Ana takes and makes 81, as many as the defence: the litige holds them. Choosing
    # the taker puts the cursor in the card points: the keypad opens with no other tap.
    thumb.chip("Taker", "Ana")
    expect(points).to_be_focused()
    page.keyboard.type("81")
    expect(page.get_by_text("The other team: 81")).to_be_visible()
    thumb.save(6)
    expect(page.locator("#banner")).to_contain_text("Hand 7")
    assert thumb.taps <= 5, thumb.taps
    expect(page.get_by_role("status").filter(
        has_text="Litige: 81 held for the next hand won.")).to_be_visible()
    expect(page.locator(".totals td")).to_have_text(["700", "487"])
    expect(_why(page, 6, 0)).to_have_text(["Ana took", "Total 81 against 81: litige",
                                           "81 held for the next hand won", "Hand: +0"])

    # Hand 7: 161 is refused at the points, the taker and belote kept; 100 is taken, and the
    # pot goes to Ben & Dev, who made it.
    thumb = Thumb(page)
    thumb.chip("Taker", "Ben")
    expect(points).to_be_focused()
    page.keyboard.type("161")
    thumb.chip("Belote", "Dev")
    thumb.save(7)
    expect(page.get_by_text("A side never holds 161: the other would hold 1, and no card is "
                            "worth 1.")).to_be_visible()
    expect(points).to_have_value("161")
    expect(page.get_by_role("group", name="Taker").get_by_role(
        "radio", name="Ben", exact=True)).to_be_checked()
    expect(page.get_by_text("Litige: 81 held for the next hand won.")).to_be_visible()
    points.tap()
    thumb.taps += 1
    points.fill("100")
    thumb.save(7)
    expect(page.locator("#banner")).to_contain_text("Hand 8")
    assert thumb.taps <= 5, thumb.taps
    expect(page.get_by_text("Litige: 81 held", exact=False)).to_have_count(0)  # given
    expect(page.locator(".totals td")).to_have_text(["762", "688"])  # +62; 100 + 20 + 81
    expect(_why(page, 7, 1)).to_have_text(["Ben took", "Total 120 against 62: made",
                                           "+81 from the litige", "Hand: +201"])

    # Hand 8: Cleo takes every trick: 250, and Ana & Cleo pass 1000 ahead.
    thumb = Thumb(page)
    thumb.chip("Taker", "Cleo")
    thumb.chip("Capot: every trick taken by", "Ana & Cleo")
    thumb.save(8)
    assert thumb.taps <= 5, thumb.taps
    expect(page.get_by_text("Ana and Cleo win!")).to_be_visible()
    expect(page.get_by_text("A team reached 1000.")).to_be_visible()
    standings = page.locator(".standings li")
    expect(standings).to_have_count(2)
    expect(standings.nth(0)).to_contain_text("Ana & Cleo")
    expect(standings.nth(0)).to_contain_text("1012 points")
    expect(standings.nth(1)).to_contain_text("Ben & Dev")
    expect(standings.nth(1)).to_contain_text("688 points")
    expect(_why(page, 8, 0)).to_have_text(["Cleo took", "Total 250 against 0: made",
                                           "Hand: +250"])
    answer = page.request.get(f"/api/v1/games/{game['game']['id']}").json()
    assert answer["finished_by"] == "target"
    assert [round_["result"] for round_ in answer["rounds"][5:]] == ["litige", "made", "made"]
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_a_coinche_hand_coinched_and_failed(phones: Callable[..., Page],
                                            screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    game = _created(page, "coinche")
    page.goto(game["scorekeeper_url"])

    def bid(taker: str = "Taker", contract: str = "Contract",
            coinched: str = "Coinche ×2", card_points: str = "Their card points") -> Thumb:
        """Ana bids 110 and the defence coinches; her team makes 90 (the groups and chips
        named in the page's language)."""
        thumb = Thumb(page)
        thumb.chip(taker, "Ana")
        thumb.chip(contract, "110")
        thumb.chip(contract, coinched)
        # The taker's chip put the cursor in the card points; the contract's took it back.
        page.get_by_role("textbox", name=card_points).tap()
        thumb.taps += 1
        page.keyboard.type("90")
        return thumb

    for (language, switch), words in zip(LANGUAGES, (
            ("Preneur", "Contrat", "Coinche ×2", "Ses points"),
            ("Chi prende", "Contratto", "Contro ×2", "I suoi punti"))):
        page.get_by_role("button", name=switch).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        bid(*words)
        expect(page.locator("[data-belote-other]")).to_contain_text("72")
        page.screenshot(path=str(screenshot_dir / f"coinche-hand-{language}.png"))
    page.get_by_role("button", name="EN English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    # Hand 1: the takers hold 90, short of 110 (and of the defence's 72 + Ben's belote 20):
    # failed, coinched. The defence scores 2 × (162 + 110) + its belote 20 = 564: 560.
    thumb = bid()
    expect(page.get_by_role("group", name="Contract").get_by_role(
        "radio", name="Coinche ×2")).to_be_checked()
    expect(page.get_by_text("The other team: 72")).to_be_visible()
    thumb.chip("Belote", "Ben")
    thumb.save(1)
    assert thumb.taps <= 7, thumb.taps  # Belote's five, the contract and coinche besides
    expect(page.locator("#banner")).to_contain_text("Hand 2")
    expect(page.locator(".totals td")).to_have_text(["0", "560"])
    expect(_why(page, 1, 0)).to_have_text(["Ana took, contract 110",
                                           "Total 90 against 92: failed", "Coinche ×2",
                                           "Hand: +0"])
    expect(_why(page, 1, 1)).to_have_text(["Total 92", "Coinche ×2", "564 rounded to 560",
                                           "Hand: +560"])
    answer = page.request.get(f"/api/v1/games/{game['game']['id']}").json()
    hand = answer["rounds"][0]
    assert (hand["result"], hand["multiplier"], hand["hand"]["coinche"]) == (
        "failed", 2, "coinche")
    assert [team["score"] for team in answer["teams"]] == [0, 560]
