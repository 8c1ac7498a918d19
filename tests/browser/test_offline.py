"""The Wi-Fi drops, the game goes on: the scorekeeper's taps are kept on the phone, shown as
waiting, sent once and in order when the connection is back (docs/api.md "Writes that are safe
to repeat"); a refusal stops them at the field; a reload keeps them.

Offline is Playwright's ``context.set_offline()``; a request that reaches the server but whose
answer is lost is ``route.fetch()`` then ``route.abort()``."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from bid_games import Say, Taps, start_game
from playwright.sync_api import Page, Route, expect
from waiting import until, until_page

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

NAMES = ["Ana", "Ben", "Cleo", "Dev"]  # Ana deals round 1: Ben bids first, Ana last


def game_json(base: str, game_url: str) -> Any:
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as response:
        return json.loads(response.read())


def bid_posts(page: Page) -> list[str]:
    """Every bid the page sends, as it leaves the browser (counted before any route)."""
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.post_data or "")
            if request.method == "POST" and request.url.endswith("/bid") else None)
    return sent


def all_sent(page: Page) -> None:
    """Every waiting tap sent and answered: the page shows the server's fragment alone."""
    expect(page.locator(".tap-queue[data-pending]")).to_have_count(0, timeout=10_000)
    expect(page.locator(".tap-queue")).to_be_hidden()


def row(page: Page, name: str) -> Any:
    return page.locator(".bid-order li").filter(has=page.locator(".who", has_text=name))


def test_three_bids_entered_offline_are_sent_once(page: Page, live_server: str,
                                                  screenshot_dir: Path) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    taps.button("Ben bids 3")
    expect(row(page, "Cleo")).to_contain_text("to bid")  # drawn at once, maybe before the answer
    sent = bid_posts(page)
    all_sent(page)
    until(page, lambda: game_json(live_server, url)["current"]["bids"] == [None, 3, None, None],
          "Ben's bid on the server", timeout=10)
    before = game_json(live_server, url)["version"]  # Ben's bid stored: counted from here

    page.context.set_offline(True)
    taps.button("Cleo bids 0")
    # The next seat's buttons at once, from the round's bidding order the page has.
    taps.button("Dev bids 2")
    # The dealer's forbidden bid from the engine's table: the others bid 5 of 10.
    hooked = page.get_by_role("button", name="Ana bids 5", exact=True)
    expect(hooked).to_be_disabled()
    expect(hooked).to_have_accessible_description(
        "Dealer can't bid 5: bids would total 10 — someone must miss.")
    expect(row(page, "Cleo").locator(".what")).to_have_text("0 · waiting to be sent")
    expect(row(page, "Dev").locator(".what")).to_have_text("2 · waiting to be sent")
    expect(page.get_by_text("Total bid: 5 of 10")).to_be_visible()
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    taps.button("Ana bids 1")
    # Every bid is in: the round's tricks form, the bids in its legends.
    # (One player's counts shown at a time: the others' legends are there, hidden.)
    expect(page.get_by_role("group", name="Ana · bid 1 · waiting to be sent",
                            include_hidden=True)).to_be_attached()
    expect(page.get_by_role("group", name="Ben · bid 3", include_hidden=True)).to_be_attached()
    expect(page.locator(".tricks-form .is-shown")).to_be_visible()
    expect(page.get_by_text("3 taps waiting to be sent")).to_be_visible()
    assert game_json(live_server, url)["current"]["bids"] == [None, 3, None, None]

    page.context.set_offline(False)
    all_sent(page)
    expect(page.get_by_role("radio", name="Ana took 0", exact=True, include_hidden=True)).to_be_attached()
    expect(page.locator(".tricks-form .is-shown")).to_be_visible()
    game = game_json(live_server, url)
    assert game["current"]["bids"] == [1, 3, 0, 2]
    assert game["version"] == before + 3  # each bid stored once
    # Each waiting tap carried its own key and the version it would have.
    posted = [dict(re.findall(r"([^&=]+)=([^&]*)", body)) for body in sent if "bid=" in body]
    delivered = {(p["seat"], p["bid"], p["version"], p["idempotency_key"]) for p in posted}
    assert {(s, b, int(v) - before) for s, b, v, _ in delivered} == {
        ("2", "0", 0), ("3", "2", 1), ("0", "1", 2)}
    assert len({key for *_, key in delivered}) == 3


