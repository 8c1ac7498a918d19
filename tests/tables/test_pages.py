"""The table's pages through the test client: the table page (read-only by its link), its
scorekeeper link, starting a table from the home page, a new game at the table from its
players' chips, renaming a player, deleting the table; every refusal at its field."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from companion.web.shared import access

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def _text(response: object) -> str:
    """The page's text, as a screen reader reads it: without a figure's heading repeated in
    each of its cells (hidden from it, shown only where a row reads as a card at large text)."""
    body = response.get_data(as_text=True)  # type: ignore[attr-defined]
    body = re.sub(r'<span class="cell-label" aria-hidden="true">[^<]*</span>', "", body)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _words(response: object) -> str:
    return " ".join(_text(response).split())


def _cache_game(client: FlaskClient, table_id: str, token: str) -> None:
    answer = client.get(f"/t/{table_id}/keep/{token}")
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/t/{table_id}")


def _played_table(at_table: Tables) -> tuple[str, str, list[str]]:
    """Two finished one-card Oh Hell games, everyone bidding 0: Ben takes the trick in the
    first (Ana, Cleo and Dan win it), Ana in the second (Ben, Cleo and Dan win)."""
    table_id, token = at_table.create()
    games = []
    for taker in (1, 0):
        game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
        at_table.play_one_card(game, taker)
        games.append(game.id)
    return table_id, token, games


def test_the_table_page_reads_the_figures(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token, games = _played_table(at_table)
    answer = client.get(f"/t/{table_id}")
    assert answer.status_code == 200
    words = _words(answer)
    assert "Thursday cards" in words
    assert "2 games · 2 finished" in words
    # Who is ahead: most wins first (the table's own order is most games, then by name).
    ahead = words[words.index("Who is ahead"):words.index("Wins over time")]
    assert ahead.endswith("Cleo 2 100% 2 Dan 2 100% 2 Ana 1 50% 2 Ben 1 50% 2 ")
    # The newest game first, each a link to its page; Ana took the trick and won it.
    body = answer.get_data(as_text=True)
    assert body.index(f'href="/g/{games[1]}"') < body.index(f'href="/g/{games[0]}"')
    assert "Won by Ben , Cleo , Dan" in words and "Won by Ana , Cleo , Dan" in words
    # Oh Hell's figures: an exact bid of 0 is 10 points.
    assert "Cleo 2 10.0 100% 10" in words and "Ana 1 5.0 50% 10" in words
    assert re.search(r"Highest score: 10 by Ana \w{3} \d{1,2}, \d{4}", words)  # and when
    assert "Head to head" in words and "Records" in words
    assert "Points per round" in words and "Success rate" in words
    # A watching phone sees no scorekeeper's controls.
    assert "Rename a player" not in words and "New game at this table" not in words


def test_the_head_to_head_names_each_pair_the_one_more_often_ahead_first(
        client: FlaskClient, at_table: Tables) -> None:
    table_id, _token, _games = _played_table(at_table)
    body = client.get(f"/t/{table_id}").get_data(as_text=True)
    pairs = body[body.index('<ul class="h2h"'):body.index("</ul>", body.index('<ul class="h2h"'))]
    rows = [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split()).replace(" ,", ",")
            for row in re.findall(r"<li>(.*?)</li>", pairs, re.S)]
    assert len(rows) == 6  # every two of the four players, each row both names whole
    assert "Ana – Ben 1–1" in rows or "Ben – Ana 1–1" in rows  # one each, never level
    # How often two finished level is said: "0–0" alone read as if they never met.
    assert "Cleo – Ana 1–0, 1 tie" in rows and "Cleo – Ben 1–0, 1 tie" in rows
    assert "Cleo – Dan 0–0, 2 ties" in rows or "Dan – Cleo 0–0, 2 ties" in rows
    assert "ahead of the other, and how often level" in _words(client.get(f"/t/{table_id}"))


def test_an_empty_table_offers_no_rename(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    _cache_game(client, table_id, token)
    words = _words(client.get(f"/t/{table_id}"))
    assert "Rename a player" not in words and "New game at this table" in words
    assert "Delete this table" in words
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 0)
    assert "Rename a player" in _words(client.get(f"/t/{table_id}"))


def test_older_games_a_tap_away(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    for _ in range(21):
        at_table.game(table_id, token, PLAYERS[:3], options=ONE_CARD)
    body = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert body.count('<li><a href="/g/') == 20
    older = re.search(r'href="(/t/[^"]+\?before=[^"]+)"', body)
    assert older is not None
    rest = client.get(html.unescape(older.group(1))).get_data(as_text=True)
    assert rest.count('<li><a href="/g/') == 1


def test_the_scorekeeper_link_grants_the_table(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    assert client.get(f"/t/{table_id}/keep/not-the-token").status_code == 403
    with client.session_transaction() as session:
        assert access.TABLE_TOKENS not in session
    _cache_game(client, table_id, token)
    words = _words(client.get(f"/t/{table_id}"))
    assert "New game at this table" in words and "Delete this table" in words
    assert "Thursday cards" in _words(client.get("/"))  # the home page lists it


def test_no_such_table_is_404(client: FlaskClient) -> None:
    assert client.get("/t/nothing-here").status_code == 404
    assert client.get("/t/bad%20id").status_code == 404
    assert client.get("/t/nothing-here/keep/x").status_code == 404


def test_start_a_table_from_home(client: FlaskClient) -> None:
    assert "Start a table" in _words(client.get("/"))
    answer = client.post("/t", data={"name": "  Thursday cards  "})
    assert answer.status_code == 303
    page = client.get(answer.headers["Location"])
    words = _words(page)
    assert "Thursday cards" in words and "New game at this table" in words


def test_start_a_table_tapped_twice_makes_one_table(client: FlaskClient) -> None:
    """The form's key (docs/api.md, "Writes that are safe to repeat"): the second tap, or a
    resend whose first answer was lost, opens the first table; another phone sending the same
    key with another name is refused at the name, nothing made."""
    assert 'name="idempotency_key"' in client.get("/").get_data(as_text=True)
    key = "k" * 22
    first = client.post("/t", data={"name": "Thursday cards", "idempotency_key": key})
    again = client.post("/t", data={"name": "Thursday cards", "idempotency_key": key})
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    with client.session_transaction() as kept:
        assert [tid for tid, _ in kept[access.TABLE_TOKENS]] == [first.headers["Location"].rsplit("/", 1)[1]]
    other = client.post("/t", data={"name": "Friday cards", "idempotency_key": key})
    assert other.status_code == 422
    assert 'id="table-name-error"' in other.get_data(as_text=True)
    assert 'value="Friday cards"' in other.get_data(as_text=True)
    short = client.post("/t", data={"name": "Friday cards", "idempotency_key": "short"})
    assert short.status_code == 422 and 'value="Friday cards"' in short.get_data(as_text=True)
    with client.session_transaction() as kept:
        assert len(kept[access.TABLE_TOKENS]) == 1


def test_a_table_name_refused_at_its_field(client: FlaskClient) -> None:
    assert 'maxlength="40"' in client.get("/").get_data(as_text=True)  # table_store.NAME_MAX
    for typed, reason in (("   ", "Give the table a name."),
                          ("x" * 41, "A table's name is 1 to 40 characters long.")):
        answer = client.post("/t", data={"name": typed})
        assert answer.status_code == 422
        body = answer.get_data(as_text=True)
        assert 'id="table-name-error"' in body and 'aria-invalid="true"' in body
        assert reason in _words(answer)
        assert f'value="{typed}"' in body  # nothing typed is lost
        assert re.search(r'<input id="table-name"[^>]* autofocus', body)  # focus at the field
    french = client.post("/t", data={"name": ""}, headers={"Accept-Language": "fr"})
    assert "Donne un nom à la table." in _words(french)
    italian = client.post("/t", data={"name": "x" * 41}, headers={"Accept-Language": "it"})
    assert "Il nome di un tavolo è lungo da 1 a 40 caratteri." in _words(italian)
    assert "Give the table a name." in _words(client.post("/t", data={"name": "\u200b"}))
    assert "autofocus" not in client.get("/").get_data(as_text=True)  # only after a refusal
    unshowable = client.post("/t", data={"name": "Thursday\u2028cards"},
                             headers={"Accept-Language": "it"})
    assert unshowable.status_code == 422
    assert "Questo nome contiene un carattere che non si può mostrare." in _words(unshowable)


def test_a_new_game_at_the_table_starts_from_last_time(client: FlaskClient,
                                                       at_table: Tables) -> None:
    table_id, token, games = _played_table(at_table)
    assert client.get(f"/new?table={table_id}").status_code == 403  # not this phone's table
    _cache_game(client, table_id, token)
    body = client.get(f"/new?table={table_id}").get_data(as_text=True)
    assert f'name="table" value="{table_id}"' in body
    for name in PLAYERS:
        assert f'value="seat-{name}"' in body  # a chip each
        assert f'value="{name}"' in body  # and seated as last time
    assert re.search(r'name="ruleset" value="oh-hell"\s+checked', body)
    last = at_table.api.client.get(f"/api/v1/games/{games[1]}").get_json()
    dealer = (last["rounds"][-1]["dealer"] + 1) % 4
    assert re.search(rf'name="first_dealer" value="{dealer}"\s+checked', body)
    # "Start the game" as it stands: the same table as last time, at the table.
    form = {"table": table_id, "ruleset": "oh-hell", "first_dealer": str(dealer),
            "oh-hell-max_hand": "number", "oh-hell-max_hand-number": "1",
            "oh-hell-schedule": "down", **{f"players-{i}": n for i, n in enumerate(PLAYERS)}}
    answer = client.post("/new", data=form)
    assert answer.status_code == 303, _words(answer)
    new_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert at_table.get(table_id)["games"][0]["id"] == new_id


def test_a_new_game_form_replayed_without_the_table_right_opens_nothing(
        client: FlaskClient, app: Flask, at_table: Tables) -> None:
    """The table's right is asked before the form's key (docs/api.md, "Writes that are safe to
    repeat"): another phone sending the same form, key and all, gets 403, not the game."""
    table_id, token, _games = _played_table(at_table)
    _cache_game(client, table_id, token)
    form = {"table": table_id, "ruleset": "oh-hell", "first_dealer": "0",
            "idempotency_key": "k" * 22, **{f"players-{i}": n for i, n in enumerate(PLAYERS)}}
    first = client.post("/new", data=form)
    assert first.status_code == 303
    other_phone = app.test_client()
    assert other_phone.post("/new", data=form).status_code == 403
    again = client.post("/new", data=form)  # this phone, again: the game it made
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]


