"""A new game at a table opens on the table: its name first ("At Thursday cards"), its players as
chips right under it, then the seats (last time's), then the game (last time's), the house rules
folded in a line that says last time's, and "Start the game". A table nobody has played at yet
is named too."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def _keep(client: FlaskClient, table_id: str, token: str) -> None:
    """This phone keeps the table (its scorekeeper link), as the table's own phone does."""
    assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303


def test_the_page_opens_on_the_table_and_its_players(client: FlaskClient,
                                                     at_table: Tables) -> None:
    table_id, token = at_table.create("Thursday cards")
    at_table.play_one_card(at_table.game(table_id, token, PLAYERS, options=ONE_CARD), 1)
    _keep(client, table_id, token)
    body = client.get(f"/new?table={table_id}").get_data(as_text=True)
    heading = re.search(r'<h1>New game</h1>\s*<p class="at-table" id="at-table">At Thursday cards</p>',
                        body)
    assert heading, "the table's name is the page's first line"
    order = [body.index(mark) for mark in (
        'class="at-table"', 'value="seat-Ana"', "<h2>Players</h2>", "<h2>Which game?</h2>",
        '<details class="house-rules"', 'class="btn btn-primary btn-block start"')]
    assert order == sorted(order)
    # The chips are the table's players: a group named for the table.
    assert '<div class="table-chips" role="group" aria-labelledby="at-table"' in body
    # Last time's game, seating and house rules, said in the folded line.
    assert re.search(r'name="ruleset" value="oh-hell"\s+checked', body)
    said = re.search(r'data-game="oh-hell"[^>]*>([^<]*)</span>', body)
    assert said and said.group(1) == "House rules: Hand sizes: Down only; Largest hand: 1 card"


def test_a_table_nobody_has_played_at_is_named_too(client: FlaskClient,
                                                   at_table: Tables) -> None:
    table_id, token = at_table.create("Giovedì dalla nonna")
    _keep(client, table_id, token)
    answer = client.get(f"/new?table={table_id}", headers={"Accept-Language": "it"})
    body = answer.get_data(as_text=True)
    assert '<p class="at-table" id="at-table">A Giovedì dalla nonna</p>' in body
    assert "Nessuno ha ancora giocato a questo tavolo" in body
    assert 'value="seat-' not in body
    assert body.index('class="at-table"') < body.index('name="players-0"') < body.index(
        'name="ruleset"')
