"""Who may write: the device that created the game or opened its scorekeeper link. The share
link is read-only: every write from it is refused (403) and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def _keep_url(keeper: Scorekeeper) -> str:
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    found = re.search(r'id="keep-url"[^>]*>http://localhost(/g/[^<]+/keep/[^<]+)</p>', html)
    assert found
    return found.group(1)


def test_the_share_link_shows_no_entry_forms(start: Callable[..., Scorekeeper],
                                             watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bid(1, 2)
    response = watcher.get(keeper.url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<form" not in html.split('id="game-live"')[1].split("</section>\n</div>")[0]
    assert 'name="bid"' not in html
    assert "keep-url" not in html and "/keep/" not in html
    assert "Waiting for Cleo's bid…" in text(response)
    assert 'hx-trigger="every 1500ms, live-catch-up"' in html


@pytest.mark.parametrize("action, data", [
    ("bid", {"seat": 1, "bid": 2}),
    ("tricks", {"round": 1, "tricks_0": 10}),
    ("cards", {"round": 1}),
    ("undo", {}),
    ("rounds/1", {"round": 1}),
])
def test_every_write_from_the_share_link_is_forbidden(start: Callable[..., Scorekeeper],
                                                      watcher: FlaskClient, action: str,
                                                      data: dict[str, object]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(1, 2, 3, 0)
    keeper.tricks(1, 2, 3, 4)
    keeper.bid(1, 2)
    before = keeper.stored()
    response = watcher.post(f"{keeper.url}/{action}", data={"version": before.version, **data})
    assert response.status_code == 403
    after = keeper.stored()
    assert after.version == before.version and after.state.entries == before.state.entries


def test_the_share_link_cannot_open_the_correction_form(start: Callable[..., Scorekeeper],
                                                        watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keeper.bids(1, 2, 3, 0)
    keeper.tricks(1, 2, 3, 4)
    assert watcher.get(f"{keeper.url}/rounds/1").status_code == 403
    assert 'aria-label="Correct round 1"' not in watcher.get(keeper.url).get_data(as_text=True)


def test_the_keep_link_gives_another_phone_the_pen(start: Callable[..., Scorekeeper],
                                                    watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    keep = _keep_url(keeper)
    response = watcher.get(keep)
    assert response.status_code == 303
    assert response.headers["Location"] == keeper.url
    with watcher.session_transaction() as session:
        assert keeper.id in session["keep"]
        assert session["recent"][0] == keeper.id
    assert watcher.post(f"{keeper.url}/bid", data={"version": keeper.version, "seat": 1,
                                                  "bid": 2}).status_code == 303
    page = watcher.get(keeper.url)
    title = re.search(r"<title>(.*?)</title>", page.get_data(as_text=True), re.S)
    assert title and "keep" not in title.group(1) and keep.rsplit("/", 1)[1] not in title.group(1)


def test_a_wrong_keep_token_is_refused_and_gives_nothing(start: Callable[..., Scorekeeper],
                                                         watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    response = watcher.get(f"{keeper.url}/keep/not-the-token")
    assert response.status_code == 403
    with watcher.session_transaction() as session:
        assert keeper.id not in session.get("keep", {})
    assert watcher.post(f"{keeper.url}/bid", data={"version": keeper.version, "seat": 1,
                                                  "bid": 2}).status_code == 403


def test_a_stolen_session_entry_with_a_wrong_token_cannot_write(start: Callable[..., Scorekeeper],
                                                                watcher: FlaskClient) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    with watcher.session_transaction() as session:
        session["keep"] = {keeper.id: "guessed"}
    assert watcher.post(f"{keeper.url}/undo", data={"version": 1}).status_code == 403


def test_unknown_games_are_404(client: FlaskClient) -> None:
    assert client.get("/g/nope").status_code == 404
    # It says what is missing: a game (not "page not found"), in the phone's language.
    assert "There is no game at this address" in client.get("/g/nope").get_data(as_text=True)
    french = client.get("/g/nope", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Il n’y a pas de partie à cette adresse" in french
    assert client.get("/g/nope/keep/token").status_code == 404
    assert client.post("/g/nope/bid", data={"version": 1, "seat": 0, "bid": 0}).status_code == 404
