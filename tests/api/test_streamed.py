"""docs/api.md, "Bounds": long lists are streamed. ``scores.csv``, a table's ``games.csv`` and
both exports are written as they are read (no ``Content-Length``), byte for byte what the whole
text was, with a worker's memory flat in their size: a table's export or games sheet made with
a small part of what it writes ever held at once."""

from __future__ import annotations

import csv
import gc
import io
import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from companion.api.serialize import dumps
from companion.api.sheets import safe
from companion.storage import store, table_store
from tests.tables.test_transfer import _build
from tests.tables.transfer_games import BUILDERS


def _whole_csv(rows: Any) -> bytes:
    """A sheet as the whole text was written before it was streamed."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC).writerows(rows)
    return out.getvalue().encode("utf-8")


def _streamed(response: Any) -> bytes:
    assert response.status_code == 200
    assert response.is_streamed
    assert "Content-Length" not in response.headers
    assert response.headers["ETag"].startswith('W/"')
    assert response.headers["Content-Disposition"].startswith("attachment; ")
    return response.get_data()  # type: ignore[no-any-return]


def _games_csv_before(app: Flask, table_id: str) -> bytes:
    """``games.csv`` as its whole text was written: one row per game, newest first."""
    with app.app_context():
        state = table_store.table_state(table_store.load_table(table_id))
        names = [p.name for p in state.figures.players]
        renames = state.table.renames
        column = {renames.key(name): i for i, name in enumerate(names)}
        rows: list[list[object]] = [
            ["started", "ruleset", "title", "status", "players", "winners",
             *(f"{safe(name)} score" for name in names)]]
        for game in table_store.played_games(state.versions)[::-1]:
            shown = table_store.table_names(state, game)
            scores: list[object] = [None] * len(names)
            for seat, name in enumerate(game.names):
                scores[column[renames.key(name)]] = game.scores[seat]
            rows.append([
                table_store.started(game).isoformat().replace("+00:00", "Z"), game.ruleset,
                None if game.title is None else safe(game.title),
                "finished" if game.finished else "in_progress",
                " · ".join(safe(n) for n in shown),
                " · ".join(safe(shown[seat]) for seat in game.winners), *scores])
        return _whole_csv(rows)


def test_every_download_is_streamed_and_its_bytes_unchanged(app: Flask,
                                                            client: FlaskClient) -> None:
    """A table with games of every ruleset (undo, corrections, redeals, finished and not):
    each download comes in pieces, and its bytes are the whole text's."""
    table_id = _build(client, BUILDERS)
    game_ids = [g["id"] for g in client.get(f"/api/v1/tables/{table_id}").get_json()["games"]]
    assert len(game_ids) >= len(BUILDERS)  # every ruleset's, some twice
    for game_id in game_ids:
        sheet = _streamed(client.get(f"/api/v1/games/{game_id}/scores.csv"))
        with app.app_context():
            state = store.load_game(game_id).state
        assert sheet == _whole_csv([safe(c) if isinstance(c, str) else c for c in row]
                                   for row in state.settings.family.sheet_rows(state))
        alone = _streamed(client.get(f"/api/v1/games/{game_id}/export"))
        # The names here are ASCII: the bytes the API's JSON writer made of the whole document.
        assert alone == dumps(json.loads(alone)).encode()
    games = _streamed(client.get(f"/api/v1/tables/{table_id}/games.csv"))
    assert games == _games_csv_before(app, table_id)
    assert games.count(b"\r\n") == 1 + len(game_ids)
    document = _streamed(client.get(f"/api/v1/tables/{table_id}/export"))
    assert document == dumps(json.loads(document)).encode()
    assert len(json.loads(document)["games"]) == len(game_ids)
    # 304 as before, from the version alone.
    etag = client.get(f"/api/v1/tables/{table_id}/export").headers["ETag"]
    assert client.get(f"/api/v1/tables/{table_id}/export",
                      headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_a_streamed_export_is_compressed_piece_by_piece(client: FlaskClient,
                                                        encoding: str) -> None:
    """Compressed as it goes (never buffered whole to be compressed and cached), whatever
    coding the phone takes."""
    table_id = _build(client, {"oh-hell": BUILDERS["oh-hell"]})
    plain = client.get(f"/api/v1/tables/{table_id}/export").get_data()
    packed = client.get(f"/api/v1/tables/{table_id}/export",
                        headers={"Accept-Encoding": encoding})
    assert packed.is_streamed and "Content-Length" not in packed.headers
    assert packed.headers["Content-Encoding"] == encoding
    data = packed.get_data()
    if encoding == "br":
        import brotli

        assert brotli.decompress(data) == plain
    else:
        import gzip

        assert gzip.decompress(data) == plain


#: A table of many games: score pads of twelve long names, eight rounds each, every game a tie
#: (twelve winners on its row of the sheet); an import makes it quickly.
PLAYERS = [f"A rather long name n. {n:02d}" for n in range(12)]
TITLE = "The long evenings of the winter of 2020"


def _big_table(client: FlaskClient, games: int) -> str:
    entries = [{"kind": "points", "points": [r * 7 % 40 - 9] * 12}
               for r in range(8)] + [{"kind": "finish"}]
    document = {"format": "companion-export", "format_version": 1, "table": {"name": "Big"},
                "games": [{"ruleset": "score-pad", "players": PLAYERS, "title": TITLE,
                           "started": f"2020-01-01T{n // 3600 % 24:02d}:{n // 60 % 60:02d}:"
                                      f"{n % 60:02d}.{n:06d}Z", "entries": entries}
                          for n in range(games)]}
    made = client.post("/api/v1/tables/import", json=document)
    assert made.status_code == 201, made.get_json()
    return made.get_json()["table"]["id"]  # type: ignore[no-any-return]


def _peak_while_read(client: FlaskClient, path: str) -> tuple[int, int]:
    """The most memory Python held while the body of ``path`` was made and read piece by piece
    (the pieces let go as they come), and the body's size. What the collector frees (the
    cycles a context or a pooled connection leaves, each piece) is collected every 25 pieces:
    memory an answer lets go is not memory it holds."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        response = client.get(path, buffered=False)
        size = 0
        for number, piece in enumerate(response.response):
            size += len(piece)
            if number % 25 == 0:  # not after each piece: that took minutes
                gc.collect()
        response.close()
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, size


def test_a_big_tables_export_and_games_sheet_hold_little_memory(
        make_app: Callable[..., Flask]) -> None:
    app = make_app()
    client = app.test_client()
    table_id = _big_table(client, 2000)
    # The table's figures (every page of it reads them) are made and cached first, and each
    # download read once (its queries compiled, the modules' first allocations made): what is
    # measured is the writing of the sheet and of the export alone.
    assert client.get(f"/api/v1/tables/{table_id}").status_code == 200
    for path in ("export", "games.csv"):
        assert client.get(f"/api/v1/tables/{table_id}/{path}").status_code == 200
    for path in ("export", "games.csv"):
        peak, size = _peak_while_read(client, f"/api/v1/tables/{table_id}/{path}")
        assert size > 500_000, (path, size)
        assert peak < size / 4, (path, peak, size)


def test_an_export_holds_every_name_as_typed(client: FlaskClient) -> None:
    """Names in other scripts and with markup characters are written as UTF-8, as they came,
    not as six-byte escapes (so an export is no larger than the document it came from); the
    JSON reads back the same names."""
    names = ["Zoë", "Ἀθηνᾶ", "<b>&", "🂡 Ace"]
    made = client.post("/api/v1/games", json={"ruleset": "score-pad", "players": names,
                                              "title": "Café ♥"})
    assert made.status_code == 201, made.get_json()
    game_id = made.get_json()["game"]["id"]
    body = _streamed(client.get(f"/api/v1/games/{game_id}/export"))
    assert body == json.dumps(json.loads(body), ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8")
    document = json.loads(body)
    assert document["games"][0]["players"] == names
    assert document["games"][0]["title"] == "Café ♥"
    for name in names:
        assert name.encode("utf-8") in body
    assert rules.NAME_MAX >= max(len(n) for n in names)
