"""docs/api.md, "More games: Wizard": the ruleset and its options, ``trump`` in the bids body and
in corrections, the code ``trump``, ``current.trump`` and ``rounds[].trump``, the statistics'
``trump_rate``, the score sheet, and the refusals, field by field."""

from __future__ import annotations

import csv
import io

from .client import Api, by_seat

THREE = ["Thomas", "Ute", "Kevin"]


def test_the_ruleset_as_listed(api: Api) -> None:
    listed = {r["id"]: r for r in api.client.get("/api/v1/rulesets").get_json()}
    wizard = listed["wizard"]
    assert (wizard["name"], wizard["min_players"], wizard["max_players"]) == ("Wizard", 3, 6)
    assert wizard["options"] == {
        "hook": {"default": "never", "choices": ["never", "always", "canadian"]},
        "hook_from": {"default": 1, "choices": {"min": 1, "max": 20}},
        "scoring": {"default": "standard", "choices": ["standard", "tricks-always"]},
    }


def test_the_worked_example_with_trump_field_by_field(api: Api) -> None:
    game = api.create("wizard", THREE)
    body = game.body
    assert body["ruleset"] == "wizard"
    assert body["options"] == {"hook": "never", "hook_from": 1, "scoring": "standard"}
    current = body["current"]
    assert (current["number"], current["hand_size"], current["dealer"]) == (1, 1, 0)
    assert current["bidding_order"] == [1, 2, 0]
    assert (current["trump"], current["leader"], current["forbidden_bid"]) == (None, None, None)
    api.write(game, "bids", {"bids": [None, 1, None], "trump": "hearts"})
    assert game.body["current"]["trump"] == "hearts"
    api.write(game, "bids", {"bids": [None, None, 1], "trump": "hearts"})  # the same: accepted
    error = api.refused(game, "bids", {"bids": [0, None, None], "trump": "clubs"}, 422, "trump")
    assert error["field"] == "trump"
    api.write(game, "bids", {"bids": [0, None, None]})
    api.write(game, "tricks", {"tricks": [0, 0, 1]})
    assert game.body["rounds"][0]["points"] == [20, -10, 30]
    assert game.body["rounds"][0]["trump"] == "hearts"
    assert game.body["rounds"][0]["leader"] is None
    api.write(game, "bids", {"bids": [2, 0, 0], "trump": "none"})
    api.write(game, "tricks", {"tricks": [1, 0, 1]})
    assert [p["score"] for p in game.body["players"]] == [10, 10, 20]
    assert [(s["seat"], s["rank"]) for s in game.body["standings"]] == [(2, 1), (0, 2), (1, 2)]

    stats = api.client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert stats["table"]["trump_rate"] == {"spades": 0, "hearts": 0.5, "diamonds": 0,
                                            "clubs": 0, "none": 0.5}
    assert stats["players"][0]["rebid_bonus"] == 0
    assert stats["players"][2]["success_rate"] == 0.5

    sheet = api.client.get(f"/api/v1/games/{game.id}/scores.csv")
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    assert rows[0][:8] == ["round", "hand_size", "dealer", "trump", "Thomas bid", "Thomas tricks",
                           "Thomas points", "Thomas total"]
    assert rows[1][:4] == ["1", "1", "Thomas", "♥"]
    assert rows[2][:4] == ["2", "2", "Ute", "none"]
    assert rows[2][-1] == "20"

    # A correction carries the trump; undo takes it back with the bids.
    api.write(game, "rounds/1", {"bids": [0, 1, 1], "tricks": [0, 0, 1], "trump": "spades"},
              method="PUT")
    assert game.body["rounds"][0]["trump"] == "spades"
    api.write(game, "rounds/1", {"bids": [0, 1, 1], "tricks": [0, 0, 1]}, method="PUT")
    assert game.body["rounds"][0]["trump"] is None
    after = api.client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert after["table"]["trump_rate"]["none"] == 1


