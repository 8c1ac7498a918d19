"""The limit on creating games (README, "Configuration": ``GAME_CREATION_LIMIT``,
``RATELIMIT_ENABLED``, ``RATELIMIT_STORAGE_URI``).

One budget per client address (``request.remote_addr``: behind a proxy, with ``TRUST_PROXY``, the
address ProxyFix took from X-Forwarded-For), shared by the API and the pages. Only a game
created spends it: the API's 201, a page's 303 to the game, not a creation sent again under its
key (``Idempotent-Replayed``). An exhausted budget answers 429 with ``Retry-After`` before the
view reads the request; every answer of a creating view carries ``X-RateLimit-Limit``,
``-Remaining`` and ``-Reset``.

Built on the ``limits`` library (a fixed window per limit, counted in the storage
``RATELIMIT_STORAGE_URI`` names) and run by ``game_creation_limit``, the decorator of the views
that create a game, alone: the app gets no hook of it, so a request that creates nothing (a
poll, a static file) runs none of this.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, after_this_request, current_app, request
from limits import RateLimitItem, WindowStats, parse_many
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter, RateLimiter
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from companion.storage.idempotency import REPLAYED

View = TypeVar("View", bound=Callable[..., Any])

#: Where the app keeps its budget (absent when ``RATELIMIT_ENABLED`` is off).
EXTENSION = "companion.creation_limit"
#: What the counts are kept under, after the client's address (the keys Flask-Limiter, used
#: before, gave them: a shared store's counts carry over).
SCOPE = "create-game"


def game_created(response: Response) -> bool:
    """Only a game created spends the budget: the API's 201, the new-game page's 303 to the
    game. A refused creation (400, 422) costs nothing, nor does one sent again under its key
    (a replay, which opens the game the first made: the page's script posts a form again so)."""
    return response.status_code in (201, 303) and response.headers.get(REPLAYED) != "true"


@dataclass(frozen=True)
class Budget:
    """The app's creation limits (``GAME_CREATION_LIMIT``, one or several separated by ``;``),
    the shortest window first, and the limiter counting them."""

    limits: tuple[RateLimitItem, ...]
    limiter: RateLimiter

    def exhausted(self, client: str) -> RateLimitItem | None:
        """The first of the limits with nothing left for ``client``, or ``None``."""
        for limit in self.limits:
            if not self.limiter.test(limit, client, SCOPE):
                return limit
        return None

    def spend(self, client: str) -> None:
        for limit in self.limits:
            self.limiter.hit(limit, client, SCOPE)

    def window(self, limit: RateLimitItem, client: str) -> WindowStats:
        return self.limiter.get_window_stats(limit, client, SCOPE)


def client_address() -> str:
    return request.remote_addr or "127.0.0.1"


def _add_headers(response: Response, budget: Budget, limit: RateLimitItem, client: str) -> None:
    window = budget.window(limit, client)
    response.headers["X-RateLimit-Limit"] = str(limit.amount)
    response.headers["X-RateLimit-Remaining"] = str(window.remaining)
    response.headers["X-RateLimit-Reset"] = str(int(window.reset_time + 1))


def game_creation_limit(view: View) -> View:
    """The decorator of every view that creates a game: refuses (429) once the client's budget
    is spent, and spends it when the answer says a game was created."""

    @functools.wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        budget: Budget | None = current_app.extensions.get(EXTENSION)
        if budget is None:
            return view(*args, **kwargs)
        client = client_address()
        refused = budget.exhausted(client)
        if refused is not None:
            @after_this_request
            def refusal_headers(response: Response) -> Response:
                _add_headers(response, budget, refused, client)
                return response

            reset = budget.window(refused, client).reset_time
            # "Come back then" (RFC 9110): said on the 429 alone.
            raise TooManyRequests(retry_after=max(1, math.ceil(reset - time.time())))

        @after_this_request
        def spend(response: Response) -> Response:
            if game_created(response):
                budget.spend(client)
            _add_headers(response, budget, budget.limits[0], client)
            return response

        return view(*args, **kwargs)

    return counted  # type: ignore[return-value]


def init_app(app: Flask) -> None:
    """The app's budget, from its configuration (none with ``RATELIMIT_ENABLED`` off)."""
    app.extensions.pop(EXTENSION, None)
    if not app.config.get("RATELIMIT_ENABLED", True):
        return
    limits = tuple(sorted(parse_many(str(app.config["GAME_CREATION_LIMIT"])),
                          key=lambda limit: limit.get_expiry()))
    storage = storage_from_string(app.config.get("RATELIMIT_STORAGE_URI") or "memory://")
    app.extensions[EXTENSION] = Budget(limits, FixedWindowRateLimiter(storage))
