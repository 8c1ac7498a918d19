"""Scopa on the pages, through the declarations every game uses: the hand form (four rows of side
chips, "Nobody" on the three that can tie and never on the settebello, the scope steppers
without JavaScript), a hand saved, a missing answer and a refused hand at the field with what was
tapped kept, the board by side and its why, the correction page, "We stop here", the
statistics, the rules page and the new-game page."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.api.client import Api, Game

from .conftest import text

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _kept(client: FlaskClient, game: Game) -> str:
    client.get(f"/g/{game.id}/keep/{game.token}")
    return client.get(f"/g/{game.id}").get_data(as_text=True)


def _radios(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', html)


def _hand(client: FlaskClient, api: Api, game: Game, **fields: str) -> object:
    return client.post(f"/g/{game.id}/scopa/hand",
                       data={"version": api.get(game)["version"],
                             "round": api.get(game)["current"]["number"], **fields},
                       headers={"HX-Request": "true"})


def test_the_hand_form_a_hand_and_the_board(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", FOUR)
    html = _kept(client, game)
    for name in ("cards", "coins", "primiera"):
        assert _radios(html, name) == ["0", "1", "nobody"]
    assert _radios(html, "settebello") == ["0", "1"]  # never nobody
    labels = re.findall(r'aria-label="(One (?:more|fewer) for [^"]*)"', html)
    assert [label.replace("\u2068", "").replace("\u2069", "") for label in labels] == [
        "One fewer for Ana & Cleo", "One more for Ana & Cleo",
        "One fewer for Ben & Dev", "One more for Ben & Dev"]
    answer = _hand(client, api, game, cards="0", coins="nobody", settebello="1", primiera="0",
                   scope_0="2", scope_1="0")
    assert answer.status_code == 200  # type: ignore[attr-defined]
    body = api.get(game)
    assert body["rounds"][0]["side_points"] == [4, 1]
    page = client.get(f"/g/{game.id}")
    said = text(page, why=True)
    assert "Most cards · Primiera" in said and "2 scope" in said and "Hand: +4" in said
    assert "Settebello" in said and "Hand: +1" in said
    assert "Hand 2" in said and "Dev deals" in said and "Cleo plays first" in said


def test_a_missing_answer_and_a_refusal_keep_what_was_tapped(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", ["Ana", "Ben"])
    _kept(client, game)
    answer = _hand(client, api, game, cards="0", coins="1", primiera="nobody", scope_0="1")
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert answer.status_code == 422  # type: ignore[attr-defined]
    assert "Who took the settebello?" in html
    assert re.search(r'name="cards" value="0"\s+checked', html)
    answer = _hand(client, api, game, cards="0", coins="1", settebello="0", primiera="nobody",
                   scope_0="12", scope_1="7")
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert answer.status_code == 422  # type: ignore[attr-defined]
    assert "19 scope in one hand? A hand holds at most 18." in html
    assert re.search(r'name="scope_0"[^>]*value="12"', html)
    assert api.get(game)["rounds"] == []


def test_the_steppers_count_without_javascript(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", ["Ana", "Ben", "Cleo"])
    _kept(client, game)
    answer = client.post(f"/g/{game.id}/scopa/hand",
                         data={"version": api.get(game)["version"], "round": 1, "cards": "2",
                               "scope_0": "0", "scope_1": "2", "scope_2": "0",
                               "step": "scope-1-up"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert re.search(r'name="scope_1"[^>]*value="3"', html)
    assert re.search(r'name="cards" value="2"\s+checked', html)
    assert api.get(game)["rounds"] == []


def test_the_correction_has_the_steppers_and_they_count_without_javascript(
        client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", ["Ana", "Ben"])
    _kept(client, game)
    api.write(game, "hands", {"cards": 0, "coins": 0, "settebello": 0, "primiera": 1,
                              "scope": [1, 0]})
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    assert 'aria-label="One more for Ana"' in page and 'aria-label="One fewer for Ben"' in page
    version = api.get(game)["version"]
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": version, "round": 1, "cards": "0", "coins": "0", "settebello": "0",
        "primiera": "1", "scope_0": "1", "scope_1": "0", "step": "scope-0-up"})
    html = answer.get_data(as_text=True)
    assert re.search(r'name="scope_0"[^>]*value="2"', html)  # counted, what was tapped kept
    assert re.search(r'name="primiera" value="1"\s+checked', html)
    assert api.get(game)["version"] == version  # nothing saved
    assert api.get(game)["rounds"][0]["hand"]["scope"] == [1, 0]


def test_correction_finish_statistics(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", ["Ana", "Ben"], options={"napola": True})
    _kept(client, game)
    api.write(game, "hands", {"cards": 0, "coins": 0, "settebello": 0, "primiera": 1,
                              "scope": [1, 0], "napola": [3, 0]})
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    assert "Correct hand 1" in page and "Save hand 1" in page
    assert re.search(r'name="primiera" value="1"\s+checked', page)
    assert re.search(r'name="napola_0"[^>]*value="3"', page)
    version = api.get(game)["version"]
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": version, "round": 1, "cards": "1", "coins": "0", "settebello": "0",
        "primiera": "1", "scope_0": "0", "scope_1": "0", "napola_0": "0", "napola_1": "0"})
    assert answer.status_code == 303
    assert api.get(game)["rounds"][0]["side_points"] == [2, 2]
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "We stop here" in page and "Points per hand" in page
    answer = client.post(f"/g/{game.id}/scopa/finish", data={"version": api.get(game)["version"]})
    assert answer.status_code == 303
    assert api.get(game)["finished_by"] == "scorekeeper"


def test_a_watcher_sees_the_board_and_waits(app: Flask, client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("scopa", ["Ana", "Ben"])
    api.write(game, "hands", {"cards": 0, "settebello": 1, "scope": [0, 0]})
    watcher = app.test_client().get(f"/g/{game.id}")
    said = text(watcher)
    assert watcher.status_code == 200 and "Playing hand 2…" in said
    assert "scopa/hand" not in watcher.get_data(as_text=True)  # no form to post


def test_rules_and_new_game_pages(client: FlaskClient) -> None:
    rules_page = text(client.get("/rules/scopa"))
    assert "20 to 20" in rules_page and "At most 18" not in rules_page
    assert "at most 18 scope (19 in the scopone scientifico)" in rules_page
    page = client.get("/new")
    assert "Scopa 2–6 players" in text(page)
    # The page says the deal passes right once Scopa is chosen (CSS :has shows that line).
    html = page.get_data(as_text=True)
    assert re.search(r'name="ruleset" value="scopa"[^>]*data-deals-right', html)
    assert not re.search(r'name="ruleset" value="spades"[^>]*data-deals-right', html)
    assert "the deal passes to the right, up this list." in html
