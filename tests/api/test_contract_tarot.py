"""docs/api.md with Tarot ("More games"): the ruleset and its options, one POST …/hands a hand
with its own fields, the round's hand, result, needed, margin and unit, a passed hand, the
refusals at their field, the finish, undo, a correction, the statistics, the score sheet, and
export and import through the engine."""

from __future__ import annotations

import csv
import io
from typing import Any

from .client import Api

FOUR = ["Ana", "Ben", "Cleo", "Dev"]
FFT = {"taker": 0, "contract": "garde", "bouts": 2, "points": 49, "partner": None,
       "petit_au_bout": "taker", "poignees": [{"seat": 0, "size": "simple"}],
       "chelem": None, "chelem_announced": False}


def test_the_ruleset_and_its_options(api: Api) -> None:
    rulesets = {r["id"]: r for r in api.client.get("/api/v1/rulesets").get_json()}
    tarot = rulesets["tarot"]
    assert (tarot["min_players"], tarot["max_players"]) == (3, 5)
    assert tarot["options"] == {
        "rounds": {"default": None, "choices": {"min": 1, "max": 200}},
        "deal_passes": {"default": "right", "choices": ["right", "left"]}}
    for players in (["Ana", "Ben"], [*FOUR, "Eli", "Fay"]):
        refused = api.client.post("/api/v1/games", json={"ruleset": "tarot", "players": players})
        assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "players"
    refused = api.client.post("/api/v1/games", json={"ruleset": "tarot", "players": FOUR,
                                                     "options": {"rounds": 0}})
    assert refused.get_json()["error"]["field"] == "options.rounds"


def test_the_fft_example_through_the_api(api: Api) -> None:
    game = api.create("tarot", FOUR)
    current = game.body["current"]
    assert (current["number"], current["dealer"], current["eldest"], current["phase"]) == (
        1, 0, 3, "hand")
    assert game.body["teams"] is None
    body = api.write(game, "hands", {"taker": 0, "contract": "garde", "bouts": 2, "points": 49,
                                     "petit_au_bout": "taker",
                                     "poignees": [{"seat": 0, "size": "simple"}]})
    scored = body["rounds"][0]
    assert scored["hand"] == FFT  # the entry as accepted, its defaults filled in
    assert (scored["result"], scored["needed"], scored["margin"], scored["unit"]) == (
        "made", 41, 8, 106)
    assert scored["points"] == [318, -106, -106, -106] and scored["phase"] == "done"
    assert [p["score"] for p in body["players"]] == [318, -106, -106, -106]
    assert body["current"]["dealer"] == 3 and body["current"]["eldest"] == 2  # to the right
    assert body["standings"][0] == {"seat": 0, "name": "Ana", "score": 318, "rank": 1}
    passed = api.write(game, "hands", {"taker": None})["rounds"][1]
    assert (passed["result"], passed["points"], passed["needed"]) == ("passed", [0] * 4, None)
    half = api.write(game, "hands", {"taker": 1, "contract": "prise", "bouts": 2,
                                     "points": 40.5})["rounds"][2]
    assert (half["result"], half["margin"], half["unit"]) == ("failed", 1, -26)
    assert half["hand"]["points"] == 40.5


def test_refusals_name_their_field(api: Api) -> None:
    game = api.create("tarot", FOUR)
    hand = {"taker": 0, "contract": "prise", "bouts": 1, "points": 60}
    for fields, status, code, field in [
        ({**hand, "points": 91.5}, 422, "points-range", "points"),
        ({**hand, "points": 40.25}, 422, "points-range", "points"),
        ({**hand, "bouts": 4}, 422, "hand", "bouts"),
        ({**hand, "bouts": 0, "points": 80}, 422, "hand", "points"),
        ({**hand, "bouts": 0, "petit_au_bout": "taker"}, 422, "hand", "petit_au_bout"),
        ({**hand, "partner": 1}, 422, "hand", "partner"),
        ({**hand, "poignees": [{"seat": 1, "size": "simple"}, {"seat": 1, "size": "simple"}]},
         422, "hand", "poignees"),
        ({**hand, "chelem": "defence"}, 422, "hand", "chelem"),
        ({**hand, "taker": 4}, 422, "seat", "taker"),
        ({**hand, "contract": "petite"}, 400, "invalid", "contract"),
        ({**hand, "beg": "stand"}, 400, "invalid", "beg"),
        ({"contract": "prise"}, 400, "invalid", "taker"),
    ]:
        error = api.refused(game, "hands", fields, status, code)
        assert error["field"] == field, (fields, error)
    api.refused(game, "finish", {}, 422, "phase")


