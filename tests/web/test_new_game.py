"""The new-game page: every game with its options explained, names in seating order, rows
added, removed and moved without JavaScript, the first dealer, rule errors at the field."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store

from .conftest import Scorekeeper, new_game_form, text


def _created(app: Flask, response: object) -> store.StoredGame:
    location = response.headers["Location"]  # type: ignore[attr-defined]
    with app.app_context():
        return store.load_game(location.rsplit("/", 1)[1])


def test_the_page_offers_every_game_with_its_options(client: FlaskClient) -> None:
    response = client.get("/new")
    assert response.status_code == 200
    page = text(response)
    for name, players in (("Oh-Seven", "2–9 players"), ("Oh Hell", "3–7 players"),
                          ("Elevator", "3–7 players"), ("Wizard", "3–6 players"),
                          ("Seven-Up", "2–4 players"), ("Any other game", "2–12 players"),
                          ("Spades", "2–4 players"), ("Scopa", "2–6 players"),
                          ("Tarot", "3–5 players")):
        assert f"{name} {players}" in page
    assert "Pass cards — Before bidding, everyone passes cards: round 2, 1 card to the left" in page
    assert "Exact bid only — Make your bid exactly: 10 plus the bid. Miss it: nothing." in page
    assert "7 points — The first side to 7 points wins." in page
    assert "10 points" in page
    assert "4 players play in pairs (players 1 and 3 against players 2 and 4)" in page
    html = response.get_data(as_text=True)
    assert html.count('name="ruleset"') == 11  # the five games, the score pad, Spades, Belote,
    # Coinche, Scopa and Tarot
    assert html.count('data-name-row') == 4
    assert 'value="random" checked' in html
    assert "<title>New game · Companion</title>" in html


def test_a_game_is_created_with_its_options_and_chosen_dealer(app: Flask,
                                                               client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form(
        "oh-hell", ["Ana", " Ben ", "Cleo", "Dev"], 2, scoring="tricks-plus-bonus",
        schedule="down"))
    assert response.status_code == 303
    game = _created(app, response)
    assert game.settings.players == ("Ana", "Ben", "Cleo", "Dev")
    assert game.settings.first_dealer == 2
    assert dict(game.settings.options) == {"scoring": "tricks-plus-bonus", "schedule": "down",
                                           "hook": "always", "max_hand": None,
                                           "zero_bid": "standard"}
    with client.session_transaction() as session:
        assert session["recent"][0] == game.id
        assert game.token_matches(session["keep"][game.id])


def test_seven_up_and_oh_seven_options_are_typed_for_the_engine(app: Flask,
                                                                 client: FlaskClient) -> None:
    seven_up = _created(app, client.post("/new", data=new_game_form(
        "seven-up", ["Ana", "Ben", "Cleo", "Dev"], 0, target="10", game_tie="eldest",
        low_to="winner")))
    assert dict(seven_up.settings.options) == {"target": 10, "game_tie": "eldest",
                                               "low_to": "winner"}
    assert seven_up.settings.has_teams
    oh_seven = _created(app, client.post("/new", data=new_game_form(
        "oh-seven", ["Ana", "Ben"], 1, card_passing="true")))
    assert oh_seven.settings.options["card_passing"] is True


def test_blank_rows_are_left_out_and_random_picks_a_seat(app: Flask, client: FlaskClient) -> None:
    seats = set()
    for _ in range(12):
        response = client.post("/new", data=new_game_form("elevator", ["", "Ana", "", "Ben", "Cleo"]))
        game = _created(app, response)
        assert game.settings.players == ("Ana", "Ben", "Cleo")
        seats.add(game.settings.first_dealer)
    assert seats <= {0, 1, 2} and len(seats) > 1


def test_a_wrong_player_count_is_said_at_the_players_and_nothing_is_lost(
        client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form("oh-hell", ["Ana", "Ben", "", ""],
                                                      scoring="tricks-plus-bonus"))
    assert response.status_code == 422
    assert "Oh Hell is for 3 to 7 players, not 2." in text(response)
    html = response.get_data(as_text=True)
    assert 'id="players-error"' in html
    assert 'value="Ana"' in html and 'value="Ben"' in html
    assert re.search(r'name="ruleset" value="oh-hell" checked', html)
    assert re.search(r'name="oh_hell_scoring" value="tricks-plus-bonus" checked', html)


def test_a_duplicate_name_is_said_at_its_row(client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form("oh-hell", ["Ana", "", "Ben", "ana"]))
    assert response.status_code == 422
    assert "Two players are called ana: give one another name." in text(response)
    html = response.get_data(as_text=True)
    assert 'id="players-3-error"' in html  # the fourth row, blanks before it notwithstanding
    assert re.search(r'id="players-3"[^>]*aria-invalid="true"', html)


def test_a_long_name_and_a_blank_dealer_row_are_said_at_their_rows(client: FlaskClient) -> None:
    response = client.post("/new", data=new_game_form("oh-hell", ["Ana", "B" * 30, "Cleo"]))
    assert response.status_code == 422
    assert "This name has 30 characters: the most is 24." in text(response)
    response = client.post("/new", data=new_game_form("oh-hell", ["Ana", "Ben", "Cleo", ""], 3))
    assert response.status_code == 422
    assert "Player 4 needs a name." in text(response)


def test_no_game_chosen_is_asked_for(client: FlaskClient) -> None:
    data = new_game_form("oh-hell", ["Ana", "Ben", "Cleo"])
    del data["ruleset"]
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Choose which game you are playing." in text(response)
    assert 'value="Cleo"' in response.get_data(as_text=True)


def test_rows_are_added_removed_and_moved_keeping_everything(client: FlaskClient) -> None:
    data = new_game_form("elevator", ["Ana", "Ben", "Cleo"], 1)
    added = client.post("/new/players", data={**data, "action": "add"})
    assert added.status_code == 200
    html = added.get_data(as_text=True)
    assert html.count("data-name-row") == 4
    assert re.search(r'id="players-3"[^>]*autofocus', html)
    assert re.search(r'name="ruleset" value="elevator" checked', html)
    moved = client.post("/new/players", data={**data, "action": "up-1"}).get_data(as_text=True)
    names = re.findall(r'id="players-\d" name="players-\d" type="text" value="([^"]*)"', moved)
    assert names == ["Ben", "Ana", "Cleo"]
    # The dealer's choice follows Ben to the first row.
    assert re.search(r'name="first_dealer" value="0" checked', moved)
    removed = client.post("/new/players", data={**data, "action": "remove-0"}).get_data(as_text=True)
    names = re.findall(r'id="players-\d" name="players-\d" type="text" value="([^"]*)"', removed)
    assert names == ["Ben", "Cleo"]
    assert re.search(r'name="first_dealer" value="0" checked', removed)
    # Two rows is the least: their remove buttons are disabled.
    assert len(re.findall(r'value="remove-\d"\s+aria-label="[^"]+" disabled', removed)) == 2


def test_twelve_rows_is_the_most(client: FlaskClient) -> None:
    # The largest table any game allows: the score pad's 12 (Oh-Seven's 9 before it).
    data = new_game_form("score-pad", [f"P{i}" for i in range(12)])
    html = client.post("/new/players", data={**data, "action": "add"}).get_data(as_text=True)
    assert html.count("data-name-row") == 12
    assert re.search(r'value="add"\s+disabled', html)


def test_names_from_earlier_games_are_offered(start: Callable[..., Scorekeeper],
                                              client: FlaskClient) -> None:
    start("oh-hell", ["Zoé", "Ana", "Ben"])
    html = client.get("/new").get_data(as_text=True)
    assert re.findall(r'<option value="([^"]+)">', html) == ["Ana", "Ben", "Zoé"]
    assert 'list="known-names"' in html


def test_creating_shares_the_per_address_budget(make_app: Callable[..., Flask]) -> None:
    limited = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="2 per hour")
    phone = limited.test_client()
    form = new_game_form("oh-hell", ["Ana", "Ben", "Cleo"])
    assert phone.post("/new", data=form).status_code == 303
    assert phone.post("/new/players", data={**form, "action": "add"}).status_code == 200
    assert phone.get("/new").status_code == 200
    assert phone.post("/new", data=form).status_code == 303
    assert phone.post("/new", data=form).status_code == 429
    assert phone.get("/new").status_code == 200  # looking costs nothing


@pytest.mark.parametrize("odd", ["²", "¹", "-1", "x", "99"])
def test_odd_seat_numbers_never_break_the_page(app: Flask, client: FlaskClient, odd: str) -> None:
    """Digits that are not decimal (superscripts), and seats out of range, are no seat: the
    dealer falls back to a random pick, and the row buttons do nothing."""
    data = new_game_form("oh-hell", ["Ana", "Ben", "Cleo"])
    response = client.post("/new", data={**data, "first_dealer": odd})
    assert response.status_code == 303
    assert _created(app, response).settings.first_dealer in (0, 1, 2)
    for action in (f"remove-{odd}", f"up-{odd}", f"down-{odd}"):
        assert client.post("/new/players", data={**data, "action": action}).status_code == 200


def test_every_error_of_a_new_game_is_said_at_once_each_at_its_row(client: FlaskClient) -> None:
    """A 25-character name and a second "Lucy" in one submit: both said, each at its row, and
    both in the summary (the API answers only the first, the name too long)."""
    response = client.post("/new", data=new_game_form(
        "oh-hell", ["Lucy", "Maximiliana-Josephine-Ann", "Ben", "lucy"]))
    assert response.status_code == 422
    words = text(response)
    assert words.count("This name has 25 characters: the most is 24.") == 2
    assert words.count("Two players are called lucy: give one another name.") == 2
    html = response.get_data(as_text=True)
    assert re.search(r'id="players-1"[^>]*aria-invalid="true"', html)
    assert re.search(r'id="players-3"[^>]*aria-invalid="true"', html)
    assert not re.search(r'id="players-2"[^>]*aria-invalid="true"', html)
    summary = html[html.index('class="error-summary"'):]
    summary = summary[:summary.index("</ul>")]
    assert summary.index('href="#players-1-error"') < summary.index('href="#players-3-error"')
    assert 'value="Maximiliana-Josephine-Ann"' in html and 'value="lucy"' in html


def test_a_form_error_and_the_engine_s_are_said_together(client: FlaskClient) -> None:
    """No game chosen and a name of spaces (the form's), with a duplicate (the engine's)."""
    data = new_game_form("oh-hell", ["Ana", "   ", "Ben", "ana"])
    del data["ruleset"]
    words = text(client.post("/new", data=data))
    assert "Choose which game you are playing." in words
    assert "This name is only spaces" in words
    assert "Two players are called ana: give one another name." in words
    assert "unknown" not in words.casefold()  # the engine's "which game" is not said twice


def test_the_largest_hand_s_hint_and_limit_are_the_players(client: FlaskClient) -> None:
    """4 players deal at most 12 (51 cards, one turned for trump): the hint, the input's max,
    and every count's range for the page to follow the names typed, all from the engine."""
    data = new_game_form("oh-hell", ["Ana", "Ben", "Cleo", "Dev"], max_hand="number")
    data["oh_hell_max_hand_number"] = "13"
    response = client.post("/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'id="oh_hell_max_hand_number-hint">1 to 12 cards<', html)
    assert re.search(r'id="oh_hell_max_hand_number"[^>]*min="1" max="12"', html)
    ranges = re.search(r"data-hand-ranges='([^']*)'", html)
    assert ranges
    import json
    keeper = json.loads(ranges.group(1).replace("&#34;", '"'))
    assert keeper["3"] == {"min": 1, "max": 17, "hint": "1 to 17 cards"}
    assert keeper["7"]["max"] == 7 and keeper["5"]["hint"] == "1 to 10 cards"
    # The error is at the number, after its hint: the radios before it are not described by it.
    number_at = html.index('id="oh_hell_max_hand_number"')
    assert html.index('<p class="field-error" id="oh_hell_max_hand-error">') > number_at
    assert not re.search(r'value="by-players"[^>]*aria-describedby="[^"]*oh_hell_max_hand-error', html)
    # Three names: 17.
    data = new_game_form("oh-hell", ["Ana", "Ben", "Cleo", ""], max_hand="number")
    data["oh_hell_max_hand_number"] = "18"
    html = client.post("/new", data=data).get_data(as_text=True)
    assert re.search(r'id="oh_hell_max_hand_number-hint">1 to 17 cards<', html)


def test_a_row_of_spaces_counts_as_the_player_it_is_meant_for(client: FlaskClient) -> None:
    """Max, "   ", Ben: the spaces are said at their row, and no "3 to 7 players, not 2"
    beside it (typing the name fixes both)."""
    words = text(client.post("/new", data=new_game_form("oh-hell", ["Max", "   ", "Ben"])))
    assert "This name is only spaces" in words
    assert "players, not" not in words and "needs a name" not in words
