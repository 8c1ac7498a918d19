"""The score sheet opens safely in a spreadsheet set to either separator (docs/api.md, "Statistics
and the score sheet"): split on ``,`` (the file's own) or on ``;`` (French and Italian
settings), no cell starts a formula, and a name holding ``;`` or ``,`` stays one cell of the
file's own reading."""

from __future__ import annotations

import csv
import io

import pytest
from flask.testing import FlaskClient

from .client import Api

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Names as typed, each one a way into a formula.
NAMES = [";=1+1;", "=SUM(A1)", "a,=2+3", "b;+cmd|' /C calc'!A0", 'c;"=HYPERLINK(1)',
         "d;;@x", "-e", "f,-g;=h", "Ana; Ben, Cleo"]


def _sheet(client: FlaskClient, ruleset: str, players: list[str], writes: list[tuple[str, dict]]) -> str:
    api = Api(client)
    options = {"schedule": "up"} if ruleset == "oh-hell" else {}
    game = api.create(ruleset, players, first_dealer=0, options=options)
    for path, fields in writes:
        api.write(game, path, fields)
    response = client.get(f"/api/v1/games/{game.id}/scores.csv")
    assert response.status_code == 200
    return response.get_data().decode("utf-8")


def _cells(text: str, delimiter: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def _is_number(cell: str) -> bool:
    try:
        int(cell)
    except ValueError:
        return False
    return True


def _no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert _is_number(cell) or not cell.startswith(FORMULA_STARTS), (cell, row)


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_no_cell_starts_a_formula_with_either_separator(client: FlaskClient, delimiter: str) -> None:
    sheets = []
    for three in (NAMES[0:3], NAMES[3:6], NAMES[6:9]):
        sheets.append(_sheet(client, "oh-hell", three, [
            ("bids", {"bids": [1, 0, 1]}), ("tricks", {"tricks": [0, 1, 0]})]))
    sheets.append(_sheet(client, "seven-up", [NAMES[0], NAMES[3]], [
        ("hands", {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 1, "jack": None,
                   "game": 1})]))
    sheets.append(_sheet(client, "seven-up", [NAMES[0], "Ben", NAMES[4], "Dev"], [
        ("hands", {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 1, "jack": None,
                   "game": 0})]))
    for text in sheets:
        _no_formula(_cells(text, delimiter))


def test_names_with_separators_stay_one_cell(client: FlaskClient) -> None:
    text = _sheet(client, "oh-hell", NAMES[0:3], [("bids", {"bids": [1, 0, 1]}),
                                                  ("tricks", {"tricks": [0, 1, 0]})])
    header, row = _cells(text, ",")
    # Round, hand size, dealer, then four columns a player: every cell where it belongs.
    assert len(header) == len(row) == 3 + 4 * 3
    assert header[3::4] == [";'=1+1; bid", "'=SUM(A1) bid", "a,'=2+3 bid"]
    assert row[2] == ";'=1+1;"  # the dealer, seat 0
    # Every text cell is quoted; numbers are plain integers.
    lines = text.split("\r\n")
    assert lines[0].startswith('"round","hand_size","dealer",')
    assert lines[1].startswith('1,')


def test_plain_names_are_written_as_typed(client: FlaskClient) -> None:
    text = _sheet(client, "oh-hell", ["Ana", "Ben 🎩", "Chloé, la reine"], [
        ("bids", {"bids": [1, 0, 1]}), ("tricks", {"tricks": [0, 1, 0]})])
    header, row = _cells(text, ",")
    assert header[3::4] == ["Ana bid", "Ben 🎩 bid", "Chloé, la reine bid"]
    assert row[2] == "Ana"
