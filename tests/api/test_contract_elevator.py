"""docs/api.md with Elevator: a whole game played through the API, totals checked round by round,
and nothing accepted once it is finished."""

from __future__ import annotations

from .client import Api, by_seat

PLAYERS = ["Ana", "Ben", "Cleo"]
HAND_SIZES = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # docs/rules.md section 3


def test_a_whole_elevator_game(api: Api) -> None:
    game = api.create("elevator", PLAYERS, first_dealer=1)
    assert game.body["options"] == {"schedule": "down-up", "hook": "always", "max_hand": None,
                                   "zero_bid": "standard"}
    assert game.body["preset_options"] == {"scoring": "tricks-plus-bonus"}
    expected = [0, 0, 0]
    for number, hand_size in enumerate(HAND_SIZES, start=1):
        current = game.body["current"]
        assert (current["number"], current["hand_size"]) == (number, hand_size)
        assert current["dealer"] == (1 + number - 1) % 3  # the deal passes left
        order = current["bidding_order"]
        # The first bidder bids every trick and takes them (exact: tricks + 10); the second bids
        # 0 and takes none (exact: 10); the dealer, hooked on 0, bids 1 and takes none (0).
        api.write(game, "bids", {"bids": by_seat(order, [hand_size, 0, None])})
        assert game.body["current"]["forbidden_bid"] == 0
        api.write(game, "bids", {"bids": by_seat(order, [hand_size, 0, 1])})
        api.write(game, "tricks", {"tricks": by_seat(order, [hand_size, 0, 0])})
        points = by_seat(order, [hand_size + 10, 10, 0])
        assert game.body["rounds"][-1]["points"] == points
        expected = [e + p for e, p in zip(expected, points)]
        assert [p["score"] for p in game.body["players"]] == expected
    assert game.body["status"] == "finished"
    assert game.body["current"] is None
    assert len(game.body["rounds"]) == 19
    assert game.body["version"] == 1 + 3 * 19
    totals = [sum(r["points"][seat] for r in game.body["rounds"]) for seat in range(3)]
    assert totals == expected
    ranked = sorted(range(3), key=lambda seat: -expected[seat])
    assert [s["seat"] for s in game.body["standings"]] == ranked
    assert game.body["standings"][0]["rank"] == 1
    api.refused(game, "bids", {"bids": [0, 0, 0]}, 422, "phase")
    api.refused(game, "tricks", {"tricks": [1, 0, 0]}, 422, "phase")
    # Undo is still allowed on a finished game: it reopens the last round.
    api.write(game, "undo", {})
    assert game.body["status"] == "in_progress"
    assert game.body["current"]["number"] == 19
    assert game.body["current"]["phase"] == "tricks"


def test_equal_totals_share_a_rank(api: Api) -> None:
    game = api.create("elevator", PLAYERS, first_dealer=2)  # order 0, 1, 2
    api.write(game, "bids", {"bids": [5, 5, 1]})
    api.write(game, "tricks", {"tricks": [5, 5, 0]})
    assert [(s["seat"], s["score"], s["rank"]) for s in game.body["standings"]] == [
        (0, 15, 1), (1, 15, 1), (2, 0, 3)]
