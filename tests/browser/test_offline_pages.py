"""The full-page forms keep what was typed when the server is out of reach: a round's
correction and a finished game's rematch stay on the page, say they wait for the connection,
survive a reload, and are sent once, under their key, when the connection is back; the page
then follows the server's answer (waiting_forms.js).

Offline is Playwright's ``context.set_offline()``; a server out of reach is a route that aborts
the post; an answer lost on its way back is ``route.fetch()`` then ``route.abort()``."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect
from bid_games import fill_new_game
from set_up_games import LiveGame, finish, new_game, play_round

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
WAITING = "Your correction will be sent when the connection is back."
REMATCH_WAITING = "The rematch will start when the connection is back."


def game_json(game: LiveGame) -> Any:
    with urllib.request.urlopen(f"{game.base}/api/v1/games/{game.id}", timeout=10) as response:
        return json.loads(response.read())


def correcting(page: Page, live_server: str) -> tuple[LiveGame, int]:
    """Round 1 scored (Ana took every trick), its correction open, Ben's and Ana's tricks
    swapped in it, not saved yet."""
    game = new_game(live_server, "oh-hell", NAMES)
    play_round(game)
    game.keep_on(page)
    page.goto(f"{game.url}/rounds/1")
    size = game.body["rounds"][0]["hand_size"]
    page.get_by_role("radio", name=f"Ben took {size}", exact=True).check()
    page.get_by_role("radio", name="Ana took 0", exact=True).check()
    return game, size


def corrected(page: Page, game: LiveGame, size: int, version: int) -> None:
    """The game's page, as after a correction sent once: the server's message, one write."""
    page.wait_for_url(re.compile(r"/g/[\w-]+$"), timeout=20_000)
    expect(page.get_by_role("status").filter(has_text="Round 1 corrected")).to_be_visible()
    body = game_json(game)
    assert body["rounds"][0]["tricks"] == [0, size, 0, 0]
    assert body["version"] == version + 1


def test_a_correction_made_offline_waits_and_is_sent_once(page: Page, live_server: str,
                                                          screenshot_dir: Path) -> None:
    game, size = correcting(page, live_server)
    version = game_json(game)["version"]
    answered: list[str] = []
    page.on("response", lambda response: answered.append(response.url)
            if response.request.method == "POST" else None)

    page.context.set_offline(True)
    save = page.get_by_role("button", name="Save round 1")
    save.click()
    expect(page.get_by_text(WAITING)).to_be_visible()
    assert page.url.endswith("/rounds/1")  # not the browser's error page: the form as typed
    expect(page.get_by_role("radio", name=f"Ben took {size}", exact=True, include_hidden=True)).to_be_checked()
    expect(save).to_be_disabled()  # a second tap would be the same write
    save.evaluate("(button) => button.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(screenshot_dir / "offline-waiting-correction.png"))
    assert game_json(game)["version"] == version

    page.context.set_offline(False)
    corrected(page, game, size, version)
    # Tried while offline, under its key, until the server answered it: once. The page is the
    # one its answer led to.
    assert answered == [f"{game.base}{game.url}/rounds/1"]


def test_a_waiting_correction_survives_a_reload_and_can_be_dropped(page: Page, live_server: str) -> None:
    game, size = correcting(page, live_server)
    version = game_json(game)["version"]

    def unreachable(route: Route) -> None:
        route.abort("connectionrefused") if route.request.method == "POST" else route.continue_()

    page.route("**/rounds/1", unreachable)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_text(WAITING)).to_be_visible()

    page.reload()  # the page as the server draws it, the correction put back as it was typed
    expect(page.get_by_text(WAITING)).to_be_visible()
    expect(page.get_by_role("radio", name=f"Ben took {size}", exact=True, include_hidden=True)).to_be_checked()
    expect(page.get_by_role("radio", name="Ana took 0", exact=True, include_hidden=True)).to_be_checked()

    page.get_by_role("button", name="Don't send it").click()
    expect(page.get_by_text(WAITING)).to_be_hidden()
    save = page.get_by_role("button", name="Save round 1")
    expect(save).to_be_enabled()
    expect(page.get_by_role("radio", name=f"Ben took {size}", exact=True, include_hidden=True)).to_be_checked()
    page.reload()
    expect(page.get_by_text(WAITING)).to_have_count(0)
    assert game_json(game)["version"] == version  # dropped: never sent

    page.get_by_role("radio", name=f"Ben took {size}", exact=True).check()
    page.get_by_role("radio", name="Ana took 0", exact=True).check()
    save.click()
    expect(page.get_by_text(WAITING)).to_be_visible()
    page.unroute("**/rounds/1")  # the server is back: the queue's backoff sends it
    corrected(page, game, size, version)


def finished_game(page: Page, live_server: str) -> LiveGame:
    game = new_game(live_server, "oh-hell", NAMES)
    finish(game)
    game.keep_on(page)
    page.goto(game.url)
    return game


def games_on_this_phone(page: Page) -> Locator:
    page.goto("/")
    return page.locator("[data-forget-item]")


def test_a_rematch_tapped_offline_starts_once_when_back_online(page: Page, live_server: str) -> None:
    game = finished_game(page, live_server)
    rematch = page.get_by_role("button", name="Rematch")

    page.context.set_offline(True)
    rematch.click()
    expect(page.get_by_text(REMATCH_WAITING)).to_be_visible()
    page.get_by_role("button", name="Don't send it").click()
    expect(page.get_by_text(REMATCH_WAITING)).to_be_hidden()
    rematch.click()  # tapped again: a new write, still waiting
    expect(page.get_by_text(REMATCH_WAITING)).to_be_visible()

    page.context.set_offline(False)
    page.wait_for_url(lambda url: game.id not in url and "/g/" in url, timeout=20_000)
    expect(page.locator("#banner")).to_contain_text("Round 1")
    new_id = page.url.rstrip("/").rsplit("/", 1)[1]
    assert game_json(game)["links"]["rematch"] == f"/g/{new_id}"
    expect(games_on_this_phone(page)).to_have_count(2)  # the finished game and one rematch


def test_a_rematch_whose_answer_is_lost_is_made_once(page: Page, live_server: str) -> None:
    game = finished_game(page, live_server)
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if route.request.method != "POST" or lost:
            route.continue_()
            return
        answer = route.fetch(max_redirects=0)  # the server makes the rematch…
        lost.append(answer.status)
        route.abort("connectionreset")  # …and the answer never reaches the phone

    page.route(f"**/g/{game.id}/rematch", lose_the_first_answer)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: game.id not in url and "/g/" in url, timeout=20_000)
    assert lost == [303]
    new_id = page.url.rstrip("/").rsplit("/", 1)[1]
    assert game_json(game)["links"]["rematch"] == f"/g/{new_id}"
    expect(games_on_this_phone(page)).to_have_count(2)


@pytest.mark.parametrize("status", [500, 503])
def test_a_rematch_answered_by_a_server_error_is_sent_again_and_made_once(
        page: Page, live_server: str, status: int) -> None:
    """The database was reached and the rematch made, but the answer was an error (a 500 of a
    failing commit's aftermath, a 503 of an outage): the form waits and sends it again under its
    key, which answers with the rematch made the first time."""
    game = finished_game(page, live_server)
    failed: list[int] = []

    def fail_the_first_answer(route: Route) -> None:
        if route.request.method != "POST" or failed:
            route.continue_()
            return
        failed.append(route.fetch(max_redirects=0).status)  # the server makes the rematch…
        route.fulfill(status=status, content_type="text/html",  # …and the phone is told it failed
                      body='<title>Error</title><main id="main"><h1>Something went wrong</h1></main>')

    page.route(f"**/g/{game.id}/rematch", fail_the_first_answer)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: game.id not in url and "/g/" in url, timeout=20_000)
    assert failed == [303]
    new_id = page.url.rstrip("/").rsplit("/", 1)[1]
    assert game_json(game)["links"]["rematch"] == f"/g/{new_id}"
    expect(games_on_this_phone(page)).to_have_count(2)


def test_a_seven_up_hand_corrected_offline_is_sent_once(page: Page, live_server: str) -> None:
    game = new_game(live_server, "seven-up", ["Ana", "Ben"])
    game.write("hands", jacks_turned=0, beg="stand", high=0, low=0, jack=0, game=0)
    version = game.body["version"]
    game.keep_on(page)
    page.goto(f"{game.url}/hands/1")
    high = page.get_by_role("group", name="High", exact=True).get_by_role("radio", name="Ben", exact=True)
    high.check()

    page.context.set_offline(True)
    page.get_by_role("button", name="Save hand 1", exact=True).click()
    expect(page.get_by_text(WAITING)).to_be_visible()
    expect(high).to_be_checked()
    page.context.set_offline(False)
    page.wait_for_url(re.compile(r"/g/[\w-]+$"), timeout=20_000)
    expect(page.get_by_role("status").filter(has_text="Hand 1 corrected")).to_be_visible()
    assert game_json(game)["version"] == version + 1


def posts_of(page: Page) -> list[str]:
    """Every POST the page sends from now on (each one that reaches the server or tries to)."""
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    return posts


def test_a_correction_online_is_posted_once_and_says_so(page: Page, live_server: str) -> None:
    """Online, the form is posted once, by the page, and the page then goes where the answer
    leads, with the server's one-time message: not posted a second time by the browser."""
    game, size = correcting(page, live_server)
    version = game_json(game)["version"]
    posts = posts_of(page)
    started = time.monotonic()
    page.get_by_role("button", name="Save round 1").click()
    corrected(page, game, size, version)
    print(f"correction saved and shown in {time.monotonic() - started:.2f} s")
    assert posts == [f"{game.base}{game.url}/rounds/1"]
    page.reload()  # the message was for that page only
    expect(page.get_by_text("Round 1 corrected")).to_have_count(0)


def test_a_refused_correction_is_posted_once_and_shows_why(page: Page, live_server: str) -> None:
    game, size = correcting(page, live_server)
    version = game_json(game)["version"]
    page.get_by_role("radio", name=f"Ana took {size}", exact=True).check()  # Ana and Ben: too many
    posts = posts_of(page)
    page.get_by_role("button", name="Save round 1").click()
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    assert page.url.endswith("/rounds/1")
    expect(page.get_by_role("radio", name=f"Ben took {size}", exact=True, include_hidden=True)).to_be_checked()
    expect(page.get_by_role("radio", name=f"Ana took {size}", exact=True, include_hidden=True)).to_be_checked()
    assert posts == [f"{game.base}{game.url}/rounds/1"]
    assert game_json(game)["version"] == version

    page.get_by_role("radio", name="Ana took 0", exact=True).check()  # put right, sent again
    page.get_by_role("button", name="Save round 1").click()
    corrected(page, game, size, version)
    assert posts == [f"{game.base}{game.url}/rounds/1"] * 2


def test_a_rematch_online_is_posted_once(page: Page, live_server: str) -> None:
    game = finished_game(page, live_server)
    posts = posts_of(page)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: game.id not in url and "/g/" in url, timeout=20_000)
    expect(page.locator("#banner")).to_contain_text("Round 1")
    assert posts == [f"{game.base}{game.url}/rematch"]
    expect(games_on_this_phone(page)).to_have_count(2)