def test_trump_is_wizard_s_alone(api: Api) -> None:
    """Recorded in Wizard; sent for any other game, an unknown field (400, field trump)."""
    wizard = api.create("wizard", THREE)
    api.write(wizard, "bids", {"bids": [None, 0, None], "trump": "diamonds"})
    assert wizard.body["current"]["trump"] == "diamonds"
    game = api.create("oh-hell", THREE)
    error = api.refused(game, "bids", {"bids": [None, 0, None], "trump": "hearts"}, 400, "invalid")
    assert error["field"] == "trump"
    pad = api.create("score-pad", THREE)
    assert api.refused(pad, "bids", {"bids": [0, 0, 0], "trump": None}, 400,
                       "invalid")["field"] == "trump"


def test_no_trump_before_any_is_recorded(api: Api) -> None:
    game = api.create("wizard", THREE)
    api.write(game, "bids", {"bids": [None, 0, 0]})
    api.write(game, "bids", {"bids": [0, None, None]})
    api.write(game, "tricks", {"tricks": [1, 0, 0]})
    stats = api.client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert stats["table"]["trump_rate"] is None
    rows = list(csv.reader(io.StringIO(
        api.client.get(f"/api/v1/games/{game.id}/scores.csv").get_data(as_text=True))))
    assert rows[1][3] == ""


def _refused_creation(api: Api, **fields: object) -> dict:
    response = api.client.post("/api/v1/games", json={"ruleset": "wizard", **fields})
    assert response.status_code == 422, response.get_json()
    return response.get_json()["error"]


def test_refusals_at_creation(api: Api) -> None:
    for players in (["A", "B"], ["A", "B", "C", "D", "E", "F", "G"]):
        assert _refused_creation(api, players=players)["code"] == "players"
    error = _refused_creation(api, players=["A", "B", "C", "D"],
                              options={"hook": "canadian", "hook_from": 16})
    assert (error["code"], error["field"]) == ("ruleset", "hook_from")
    assert "4 players" in error["message"]
    assert _refused_creation(api, players=THREE, options={"hook": "not-last"})["code"] == "ruleset"
    assert _refused_creation(api, players=THREE, options={"hook_from": 21})["code"] == "ruleset"
    error = _refused_creation(api, players=THREE, title="Family night")
    assert (error["code"], error["field"]) == ("ruleset", "title")


def test_refusals_of_entries(api: Api) -> None:
    game = api.create("wizard", ["A", "B", "C", "D"], options={"hook": "always"})
    order = game.body["current"]["bidding_order"]
    assert api.refused(game, "bids", {"bids": by_seat(order, [2, None, None, None])}, 422,
                       "bid-range")["field"] == "bids"
    api.refused(game, "bids", {"bids": by_seat(order, [None, 0, None, None])}, 422, "phase")
    api.refused(game, "bids", {"bids": [0, 0, 0, 0], "trump": "wands"}, 400, "invalid")
    api.write(game, "bids", {"bids": by_seat(order, [0, 0, 0, None])})
    assert game.body["current"]["forbidden_bid"] == 1
    assert game.body["current"]["legal_bids"] == [0]
    api.refused(game, "bids", {"bids": by_seat(order, [None, None, None, 1])}, 422, "hook")
    api.write(game, "bids", {"bids": by_seat(order, [None, None, None, 0])})
    api.refused(game, "tricks", {"tricks": [1, 1, 0, 0]}, 422, "tricks-total")
    api.refused(game, "tricks", {"tricks": [2, 0, 0, -1]}, 422, "tricks-range")


def test_a_suit_in_the_last_round(api: Api) -> None:
    game = api.create("wizard", ["A", "B", "C", "D", "E", "F"])
    for _ in range(9):
        api.play_turn_round(game)
    assert game.body["current"]["number"] == 10
    error = api.refused(game, "bids", {"bids": [0] * 6, "trump": "spades"}, 422, "trump")
    assert error["field"] == "trump"
    api.write(game, "bids", {"bids": [0] * 6, "trump": "none"})
    assert game.body["current"]["trump"] == "none"