@pytest.mark.parametrize("answer", [None, 500, 503])
def test_an_answer_lost_on_the_way_back_is_sent_again_and_counted_once(
        page: Page, live_server: str, answer: int | None) -> None:
    # The answer lost (None), or a 500 or a 503 in its place (the database restarting while the
    # write was in fact committed): the queue sends the same write again under its key.
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if not lost:
            response = route.fetch()  # it reaches the server, which stores the bid…
            lost.append(response.status)
            if answer is None:
                route.abort()  # …and the answer never comes back
            else:
                route.fulfill(status=answer, body="")  # …and an error comes back instead
        else:
            route.continue_()

    page.route("**/bid", lose_the_first_answer)
    sent = bid_posts(page)
    taps.button("Ben bids 3")
    expect(row(page, "Ben").locator(".what")).to_have_text("3 · waiting to be sent")
    expect(row(page, "Cleo")).to_contain_text("to bid", timeout=10_000)  # sent again, 1 s later
    expect(row(page, "Ben").locator(".what")).to_have_text("3")
    all_sent(page)
    # Replayed under its key: answered as the first was, not refused as a stale version.
    expect(page.get_by_text("Someone else just entered this round")).to_have_count(0)
    assert lost == [200]
    assert len(sent) == 2 and sent[0] == sent[1]  # the same write, under the same key
    game = game_json(live_server, url)
    assert game["current"]["bids"] == [None, 3, None, None]
    assert game["version"] == 2  # created at 1, one bid
    taps.button("Cleo bids 0")
    expect(row(page, "Dev")).to_contain_text("to bid")
    all_sent(page)
    assert game_json(live_server, url)["current"]["bids"] == [None, 3, 0, None]


def test_a_reload_while_offline_keeps_the_waiting_taps(page: Page, live_server: str) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    # The service worker (localhost is a secure context) caches the page for an offline start.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    until_page(page, "() => navigator.serviceWorker.controller !== null", "a controlled page")
    page.context.set_offline(True)
    taps.button("Ben bids 2")
    taps.button("Cleo bids 1")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-from-cache", "")
    expect(page.get_by_text("No connection: this is the last known state of the game.")).to_be_visible()
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    expect(row(page, "Ben").locator(".what")).to_have_text("2 · waiting to be sent")
    expect(row(page, "Cleo").locator(".what")).to_have_text("1 · waiting to be sent")
    taps.button("Dev bids 0")  # the table goes on, from the cached page
    expect(page.get_by_text("3 taps waiting to be sent")).to_be_visible()

    page.context.set_offline(False)
    all_sent(page)
    expect(row(page, "Ana")).to_contain_text("to bid")
    assert game_json(live_server, url)["current"]["bids"] == [None, 2, 1, 0]


def test_a_refused_waiting_entry_shows_its_reason_at_the_field(page: Page, live_server: str) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.button(f"{name} bids {bid}")
    taps.button("Ana bids 0")
    expect(page.get_by_role("button", name="Save tricks")).to_be_visible()
    # The tricks form shows before the last bid's answer arrives: that answer must be in first,
    # or the Wi-Fi going would queue the bid too (on a busy machine it takes a while).
    all_sent(page)
    until(page, lambda: game_json(live_server, url)["current"]["phase"] == "tricks",
          "every bid on the server")

    page.context.set_offline(True)
    for name, took in (("Ben", 5), ("Cleo", 5), ("Dev", 5)):
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    # Oh Hell goes on offline: the next round, from the engine's answers the page carries.
    expect(page.locator(".game-banner .banner-line")).to_contain_text("Round 2 of 19")

    page.context.set_offline(False)
    error = page.locator(".tricks-form .field-error")
    expect(error).to_have_text("The tricks add up to 15, but 10 were played.")
    expect(page.get_by_role("radio", name="Cleo took 5", exact=True, include_hidden=True)).to_be_checked()  # kept
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_hidden()
    assert game_json(live_server, url)["current"]["phase"] == "tricks"


