"""docs/api.md with Belote and Coinche: the rulesets and their options, a hand's body, the game
object's extras (``result``, ``hand_totals``, ``held``/``released``, ``contract_value``,
``multiplier``, ``current.held``), refusals with their code and field, finish and undo, a
correction that moves the litige's pot, statistics, the CSV, and export and import."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask.testing import FlaskClient

from .client import Api

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def test_rulesets_list_both_with_their_options(client: FlaskClient) -> None:
    listed = {r["id"]: r for r in client.get("/api/v1/rulesets").get_json()}
    belote, coinche = listed["belote"], listed["coinche"]
    assert (belote["min_players"], belote["max_players"]) == (4, 4)
    assert belote["options"]["target"]["default"] == 1000
    assert belote["options"]["target"]["choices"] == {"min": 100, "max": 10000}
    assert belote["options"]["litige"]["choices"] == ["held", "dedans"]
    assert belote["options"]["deal_passes"]["default"] == "right"
    assert "litige" not in coinche["options"]
    assert coinche["options"]["target"]["default"] == 2000
    assert coinche["options"]["rounding"]["default"] == "tens"
    assert coinche["options"]["announcements"]["default"] is False
    assert coinche["options"]["scoring"]["default"] == "made-plus-contract"


def test_a_belote_game_with_a_litige_held_and_given(api: Api) -> None:
    game = api.create("belote", FOUR)
    current = game.body["current"]
    assert (current["number"], current["dealer"], current["eldest"], current["phase"]) == \
        (1, 0, 3, "hand")
    assert current["held"] is None and current["bids"] is None
    assert game.body["teams"] == [{"team": 0, "seats": [0, 2], "score": 0},
                                  {"team": 1, "seats": [1, 3], "score": 0}]
    api.write(game, "hands", {"taker": 0, "points": 81})
    done = game.body["rounds"][0]
    assert (done["result"], done["hand_totals"], done["held"], done["released"]) == \
        ("litige", [81, 81], 81, None)
    assert done["points"] == [0, 81, 0, 81]
    assert done["hand"] == {"taker": 0, "points": 81, "belote": None, "announcements": [],
                            "capot": None, "trump": None}
    assert game.body["current"]["held"] == {"points": 81, "since": 1}
    assert game.body["current"]["dealer"] == 3
    api.write(game, "hands", {"taker": 1, "points": 100})
    done = game.body["rounds"][1]
    assert done["released"] == {"team": 1, "points": 81} and done["held"] == 0
    assert [t["score"] for t in game.body["teams"]] == [62, 262]
    assert game.body["current"]["held"] is None
    # A correction of the litige moves the pot: the second hand gets nothing.
    api.write(game, "rounds/1", {"taker": 0, "points": 90}, method="PUT")
    assert [t["score"] for t in game.body["teams"]] == [90 + 62, 72 + 100]
    assert game.body["rounds"][1]["released"] is None


def test_refusals_name_their_field(api: Api) -> None:
    game = api.create("belote", FOUR)
    for body, status, code, field in [
        ({"taker": 0, "points": 161}, 422, "points-range", "points"),
        ({"taker": 5, "points": 100}, 422, "seat", "taker"),
        ({"taker": 0}, 422, "hand", "points"),
        ({"taker": 0, "points": 100, "announcements": [
            {"seat": 0, "kind": "tierce"}, {"seat": 1, "kind": "cent"}]}, 422, "hand",
         "announcements"),
        ({"taker": None, "belote": 2}, 422, "hand", "belote"),
        ({"taker": 0, "points": 100, "contract": 100}, 400, "invalid", "contract"),
        ({"taker": 0, "points": 100, "announcements": [{"seat": 0, "kind": "quinte"}]}, 400,
         "invalid", None),
    ]:
        error = api.refused(game, "hands", body, status, code)
        if field is not None:
            assert error["field"] == field, body
    api.refused(game, "finish", {}, 422, "phase")
    assert game.body["version"] == api.get(game)["version"]


def test_a_coinche_hand_coinched_and_failed(api: Api) -> None:
    game = api.create("coinche", FOUR, options={"rounding": "none"})
    api.write(game, "hands", {"taker": 1, "points": 84, "belote": 3, "contract": 110,
                              "coinche": "coinche", "trump": "hearts"})
    done = game.body["rounds"][0]
    assert done["result"] == "failed"  # 84 + 20 = 104: short of 110
    assert (done["contract_value"], done["multiplier"], done["hand_totals"]) == (110, 2, [78, 104])
    assert done["points"] == [2 * (162 + 110), 20, 2 * (162 + 110), 20]
    error = api.refused(game, "hands", {"taker": 0, "points": 100, "contract": 85}, 422,
                        "bid-range")
    assert error["field"] == "contract"
    api.refused(game, "hands", {"taker": 0, "points": 100}, 400, "invalid")
    api.write(game, "finish", {})
    assert (game.body["status"], game.body["finished_by"]) == ("finished", "scorekeeper")
    assert [s["team"] for s in game.body["standings"]] == [0, 1]
    api.write(game, "undo", {})
    assert game.body["status"] == "in_progress"


def test_the_target_ends_the_game(api: Api) -> None:
    game = api.create("belote", FOUR, options={"target": 100})
    api.write(game, "hands", {"taker": 2, "capot": 0})
    assert (game.body["status"], game.body["finished_by"]) == ("finished", "target")
    assert game.body["winners"] == [0, 2]
    assert game.body["standings"][0] == {"team": 0, "seats": [0, 2], "score": 250, "rank": 1}


def test_statistics_and_the_score_sheet(api: Api, client: FlaskClient) -> None:
    game = api.create("coinche", FOUR)
    api.write(game, "hands", {"taker": 0, "points": 113, "contract": 110, "belote": 2})
    api.write(game, "hands", {"taker": None, "contract": None})
    stats = client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert stats["table"] == {"players": 4, "hands": 2, "passed": 1, "litiges": 0, "capots": 0}
    ana = stats["players"][0]
    assert (ana["taken"], ana["made"], ana["success_rate"], ana["average_contract"]) == \
        (1, 1, 1.0, 110)
    assert stats["players"][1]["success_rate"] is None
    assert stats["teams"][0]["belotes"] == 1
    sheet = list(csv.reader(io.StringIO(
        client.get(f"/api/v1/games/{game.id}/scores.csv").get_data(as_text=True))))
    assert sheet[0] == ["round", "dealer", "taker", "contract", "trump", "coinche", "points",
                        "belote", "announcements", "capot", "result", "held", "Ana & Cleo points",
                        "Ana & Cleo total", "Ben & Dev points", "Ben & Dev total"]
    assert sheet[1][:3] == ["1", "Ana", "Ana"] and sheet[1][-4:] == ["240", "240", "50", "50"]
    assert sheet[2][10] == "passed"


def test_export_and_import_round_trip(api: Api) -> None:
    """A table's document carries the hands as written and brings them back through the
    engine: the same totals, the litige's pot given as it was."""
    entries: list[dict[str, Any]] = [
        {"kind": "hands", "taker": 0, "points": 81},
        {"kind": "hands", "taker": 3, "points": 90, "belote": 1,
         "announcements": [{"seat": 3, "kind": "tierce"}]},
        {"kind": "finish"}]
    document = {"format": "companion-export", "format_version": 1,
                "exported": "2026-12-07T10:00:00Z", "table": {"name": "Belote", "renames": []},
                "games": [{"ruleset": "belote", "players": FOUR, "first_dealer": 0,
                           "options": {}, "started": "2026-12-07T09:00:00Z",
                           "entries": entries}]}
    made = api.client.post("/api/v1/tables/import", json=document)
    assert made.status_code == 201, made.get_json()
    table_id = made.get_json()["table"]["id"]
    exported = api.client.get(f"/api/v1/tables/{table_id}/export").get_json()
    again = api.client.post("/api/v1/tables/import", json=exported)
    assert again.status_code == 201, again.get_json()
    figures = api.client.get(f"/api/v1/tables/{table_id}/statistics").get_json()
    assert figures["rulesets"]["belote"]["games"] == 1
    ana = figures["rulesets"]["belote"]["players"][0]
    assert (ana["name"], ana["hands"], ana["points"], ana["wins"]) == ("Ana", 2, 0 + 72, 0)
