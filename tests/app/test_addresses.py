"""What a client puts in an address: every id is checked by one rule
(``companion.storage.store.is_id``: the routes' ``id`` converter and the storage's doors) before
any query, on every route and from a query string or a body too; nothing sent there is echoed
into a page or an error message, nor forges a line in a log."""

from __future__ import annotations

import io
import logging
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from urllib.parse import unquote

from sqlalchemy import event

from companion.http.security import IdConverter, RedactCapabilities, escape_controls, for_log
from companion.storage import database
from companion.storage.models import db

TOKEN = "Zq8-sEcReT_t0ken-0123456789abc"
BAD = ("ab%00cd", "ab%0Acd", "ab%0D%0Acd", "ab%20cd", "ab.cd", "a" * 65)


def test_every_id_in_an_address_goes_through_the_id_converter(app: Flask) -> None:
    """A game's or a table's id and an edit token in a route are all ``<id:…>``: one place
    that checks them all, so that a new route cannot forget to."""
    checked = 0
    for rule in app.url_map.iter_rules():
        for name, converter in rule._converters.items():  # noqa: SLF001 (werkzeug's public map)
            if name.endswith("_id") or name == "token":
                assert isinstance(converter, IdConverter), (rule.rule, name)
                checked += 1
    assert checked >= 40


def _queried_with(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every parameter of every statement the app runs from now on, by either door of
    ``companion.storage.database`` (SQLAlchemy's, and the driver's cursor of ``read_plain``)."""
    seen: list[object] = []

    def note(params: object) -> None:
        values = params.values() if isinstance(params, dict) else params
        seen.extend(values if isinstance(values, (list, tuple)) or hasattr(values, "__iter__")
                    else [values])

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute",
                     lambda _c, _cur, _sql, params, _ctx, _many: note(params))
    plain = database.read_plain

    def read_plain(statement: object, params: dict[str, object]) -> object:
        note(params)
        return plain(statement, params)  # type: ignore[arg-type]

    monkeypatch.setattr(database, "read_plain", read_plain)
    return seen


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_id_is_a_404_before_any_query(app: Flask, client: FlaskClient,
                                            monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    """Whatever route or query string brings it, an id that cannot be one reaches no statement:
    the address converter refuses it in a path, the storage's doors wherever else it comes."""
    queried = _queried_with(app, monkeypatch)
    for path in (f"/g/{bad}", f"/g/{bad}/live", f"/g/{bad}/standings.png",
                 f"/g/{bad}/keep/{TOKEN}", f"/g/AbCdEf123/keep/{bad}", f"/t/{bad}",
                 f"/t/{bad}/live", f"/t/{bad}/standings.png", f"/t/AbCdEf123/keep/{bad}",
                 f"/api/v1/games/{bad}", f"/api/v1/games/{bad}/scores.csv",
                 f"/api/v1/tables/{bad}", f"/api/v1/tables/{bad}/games.csv"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        if path.startswith("/api/"):
            assert answer.get_json()["error"]["code"] == "not-found", path
    posted = client.post(f"/api/v1/games/{bad}/bids", json={"version": 1, "bids": [0]})
    assert posted.status_code == 404
    # Not in a path: the "?" of a game's banner, and a join's body.
    assert client.get(f"/rules/oh-hell?game={bad}").status_code == 200
    joined = client.post("/api/v1/tables/AbCdEf123/games", json={"game": unquote(bad),
                                                                  "edit_token": TOKEN})
    assert joined.status_code in (401, 404)
    assert not any(isinstance(value, str) and unquote(bad) in value for value in queried), queried


def test_the_404_page_of_an_address_echoes_nothing_of_it(client: FlaskClient) -> None:
    """An error page's language switcher (``next``) comes back to its address only when every
    part of it was checked (a game's id): a token put in a ruleset's place, in an address that
    is no page, or in a query is never written back into the page."""
    for path in (f"/rules/{TOKEN}", f"/nothing/{TOKEN}", f"/g/nothing-here?t={TOKEN}",
                 f"/rules/oh-hell/{TOKEN}"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        body = answer.get_data(as_text=True)
        assert TOKEN not in body, path
        expected = "/g/nothing-here" if path.startswith("/g/") else "/"
        assert re.findall(r'name="next" value="([^"]*)"', body) == [expected] * 3, path
    # A page that is one still comes back to itself, query and all.
    assert 'name="next" value="/rules/oh-hell?game=x"' in client.get(
        "/rules/oh-hell?game=x").get_data(as_text=True)


def test_a_round_that_is_no_number_is_not_echoed(client: FlaskClient) -> None:
    made = client.post("/api/v1/games", json={"ruleset": "oh-hell",
                                              "players": ["Ana", "Ben", "Cleo"]}).get_json()
    game_id, token = made["game"]["id"], made["edit_token"]
    headers = {"Authorization": f"Bearer {token}"}
    for sent in (TOKEN, "1%0Aforged", "<b>x</b>"):
        answer = client.put(f"/api/v1/games/{game_id}/rounds/{sent}",
                            json={"version": 1, "bids": [0, 0, 0], "tricks": [0, 0, 0]},
                            headers=headers)
        assert answer.status_code == 404, sent
        error = answer.get_json()["error"]
        assert error["code"] == "not-found"
        assert TOKEN not in error["message"] and "forged" not in error["message"]
        assert "<b>" not in error["message"]
    unplayed = client.put(f"/api/v1/games/{game_id}/rounds/7", json={"version": 1},
                          headers=headers)
    assert unplayed.get_json()["error"]["message"] == "round 7 has not been played"


def test_a_log_line_escapes_what_the_client_sent(app: Flask) -> None:
    """Flask logs a failing request as "Exception on <path> [GET]", the path decoded: a NUL or
    a line break sent in it is written as its escape, on the one line."""
    logger = logging.getLogger("test-addresses")
    logger.addFilter(RedactCapabilities())
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    logger.addHandler(handler)
    try:
        logger.error("Exception on %s [%s]", "/g/ab\x00cd\n127.0.0.1 - - \"GET / HTTP/1.1\" 200",
                     "GET")
        logger.error("Exception on %s [%s]", f"/g/ab\u2028cd/keep/{TOKEN}\r", "GET")
    finally:
        logger.removeHandler(handler)
    lines = out.getvalue().splitlines()
    assert lines == [
        'Exception on /g/ab\\x00cd\\x0a127.0.0.1 - - "GET / HTTP/1.1" 200 [GET]',
        "Exception on /g/ab\\u2028cd/keep/[redacted]\\x0d [GET]"]
    assert escape_controls("plain /g/AbC") == "plain /g/AbC"
    assert for_log(f"GET /g/x/keep/{TOKEN} \x1b[31mred") == "GET /g/x/keep/[redacted] \\x1b[31mred"
