"""A number as the table typed it: a form, or a card's token, may hold any string.

The pages read seats, counts and versions with ``small_number``, and the engine reads a card's
value with it, so that "12" is twelve everywhere and nothing else is a number.
"""

from __future__ import annotations

#: The most digits a typed number may have: more than any seat, count or version needs, and far
#: below the 4,300 digits past which ``int()`` itself raises ValueError.
MOST_DIGITS = 9


def small_number(text: object) -> int | None:
    """``text`` as a number when it is plain digits (ASCII, at most ``MOST_DIGITS``), else None.

    >>> small_number("12"), small_number("9" * 5000), small_number("²"), small_number("-1")
    (12, None, None, None)
    """
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= MOST_DIGITS:
        return int(text)
    return None
