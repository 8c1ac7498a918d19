"""Every HTML answer is ``Cache-Control: no-store`` unless it is one of the named exceptions
(``http.headers.no_store_by_default``): a game page and its live part, cached and revalidated by
their ETag, and the offline page the service worker caches. Every GET route of the app is asked,
so a page added later is checked without being listed here."""

from __future__ import annotations

from typing import Any

from flask import Flask, url_for
from flask.testing import FlaskClient

from tests.api.client import Api, Game

REVALIDATE = "private, no-cache"
#: The HTML answers that are not no-store, by endpoint.
EXCEPTIONS = {"web.game": REVALIDATE, "web.live": REVALIDATE, "pwa.offline": REVALIDATE}
#: The pages this test must reach (so that it cannot pass by asking nothing).
PAGES = {"web.home", "web.new_game", "web.rules", "web.game", "web.live", "web.delete_page",
         "web.correction", "web.hand_correction", "web.scorekeeper_link", "pwa.offline"}
#: The Seven-Up pages; every other route is asked about an Oh Hell game.
SEVEN_UP = {"web.hand_correction"}


def _games(client: FlaskClient) -> dict[str, Game]:
    """An Oh Hell game and a Seven-Up game with their first round scored."""
    api = Api(client)
    oh_hell = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.play_turn_round(oh_hell)
    seven_up = api.create("seven-up", ["Ana", "Ben"])
    api.write(seven_up, "hands", {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 1,
                                  "jack": None, "game": 0})
    return {"oh-hell": oh_hell, "seven-up": seven_up}


def _get_routes(app: Flask, games: dict[str, Game], table_id: str) -> dict[str, str]:
    """Every GET route but the static files, as a path to ask (endpoint -> path)."""
    paths = {}
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" not in (rule.methods or ()) or rule.endpoint == "static":
                continue
            game = games["seven-up" if rule.endpoint in SEVEN_UP else "oh-hell"]
            samples: dict[str, Any] = {"game_id": game.id, "token": game.token, "number": 1,
                                       "ruleset": "oh-hell", "table_id": table_id}
            missing = set(rule.arguments) - set(samples)
            assert not missing, f"{rule.rule}: give this test a value for {missing}"
            paths[rule.endpoint] = url_for(rule.endpoint,
                                           **{k: samples[k] for k in rule.arguments})
    return paths


def test_every_html_answer_is_no_store_but_the_named_exceptions(app: Flask) -> None:
    scorekeeper, watcher = app.test_client(), app.test_client()
    games = _games(scorekeeper)
    for game in games.values():  # this phone keeps score of both
        assert scorekeeper.get(f"/g/{game.id}/keep/{game.token}").status_code == 303
    wrong, asked = {}, set()
    table = scorekeeper.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    for endpoint, path in _get_routes(app, games, table["table"]["id"]).items():
        for who, client in (("scorekeeper", scorekeeper), ("watcher", watcher)):
            response = client.get(path)
            if response.mimetype != "text/html":
                continue
            asked.add(endpoint)
            expected = EXCEPTIONS.get(endpoint, "no-store")
            if response.headers.get("Cache-Control") != expected:
                wrong[f"{who} {path} ({response.status_code})"] = response.headers.get(
                    "Cache-Control")
    assert wrong == {}
    assert PAGES <= asked, PAGES - asked


def test_the_live_part_s_204_and_a_game_page_s_304(app: Flask, client: FlaskClient) -> None:
    game = _games(client)["oh-hell"]
    version = Api(client).get(game)["version"]
    nothing_new = client.get(f"/g/{game.id}/live?v={version}")
    assert nothing_new.status_code == 204
    assert nothing_new.headers["Cache-Control"] == "no-store"
    page = client.get(f"/g/{game.id}")
    again = client.get(f"/g/{game.id}", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == REVALIDATE


def test_posts_redirects_and_error_pages_are_no_store(client: FlaskClient) -> None:
    refused = client.post("/new", data={"ruleset": "oh-hell", "first_dealer": "0",
                                        "players-0": "Ana"})
    created = client.post("/new", data={"ruleset": "oh-hell", "first_dealer": "0",
                                        "players-0": "Ana", "players-1": "Ben",
                                        "players-2": "Cleo"})
    game = created.headers["Location"]
    version = client.get(f"/api/v1/games/{game.removeprefix('/g/')}").get_json()["version"]
    fragment = client.post(f"{game}/bid", data={"version": version, "seat": 1, "bid": 1},
                           headers={"HX-Request": "true"})
    stale = client.post(f"{game}/bid", data={"version": version, "seat": 2, "bid": 1},
                        headers={"HX-Request": "true"})
    missing = client.get("/g/no-such-game")
    answers = (refused, created, fragment, stale, missing)
    assert [r.status_code for r in answers] == [422, 303, 200, 409, 404]
    for response in answers:
        assert response.mimetype == "text/html"
        assert response.headers["Cache-Control"] == "no-store"


def test_answers_that_are_not_html_keep_their_own(app: Flask, client: FlaskClient) -> None:
    game = _games(client)["oh-hell"]
    with app.test_request_context():
        style = url_for("static", filename="css/site.css")
    assert client.get(style).headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get(f"/g/{game.id}/standings.png").headers["Cache-Control"] == "public, no-cache"
    assert client.get(f"/api/v1/games/{game.id}/scores.csv").headers["Cache-Control"] == "no-cache"
    assert client.get(f"/api/v1/games/{game.id}").headers["Cache-Control"] == "no-cache"