# --- every other form that waits is posted once too, tapped as a person does --------------------


def test_start_the_game_is_posted_once(page: Page, live_server: str) -> None:
    fill_new_game(page, "oh-hell", NAMES)
    posts = posts_of(page)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"), timeout=20_000)
    expect(page.locator("#banner")).to_contain_text("Round 1")
    assert posts == [f"{live_server}/new"]
    expect(games_on_this_phone(page)).to_have_count(1)


def test_the_table_forms_are_posted_once(page: Page, live_server: str) -> None:
    """A table started on the home page, a finished game kept as a table, another game added to
    one: each form one POST, its page followed."""
    page.goto("/")
    page.get_by_label("The table's name").fill("Thursday cards")
    posts = posts_of(page)
    page.get_by_role("button", name="Start a table").tap()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=20_000)
    assert posts == [f"{live_server}/t"]

    game = finished_game(page, live_server)
    page.get_by_label("The table's name").fill("Sunday cards")
    posts.clear()
    page.get_by_role("button", name="Keep these players as a table").tap()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=20_000)
    assert posts == [f"{live_server}{game.url}/keep-table"]

    other = new_game(live_server, "oh-hell", NAMES)
    other.keep_on(page)
    page.get_by_role("radio", name="Thursday cards").check()
    posts.clear()
    page.get_by_role("button", name="Add to the table").tap()
    expect(page.get_by_role("link", name=re.compile("At the table"))).to_be_visible(timeout=20_000)
    assert posts == [f"{live_server}{other.url}/join-table"]
    assert game_json(other)["links"].get("table")
