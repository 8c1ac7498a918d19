"""Players' names on the pages: each one isolated from the text around it, so a name written
right to left (or one that starts with a direction override such as U+202E) never reorders the
other names or the words beside it.

In HTML a name is a ``<bdi>`` (the ``who`` macro in ``game/_macros.html``); in plain text (the page
title, an ``aria-label``) it sits between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
ISOLATE (the ``isolate`` filter). ``name_list`` joins names the way the person's language does
(``names_list`` for plain text).
"""

from __future__ import annotations

from typing import Iterable

from babel.lists import format_list
from flask_babel import get_locale
from markupsafe import Markup, escape

FSI, PDI = "\u2068", "\u2069"


def isolate(name: object) -> str:
    """A name for plain text: isolated by FSI … PDI."""
    return f"{FSI}{name}{PDI}"


def name_list(names: Iterable[object]) -> Markup:
    """``Ana, Ben and Cleo`` in the person's language; each item keeps its own markup (a
    ``who`` macro's ``<bdi>``), the words between them are escaped."""
    items = [escape(n) for n in names]
    if not items:
        return Markup("")
    # Babel joins plain strings: join placeholders, then put the items back in.
    slots = [f"\x00{i}\x00" for i in range(len(items))]
    joined = str(escape(format_list(slots, locale=get_locale() or "en")))
    for i, item in enumerate(items):
        joined = joined.replace(slots[i], str(item))
    return Markup(joined)


def names_list(names: list[str]) -> str:
    """``Ana, Ben and Cleo`` in the person's language, as plain text."""
    return format_list(names, locale=get_locale() or "en") if names else ""
