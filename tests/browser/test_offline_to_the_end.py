"""The game goes on offline: a reload with no connection shows the latest state this phone saw
(not the page as the service worker first kept it), and Oh Hell goes on round after round with
every round's answers carried by the page, the taps sent once and in order when the connection
is back; Oh-Seven's next round waits for the connection, and says so.

A 390×844 touch phone, tapped with ``page.touchscreen.tap`` (localhost is a secure context: the
service worker keeps the page for an offline start)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from bid_games import Taps, banner, start_game, totals
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from test_offline import all_sent, game_json, row
from waiting import until, until_page

from companion import rules

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo", "Dev"]  # Ana deals round 1; Oh Hell, 19 rounds from 10 cards

#: Three rounds of Oh Hell as the table plays them: (who bids what, in bidding order), (who
#: took what, the last player's count filled in by the page), the tricks by seat.
ROUNDS = [
    ([("Ben", 3), ("Cleo", 3), ("Dev", 2), ("Ana", 1)], [("Ben", 3), ("Cleo", 3), ("Dev", 2)],
     (2, 3, 3, 2)),
    ([("Cleo", 2), ("Dev", 2), ("Ana", 1), ("Ben", 3)], [("Cleo", 2), ("Dev", 3), ("Ana", 1)],
     (1, 3, 2, 3)),
    ([("Dev", 1), ("Ana", 2), ("Ben", 2), ("Cleo", 0)], [("Dev", 1), ("Ana", 2), ("Ben", 4)],
     (2, 4, 1, 1)),
]


def expected_scores() -> list[int]:
    """The engine's totals after the three rounds (what the server must answer)."""
    state = rules.new_game(rules.new_settings("oh-hell", NAMES, first_dealer=0))
    for bids, _taken, tricks in ROUNDS:
        by_seat = dict(bids)
        state = rules.apply(state, rules.Bids(tuple(by_seat[name] for name in NAMES)))
        state = rules.apply(state, rules.Tricks(tricks))
    return list(state.scores)


class Finger:
    """One finger on the touch screen: each tap at the middle of what it names. A second tap
    at the same spot waits out the page's double-tap guard (240 ms), as a person's next real
    tap would come."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.last: tuple[float, float, float] | None = None

    def tap(self, target: Locator) -> None:
        box = None
        for _ in range(20):  # an answer may swap the element out as it is found: found again
            try:
                # In the middle of the screen, as a person looks at it: not under the sticky
                # "Save tricks" bar at the bottom.
                target.evaluate("(element) => element.scrollIntoView({block: 'center'})")
                box = target.bounding_box(timeout=5000)
            except PlaywrightError:
                box = None
            if box:
                break
            self.page.wait_for_timeout(50)
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.last and abs(self.last[0] - x) < 30 and abs(self.last[1] - y) < 30:
            rest = 0.4 - (time.monotonic() - self.last[2])
            if rest > 0:
                self.page.wait_for_timeout(rest * 1000)
        self.page.touchscreen.tap(x, y)
        self.last = (x, y, time.monotonic())

    def button(self, name: str) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=True))

    def radio(self, name: str) -> None:
        # (A tall tricks form shows one player at a time: the one just tapped hides.)
        radio = self.page.get_by_role("radio", name=name, exact=True, include_hidden=True)
        self.tap(self.page.locator("label.pick", has=radio))
        expect(radio).to_be_checked()


def play_round(page: Page, finger: Finger, number: int) -> None:
    bids, taken, tricks = ROUNDS[number - 1]
    for name, bid in bids:
        finger.button(f"{name} bids {bid}")
    for name, took in taken:
        finger.radio(f"{name} took {took}")
    last = [name for name in NAMES if name not in dict(taken)][0]
    expect(page.get_by_role("radio", name=f"{last} took {tricks[NAMES.index(last)]}",
                            exact=True, include_hidden=True)).to_be_checked()  # the engine's count, filled in
    finger.button("Save tricks")


def kept_for_offline(page: Page) -> None:
    """The page under the service worker, which keeps it for an offline start."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    until_page(page, "() => navigator.serviceWorker.controller !== null", "a controlled page")


def test_an_offline_reload_shows_the_latest_state(page: Page, live_server: str,
                                                  screenshot_dir: Path) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    kept_for_offline(page)  # kept at round 1, totals 0
    finger = Finger(page)
    for number in (1, 2, 3):
        play_round(page, finger, number)
        expect(banner(page)).to_contain_text(f"Round {number + 1} of 19")
        all_sent(page)
    scores = expected_scores()
    assert [p["score"] for p in game_json(live_server, url)["players"]] == scores
    assert totals(page) == scores

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-from-cache", "")
    expect(page.get_by_text("No connection: this is the last known state of the game.")).to_be_visible()
    expect(banner(page)).to_have_text("Round 4 of 19 · 7 cards · Dev deals · Ana bids first")
    assert totals(page) == scores
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "offline-reload-after.png"))
    finger.button("Ana bids 1")  # on the game as the server has it: no conflict
    expect(row(page, "Ana").locator(".what")).to_have_text("1 · waiting to be sent")
    page.context.set_offline(False)
    all_sent(page)
    expect(page.get_by_text("Someone else just entered this round")).to_have_count(0)
    assert game_json(live_server, url)["current"]["bids"] == [1, None, None, None]