def test_a_conflict_stops_the_queue_and_keeps_the_later_taps(
        page: Page, phones: Any, live_server: str) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    second = phones()  # another phone keeping score, through the scorekeeper link
    second.goto(str(page.locator("#keep-url").text_content()).strip())
    taps = Taps(page)

    page.context.set_offline(True)
    taps.button("Ben bids 3")
    taps.button("Cleo bids 0")
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    # Meanwhile the other phone keeping score moves the game on.
    # Stored before this phone comes back (the page draws a tap before the server has it).
    with second.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/bid")):
        second.get_by_role("button", name="Ben bids 1", exact=True).click()
    expect(second.locator(".bid-order li").filter(has_text="Cleo")).to_contain_text("to bid")

    page.context.set_offline(False)
    expect(page.get_by_text("Someone else just entered this round")).to_be_visible()
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_visible()
    expect(row(page, "Ben").locator(".what")).to_have_text("1")  # the game as it now is
    page.get_by_role("button", name="Drop them").click()
    expect(page.get_by_text("2 taps waiting to be sent")).to_be_hidden()
    assert game_json(live_server, url)["current"]["bids"] == [None, 1, None, None]


def test_undo_of_a_waiting_tap_needs_no_network(page: Page, live_server: str) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    taps.button("Ben bids 3")
    expect(row(page, "Cleo")).to_contain_text("to bid")
    page.context.set_offline(True)
    taps.button("Cleo bids 4")
    taps.button("Dev bids 1")
    taps.button("Take back the last bid")
    expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    expect(row(page, "Dev")).to_contain_text("to bid")
    taps.button("Dev bids 2")
    page.context.set_offline(False)
    all_sent(page)
    expect(row(page, "Ana")).to_contain_text("to bid")
    assert game_json(live_server, url)["current"]["bids"] == [None, 3, 4, 2]


def _screens(page: Page, screenshot_dir: Path, name: str) -> None:
    page.screenshot(path=str(screenshot_dir / f"{name}.png"))


@pytest.mark.parametrize("look", ["light", "dark", "fr"])
def test_screenshots_of_the_waiting_taps(phones: Any, screenshot_dir: Path, look: str) -> None:
    say = Say("fr" if look == "fr" else "en")
    phone = phones(color_scheme="dark" if look == "dark" else "light",
                   locale="fr-FR" if look == "fr" else "en-GB")
    start_game(phone, "oh-hell", NAMES, dealer=0, say=say)
    bids = say("%(player)s bids %(bid)s", player="{p}", bid="{b}")
    phone.get_by_role("button", name=bids.format(p="Ben", b=3), exact=True).click()
    expect(row(phone, "Cleo")).to_contain_text(say("to bid"))
    phone.context.set_offline(True)
    for name, bid in (("Cleo", 0), ("Dev", 2)):
        phone.get_by_role("button", name=bids.format(p=name, b=bid), exact=True).click()
    expect(phone.locator(".tap-queue")).to_be_visible()
    phone.locator(".tap-queue").evaluate("(line) => line.scrollIntoView({block: 'start'})")
    suffix = "" if look == "light" else f"-{look}"
    _screens(phone, screenshot_dir, f"offline-waiting-taps{suffix}")
    phone.context.set_offline(False)
    expect(phone.locator(".tap-queue")).to_be_hidden()