def test_a_chip_seats_its_player(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, _games = _played_table(at_table)
    _cache_game(client, table_id, token)
    answer = client.post("/new/players", data={
        "table": table_id, "ruleset": "oh-hell", "players-0": "Cleo", "players-1": "",
        "action": "seat-Ana"})
    body = answer.get_data(as_text=True)
    assert re.search(r'name="players-1" type="text" value="Ana"', body)
    assert re.search(r'value="seat-Ana"\s+disabled', body)


def test_a_new_game_with_two_names_of_one_player_is_refused(client: FlaskClient,
                                                           at_table: Tables) -> None:
    table_id, token, _games = _played_table(at_table)
    _cache_game(client, table_id, token)
    # Two names a game allows (the game itself refuses "Ana" beside "ana") that the table's
    # rename makes one player.
    assert client.post(f"/t/{table_id}/rename", data={"from": "Ana", "to": "Anna"}).status_code == 303
    answer = client.post("/new", data={"table": table_id, "ruleset": "oh-hell",
                                       "players-0": "Ana", "players-1": "Anna",
                                       "players-2": "Ben", "first_dealer": "0"})
    assert answer.status_code == 422
    assert "Ana and Anna are one player at this table" in _words(answer)
    assert len(at_table.get(table_id)["games"]) == 2


def test_rename_a_player(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, _games = _played_table(at_table)
    assert client.post(f"/t/{table_id}/rename",
                       data={"from": "Ana", "to": "Anna"}).status_code == 403
    _cache_game(client, table_id, token)
    answer = client.post(f"/t/{table_id}/rename", data={"from": "Ana", "to": "Anna"})
    assert answer.status_code == 303
    words = _words(client.get(f"/t/{table_id}"))
    assert "Won by Anna" in words and "Won by Ana " not in words


def test_a_refused_rename_says_why_at_the_field(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, _games = _played_table(at_table)
    _cache_game(client, table_id, token)
    answer = client.post(f"/t/{table_id}/rename", data={"from": "Ana", "to": "Ben"})
    assert answer.status_code == 422
    body = answer.get_data(as_text=True)
    assert 'id="rename-to-error"' in body
    assert "One game has both Ana and Ben" in _words(answer)
    assert 'value="Ben"' in body  # what was typed stays
    unknown = client.post(f"/t/{table_id}/rename", data={"from": "Zed", "to": "Zoe"},
                          headers={"Accept-Language": "it"})
    assert unknown.status_code == 422
    assert 'id="rename-from-error"' in unknown.get_data(as_text=True)
    assert "Zed non ha giocato a questo tavolo" in _words(unknown)


def test_delete_the_table_keeps_its_games(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, games = _played_table(at_table)
    assert client.post(f"/t/{table_id}/delete").status_code == 403
    _cache_game(client, table_id, token)
    confirm = client.get(f"/t/{table_id}/delete")
    assert confirm.status_code == 200 and "Delete the table" in _words(confirm)
    answer = client.post(f"/t/{table_id}/delete")
    assert answer.status_code == 303
    assert client.get(f"/t/{table_id}").status_code == 404
    assert client.get(f"/g/{games[0]}").status_code == 200
    assert "Thursday cards" not in _words(client.get("/"))


def test_the_table_page_in_french_and_italian(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token, _games = _played_table(at_table)
    french = _words(client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}))
    assert "Qui mène" in french and "Face-à-face" in french
    italian = _words(client.get(f"/t/{table_id}", headers={"Accept-Language": "it"}))
    assert "Chi è in testa" in italian and "Testa a testa" in italian


def test_watchers_see_the_table_live(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, _games = _played_table(at_table)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    live = html.unescape(re.search(r'hx-get="([^"]+/live[^"]*)"', page).group(1))  # type: ignore[union-attr]
    assert client.get(live).status_code == 204  # nothing changed
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 2)
    answer = client.get(live)
    assert answer.status_code == 200
    words = _words(answer)
    assert words.startswith("3 games · 3 finished") and "Head to head" in words
    assert "<html" not in answer.get_data(as_text=True)  # the live part alone
    again = html.unescape(re.search(r'hx-get="([^"]+)"', answer.get_data(as_text=True)).group(1))  # type: ignore[union-attr]
    assert client.get(again).status_code == 204
    with client.application.app_context():
        from companion.storage import table_store

        table_store.delete_table(table_store.load_table(table_id))
    assert client.get(again).status_code == 404


def test_a_score_pads_records_name_their_game_by_its_date(client: FlaskClient,
                                                          at_table: Tables) -> None:
    """A pad's records link their game by the day it was played, as the card games' records
    do, not by a bare "the game"."""
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, "score-pad", title="Hearts",
                         options={"winner": "lowest"})
    at_table.api.write(game, "points", {"points": [13, 0, 4, 9]})
    at_table.api.write(game, "finish", {})
    body = client.get(f"/t/{table_id}").get_data(as_text=True)
    start = body.index('aria-labelledby="pad-1"')
    records = body[body.index('<ul class="table-records">', start):]
    records = records[:records.index("</ul>")]
    links = re.findall(rf'<a href="/g/{game.id}">([^<]*)</a>', records)
    assert len(links) == 2  # the best final score, the best round
    assert all(re.fullmatch(r"\w{3} \d{1,2}, \d{4}", link) for link in links), links