def test_finish_undo_and_a_correction(api: Api) -> None:
    game = api.create("tarot", ["Ana", "Ben", "Cleo"], options={"rounds": 2})
    api.write(game, "hands", {"taker": 0, "contract": "prise", "bouts": 1, "points": 60})
    api.write(game, "hands", {"taker": None})  # passed: it does not count toward rounds
    assert game.body["status"] == "in_progress"
    body = api.write(game, "hands", {"taker": 1, "contract": "garde", "bouts": 2, "points": 50})
    assert (body["status"], body["finished_by"]) == ("finished", "rounds")
    api.refused(game, "hands", {"taker": None}, 422, "phase")
    corrected = api.write(game, "rounds/1", {"taker": 2, "contract": "prise", "bouts": 1,
                                             "points": 60}, method="PUT")
    assert corrected["rounds"][0]["points"] == [-34, -34, 68]
    assert sum(p["score"] for p in corrected["players"]) == 0
    # Belote's own field is unknown in a Tarot correction, as it is in a Tarot hand.
    assert api.refused(game, "rounds/1", {"taker": 2, "contract": "prise", "bouts": 1,
                                          "points": 60, "belote": None}, 400, "invalid",
                       method="PUT")["field"] == "belote"
    api.refused(game, "rounds/2", {"taker": 0, "contract": "prise", "bouts": 1, "points": 60},
                422, "phase", method="PUT")  # the game would end before hand 3
    open_ = api.create("tarot", FOUR)
    api.write(open_, "hands", {"taker": 0, "contract": "prise", "bouts": 1, "points": 60})
    finished = api.write(open_, "finish", {})
    assert (finished["status"], finished["finished_by"]) == ("finished", "scorekeeper")
    assert api.write(open_, "undo", {})["status"] == "in_progress"


def test_statistics_and_the_score_sheet(api: Api) -> None:
    game = api.create("tarot", [*FOUR, "Eli"])
    api.write(game, "hands", {"taker": 0, "contract": "garde", "bouts": 2, "points": 49,
                              "partner": 1, "petit_au_bout": "taker"})
    api.write(game, "hands", {"taker": None})
    stats = api.client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert stats["table"] == {"players": 5, "hands": 2, "passed": 1, "contracts": {
        "prise": 0, "garde": 1, "garde-sans": 0, "garde-contre": 0}}
    ana, ben = stats["players"][:2]
    assert (ana["taken"], ana["made"], ana["success_rate"], ben["called"]) == (1, 1, 1.0, 1)
    assert ana["by_contract"]["garde"] == {"taken": 1, "made": 1}
    sheet = api.client.get(f"/api/v1/games/{game.id}/scores.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(sheet.lstrip("\ufeff"))))
    assert rows[0][:12] == ["round", "dealer", "taker", "contract", "partner", "bouts", "points",
                            "needed", "result", "petit_au_bout", "poignees", "chelem"]
    assert rows[0][12:14] == ["Ana points", "Ana total"]
    assert rows[1][:9] == ["1", "Ana", "Ana", "garde", "Ben", "2", "49", "41", "made"]


def test_export_and_import_replay_the_hands(api: Api) -> None:
    entries: list[dict[str, Any]] = [
        {"kind": "hands", **FFT},
        {"kind": "hands", "taker": None, "contract": None, "bouts": 0, "points": 0,
         "partner": None, "petit_au_bout": None, "poignees": [], "chelem": None,
         "chelem_announced": False},
        {"kind": "finish"},
    ]
    document = {"format": "companion-export", "format_version": 1,
                "exported": "2026-12-07T10:00:00Z", "table": {"name": "Tarot", "renames": []},
                "games": [{"ruleset": "tarot", "players": FOUR, "first_dealer": 0,
                           "options": {"rounds": None, "deal_passes": "right"},
                           "started": "2026-12-07T09:00:00Z", "entries": entries}]}
    made = api.client.post("/api/v1/tables/import", json=document)
    assert made.status_code == 201, made.get_json()
    table_id = made.get_json()["table"]["id"]
    exported = api.client.get(f"/api/v1/tables/{table_id}/export").get_json()
    assert exported["games"][0]["entries"] == entries
    figures = api.client.get(f"/api/v1/tables/{table_id}/statistics").get_json()
    tarot = figures["rulesets"]["tarot"]
    assert tarot["finished"] == 1
    assert sum(p["wins"] for p in tarot["players"]) == 1
    ana = next(p for p in tarot["players"] if p["name"] == "Ana")
    assert (ana["hands"], ana["points"]) == (2, 318)  # passed hands count, as in the game's
    assert sum(p["points"] for p in tarot["players"]) == 0  # a zero-sum table
