"""A game's statistics and its score sheet (docs/api.md, "Statistics and the score sheet"). The figures
and the sheet's columns are the engine's, each game's family's (``GameFamily.statistics_json`` and
``sheet_rows``); this module only writes them out, as JSON and as CSV, every cell formula-safe."""

from __future__ import annotations

import csv
import io
import re
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


def score_sheet(state: rules.GameState) -> str:
    """The CSV score sheet: a header row, then one row per scored round, oldest first, as the
    game's family lays them out (``GameFamily.sheet_rows``)."""
    rows = state.settings.family.sheet_rows(state)
    out = io.StringIO()
    # Every text cell quoted (numbers stay plain integers), each one safe: whatever puts a name
    # in a cell, no cell can start a formula.
    csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC).writerows(
        [safe(cell) if isinstance(cell, str) else cell for cell in row] for row in rows)
    return out.getvalue()
