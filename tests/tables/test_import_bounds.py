"""docs/api.md, "Bounds", through the import door: no legal document or shape answers 500, a
game's start is kept from 1900 to 2200, and a document over any bound (entries, players,
renames, games) is refused with 422 ``import`` naming its place, before anything is written,
from the API and from the home page's file form alike."""

from __future__ import annotations

import copy
import io
import json
import re
import secrets
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from companion.rules import bounds, table_games
from companion.storage.models import db

from .conftest import ONE_CARD


def _counts(app: Flask) -> tuple[int, ...]:
    with app.app_context():
        return tuple(db.session.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
                     for name in ("tables", "games", "idempotency_keys"))


def _game(players: list[str], entries: list[dict[str, Any]] | None = None,
          started: str = "2026-11-26T19:02:11Z") -> dict[str, Any]:
    """An Oh Hell game of one card, as an export writes it."""
    return {"ruleset": "oh-hell", "title": None, "options": ONE_CARD, "players": players,
            "first_dealer": 0, "started": started, "entries": entries or []}


def _pad(points: int, started: str = "2026-11-26T19:02:11Z") -> dict[str, Any]:
    """A score pad of two, ``points`` rounds long."""
    return {"ruleset": "score-pad", "title": "Rummy", "options": {}, "players": ["Ana", "Ben"],
            "first_dealer": 0, "started": started,
            "entries": [{"kind": "points", "points": [1, -1]}] * points}


def _document(*games: dict[str, Any], renames: list[dict[str, str]] | None = None
              ) -> dict[str, Any]:
    return {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-03T20:15:00Z",
            "table": {"name": "Thursday cards", "renames": renames or []}, "games": list(games)}


PLAYED = [{"kind": "bids", "bids": [0, 0, 0]}, {"kind": "tricks", "tricks": [1, 0, 0]}]


def _refused(app: Flask, document: Any, field: str) -> dict[str, Any]:
    """The API's 422 ``import`` at ``field``, and nothing written: no table, game or key."""
    before = _counts(app)
    answer = app.test_client().post("/api/v1/tables/import", json=document,
                                    headers={"Idempotency-Key": secrets.token_urlsafe(16)})
    assert answer.status_code == 422, answer.get_data(as_text=True)[:500]
    error = answer.get_json()["error"]
    assert error["code"] == "import" and error["field"] == field, error
    assert error["message"].startswith(f"{field}: ")
    assert _counts(app) == before
    return error  # type: ignore[no-any-return]


def _file_error(app: Flask, document: Any, language: str = "fr") -> str:
    """The home page's file form: 422, the reason at the file field, nothing written."""
    before = _counts(app)
    data = json.dumps(document).encode()
    answer = app.test_client().post(
        "/import", data={"file": (io.BytesIO(data), "thursday.json"), "idempotency_key": "",
                         "csrf_token": ""},
        content_type="multipart/form-data", headers={"Accept-Language": language})
    assert answer.status_code == 422, answer.get_data(as_text=True)[:500]
    found = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                      answer.get_data(as_text=True))
    assert found is not None
    assert _counts(app) == before
    return found.group(1).replace("&#39;", "'")


# --- the four shapes that answered 500 ----------------------------------------------------------

