"""Security on every response: headers, cookies, the proxy hop, redacted logs and error pages.

The same server runs over plain HTTP on a home network and over HTTPS behind a proxy, so what
depends on the scheme (``Secure`` cookies, by the session of ``companion.http.sessions``; HSTS) is
decided per request, not once at start-up.

The headers are the same on every response but for HSTS: they are made once, at start-up, and
added to each response as it leaves the app (``SecurityHeaders``, a WSGI middleware), instead of
being set one by one, each with a search of the headers already there.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any
from urllib.parse import unquote_to_bytes

from flask import Flask, Response, abort, jsonify, render_template, request
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as database_errors
from werkzeug.exceptions import ClientDisconnected, HTTPException, ServiceUnavailable
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import BaseConverter, IntegerConverter
from werkzeug.sansio.utils import get_host

from companion.http.sessions import SessionInterface
from companion.rules.memo import memoized
from companion.storage.store import ID_PATTERN

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
}

HSTS = "max-age=31536000"

#: Over HTTPS only: browsers ignore these over plain HTTP (a home network's address is not a
#: trustworthy origin), and Chromium logs an error on every page that sends COOP there.
SECURE_ONLY = {"Strict-Transport-Security": HSTS, "Cross-Origin-Opener-Policy": "same-origin"}

#: What every response carries, over plain HTTP and over HTTPS, as WSGI header pairs.
_PLAIN = [(name, value) for name, value in HEADERS.items()]
_SECURE = [*_PLAIN, *SECURE_ONLY.items()]
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
        _guard_request(environ)
        secure = (environ.get("wsgi.url_scheme") in ("https", "wss")
                  or bool(self.config.get("FORCE_HTTPS")))
        ours = _SECURE if secure else _PLAIN

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if any(name.lower() in _OURS for name, _ in headers):
                headers = [(name, value) for name, value in headers if name.lower() not in _OURS]
            return start_response(status, headers + ours, exc_info)

        return self.app(environ, start)


# --- a request the router cannot take: a malformed Host, a body that breaks off ---------------

#: Set in the environ of a request whose Host the router cannot bind (``before_request`` then
#: answers 400 with the app's own error page or JSON).
BAD_HOST = "companion.bad_host"
#: What a malformed Host is replaced with, so that the error page can still build its links.
_STAND_IN_HOST = "invalid"


#: By Host header (a server answers to a few names; the last 256 cached).
@memoized(256)
def _host_binds(host: str) -> bool:
    """Whether werkzeug's router can bind to ``host``: it encodes the name (without its port)
    with IDNA, which fails on an empty label (``a..b``) or one over 63 characters; Flask is then
    left without a URL adapter, and even its error page fails building a link (a 500)."""
    name = host.lower().partition(":")[0]
    try:
        name.encode("idna")
    except UnicodeError:
        return False
    return True


class _GuardedInput:
    """A request body whose read fails (a chunked body cut off mid-request, a connection reset:
    each server raises its own error) fails as werkzeug's ``ClientDisconnected``, a 400."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _guarded(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self._stream, method)(*args)
        except HTTPException:
            raise
        except Exception as error:  # the server's own (gunicorn's NoMoreData, InvalidChunkSize…)
            raise ClientDisconnected() from error

    def read(self, *args: Any) -> bytes:
        return self._guarded("read", *args)  # type: ignore[no-any-return]

    def readline(self, *args: Any) -> bytes:
        return self._guarded("readline", *args)  # type: ignore[no-any-return]

    def readlines(self, *args: Any) -> list[bytes]:
        return self._guarded("readlines", *args)  # type: ignore[no-any-return]

    def readinto(self, buffer: Any) -> int:
        if hasattr(self._stream, "readinto"):
            return self._guarded("readinto", buffer)  # type: ignore[no-any-return]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


def _guard_request(environ: dict[str, Any]) -> None:
    """Before the app sees the request: a Host the router cannot bind is set aside (and marked,
    so the request is answered 400), and a body's read errors become a 400."""
    try:
        host = get_host(environ.get("wsgi.url_scheme", "http"), environ.get("HTTP_HOST"),
                        (environ.get("SERVER_NAME", ""), environ.get("SERVER_PORT")))
    except Exception:  # a SERVER_PORT that is no number
        host = ""
    if not _host_binds(host):
        environ[BAD_HOST] = True
        environ["HTTP_HOST"] = _STAND_IN_HOST
    if "CONTENT_LENGTH" in environ or "HTTP_TRANSFER_ENCODING" in environ:
        stream = environ.get("wsgi.input")
        if stream is not None and not isinstance(stream, _GuardedInput):
            environ["wsgi.input"] = _GuardedInput(stream)