MEASURE = """() => {
  window.shown = []; window.served = [];
  document.addEventListener("pointerdown", (event) => {
    window.down = event.target.closest(".bid-pad") ? performance.now() : undefined;
    window.seen = false; window.answered = false;
  }, true);
  new MutationObserver(() => {
    if (window.down === undefined) { return; }
    const ben = [...document.querySelectorAll(".bid-order li")].find(
      (li) => li.querySelector(".who").textContent.includes("Ben"));
    const down = window.down;
    if (!window.seen && ben && ben.classList.contains("has-bid")) {
      window.seen = true;
      requestAnimationFrame(() => window.shown.push(performance.now() - down));
    }
    if (!window.answered && document.querySelector("form.undo")) {
      window.answered = true;
      requestAnimationFrame(() => window.served.push(performance.now() - down));
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_the_tap_shows_at_once(page: Page) -> None:
    """The scorekeeper's tap is on screen (the next frame after it is drawn) well before the
    server's answer, which swaps the live fragment in, not the page. The median is reported;
    the bound is only a generous one (a shared test machine)."""
    start_game(page, "oh-hell", NAMES, dealer=0)
    page.evaluate(MEASURE)
    undo = page.get_by_role("button", name="Take back the last bid")
    for _ in range(12):
        page.get_by_role("button", name="Ben bids 3", exact=True).click()
        expect(undo).to_be_visible()
        undo.click()
        expect(undo).to_be_hidden()
        expect(row(page, "Ben")).to_contain_text("to bid")
    # Each measure is taken at the frame after its change: the last one's frame has come.
    until_page(page, "() => window.shown.length === 12 && window.served.length === 12",
               "the twelfth tap's measures")
    shown = sorted(page.evaluate("window.shown"))
    served = sorted(page.evaluate("window.served"))
    assert len(shown) == 12 and len(served) == 12
    median = shown[len(shown) // 2]
    print(f"\ntap shown: median {median:.1f} ms (min {shown[0]:.1f}, max {shown[-1]:.1f}); "
          f"server's fragment swapped in: median {served[len(served) // 2]:.1f} ms")
    assert median < 1000


def test_the_whole_round_offline(page: Page, live_server: str) -> None:
    """Every bid, then the tricks (their form from the page, the last player's count from the
    engine's table), entered with no connection, kept through a reload; sent in order once it
    is back."""
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    page.context.set_offline(True)
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2), ("Ana", 1)):
        taps.button(f"{name} bids {bid}")
    expect(page.get_by_role("heading", name=re.compile("^Tricks"))).to_be_visible()
    expect(page.get_by_role("group", name=re.compile("^Ben · bid 3"))).to_be_visible()
    for name, took in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ana took 2", exact=True, include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    expect(page.get_by_text("5 taps waiting to be sent")).to_be_visible()
    page.reload()
    expect(page.get_by_text("5 taps waiting to be sent")).to_be_visible()
    # The round's tricks wait with the rest: the next round shows, the page's answers for it.
    expect(page.locator(".game-banner .banner-line")).to_contain_text("Round 2 of 19 · 9 cards")

    page.context.set_offline(False)
    all_sent(page)
    game = game_json(live_server, url)
    assert game["rounds"][0]["bids"] == [1, 3, 3, 2]
    assert game["rounds"][0]["tricks"] == [2, 3, 3, 2]
    expect(page.locator(".game-banner .banner-line")).to_contain_text("Round 2 of 19")


def test_a_tap_under_way_when_an_answer_arrives_is_kept(page: Page, live_server: str) -> None:
    """The bids go out as the table starts on the tricks: an answer that arrives while a finger
    is on a trick button waits for the tap, and the picks made in the form the page drew are
    the ones in the server's form once the bids are stored."""
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    taps = Taps(page)
    page.context.set_offline(True)
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2), ("Ana", 1)):
        taps.button(f"{name} bids {bid}")
    ben = page.locator("label.pick", has=page.get_by_role("radio", name="Ben took 4", exact=True))
    box = ben.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # The first bid's answer, all of it, reaches the page under the finger...
    with page.expect_event("requestfinished", lambda r: r.url.endswith("/bid")):
        page.context.set_offline(False)
    # ...which rests there a moment while the page takes it in: the gap is the thing tested
    # (what follows waits on what the page shows).
    page.wait_for_timeout(300)
    page.mouse.up()
    expect(page.get_by_role("radio", name="Ben took 4", exact=True, include_hidden=True)).to_be_checked()
    all_sent(page)
    expect(page.get_by_role("radio", name="Ben took 4", exact=True, include_hidden=True)).to_be_checked()
    for name, took in (("Cleo", 3), ("Dev", 2)):
        taps.radio(f"{name} took {took}")
    expect(page.get_by_role("radio", name="Ana took 1", exact=True, include_hidden=True)).to_be_checked()
    taps.button("Save tricks")
    expect(page.locator(".game-banner .banner-line")).to_contain_text("Round 2 of 19")
    assert game_json(live_server, url)["rounds"][0]["tricks"] == [1, 4, 3, 2]


