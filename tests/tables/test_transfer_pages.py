"""The pages' side of export and import: the download links, and "Bring a table from a file" on
the home page (a new table this phone keeps; a refused file said at its field, in French)."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from companion.config import IMPORT_FORM_OVERHEAD
from companion.storage.models import db

from .conftest import ONE_CARD, Tables


def _document(at_table: Tables, games: int = 12) -> tuple[str, dict[str, Any]]:
    table_id, token = at_table.create()
    for number in range(games):
        game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
        at_table.play_one_card(game, number % 3)
    return table_id, at_table.client.get(f"/api/v1/tables/{table_id}/export").get_json()


def _send(client: FlaskClient, document: Any, key: str = "", csrf: str = "",
          **headers: str) -> Any:
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/import", data={"file": (io.BytesIO(data), "thursday.json"),
                                        "idempotency_key": key, "csrf_token": csrf},
                       content_type="multipart/form-data", headers=headers)


def _tables(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(text("SELECT count(*) FROM tables")).scalar_one())


def test_the_pages_offer_the_downloads(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f'href="/api/v1/tables/{table_id}/export" download' in page
    assert "Download everything" in page
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert f'href="/api/v1/games/{game.id}/export" download>Download this game' in page
    french = client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert (f'href="/api/v1/tables/{table_id}/export" download '
            'aria-describedby="table-export-hint">Tout télécharger' in french)
    french = client.get(f"/g/{game.id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert (f'href="/api/v1/games/{game.id}/export" download>Télécharger cette partie'
            in french)


def test_a_file_brought_from_the_home_page_is_a_table_this_phone_keeps(
        app: Flask, client: FlaskClient, at_table: Tables) -> None:
    table_id, document = _document(at_table, games=3)
    home = client.get("/").get_data(as_text=True)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', home)
    assert key is not None and "Bring a table from a file" in home
    answer = _send(client, document, key.group(1))
    assert answer.status_code == 303
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != table_id
    assert client.get(f"/api/v1/tables/{new_id}/games.csv").get_data() == \
        client.get(f"/api/v1/tables/{table_id}/games.csv").get_data()
    assert f'href="/t/{new_id}"' in client.get("/").get_data(as_text=True)  # this phone keeps it
    again = _send(client, document, key.group(1))  # a second tap: the same table
    assert again.status_code == 303 and again.headers["Location"].endswith(new_id)
    assert _tables(app) == 2


def test_a_broken_file_is_refused_at_its_field_in_french(app: Flask, client: FlaskClient,
                                                         at_table: Tables) -> None:
    _table_id, document = _document(at_table)
    before = _tables(app)
    broken = copy.deepcopy(document)
    broken["games"][9]["entries"][1] = {"kind": "tricks", "tricks": [1, 1, 0]}
    answer = _send(client, broken, Accept_Language="fr")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    error = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>', page)
    assert error is not None, page
    assert error.group(1).startswith("Partie 10, saisie 2 : ")
    assert 'aria-invalid="true" aria-describedby="import-file-error import-file-hint"' in page
    for bad, words in ((b"{not json", "pas un document JSON"),
                       (json.dumps({**document, "format_version": 2}).encode(), "plus récent"),
                       (b"", "Choisis un fichier")):
        answer = _send(client, bad, Accept_Language="fr")
        assert answer.status_code == 422
        assert words in answer.get_data(as_text=True)
    assert _tables(app) == before


def test_a_score_pad_file_comes_back_under_its_title_or_says_its_rule_in_french(
        app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/v1/games", json={
        "ruleset": "score-pad", "players": ["Ana", "Ben", "Cleo"], "title": "Rummy",
        "options": {"zero_sum": True}})
    game = made.get_json()["game"]
    token = made.get_json()["edit_token"]
    for points in ([5, -2, -3], [-1, 0, 1]):
        game = client.post(f"/api/v1/games/{game['id']}/points",
                           json={"version": game["version"], "points": points},
                           headers={"Authorization": f"Bearer {token}"}).get_json()
    document = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    before = _tables(app)
    broken = copy.deepcopy(document)
    broken["games"][0]["entries"][1]["points"] = [-1, 0, 2]
    answer = _send(client, broken, Accept_Language="fr")
    assert answer.status_code == 422
    error = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                      answer.get_data(as_text=True))
    assert error is not None
    assert error.group(1).startswith("Partie 1, saisie 2 : Le total fait 1 ; ")
    assert _tables(app) == before
    answer = _send(client, document)
    assert answer.status_code == 303
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    table = client.get(f"/api/v1/tables/{new_id}").get_json()
    assert table["name"].startswith("Rummy · ")
    assert table["games"][0]["title"] == "Rummy"


#: The largest file the home page brings in: the API's limit for a document.
MIB_16 = 16 * 1024 * 1024


def _padded(document: dict[str, Any], size: int) -> bytes:
    """``document`` as a file of exactly ``size`` bytes (a field no reader knows, padded)."""
    data = json.dumps({**document, "pad": ""}).encode()
    data = json.dumps({**document, "pad": "x" * (size - len(data))}).encode()
    assert len(data) == size
    return data


def _file_error(answer: Any) -> str:
    found = re.search(r'<p class="field-error" id="import-file-error">([^<]*)</p>',
                      answer.get_data(as_text=True))
    assert found is not None, answer.get_data(as_text=True)[:2000]
    return found.group(1)


def test_a_file_of_16_mib_comes_in_whole_from_the_home_page(
        app: Flask, client: FlaskClient, at_table: Tables) -> None:
    # Its multipart wrapping took the body over 16 MiB: "Too much at once", for a file the
    # API's import takes.
    table_id, document = _document(at_table, games=2)
    answer = _send(client, _padded(document, MIB_16))
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/v1/tables/{new_id}/games.csv").get_data() == \
        client.get(f"/api/v1/tables/{table_id}/games.csv").get_data()


def test_a_file_over_16_mib_is_said_at_the_file_field(make_app: Any) -> None:
    """Over 16 MiB (a byte more, or a body past the form's allowance, met as the CSRF check
    reads the form), the home page comes back, 413, the reason at the file field in the
    person's language; nothing is created. Any other page keeps its "Too much at once"."""
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    assert csrf is not None
    document = {"format": "companion-export", "format_version": 1,
                "table": {"name": "Thursday", "renames": []}, "games": []}
    for size in (MIB_16 + 1, MIB_16 + IMPORT_FORM_OVERHEAD + 1):
        answer = _send(client, _padded(document, size), csrf=csrf.group(1),
                       Accept_Language="fr")
        assert answer.status_code == 413
        assert _file_error(answer) == ("Ce fichier est trop lourd : Companion accepte des "
                                       "fichiers jusqu’à 16 Mio.")
        page = answer.get_data(as_text=True)
        assert 'aria-invalid="true" aria-describedby="import-file-error import-file-hint"' in page
        assert 'name="idempotency_key"' in page  # the form, ready for another file
    answer = _send(client, _padded(document, MIB_16 + 1), csrf=csrf.group(1))
    assert _file_error(answer) == ("This file is too large: Companion brings in files of up "
                                   "to 16 MiB.")
    assert _tables(app) == 0
    other = client.post("/new", data={"players-0": "x" * 70_000})
    assert other.status_code == 413 and "Too much at once" in other.get_data(as_text=True)
