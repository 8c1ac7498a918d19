"""The session: Flask's signed cookie, with ``Secure`` decided by the request's scheme and no
work for a request that neither reads nor writes it.

The same server runs over plain HTTP on a home network and over HTTPS behind a proxy, so the
cookie is ``Secure`` exactly when the request is HTTPS (or ``FORCE_HTTPS``). A request with no
cookie (a poll, a static file, a new phone) opens an empty session without parsing one, and one
that leaves it empty writes none (Flask's own rule). A phone's cookie is refreshed by the pages
it opens, never by its polls or API calls (``should_set_cookie``), nor by an answer marked
``read_only()``. Each of these is one of ``flask.sessions.SessionInterface``'s documented
methods; the cookie is written by Flask.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, current_app, g, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer


def is_https() -> bool:
    """Whether this request came over HTTPS, or the server is told to act as if it always did."""
    return request.is_secure or bool(current_app.config.get("FORCE_HTTPS"))


def read_only() -> None:
    """This answer may read the session but never sends its cookie. For what the service worker
    fetches in the background (the offline page, as it installs): its answer can arrive after
    the answer to a page's own post, and would put back the session as it was when asked (a
    game just forgotten comes back) or with a CSRF token of its own (the page's next post is
    refused)."""
    g.companion_session_read_only = True


def _opens_a_page() -> bool:
    """Whether this request is a page the phone opens: a GET, not an htmx swap within one."""
    return request.method == "GET" and "HX-Request" not in request.headers


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with ``Secure`` decided by the request's scheme, no parsing
    for a request that sends no cookie, and no refresh of the cookie by a poll."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return is_https()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and "HTTP_COOKIE" not in request.environ:
            return self.session_class()  # nothing to read: a new, empty session
        return super().open_session(app, request)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Flask's rule, but a permanent session's cookie is refreshed (signed again, to push
        its expiry a year on) only by a page the phone opens that read the session: a poll or
        an API call from the same phone would otherwise sign and send its cookie again every
        few seconds, and a tap's answer (htmx), arriving after the phone had opened another
        game's scorekeeper link, would put back the cookie from before that link. (``accessed``
        first: asking ``permanent`` reads the session.) Never for an answer marked
        ``read_only()``."""
        if g.get("companion_session_read_only"):
            return False
        if session.modified:
            return True
        return (session.accessed and _opens_a_page() and session.permanent
                and bool(app.config["SESSION_REFRESH_EACH_REQUEST"]))

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once per set of secret keys (Flask makes one, and derives
        its key, for every cookie read and every cookie written)."""
        keys = (*(app.config["SECRET_KEY_FALLBACKS"] or ()), app.secret_key)
        cached: tuple[Any, URLSafeTimedSerializer | None] | None = app.extensions.get(
            "companion.signer")
        if cached is None or cached[0] != keys:
            cached = (keys, super().get_signing_serializer(app))
            app.extensions["companion.signer"] = cached
        return cached[1]
