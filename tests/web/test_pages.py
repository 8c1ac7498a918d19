"""Home, the live fragment for watchers, Seven-Up's scoreboard, and the final standings."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from companion.storage import store

from .conftest import HTMX, Scorekeeper, text


def test_home_without_games_offers_a_new_one(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = text(response)
    assert "New game" in page
    assert "Games you start or open on this phone appear here." in page


def test_home_lists_this_phones_games_most_recent_first(start: Callable[..., Scorekeeper],
                                                        client: FlaskClient,
                                                        watcher: FlaskClient) -> None:
    first = start("oh-hell", ["Ana", "Ben", "Cleo"])
    second = start("seven-up", ["Ana", "Ben"])
    first.bids(1, 2, 0)
    first.tricks(1, 2, 7)
    client.get(first.url)  # opening a game puts it first
    page = text(client.get("/"))
    assert page.index("Oh Hell Round 2 of 19") < page.index("Seven-Up Hand 1")
    assert re.search(r"Ana, Ben, Cleo Started \w{3} \d+, \d{4}, [\d:]+ [AP]M UTC you keep score", page)
    # A phone that only opened the share link lists it, without the pen.
    watcher.get(second.url)
    watched = text(watcher.get("/"))
    assert "Seven-Up Hand 1 Ana, Ben" in watched and "you keep score" not in watched


def test_watchers_poll_a_cheap_fragment(start: Callable[..., Scorekeeper],
                                        watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"])
    version = keeper.version
    html = watcher.get(keeper.url).get_data(as_text=True)
    assert f'hx-get="/g/{keeper.id}/live?v={version}"\n         hx-trigger="every 1500ms, live-catch-up"' in html
    unchanged = watcher.get(f"{keeper.url}/live?v={version}", headers=HTMX)
    assert unchanged.status_code == 204 and unchanged.data == b""
    keeper.bid(1, 2)
    changed = watcher.get(f"{keeper.url}/live?v={version}", headers=HTMX)
    assert changed.status_code == 200
    fragment = changed.get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="game-live"')
    assert f"live?v={version + 1}" in fragment
    assert "Waiting for Cleo's bid…" in text(changed)
    # The scorekeeper's own page polls too (a second scorekeeper's entries reach it); game.js
    # holds the polls back while its form has choices not yet sent.
    assert "every 1500ms" in keeper.client.get(keeper.url).get_data(as_text=True)


def test_seven_up_has_its_banner(app: Flask, start: Callable[..., Scorekeeper]) -> None:
    keeper = start("seven-up", ["Ana", "Ben", "Cleo", "Dev"], dealer=0, target="7")
    with app.app_context():
        game = store.load_game(keeper.id)
        hand = rules.parse_entry(game.settings, "hand", {
            "jacks_turned": 0, "beg": "stand", "high": 1, "low": 2, "jack": 1, "game": 0})
        store.add_entry(game, game.version, hand)
    page = text(keeper.client.get(keeper.url))
    assert "Hand 2 · Ben deals · Cleo is eldest · first to 7" in page
    assert "<title>Seven-Up · hand 2 · Companion</title>" in keeper.client.get(
        keeper.url).get_data(as_text=True)


def _finished_oh_seven(start: Callable[..., Scorekeeper]) -> Scorekeeper:
    keeper = start("oh-seven", ["Ana", "Ben", "Cleo"], dealer=0)
    for _ in range(7):
        keeper.cards("3s", "2h", "4d")  # 9: no rebid; Cleo is high
        keeper.tricks(3, 2, 2)          # Ana 5, Ben 4, Cleo -2
    return keeper


def test_the_final_standings_celebrate_the_winner(start: Callable[..., Scorekeeper],
                                                  watcher: FlaskClient) -> None:
    keeper = _finished_oh_seven(start)
    state = keeper.stored().state
    assert state.finished and state.winners == (0,)
    response = keeper.client.get(keeper.url)
    page = text(response)
    assert "Ana wins!" in page
    assert ("Final standings Place 1 1 Ana 35 points Place 2 2 Ben 28 points Place 3 3 Cleo -14 points"
            in page)  # the place said in words, the number shown
    assert "Statistics" in page and "Bid made 100% 100% 0%" in page
    assert "Trumps: ♠ spades 0% · ♥ hearts 0% · ♦ diamonds 100% · ♣ clubs 0%" in page
    html = response.get_data(as_text=True)
    assert "<title>Oh-Seven · final standings · Companion</title>" in html
    assert 'id="share-url"' in html
    assert 'data-keep-awake' not in html
    # The share link shows the same standings, without any form.
    shared = watcher.get(keeper.url)
    assert "Ana wins!" in text(shared)
    assert 'action="/g/' not in shared.get_data(as_text=True)


def test_a_shared_win_shares_the_first_place(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-seven", ["Ana", "Ben"], dealer=0)
    for number in range(6):  # one round each makes 3 (5 points), the other misses by 1
        keeper.cards("3s", "3h")
        keeper.tricks(*((3, 4) if number % 2 else (4, 3)))
    keeper.cards("0s", "1h")
    keeper.tricks(3, 4)  # both miss by 3
    state = keeper.stored().state
    assert state.finished and [s.rank for s in state.standings] == [1, 1]
    page = text(keeper.client.get(keeper.url))
    assert "Ana and Ben share the win!" in page
    assert "Place 1 1 Ana 9 points Place 1 1 Ben 9 points" in page


def test_the_game_is_over_after_the_last_round(start: Callable[..., Scorekeeper]) -> None:
    keeper = _finished_oh_seven(start)
    response = keeper.post("tricks", {"round": 7, "tricks_0": 7, "tricks_1": 0, "tricks_2": 0})
    assert response.status_code == 422
    assert "The game is over: nothing more can be entered (undo still works)." in text(response)
    assert keeper.post("undo", {}).status_code == 303
    assert not keeper.stored().state.finished
