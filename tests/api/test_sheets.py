"""GET /api/v1/games/<id>/statistics and /scores.csv (docs/api.md, "Statistics and the score sheet"):
statistics compared with figures worked out by hand, the score sheet parsed back, the game's
ETag, and the error paths (an unknown game, a deleted one)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from flask.testing import FlaskClient

from .client import Api, Game


def card(text: str) -> dict[str, Any]:
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    return {"value": int(text[:-1]), "suit": suits[text[-1]]}


def sheet(client: FlaskClient, game: Game) -> list[dict[str, str]]:
    response = client.get(f"/api/v1/games/{game.id}/scores.csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    return list(csv.DictReader(io.StringIO(response.get_data().decode("utf-8"))))


def stats(client: FlaskClient, game: Game) -> dict[str, Any]:
    response = client.get(f"/api/v1/games/{game.id}/statistics")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()  # type: ignore[no-any-return]


def test_oh_hell_statistics_by_hand(api: Api, client: FlaskClient) -> None:
    """Four players, Dev (3) deals round 1 (10 cards), Ana round 2 (9 cards).
    Round 1, bids 3 1 0 5 (Ana, Ben, Cleo, then Dev: 4 others, hook 6, so 5 is fine);
    tricks 3 2 0 5: Ana 13, Ben 0, Cleo 10, Dev 15.
    Round 2, bids 0 2 2 4 (Ben, Cleo, Dev, then Ana: others 8, hook 1, so 0 is fine);
    tricks 1 2 2 4: Ana 0, Ben 12, Cleo 12, Dev 14."""
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo", "Dev"], first_dealer=3)
    empty = stats(client, game)
    assert empty["table"] == {"players": 4, "rounds": 0, "average_zero_bid_rate": None,
                              "average_top_bid": None, "trump_rate": None}
    assert all(p["success_rate"] is None and p["points_per_round"] is None for p in empty["players"])
    api.write(game, "bids", {"bids": [3, 1, 0, 5]})
    api.write(game, "tricks", {"tricks": [3, 2, 0, 5]})
    api.write(game, "bids", {"bids": [0, 2, 2, 4]})
    api.write(game, "tricks", {"tricks": [1, 2, 2, 4]})
    figures = stats(client, game)
    table = figures["table"]
    assert (table["players"], table["rounds"], table["trump_rate"]) == (4, 2, None)
    # zero bids: Ana 1/2, Cleo 1/2, others 0: mean of the four rates = 0.25
    assert table["average_zero_bid_rate"] == pytest.approx(0.25)
    assert table["average_top_bid"] == pytest.approx((5 + 4) / 2)
    ana, ben, cleo, dev = figures["players"]
    assert (ana["name"], ana["rounds"], ana["points_per_round"], ana["average_bid"]) == ("Ana", 2, 6.5, 1.5)
    assert (ana["success_rate"], ana["overshoot_rate"], ana["deficit_rate"]) == (0.5, 0.5, 0.0)
    assert (ben["points_per_round"], ben["success_rate"], ben["overshoot_rate"]) == (6.0, 0.5, 0.5)
    assert (cleo["points_per_round"], cleo["zero_bid_rate"], cleo["top_bid_rate"]) == (11.0, 0.5, 0.0)
    assert (dev["points_per_round"], dev["top_bid_rate"], dev["success_rate"]) == (14.5, 1.0, 1.0)
    assert all(p["rebid_bonus"] == 0 for p in figures["players"])


def test_oh_seven_statistics_by_hand(api: Api, client: FlaskClient) -> None:
    """Three players (one deck), Ana deals. Round 1: 4♠ 3♥ 0♦ add up to 7: a forced rebid, +1 for
    Ana (high 4♠). Rebid 5♥ 0♠ 1♣ (Ana high, hearts trump); tricks 5 1 1: Ana 7+1, Ben −1,
    Cleo 3. Round 2: 2♦ 6♣ 0♥ (Ben high with 6♣, clubs trump); tricks 2 4 1: Ana 4, Ben −2,
    Cleo −1."""
    game = api.create("oh-seven", ["Ana", "Ben", "Cleo"])
    api.write(game, "bids", {"bids": [card("4s"), card("3h"), card("0d")]})
    api.write(game, "bids", {"bids": [card("5h"), card("0s"), card("1c")]})
    api.write(game, "tricks", {"tricks": [5, 1, 1]})
    api.write(game, "bids", {"bids": [card("2d"), card("6c"), card("0h")]})
    api.write(game, "tricks", {"tricks": [2, 4, 1]})
    assert [p["score"] for p in game.body["players"]] == [12, -3, 2]
    figures = stats(client, game)
    table = figures["table"]
    assert table["rounds"] == 2
    assert table["trump_rate"] == {"spades": 0.0, "hearts": 0.5, "diamonds": 0.0, "clubs": 0.5}
    assert table["average_top_bid"] == pytest.approx((5 + 6) / 2)
    # zero bids counted on accepted bids only: Ben 1/2 (0♠), Cleo 1/2 (0♥); the failed 0♦ is out
    assert table["average_zero_bid_rate"] == pytest.approx((0 + 0.5 + 0.5) / 3)
    ana, ben, cleo = figures["players"]
    assert (ana["points_per_round"], ana["average_bid"], ana["top_bid_rate"], ana["rebid_bonus"]) == (6.0, 3.5, 0.5, 1)
    assert (ana["success_rate"], ana["overshoot_rate"], ana["deficit_rate"]) == (1.0, 0.0, 0.0)
    assert (ben["points_per_round"], ben["top_bid_rate"], ben["rebid_bonus"]) == (-1.5, 0.5, 0)
    assert (ben["overshoot_rate"], ben["deficit_rate"]) == (0.5, 0.5)
    assert (cleo["points_per_round"], cleo["average_bid"], cleo["success_rate"]) == (1.0, 0.5, 0.5)


def test_seven_up_statistics_by_hand(api: Api, client: FlaskClient) -> None:
    """Two teams, Ana deals hand 1: a redeal (pack ran out) with one jack turned for Ana's team;
    then Ben stands, high Ben, low Ana, jack Cleo, game Dev. Hand 2, Ben deals, Cleo begs and is
    given one; high Dev, low Dev, jack not dealt, game tied (nobody)."""
    game = api.create("seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    api.write(game, "hands", {"jacks_turned": 1, "beg": "run", "high": None, "low": None,
                              "jack": None, "game": None, "redeal": True})
    api.write(game, "hands", {"jacks_turned": 0, "beg": "stand", "high": 1, "low": 0, "jack": 2,
                              "game": 3})
    api.write(game, "hands", {"jacks_turned": 0, "beg": "give", "high": 3, "low": 3, "jack": None,
                              "game": "tie"})
    figures = stats(client, game)
    assert figures["table"] == {"players": 4, "hands": 2, "redeals": 1, "beg_rate": 0.5}
    ana, ben, cleo, dev = figures["players"]
    team_a = {"high": 0, "low": 1, "jack": 1, "game": 0, "gifts": 1, "jacks_turned": 1}
    team_b = {"high": 2, "low": 1, "jack": 0, "game": 1, "gifts": 0, "jacks_turned": 0}
    assert ana == {"seat": 0, "name": "Ana", "team": 0, **team_a}
    assert cleo == {"seat": 2, "name": "Cleo", "team": 0, **team_a}
    assert ben == {"seat": 1, "name": "Ben", "team": 1, **team_b}
    assert dev == {"seat": 3, "name": "Dev", "team": 1, **team_b}
    assert [t["score"] for t in game.body["teams"]] == [sum(team_a.values()), sum(team_b.values())]


def test_statistics_and_sheet_answer_the_games_etag(api: Api, client: FlaskClient) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    etag = client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    for path in ("statistics", "scores.csv"):
        first = client.get(f"/api/v1/games/{game.id}/{path}")
        assert first.headers["ETag"] == etag and first.headers["Cache-Control"] == "no-cache"
        again = client.get(f"/api/v1/games/{game.id}/{path}", headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.get_data() == b""
    api.play_turn_round(game)
    for path in ("statistics", "scores.csv"):
        moved = client.get(f"/api/v1/games/{game.id}/{path}", headers={"If-None-Match": etag})
        assert moved.status_code == 200 and moved.headers["ETag"] != etag


def test_score_sheet_of_a_finished_game_ends_on_its_scores(api: Api, client: FlaskClient) -> None:
    names = ["=SUM(A1)", "+Ben", "Cleo 🦊", "-3"]
    game = api.create("elevator", names, first_dealer=1, options={"schedule": "down"})
    while game.body["current"] is not None:
        api.play_turn_round(game)
    rows = sheet(client, game)
    assert list(rows[0]) == ["round", "hand_size", "dealer",
                             "'=SUM(A1) bid", "'=SUM(A1) tricks", "'=SUM(A1) points", "'=SUM(A1) total",
                             "'+Ben bid", "'+Ben tricks", "'+Ben points", "'+Ben total",
                             "Cleo 🦊 bid", "Cleo 🦊 tricks", "Cleo 🦊 points", "Cleo 🦊 total",
                             "'-3 bid", "'-3 tricks", "'-3 points", "'-3 total"]
    assert len(rows) == len(game.body["rounds"]) == 10
    assert [r["round"] for r in rows] == [str(n) for n in range(1, 11)]
    assert rows[0]["hand_size"] == "10" and rows[0]["dealer"] == "'+Ben"
    assert rows[1]["dealer"] == "Cleo 🦊" and rows[2]["dealer"] == "'-3"
    last = rows[-1]
    for player in game.body["players"]:
        header = player["name"] if player["name"][0] not in "=+-@" else "'" + player["name"]
        assert int(last[f"{header} total"]) == player["score"]
    for seat, header in enumerate(("'=SUM(A1)", "'+Ben", "Cleo 🦊", "'-3")):
        round_ = game.body["rounds"][0]
        assert int(rows[0][f"{header} bid"]) == round_["bids"][seat]
        assert int(rows[0][f"{header} points"]) == round_["points"][seat]


def test_oh_seven_sheet_writes_bid_cards(api: Api, client: FlaskClient) -> None:
    game = api.create("oh-seven", ["Ana", "Ben"])
    assert sheet(client, game) == []  # the header alone before any round
    api.write(game, "bids", {"bids": [card("4s"), card("3h")]})  # adds up to 7: rebid, +1 Ana
    api.write(game, "bids", {"bids": [card("5h"), card("0s")]})
    api.write(game, "tricks", {"tricks": [3, 4]})
    (row,) = sheet(client, game)
    assert row == {"round": "1", "hand_size": "7", "dealer": "Ana",
                   "Ana bid": "5♥", "Ana tricks": "3", "Ana points": "-1", "Ana total": "-1",
                   "Ben bid": "0♠", "Ben tricks": "4", "Ben points": "-4", "Ben total": "-4"}


def test_seven_up_sheet_has_a_column_pair_per_team(api: Api, client: FlaskClient) -> None:
    game = api.create("seven-up", ["Ana", "@Ben", "Cleo", "Dev"])
    api.write(game, "hands", {"jacks_turned": 0, "beg": "stand", "high": 1, "low": 0, "jack": None,
                              "game": "tie"})
    api.write(game, "hands", {"jacks_turned": 1, "beg": "give", "high": 3, "low": 3, "jack": 3,
                              "game": 0})
    rows = sheet(client, game)
    assert list(rows[0]) == ["hand", "dealer", "beg", "high", "low", "jack", "game",
                             "Ana & Cleo points", "Ana & Cleo total",
                             "'@Ben & Dev points", "'@Ben & Dev total"]
    # With partners every point is the team's: named as the side (docs/api.md).
    assert rows[0] == {"hand": "1", "dealer": "Ana", "beg": "stand", "high": "'@Ben & Dev",
                       "low": "Ana & Cleo",
                       "jack": "", "game": "tie", "Ana & Cleo points": "1", "Ana & Cleo total": "1",
                       "'@Ben & Dev points": "1", "'@Ben & Dev total": "1"}
    # Hand 2, Ben deals: a turned jack for Ben's team, Cleo is given one; Dev high, low, jack.
    assert rows[1]["dealer"] == "'@Ben" and rows[1]["beg"] == "give"
    assert [rows[1][p] for p in ("high", "low", "jack", "game")] == ["'@Ben & Dev"] * 3 + ["Ana & Cleo"]
    assert (rows[1]["Ana & Cleo points"], rows[1]["'@Ben & Dev points"]) == ("2", "4")
    assert [int(rows[-1]["Ana & Cleo total"]), int(rows[-1]["'@Ben & Dev total"])] == \
        [t["score"] for t in game.body["teams"]]


@pytest.mark.parametrize("path", ["", "/statistics", "/scores.csv"])
def test_an_unknown_game_is_404(client: FlaskClient, path: str) -> None:
    response = client.get(f"/api/v1/games/no-such-game{path}")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not-found"


def test_a_game_deleted_by_its_scorekeeper_is_404_in_the_api(api: Api, client: FlaskClient) -> None:
    """Deleting is the scorekeeper's page (``/g/<id>/delete``); the API has no DELETE (405)."""
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    assert client.delete(f"/api/v1/games/{game.id}").status_code == 405
    assert client.get(f"/g/{game.id}/keep/{game.token}").status_code == 303
    assert client.post(f"/g/{game.id}/delete").status_code == 303
    for path in ("", "/statistics", "/scores.csv"):
        response = client.get(f"/api/v1/games/{game.id}{path}")
        assert response.status_code == 404 and response.get_json()["error"]["code"] == "not-found"
    assert api.send(game, "undo", {"version": 1}).status_code == 404
