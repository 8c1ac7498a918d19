"""Whatever a form sends, the answer is a page: a clean 400 or the field's error, never a 500.
Numbers of more than 4,300 digits, for one, make ``int()`` raise ValueError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from .conftest import Scorekeeper, new_game_form
from .test_seven_up_hands import tap_hand

#: Numbers no form sends: past int()'s limit, just under it, unicode digits, other notations.
HOSTILE = ["9" * 5000, "9" * 4300, "-" + "9" * 5000, "1" + "0" * 4000, "²", "١", "1e3", "0x1",
           "1_0", " ", "nan"]


def answered(response: Any) -> None:
    assert response.status_code in (200, 303, 400, 404, 405, 409, 422), response.status_code
    assert b"Traceback" not in response.get_data()


@pytest.mark.parametrize("value", HOSTILE)
def test_the_new_game_form(client: FlaskClient, value: str) -> None:
    data = new_game_form("oh-hell", ["Ana", "Ben", "Cleo"])
    answered(client.post("/new", data={**data, "first_dealer": value}))
    answered(client.post("/new", data={**data, f"players-{value}": "Dev"}))
    response = client.post("/new", data={**new_game_form("oh-hell", ["Ana", "Ben"]),
                                         f"players-{value}": "Cleo"})
    assert response.status_code == 422  # that row is no row: two players are too few
    for verb in ("up", "down", "remove"):
        answered(client.post("/new/players", data={**data, "action": f"{verb}-{value}"}))
    answered(client.post("/new/players", data={**data, "first_dealer": value, "action": "add"}))
    # The largest hand's number field (a house rule): the field's error, never a 500.
    response = client.post("/new", data={**data, "oh_hell_max_hand": "number",
                                         "oh_hell_max_hand_number": value})
    assert response.status_code == 422 and b"Traceback" not in response.get_data()


@pytest.mark.parametrize("value", HOSTILE)
def test_the_bid_pad_tricks_and_undo(start: Callable[..., Scorekeeper], value: str) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"])
    for field in ("seat", "bid", "version"):
        data = {"seat": "1", "bid": "0", "version": str(keeper.version), field: value}
        answered(keeper.client.post(f"{keeper.url}/bid", data=data))
    for field in ("tricks_0", "round", "version"):
        data = {"version": str(keeper.version), "round": "1", "tricks_0": "1", field: value}
        answered(keeper.client.post(f"{keeper.url}/tricks", data=data))
    answered(keeper.client.post(f"{keeper.url}/undo", data={"version": value}))
    assert keeper.version == 1


@pytest.mark.parametrize("value", HOSTILE)
def test_oh_seven_cards(start: Callable[..., Scorekeeper], value: str) -> None:
    keeper = start("oh-seven", ["Ana", "Ben"])
    data = {"version": str(keeper.version), "round": "1", "bids_0_value": value,
            "bids_0_suit": "clubs", "bids_1_value": "1", "bids_1_suit": "clubs"}
    answered(keeper.client.post(f"{keeper.url}/cards", data=data))
    assert keeper.version == 1


@pytest.mark.parametrize("value", HOSTILE)
def test_round_corrections(start: Callable[..., Scorekeeper], value: str) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"])
    state = keeper.stored().state
    assert state.current is not None
    keeper.bids(0, 0, 0)
    tricks = [0, 0, 0]
    tricks[state.current.bidding_order[0]] = state.current.hand_size
    assert keeper.tricks(*tricks).status_code == 303
    played = keeper.version
    good = {"version": str(played), "round": "1", "bids_0": "0", "bids_1": "0",
            "bids_2": "0", **{f"tricks_{seat}": str(t) for seat, t in enumerate(tricks)}}
    for field in good:
        if field != "round" or value.strip():  # a blank round is allowed: it is optional
            answered(keeper.client.post(f"{keeper.url}/rounds/1", data={**good, field: value}))
    assert keeper.version == played
    answered(keeper.client.get(f"{keeper.url}/rounds/{value}"))
    answered(keeper.client.post(f"{keeper.url}/rounds/{value}", data=good))  # "/rounds/١" is round 1


@pytest.mark.parametrize("value", HOSTILE)
def test_seven_up_hands_and_their_corrections(start: Callable[..., Scorekeeper], value: str) -> None:
    keeper = start("seven-up", ["Ana", "Ben"])
    hand = {"high": 0, "low": 1, "jack": "none", "game": 0}
    optional = ("jacks_run", "round")  # left blank, they are 0 and this hand
    for point in ("high", "low", "jack", "game", *optional):
        if point not in optional or value.strip():
            answered(tap_hand(keeper, **{**hand, point: value}))
            answered(tap_hand(keeper, htmx=True, **{**hand, "beg": "run", point: value}))
    assert keeper.version == 1
    assert tap_hand(keeper, **hand).status_code == 303
    scored = keeper.stored().state
    good = {"version": str(keeper.version), "round": "1", "turn_up": "other", "beg": "stand",
            "jacks_run": "0", **{k: str(v) for k, v in hand.items()}}
    for field in ("high", "low", "jack", "game", "jacks_run", "version"):
        answered(keeper.client.post(f"{keeper.url}/hands/1", data={**good, field: value}))
    answered(keeper.client.get(f"{keeper.url}/hands/{value}"))
    assert keeper.stored().state == scored


def test_a_huge_number_is_the_field_s_error(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"])
    response = keeper.client.post(f"{keeper.url}/tricks", data={
        "version": str(keeper.version), "round": "1", "tricks_0": "9" * 5000})
    assert response.status_code == 422
    assert "Enter a whole number." in response.get_data(as_text=True)
