"""docs/api.md, "More games", with Spades: the ruleset and its options, bids as numbers, "nil"
and "blind-nil" (0 refused with bid-range, saying to send "nil"), the codes blind-nil and
side-bid, the game object's teams[].bags, players[].bags, current.blind_nil_seats and
rounds[].contracts/points/bags/bag_penalty, standings by side, statistics, the CSV, export and
import, and the OpenAPI description."""

from __future__ import annotations

import csv
import io
from typing import Any

from .client import Api, Game

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def bid_in_turn(api: Api, game: Game, bids: list[Any]) -> None:
    for seat in game.body["current"]["bidding_order"]:
        one: list[Any] = [None] * len(bids)
        one[seat] = bids[seat]
        api.write(game, "bids", {"bids": one})


def hand(api: Api, game: Game, bids: list[Any], tricks: list[int]) -> dict[str, Any]:
    bid_in_turn(api, game, bids)
    return api.write(game, "tricks", {"tricks": tricks})


def test_the_ruleset_and_its_options(api: Api) -> None:
    answer = api.client.get("/api/v1/rulesets").get_json()
    listed = {r["id"]: r for r in (answer if isinstance(answer, list) else answer["rulesets"])}
    spades = listed["spades"]
    assert (spades["min_players"], spades["max_players"]) == (2, 4)
    assert spades["options"] == {
        "teams": {"default": None, "choices": [None, "pairs", "none"]},
        "target": {"default": 500, "choices": [500, 300, 250, 200]},
        "floor": {"default": -200, "choices": [-200, -300, -350, -500, None]},
        "nil_value": {"default": 100, "choices": [100, 50]},
        "blind_nil": {"default": "behind-100",
                      "choices": ["behind-100", "behind-200", "always", "never"]},
        "bag_limit": {"default": 10, "choices": [10, 7, 5, None]},
        "failed_nil": {"default": "bags", "choices": ["bags", "partner", "ignore"]},
        "min_side_bid": {"default": None, "choices": {"min": 2, "max": 13}},
    }


def test_a_partners_hand_field_by_field(api: Api) -> None:
    game = api.create("spades", FOUR)
    body = game.body
    assert body["options"] == {"teams": None, "target": 500, "floor": -200, "nil_value": 100,
                               "blind_nil": "behind-100", "bag_limit": 10, "failed_nil": "bags",
                               "min_side_bid": None}
    assert body["teams"] == [{"team": 0, "seats": [0, 2], "score": 0, "bags": 0},
                             {"team": 1, "seats": [1, 3], "score": 0, "bags": 0}]
    current = body["current"]
    assert (current["number"], current["hand_size"], current["dealer"], current["phase"]) == (
        1, 13, 0, "bidding")
    assert current["bidding_order"] == [1, 2, 3, 0]
    assert current["forbidden_bid"] is None and current["blind_nil_seats"] == []
    assert current["trump"] is None and current["tricks"] is None
    api.write(game, "bids", {"bids": [None, 3, None, None]})
    api.write(game, "bids", {"bids": [None, None, "nil", None]})
    assert game.body["current"]["bids"] == [None, 3, "nil", None]
    api.write(game, "bids", {"bids": [None, None, None, 2]})
    api.write(game, "bids", {"bids": [5, None, None, None]})
    body = api.write(game, "tricks", {"tricks": [7, 3, 0, 3]})
    scored = body["rounds"][0]
    assert scored["bids"] == [5, 3, "nil", 2]
    assert scored["tricks"] == [7, 3, 0, 3]
    assert scored["contracts"] == [5, 5]
    assert scored["points"] == [152, 51]  # 50 + 2 bags + nil 100; 50 + 1 bag
    assert scored["bags"] == [2, 1] and scored["bag_penalty"] == [0, 0]
    assert [p["score"] for p in body["players"]] == [152, 51, 152, 51]
    assert [p["bags"] for p in body["players"]] == [2, 1, 2, 1]
    assert [p["team"] for p in body["players"]] == [0, 1, 0, 1]
    assert body["teams"][0]["bags"] == 2 and body["teams"][1]["bags"] == 1
    assert body["standings"] == [{"team": 0, "seats": [0, 2], "score": 152, "rank": 1},
                                 {"team": 1, "seats": [1, 3], "score": 51, "rank": 2}]
    # Side 1 is 101 behind: Ben and Dev may bid blind nil this hand; Ana and Cleo may not.
    assert body["current"]["blind_nil_seats"] == [1, 3]
    assert body["status"] == "in_progress" and body["finished_by"] is None
    assert body["total_rounds"] is None


