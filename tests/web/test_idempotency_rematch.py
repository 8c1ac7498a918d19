"""A finished game records its rematch: the latest one, moving the game's version, in
its JSON (``links.rematch``) and on its page, so that a watcher can follow the table there."""

from __future__ import annotations

from collections.abc import Callable

from flask.testing import FlaskClient

from .conftest import HTMX, Scorekeeper, text
from .test_looking_back import PLAYERS, finish_oh_hell


def _rematch(client: FlaskClient, keeper: Scorekeeper) -> str:
    response = client.post(f"{keeper.url}/rematch")
    assert response.status_code == 303
    return str(response.headers["Location"]).rsplit("/", 1)[1]


def test_the_finished_game_links_its_latest_rematch(start: Callable[..., Scorekeeper],
                                                    client: FlaskClient,
                                                    watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    finish_oh_hell(keeper)
    before = client.get(f"/api/v1/games/{keeper.id}")
    assert before.get_json()["links"] == {"share": f"/g/{keeper.id}"}
    version = before.get_json()["version"]
    watched = watcher.get(keeper.url)
    assert "Rematch: watch the new game" not in text(watched)

    first = _rematch(client, keeper)
    after = client.get(f"/api/v1/games/{keeper.id}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200  # the ETag moved with the version
    game = after.get_json()
    assert game["version"] == version + 1
    assert game["links"] == {"share": f"/g/{keeper.id}", "rematch": f"/g/{first}"}
    assert game["status"] == "finished" and game["rounds"] == before.get_json()["rounds"]

    # The watcher's poll sees the change, and its fragment offers the new game.
    assert watcher.get(f"{keeper.url}/live?v={version}").status_code == 200
    assert watcher.get(f"{keeper.url}/live?v={version + 1}").status_code == 204
    live = watcher.get(f"{keeper.url}/live?v={version}", headers=HTMX)
    assert "Rematch: watch the new game" in text(live)
    assert f'href="/g/{first}"' in live.get_data(as_text=True)
    assert f'href="/g/{first}"' in watcher.get(keeper.url).get_data(as_text=True)

    # A second rematch of the same game: the latest is the one linked.
    second = _rematch(client, keeper)
    game = client.get(f"/api/v1/games/{keeper.id}").get_json()
    assert second != first and game["version"] == version + 2
    assert game["links"]["rematch"] == f"/g/{second}"
    # The new game has no rematch of its own yet.
    assert client.get(f"/api/v1/games/{second}").get_json()["links"] == {"share": f"/g/{second}"}


def test_the_rematch_link_is_translated(start: Callable[..., Scorekeeper], client: FlaskClient,
                                        watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    finish_oh_hell(keeper)
    _rematch(client, keeper)
    french = watcher.get(keeper.url, headers={"Accept-Language": "fr"})
    assert "Revanche : suivre la nouvelle partie" in text(french)
    italian = watcher.get(keeper.url, headers={"Accept-Language": "it"})
    assert "Rivincita: segui la nuova partita" in text(italian)


def test_an_undo_keeps_the_rematch_it_had(start: Callable[..., Scorekeeper], client: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, oh_hell_schedule="down")
    finish_oh_hell(keeper)
    new_id = _rematch(client, keeper)
    assert keeper.post("undo", {}).status_code == 303
    game = client.get(f"/api/v1/games/{keeper.id}").get_json()
    assert game["status"] == "in_progress" and game["links"]["rematch"] == f"/g/{new_id}"