KEPT_PAGES = """caches.open("companion-pages").then((pages) => pages.keys())
  .then((cached) => cached.map((request) => new URL(request.url).pathname))"""


def test_forgetting_a_game_drops_its_offline_copy(page: Page) -> None:
    url = start_game(page, "oh-hell", NAMES, dealer=0)
    path = "/g/" + url.rsplit("/", 1)[1]
    # The worker, installed while the game started, controls the pages loaded after it is
    # active: the game's page loaded during its install is not (a cold server is slow to send
    # what it caches).
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    until_page(page, "() => navigator.serviceWorker.controller !== null", "a controlled page")
    page.reload()  # through the service worker: cached for an offline start
    until(page, lambda: path in page.evaluate(KEPT_PAGES), "the page cached by the worker")
    page.goto("/")
    # Sent after the few seconds of Undo; the emptied list then reloads the page: asked of the
    # page before that, the cache would be read across a navigation.
    with page.expect_navigation(timeout=15000):
        page.get_by_role("button", name=re.compile("^Forget Oh Hell")).click()
    page.wait_for_load_state()
    until(page, lambda: path not in page.evaluate(KEPT_PAGES), "the kept page dropped")


WAITING_TAPS = "(id) => localStorage.getItem('companion-queue:' + id) !== null"


def test_a_game_let_go_of_takes_its_waiting_taps_with_it(page: Page, live_server: str) -> None:
    """Forgotten on the home page: its waiting taps stay through an Undo and go once the
    forget is sent. Deleted: they go with it."""
    page.route(re.compile(r"/bid$"), lambda route: route.abort("connectionrefused"))
    ids = []
    for _ in range(2):
        url = start_game(page, "oh-hell", NAMES, dealer=0)
        ids.append(url.rsplit("/", 1)[1])
        Taps(page).button("Ben bids 2")
        expect(page.get_by_text("1 tap waiting to be sent")).to_be_visible()
    forgotten, deleted = ids
    assert page.evaluate(WAITING_TAPS, forgotten) and page.evaluate(WAITING_TAPS, deleted)

    page.goto("/")
    forget = page.get_by_role("button", name=re.compile("^Forget Oh Hell")).first
    forget.click()
    page.get_by_role("button", name=re.compile("^Undo")).click()
    assert page.evaluate(WAITING_TAPS, forgotten)  # taken back: the taps stay
    page.locator(f'form[action="/g/{forgotten}/forget"] button').click()
    until(page, lambda: not page.evaluate(WAITING_TAPS, forgotten), "the forgotten game's taps dropped",
          timeout=15)  # sent after the few seconds of its Undo
    assert page.evaluate(WAITING_TAPS, deleted)

    page.goto(f"/g/{deleted}/delete")
    page.get_by_role("button", name=re.compile("^Delete")).click()
    page.wait_for_url(lambda address: f"/g/{deleted}" not in address or "deleted" in address)
    assert not page.evaluate(WAITING_TAPS, deleted)
