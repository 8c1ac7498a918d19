"""Live, explain and looking back in a real browser at 390×844: a watcher sees the
scorekeeper's entry within 2 s, a second scorekeeper too without losing what is being tapped,
a hidden page stops polling and catches up when shown; a score opens its explanation; a
finished game's Rematch starts the next game."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from collections.abc import Callable
from typing import Any

from bid_games import Taps, banner, show_picks_of, start_game
from playwright.sync_api import Page, Response, expect
from waiting import until

NAMES = ["Ana", "Ben", "Cleo"]


def other_phone(page: Page, dark: bool = False) -> Page:
    """A second phone (its own cookies) at the same size."""
    context = page.context.browser.new_context(  # type: ignore[union-attr]
        viewport={"width": 390, "height": 844}, base_url=page.url.split("/g/")[0],
        locale="en-GB", device_scale_factor=2, is_mobile=True, has_touch=True,
        color_scheme="dark" if dark else "light",
    )
    return context.new_page()


def keep_link(page: Page) -> str:
    page.locator("summary", has_text="Scorekeeper link").click()
    return page.locator("#keep-url").inner_text().strip()


def stored(path: str) -> Callable[[Response], bool]:
    """The answer to the page's post of an entry (``/bid``, ``/tricks``): the entry is stored.
    (The page draws a tap at once, before the server has it: offline.js.)"""
    return lambda response: response.request.method == "POST" and response.url.endswith(path)


def api(url: str, path: str, token: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        url + path, method="GET" if body is None else "POST",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def test_a_watcher_sees_each_entry_within_two_seconds(page: Page, screenshot_dir: Path) -> None:
    share = start_game(page, "oh-hell", NAMES, dealer=0)
    watcher = other_phone(page, dark=True)
    watcher.goto(share)
    expect(watcher.get_by_text("Waiting for Ben's bid…")).to_be_visible()
    waits = []
    for name, bid, next_name in (("Ben", 3, "Cleo"), ("Cleo", 4, "Ana")):
        with page.expect_response(stored("/bid")):
            page.get_by_role("button", name=f"{name} bids {bid}", exact=True).click()
        began = time.monotonic()  # stored: from here the watcher can know it
        expect(page.get_by_text(f"{next_name} bids", exact=False).first).to_be_visible()
        expect(watcher.get_by_text(f"Waiting for {next_name}'s bid…")).to_be_visible(timeout=2000)
        waits.append(time.monotonic() - began)
    assert max(waits) < 2.0, waits
    watcher.screenshot(path=str(screenshot_dir / "watching-dark.png"))
    watcher.context.close()


def test_a_hidden_page_stops_polling_and_catches_up_when_shown(page: Page) -> None:
    share = start_game(page, "oh-hell", NAMES, dealer=0)
    watcher = other_phone(page)
    polls: list[str] = []
    watcher.on("request", lambda r: polls.append(r.url) if "/live?" in r.url else None)
    watcher.goto(share)
    until(watcher, lambda: len(polls) >= 2, f"two polls while shown (every 1.5 s): {polls}")
    watcher.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    with page.expect_response(stored("/bid")):  # stored before the page is shown again
        page.get_by_role("button", name="Ben bids 3", exact=True).click()
    hidden_from = len(polls)
    # The gap is the thing tested: two polls' time, and none goes out while hidden.
    watcher.wait_for_timeout(3500)
    assert len(polls) == hidden_from, "polled while hidden"
    expect(watcher.get_by_text("Waiting for Ben's bid…")).to_be_visible()
    began = time.monotonic()
    watcher.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    expect(watcher.get_by_text("Waiting for Cleo's bid…")).to_be_visible(timeout=1000)
    assert time.monotonic() - began < 1.0  # at once, not at the next tick
    watcher.context.close()


def test_a_second_scorekeeper_stays_current_without_losing_its_taps(page: Page) -> None:
    start_game(page, "oh-hell", NAMES, dealer=0)
    second = other_phone(page)
    second.goto(keep_link(page))
    taps = Taps(page)
    for name, bid in (("Ben", 3), ("Cleo", 4), ("Ana", 2)):
        taps.button(f"{name} bids {bid}")
    # Every tap sent and stored (the page draws each at once, before the server has it)...
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0)
    # ...the second phone follows within 2 s, then starts tapping tricks of its own.
    expect(second.get_by_role("heading", name=re.compile("^Tricks"))).to_be_visible(timeout=2000)
    expect(second.get_by_role("radio", name="Ana took 2", exact=True, include_hidden=True)).to_be_attached()
    second.get_by_role("radio", name="Ben took 1", exact=True).click()
    for name, took in (("Ben", 3), ("Cleo", 5)):
        taps.radio(f"{name} took {took}")
    with page.expect_response(stored("/tricks")):  # the round saved: from here it could know
        taps.button("Save tricks")
    expect(banner(page)).to_contain_text("Round 2 of 19")
    # The gap is the thing tested: a phone holding picks waits with its polls (game.js), and
    # two polls' time after the round was saved elsewhere its taps are still there.
    second.wait_for_timeout(3500)
    expect(second.get_by_role("radio", name="Ben took 1", exact=True, include_hidden=True)).to_be_checked()
    cleo = second.get_by_role("radio", name="Cleo took 9", exact=True, include_hidden=True)
    show_picks_of(second, cleo)
    cleo.click()
    second.get_by_role("button", name="Save tricks").click()
    # Its save meets the first phone's: the fresh game, with a notice.
    expect(second.get_by_text("Someone else just entered this round")).to_be_visible()
    expect(banner(second)).to_contain_text("Round 2 of 19")
    with page.expect_response(stored("/bid")):
        page.get_by_role("button", name="Cleo bids 1", exact=True).click()
    # The first phone's next bid, once stored, reaches the second within 2 s (Ana bids next).
    expect(second.get_by_role("button", name="Ana bids 0", exact=True)).to_be_visible(timeout=2000)
    second.context.close()


def test_a_score_opens_its_explanation(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    for name, bid in (("Ben", 3), ("Cleo", 4), ("Ana", 2)):
        taps.button(f"{name} bids {bid}")
    for name, took in (("Ben", 3), ("Cleo", 5)):
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")
    why = page.get_by_text("bid 3, took 3: exact, 10 + 3 = 13")
    expect(why).to_be_hidden()
    page.locator("#why-1-1 summary").click()
    expect(why).to_be_visible()
    expect(page.get_by_text("bid 4, took 5: missed by 1: 0")).to_be_hidden()
    page.locator("#why-1-2 summary").click()
    expect(page.get_by_text("bid 4, took 5: missed by 1: 0")).to_be_visible()
    page.locator("#why-1-1").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "explain-a-score.png"))
    page.get_by_text("Statistics").click()
    expect(page.get_by_text("Players: 3")).to_be_visible()
    page.get_by_text("Players: 3").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "statistics.png"))


def test_rematch_starts_the_next_game(page: Page, live_server: str, screenshot_dir: Path) -> None:
    share = start_game(page, "oh-hell", NAMES, dealer=1, options=("Down only",))
    game_id = share.rsplit("/", 1)[1]
    token = keep_link(page).rsplit("/", 1)[1]
    game = api(live_server, f"/api/v1/games/{game_id}", token)
    while game["current"] is not None:  # every round: bids 0, the first bidder takes them all
        current = game["current"]
        game = api(live_server, f"/api/v1/games/{game_id}/bids", token,
                   {"version": game["version"], "bids": [0, 0, 0]})
        tricks = [0, 0, 0]
        tricks[current["bidding_order"][0]] = current["hand_size"]
        game = api(live_server, f"/api/v1/games/{game_id}/tricks", token,
                   {"version": game["version"], "tricks": tricks})
    page.reload()
    expect(page.get_by_text("Final standings")).to_be_visible()
    rematch = page.get_by_role("button", name="Rematch", exact=True)
    expect(rematch).to_be_visible()
    expect(page.get_by_text("Same players, seats and options; Cleo deals first.")).to_be_visible()
    rematch.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "rematch.png"))
    rematch.click()
    page.wait_for_url(lambda url: url.startswith(live_server + "/g/") and game_id not in url)
    expect(banner(page)).to_have_text("Round 1 of 10 · 10 cards · Cleo deals · Ana bids first")
    page.goto("/")
    expect(page.locator(".game-list li")).to_have_count(2)
    expect(page.locator(".game-list time").first).to_have_attribute("datetime", re.compile(r"\+00:00$"))
    page.screenshot(path=str(screenshot_dir / "home-games.png"))
    # Delete the finished one: one confirmation, then it is gone from the list.
    page.goto(share)
    delete = page.get_by_role("link", name="Delete this game…")
    delete.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "this-game.png"))
    assert page.evaluate("document.documentElement.scrollWidth") == 390  # nothing wider than the phone
    delete.click()
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "delete-game.png"))
    page.get_by_role("button", name="Delete the game").click()
    expect(page.get_by_text("The game was deleted.")).to_be_visible()
    expect(page.locator(".game-list li")).to_have_count(1)
    assert page.request.get(share).status == 404


def test_seven_up_explains_its_points_in_french_and_dark(page: Page, live_server: str,
                                                         screenshot_dir: Path) -> None:
    share = start_game(page, "seven-up", ["Ana", "Ben"], dealer=0)
    game_id = share.rsplit("/", 1)[1]
    token = keep_link(page).rsplit("/", 1)[1]
    game = api(live_server, f"/api/v1/games/{game_id}", token)
    api(live_server, f"/api/v1/games/{game_id}/hands", token,
        {"version": game["version"], "jacks_turned": 1, "beg": "stand", "high": 1, "low": 0,
         "jack": None, "game": 1})
    watcher = other_phone(page, dark=True)
    watcher.goto(share)
    watcher.get_by_role("button", name="FR Français").click()
    expect(watcher.locator("html")).to_have_attribute("lang", "fr")
    watcher.locator("#why-1-1 summary").click()
    expect(watcher.get_by_text("Atout haut\u00a0: Ben · Partie\u00a0: Ben")).to_be_visible()
    watcher.locator("#why-1-1").scroll_into_view_if_needed()
    watcher.screenshot(path=str(screenshot_dir / "seven-up-why-fr-dark.png"))
    watcher.context.close()
