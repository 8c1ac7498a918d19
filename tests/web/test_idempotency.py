"""The pages' forms carry an ``idempotency_key``, meaning exactly the API's ``Idempotency-Key``:
an entry form's rendered empty (the tap queue fills in each tap's own), a full-page form's (a new
game, a table, a rematch, a correction) made with the page, so that the same form posted twice,
with scripts or without, is one write. The same form sent again under its key answers as a
success does, with the game as it is now, and nothing twice."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage.idempotency import CREATION_KEY
from companion.storage.models import Game, db

from .conftest import HTMX, Scorekeeper, new_game_form, text
from .test_looking_back import PLAYERS, finish_oh_hell
from .test_seven_up_hands import TWO, seated, tap_hand

KEY_FIELD = re.compile(r'<input type="hidden" name="idempotency_key" value="([^"]*)">')


def key() -> str:
    return secrets.token_urlsafe(16)


def keys_in(html: str) -> int:
    return len(KEY_FIELD.findall(html))


def form_keys(html: str) -> dict[str, str]:
    """The key field of every form holding one, by the form's action."""
    return {action: found.group(1)
            for action, body in re.findall(r'<form[^>]*action="([^"]+)"(.*?)</form>', html, flags=re.S)
            if (found := KEY_FIELD.search(body)) is not None}


def forms_with_key(html: str) -> list[str]:
    """The action of every entry form holding an empty key field (its taps' keys are the queue's)."""
    return [action for action, sent in form_keys(html).items() if sent == ""]


def drawn_key(html: str, action: str) -> str:
    """The key the page drew the full-page form ``action`` with: a creation's, fresh."""
    sent = form_keys(html)[action]
    assert CREATION_KEY.fullmatch(sent), (action, sent)
    return sent


def test_every_entry_form_carries_an_empty_key(start: Callable[..., Scorekeeper], client: FlaskClient,
                                               watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    page = client.get(keeper.url).get_data(as_text=True)
    assert f"{keeper.url}/bid" in forms_with_key(page)
    keeper.bid(1, 0)
    page = client.get(keeper.url).get_data(as_text=True)
    assert {f"{keeper.url}/bid", f"{keeper.url}/undo"} <= set(forms_with_key(page))
    keeper.bid(2, 0)
    keeper.bid(0, 0)
    page = client.get(keeper.url).get_data(as_text=True)
    assert f"{keeper.url}/tricks" in forms_with_key(page)
    assert keeper.tricks(10, 0, 0).status_code == 303
    finish_oh_hell(keeper)
    assert keys_in(watcher.get(keeper.url).get_data(as_text=True)) == 0  # a watcher posts nothing

    cards = start("oh-seven", ["Ana", "Ben", "Cleo", "Dev"])
    assert f"{cards.url}/cards" in forms_with_key(client.get(cards.url).get_data(as_text=True))
    hands = seated(start, TWO)
    assert f"{hands.url}/hand" in forms_with_key(client.get(hands.url).get_data(as_text=True))


def test_every_full_page_form_carries_a_key_of_its_own_page(start: Callable[..., Scorekeeper],
                                                              client: FlaskClient) -> None:
    """A new game, a table, a table from a file, a rematch, a correction: each drawn with a fresh
    creation-sized key, another with each drawing of the page."""
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    keeper.bids(0, 0, 0)
    keeper.tricks(10, 0, 0)
    pages = {"/new": "/new", "/": "/t", f"{keeper.url}/rounds/1": f"{keeper.url}/rounds/1"}
    for url, action in pages.items():
        first = drawn_key(client.get(url).get_data(as_text=True), action)
        assert drawn_key(client.get(url).get_data(as_text=True), action) != first
    assert drawn_key(client.get("/").get_data(as_text=True), "/import")
    hands = seated(start, TWO)
    assert tap_hand(hands, high=0, low=1, jack=0, game=1).status_code == 303
    drawn_key(client.get(f"{hands.url}/hands/1").get_data(as_text=True), f"{hands.url}/hands/1")
    finish_oh_hell(keeper)
    drawn_key(client.get(keeper.url).get_data(as_text=True), f"{keeper.url}/rematch")


def test_the_new_game_page_posted_twice_as_drawn_makes_one_game(client: FlaskClient, app: Flask) -> None:
    """No script: the browser posts the form twice (a double tap), each time with the key the page
    was drawn with; the second post opens the game the first made."""
    drawn = drawn_key(client.get("/new").get_data(as_text=True), "/new")
    form = {**new_game_form("oh-hell", PLAYERS, 0), "idempotency_key": drawn}
    first = client.post("/new", data=form)
    again = client.post("/new", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    table = client.post("/t", data={"name": "Thursday cards",
                                    "idempotency_key": drawn_key(client.get("/").get_data(as_text=True), "/t")})
    assert table.status_code == 303


def test_a_bid_sent_again_is_counted_once(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    used = key()
    first = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used}, version=1)
    assert first.status_code == 303
    keeper.bid(2, 0)  # the game moves on
    assert keeper.version == 3

    again = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used}, version=1)
    assert again.status_code == 303 and again.headers["Location"] == keeper.url  # as a success
    assert again.headers["Idempotent-Replayed"] == "true"
    assert keeper.version == 3 and keeper.stored().state.current.bids == (None, 2, 0)

    fragment = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used}, version=1,
                          htmx=True)
    assert fragment.status_code == 200
    html = fragment.get_data(as_text=True)
    assert 'data-version="3"' in html and "Saved." in text(fragment)
    assert keeper.version == 3


