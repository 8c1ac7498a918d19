"""At most ``IMPORTS_IN_FLIGHT`` import bodies in flight in one worker process (README,
"Configuration"; docs/api.md, the 503 row): an import holds up to 16 MiB, and what its parse and
replay build on top of it, from the moment its body starts to arrive until it is answered. One
more is answered 503 ``unavailable`` with ``Retry-After`` (the home page's file form says it at
the file field, in the visitor's language), before its body is kept: nothing is created, and
nothing is counted against the creation limit. (128 connections each holding a 16 MiB import
body took two workers to 1.25 and 1.27 GB.)

The production server takes a place before it reads the body (``companion.server.worker
.WholeBodies``, which marks the request ``HELD``); under any other server the import's view
takes it (``guarded``). The count is this process's own requests in flight, in its memory: it
needs nothing after a restart, and with gevent every greenlet of the worker shares it.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request
from werkzeug.exceptions import ServiceUnavailable

View = TypeVar("View", bound=Callable[..., Any])

#: Seconds the 503 asks a client to wait: about what an import of a large document takes.
RETRY_AFTER = 10
#: The environ key that says the server took this request's place before reading its body.
HELD = "companion.import_door"


class ImportsFull(ServiceUnavailable):
    """503: this worker holds as many import bodies as it may; nothing was read or created."""

    description = ("the server is bringing in as many imports as it can at once: nothing was "
                   "created; send the same request again in a few seconds")

    def __init__(self) -> None:
        super().__init__(retry_after=RETRY_AFTER)


class Door:
    """The places of this process: ``enter`` takes one if one is free (never waits), ``leave``
    gives it back."""

    def __init__(self) -> None:
        self.held = 0
        self._lock = threading.Lock()  # threads under another server; gevent's under gunicorn

    def enter(self, most: int) -> bool:
        with self._lock:
            if self.held >= most:
                return False
            self.held += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.held -= 1


#: The one door of this process.
DOOR = Door()


def guarded(view: View) -> View:
    """An import's view, run only with a place at the door (``ImportsFull`` without one),
    unless the server took this request's place already."""

    @functools.wraps(view)
    def held(*args: Any, **kwargs: Any) -> Any:
        if request.environ.get(HELD):
            return view(*args, **kwargs)
        if not DOOR.enter(int(current_app.config["IMPORTS_IN_FLIGHT"])):
            raise ImportsFull()
        try:
            return view(*args, **kwargs)
        finally:
            DOOR.leave()

    return held  # type: ignore[return-value]
