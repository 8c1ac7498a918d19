"""docs/api.md with Oh Hell: the seed 001 example played through the API, bids one at a time or all
at once, and every 422 code an in-turn game can answer."""

from __future__ import annotations

from .client import Api, Game, by_seat

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def reach_hand_size(api: Api, game: Game, hand_size: int) -> None:
    for _ in range(30):
        if game.body["current"]["hand_size"] == hand_size:
            return
        api.play_turn_round(game)
    raise AssertionError(f"no round of {hand_size} cards")


def test_seed_001_worked_example(api: Api) -> None:
    """docs/rules.md section 2 (seed 001): 4 players, 5 cards. Bids 1, 2, 0 before the dealer, who
    may not bid 2; the dealer bids 1. Tricks 1, 3, 0, 1. Scores 11, 0, 10, 11."""
    game = api.create("oh-hell", PLAYERS)
    reach_hand_size(api, game, 5)
    current = game.body["current"]
    order = current["bidding_order"]
    dealer = current["dealer"]
    assert order[-1] == dealer
    assert order[0] == (dealer + 1) % 4
    before = {p["seat"]: p["score"] for p in game.body["players"]}
    number = current["number"]

    bids: list[int | None] = [None] * 4
    for seat, bid in zip(order[:3], [1, 2, 0]):  # one bid at a time, the next bidder's
        assert game.body["current"]["next_bidder"] == seat
        assert game.body["current"]["forbidden_bid"] is None
        bids[seat] = bid
        api.write(game, "bids", {"bids": bids})
        assert game.body["current"]["bids"] == bids
    assert game.body["current"]["phase"] == "bidding"
    assert game.body["current"]["forbidden_bid"] == 2  # exposed before the dealer bids
    assert 2 not in game.body["current"]["legal_bids"]

    error = api.refused(game, "bids", {"bids": by_seat(order, [1, 2, 0, 2])}, 422, "hook")
    assert error["field"] == "bids"
    assert "2" in error["message"]

    api.write(game, "bids", {"bids": by_seat(order, [1, 2, 0, 1])})
    assert game.body["current"]["phase"] == "tricks"

    api.write(game, "tricks", {"tricks": by_seat(order, [1, 3, 0, 1])})
    scored = game.body["rounds"][-1]
    assert scored["number"] == number and scored["phase"] == "done"
    assert scored["bids"] == by_seat(order, [1, 2, 0, 1])
    assert scored["tricks"] == by_seat(order, [1, 3, 0, 1])
    assert scored["points"] == by_seat(order, [11, 0, 10, 11])
    for player in game.body["players"]:
        assert player["score"] == before[player["seat"]] + scored["points"][player["seat"]]
    assert game.body["current"]["number"] == number + 1
    assert game.body["current"]["hand_size"] == 4


def test_all_bids_at_once_and_out_of_turn(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS, first_dealer=3)  # order 0, 1, 2, 3
    api.refused(game, "bids", {"bids": [None, 2, None, None]}, 422, "phase")  # Ben before Ana
    api.write(game, "bids", {"bids": [1, 2, 3, 0]})
    assert game.body["current"]["phase"] == "tricks"
    assert game.body["version"] == 2


def test_in_turn_rule_errors(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS, first_dealer=3)
    api.refused(game, "tricks", {"tricks": [10, 0, 0, 0]}, 422, "phase")  # tricks before bids
    api.refused(game, "bids", {"bids": [11, None, None, None]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [-1, None, None, None]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [None, None, None, None]}, 422, "phase")  # no new bid
    api.write(game, "bids", {"bids": [3, None, None, None]})
    api.refused(game, "bids", {"bids": [4, None, None, None]}, 422, "phase")  # already bid
    api.write(game, "bids", {"bids": [3, 3, 3, 0]})
    api.refused(game, "bids", {"bids": [3, 3, 3, 0]}, 422, "phase")  # bids are all in
    api.refused(game, "tricks", {"tricks": [3, 3, 3, 0]}, 422, "tricks-total")
    api.refused(game, "tricks", {"tricks": [11, 0, 0, -1]}, 422, "tricks-range")
    api.refused(game, "hands", {"beg": "stand", "high": 0, "low": 0, "jack": None, "game": 0},
                422, "phase")
    api.write(game, "tricks", {"tricks": [3, 3, 4, 0]})
    assert game.body["rounds"][0]["points"] == [13, 13, 0, 10]  # exact: 10 + bid


def test_dealer_free_when_hooked_number_is_out_of_range(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2,
                      options={"schedule": "up"})  # round 1: one card each, order 0, 1, 2
    api.write(game, "bids", {"bids": [1, 1, None]})
    assert game.body["current"]["forbidden_bid"] is None
    assert game.body["current"]["legal_bids"] == [0, 1]
    api.write(game, "bids", {"bids": [1, 1, 1]})
    assert game.body["current"]["phase"] == "tricks"


def test_tricks_plus_bonus_scoring(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2,
                      options={"scoring": "tricks-plus-bonus"})
    api.write(game, "bids", {"bids": [3, 2, 4]})
    api.write(game, "tricks", {"tricks": [3, 3, 4]})
    assert game.body["rounds"][0]["points"] == [13, 3, 14]
    assert [p["score"] for p in game.body["players"]] == [13, 3, 14]
    assert game.body["standings"] == [
        {"seat": 2, "name": "Cleo", "score": 14, "rank": 1},
        {"seat": 0, "name": "Ana", "score": 13, "rank": 2},
        {"seat": 1, "name": "Ben", "score": 3, "rank": 3},
    ]