@pytest.mark.parametrize("started", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_start_that_overflows_is_refused_at_its_field(app: Flask, started: str) -> None:
    document = _document(_game(["Ana", "Ben", "Cleo"], PLAYED),
                         _game(["Ana", "Ben", "Cleo"], PLAYED, started=started))
    error = _refused(app, document, "games[1].started")
    assert "1900" in error["message"] and "2200" in error["message"]
    assert _file_error(app, document) == ("Partie 2 : sa date de début n’est pas une date que "
                                          "Companion garde (de 1900 à 2200).")


@pytest.mark.parametrize("kind", [["bids"], {"kind": "bids"}])
def test_an_entry_whose_kind_is_no_text_is_refused_at_its_field(app: Flask, kind: Any) -> None:
    entries = copy.deepcopy(PLAYED)
    entries[1]["kind"] = kind
    document = _document(_game(["Ana", "Ben", "Cleo"], PLAYED), _game(["Ana", "Ben", "Cleo"],
                                                                      entries))
    error = _refused(app, document, "games[1].entries[1]")
    assert "unknown entry kind" in error["message"]
    assert _file_error(app, document).startswith("Partie 2, saisie 2 : ")


# --- when a game may have started ---------------------------------------------------------------

@pytest.mark.parametrize("started", ["1899-12-31T23:59:59.999999Z", "1900-01-01T00:30:00+01:00",
                                     "2201-01-01T00:00:00Z", "2200-12-31T23:30:00-01:00",
                                     "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])
def test_a_start_outside_1900_to_2200_utc_is_refused(app: Flask, started: str) -> None:
    _refused(app, _document(_game(["Ana", "Ben", "Cleo"], started=started)), "games[0].started")


@pytest.mark.parametrize("started", ["1900-01-01T00:00:00Z", "1900-01-01T00:30:00-01:00",
                                     "2200-12-31T23:59:59.999999Z"])
def test_a_start_within_the_years_comes_in_as_it_was(app: Flask, client: FlaskClient,
                                                     started: str) -> None:
    made = client.post("/api/v1/tables/import", json=_document(_game(["Ana", "Ben", "Cleo"],
                                                                     started=started)))
    assert made.status_code == 201, made.get_json()
    table = made.get_json()["table"]
    assert table["games"][0]["started"][:4] in ("1900", "2200")
    assert client.get(f"/t/{table['id']}").status_code == 200
    assert client.get(table["games"][0]["links"]["share"]).status_code == 200


# --- the bounds, as they are -------------------------------------------------------------------

def test_a_game_of_more_than_2000_entries_is_refused_before_it_is_read(app: Flask) -> None:
    assert bounds.ENTRIES_MAX == 2000
    document = _document(_pad(3), _pad(2001))
    error = _refused(app, document, "games[1].entries[2000]")
    assert "at most 2000 entries" in error["message"]
    assert _file_error(app, document) == ("Partie 2 : elle contient plus de saisies qu’une "
                                          "partie n’en garde (au plus 2\u202f000).")
    assert _file_error(app, document, "it") == ("Partita 2: contiene più voci di quante una "
                                                "partita ne tenga (al massimo 2.000).")


def test_a_table_of_more_than_100_players_is_refused_at_the_game_that_brings_the_101st(
        app: Flask) -> None:
    assert table_games.PLAYERS_MAX == 100
    # 33 games of three new players each (99), then Ana again (the same player, renamed or
    # not) and one more: 100, all welcome; the next game brings the 101st.
    games = [_game([f"P{3 * i}", f"P{3 * i + 1}", f"P{3 * i + 2}"]) for i in range(33)]
    games.append(_game(["p0", "Nonna", "P5"]))  # "p0" is P0: one new player, Nonna
    games.append(_game(["P1", "Grandma", "P7"]))  # Grandma is Nonna, renamed: no one new
    document = _document(*games, renames=[{"from": "Nonna", "to": "Grandma"}])
    assert app.test_client().post("/api/v1/tables/import", json=document).status_code == 201
    document["games"].append(_game(["P2", "Zoe", "P8"]))
    error = _refused(app, document, "games[35]")
    assert "at most 100 players" in error["message"]
    assert _file_error(app, document) == ("Partie 36 : elle amène plus de joueurs qu’une table "
                                          "n’en compte (au plus 100).")


def test_a_table_of_more_than_100_renames_is_refused(app: Flask) -> None:
    assert table_games.RENAMES_MAX == 100
    renames = [{"from": f"P{i}", "to": f"Q{i}"} for i in range(101)]
    document = _document(_game(["Ana", "Ben", "Cleo"]), renames=renames)
    error = _refused(app, document, "table.renames[100]")
    assert "at most 100 renames" in error["message"]
    assert _file_error(app, document) == ("Ce fichier contient plus de changements de nom "
                                          "qu’une table n’en garde (au plus 100).")
    document["table"]["renames"] = renames[:100]
    assert app.test_client().post("/api/v1/tables/import", json=document).status_code == 201


def test_a_table_of_more_than_10000_games_is_refused_before_any_is_read(app: Flask) -> None:
    assert bounds.GAMES_MAX == 10_000
    document = _document(*[{}] * 10_001)  # counted, never read: no game here is even valid
    error = _refused(app, document, "games[10000]")
    assert "at most 10000 games" in error["message"]
    assert _file_error(app, document) == ("Ce fichier contient plus de parties qu’une table "
                                          "n’en garde (au plus 10\u202f000).")


def test_a_document_over_a_bound_late_in_it_writes_nothing(app: Flask,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """All or nothing: games before the one over its bound are replayed and good, and still no
    table and no game is written."""
    monkeypatch.setattr(bounds, "ENTRIES_MAX", 4)
    games = [_game(["Ana", "Ben", "Cleo"], PLAYED) for _ in range(5)]
    games.append(_pad(5))
    _refused(app, _document(*games), "games[5].entries[4]")
    games[-1] = _pad(4)
    assert app.test_client().post("/api/v1/tables/import",
                                  json=_document(*games)).status_code == 201


def test_the_bounds_of_a_one_game_document(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "ENTRIES_MAX", 2)
    document = {**_document(_pad(3)), "table": None}
    _refused(app, document, "games[0].entries[2]")
