"""No page echoes an address that carries a capability: an error page at a scorekeeper link
(a POST or PUT is a 405, a trailing slash a 404, a wrong token a 403) must not put the token in
its language switcher's ``next`` field, where anyone seeing the page would read it."""

from __future__ import annotations

import re
import pytest
from flask.testing import FlaskClient


def keep_link(client: FlaskClient) -> tuple[str, str]:
    """A game's id and edit token (created through the API, which answers with the token)."""
    created = client.post("/api/v1/games", json={"ruleset": "oh-hell",
                                                 "players": ["Ana", "Ben", "Cleo"]}).get_json()
    return created["game"]["id"], created["edit_token"]


def nexts(html: str) -> set[str]:
    return set(re.findall(r'name="next" value="([^"]*)"', html))


@pytest.mark.parametrize("method, suffix, status", [
    ("POST", "", 405), ("PUT", "", 405), ("DELETE", "", 405), ("GET", "/", 404),
    ("GET", "/x", 404), ("POST", "/", 404),
])
def test_error_pages_at_a_keep_link_do_not_echo_its_token(
        watcher: FlaskClient, method: str, suffix: str, status: int) -> None:
    game_id, token = keep_link(watcher)
    for spelling in (f"/g/{game_id}/keep/{token}", f"/g/{game_id}%2Fkeep%2F{token}",
                     f"/g/{game_id}/kee%70/{token}"):
        response = watcher.open(spelling + suffix + "?from=qr", method=method)
        assert response.status_code == status
        html = response.get_data(as_text=True)
        assert token not in html
        assert nexts(html) == {f"/g/{game_id}"}  # switching language leads to the game


def test_a_wrong_token_is_not_echoed_either(watcher: FlaskClient) -> None:
    game_id, token = keep_link(watcher)
    wrong = token[::-1]
    response = watcher.get(f"/g/{game_id}/keep/{wrong}")
    assert response.status_code == 403
    assert wrong not in response.get_data(as_text=True)


def test_a_query_that_carries_a_keep_link_is_not_echoed(client: FlaskClient) -> None:
    response = client.get("/new?back=%2Fg%2Fabc%2Fkeep%2Fs3cretT0ken")
    html = response.get_data(as_text=True)
    assert "s3cretT0ken" not in html
    assert nexts(html) == {"/new"}


def test_other_pages_come_back_to_themselves(client: FlaskClient) -> None:
    html = client.get("/new?game=seven-up").get_data(as_text=True)
    assert nexts(html) == {"/new?game=seven-up"}
    assert nexts(client.get("/g/nothing-here").get_data(as_text=True)) == {"/g/nothing-here"}


@pytest.mark.parametrize("before", ["%20", "%09", "%C2%A0", "%22", "%27", "%3F", "./", "%2E/"])
def test_a_token_behind_a_space_or_quote_is_not_echoed(watcher: FlaskClient, before: str) -> None:
    """``GET /g/ID/keep/%20TOKEN`` must not echo ``value="/g/ID/keep/ TOKEN"``."""
    game_id, token = keep_link(watcher)
    for spelling in (f"/g/{game_id}/keep/{before}{token}", f"/g/{game_id}/keep%5C{before}{token}",
                     f"/t/{game_id}/keep/{before}{token}"):
        response = watcher.get(spelling)
        html = response.get_data(as_text=True)
        assert token not in html and token[1:] not in html, spelling
        assert nexts(html) <= {f"/g/{game_id}", "/"}, spelling