def test_three_rounds_played_offline_are_sent_once_in_order(page: Page, live_server: str,
                                                            screenshot_dir: Path) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    kept_for_offline(page)
    before = game_json(live_server, url)["version"]
    delivered: list[dict[str, str]] = []
    page.on("requestfinished", lambda request: delivered.append(
        dict(re.findall(r"([^&=]+)=([^&]*)", request.post_data or "")))
        if request.method == "POST" and re.search(r"/(bid|tricks)$", request.url) else None)
    finger = Finger(page)

    page.context.set_offline(True)
    play_round(page, finger, 1)
    # Round 2 from the engine's answers the page carries: its hand, dealer and bidding order.
    expect(banner(page)).to_have_text("Round 2 of 19 · 9 cards · Ben deals · Cleo bids first")
    expect(page.get_by_text("The scores from round 1 on wait for the connection.")).to_be_visible()
    expect(page.get_by_text("The next entry waits for the connection.")).to_be_hidden()
    assert totals(page) == [0, 0, 0, 0]
    for name, bid in ROUNDS[1][0][:3]:
        finger.button(f"{name} bids {bid}")
    # The dealer's hook: the others bid 5 of 9 between them.
    hooked = page.get_by_role("button", name="Ben bids 4", exact=True)
    expect(hooked).to_be_disabled()
    expect(hooked).to_have_accessible_description(
        "Dealer can't bid 4: bids would total 9 — someone must miss.")
    expect(page.get_by_role("button", name="Ben bids 9", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Ben bids 10", exact=True)).to_have_count(0)
    finger.button("Ben bids 3")
    # (One player's counts shown at a time: the others' legends are there, hidden.)
    expect(page.get_by_role("group", name="Ben · bid 3 · waiting to be sent",
                            include_hidden=True)).to_be_attached()
    expect(page.locator(".tricks-form .is-shown")).to_be_visible()
    for name, took in ROUNDS[1][1]:
        finger.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ben took 3", exact=True,
                            include_hidden=True)).to_be_checked()
    finger.button("Save tricks")
    expect(page.get_by_text("10 taps waiting to be sent")).to_be_visible()

    # A reload with no connection: the round the taps reached, the taps on it.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-from-cache", "")
    expect(banner(page)).to_have_text("Round 3 of 19 · 8 cards · Cleo deals · Dev bids first")
    expect(page.get_by_text("10 taps waiting to be sent")).to_be_visible()
    play_round(page, finger, 3)
    expect(banner(page)).to_contain_text("Round 4 of 19 · 7 cards · Dev deals")
    expect(page.get_by_text("15 taps waiting to be sent")).to_be_visible()
    # (The emulated Wi-Fi may let a tap through the service worker now and then, its answer
    # lost: it is sent again under its key, and counted once, as below.)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "offline-three-rounds.png"))

    page.context.set_offline(False)
    expect(banner(page)).to_contain_text("Round 4 of 19", timeout=15_000)
    all_sent(page)
    game = game_json(live_server, url)
    assert game["version"] == before + 15  # each tap stored once
    assert [r["tricks"] for r in game["rounds"]] == [list(t) for *_, t in ROUNDS]
    assert [r["bids"] for r in game["rounds"]] == [
        [dict(bids)[name] for name in NAMES] for bids, *_ in ROUNDS]
    scores = expected_scores()
    assert [p["score"] for p in game["players"]] == scores
    expect(page.locator(".score-table .totals td")).to_have_text([str(s) for s in scores])
    # In order, each under its own key and the version it would have.
    versions = [int(body["version"]) for body in delivered]
    assert versions == list(range(before, before + 15))
    assert len({body["idempotency_key"] for body in delivered}) == 15


def test_oh_seven_says_the_next_round_waits(page: Page, live_server: str,
                                            screenshot_dir: Path) -> None:
    url = start_game(page, "oh-seven", NAMES, dealer=0)
    taps = Taps(page)
    for name, (value, suit) in {"Ben": (3, "spades"), "Cleo": (2, "hearts"),
                                "Dev": (4, "diamonds"), "Ana": (0, "clubs")}.items():
        taps.radio(f"{name} bids {value} of {suit}")
    taps.button("Reveal")
    expect(banner(page)).to_contain_text("Trump ♦ diamonds · Dev leads")
    all_sent(page)

    page.context.set_offline(True)
    finger = Finger(page)
    for name, took in (("Ben", 3), ("Cleo", 2), ("Dev", 2)):
        finger.radio(f"{name} took {took}")
    finger.button("Save tricks")  # the round goes on offline…
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    # …and the next one, whose bids the engine must first answer, waits: said plainly.
    expect(page.get_by_text("The next round waits for the connection.")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "offline-oh-seven-next-round-waits.png"))

    page.context.set_offline(False)
    expect(banner(page)).to_contain_text("Round 2 of 7", timeout=15_000)
    all_sent(page)
    expect(page.get_by_text("The next round waits for the connection.")).to_be_hidden()
    until(page, lambda: game_json(live_server, url)["rounds"][0]["tricks"] == [0, 3, 2, 2],
          "round 1's tricks on the server")

