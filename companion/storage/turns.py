"""Long work gives the others their turn: ``turn()``, called between the pieces of a long piece
of work (each game an import replays, each game a table's first read folds), sleeps a moment
once ``SLICE`` seconds have passed since the last time it did.

Under gunicorn's gevent worker ``time.sleep`` is gevent's (the worker patches it), so the sleep
is a turn of the worker's event loop: every other connection's request goes on, and the
worker's heartbeat with them. Without it, an import of a large document held the loop for
the whole replay, and past gunicorn's timeout (30 s) its master killed the worker with every
connection on it. With threads (any other server) it is a sleep of a microsecond, that lets
another thread take the GIL. Standard library only: storage imports neither gevent nor Flask.
"""

from __future__ import annotations

import time

#: Seconds of work between two turns: short enough that a request waiting meanwhile is not
#: kept noticeably (a phone's tap answers within a few tens of ms), long enough that the
#: turns cost nothing measurable.
SLICE = 0.05
#: The sleep of a turn: a timer, not ``sleep(0)``, which gevent runs as a callback before any
#: connection's input is looked at (gunicorn.conf.py, ``TURN``, says the same of requests).
PAUSE = 1e-6


class _Turns:
    """When this process last gave the others a turn (any greenlet's or thread's work)."""

    last = time.monotonic()


def turn() -> None:
    """Let the others go if this process has worked ``SLICE`` seconds without a pause."""
    if time.monotonic() - _Turns.last >= SLICE:
        time.sleep(PAUSE)
        _Turns.last = time.monotonic()
