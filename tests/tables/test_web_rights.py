"""A device holding a table's right may keep score of every game of the table on the pages;
a rematch of a table's game belongs to the table."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store
from companion.web.shared import access

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo"]


def test_the_table_right_opens_its_games(app: Flask, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS)
    alone = at_table.api.create("oh-hell", PLAYERS)
    with app.test_request_context():
        stored = store.load_game(game.id)
        head = store.game_head(game.id)
        assert head is not None
        assert not access.may_edit(stored) and not access.may_edit(head)
        access.grant_table(table_id, token)
        assert access.may_edit(stored) and access.may_edit(head)
        assert not access.may_edit(store.load_game(alone.id))
        access.grant_table(table_id, "not-the-token")
        assert not access.may_edit(stored)


def test_a_rematch_stays_at_the_table(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 1)
    assert client.post(f"/g/{game.id}/rematch").status_code == 403  # no right on this device
    with client.session_transaction() as session:
        session[access.TABLE_TOKENS] = {table_id: token}  # a cookie from before the pairs
    answer = client.post(f"/g/{game.id}/rematch")
    assert answer.status_code == 303
    games = at_table.get(table_id)["games"]
    assert len(games) == 2
    rematch = at_table.api.client.get(f"/api/v1/games/{games[0]['id']}").get_json()
    assert rematch["links"]["table"] == f"/t/{table_id}"
    assert answer.headers["Location"].endswith(f"/g/{games[0]['id']}")


def test_this_phone_lists_its_tables_latest_first_and_lets_the_oldest_go(client: FlaskClient) -> None:
    """Through the cookie (which writes a dict's keys sorted): the order the tables were made in,
    not their ids' order; past ``TABLES_MAX`` the first made is let go; opened again, a table
    comes first."""
    made = []
    for n in range(access.TABLES_MAX + 1):
        answer = client.post("/t", data={"name": f"Table {n}", "idempotency_key": f"{n:022d}"})
        assert answer.status_code == 303
        made.append(answer.headers["Location"].rsplit("/", 1)[1])
    with client.session_transaction() as session:
        assert [tid for tid, _ in session[access.TABLE_TOKENS]] == made[1:]
    home = client.get("/").get_data(as_text=True)
    shown = [int(n) for n in re.findall(r">Table (\d+)<", home)]
    assert shown == list(range(access.TABLES_MAX, 0, -1))
    assert client.post(f"/t/{made[0]}/delete").status_code in (403, 404)  # its right let go
    client.post(f"/t/{made[3]}/delete")
    with client.session_transaction() as session:
        assert made[3] not in dict(session[access.TABLE_TOKENS])


def test_opening_other_tables_links_never_drops_this_phones_own_table(
        client: FlaskClient, at_table: Tables) -> None:
    """A table made on this phone (its token shown nowhere else) is kept over the tables opened
    from scorekeeper links (which whoever sent them still has): ten other tables opened leave
    it this phone's. Its page shows its scorekeeper link, and says how to get it back."""
    made = client.post("/t", data={"name": "Ours", "idempotency_key": "o" * 22})
    ours = made.headers["Location"].rsplit("/", 1)[1]
    others = [at_table.create(f"Other {n}") for n in range(access.TABLES_MAX + 2)]
    for table_id, token in others:
        assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303
    with client.session_transaction() as session:
        held = [pair[0] for pair in session[access.TABLE_TOKENS]]
    assert ours in held and len(held) == access.TABLES_MAX
    assert others[0][0] not in held and others[-1][0] in held  # the oldest linked let go
    page = client.get(f"/t/{ours}").get_data(as_text=True)
    assert "Delete this table" in page  # still this phone's to keep
    with client.session_transaction() as session:
        token = dict((p[0], p[1]) for p in session[access.TABLE_TOKENS])[ours]
    assert f"/t/{ours}/keep/{token}" in page
    assert "any phone that keeps score of the table shows this link here" in " ".join(page.split())


def test_a_phone_that_made_all_its_tables_is_warned_before_one_goes(client: FlaskClient,
                                                                  at_table: Tables) -> None:
    made = []
    for n in range(access.TABLES_MAX):
        answer = client.post("/t", data={"name": f"Table {n}", "idempotency_key": f"{n:022d}"})
        made.append(answer.headers["Location"].rsplit("/", 1)[1])
    home = " ".join(client.get("/").get_data(as_text=True).split())
    assert re.search("starting another lets go of \u2068?Table 0\u2069?. To keep it", home)
    assert 'aria-describedby="table-name-hint table-let-go"' in home
    # A link opened then is let go first: the home page warns no more.
    other, token = at_table.create("Other")
    client.get(f"/t/{other}/keep/{token}")
    with client.session_transaction() as session:
        held = [pair[0] for pair in session[access.TABLE_TOKENS]]
    assert held == made[1:] + [other]  # all made here: the oldest went, and it was said
    said = " ".join(client.get(f"/t/{other}").get_data(as_text=True).split())
    assert re.search("so it let go of \u2068?Table 0\u2069?. To keep", said)
    assert "table-let-go" not in client.get("/").get_data(as_text=True)


def test_deleting_a_tables_game_goes_back_to_the_table(client: FlaskClient,
                                                       at_table: Tables) -> None:
    table_id, token = at_table.create()
    kept = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(kept, 0)
    gone = at_table.game(table_id, token, ["Dev", "Emma", "Finn"])
    assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303  # the table's phone
    answer = client.post(f"/g/{gone.id}/delete")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/t/{table_id}"
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "The game was deleted." in page  # said once, on the table's page
    assert "Dev" not in page and f"/g/{kept.id}" in page
    assert "The game was deleted." not in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert [g["id"] for g in at_table.get(table_id)["games"]] == [kept.id]
