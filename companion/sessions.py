"""The session: Flask's signed cookie, with ``Secure`` decided by the request's scheme, no work
for a request that neither reads nor writes it, and each cookie signed once a second.

The same server runs over plain HTTP on a home network and over HTTPS behind a proxy, so the
cookie is ``Secure`` exactly when the request is HTTPS (or ``FORCE_HTTPS``). A request with no
cookie (a poll, a static file, a new phone) opens an empty session without parsing one, and one
that leaves it empty writes none. A phone's cookie is refreshed by the pages it opens, never by
its polls or API calls (``should_set_cookie``). A new phone's first visit to a share link leaves its session
holding that one game; every new phone doing so in the same second gets the same cookie, signed
and written out once (``SessionCookies``).
"""

from __future__ import annotations

import pickle
import time
from datetime import datetime, timedelta, timezone
from typing import Any, NamedTuple

from flask import Flask, Request, Response, current_app, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer
from itsdangerous.encoding import base64_decode, bytes_to_int
from werkzeug.http import dump_cookie

from .config import is_on
from .vary import add_vary


def is_https() -> bool:
    """Whether this request came over HTTPS, or the server is told to act as if it always did."""
    return request.is_secure or is_on(current_app.config.get("FORCE_HTTPS"))


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with ``Secure`` decided by the request's scheme, no work
    for a request that sends no cookie and leaves the session empty (a poll, a static file, a
    new phone's API call), and each cookie signed once a second (``SessionCookies``)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return is_https()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and "HTTP_COOKIE" not in request.environ:
            return self.session_class()  # nothing to read: a new, empty session
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Flask's own, step for step, but the cookie's attributes are worked out only for a
        cookie it writes, the cookie comes from ``SessionCookies``, and ``Vary: Cookie`` is
        added once (Flask adds it when the session was read, and again for a cookie written)."""
        if self._write_cookie(app, session, response) or session.accessed:
            add_vary(response, "Cookie")

    def _write_cookie(self, app: Flask, session: SessionMixin, response: Response) -> bool:
        """Set or delete the cookie as Flask would; whether it did."""
        if not session:  # empty: the cookie is deleted if it was just emptied, else left alone
            if not session.modified:
                return False
            response.delete_cookie(
                self.get_cookie_name(app), domain=self.get_cookie_domain(app),
                path=self.get_cookie_path(app), secure=self.get_cookie_secure(app),
                partitioned=self.get_cookie_partitioned(app),
                samesite=self.get_cookie_samesite(app), httponly=self.get_cookie_httponly(app))
            return True
        if not self.should_set_cookie(app, session):
            return False
        attributes = self._attributes(app, self.get_cookie_secure(app), session.permanent)
        response.headers.add("Set-Cookie", self._cookies(app).header(dict(session), attributes))
        return True

    def _attributes(self, app: Flask, secure: bool, permanent: bool) -> CookieAttributes:
        """The cookie's attributes: its settings are read from the configuration once per app
        (as Flask reads the rest of it at start-up); only ``Secure`` follows each request."""
        kept: dict[tuple[bool, bool], CookieAttributes] = app.extensions.setdefault(
            "companion.cookie_attributes", {})
        found = kept.get((secure, permanent))
        if found is None:
            found = kept[secure, permanent] = CookieAttributes(
                name=self.get_cookie_name(app), domain=self.get_cookie_domain(app),
                path=self.get_cookie_path(app), secure=secure,
                httponly=self.get_cookie_httponly(app), samesite=self.get_cookie_samesite(app),
                partitioned=self.get_cookie_partitioned(app),
                lifetime=app.permanent_session_lifetime if permanent else None,
                max_size=app.config["MAX_COOKIE_SIZE"])
        return found

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Flask's rule, but a permanent session's cookie is refreshed (signed again, to push
        its expiry a year on) only by a request that read the session, a page: a poll or an
        API call from the same phone would otherwise sign and send its cookie again every few
        seconds. (``accessed`` first: asking ``permanent`` reads the session.)"""
        if session.modified:
            return True
        return (session.accessed and session.permanent
                and bool(app.config["SESSION_REFRESH_EACH_REQUEST"]))

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        kept = self._cookies(app)
        return kept.serializer if kept else None

    def _cookies(self, app: Flask) -> SessionCookies:
        # Flask builds a new serializer (and its key derivation) twice a request; the keys
        # change only with the configuration, so one serializer per set of keys serves them all.
        keys = (*(app.config["SECRET_KEY_FALLBACKS"] or ()), app.secret_key)
        kept: tuple[Any, SessionCookies | None] | None = app.extensions.get("companion.signer")
        if kept is None or kept[0] != keys:
            serializer = super().get_signing_serializer(app)
            kept = (keys, SessionCookies(serializer) if serializer else None)
            app.extensions["companion.signer"] = kept
        return kept[1]  # type: ignore[return-value]


class CookieAttributes(NamedTuple):
    """What a session's ``Set-Cookie`` says besides its value."""

    name: str
    domain: str | None
    path: str
    secure: bool
    httponly: bool
    samesite: str | None
    partitioned: bool
    lifetime: timedelta | None  # a permanent session's; None: the cookie ends with the browser
    max_size: int


def _stand_in(session: dict[str, Any], serializer: URLSafeTimedSerializer) -> bytes | str:
    """An exact, hashable stand-in for a session's contents. Pickle writes every type and value
    (1 and True, a tuple and a list, str and Markup all differ), so two sessions with one pickle
    have one JSON, hence one cookie; it is never loaded, only compared, and ten times quicker to
    make than the JSON. A session pickle cannot write is known by its JSON instead."""
    try:
        return pickle.dumps(session, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return str(serializer.serializer.dumps(session, **serializer.serializer_kwargs))


class SessionCookies:
    """The session's serializer, and the ``Set-Cookie`` headers it made this second.

    A session cookie's timestamp counts whole seconds, and so does its ``Expires`` (a year after
    it was signed), so the same session written twice in one second is the same header: every new
    phone that opens a share link in that second gets the same one-game list, hence the same
    cookie, signed and written out once. What is kept is only this second's headers, by the exact
    session they carry and their attributes, for one set of secret keys; reading a cookie is the
    serializer's own, unchanged.
    """

    #: At most this many distinct session cookies kept for the current second.
    SIZE = 64

    def __init__(self, serializer: URLSafeTimedSerializer) -> None:
        self.serializer = serializer
        self._kept: tuple[int, dict[tuple[bytes | str, CookieAttributes], str]] = (-1, {})

    def header(self, session: dict[str, Any], attributes: CookieAttributes) -> str:
        key = (_stand_in(session, self.serializer), attributes)
        second, headers = self._kept
        found = headers.get(key) if second == int(time.time()) else None
        if found is not None:
            return found
        value = self.serializer.dumps(session)
        # The second it was signed in (the clock may have ticked since the lookup).
        signed = bytes_to_int(base64_decode(value.rsplit(".", 2)[1]))
        expires = (datetime.fromtimestamp(signed, timezone.utc) + attributes.lifetime
                   if attributes.lifetime is not None else None)
        found = dump_cookie(
            attributes.name, value, expires=expires, path=attributes.path,
            domain=attributes.domain, secure=attributes.secure, httponly=attributes.httponly,
            max_size=attributes.max_size, samesite=attributes.samesite,
            partitioned=attributes.partitioned)
        if signed != second:
            self._kept = (signed, {key: found})
        elif len(headers) < self.SIZE:
            headers[key] = found
        return found
