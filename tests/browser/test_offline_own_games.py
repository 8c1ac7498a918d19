"""Hand after hand offline in the games whose hand is one blank form every time (Belote,
Coinche, Tarot, Scopa): the phone needs no answer from the server to enter the next hand. Who
deals it is the engine's answer, carried by the page (``rules.hands_ahead``); the scores, and
whether a hand ends the game, wait for the connection, and the page says so. When the connection
is back every hand reaches the server, once and in order.

A 390×844 touch phone; offline is Playwright's ``context.set_offline()``. Screenshot: a Tarot
hand screen with one hand waiting (``docs/screenshots/tarot-offline-hand-waiting.png`` when
asked to refresh them: ``SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect
from test_offline import all_sent

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _started(page: Page, ruleset: str, players: list[str]) -> dict[str, Any]:
    created = page.request.post("/api/v1/games", data={"ruleset": ruleset, "players": players})
    assert created.status == 201, created.text()
    body: dict[str, Any] = created.json()
    page.goto(body["scorekeeper_url"])
    return body


def _game(page: Page, game: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = page.request.get(f"/api/v1/games/{game['game']['id']}").json()
    return answer


def _tap(page: Page, role: str, name: str, group: str | None = None) -> None:
    where: Any = page if group is None else page.get_by_role("group", name=group, exact=True)
    where.get_by_role(role, name=name, exact=True).tap()
    # A person's next tap: the double-tap guard (double_tap.js) takes a second touch within
    # 240 ms as the same tap.
    page.wait_for_timeout(300)


def _tarot_hand(page: Page, number: int, taker: str, contract: str, bouts: str,
                points: str) -> None:
    for name in (taker, contract, bouts):
        _tap(page, "radio", name)
    typed = page.get_by_role("textbox", name="Card points of the attack")
    typed.tap()
    typed.fill(points)
    _tap(page, "button", f"Save hand {number}")


def test_two_tarot_hands_entered_offline_then_counted(phones: Callable[..., Page],
                                                     screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", has_touch=True, device_scale_factor=1)
    game = _started(page, "tarot", FOUR)
    banner = page.locator("#banner")
    page.context.set_offline(True)

    _tarot_hand(page, 1, "Ana", "Garde", "2 bouts", "49")
    # The next hand at once, its dealer the engine's (the deal passes right); the scores wait.
    expect(banner).to_contain_text("Hand 2 · Dev deals · Cleo speaks first")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(page.get_by_text("The scores from hand 1 on, and whether a hand ends the game, wait "
                            "for the connection.")).to_be_visible()
    expect(page.get_by_role("radio", name="Ana", exact=True)).not_to_be_checked()  # blank
    # Shown from its start, as online: the taker's chips in view, under the thumb.
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_in_viewport()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "tarot-offline-hand-waiting.png"))

    _tarot_hand(page, 2, "Ben", "Prise", "1 bout", "40")
    expect(banner).to_contain_text("Hand 3 · Cleo deals · Ben speaks first")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    # Nothing reached the server yet (the test's own requests are not the phone's).
    assert not [r for r in _game(page, game)["rounds"] if r["hand"] is not None]

    page.context.set_offline(False)
    all_sent(page)
    expect(banner).to_contain_text("Hand 3 · Cleo deals")
    stored = _game(page, game)
    hands = [r["hand"] for r in stored["rounds"] if r["hand"] is not None]
    assert [(h["taker"], h["contract"], h["bouts"], h["points"]) for h in hands] == [
        (0, "garde", 2, 49), (1, "prise", 1, 40)]
    # Garde, 2 bouts, made by 8: (25 + 8) × 2 = 66 from each defender; then a prise with one
    # bout down by 11: 36 to each defender.
    scores = [p["score"] for p in stored["players"]]
    assert scores == [198 + 36, -66 - 108, -66 + 36, -66 + 36] and sum(scores) == 0
    expect(page.locator(".totals td, .totals th + td").first).to_be_visible()


def _scopa_hand(page: Page, number: int, awards: tuple[str, str, str, str],
                scope: dict[str, int]) -> None:
    for row, side in zip(("Most cards", "Most coins", "Settebello", "Primiera"), awards):
        _tap(page, "radio", side, row)
    for side, count in scope.items():
        for _ in range(count):
            _tap(page, "button", f"One more for {side}")
    _tap(page, "button", f"Save hand {number}")


def test_a_scopa_game_ends_offline_a_tie_at_the_top_played_on(page: Page) -> None:
    game = _started(page, "scopa", ["Ana", "Ben"])
    token = {"Authorization": f"Bearer {game['edit_token']}"}
    version = game["game"]["version"]
    # Brought near the target through the API: 9 all.
    for hand in ({"cards": 0, "coins": 0, "settebello": 0, "primiera": 0, "scope": [5, 0]},
                 {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "scope": [0, 5]}):
        written = page.request.post(f"/api/v1/games/{game['game']['id']}/hands",
                                    data={"version": version, **hand}, headers=token)
        assert written.status == 200, written.text()
        version = written.json()["version"]
    page.reload()
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Hand 3")
    page.context.set_offline(True)

    # 11 all: a tie at the top, played on (the server's answer: the page goes on regardless).
    _scopa_hand(page, 3, ("Ana", "Ben", "Ana", "Ben"), {})
    expect(banner).to_contain_text("Hand 4")
    expect(page.get_by_text("The scores from hand 3 on, and whether a hand ends the game, wait "
                            "for the connection.")).to_be_visible()
    # Ana takes all four: 15 to 11, the game won.
    _scopa_hand(page, 4, ("Ana", "Ana", "Ana", "Ana"), {})
    expect(banner).to_contain_text("Hand 5")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()

    page.context.set_offline(False)
    all_sent(page)
    stored = _game(page, game)
    assert stored["status"] == "finished" and stored["current"] is None
    assert [s["name"] for s in stored["standings"] if s["rank"] == 1] == ["Ana"]
    assert [r["side_points"] for r in stored["rounds"]] == [[9, 0], [0, 9], [2, 2], [4, 0]]
    assert [p["score"] for p in stored["players"]] == [15, 11]
    expect(page.locator("#banner")).to_have_count(0)  # the final standings, no hand to enter
    expect(page.get_by_text("Ana wins", exact=False).first).to_be_visible()
