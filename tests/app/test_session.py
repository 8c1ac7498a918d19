"""The session cookie: Flask's own signed cookie, ``Secure`` by the request's scheme, and not
refreshed by a phone's polls (``companion.http.sessions``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime, tzinfo

import flask.sessions
import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from werkzeug.http import http_date
from werkzeug.wrappers import Response

from tests.api.client import Api


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[float], None]]:
    """``frozen(t)``: the clock reads ``t`` from now on (itsdangerous and Flask's own expiry
    time alike)."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Frozen:  # type: ignore[override]
            return cls.fromtimestamp(now[0], tz)

    monkeypatch.setattr(flask.sessions, "datetime", Frozen)

    def set_to(moment: float) -> None:
        now[0] = moment

    yield set_to


def _cookie(response: Response) -> str:
    cookies = [v for v in response.headers.getlist("Set-Cookie") if v.startswith("session=")]
    assert len(cookies) == 1, cookies
    return cookies[0]


def test_the_cookie_is_what_flask_would_write(app: Flask, frozen: Callable[[float], None]) -> None:
    frozen(1_800_000_000.5)
    session_data = {"_permanent": True, "recent": ["abc"], "lang": "fr"}
    ours, flasks = Response(), Response()

    class FlasksOwn(SecureCookieSessionInterface):  # Secure by the scheme, as ours
        def get_cookie_secure(self, app: Flask) -> bool:
            return True

    with app.test_request_context("/", base_url="https://localhost"):
        for interface, response in ((app.session_interface, ours), (FlasksOwn(), flasks)):
            session = interface.session_class(session_data)
            session.modified = True
            interface.save_session(app, session, response)
    assert _cookie(ours) == _cookie(flasks)
    assert "Secure" in _cookie(ours) and "HttpOnly" in _cookie(ours)
    # Expires: a year after the second it was signed in.
    assert f"Expires={http_date(1_800_000_000 + app.permanent_session_lifetime.total_seconds())}" in _cookie(ours)
    # It reads back as the session it holds.
    value = _cookie(ours).split(";")[0].removeprefix("session=")
    serializer = app.session_interface.get_signing_serializer(app)
    assert serializer.loads(value, max_age=3600) == session_data


def test_one_app_writes_each_scheme_and_lifetime_its_own_cookie(
        app: Flask, frozen: Callable[[float], None]) -> None:
    """A plain-HTTP phone at home and an HTTPS one behind the proxy, a permanent session and a
    browser-session one, each get the cookie Flask would write for them."""
    frozen(1_800_000_000.5)

    class FlasksOwn(SecureCookieSessionInterface):
        def __init__(self, secure: bool) -> None:
            self.secure = secure

        def get_cookie_secure(self, app: Flask) -> bool:
            return self.secure

    for _ in range(2):  # the second pass with the serializer cached from the first
        for base, secure in (("http://localhost", False), ("https://localhost", True)):
            for permanent in (True, False):
                data = {"recent": ["abc"], **({"_permanent": True} if permanent else {})}
                ours, flasks = Response(), Response()
                with app.test_request_context("/", base_url=base):
                    for interface, response in ((app.session_interface, ours),
                                                (FlasksOwn(secure), flasks)):
                        session = interface.session_class(data)
                        session.modified = True
                        interface.save_session(app, session, response)
                assert _cookie(ours) == _cookie(flasks)
                assert ("Secure" in _cookie(ours)) is secure
                assert ("Expires=" in _cookie(ours)) is permanent


def test_polls_leave_a_phones_cookie_alone_and_a_page_refreshes_it(
        app: Flask, frozen: Callable[[float], None]) -> None:
    """A phone's permanent session is signed again (its expiry pushed a year on) by a page it
    opens, not by the polls it makes every few seconds, nor by its API calls, nor by an htmx
    swap within a page (its answer could arrive after the phone opened another game's
    scorekeeper link, and put back the cookie from before)."""
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    phone = app.test_client()
    frozen(1_800_000_000.0)
    first = _cookie(phone.get(f"/g/{game.id}"))
    frozen(1_800_000_100.0)
    for path in (f"/g/{game.id}/live?v={game.version}", f"/api/v1/games/{game.id}",
                 f"/api/v1/games/{game.id}/statistics"):
        answer = phone.get(path)
        assert answer.status_code in (200, 204), path
        assert "Set-Cookie" not in answer.headers, path
        assert "Cookie" not in answer.headers.get("Vary", ""), path
    swap = phone.get(f"/g/{game.id}", headers={"HX-Request": "true"})
    assert swap.status_code == 200 and "Set-Cookie" not in swap.headers
    page = phone.get(f"/g/{game.id}")
    assert _cookie(page) != first and "Cookie" in page.headers["Vary"]
    assert f"Expires={http_date(1_800_000_100 + app.permanent_session_lifetime.total_seconds())}" in _cookie(page)


def test_a_new_secret_key_makes_new_cookies(make_app: Callable[..., Flask],
                                            frozen: Callable[[float], None]) -> None:
    frozen(1_800_000_000.0)
    app = make_app()
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"])
    before = _cookie(app.test_client().get(f"/g/{game.id}"))
    app.secret_key = "another-secret"
    after = _cookie(app.test_client().get(f"/g/{game.id}"))
    assert before != after
