"""The production server's settings, all of them: ``gunicorn --config gunicorn.conf.py wsgi:app``
(what scripts/start runs). Why this server: docs/architecture.md, "The server"; the figures:
bench/README.md.

PORT (default 8000) picks the port; LISTEN_ADDRESS the address (default: every address, or only
127.0.0.1 with TRUST_PROXY, see ``companion.config.listen_address``); WEB_CONCURRENCY the number
of worker processes (default 2). Requests are logged to standard output with the scorekeeper's
edit token cut out of every line.

gevent workers (``companion.server.worker.Worker``): each connection is a greenlet, so a phone that
sends slowly, or someone stalling on purpose, holds a greenlet and never a worker, and the home
setup, with no proxy in front, keeps answering everyone else:

* a request's headers must arrive within ``keepalive`` seconds (gunicorn's wait for the next
  request on a connection, the first one included), its body within ``BODY_DEADLINE`` seconds
  of them (``companion.server.worker.WholeBodies``: the app only ever sees whole bodies); an
  import's body (up to 16 MiB) within ``IMPORT_BODY_DEADLINE``;
* after each request its greenlet waits one turn of the event loop (``post_request``), so a
  connection with thousands of pipelined requests waiting is served in turn with everyone
  else, not to its end first, and at 64 busy connections none waits for seconds;
* each worker holds up to ``worker_connections`` connections, stalled ones included, with the
  open-file limit raised to fit, and takes a burst of new ones eight at a turn of its loop
  (``companion.server.worker.ACCEPT_AT_ONCE``), not one.

Work on SQLite (a local file) never yields halfway; psycopg 3 (3.1.14 on) yields while
PostgreSQL answers, each greenlet on its own pooled connection.
"""

from __future__ import annotations

import os
import resource
from typing import Any

import gevent
from gunicorn.config import ControlSocket
from gunicorn.glogging import Logger

from companion.config import IMPORT_BODY_DEADLINE, IMPORT_PATHS, import_body_limit, listen_address
from companion.http.security import RedactCapabilities, for_log

_address = listen_address()
_port = os.environ.get("PORT", "8000")
bind = [f"[{_address}]:{_port}" if ":" in _address else f"{_address}:{_port}"]
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "companion.server.worker.Worker"

#: Seconds a request body may take to arrive once its headers have (a phone's JSON or form is
#: a few KB at most: one packet; 64 KiB, the app's limit, arrives well within this even on a
#: poor network).
BODY_DEADLINE = 10.0
#: Seconds to wait for a request's headers on an open connection (the first request included).
keepalive = 5
#: Open connections per worker, stalled ones included (each is a greenlet and a few KB).
worker_connections = 4096
backlog = 4096
# A request line of up to 8,190 bytes (gunicorn's most; its default, 4,094, refused long
# /api/v1 paths that the API answers with a JSON 404); anything longer gets the server's 414,
# drawn by the app (companion.server.worker.Worker).
limit_request_line = 8190
accesslog = "-"
errorlog = "-"
#: gunicorn's control socket (``gunicornc``), one per server: gunicorn's default is one per user
#: ($XDG_RUNTIME_DIR or ~/.gunicorn/gunicorn.ctl), so a second server on this machine took the
#: first's, and stopping either deleted the other's. CONTROL_SOCKET chooses another path.
control_socket = os.environ.get("CONTROL_SOCKET") or os.path.join(
    os.path.dirname(ControlSocket.default),
    f"companion-{_address.replace(':', '_')}-{_port}.ctl")
# Behind a proxy on this machine (127.0.0.1), gunicorn itself believes its X-Forwarded-Proto;
# a proxy elsewhere needs TRUST_PROXY (see README.md).


def _raise_open_files(wanted: int) -> None:
    """Every connection is a file descriptor: many systems start a process with 1,024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE,
                           (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


_raise_open_files(workers * worker_connections + 1024)


def post_worker_init(worker: Any) -> None:
    from companion.server.worker import WholeBodies
    from companion.storage import backups

    # The daily backups of a SQLite database: one worker holds instance/companion.lock and
    # makes them, the others stand by (companion/storage/backups.py).
    backups.serve(worker.wsgi)

    config = getattr(worker.wsgi, "config", {})
    limit = int(config.get("MAX_CONTENT_LENGTH") or 64 * 1024)
    # An export document brought back: up to 16 MiB, at a phone's pace (docs/server.md).
    worker.wsgi = WholeBodies(worker.wsgi, BODY_DEADLINE, limit,
                              (import_limits(config), IMPORT_BODY_DEADLINE))


def import_limits(config: Any) -> dict[str, int]:
    """Each import path's body limit, the app's own for it (``companion.config.import_body_limit``:
    the home page's form has room for its multipart wrapping beside the 16 MiB)."""
    document = int(config.get("IMPORT_MAX_CONTENT_LENGTH") or 16 * 1024 * 1024)
    return {path: limit for path in IMPORT_PATHS
            if (limit := import_body_limit(path, document)) is not None}


#: The yield after each request: a timer this short, so that the greenlet waits one turn of the
#: event loop (``gevent.sleep(0)`` only queues a callback, run before any other connection's
#: I/O is polled, so the same few connections were served again and again: at 64 connections
#: a p99 of 0.4–2.4 s against 0.1–0.2 s with the timer, bench/README.md, `--servers`).
TURN = 1e-6


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    # Let every other connection with a request ready go first (gevent would otherwise serve a
    # connection's next request, already read, before anyone else's).
    gevent.sleep(TURN)


class RedactingLogger(Logger):
    """Gunicorn's logger, but no capability token (and no control character a client sent,
    that would forge a line) reaches the access or the error log."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        # Every atom: the request line, the path, the referrer, any header or environ variable.
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: for_log(value) if isinstance(value, str) else value for key, value in atoms.items()}

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, RedactCapabilities) for f in log.filters):
                log.addFilter(RedactCapabilities())


logger_class = RedactingLogger