def _refuse_bad_host() -> None:
    if request.environ.get(BAD_HOST):
        abort(400)


def refuse_bad_hosts(app: Flask) -> None:
    """Register the refusal of a Host that cannot be bound; called before any other extension
    registers its hooks, so that it runs first (Flask runs them in their order of registration)."""
    app.before_request(_refuse_bad_host)


# --- capability tokens never reach a log, nor a page's echo of its own address ----------------
#
# A scorekeeper link is /g/<id>/keep/<token> (a table's, /t/<id>/keep/<token>). A log keeps
# whatever a client asked, in any spelling, including ones the router refuses (404): so
# whatever follows a ``keep`` path segment is cut out, however the path is spelt — percent-
# encoded any number of times, with overlong UTF-8 or fullwidth slashes, backslashes, dot
# segments, ``;params``, a space or a quote before the token — and the table links alike.

#: After a ``keep`` segment (with any ``;params``), the path's following segments, as a log line
#: holds them: up to white space, a quote, or the query (a segment may start with quotes).
_RAW_KEEP = re.compile(
    r"""([/\\]keep(?:;[^/\\\s?#"'<>]*)?)"""
    r"""((?:[/\\](?:["'\u00a0]+(?=[^/\\\s?#"'<>]))?[^/\\\s?#"'<>]*)+)""", re.IGNORECASE)
#: The same in a path already decoded (white space and quotes there were percent-encoded: they
#: belong to a segment).
_PLAIN_KEEP = re.compile(r"([/\\]keep(?:;[^/\\]*)?)((?:[/\\][^/\\]*)+)", re.IGNORECASE)
_SEGMENT = re.compile(r"[^/\\]+")
#: A run of text that may hold a URL or a path, as a log line or a header carries it.
_URL_RUN = re.compile(r"[^\s\"'<>]+")
#: A game's own page, in a scorekeeper link.
_GAME_PATH = re.compile(r"[/\\]+g[/\\]+(" + ID_PATTERN + r")[/\\]")
#: Overlong UTF-8 forms of an ASCII character (``%C0%AF`` is ``/``), which lenient decoders read
#: as that character.
_OVERLONG = re.compile(rb"[\xc0\xc1][\x80-\xbf]|\xe0[\x80-\x9f][\x80-\xbf]"
                       rb"|\xf0[\x80-\x8f][\x80-\xbf][\x80-\xbf]")
#: Decoding passes at most (each one that changes anything removes an encoding).
_DECODINGS = 32


def _ascii_of(overlong: re.Match[bytes]) -> bytes:
    raw = overlong.group()
    value = raw[0] & (0x1F if len(raw) == 2 else 0x0F if len(raw) == 3 else 0x07)
    for byte in raw[1:]:
        value = (value << 6) | (byte & 0x3F)
    return bytes([value]) if value < 0x80 else b"?"


def _plain(text: str) -> str:
    """``text`` decoded as far as anything decodes it: percent-encoding (nested), UTF-8 read as
    Latin-1 (as a server logs raw bytes), overlong UTF-8, fullwidth and other compatibility
    forms (NFKC)."""
    for _ in range(_DECODINGS):
        plain = text
        if any("\x80" <= ch <= "\xff" for ch in plain):
            try:
                plain = plain.encode("latin-1").decode("utf-8")
            except (UnicodeEncodeError, UnicodeDecodeError):
                pass
        raw = unquote_to_bytes(plain) if "%" in plain or not plain.isascii() else plain.encode()
        plain = _OVERLONG.sub(_ascii_of, raw).decode("utf-8", "replace")
        plain = unicodedata.normalize("NFKC", plain)
        if plain == text:
            break
        text = plain
    return text


def _cut_segments(match: re.Match[str]) -> str:
    return match.group(1) + _SEGMENT.sub("[redacted]", match.group(2))


def _redact_plain(text: str) -> str | None:
    """A path or query, decoded, with the token cut out; None when it holds no token."""
    plain = _plain(text)
    redacted = _PLAIN_KEEP.sub(_cut_segments, plain)
    return redacted if redacted != plain else None


def _redact_run(match: re.Match[str]) -> str:
    """A run that names a scorekeeper link only once decoded (``%2Fkeep%2F``, ``kee%70``,
    ``keep/%20<token>``) is logged decoded, with the token cut out. Its path and its query are
    decoded apart (a ``%3F`` in a path is no query)."""
    run = match.group()
    if run.isascii() and "%" not in run and "\\" not in run:
        return run
    cut = min((i for i in (run.find("?"), run.find("#")) if i >= 0), default=len(run))
    path, rest = run[:cut], run[cut:]
    redacted_path, redacted_rest = _redact_plain(path), _redact_plain(rest) if rest else None
    if redacted_path is None and redacted_rest is None:
        return run
    return (redacted_path if redacted_path is not None else path) + (
        redacted_rest if redacted_rest is not None else rest)


