"""docs/api.md with Seven-Up: hands, teams, the gift that would win (``gift-would-win``), impossible
hands (``hand``), redeals, and the game ending on the point that reaches the target."""

from __future__ import annotations

import json
from typing import Any

from .client import Api


def hand(**fields: Any) -> dict[str, Any]:
    return {"jacks_turned": 0, "beg": "stand", "high": None, "low": None, "jack": None,
            "game": None, **fields}


def test_hands_score_points_to_players(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    current = game.body["current"]
    assert (current["number"], current["dealer"], current["eldest"], current["phase"]) == (1, 0, 1, "hand")
    api.write(game, "hands", hand(high=0, low=1, jack=0, game="tie"))
    scored = game.body["rounds"][0]
    assert scored["phase"] == "done"
    assert scored["points"] == [2, 1]  # the tie for game scores nobody (game_tie: nobody)
    assert [a["point"] for a in scored["awards"]] == ["high", "low", "jack"]
    assert [p["score"] for p in game.body["players"]] == [2, 1]
    assert game.body["current"]["dealer"] == 1 and game.body["current"]["eldest"] == 0
    assert game.body["standings"] == [{"seat": 0, "name": "Ana", "score": 2, "rank": 1},
                                      {"seat": 1, "name": "Ben", "score": 1, "rank": 2}]


def test_gift_that_would_win_is_refused_then_the_game_ends(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    api.write(game, "hands", hand(high=1, low=1, jack=1, game=1))  # Ben 4
    api.write(game, "hands", hand(high=1, low=1, game=0))  # Ben 6, Ana 1
    assert [p["score"] for p in game.body["players"]] == [1, 6]
    current = game.body["current"]
    assert (current["dealer"], current["eldest"]) == (0, 1)  # Ben is eldest, one from 7
    error = api.refused(game, "hands", hand(beg="give", high=0, low=0, game=0), 422,
                        "gift-would-win")
    assert error["field"] == "beg"
    # The dealer runs the cards instead: two jacks turned (2 for Ana), then Ben's high wins.
    api.write(game, "hands", hand(jacks_turned=2, beg="run", high=1, low=0, jack=0, game=0))
    assert game.body["status"] == "finished"
    assert game.body["current"] is None
    assert [p["score"] for p in game.body["players"]] == [3, 7]
    assert game.body["winners"] == [1]
    assert game.body["winning_point"] == {"point": "high", "seat": 1, "team": None, "counted": True}
    awards = game.body["rounds"][-1]["awards"]
    assert [(a["point"], a["counted"]) for a in awards] == [
        ("jack-turned", True), ("jack-turned", True), ("high", True), ("low", False),
        ("jack", False), ("game", False)]  # points after the winning one are not counted
    assert [s["seat"] for s in game.body["standings"]] == [1, 0]
    assert [s["rank"] for s in game.body["standings"]] == [1, 2]
    api.refused(game, "hands", hand(high=0, low=0, game=0), 422, "phase")


def test_gift_scores_for_the_eldest(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben", "Cleo"])  # three players: both non-dealers
    api.write(game, "hands", hand(beg="give", high=0, low=0, game="tie"))
    assert game.body["rounds"][0]["points"] == [2, 1, 1]
    assert [a["point"] for a in game.body["rounds"][0]["awards"]] == ["gift", "gift", "high", "low"]


def test_impossible_hands_are_422_hand(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    api.refused(game, "hands", hand(low=0, game=0), 422, "hand")  # low without high
    api.refused(game, "hands", hand(high=0, game=0), 422, "hand")  # high without low
    api.refused(game, "hands", hand(jack=1, game=0), 422, "hand")  # jack without a trump
    api.refused(game, "hands", hand(high=0, low=0), 422, "hand")  # nobody made game
    api.refused(game, "hands", hand(jacks_turned=2, high=0, low=0, game=0), 422, "hand")
    api.refused(game, "hands", hand(jacks_turned=5, beg="run", high=0, low=0, game=0), 422, "hand")
    api.refused(game, "hands", hand(high=2, low=0, game=0), 422, "seat")
    api.refused(game, "hands", hand(high=0, low=0, game=-1), 422, "seat")
    api.refused(game, "bids", {"bids": [1, 1]}, 422, "phase")
    api.refused(game, "tricks", {"tricks": [1, 5]}, 422, "phase")


def test_redeal_counts_only_turned_jacks_and_the_same_dealer_deals(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"], options={"target": 10})
    api.write(game, "hands", hand(jacks_turned=1, beg="run", redeal=True))
    current = game.body["current"]
    assert (current["number"], current["dealer"], current["redeals"]) == (1, 0, 1)
    assert [p["score"] for p in game.body["players"]] == [1, 0]
    assert game.body["rounds"] == []
    api.write(game, "hands", hand(high=1, low=1, game=1))
    assert game.body["rounds"][0]["points"] == [1, 3]
    assert game.body["rounds"][0]["redeals"] == 1


def test_teams_score_together(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben", "Cleo", "Dev"], options={"game_tie": "eldest"})
    api.write(game, "hands", hand(high=2, low=3, jack=0, game="tie"))  # eldest: Ben (team 1)
    assert game.body["rounds"][0]["points"] == [2, 2, 2, 2]
    assert game.body["teams"] == [{"team": 0, "seats": [0, 2], "score": 2},
                                  {"team": 1, "seats": [1, 3], "score": 2}]
    api.write(game, "hands", hand(high=3, low=3, jack=None, game=1))  # team 1: 3 more
    assert [p["score"] for p in game.body["players"]] == [2, 5, 2, 5]
    assert game.body["standings"] == [{"team": 1, "seats": [1, 3], "score": 5, "rank": 1},
                                      {"team": 0, "seats": [0, 2], "score": 2, "rank": 2}]


def test_three_players_a_gift_that_would_put_either_non_dealer_out_is_422(api: Api) -> None:
    """docs/api.md, ``gift-would-win``: with three players the gift goes to both non-dealers,
    and may put neither out (docs/rules.md section 4, after Foster's *Complete Hoyle*)."""
    game = api.create("seven-up", ["Ana", "Ben", "Cleo"])
    for _ in range(6):  # Cleo makes game six times: 6 of 7; Ana deals the seventh hand
        api.write(game, "hands", hand(game=2))
    current = game.body["current"]
    assert (current["dealer"], current["eldest"]) == (0, 1)
    assert [p["score"] for p in game.body["players"]] == [0, 0, 6]
    error = api.refused(game, "hands", hand(beg="give", game="tie"), 422, "gift-would-win")
    assert error == {"code": "gift-would-win", "field": "beg", "message": (
        "the dealer may not give one: it would put Cleo out at 7; the cards must be run")}
    api.write(game, "hands", hand(beg="run", game="tie"))  # running the cards is fine
    assert "gift_rule" not in json.dumps(game.body)  # the game body names no edition
