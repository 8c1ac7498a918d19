"""The names of the files the app hands out (docs/api.md, "Downloads"): one rule for every one of
them, a game's score sheet, export and standings image as a table's games sheet, export and
image: the game's or the table's name, then the day, "Hearts 2026-12-07.csv".

The name is kept as typed (letters with their accents, digits, spaces, punctuation) but for what
a file's name may not hold on some system the file lands on: path separators, the characters
Windows refuses, and control or format characters (a right-to-left override could make
"gpj.exe" read "exe.jpg"); each becomes a space. The header says it twice (RFC 6266): as typed
in ``filename*``, and in plain ASCII in ``filename`` for the clients that read that alone.

    >>> from datetime import date
    >>> file_name('Nonna\\'s "best" / Café', date(2026, 12, 7), "csv")
    "Nonna's best Café 2026-12-07.csv"
    >>> disposition("Café 2026-12-07.csv")
    'attachment; filename="Cafe 2026-12-07.csv"; filename*=UTF-8\\'\\'Caf%C3%A9%202026-12-07.csv'
"""

from __future__ import annotations

import unicodedata
from datetime import date, datetime, timezone
from typing import TypeVar
from urllib.parse import quote

from werkzeug.wrappers import Response

from companion.rules import Settings
from companion.storage import table_store

#: What no file name holds, besides the control and format characters: path separators and
#: what Windows refuses.
_NOT_IN_FILE_NAMES = frozenset('/\\:*?"<>|')
#: The most characters kept of a name (a table's name or a title is at most 40).
MOST = 80

AnyResponse = TypeVar("AnyResponse", bound=Response)


def _kept(character: str) -> bool:
    return (character not in _NOT_IN_FILE_NAMES
            and unicodedata.category(character)[0] != "C"  # control, format, unassigned…
            and unicodedata.category(character) not in ("Zl", "Zp"))  # line breaks


def _plain_words(text: str) -> str:
    """``text`` on one line, its runs of spaces one space, with no dot or space at either end
    (a leading dot hides a file, a trailing one is dropped by Windows)."""
    return " ".join(text.split()).strip(" .")


def file_name(name: str, day: date, extension: str) -> str:
    """A download's name: ``name`` made safe, the day (ISO 8601), the extension. A name with
    nothing left is the day alone."""
    safe = "".join(c if _kept(c) else " " for c in unicodedata.normalize("NFC", name))
    stem = _plain_words(_plain_words(safe)[:MOST])
    return f"{stem} {day.isoformat()}.{extension}" if stem else f"{day.isoformat()}.{extension}"


def _utc_day(moment: datetime) -> date:
    """The day of a moment in UTC, as the API's dates are (a naive one is UTC already)."""
    return (moment if moment.tzinfo is None else moment.astimezone(timezone.utc)).date()


def game_file_name(settings: Settings, started: datetime, extension: str) -> str:
    """A game's downloads: a score pad's title, else the game's name (as the API says it, in
    every language: "Oh Hell"), and the day it started."""
    return file_name(settings.title or settings.ruleset.name, _utc_day(started), extension)


def table_file_name(state: table_store.TableState, extension: str) -> str:
    """A table's downloads: its name and the day of its newest game (of its making, before
    any), the day its figures last moved."""
    return file_name(state.table.name, _utc_day(table_store.last_played(state)), extension)


def table_file_name_at(table: table_store.StoredTable, newest_start: datetime | None,
                       extension: str) -> str:
    """``table_file_name`` from the start of the table's newest game (``None``: none yet, the
    day the table was made), for a download that reads no more of the table (its export)."""
    day = _utc_day(newest_start) if newest_start is not None else \
        table_store.started_at(table).date()
    return file_name(table.name, day, extension)


def disposition(name: str, kind: str = "attachment") -> str:
    """The ``Content-Disposition`` of a file named ``name`` (made by ``file_name``): ``kind``
    ("attachment", or "inline" for an image a page also shows), then the name in ASCII (accents
    dropped, what has no ASCII form left out) and as typed."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    plain = _plain_words(folded.replace("%", " "))  # some clients decode a % in filename
    return f"{kind}; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


def named(response: AnyResponse, name: str, kind: str = "attachment") -> AnyResponse:
    """``response`` downloaded as ``name``."""
    response.headers["Content-Disposition"] = disposition(name, kind)
    return response


__all__ = ["MOST", "disposition", "file_name", "game_file_name", "named", "table_file_name",
           "table_file_name_at"]