def test_bids_refused_field_by_field(api: Api) -> None:
    game = api.create("spades", FOUR)
    zero = api.refused(game, "bids", {"bids": [None, 0, None, None]}, 422, "bid-range")
    assert zero["field"] == "bids" and '"nil"' in zero["message"]
    api.refused(game, "bids", {"bids": [None, 14, None, None]}, 422, "bid-range")
    blind = api.refused(game, "bids", {"bids": [None, "blind-nil", None, None]}, 422, "blind-nil")
    assert "100" in blind["message"]
    for wrong in ("pass", True, 2.5, {"value": 3}):
        error = api.refused(game, "bids", {"bids": [None, wrong, None, None]}, 400, "invalid")
        assert error["field"] == "bids[1]"
    api.refused(game, "bids", {"bids": [None, 3, None]}, 400, "invalid")
    api.refused(game, "bids", {"bids": [None, 3, None, None], "trump": "hearts"}, 400, "invalid")
    api.refused(game, "bids", {"bids": [None, None, 3, None]}, 422, "phase")
    api.refused(game, "tricks", {"tricks": [3, 3, 3, 4]}, 422, "phase")
    bid_in_turn(api, game, [3, 3, 3, 3])
    api.refused(game, "tricks", {"tricks": [3, 3, 3, 3]}, 422, "tricks-total")
    api.refused(game, "tricks", {"tricks": [14, 0, 0, -1]}, 422, "tricks-range")
    minimum = api.create("spades", FOUR, options={"min_side_bid": 5})
    api.write(minimum, "bids", {"bids": [None, 2, None, None]})
    api.write(minimum, "bids", {"bids": [None, None, 2, None]})
    side = api.refused(minimum, "bids", {"bids": [None, None, None, 2]}, 422, "side-bid")
    assert "Ben & Dev" in side["message"] and "5" in side["message"]


def test_settings_refused(api: Api) -> None:
    def refused(players: list[str], options: dict[str, Any], code: str, field: str) -> None:
        answer = api.client.post("/api/v1/games", json={"ruleset": "spades", "players": players,
                                                        "options": options})
        assert answer.status_code == 422, answer.get_json()
        assert (answer.get_json()["error"]["code"], answer.get_json()["error"]["field"]) == (
            code, field)

    refused(FOUR[:3], {"teams": "pairs"}, "players", "players")
    refused(FOUR[:3], {"failed_nil": "partner"}, "ruleset", "options.failed_nil")
    refused(FOUR, {"teams": "none", "min_side_bid": 3}, "ruleset", "options.min_side_bid")
    refused(FOUR, {"target": 1000}, "ruleset", "options.target")
    answer = api.client.post("/api/v1/games", json={"ruleset": "spades", "players": FOUR,
                                                    "title": "Spades night"})
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] == "title"


def test_cutthroat_for_three_with_seventeen_tricks(api: Api) -> None:
    game = api.create("spades", ["Ana", "Ben", "Cleo"])
    assert game.body["teams"] is None and game.body["current"]["hand_size"] == 17
    body = hand(api, game, [5, 6, "nil"], [7, 10, 0])
    assert body["rounds"][0]["points"] == [52, 64, 100]
    assert body["rounds"][0]["contracts"] == [5, 6, 0]
    assert [p["bags"] for p in body["players"]] == [2, 4, 0]
    assert body["standings"][0] == {"seat": 2, "name": "Cleo", "score": 100, "rank": 1}