def redact(text: str) -> str:
    """Hide the edit token of a scorekeeper link, however it is spelt.

    >>> redact('"GET /g/abc/keep/s3cret HTTP/1.1" 303')
    '"GET /g/abc/keep/[redacted] HTTP/1.1" 303'
    >>> redact('"GET /g/abc%2Fkee%70%2Fs3cret HTTP/1.1" 303')
    '"GET /g/abc/keep/[redacted] HTTP/1.1" 303'
    """
    return _RAW_KEEP.sub(_cut_segments, _URL_RUN.sub(_redact_run, text))


def carries_capability(address: str) -> bool:
    """Whether a path (or URL) holds a scorekeeper link, however it is spelt."""
    return redact(address) != address or _redact_plain(address) is not None


def return_address(refused: bool = False) -> str:
    """This page's own path and query, for a form that comes back to it (the language
    switcher). A scorekeeper link is never echoed into a page (a 404 or 405 page at one would
    carry its token): its game's page instead, which the token in this device's session opens.
    An error page (``refused``) comes back to its path only when the path is a route's whose
    every part was checked (ids, numbers): what a client put in a free part of an address (a
    token as a ruleset's name) or in its query is never said back; else the home page."""
    own = request.full_path if request.query_string else request.path
    if not refused and not carries_capability(own):
        return own
    if not carries_capability(request.path):
        return request.path if not refused or _checked_route() else "/"
    game = _GAME_PATH.match(_plain(request.path))
    return f"/g/{game.group(1)}" if game else "/"


def _checked_route() -> bool:
    """Whether the request matched a route whose every variable part is an id or a number."""
    rule = request.url_rule
    return rule is not None and all(
        isinstance(converter, (IdConverter, IntegerConverter))
        for converter in rule._converters.values())  # werkzeug's own record of the rule's parts


class IdConverter(BaseConverter):
    """``<id:game_id>``: a game's or a table's id, or an edit token, in an address. Every one
    is URL-safe base64 (``secrets.token_urlsafe``), so anything else (a NUL, a line break, a
    space, 65 characters) matches no route: a 404 before any query, on every route, whatever
    the database would make of it."""

    regex = ID_PATTERN


#: What a log line must not hold as such: control characters (a NUL, a line break that would
#: start a forged line, an escape sequence for a terminal) and Unicode's line separators.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape_controls(text: str) -> str:
    r"""A line of log with what a client sent kept on it: every control character written as
    its escape, so that nothing sent can forge another line.

    >>> escape_controls("GET /g/ab\x00cd\nINFO forged")
    'GET /g/ab\\x00cd\\x0aINFO forged'
    """
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                            else f"\\u{ord(m.group()):04x}", text)


def for_log(text: str) -> str:
    """What a log line may say of ``text``: no scorekeeper token, no control character."""
    return escape_controls(redact(text))


class RedactCapabilities(logging.Filter):
    """A logging filter that formats the record's message, redacts scorekeeper tokens in it and
    escapes its control characters (a path may hold a decoded NUL or line break)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = for_log(message)
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
    431: ("too-large", _l("Too much at once"),
          _l("This request's headers are too large: often too many cookies. Clear this "
             "site's data in the browser's settings, then try again.")),
    429: ("rate-limited", _l("Slow down a little"),
          _l("Too many requests from this device. Wait a few minutes, then try again.")),
    500: ("server-error", _l("Something went wrong"),
          _l("The app hit a problem on its side. Nothing you did caused it; try again in a moment.")),
    503: ("unavailable", _l("Back in a moment"),
          _l("The app cannot reach its games just now. Wait a few seconds, then try again.")),
    507: ("storage-full", _l("Nothing was saved"),
          _l("The server has no room left to save this, so nothing changed. Sending it again "
             "will not help: tell the person who runs it.")),
}

#: Seconds a client is asked to wait when the database cannot be reached (a PostgreSQL restart
#: takes a few): the phone's queue sends the same write again under the same key.
DATABASE_RETRY_AFTER = 3
#: What the database's driver raises when it cannot be reached or stops answering (a restart,
#: an outage, a connection cut, no pooled connection free in time), wrapped by SQLAlchemy or not.
UNREACHABLE: tuple[type[Exception], ...] = (
    database_errors.OperationalError, database_errors.InterfaceError, database_errors.TimeoutError)

#: SQLite's result code for "database or disk is full" (``sqlite3.SQLITE_FULL``) and
#: PostgreSQL's SQLSTATE ``disk_full``.
SQLITE_FULL = 13
POSTGRESQL_DISK_FULL = "53100"


class StorageFull(HTTPException):
    """507: the database's disk is full. Nothing was written (the transaction rolled back), and
    sending the same request again cannot help until someone makes room: unlike a 503, no
    ``Retry-After``, and the phone's queue stops and keeps its taps (static/js/queue.js)."""

    code = 507
    description = ("the server's storage is full: nothing was changed. Sending the same request "
                   "again will not help until the server's owner makes room")


