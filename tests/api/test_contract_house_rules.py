"""docs/api.md: the house rules of docs/rules.md section 6 (``hook``, ``max_hand``, ``scoring``'s new
values, ``zero_bid``) through ``GET /rulesets`` and ``POST /games``, and a round played with each."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from .client import Api, by_seat

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def test_rulesets_list_the_house_rules(client: FlaskClient) -> None:
    rulesets = {r["id"]: r for r in client.get("/api/v1/rulesets").get_json()}
    for ruleset in ("oh-hell", "elevator"):
        options = rulesets[ruleset]["options"]
        assert options["hook"] == {"default": "always", "choices": ["always", "never", "not-last"]}
        # docs/api.md: a range option lists {"min", "max"}; its default null is decided by the players.
        assert options["max_hand"] == {"default": None, "choices": {"min": 1, "max": 17}}
        assert options["zero_bid"] == {"default": "standard",
                                       "choices": ["standard", "five", "five-plus-hand"]}
    assert rulesets["oh-hell"]["options"]["scoring"] == {
        "default": "exact",
        "choices": ["exact", "tricks-plus-bonus", "tricks-plus-five", "squared"]}
    assert "scoring" not in rulesets["elevator"]["options"]  # a preset


def test_openapi_describes_a_range_option(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    choices = schemas["Ruleset"]["properties"]["options"]["additionalProperties"]["properties"]
    assert {"$ref": "#/components/schemas/IntRange"} in choices["choices"]["anyOf"]
    assert schemas["IntRange"]["required"] == ["min", "max"]
    assert "max_hand" in schemas["NewGame"]["properties"]["options"]["description"]


@pytest.mark.parametrize("options, field", [
    ({"hook": "sometimes"}, "options.hook"),
    ({"hook": None}, "options.hook"),
    ({"zero_bid": "ten"}, "options.zero_bid"),
    ({"scoring": "cubed"}, "options.scoring"),
    ({"max_hand": 0}, "options.max_hand"),
    ({"max_hand": 18}, "options.max_hand"),
    ({"max_hand": "7"}, "options.max_hand"),
    ({"max_hand": 7.5}, "options.max_hand"),
])
def test_a_value_not_offered_is_422_ruleset_naming_the_option(
        client: FlaskClient, options: dict[str, Any], field: str) -> None:
    response = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": FOUR,
                                                  "options": options})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == ("ruleset", field)
    assert field.removeprefix("options.") in error["message"]


def test_max_hand_above_51_over_the_players_names_the_players(client: FlaskClient) -> None:
    """docs/rules.md section 6: 4 players reach 12 (Wikipedia, "Oh Hell")."""
    response = client.post("/api/v1/games", json={"ruleset": "elevator", "players": FOUR,
                                                  "options": {"max_hand": 13}})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == ("ruleset", "options.max_hand")
    assert "max_hand" in error["message"] and "4 players" in error["message"]
    assert "12" in error["message"]


def test_max_hand_sets_the_largest_hand(api: Api) -> None:
    game = api.create("oh-hell", FOUR, options={"max_hand": 12})
    assert game.body["options"]["max_hand"] == 12
    assert game.body["current"]["hand_size"] == 12
    assert game.body["total_rounds"] == 23  # 12 … 1 … 12
    up = api.create("elevator", FOUR, options={"max_hand": 3, "schedule": "up"})
    assert (up.body["current"]["hand_size"], up.body["total_rounds"]) == (1, 3)


def test_hook_never_lets_the_dealer_make_the_total(api: Api) -> None:
    game = api.create("oh-hell", FOUR, options={"hook": "never", "max_hand": 2})
    order = game.body["current"]["bidding_order"]
    api.write(game, "bids", {"bids": by_seat(order, [1, 0, 1, None])})
    assert game.body["current"]["forbidden_bid"] is None
    assert game.body["current"]["legal_bids"] == [0, 1, 2]
    api.write(game, "bids", {"bids": by_seat(order, [1, 0, 1, 0])})  # total 2 = the hand
    assert game.body["current"]["phase"] == "tricks"


def test_hook_not_last_frees_the_dealer_in_the_last_round_only(api: Api) -> None:
    game = api.create("oh-hell", FOUR, options={"hook": "not-last", "max_hand": 1,
                                                "schedule": "up-down"})
    assert game.body["total_rounds"] == 1  # round 1 is the last
    order = game.body["current"]["bidding_order"]
    api.write(game, "bids", {"bids": by_seat(order, [0, 0, 0, 1])})  # total 1 = the hand
    two = api.create("oh-hell", FOUR, options={"hook": "not-last", "max_hand": 2,
                                               "schedule": "down"})
    order = two.body["current"]["bidding_order"]
    api.write(two, "bids", {"bids": by_seat(order, [1, 0, 0, None])})
    assert two.body["current"]["forbidden_bid"] == 1  # round 1 of 2: hooked
    api.refused(two, "bids", {"bids": by_seat(order, [1, 0, 0, 1])}, 422, "hook")


@pytest.mark.parametrize("scoring, points", [
    # docs/rules.md section 6: tricks-plus-five 1 a trick, +5 if exact; squared exact 10 + bid²,
    # missed −(bid − tricks)². Bids 2, 1, 0, 1 in bidding order; tricks 2, 0, 1, 0.
    ("tricks-plus-five", [7, 0, 1, 0]),
    ("squared", [14, -1, -1, -1]),
])
def test_new_scorings(api: Api, scoring: str, points: list[int]) -> None:
    game = api.create("oh-hell", FOUR, options={"scoring": scoring, "max_hand": 3,
                                                "schedule": "down"})
    order = game.body["current"]["bidding_order"]
    api.write(game, "bids", {"bids": by_seat(order, [2, 1, 0, 1])})
    api.write(game, "tricks", {"tricks": by_seat(order, [2, 0, 1, 0])})
    assert game.body["rounds"][0]["points"] == by_seat(order, points)


@pytest.mark.parametrize("zero_bid, exact_zero", [("standard", 10), ("five", 5),
                                                  ("five-plus-hand", 8)])
def test_zero_bid_changes_only_an_exact_zero(api: Api, zero_bid: str, exact_zero: int) -> None:
    """docs/rules.md section 6, in Elevator (tricks-plus-bonus) with 3 cards: an exact zero scores
    10 as the scoring says, 5 with ``five``, 5 + 3 with ``five-plus-hand``; a missed zero and
    the other bids score as the scoring says."""
    game = api.create("elevator", FOUR, options={"zero_bid": zero_bid, "max_hand": 3,
                                                 "schedule": "down"})
    order = game.body["current"]["bidding_order"]
    api.write(game, "bids", {"bids": by_seat(order, [2, 0, 0, 0])})
    api.write(game, "tricks", {"tricks": by_seat(order, [2, 1, 0, 0])})
    # 2 of 2: 12; a missed zero (took 1): 1; two exact zeros.
    assert game.body["rounds"][0]["points"] == by_seat(order, [12, 1, exact_zero, exact_zero])
