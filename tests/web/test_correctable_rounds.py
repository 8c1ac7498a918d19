"""One answer to "which rounds can be corrected", the engine's ``correctable_round``, given the
same way by the pages and the API (docs/rules.md section 5; docs/api.md): a scored round can be
(the page offers its form, the API's PUT answers 200); the round being played cannot, it is
entered or undone (the API's 422 ``phase``, the page's translated sentence, 422, never a 404);
a round the game has not reached is not found (404 on both)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from companion.web.shared.messages import explain
from tests.api.client import Api, Game

from .conftest import text

#: Two rounds scored and the third begun, per family, as the API takes them: (path, body).
CARDS = [{"value": 3, "suit": "spades"}, {"value": 2, "suit": "hearts"}]
HAND = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0, "jack": None, "game": 1}
GAMES: dict[str, tuple[list[str], list[tuple[str, dict[str, Any]]], dict[str, Any]]] = {
    "oh-hell": (["Ana", "Ben", "Cleo"],
                [("bids", {"bids": [0, 0, 0]}), ("tricks", {"tricks": [10, 0, 0]}),
                 ("bids", {"bids": [0, 0, 0]}), ("tricks", {"tricks": [0, 9, 0]}),
                 ("bids", {"bids": [1, None, None]})],
                {"bids": [0, 0, 0], "tricks": [0, 9, 0]}),
    "elevator": (["Ana", "Ben", "Cleo"],
                 [("bids", {"bids": [1, 0, 0]}), ("tricks", {"tricks": [10, 0, 0]}),
                  ("bids", {"bids": [1, 0, 0]}), ("tricks", {"tricks": [9, 0, 0]}),
                  ("bids", {"bids": [1, None, None]})],
                 {"bids": [1, 0, 0], "tricks": [9, 0, 0]}),
    "oh-seven": (["Ana", "Ben"],
                 [("bids", {"bids": CARDS}), ("tricks", {"tricks": [4, 3]}),
                  ("bids", {"bids": CARDS}), ("tricks", {"tricks": [3, 4]})],
                 {"bids": CARDS, "tricks": [3, 4]}),
    "seven-up": (["Ana", "Ben"], [("hands", HAND), ("hands", HAND)], HAND),
}


def played(api: Api, client: FlaskClient, ruleset: str) -> tuple[Game, dict[str, Any]]:
    """The game through the API, its scorekeeper's page on ``client`` (the keep link)."""
    players, writes, correction = GAMES[ruleset]
    game = api.create(ruleset, players, first_dealer=0)
    for path, body in writes:
        api.write(game, path, body)
    assert client.get(f"/g/{game.id}/keep/{game.token}").status_code == 303
    return game, correction


def engine_answer(app: Flask, game: Game, number: int) -> tuple[str, str | None]:
    """What the engine says of round ``number``: scored, open (with the page's sentence and
    the API's message) or not found."""
    with app.test_request_context():
        from companion.storage import store

        stored = store.load_game(game.id)
        try:
            rules.correctable_round(stored.state, number)
        except rules.RoundNotFound:
            return "not-found", None
        except rules.RuleError as error:
            assert (error.code, error.reason) == ("phase", "round-open")
            return "open", f"{explain(error, stored.settings)}\n{error.message}"
        return "scored", None


def own_result(body: dict[str, Any], number: int, hand: dict[str, Any]) -> dict[str, Any]:
    """A well-formed correction of round ``number``: its own bids and tricks when it is scored
    (the last scored round's otherwise); Seven-Up, a hand."""
    if body["ruleset"] == "seven-up":
        return hand
    scored = {r["number"]: r for r in body["rounds"]}
    found = scored.get(number, body["rounds"][-1])
    return {"bids": found["bids"], "tricks": found["tricks"]}


def page_path(ruleset: str, game: Game, number: int) -> str:
    return f"/g/{game.id}/{'hands' if ruleset == 'seven-up' else 'rounds'}/{number}"


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_pages_and_api_agree_on_every_round(app: Flask, client: FlaskClient, ruleset: str) -> None:
    api = Api(client)
    game, correction = played(api, client, ruleset)
    seen = set()
    for number in range(0, 6):
        answer, words = engine_answer(app, game, number)
        seen.add(answer)
        page = client.get(page_path(ruleset, game, number))
        put = api.send(game, f"rounds/{number}", {"version": api.get(game)["version"],
                                                   **own_result(api.get(game), number, correction)},
                       method="PUT")
        if answer == "scored":
            assert page.status_code == 200 and 'id="correction-refused"' not in page.get_data(as_text=True)
            assert put.status_code == 200, put.get_json()
        elif answer == "open":
            sentence, message = (words or "").split("\n")
            assert page.status_code == 422 and sentence in text(page)
            assert put.status_code == 422
            assert put.get_json()["error"]["code"] == "phase"
            assert put.get_json()["error"]["message"] == message
            posted = client.post(page_path(ruleset, game, number),
                                 data={"version": api.get(game)["version"], "round": number})
            assert posted.status_code == 422 and sentence in text(posted)
        else:
            assert page.status_code == 404 and put.status_code == 404
            posted = client.post(page_path(ruleset, game, number),
                                 data={"version": api.get(game)["version"], "round": number})
            assert posted.status_code == 404
    assert seen == {"scored", "open", "not-found"}


def test_a_correction_posted_again_after_an_undo_is_refused_with_its_reason(
        app: Flask, client: FlaskClient) -> None:
    """The form of round 2 was open on a phone; meanwhile round 2's tricks were undone, so round
    2 is being played again. Posting the form answers the engine's reason, the typing kept."""
    api = Api(client)
    game, _correction = played(api, client, "elevator")
    form = client.get(f"/g/{game.id}/rounds/2").get_data(as_text=True)
    version = int(re.search(r'name="version" value="(\d+)"', form).group(1))  # type: ignore[union-attr]
    api.write(game, "undo", {})  # round 3's bid
    api.write(game, "undo", {})  # round 2's tricks: round 2 is being played
    typed = {"version": version, "round": 2, "bids_0": 1, "bids_1": 0, "bids_2": 0,
             "tricks_0": 8, "tricks_1": 1, "tricks_2": 0}
    before = api.get(game)
    response = client.post(f"/g/{game.id}/rounds/2", data=typed)
    assert response.status_code == 422
    assert "Round 2 is still being played: enter it, or undo." in text(response)
    html = response.get_data(as_text=True)
    assert re.search(r'name="tricks_0" value="8"[^>]*checked', html)  # nothing lost
    assert re.search(r'name="tricks_1" value="1"[^>]*checked', html)
    assert api.get(game) == before
    answer = api.send(game, "rounds/2", {"version": before["version"],
                                         **GAMES["elevator"][2]}, method="PUT")
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (422, "phase")


def test_a_seven_up_correction_posted_after_an_undo_is_refused_with_its_reason(
        client: FlaskClient) -> None:
    api = Api(client)
    game, _correction = played(api, client, "seven-up")
    version = api.get(game)["version"]
    api.write(game, "undo", {})  # hand 2: being played again
    tapped = {"version": version, "round": 2, "turn_up": "other", "beg": "stand", "jacks_run": 0,
              "high": "1", "low": "same", "jack": "none", "game": "1"}
    response = client.post(f"/g/{game.id}/hands/2", data=tapped)
    assert response.status_code == 422
    assert "Hand 2 is still being played: enter it, or undo." in text(response)
    assert re.search(r'name="game" value="1"[^>]*checked', response.get_data(as_text=True))
