"""The limits on creating games and tables, and on a table's costly writes (README,
"Configuration": ``GAME_CREATION_LIMIT``, ``TABLE_WRITE_LIMIT``, ``RATELIMIT_ENABLED``,
``RATELIMIT_STORAGE_URI``).

One budget of creations per client address (``request.remote_addr``: behind a proxy, with
``TRUST_PROXY``, the address ProxyFix took from X-Forwarded-For), shared by the API and the
pages, by games and tables alike; another of a table's writes that cost its whole figures (a
game joining it, a player renamed). Only what was done spends it: the API's 201 or 200, a page's
303, not a write sent again under its key (``Idempotent-Replayed``). An exhausted budget answers
429 with ``Retry-After`` before the view reads the request; every answer of a limited view
carries ``X-RateLimit-Limit``, ``-Remaining`` and ``-Reset``.

Built on the ``limits`` library (a fixed window per limit, counted in the storage
``RATELIMIT_STORAGE_URI`` names). A request takes its unit before the view runs, in one atomic
step of the storage (``hit``: count, then compare), and gives it back when nothing was done:
of a burst of simultaneous requests, no more than the limit get through (checking first and
counting after let 13 of 16 through a limit of 5). When the shared storage cannot be reached
(redis down), each process counts alone in memory, as Flask-Limiter's in-memory fallback does,
and asks the storage again after ``RECHECK`` seconds: creations go on, limited per process,
instead of failing (docs/server.md).

Run by the decorators ``game_creation_limit`` (every view that creates a game or a table) and
``table_write_limit``, alone: the app gets no hook of it, so a request that creates nothing (a
poll, a static file) runs none of this.
"""

from __future__ import annotations

import functools
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask, after_this_request, current_app, request
from limits import RateLimitItem, WindowStats, parse_many
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from companion.http.replays import REPLAYED

View = TypeVar("View", bound=Callable[..., Any])
Done = TypeVar("Done")

#: Where the app keeps its budgets by kind (absent when ``RATELIMIT_ENABLED`` is off).
EXTENSION = "companion.creation_limit"
#: The kinds of budget: the setting of each, the name its counts are kept under after the
#: client's address (creations keep the key Flask-Limiter, used before, gave them: a shared
#: store's counts carry over), and the answers that say it was done.
KINDS = {"creations": ("GAME_CREATION_LIMIT", "create-game", (201, 303)),
         "table-writes": ("TABLE_WRITE_LIMIT", "table-write", (200, 303))}
#: What the API's 429 says of each (the pages say it in the visitor's language).
SPENT = {"creations": "too many games and tables created from this address; try again later",
         "table-writes": "too many joins and renames of tables from this address; try again "
                         "later"}
#: Seconds before an unreachable storage is asked again (meanwhile each process counts alone).
RECHECK = 30.0
#: Seconds redis may take to connect or answer before it counts as unreachable (redis-py's
#: default is to wait for ever: a redis cut off by the network would hold every creation).
REDIS_TIMEOUT = 2.0

log = logging.getLogger(__name__)


def done(response: Response, statuses: tuple[int, ...] = (201, 303)) -> bool:
    """Only what was done spends the budget: a creation's 201 (a table's write: 200), a page's
    303 onwards. A refusal (400, 422) costs nothing, nor does a write sent again under its key
    (a replay, which answers as the first did: the page's script posts a form again so)."""
    return response.status_code in statuses and response.headers.get(REPLAYED) != "true"


@dataclass
class Counter:
    """The limiter of the shared storage, with a limiter in this process's memory for when the
    shared one cannot be reached."""

    storage: Storage
    local: FixedWindowRateLimiter = field(
        default_factory=lambda: FixedWindowRateLimiter(MemoryStorage()))
    down_until: float = 0.0

    def __post_init__(self) -> None:
        self.shared = FixedWindowRateLimiter(self.storage)
        self.errors = (self.storage.base_exceptions if not isinstance(self.storage, MemoryStorage)
                       else ())

    def run(self, work: Callable[[FixedWindowRateLimiter], Done]) -> Done:
        """``work`` done on the shared limiter, or on the local one while the shared storage
        cannot be reached."""
        if not self.errors or time.monotonic() < self.down_until:
            return work(self.local if self.errors else self.shared)
        try:
            return work(self.shared)
        except self.errors as error:
            self.down_until = time.monotonic() + RECHECK
            log.warning("the rate-limit storage cannot be reached (%s): counting in this "
                        "process for %d s", error, RECHECK)
            return work(self.local)


