"""The one exception the engine raises when the table breaks a rule."""

from __future__ import annotations

import json
import reprlib
from typing import Any

#: Every stable code a RuleError may carry (docs/api.md, the 422 codes).
CODES = frozenset(
    {
        "ruleset",
        "players",
        "phase",
        "bid-range",
        "hook",
        "card-reused",
        "duplicate-card",
        "tricks-total",
        "tricks-range",
        "seat",
        "gift-would-win",
        "hand",
        "points-range",
        "points-total",
        "blind-nil",
        "side-bid",
        "trump",
    }
)


class RuleError(ValueError):
    """An entry or a setting against the rules.

    ``code`` is the stable API code; ``reason`` a finer stable key the web layer uses to pick a
    translated message; ``params`` the values that message names; ``field`` the input at fault
    (``"bids"``, ``"tricks"``, ``"players"``, ``"high"``, …) and ``seat`` the player at fault,
    when there is one. ``message`` is the English text.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        reason: str | None = None,
        field: str | None = None,
        seat: int | None = None,
        **params: Any,
    ) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason or code
        self.field = field
        self.seat = seat
        self.params: dict[str, Any] = params

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict, _SHOWN.maxstring, _SHOWN.maxother = 2, 6, 6, 40, 40


def shown(value: object) -> str:
    """A value sent in a JSON body, for a message, as JSON writes it (``null``, ``true``,
    ``"4"``: the client sent JSON, not Python), kept short whatever was sent: a value nested a
    thousand deep makes ``repr`` itself fail, and a long one would fill the message.

    >>> shown(None), shown(True), shown("4"), shown(2.5)
    ('null', 'true', '"4"', '2.5')
    >>> shown([[[[1]]]]), shown("x" * 100)[:12], len(shown("x" * 100))
    ('[[[...]]]', '"xxxxxxxxxxx', 42)
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 42 else text[:40] + "…\""
    return _SHOWN.repr(value)  # a list or an object where one value was expected: rare
