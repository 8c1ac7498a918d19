"""docs/api.md with Oh-Seven: card bids, forced rebids (sum of 7; a shared high bid with two decks)
recorded in ``attempts`` with their bonus, set-aside cards, redeals, passing, and its 422 codes."""

from __future__ import annotations

from typing import Any

from .client import Api


def card(value: int, suit: str) -> dict[str, Any]:
    return {"value": value, "suit": suit}


def test_sum_of_seven_forces_a_rebid_with_a_bonus(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben", "Cleo"])
    failed = [card(3, "spades"), card(2, "hearts"), card(2, "clubs")]  # 3 + 2 + 2 = 7
    api.write(game, "bids", {"bids": failed})
    current = game.body["current"]
    assert current["phase"] == "bidding"
    assert current["bids"] is None
    assert current["attempts"] == [{
        "deal": 0, "bids": failed, "high_bid": card(3, "spades"), "high_bidders": [0],
        "sum_seven": True, "shared_high": False, "bonus": [0],
    }]
    assert current["bonus"] == [1, 0, 0]
    assert [p["score"] for p in game.body["players"]] == [1, 0, 0]  # the +1 is scored at once
    assert current["set_aside"] == [[card(3, "spades")], [card(2, "hearts")], [card(2, "clubs")]]

    # A card of a failed bid is set aside for the rest of the deal.
    error = api.refused(game, "bids", {"bids": [card(4, "spades"), card(2, "hearts"),
                                                card(0, "clubs")]}, 422, "card-reused")
    assert error["field"] == "bids"

    api.write(game, "bids", {"bids": [card(4, "spades"), card(1, "hearts"), card(0, "clubs")]})
    current = game.body["current"]
    assert current["phase"] == "tricks"
    assert current["bids"] == [card(4, "spades"), card(1, "hearts"), card(0, "clubs")]
    assert (current["trump"], current["leader"]) == ("spades", 0)
    assert len(current["attempts"]) == 1

    api.write(game, "tricks", {"tricks": [4, 1, 2]})
    scored = game.body["rounds"][0]
    # Made exactly: bid + 2, and Ana's +1 bonus; Cleo bid 0 and took 2: -2.
    assert scored["points"] == [4 + 2 + 1, 1 + 2, -2]
    assert scored["attempts"][0]["bonus"] == [0]
    assert [p["score"] for p in game.body["players"]] == [7, 3, -2]


def test_two_decks_shared_high_bid_gives_each_a_bonus(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben", "Cleo", "Dev", "Eve"])  # 5 players: two decks
    shared = [card(6, "spades"), card(6, "spades"), card(0, "clubs"), card(1, "clubs"),
              card(1, "hearts")]  # 14: not 7, but 6♠ twice
    api.write(game, "bids", {"bids": shared})
    attempt = game.body["current"]["attempts"][0]
    assert (attempt["sum_seven"], attempt["shared_high"]) == (False, True)
    assert attempt["high_bidders"] == [0, 1] and attempt["bonus"] == [0, 1]
    assert game.body["current"]["bonus"] == [1, 1, 0, 0, 0]

    both = [card(4, "hearts"), card(3, "hearts"), card(0, "diamonds"), card(0, "diamonds"),
            card(0, "spades")]  # 4 + 3 + 0 + 0 + 0 = 7: one bonus, the high bidder's
    api.write(game, "bids", {"bids": both})
    assert game.body["current"]["attempts"][1]["bonus"] == [0]
    assert game.body["current"]["bonus"] == [2, 1, 0, 0, 0]

    accepted = [card(5, "hearts"), card(2, "hearts"), card(1, "diamonds"), card(0, "hearts"),
                card(0, "spades")]
    api.write(game, "bids", {"bids": accepted})
    assert game.body["current"]["phase"] == "tricks"
    assert (game.body["current"]["trump"], game.body["current"]["leader"]) == ("hearts", 0)
    api.write(game, "tricks", {"tricks": [5, 2, 0, 0, 0]})
    assert game.body["rounds"][0]["points"] == [5 + 2 + 2, 2 + 2 + 1, -1, 2, 2]


def test_one_deck_refuses_the_same_card_twice(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben", "Cleo"])
    error = api.refused(game, "bids", {"bids": [card(5, "spades"), card(5, "spades"),
                                                card(0, "clubs")]}, 422, "duplicate-card")
    assert error["field"] == "bids"


def test_bid_cards_out_of_range_or_without_a_suit(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben"])
    api.refused(game, "bids", {"bids": [card(8, "spades"), card(1, "clubs")]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [card(-1, "spades"), card(1, "clubs")]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [{"value": 3}, card(1, "clubs")]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [card(3, "stars"), card(1, "clubs")]}, 422, "bid-range")
    api.refused(game, "tricks", {"tricks": [7, 0]}, 422, "phase")


def test_seven_failed_bids_redeal_the_round(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben"])
    for value in range(7):  # every failed bid sums to 7; each player uses all seven cards
        api.write(game, "bids", {"bids": [card(value, "spades"), card(7 - value, "hearts")]})
    current = game.body["current"]
    assert current["number"] == 1 and current["phase"] == "bidding"
    assert current["redeals"] == 1
    assert current["set_aside"] == [[], []]
    assert len(current["attempts"]) == 7
    assert [a["deal"] for a in current["attempts"]] == [0] * 7
    assert sum(current["bonus"]) == 7  # bonuses already scored are kept
    api.write(game, "bids", {"bids": [card(0, "spades"), card(7, "hearts")]})  # a fresh deal
    assert current["attempts"] != game.body["current"]["attempts"]
    assert game.body["current"]["attempts"][-1]["deal"] == 1


def test_card_passing_instructions(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben", "Cleo"], options={"card_passing": True})
    assert game.body["current"]["passing"] is None  # round 1 passes nothing
    expected = {2: (1, "left"), 3: (2, "right"), 4: (3, "left"), 5: (2, "right"), 6: (1, "left"),
                7: None}
    for number in range(2, 8):
        api.write(game, "bids", {"bids": [card(7, "spades"), card(1, "clubs"), card(0, "clubs")]})
        api.write(game, "tricks", {"tricks": [7, 0, 0]})
        passing = game.body["current"]["passing"]
        assert game.body["current"]["number"] == number
        if expected[number] is None:
            assert passing is None
        else:
            assert (passing["count"], passing["direction"]) == expected[number]
            step = 1 if passing["direction"] == "left" else -1
            assert passing["passes"] == [
                {"giver": seat, "receiver": (seat + step) % 3, "count": passing["count"]}
                for seat in range(3)]
    without = api.create("oh-seven", ["Ana", "Ben", "Cleo"])
    api.write(without, "bids", {"bids": [card(7, "spades"), card(1, "clubs"), card(0, "clubs")]})
    api.write(without, "tricks", {"tricks": [7, 0, 0]})
    assert without.body["current"]["passing"] is None
