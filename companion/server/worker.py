"""The production server's own parts: gunicorn's gevent worker, made safe to face phones (and
anyone else on the network) with no proxy in front. Its settings are in ``gunicorn.conf.py``;
why this server, with the measurements, in docs/architecture.md ("The server") and bench/.

* ``WholeBodies``: the app sees only whole request bodies. Each is read before the app is
  called, within a deadline; a body that has not arrived by then is answered 408 and its
  connection closed, so a stalled upload holds a greenlet for seconds, never a worker.
* ``Worker``: gunicorn's gevent worker whose own error answers (a request line or headers too
  large, a bad header byte, …) are the app's: JSON in the API's error shape under ``/api``, the
  app's error page elsewhere, both with the app's security headers; which takes up a burst
  of new connections a few at a time (``ACCEPT_AT_ONCE``), not one per turn of its loop; and
  which holds at most ``CONNECTIONS_PER_ADDRESS`` connections of one client address (none
  beyond is read: it is closed at once), unless behind a proxy, whose own ``limit_conn`` does it.

Only imported by gunicorn (``gunicorn.conf.py``): it needs gevent.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import gevent  # type: ignore[import-untyped]
from flask import Flask
from gevent.server import StreamServer  # type: ignore[import-untyped]
from gunicorn.http import parser as http_parser  # type: ignore[import-untyped]
from gunicorn.http.message import Request  # type: ignore[import-untyped]
from gunicorn.workers import ggevent  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.test import EnvironBuilder

from companion.config import IMPORTS_IN_FLIGHT
from companion.http import import_door
from companion.http.security import SecurityHeaders

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

#: What the server itself answers, and which of the app's errors says it: (API code and page)
#: 400 "invalid" / "Something is wrong with that request", 413 "too-large" / "Too much at once";
#: 431 says its own words (headers, not a body, are too large).
_FAMILY = {408: 400, 413: 413, 414: 413, 417: 400, 501: 400}
#: The app's errors that say a refusal of the server's as it is.
_OWN = (400, 403, 413, 431)
_MESSAGES = {
    400: "The request is malformed.",
    408: "The request body did not arrive in time.",
    413: "The request body is too large.",
    414: "The request line is too long.",
    417: "That expectation cannot be met.",
    431: "The request headers are too large.",
    503: "The server holds as many imports as it can at once.",
    501: "That transfer coding is not supported.",
}
_REASONS = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 413: "Content Too Large",
            414: "URI Too Long", 417: "Expectation Failed", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable"}
#: Used only if the app cannot draw its own answer (it always can unless it is broken).
_FALLBACK = "Error · Erreur · Errore"


def app_error(app: Any, status: int, environ: dict[str, Any],
              error: HTTPException | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
    """The app's own answer to a request the server refuses with ``status`` (or with the app's
    own ``error``, drawn by its handlers as if its view had raised it): status line, headers
    (the app's security headers among them) and body, for ``environ``'s path."""
    family = _FAMILY.get(status, status if status in _OWN else 500)
    flask = _flask(app)
    try:
        if flask is None:
            raise LookupError("no Flask app to draw the answer")
        if error is None:
            error = default_exceptions[family](description=_MESSAGES.get(status))
        with flask.request_context(environ):
            answer = flask.make_response(flask.handle_http_exception(error))
        captured: dict[str, Any] = {}

        def start(line: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            captured["headers"] = headers

        body = b"".join(SecurityHeaders(answer, flask.config)(environ, start))
        headers = [(k, v) for k, v in captured["headers"] if k.lower() not in ("content-length", "set-cookie")]
    except Exception:  # the answer to a refusal must never be a traceback
        if str(environ.get("PATH_INFO", "")).startswith("/api/"):
            code = ("invalid" if family == 400 else "too-large" if family in (413, 431)
                    else "unavailable" if status == 503 else "server-error")
            body = json.dumps({"error": {"code": code, "message": _MESSAGES.get(status, ""),
                                         "field": None}}).encode()
            headers = [("Content-Type", "application/json")]
        else:
            body, headers = _FALLBACK.encode(), [("Content-Type", "text/plain; charset=utf-8")]
    reason = _REASONS.get(status, "Error")
    return f"{status} {reason}", [*headers, ("Content-Length", str(len(body)))], body


def _flask(app: Any) -> Flask | None:
    while not isinstance(app, Flask):
        app = getattr(app, "app", None)
        if app is None:
            return None
    return app


class WholeBodies:
    """WSGI middleware: read the whole request body (up to the app's size limit) within
    ``deadline`` seconds of the headers before calling the app, which then reads it from memory.

    Too slow: 408 (a client that stalls on purpose, or a phone that lost the network). Cut off
    or malformed (a chunked body that ends mid-chunk): 400. Either way the connection closes.
    Larger than ``limit``: the app sees the first ``limit + 1`` bytes and refuses it (413).
    The paths of ``large`` (an export document brought back) have their own limits and
    deadline: ``({path: limit}, deadline)``, the limits as the app's own for those paths
    (``companion.config.import_body_limit``)."""

    def __init__(self, app: WSGIApp, deadline: float, limit: int,
                 large: tuple[Mapping[str, int], float] = ({}, 0.0)) -> None:
        self.app = app
        self.deadline = deadline
        self.limit = limit
        #: The paths that take an export document, each with its limit, and their deadline.
        self.large_limits, self.large_deadline = large
        #: Import bodies this worker holds at once (``IMPORTS_IN_FLIGHT``).
        flask = _flask(app)
        self.imports_in_flight = int(flask.config["IMPORTS_IN_FLIGHT"]) if flask is not None \
            else IMPORTS_IN_FLIGHT

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        deadline, limit = self.deadline, self.limit
        large = self.large_limits.get(environ.get("PATH_INFO", ""))
        if large is not None:
            deadline, limit = self.large_deadline, large
        if not chunked and (not length.isdigit() or int(length) == 0 or int(length) > limit):
            return self.app(environ, start_response)  # nothing to wait for (or the app's 413)
        if large is None:
            return self._whole(environ, start_response, deadline, limit, chunked, length)
        # An import: a place at the door before its body is kept (companion.http.import_door).
        if not import_door.DOOR.enter(self.imports_in_flight):
            return self._full(environ, start_response, deadline, limit)
        environ[import_door.HELD] = True
        try:
            return self._whole(environ, start_response, deadline, limit, chunked, length)
        finally:  # answered (an import's answer is made whole by its view) or refused
            import_door.DOOR.leave()

    def _whole(self, environ: dict[str, Any], start_response: StartResponse, deadline: float,
               limit: int, chunked: bool, length: str) -> Iterable[bytes]:
        """The app called with the whole body, read within ``deadline``; else 408 or 400."""
        body = environ["wsgi.input"]
        timer = gevent.Timeout(deadline)
        timer.start()
        try:
            data = body.read(limit + 1)
        except gevent.Timeout as expired:
            if expired is not timer:
                raise
            return self._refuse(408, body, environ, start_response)
        except Exception:  # gunicorn's NoMoreData, InvalidChunkSize, a reset connection, …
            return self._refuse(400, body, environ, start_response)
        finally:
            timer.close()
        if not chunked and len(data) < int(length):
            return self._refuse(400, body, environ, start_response)  # the client gave up
        environ["wsgi.input"] = io.BytesIO(data)
        return self.app(environ, start_response)

    def _full(self, environ: dict[str, Any], start_response: StartResponse, deadline: float,
              limit: int) -> Iterable[bytes]:
        """503 for an import while the door is full: its body read and thrown away as it comes
        (a client sends it all before it reads an answer), never kept; nothing created."""
        body = environ["wsgi.input"]
        timer = gevent.Timeout(deadline)
        timer.start()
        try:
            left = limit + 1
            while left > 0 and (part := body.read(min(left, 64 * 1024))):
                left -= len(part)
        except gevent.Timeout as expired:
            if expired is not timer:
                raise
            return self._refuse(408, body, environ, start_response)
        except Exception:
            return self._refuse(400, body, environ, start_response)
        finally:
            timer.close()
        if left <= 0:
            body.failed = True  # more than any import: where the next request starts is unknown
        line, headers, payload = app_error(self.app, 503, environ, import_door.ImportsFull())
        start_response(line, headers)
        return [payload]

    def _refuse(self, status: int, body: Any, environ: dict[str, Any],
                start_response: StartResponse) -> Iterable[bytes]:
        # gunicorn closes a connection whose body failed: where the next request starts is unknown.
        body.failed = True
        line, headers, payload = app_error(self.app, status, environ)
        start_response(line, headers)
        return [payload]


# --- the worker ---------------------------------------------------------------------------------

#: The first bytes of the request each connection is reading (by socket), for the error answer
#: of a request whose line or headers could not be parsed: is it under /api?
_HEADS: dict[int, bytes] = {}


class _HeadedRequest(Request):  # type: ignore[misc]
    """gunicorn's request, noting the first bytes of each request before parsing it."""

    def __init__(self, cfg: Any, unreader: Any, peer_addr: Any, req_number: int = 1) -> None:
        sock = getattr(unreader, "sock", None)
        if sock is not None:
            _HEADS[id(sock)] = _peek(unreader)
        super().__init__(cfg, unreader, peer_addr, req_number)


def _peek(unreader: Any, size: int = 512) -> bytes:
    """The first bytes the unreader holds, without copying its whole buffer: behind a request
    may wait thousands of pipelined others (copying them at each request was quadratic)."""
    with unreader.buf.getbuffer() as view:
        if len(view):
            with view[:size] as part:
                return bytes(part)
    data = unreader.read()  # nothing buffered: one read from the socket, put back
    unreader.unread(data)
    return bytes(data[:size])


class _Captured:
    """A client socket for gunicorn's own error writer: keeps what it would send."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sent = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.sent += data

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


#: New connections a worker accepts at each turn of its event loop. With several workers
#: gunicorn accepts one a turn (so that one worker does not take every waiting connection),
#: and a turn lasts as long as every ready request of the worker takes: in a burst (64 phones
#: at once, as wrk opens its connections), each new connection waited for a turn longer than
#: the last, the last one about a second for its first answer (the writes' p99 at 64
#: connections 0.35–0.6 s against a median of 70 ms; with 8 a turn, 0.1–0.14 s:
#: bench/README.md, `--servers`, the burst fix). Both workers still share a burst: each wakes to it.
ACCEPT_AT_ONCE = 8


class _Listener(StreamServer):  # type: ignore[misc]
    """gevent's server for gunicorn's worker, accepting ``ACCEPT_AT_ONCE`` a turn."""

    @property
    def max_accept(self) -> int:
        return ACCEPT_AT_ONCE

    @max_accept.setter
    def max_accept(self, value: int) -> None:
        """gunicorn's one a turn, with several workers, is not taken (see ``ACCEPT_AT_ONCE``)."""


def fit_gunicorn() -> None:
    """In the worker's own process, before it builds anything: gunicorn takes its request class
    from its parser, and builds its servers from its module's name for gevent's."""
    http_parser.RequestParser.mesg_class = _HeadedRequest
    ggevent.StreamServer = _Listener


#: Open connections one client address may hold in one worker (``CONNECTIONS_PER_ADDRESS``;
#: 0: no cap). A phone holds a few, a club behind one router a few dozen; one address opening
#: thousands of idle connections (re-opened as the server closes them) left other clients
#: waiting (docs/server.md, "Connections"). Behind a proxy (``TRUST_PROXY``) every connection
#: comes from the proxy, and there is no cap here: the proxy's ``limit_conn`` caps each client.
CONNECTIONS_PER_ADDRESS = 256


def connection_cap() -> int:
    from companion.config import is_on, setting

    if is_on(setting("TRUST_PROXY")):
        return 0
    chosen = setting("CONNECTIONS_PER_ADDRESS")
    return CONNECTIONS_PER_ADDRESS if chosen in (None, "") else max(0, int(chosen))


class Worker(GeventWorker):  # type: ignore[misc]
    """gunicorn's gevent worker, its own error answers drawn by the app, each client address
    holding at most ``connection_cap()`` of its connections."""

    def init_process(self) -> None:
        fit_gunicorn()
        self.cap = connection_cap()
        self.held: dict[str, int] = {}
        super().init_process()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = addr[0] if self.cap and isinstance(addr, tuple) and addr else None
        if address is not None:
            if self.held.get(address, 0) >= self.cap:
                client.close()  # read nothing: that address holds enough of this worker
                return
            self.held[address] = self.held.get(address, 0) + 1
        try:
            super().handle(listener, client, addr)
        finally:
            _HEADS.pop(id(client), None)
            if address is not None:
                left = self.held[address] - 1
                if left:
                    self.held[address] = left
                else:
                    del self.held[address]

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        # gunicorn decides the status and logs the refusal; the app draws the answer.
        captured = _Captured(client)
        super().handle_error(req, captured, addr, exc)
        try:
            status = int(captured.sent.split(b" ", 2)[1])
        except (IndexError, ValueError):
            return
        # A header gunicorn refused comes with the request read so far (its path and language).
        environ = _environ(req or getattr(exc, "req", None), _HEADS.get(id(client), b""))
        line, headers, payload = app_error(self.wsgi, status, environ)
        head = "".join(f"{k}: {v}\r\n" for k, v in [*headers, ("Connection", "close")])
        try:
            client.sendall(f"HTTP/1.1 {line}\r\n{head}\r\n".encode("latin-1") + payload)
        except OSError:
            self.log.debug("Failed to send error message.")


def _environ(req: Any, head: bytes) -> dict[str, Any]:
    """An environ for the app's error answer: the request's path and language when gunicorn
    read them, else the path from the first bytes of the request line."""
    path = getattr(req, "path", None)
    if not path:
        parts = head.split(b"\r\n", 1)[0].split(b" ")
        path = parts[1].decode("latin-1") if len(parts) > 1 and parts[1].startswith(b"/") else "/"
    path = path[:2048]
    headers = {}
    for name, value in getattr(req, "headers", None) or []:
        if name in ("ACCEPT-LANGUAGE", "COOKIE", "X-FORWARDED-PROTO"):
            headers[name.title()] = value
    try:
        return EnvironBuilder(path=path, headers=headers).get_environ()
    except Exception:
        return EnvironBuilder(path="/api/" if path.startswith("/api/") else "/").get_environ()
