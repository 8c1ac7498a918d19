"""The new-game page's house rules (docs/rules.md section 6): each option of each game in plain words
with its effect (its source is on the rules page), the defaults preselected, every value reaching the engine, and
every way to get one wrong said at the option's field with what was typed kept."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.rules import RULESETS, IntRange
from companion.storage import store
from companion.web.shared import house_rules
from companion.web.new_game.choices import ASKED

from .conftest import new_game_form, text

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _created(app: Flask, response: object) -> store.StoredGame:
    assert response.status_code == 303, response.get_data(as_text=True)  # type: ignore[attr-defined]
    location = response.headers["Location"]  # type: ignore[attr-defined]
    with app.app_context():
        return store.load_game(location.rsplit("/", 1)[1])


def test_every_option_is_offered_with_its_default_checked(client: FlaskClient) -> None:
    html = client.get("/new").get_data(as_text=True)
    for ruleset, rules in RULESETS.items():
        for name, option in rules.options.items():
            field = f"{ruleset.replace('-', '_')}_{name}"
            if isinstance(option.choices, IntRange) and name in ASKED.get(ruleset, ()):
                # The score pad's target and rounds: a number typed beside the game, or none.
                assert f'name="{field}_number" type="number"' in html, field
                continue
            default = house_rules.token(option.default)
            assert re.search(rf'name="{field}" value="{re.escape(default)}" checked', html), field
            for key in house_rules.keys(ruleset, name):
                assert f'name="{field}" value="{key}"' in html, (field, key)


def test_each_option_says_its_effect_and_not_its_source(client: FlaskClient) -> None:
    page = text(client.get("/new"))
    for sentence in (
        "The dealer's hook",
        "Not in the last round — The hook holds every round but the last, where the dealer "
        "bids freely. Largest hand",
        "Every round — The dealer, who bids last, may not bid the number",
        "Squared — Exact bid: 10 plus the bid squared.",
        "By the number of players — 10 cards for 3 to 5 players, 8 cards for 6 players, 7 cards "
        "for 7 players.",
        "Largest hand, in cards", "1 to 12 cards",  # for the 4 rows of a fresh page
        "5 plus the cards — An exact zero scores 5 plus the hand size",
    ):
        assert sentence in page, sentence
    # Where a rule comes from is the rules page's decision record, not the players' business.
    for source in ("Source", "Seed 003", "neocities", "Wikipedia"):
        assert source not in page, source
    html = client.get("/new").get_data(as_text=True)
    assert re.search(r'id="oh_hell_hook-never" name="oh_hell_hook" value="never">', html)
    assert re.search(r'id="oh_hell_max_hand_number" name="oh_hell_max_hand_number" '
                     r'type="number"\s+min="1" max="12"', html)


def test_the_house_rules_reach_the_engine(app: Flask, client: FlaskClient) -> None:
    game = _created(app, client.post("/new", data={
        **new_game_form("oh-hell", FOUR, 0, hook="not-last", scoring="squared",
                        zero_bid="five-plus-hand", max_hand="number"),
        "oh_hell_max_hand_number": " 12 ",
    }))
    assert dict(game.settings.options) == {
        "scoring": "squared", "schedule": "down-up", "hook": "not-last", "max_hand": 12,
        "zero_bid": "five-plus-hand"}
    assert game.state.current is not None and game.state.current.hand_size == 12
    elevator = _created(app, client.post("/new", data=new_game_form(
        "elevator", FOUR, 0, hook="never", zero_bid="five", max_hand="by-players")))
    assert elevator.settings.options["hook"] == "never"
    assert elevator.settings.options["max_hand"] is None
    assert elevator.settings.options["zero_bid"] == "five"
    assert elevator.settings.options["scoring"] == "tricks-plus-bonus"


def test_no_option_sent_is_the_seeds_game(app: Flask, client: FlaskClient) -> None:
    data = {k: v for k, v in new_game_form("oh-hell", FOUR, 0).items()}
    game = _created(app, client.post("/new", data=data))
    assert dict(game.settings.options) == {
        "scoring": "exact", "schedule": "down-up", "hook": "always", "max_hand": None,
        "zero_bid": "standard"}


def _refused(client: FlaskClient, number: str | None, pick: str = "number",
             players: list[str] = FOUR) -> tuple[str, str]:
    data = new_game_form("oh-hell", players, 0, max_hand=pick)
    if number is not None:
        data["oh_hell_max_hand_number"] = number
    response = client.post("/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    # At the field: the number input and the radios are invalid and described by the error.
    assert 'id="oh_hell_max_hand-error"' in html
    assert re.search(r'id="oh_hell_max_hand_number"[^>]*aria-invalid="true"\s+'
                     r'aria-describedby="oh_hell_max_hand-error oh_hell_max_hand_number-hint"',
                     html)
    assert re.search(r'value="number"[^>]*aria-invalid="true"', html)
    # Everything else typed stays.
    assert 'value="Ana"' in html and re.search(r'name="ruleset" value="oh-hell" checked', html)
    message = re.search(r'<p class="field-error" id="oh_hell_max_hand-error">([^<]*)</p>', html)
    assert message
    return message.group(1).replace("&#34;", '"'), html


@pytest.mark.parametrize("number", ["", "  ", "twelve", "1.5", "-3", "١٢"])
def test_this_many_cards_needs_a_whole_number(client: FlaskClient, number: str) -> None:
    message, html = _refused(client, number)
    assert message == ("Type the largest hand, 1 to 12 cards, or choose “By the number of "
                       "players”.")  # the range of 4 players
    assert re.search(r'name="oh_hell_max_hand" value="number"\s+checked', html)


def test_a_number_typed_without_its_radio_is_not_dropped(client: FlaskClient) -> None:
    message, html = _refused(client, "9", pick="by-players")
    assert message == "You typed 9: tap “This many cards” to play with it, or clear the number."
    assert re.search(r'id="oh_hell_max_hand_number"[^>]*value="9"', html)


@pytest.mark.parametrize(("number", "said"), [("0", ("1", "17")), ("18", ("4 players", "12")),
                                              ("99", ("4 players", "12"))])
def test_a_number_out_of_the_range_is_refused_by_the_engine(client: FlaskClient, number: str,
                                                            said: tuple[str, str]) -> None:
    """No hand under 1; above the players' ceiling the engine names the players first
    (docs/rules.md section 6: floor(51 / players), 12 for these four)."""
    message, html = _refused(client, number)
    assert all(words in message for words in said), message
    assert re.search(rf'id="oh_hell_max_hand_number"[^>]*value="{number}"', html)


def test_more_cards_than_the_players_can_hold_is_said_with_the_players(
        client: FlaskClient) -> None:
    """docs/rules.md section 6: max_hand above floor(51 / players) names the number of players."""
    message, html = _refused(client, "13")
    assert "4" in message and "12" in message
    assert re.search(r'id="oh_hell_max_hand_number"[^>]*value="13"', html)
    assert re.search(r'name="oh_hell_max_hand" value="number"\s+checked', html)


def test_seventeen_cards_fit_three_players(app: Flask, client: FlaskClient) -> None:
    data = {**new_game_form("elevator", ["Ana", "Ben", "Cleo"], 0, max_hand="number",
                            schedule="up"), "elevator_max_hand_number": "17"}
    game = _created(app, client.post("/new", data=data))
    assert game.settings.options["max_hand"] == 17
    assert game.state.current is not None and game.state.current.hand_size == 1
    assert game.state.total_rounds == 17


@pytest.mark.parametrize(("option", "value"), [("hook", "sometimes"), ("zero_bid", "ten"),
                                               ("scoring", "Exact"), ("max_hand", "7")])
def test_a_value_not_offered_is_said_at_its_option(client: FlaskClient, option: str,
                                                   value: str) -> None:
    response = client.post("/new", data=new_game_form("oh-hell", FOUR, 0, **{option: value}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(rf'<p class="field-error" id="oh_hell_{option}-error">[^<]+</p>', html)
    assert re.search(rf'name="oh_hell_{option}" value="[^"]+"[^>]*aria-invalid="true"', html)


def test_other_games_options_are_ignored(app: Flask, client: FlaskClient) -> None:
    """Only the chosen game's options count: a stray number for Elevator changes nothing."""
    data = {**new_game_form("oh-hell", FOUR, 0), "elevator_max_hand": "number",
            "elevator_max_hand_number": "99"}
    game = _created(app, client.post("/new", data=data))
    assert game.settings.options["max_hand"] is None


def test_the_options_in_french(client: FlaskClient) -> None:
    page = text(client.get("/new", headers={"Accept-Language": "fr"})).replace("\u00a0", " ")
    for sentence in ("Restriction du donneur", "Pas à la dernière manche", "Plus grande donne",
                     "Selon le nombre de joueurs", "Règles maison : comme d’habitude · modifier",
                     "Règles du jeu : Oh Hell"):
        assert sentence in page, sentence
    assert "Source" not in page and "Fiche" not in page
