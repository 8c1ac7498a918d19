"""Players' names on the pages: each one isolated from the text around it, so a name written
right to left (or one holding direction controls such as U+202E) never reorders the other names
or the words beside it.

In HTML a name is a ``<bdi>`` (the ``who`` macro in ``game/_macros.html``); in plain text (the page
title, meta tags, an SVG's text, a message) it sits between U+2068 FIRST STRONG ISOLATE and
U+2069 POP DIRECTIONAL ISOLATE (``isolate``, also the template filter). Either way the name is
first ``balanced``: a name's own U+2069 (or U+202C) with nothing of its own to close would close
the isolate around it early and let the rest of the line be reordered, and an embedding or
isolate it opens and never closes is closed at its end. Stored names are never changed: this
is how they are shown. ``name_list`` joins names the way the person's language does
(``names_list`` for plain text), each one isolated.
"""

from __future__ import annotations

from typing import Iterable
from unicodedata import bidirectional

from babel.lists import format_list
from flask_babel import get_locale
from markupsafe import Markup, escape

from companion.rules import Settings

FSI, PDI = "\u2068", "\u2069"
PDF = "\u202c"
#: LRE, RLE, LRO, RLO: closed by PDF. LRI, RLI, FSI: closed by PDI.
EMBEDDINGS = frozenset("\u202a\u202b\u202d\u202e")
ISOLATES = frozenset("\u2066\u2067\u2068")


def balanced(name: object) -> str:
    """``name`` with its direction controls balanced, as the Unicode bidirectional algorithm
    pairs them: a PDF or PDI that closes nothing of the name's own is left out, and whatever
    the name leaves open is closed at its end (a PDI closes the embeddings opened inside its
    isolate: they are closed just before it).

    >>> balanced("Ana\u2069\u202eboB") == "Ana\u202eboB\u202c"
    True
    """
    text = str(name)
    if not any("\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069" for ch in text):
        return text
    out: list[str] = []
    open_: list[str] = []  # the closer each open control waits for
    for ch in text:
        if ch in EMBEDDINGS:
            open_.append(PDF)
        elif ch in ISOLATES:
            open_.append(PDI)
        elif ch == PDF:
            if not open_ or open_[-1] != PDF:
                continue  # closes nothing of the name's own (an isolate is never closed by PDF)
            open_.pop()
        elif ch == PDI:
            if PDI not in open_:
                continue
            while (closer := open_.pop()) != PDI:
                out.append(closer)
        out.append(ch)
    out.extend(reversed(open_))
    return "".join(out)


#: The bidirectional classes that can move text around them: right-to-left letters (U+200F
#: RIGHT-TO-LEFT MARK among them), Arabic digits, and the explicit controls; and U+200E
#: LEFT-TO-RIGHT MARK, which can in a right-to-left neighbourhood.
LRM = "\u200e"
MOVING = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def needs_isolation(text: str) -> bool:
    """Whether ``text`` holds anything that could reorder the (left-to-right) text around it.
    A name of left-to-right letters, digits and punctuation alone cannot: it is shown as typed,
    with no invisible characters to copy along."""
    return not text.isascii() and any(bidirectional(ch) in MOVING or ch == LRM for ch in text)


def isolate(name: object) -> str:
    """A name for plain text: balanced, isolated by FSI … PDI (when it needs it). A text that
    already is one isolated name is left as it is."""
    text = str(name)
    if not needs_isolation(text):
        return text
    if text.startswith(FSI) and text.endswith(PDI) and balanced(text[1:-1]) == text[1:-1]:
        return text
    return f"{FSI}{balanced(text)}{PDI}"


def name_list(names: Iterable[object]) -> Markup:
    """``Ana, Ben and Cleo`` in the person's language; each item keeps its own markup (a
    ``who`` macro's ``<bdi>``, which isolates it), the words between them are escaped."""
    items = [escape(n) for n in names]
    if not items:
        return Markup("")
    # Babel joins plain strings: join numbered markers, then put the items back in.
    slots = [f"\x00{i}\x00" for i in range(len(items))]
    joined = str(escape(format_list(slots, locale=get_locale() or "en")))
    for i, item in enumerate(items):
        joined = joined.replace(slots[i], str(item))
    return Markup(joined)


def names_list(names: list[str]) -> str:
    """``Ana, Ben and Cleo`` in the person's language, as plain text, each name isolated."""
    return format_list([isolate(n) for n in names], locale=get_locale() or "en") if names else ""


def side_names(settings: Settings) -> tuple[str, ...]:
    """Each side as the table says it: a player, or a team's two players ("Ana & Cleo")."""
    return tuple(" & ".join(isolate(settings.players[s]) for s in settings.seats_of(side))
                 for side in settings.sides)