def test_the_same_key_with_another_entry_is_refused(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    used = key()
    assert keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used}).status_code == 303
    other = keeper.post("bid", {"seat": 2, "bid": 0, "idempotency_key": used}, htmx=True)
    assert other.status_code == 422
    assert ("This form's safety key was already used for another entry, so nothing was saved. "
            "Reload the page and try again.") in text(other)
    assert keeper.version == 2 and keeper.stored().state.current.bids == (None, 2, None)


@pytest.mark.parametrize("bad", ["has space", "x" * 65, "é"])
def test_a_malformed_key_is_a_translated_error_and_changes_nothing(
        start: Callable[..., Scorekeeper], bad: str) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    response = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": bad}, htmx=True)
    assert response.status_code == 422
    assert "This form's safety key is not valid, so nothing was saved." in text(response)
    assert keeper.version == 1
    french = keeper.client.post(f"{keeper.url}/bid", headers={**HTMX, "Accept-Language": "fr"},
                               data={"version": 1, "seat": 1, "bid": 2, "idempotency_key": bad})
    assert "La clé de sécurité de ce formulaire n’est pas valide" in text(french)
    assert keeper.version == 1


def test_an_empty_key_is_no_key(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    assert keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": ""}).status_code == 303
    assert keeper.post("bid", {"seat": 2, "bid": 0, "idempotency_key": ""}).status_code == 303
    assert keeper.stored().state.current.bids == (None, 2, 0)


def test_a_refused_entry_leaves_its_key_unused(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    used = key()
    stale = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used}, version=7)
    assert stale.status_code == 409
    out_of_range = keeper.post("bid", {"seat": 1, "bid": 11, "idempotency_key": used})
    assert out_of_range.status_code == 422
    fixed = keeper.post("bid", {"seat": 1, "bid": 2, "idempotency_key": used})
    assert fixed.status_code == 303 and "Idempotent-Replayed" not in fixed.headers