@dataclass(frozen=True)
class Budget:
    """One kind's limits (its setting, one or several separated by ``;``), the shortest window
    first, and the counter keeping them."""

    limits: tuple[RateLimitItem, ...]
    counter: Counter
    scope: str
    done: tuple[int, ...]

    def take(self, client: str) -> RateLimitItem | None:
        """Spend one unit of every limit, each in one atomic step; ``None`` when all had one
        left, else the first that had none (and nothing is spent)."""
        return self.counter.run(lambda limiter: self._take(limiter, client))

    def _take(self, limiter: FixedWindowRateLimiter, client: str) -> RateLimitItem | None:
        taken: list[RateLimitItem] = []
        for limit in self.limits:
            allowed = limiter.hit(limit, client, self.scope)
            if not allowed:
                for spent in (*taken, limit):  # the refused hit was counted too
                    limiter.hit(spent, client, self.scope, cost=-1)
                return limit
            taken.append(limit)
        return None

    def give_back(self, client: str) -> None:
        """Nothing was done after all: the unit ``take`` spent is given back."""
        def back(limiter: FixedWindowRateLimiter) -> None:
            for limit in self.limits:
                limiter.hit(limit, client, self.scope, cost=-1)

        self.counter.run(back)

    def window(self, limit: RateLimitItem, client: str) -> WindowStats:
        return self.counter.run(lambda limiter: limiter.get_window_stats(limit, client, self.scope))


def client_address() -> str:
    return request.remote_addr or "127.0.0.1"


def _add_headers(response: Response, budget: Budget, limit: RateLimitItem, client: str) -> None:
    window = budget.window(limit, client)
    response.headers["X-RateLimit-Limit"] = str(limit.amount)
    response.headers["X-RateLimit-Remaining"] = str(max(0, window.remaining))
    response.headers["X-RateLimit-Reset"] = str(int(window.reset_time + 1))


def _limited(kind: str) -> Callable[[View], View]:
    def decorator(view: View) -> View:
        @functools.wraps(view)
        def counted(*args: Any, **kwargs: Any) -> Any:
            budgets: dict[str, Budget] | None = current_app.extensions.get(EXTENSION)
            if budgets is None:
                return view(*args, **kwargs)
            budget, client = budgets[kind], client_address()
            refused = budget.take(client)
            if refused is not None:
                @after_this_request
                def refusal_headers(response: Response) -> Response:
                    _add_headers(response, budget, refused, client)
                    return response

                reset = budget.window(refused, client).reset_time
                # "Come back then" (RFC 9110): said on the 429 alone.
                raise TooManyRequests(SPENT[kind],
                                      retry_after=max(1, math.ceil(reset - time.time())))

            @after_this_request
            def settle(response: Response) -> Response:
                if not done(response, budget.done):
                    budget.give_back(client)
                _add_headers(response, budget, budget.limits[0], client)
                return response

            return view(*args, **kwargs)

        return counted  # type: ignore[return-value]

    return decorator


#: The decorator of every view that creates a game or a table.
game_creation_limit = _limited("creations")
#: The decorator of a table's writes that cost its whole figures (a game joins, a name changes).
table_write_limit = _limited("table-writes")


def init_app(app: Flask) -> None:
    """The app's budgets, from its configuration (none with ``RATELIMIT_ENABLED`` off)."""
    app.extensions.pop(EXTENSION, None)
    if not app.config.get("RATELIMIT_ENABLED", True):
        return
    uri = str(app.config.get("RATELIMIT_STORAGE_URI") or "memory://")
    options = ({"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT}
               if uri.startswith(("redis://", "rediss://", "redis+unix://")) else {})
    storage = storage_from_string(uri, **options)
    assert isinstance(storage, Storage)  # a synchronous storage (not limits.aio's)
    counter = Counter(storage)
    budgets = {}
    for kind, (setting, scope, statuses) in KINDS.items():
        limits = tuple(sorted(parse_many(str(app.config[setting])),
                              key=lambda limit: limit.get_expiry()))
        budgets[kind] = Budget(limits, counter, scope, statuses)
    app.extensions[EXTENSION] = budgets
