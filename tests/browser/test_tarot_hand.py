"""Tarot on a phone, by touch (docs/rules.md, "Tarot"): the FFT's worked example entered on the
one screen, "Made by 8" shown as the points are typed, before Save, in at most 6 taps plus the
digits; a hand refused at its field (petit au bout for an attack with no bout) with what was
typed kept, then put right; the board's totals adding up to 0. A 5-player evening of ten hands,
every one tapped (among them a garde contre with a called partner, an announced chelem by a
taker alone, hands made and down by a called partner and by a taker alone, petit au bout and
a poignée), each hand's margin shown before Save, every hand's shares and the table's totals
adding up to 0 on the page and through the API, the final standings in order.
Screenshots: the hand screen in French and Italian (``tarot-hand-fr.png``, ``-it.png``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dev"]
FIVE = ["Ana", "Ben", "Cleo", "Dev", "Eve"]

#: A 5-player evening of ten hands, every one tapped: what the table says aloud (the taker, the
#: contract, the bouts, the card points, the called partner, the primes), the margin the page
#: shows before Save, and the shares each hand gives, worked out by hand from docs/rules.md
#: ((25 + margin) × contract, primes; 2 + 1 shares with a partner, 4 alone).
SNAP = ("radio", "Attack", "Petit au bout")
EVENING: list[tuple[tuple[str, str, int, str, str], tuple[tuple[str, str, str], ...], str,
                    list[int]]] = [
    (("Ana", "Prise", 1, "55", "Cleo"), (), "Made by 4", [58, -29, 29, -29, -29]),
    (("Ben", "Garde", 2, "38", "Dev"), (), "Down by 3", [56, -112, 56, -56, 56]),
    (("Cleo", "Garde sans", 3, "60", "Eve"), (), "Made by 24", [-196, -196, 392, -196, 196]),
    # Dev alone: he called his own king, so he names himself.
    (("Dev", "Prise", 0, "58", "Dev"), (), "Made by 2", [-27, -27, -27, 108, -27]),
    # Made by 0 still makes it; the Petit at the last trick counts 10 × 2.
    (("Eve", "Garde", 1, "51", "Ana"), (SNAP,), "Made by 0", [70, -70, -70, -70, 140]),
    # 40.5 of 41: down by half a point, rounded for the defence that scores; Ana's poignée
    # goes to the defence with the hand.
    (("Ana", "Prise", 2, "40.5", "Ben"), (("radio", "Ana: simple", ""),), "Down by 1",
     [-92, -46, 46, 46, 46]),
    (("Ben", "Prise", 1, "60", "Cleo"), (), "Made by 9", [-34, 68, 34, -34, -34]),
    # Ben's garde contre, Dev the called king: (25 + 4) × 6 = 174 from each defender.
    (("Ben", "Garde contre", 2, "45", "Dev"), (), "Made by 4", [-174, 348, -174, 174, -174]),
    # Cleo alone announces a chelem and takes every trick: (25 + 55) × 2 + 400, 4 shares.
    (("Cleo", "Garde", 3, "91", "Cleo"),
     (("radio", "Attack", "Chelem (every trick)"),
      ("checkbox", "The taker announced a chelem", "")), "Made by 55",
     [-560, -560, 2240, -560, -560]),
    # Eve's prise with Ana, down by 3: each pays the three defenders 28.
    (("Eve", "Prise", 1, "48", "Ana"), (), "Down by 3", [-28, 28, 28, 28, -56]),
]


def _open(page: Page, players: list[str] = FOUR, options: dict[str, Any] | None = None,
          hands: list[dict[str, Any]] | None = None) -> str:
    """A game made through the API (these hands entered through it), opened on the page."""
    created = page.request.post("/api/v1/games", data={
        "ruleset": "tarot", "players": players, "options": options or {}})
    assert created.status == 201, created.text()
    body = created.json()
    game, bearer = body["game"], {"Authorization": f"Bearer {body['edit_token']}"}
    for hand in hands or []:
        answer = page.request.post(f"/api/v1/games/{game['id']}/hands", headers=bearer,
                                   data={"version": game["version"], **hand})
        assert answer.ok, answer.text()
        game = answer.json()
    page.goto(body["scorekeeper_url"])
    return str(game["id"])


def test_a_hand_by_touch_a_refusal_and_the_totals(page: Page) -> None:
    game = _open(page)
    taps = 0

    def tap(role: str, name: str, group: str | None = None) -> None:
        nonlocal taps
        where: Any = page if group is None else page.get_by_role("group", name=group,
                                                                  exact=True)
        where.get_by_role(role, name=name, exact=True).tap()
        taps += 1
        # A person's next tap: the double-tap guard (double_tap.js) takes a second touch
        # within 240 ms as the same tap.
        page.wait_for_timeout(300)

    tap("radio", "Ana")
    tap("radio", "Garde")
    tap("radio", "2 bouts")
    points = page.get_by_role("textbox", name="Card points of the attack")
    points.tap()
    taps += 1
    points.fill("49")
    page.wait_for_timeout(300)
    expect(page.get_by_text("Made by 8", exact=True)).to_be_visible()  # before Save
    page.get_by_text("Petit au bout, poignées, chelem").tap()
    page.wait_for_timeout(300)
    tap("radio", "Attack", "Petit au bout")
    tap("radio", "Ana: simple")
    tap("button", "Save hand 1")
    # The example needs its two primes: 8 taps; a hand without them needs 6.
    assert taps - 3 <= 6
    expect(page.get_by_text("106 from each defender: Ana +318").first).to_be_visible()

    tap("radio", "Ben")
    tap("radio", "Prise")
    tap("radio", "0 bouts")
    points.fill("40.5")
    page.wait_for_timeout(300)
    expect(page.get_by_text("Down by 16", exact=True)).to_be_visible()
    page.get_by_text("Petit au bout, poignées, chelem").tap()
    page.wait_for_timeout(300)
    tap("radio", "Attack", "Petit au bout")
    tap("button", "Save hand 2")
    expect(page.get_by_text("Petit au bout for the attack needs the Petit: the attack has no "
                            "bout.").first).to_be_visible()
    expect(points).to_have_value("40.5")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    tap("radio", "No", "Petit au bout")
    tap("button", "Save hand 2")
    expect(page.get_by_text("Prise, 0 bouts: 40.5 of 56, down by 16").first).to_be_visible()
    api = page.request.get(f"/api/v1/games/{game}").json()
    scores = [p["score"] for p in api["players"]]
    assert scores == [318 + 41, -106 - 123, -106 + 41, -106 + 41] and sum(scores) == 0


def test_an_evening_of_ten_hands_at_five_adds_up_to_0(page: Page) -> None:
    game = _open(page, FIVE, {"rounds": 10})
    expect(page.locator("#banner")).to_contain_text("Hand 1")

    taps = 0
    last_tap = 0.0

    def tap(role: str, name: str, group: str | None = None) -> None:
        """A person's tap, past the double-tap guard (double_tap.js takes a second touch
        within 240 ms of the last as the same tap): only what is left of 260 ms since the last
        tap is waited, the time the page took to answer already counting."""
        nonlocal taps, last_tap
        where: Any = page if group is None else page.get_by_role("group", name=group,
                                                                  exact=True)
        target = where.get_by_role(role, name=name, exact=True)
        target.wait_for()
        page.wait_for_timeout(max(0.0, 260 - (time.monotonic() - last_tap) * 1000))
        target.tap()
        last_tap = time.monotonic()
        taps += 1

    def hand(number: int, said: tuple[str, str, int, str, str],
             primes: tuple[tuple[str, str, str], ...], margin: str) -> int:
        """A hand by touch, the card points typed, the margin checked before Save; its taps."""
        nonlocal taps
        taker, contract, bouts, points, partner = said
        taps = 0
        tap("radio", taker, "Taker")
        tap("radio", contract, "Contract")
        tap("radio", f"{bouts} bout" + ("s" if bouts != 1 else ""))
        field = page.get_by_role("textbox", name="Card points of the attack")
        tap("textbox", "Card points of the attack")
        field.fill(points)
        expect(page.get_by_text(margin, exact=True)).to_be_visible()  # before Save
        tap("radio", partner, "Partner (the called king)")
        if primes:
            page.get_by_text("Petit au bout, poignées, chelem").tap()
            taps += 1
            for role, name, group in primes:
                tap(role, name, group or None)
        tap("button", f"Save hand {number}")
        if number < len(EVENING):
            expect(page.locator("#banner")).to_contain_text(f"Hand {number + 1}")
        return taps

    for number, (said, primes, margin, _shares) in enumerate(EVENING, start=1):
        used = hand(number, said, primes, margin)
        assert used <= 6 + (1 + len(primes) if primes else 0)  # six, and the primes' own
        if number == 8:
            expect(page.get_by_text("174 from each defender: Ben +348, Dev +174")
                   .first).to_be_attached()
        if number == 9:
            expect(page.get_by_text("chelem announced and made +400").first).to_be_attached()
            expect(page.get_by_text("560 from each defender: Cleo +2240").first).to_be_attached()
    expect(page.get_by_text("✓ Prise, 1 bout: 48 of 51, down by 3: (25 + 3) × 1 = 28 · 28 to "
                            "each defender: Eve −56, Ana −28")).to_be_visible()

    # The tenth hand ends the evening. Every hand's shares add up to 0, on the page and in the
    # API, and so do the table's totals; the standings follow them.
    shares = [points for *_said, points in EVENING]
    assert all(sum(points) == 0 for points in shares)
    totals = [sum(column) for column in zip(*shares)]
    assert totals == [-927, -596, 2554, -589, -442]
    expect(page.get_by_text("Cleo wins!")).to_be_visible()
    for number, points in enumerate(shares, start=1):
        cells = page.locator(f"[id^='why-{number}-'] .pts")
        expect(cells).to_have_text([f"+{p}" if p > 0 else str(p) for p in points])
    expect(page.locator(".totals td")).to_have_text([str(t) for t in totals])
    standings = page.locator(".standings li")
    expect(standings.locator(".who")).to_have_text(["Cleo", "Eve", "Dev", "Ben", "Ana"])
    expect(standings.locator(".score")).to_have_text(
        ["2554 points", "-442 points", "-589 points", "-596 points", "-927 points"])
    answer = page.request.get(f"/api/v1/games/{game}").json()
    assert answer["finished_by"] == "rounds"
    assert [r["points"] for r in answer["rounds"]] == shares  # each adding up to 0
    assert [p["score"] for p in answer["players"]] == totals and sum(totals) == 0
    assert [r["hand"]["partner"] for r in answer["rounds"]] == [2, 3, 4, 3, 0, 1, 2, 3, 2, 0]
    assert [r["hand"]["contract"] for r in answer["rounds"]][7] == "garde-contre"
    assert answer["rounds"][8]["hand"]["chelem"] == "taker"


@pytest.mark.parametrize("locale, made", [("fr-FR", "Faite de 8"), ("it-IT", "Fatta di 8")])
def test_the_hand_screen_in_french_and_italian(phones: Callable[..., Any], locale: str,
                                                made: str, screenshot_dir: Path) -> None:
    page = phones(locale=locale, has_touch=True, device_scale_factor=1)
    _open(page)
    page.get_by_role("radio", name="Ana", exact=True).tap()
    page.get_by_role("radio", name="Garde", exact=True).tap()
    page.get_by_role("radio", name="2 bouts", exact=True).tap()
    page.locator("#tarot-points").fill("49")
    expect(page.get_by_text(made, exact=True)).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    # The hand screen as the phone shows it: every field and Save within 390 × 844.
    expect(page.locator(".tarot-form button[type=submit]")).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(screenshot_dir / f"tarot-hand-{locale[:2]}.png"))
