"""Security on every response: headers, cookies, the proxy hop, redacted logs and error pages.

The same server runs over plain HTTP on a home network and over HTTPS behind a proxy, so what
depends on the scheme (``Secure`` cookies, HSTS) is decided per request, not once at start-up.

The headers are the same on every response but for HSTS: they are made once, at start-up, and
added to each response as it leaves the app (``SecurityHeaders``, a WSGI middleware), instead of
being set one by one, each with a search of the headers already there.
"""

from __future__ import annotations

import logging
import pickle
import re
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any, NamedTuple
from urllib.parse import unquote

from flask import Flask, Request, Response, current_app, jsonify, render_template, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from itsdangerous import URLSafeTimedSerializer
from itsdangerous.encoding import base64_decode, bytes_to_int
from werkzeug.exceptions import HTTPException
from werkzeug.http import dump_cookie
from werkzeug.middleware.proxy_fix import ProxyFix

from .config import is_on
from .vary import add_vary

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)

# Only the screen wake lock is used (by our own pages); every other powerful feature is off.
PERMISSIONS_POLICY = ", ".join(
    (
        "screen-wake-lock=(self)",
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "serial=()",
        "midi=()",
        "display-capture=()",
        "browsing-topics=()",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Never send a path (which may carry a capability) to another site; same-origin still sends
    # the referrer that Flask-WTF's HTTPS check compares with the host.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
}

HSTS = "max-age=31536000"

#: What every response carries, over plain HTTP and over HTTPS, as WSGI header pairs.
_PLAIN = [(name, value) for name, value in HEADERS.items()]
_SECURE = [*_PLAIN, ("Strict-Transport-Security", HSTS)]
_OURS = frozenset(name.lower() for name, _ in _SECURE)

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class SecurityHeaders:
    """WSGI middleware: the security headers on every response that leaves the app (pages,
    errors, static files, 304s), HSTS exactly when the request came over HTTPS (after the proxy
    hop, when it is trusted) or ``FORCE_HTTPS`` says to act as if it always did. A header of the
    same name that a view set is replaced, as the app's policy always won."""

    def __init__(self, app: WSGIApp, config: Mapping[str, Any]) -> None:
        self.app = app
        self.config = config

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        secure = (environ.get("wsgi.url_scheme") in ("https", "wss")
                  or is_on(self.config.get("FORCE_HTTPS")))
        ours = _SECURE if secure else _PLAIN

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if any(name.lower() in _OURS for name, _ in headers):
                headers = [(name, value) for name, value in headers if name.lower() not in _OURS]
            return start_response(status, headers + ours, exc_info)

        return self.app(environ, start)


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
        added without parsing the header twice."""
        if session.accessed:
            add_vary(response, "Cookie")
        if not session:  # empty: the cookie is deleted if it was just emptied, else left alone
            if session.modified:
                response.delete_cookie(
                    self.get_cookie_name(app), domain=self.get_cookie_domain(app),
                    path=self.get_cookie_path(app), secure=self.get_cookie_secure(app),
                    partitioned=self.get_cookie_partitioned(app),
                    samesite=self.get_cookie_samesite(app), httponly=self.get_cookie_httponly(app))
                add_vary(response, "Cookie")
            return
        if not self.should_set_cookie(app, session):
            return
        attributes = CookieAttributes(
            name=self.get_cookie_name(app), domain=self.get_cookie_domain(app),
            path=self.get_cookie_path(app), secure=self.get_cookie_secure(app),
            httponly=self.get_cookie_httponly(app), samesite=self.get_cookie_samesite(app),
            partitioned=self.get_cookie_partitioned(app),
            lifetime=app.permanent_session_lifetime if session.permanent else None,
            max_size=response.max_cookie_size)
        response.headers.add("Set-Cookie", self._cookies(app).header(dict(session), attributes))
        add_vary(response, "Cookie")

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
    make than the JSON. A session pickle cannot write stands for itself by its JSON."""
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
        self._kept: tuple[int, dict[tuple[bytes, CookieAttributes], str]] = (-1, {})

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


# --- capability tokens never reach a log, nor a page's echo of its own address ----------------

#: A scorekeeper link: /g/<id>/keep/<token>, however many slashes and in any case (the router
#: takes only one spelling, but a log keeps whatever was asked).
_KEEP_PATH = re.compile(r"(/+g/+[^/\s?#\"']+/+keep/+)[^/\s?#\"']+", re.IGNORECASE)
#: A run of text that may hold a URL or a path, as a log line or a header carries it.
_URL_RUN = re.compile(r"[^\s\"'<>]+")
#: A game's own page, in a scorekeeper link.
_GAME_PATH = re.compile(r"/+g/+([A-Za-z0-9_-]{1,64})/")
#: Percent-encoding decoded this many times at most (%2525… nests; the router decodes once).
_DECODINGS = 4


def _decoded(text: str) -> str:
    for _ in range(_DECODINGS):
        plain = unquote(text)
        if plain == text:
            break
        text = plain
    return text


def _redact_run(match: re.Match[str]) -> str:
    """A run that names a scorekeeper link only once decoded (``%2Fkeep%2F``, ``kee%70``,
    ``/%67/``) is logged decoded, with the token cut out."""
    run = match.group()
    if "%" not in run:
        return run
    plain = _decoded(run)
    return _KEEP_PATH.sub(r"\1[redacted]", plain) if _KEEP_PATH.search(plain) else run


def redact(text: str) -> str:
    """Hide the edit token of a scorekeeper link, however it is spelt.

    >>> redact('"GET /g/abc/keep/s3cret HTTP/1.1" 303')
    '"GET /g/abc/keep/[redacted] HTTP/1.1" 303'
    >>> redact('"GET /g/abc%2Fkee%70%2Fs3cret HTTP/1.1" 303')
    '"GET /g/abc/keep/[redacted] HTTP/1.1" 303'
    """
    return _URL_RUN.sub(_redact_run, _KEEP_PATH.sub(r"\1[redacted]", text))


def carries_capability(address: str) -> bool:
    """Whether a path (or URL) holds a scorekeeper link, however it is spelt."""
    return bool(_KEEP_PATH.search(_decoded(address)))


def return_address() -> str:
    """This page's own path and query, for a form that comes back to it (the language
    switcher). A scorekeeper link is never echoed into a page (a 404 or 405 page at one would
    carry its token): its game's page instead, which the token in this device's session opens."""
    own = request.full_path if request.query_string else request.path
    if not carries_capability(own):
        return own
    if not carries_capability(request.path):
        return request.path
    game = _GAME_PATH.match(_decoded(request.path))
    return f"/g/{game.group(1)}" if game else "/"


class RedactCapabilities(logging.Filter):
    """A logging filter that formats the record's message and redacts scorekeeper tokens in it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def _add_filter(logger: logging.Logger) -> None:
    if not any(isinstance(f, RedactCapabilities) for f in logger.filters):
        logger.addFilter(RedactCapabilities())


# --- error pages and JSON errors ---------------------------------------------------------------

#: status -> (API error code, page title, page message)
ERRORS: dict[int, tuple[str, Any, Any]] = {
    400: ("invalid", _l("Something is wrong with that request"),
          _l("The app could not understand what was sent. Go back and try again.")),
    401: ("unauthorized", _l("Not allowed"),
          _l("This device may not do that. To keep score, open the scorekeeper link on this phone.")),
    403: ("forbidden", _l("Not allowed"),
          _l("This device may not do that. To keep score, open the scorekeeper link on this phone.")),
    404: ("not-found", _l("Page not found"),
          _l("There is nothing at this address. Check the link, or start from the home page.")),
    405: ("method-not-allowed", _l("That did not work"),
          _l("This address cannot be used that way. Start again from the home page.")),
    413: ("too-large", _l("Too much at once"),
          _l("What was sent is too large. Try again with less.")),
    429: ("rate-limited", _l("Slow down a little"),
          _l("Too many requests from this device. Wait a few minutes, then try again.")),
    500: ("server-error", _l("Something went wrong"),
          _l("The app hit a problem on its side. Nothing you did caused it; try again in a moment.")),
}

CSRF_MESSAGE = _l("This form has expired or came from another site. Go back, reload the page "
                  "and try again.")


def _handle_error(error: HTTPException) -> tuple[Response, int]:
    status = error.code or 500
    code, title, message = ERRORS[status]
    if request.path.startswith("/api/"):
        english = error.description if status != 500 else "The server hit an unexpected problem."
        response = jsonify({"error": {"code": code, "message": english, "field": None}})
    else:
        if isinstance(error, CSRFError):
            message = CSRF_MESSAGE
        response = Response(
            render_template("error.html", status=status, title=title, message=message),
            mimetype="text/html",
        )
    # Keep what the exception says about itself (``Allow`` on a 405, ``Retry-After`` on a 429).
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response, status


# --- wiring -----------------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    # Inside the proxy hop: the scheme HSTS depends on is the one ProxyFix worked out.
    app.wsgi_app = SecurityHeaders(app.wsgi_app, app.config)  # type: ignore[method-assign]
    if is_on(app.config.get("TRUST_PROXY")):
        # One proxy in front: its X-Forwarded-Proto decides the scheme and X-Forwarded-For the
        # client's address (which the rate limits count by). Nothing further is trusted.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]
    app.session_interface = SessionInterface()
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.context_processor(lambda: {"return_address": return_address})
    for status in ERRORS:
        app.register_error_handler(status, _handle_error)
    for logger in (logging.getLogger("werkzeug"), app.logger):
        _add_filter(logger)