def test_a_correction_ends_the_game_and_the_statistics_and_sheet(api: Api) -> None:
    game = api.create("spades", FOUR, options={"target": 200})
    hand(api, game, [2, 5, 2, 4], [2, 5, 2, 4])
    hand(api, game, ["nil", 3, 3, 3], [1, 3, 5, 4])
    assert game.body["status"] == "in_progress"
    # Round 2 corrected: side 1 bids 11 and takes 11 → 90 + 110 = 200, the end.
    corrected = api.write(game, "rounds/2", {
        "bids": [1, 6, 1, 5], "tricks": [1, 6, 1, 5]}, method="PUT")
    assert corrected["status"] == "finished" and corrected["winners"] == [1, 3]
    assert corrected["current"] is None and corrected["finished_by"] is None
    statistics = api.client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert statistics["table"] == {"players": 4, "rounds": 2, "nil_rate": 0.0,
                                   "average_contract": 6.5, "bag_penalties": 0}
    assert statistics["sides"][1] == {"side": 1, "seats": [1, 3], "rounds": 2,
                                      "points_per_round": 100.0, "contract_rate": 1.0, "sets": 0,
                                      "bags": 0, "bag_penalties": 0, "nils_made": 0}
    ana = statistics["players"][0]
    assert (ana["team"], ana["rounds"], ana["average_bid"], ana["success_rate"],
            ana["exact_rate"], ana["nil_bids"], ana["blind_nil_bids"]) == (0, 2, 1.5, 1.0, 1.0,
                                                                           0, 0)
    sheet = api.client.get(f"/api/v1/games/{game.id}/scores.csv")
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    assert rows[0] == ["round", "dealer", "Ana bid", "Ana tricks", "Ben bid", "Ben tricks",
                       "Cleo bid", "Cleo tricks", "Dev bid", "Dev tricks", "Ana & Cleo points",
                       "Ana & Cleo bags", "Ana & Cleo total", "Ben & Dev points",
                       "Ben & Dev bags", "Ben & Dev total"]
    assert rows[2] == ["2", "Ben", "1", "1", "6", "6", "1", "1", "5", "5", "20", "0", "60",
                       "110", "0", "200"]


def test_nil_words_in_the_sheet(api: Api) -> None:
    game = api.create("spades", FOUR, options={"blind_nil": "always"})
    hand(api, game, ["blind-nil", "nil", 4, 4], [0, 1, 8, 4])
    sheet = api.client.get(f"/api/v1/games/{game.id}/scores.csv").get_data(as_text=True)
    row = list(csv.reader(io.StringIO(sheet)))[1]
    assert row[2:10] == ["blind nil", "0", "nil", "1", "4", "8", "4", "4"]


def test_the_openapi_description_names_the_bids_in_words(api: Api) -> None:
    document = api.client.get("/api/v1/openapi.json").get_json()
    bid = document["components"]["schemas"]["BidsBody"]["properties"]["bids"]["items"]
    assert {"type": "string", "enum": ["nil", "blind-nil"]} in bid["oneOf"]
    assert "SpadesStatistics" in document["components"]["schemas"]
    assert "blind-nil" in document["components"]["schemas"]["ErrorDetail"]["properties"][
        "code"]["description"]


def _spades_export(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-07T10:00:00Z", "table": {"name": "Spades night", "renames": []},
            "games": [{"ruleset": "spades", "players": FOUR, "first_dealer": 0,
                       "options": {"teams": None, "target": 500, "floor": -200, "nil_value": 100,
                                   "blind_nil": "always", "bag_limit": 10, "failed_nil": "bags",
                                   "min_side_bid": None},
                       "started": "2026-12-07T09:00:00Z", "entries": entries}]}


def test_export_import_and_the_tables_run_of_bids_made(api: Api) -> None:
    """Nil and blind nil travel as written; the table's record is the run of bids made."""
    entries = []
    for number, (bids, tricks) in enumerate([(["blind-nil", "nil", 4, 4], [0, 1, 8, 4]),
                                             ([3, 3, 3, 3], [3, 3, 3, 4])], start=1):
        dealer = number - 1
        for k in range(4):
            seat = (dealer + 1 + k) % 4
            one: list[Any] = [None] * 4
            one[seat] = bids[seat]
            entries.append({"kind": "bids", "bids": one})
        entries.append({"kind": "tricks", "tricks": tricks})
    made = api.client.post("/api/v1/tables/import", json=_spades_export(entries))
    assert made.status_code == 201, made.get_json()
    table_id = made.get_json()["table"]["id"]
    exported = api.client.get(f"/api/v1/tables/{table_id}/export").get_json()
    assert exported["games"][0]["entries"] == entries
    figures = api.client.get(f"/api/v1/tables/{table_id}/statistics").get_json()
    spades = figures["rulesets"]["spades"]
    # Ana's blind nil and 3 made; Ben's nil failed, then his 3 made (side 1 bid 6, took 7).
    assert spades["records"]["longest_exact_run"] is None
    assert spades["records"]["longest_made_run"]["rounds"] == 2
    assert spades["records"]["longest_made_run"]["name"] in ("Ana", "Cleo")
    ana = next(p for p in spades["players"] if p["name"] == "Ana")
    assert ana["success_rate"] == 1.0 and ana["rounds"] == 2
