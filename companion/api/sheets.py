"""A game's statistics and its score sheet (docs/api.md, "Statistics and the score sheet"). The figures
and the sheet's columns are the engine's, each game's family's (``GameFamily.statistics_json`` and
``sheet_rows``); this module only writes them out, as JSON and as CSV, every cell formula-safe."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from companion import rules

#: A cell starting with one of these could run as a formula in a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Where a spreadsheet set to the other separator starts a cell inside a quoted one: after a
#: ``;`` or ``,`` (and the quotes it then reads as the cell's own), before a formula character.
_INNER_FORMULA = re.compile(r'([;,]"*)(?=[=+\-@\t\r])')


def safe(name: str) -> str:
    """A name (or a cell holding one) as typed, unless a spreadsheet would read it as a formula:
    then behind a ``'`` (docs/api.md, "Statistics and the score sheet"). The file is comma-separated
    with every text cell quoted, but a spreadsheet set to ``;`` (French and Italian settings)
    splits a ``;`` inside a name too; so each part that follows a ``;`` or ``,`` inside the name
    is written behind a ``'`` when it starts as a formula would.

    >>> safe("Ana"), safe("=1+1"), safe("-Ben"), safe(";=1+1;")
    ('Ana', "'=1+1", "'-Ben", ";'=1+1;")
    """
    if name.startswith(FORMULA_STARTS):
        name = "'" + name
    return _INNER_FORMULA.sub(r"\1'", name) if (";" in name or "," in name) else name


def statistics_json(state: rules.GameState) -> dict[str, Any]:
    """The statistics object of docs/api.md for any game, as its family writes it
    (``GameFamily.statistics_json``)."""
    return state.settings.family.statistics_json(state)


class _Line:
    """Where a ``csv.writer`` writes a row: kept alone until the next (it writes one line a
    row), not gathered in a buffer that keeps the size of the longest."""

    text = ""

    def write(self, text: str) -> int:
        self.text = text
        return len(text)


def csv_lines(rows: Iterable[Sequence[object]]) -> Iterator[str]:
    """Each row as one CSV line, as it comes: every text cell quoted, numbers plain, ``\\r\\n``
    (the sheets' one dialect: a ``;`` or ``,`` in a name never splits its cell)."""
    line = _Line()
    writer = csv.writer(line, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)
    for row in rows:
        writer.writerow(row)
        yield line.text


def score_sheet(state: rules.GameState) -> Iterator[str]:
    """The CSV score sheet, line by line: a header row, then one row per scored round, oldest
    first, as the game's family lays them out (``GameFamily.sheet_rows``)."""
    # Every cell safe: whatever puts a name in a cell, no cell can start a formula.
    return csv_lines([safe(cell) if isinstance(cell, str) else cell for cell in row]
                     for row in state.settings.family.sheet_rows(state))