def test_tricks_undo_and_a_correction_sent_again(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    keeper.bids(0, 0, 1)  # Ben, Cleo, then Ana deals
    tricks_key, undo_key, fix_key = key(), key(), key()
    tricks = {"round": 1, "tricks_0": 10, "tricks_1": 0, "tricks_2": 0,
              "idempotency_key": tricks_key}
    assert keeper.post("tricks", tricks, version=4).status_code == 303
    assert keeper.post("tricks", tricks, version=4).status_code == 303
    assert len(keeper.stored().state.rounds) == 1
    assert keeper.post("undo", {"idempotency_key": undo_key}, version=5).status_code == 303
    assert keeper.post("undo", {"idempotency_key": undo_key}, version=5).status_code == 303
    state = keeper.stored().state
    assert len(state.rounds) == 0 and state.current.bids == (1, 0, 0)  # one undo, not two
    assert keeper.post("tricks", {**tricks, "idempotency_key": key()}).status_code == 303
    fix = {"round": 1, "bids_0": 1, "bids_1": 0, "bids_2": 0, "tricks_0": 9, "tricks_1": 0,
           "tricks_2": 1, "idempotency_key": fix_key}
    assert keeper.post("rounds/1", fix, version=7).status_code == 303
    version = keeper.version
    again = keeper.post("rounds/1", fix, version=7)
    assert again.status_code == 303 and again.headers["Idempotent-Replayed"] == "true"
    assert keeper.version == version == 8
    assert keeper.stored().state.rounds[0].tricks == (9, 0, 1)


def test_a_seven_up_hand_sent_again_is_counted_once(start: Callable[..., Scorekeeper]) -> None:
    keeper = seated(start, TWO)
    used = key()
    hand = {"round": 1, "turn_up": "other", "beg": "stand", "jacks_run": "0", "high": "0",
            "low": "1", "jack": "0", "game": "1", "idempotency_key": used}
    for _ in range(2):  # the very same form, as the phone sends it again
        assert keeper.post("hand", hand, version=1).status_code == 303
    assert len(keeper.stored().state.entries) == 1


def test_a_new_game_sent_again_opens_the_game_it_made(client: FlaskClient, app: Flask) -> None:
    used = key()
    form = {**new_game_form("oh-hell", PLAYERS, 0), "idempotency_key": used}
    first = client.post("/new", data=form)
    assert first.status_code == 303
    # The same phone, whose first answer (and its cookie) never arrived.
    lost = app.test_client()
    again = lost.post("/new", data=form)
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    game_url = first.headers["Location"]
    page = lost.get(game_url).get_data(as_text=True)
    assert f"{game_url}/bid" in forms_with_key(page)  # it keeps score of that game
    assert "you keep score" in text(lost.get("/"))
    other = lost.post("/new", data={**new_game_form("oh-hell", ["Ana", "Ben"], 0),
                                    "idempotency_key": used})
    assert other.status_code == 422
    assert "already used for another entry" in text(other)
    short = client.post("/new", data={**form, "idempotency_key": "short"})
    assert short.status_code == 422 and "safety key is not valid" in text(short)


def test_a_rematch_sent_again_makes_one_game(start: Callable[..., Scorekeeper],
                                             client: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    finish_oh_hell(keeper)
    version = keeper.version
    used = key()
    first = client.post(f"{keeper.url}/rematch", data={"idempotency_key": used})
    again = client.post(f"{keeper.url}/rematch", data={"idempotency_key": used})
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert keeper.version == version + 1  # one rematch recorded
    game: dict[str, Any] = client.get(f"/api/v1/games/{keeper.id}").get_json()
    assert game["links"]["rematch"] == first.headers["Location"]
    bad = client.post(f"{keeper.url}/rematch", data={"idempotency_key": "x"})
    assert bad.status_code == 422 and "safety key is not valid" in text(bad)
    assert keeper.version == version + 1


def test_the_same_new_game_sent_twice_at_once_makes_one(make_app: Callable[..., Flask],
                                                         tmp_path: Any) -> None:
    from tests.store.racing import at_once

    shared = f"sqlite:///{tmp_path / 'race.sqlite'}"
    phones = [make_app(SQLALCHEMY_DATABASE_URI=shared).test_client() for _ in range(2)]
    for _ in range(5):
        form = {**new_game_form("oh-hell", PLAYERS, 0), "idempotency_key": key()}
        answers = at_once(lambda phone, sent: phone.post("/new", data=sent),
                          *[(phone, form) for phone in phones])
        assert [a.status_code for a in answers] == [303, 303]
        assert answers[0].headers["Location"] == answers[1].headers["Location"]


def test_a_key_won_at_the_same_moment_by_another_creation_is_refused_in_words(
        client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two new games under one key, with other players, the second sent before the first was
    seen (the race a form resent after editing can meet): the second is refused at its page, in
    words, and nothing more is made."""
    used = key()
    first = client.post("/new", data={**new_game_form("oh-hell", PLAYERS, 0),
                                      "idempotency_key": used})
    assert first.status_code == 303
    from companion.storage import idempotency
    seen = idempotency.first_write
    calls = iter([lambda _key: None])  # the form's own look finds nothing yet; the race's does
    monkeypatch.setattr(idempotency, "first_write", lambda sent: next(calls, seen)(sent))
    other = client.post("/new", data={**new_game_form("oh-hell", ["Ana", "Ben", "Dev"], 0),
                                      "idempotency_key": used})
    assert other.status_code == 422
    assert "already used for another entry" in text(other)
    with app.app_context():
        assert db.session.query(Game).count() == 1
