"""Gunicorn's settings: ``gunicorn --config gunicorn.conf.py wsgi:app`` (what scripts/start runs).

PORT (default 8000) picks the port; LISTEN_ADDRESS the address (default: every address, or only
127.0.0.1 with TRUST_PROXY, see ``companion.config.listen_address``); WEB_CONCURRENCY the number
of worker processes (default 2). Requests are logged to standard output with the scorekeeper's
edit token cut out of every scorekeeper link.

Workers are gevent's: each connection is a greenlet, so clients that send slowly (a phone on
poor Wi-Fi, or someone stalling on purpose) wait without holding a worker, and the home setup,
with no proxy in front to buffer requests, keeps answering everyone else. Work on SQLite (a
local file) never yields halfway; psycopg 3 (3.1.14 on) yields while PostgreSQL answers, each
greenlet on its own pooled connection.
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.glogging import Logger

from companion.config import listen_address
from companion.security import RedactCapabilities, redact

_address = listen_address()
bind = [f"[{_address}]:{os.environ.get('PORT', '8000')}" if ":" in _address
        else f"{_address}:{os.environ.get('PORT', '8000')}"]
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gevent"
worker_connections = 1000  # open connections per worker, stalled ones included
# A request line may be as long as gunicorn allows (its default, 4,094 bytes, answered a long
# /api/v1 path with gunicorn's HTML 414 instead of the API's JSON 404).
limit_request_line = 8190
accesslog = "-"
errorlog = "-"
# Behind a proxy on this machine (127.0.0.1), gunicorn itself believes its X-Forwarded-Proto;
# a proxy elsewhere needs TRUST_PROXY (see README.md).


class RedactingLogger(Logger):
    """Gunicorn's logger, but no capability token reaches the access or the error log."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        # Every atom: the request line, the path, the referrer, any header or environ variable.
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, RedactCapabilities) for f in log.filters):
                log.addFilter(RedactCapabilities())


logger_class = RedactingLogger