def storage_full(error: BaseException) -> bool:
    """Whether a database error says the disk is full: SQLite's ``SQLITE_FULL`` ("database or
    disk is full"), PostgreSQL's ``53100 disk_full``; wrapped by SQLAlchemy or the driver's own."""
    cause = getattr(error, "orig", None) or error
    return (getattr(cause, "sqlite_errorcode", None) == SQLITE_FULL
            or getattr(cause, "sqlstate", None) == POSTGRESQL_DISK_FULL
            or "database or disk is full" in str(cause))


CSRF_MESSAGE = _l("This form has expired or came from another site. Go back, reload the page "
                  "and try again.")


def _database_unreachable(error: Exception) -> tuple[Response, int]:
    """The database cannot be reached: 503 with ``Retry-After``, not a 500 a phone gives up on.
    A write that met it may have been committed all the same (the answer lost on the way): the
    same write sent again under its key is answered as the first (docs/server.md).

    A full disk is told apart (it too comes as an ``OperationalError``): 507, as sending again
    would only meet it again, for ever."""
    if storage_full(error):
        logging.getLogger("companion").error("the database's disk is full: %s",
                                              str(error).splitlines()[0])
        return error_answer(StorageFull())
    logging.getLogger("companion").error("the database cannot be reached: %s",
                                          str(error).splitlines()[0] if str(error) else repr(error))
    return error_answer(ServiceUnavailable(
        "the database cannot be reached just now; send the same request again (a write under "
        "the same Idempotency-Key) in a few seconds", retry_after=DATABASE_RETRY_AFTER))


#: The API's 404 of an unknown game and of an unknown table (docs/api.md), by /api/v1/<kind>/.
_NO_SUCH = {"games": "no game has that id", "tables": "no table has that id"}


def error_answer(error: HTTPException) -> tuple[Response, int]:
    """The app's answer to an HTTP error: JSON in the API's error shape under ``/api``, the
    translated error page elsewhere (a blueprint's own handler falls back on it)."""
    status = error.code or 500
    code, title, message = ERRORS[status]
    if request.path.startswith("/api/"):
        english = error.description if status != 500 else "The server hit an unexpected problem."
        if status == 404:  # an id not even an id's shape matched no route: said as an unknown id
            english = _NO_SUCH.get("".join(request.path.split("/")[3:4]), english)
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


def _driver_errors(app: Flask) -> tuple[type[Exception], ...]:
    """The driver's own errors for an unreachable database (a connection held out of the pool,
    ``companion.storage.database.Readers``, meets them unwrapped)."""
    from companion.storage.models import db

    with app.app_context():
        driver = db.engine.dialect.loaded_dbapi
    return tuple(getattr(driver, name) for name in ("OperationalError", "InterfaceError")
                 if isinstance(getattr(driver, name, None), type))


def init_app(app: Flask) -> None:
    app.url_map.converters["id"] = IdConverter  # before the blueprints' rules are added
    # Inside the proxy hop: the scheme HSTS depends on is the one ProxyFix worked out.
    app.wsgi_app = SecurityHeaders(app.wsgi_app, app.config)  # type: ignore[method-assign]
    if app.config.get("TRUST_PROXY"):
        # One proxy in front: its X-Forwarded-Proto decides the scheme and X-Forwarded-For the
        # client's address (which the rate limits count by). Nothing further is trusted.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]
    app.session_interface = SessionInterface()
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.context_processor(lambda: {"return_address": return_address})
    for status in ERRORS:
        app.register_error_handler(StorageFull if status == StorageFull.code else status,
                                   error_answer)
    for unreachable in (*UNREACHABLE, *_driver_errors(app)):
        app.register_error_handler(unreachable, _database_unreachable)
    for logger in (logging.getLogger("werkzeug"), app.logger):
        _add_filter(logger)
