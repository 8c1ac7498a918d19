"""The import door, bounded (docs/api.md, the 503 row and "Bounds"): a body holding more objects
and lists than any importable document could is refused before it is parsed (it took 927 MB to
parse 5.6 million ``{}``), and a worker holding as many imports as it may answers the next 503
``unavailable`` with ``Retry-After``, nothing created and nothing spent of the creation limit;
the home page's file form says both at the file field, in the visitor's language."""

from __future__ import annotations

import io
import json
import re
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text

from companion.config import imports_in_flight
from companion.http import import_door
from companion.storage import transfer
from companion.storage.models import db

MIB = 1024 * 1024


def _counts(app: Flask) -> tuple[int, ...]:
    with app.app_context():
        return tuple(db.session.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
                     for name in ("tables", "games", "idempotency_keys"))


def _pad(rounds: int) -> dict[str, Any]:
    return {"ruleset": "score-pad", "title": "Rummy", "options": {}, "players": ["Ana", "Ben"],
            "first_dealer": 0, "started": "2026-11-26T19:02:11Z",
            "entries": [{"kind": "points", "points": [1, -1]}] * rounds}


def _document(*games: Any) -> dict[str, Any]:
    return {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-03T20:15:00Z",
            "table": {"name": "Thursday cards", "renames": []}, "games": list(games)}


def _file(app: Flask, data: bytes, language: str = "fr") -> tuple[int, str, Any]:
    """The home page's file form: its status, what the file field says, its headers."""
    answer = app.test_client().post(
        "/import", data={"file": (io.BytesIO(data), "thursday.json"), "idempotency_key": "",
                         "csrf_token": ""},
        content_type="multipart/form-data", headers={"Accept-Language": language})
    found = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                      answer.get_data(as_text=True))
    return answer.status_code, found.group(1).replace("&#39;", "'") if found else "", \
        answer.headers


# --- a body's objects and lists, counted before it is parsed ------------------------------------

#: 16 MiB of ``{}`` in a document's games: 5.6 million objects, a legal size.
EMPTIES = (b'{"format":"companion-export","format_version":1,"table":null,"games":['
           + b",".join([b"{}"] * 5_590_000) + b"]}")


def test_a_body_of_millions_of_objects_is_refused_before_it_is_built(app: Flask) -> None:
    assert len(EMPTIES) <= 16 * MIB
    before = _counts(app)
    client = app.test_client()
    tracemalloc.start()
    try:
        answer = client.post("/api/v1/tables/import", data=EMPTIES,
                             content_type="application/json")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert answer.status_code == 422, answer.get_data(as_text=True)[:300]
    error = answer.get_json()["error"]
    assert error["code"] == "import" and error["field"] is None
    assert "5590002 objects and lists" in error["message"]
    # The body and the request's copies of it (a few times 16 MiB), nothing built from it: the
    # parse alone took 425 MB (tracemalloc; 927 MB of the worker).
    assert peak < 120 * MIB, peak / MIB
    assert _counts(app) == before
    status, said, _headers = _file(app, EMPTIES)
    assert status == 422
    assert said == ("Ce fichier n’est pas un export de Companion : il contient plus qu’aucun "
                    "export ne pourrait contenir.")
    assert _counts(app) == before


def test_the_densest_importable_document_passes_the_count() -> None:
    """16 MiB of two players' games of the shortest entries (a Spades bid of 2 is 28 bytes
    and 2 containers; a score pad's round 33) stays under the bound."""
    entry = b'{"kind":"bids","bids":[1,1]},{"kind":"tricks","tricks":[1,0]}'
    game = (b'{"ruleset":"spades","title":null,"options":{},"players":["A","B"],'
            b'"first_dealer":0,"started":"2026-11-26T19:02:11Z","entries":['
            + b",".join([entry] * 1000) + b"]}")
    body = b'{"format":"companion-export","format_version":1,"table":{"name":"T"},"games":['
    body += b",".join([game] * (16 * MIB // (len(game) + 1))) + b"]}"
    assert len(body) <= 16 * MIB
    transfer.counted(body)  # no refusal
    assert body.count(b"{") + body.count(b"[") > transfer.CONTAINERS_MAX * 0.7


# --- at most IMPORTS_IN_FLIGHT at once ---------------------------------------------------------

@pytest.fixture
def door_full(app: Flask) -> Iterator[None]:
    """Every place of this process's door taken, as by imports in flight."""
    most = int(app.config["IMPORTS_IN_FLIGHT"])
    import_door.DOOR.held += most
    try:
        yield
    finally:
        import_door.DOOR.held -= most


def test_the_next_import_is_a_503_and_spends_nothing(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="1 per hour")
    assert app.config["IMPORTS_IN_FLIGHT"] == 2  # the default (README, "Configuration")
    document = _document(_pad(3))
    before = _counts(app)
    import_door.DOOR.held += 2
    try:
        client = app.test_client()
        answer = client.post("/api/v1/tables/import", json=document,
                             headers={"Idempotency-Key": "k" * 22})
        assert answer.status_code == 503
        assert answer.get_json()["error"]["code"] == "unavailable"
        assert "imports" in answer.get_json()["error"]["message"]
        assert int(answer.headers["Retry-After"]) >= 1
        status, said, headers = _file(app, json.dumps(document).encode())
        assert status == 503 and int(headers["Retry-After"]) >= 1
        assert said == ("Le serveur fait déjà entrer d’autres fichiers : rien n’a été créé. "
                        "Attends quelques secondes, puis renvoie ce fichier.")
        assert _counts(app) == before
    finally:
        import_door.DOOR.held -= 2
    # Nothing was spent of the creation limit (1 per hour), and the places are free again.
    made = app.test_client().post("/api/v1/tables/import", json=document)
    assert made.status_code == 201, made.get_json()
    assert import_door.DOOR.held == 0


def test_one_place_free_lets_an_import_in(app: Flask) -> None:
    import_door.DOOR.held += 1  # one of the two places taken
    try:
        assert app.test_client().post("/api/v1/tables/import",
                                      json=_document(_pad(3))).status_code == 201
    finally:
        import_door.DOOR.held -= 1
    assert import_door.DOOR.held == 0


@pytest.mark.parametrize("value", ["0", "-1", "two", True, ""])
def test_a_number_of_imports_that_is_none_is_refused_at_start(value: object) -> None:
    with pytest.raises(ValueError, match="IMPORTS_IN_FLIGHT"):
        imports_in_flight(value)
    assert imports_in_flight("3") == 3 and imports_in_flight(1) == 1


def test_the_description_says_the_503_and_the_count(client: Any) -> None:
    described = client.get("/api/v1/openapi.json").get_json()
    answers = described["paths"]["/tables/import"]["post"]["responses"]
    assert "IMPORTS_IN_FLIGHT" in answers["503"]["description"]
    assert "Retry-After" in answers["503"]["headers"]
    assert f"{transfer.CONTAINERS_MAX:,}" in answers["422"]["description"]
