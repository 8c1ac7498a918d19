"""A table's name: renamed through the API (``PATCH /api/v1/tables/<id>``, docs/api.md) with
every status of the contract, and on the table's page; its downloads named after it and the
day of its newest game."""

from __future__ import annotations

import html
import re
import secrets
from typing import Any
from urllib.parse import unquote

import pytest
from flask.testing import FlaskClient

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo"]


def patch(client: FlaskClient, table_id: str, body: Any, token: str | None = None,
          **headers: str) -> Any:
    sent = dict(headers)
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    if isinstance(body, (bytes, str)):
        return client.patch(f"/api/v1/tables/{table_id}", data=body, headers=sent,
                            content_type="application/json")
    return client.patch(f"/api/v1/tables/{table_id}", json=body, headers=sent)


def error(answer: Any) -> tuple[int, str, str | None]:
    found = answer.get_json()["error"]
    return answer.status_code, found["code"], found["field"]


def test_a_rename_answers_the_table_with_its_new_name_and_version(
        client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    before = at_table.get(table_id)
    etag = client.get(f"/api/v1/tables/{table_id}").headers["ETag"]
    answer = patch(client, table_id, {"name": "  Friday cards "}, token)
    assert answer.status_code == 200
    table = answer.get_json()
    assert table["name"] == "Friday cards"  # trimmed
    assert table["version"] == before["version"] + 1
    assert {k: v for k, v in table.items() if k not in ("name", "version")} == {
        k: v for k, v in before.items() if k not in ("name", "version")}
    assert answer.headers["ETag"] != etag  # a new version: no phone keeps the old name
    assert at_table.get(table_id) == table  # read back the same
    assert "Friday cards" in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_every_refusal_of_a_rename_changes_nothing(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    other_id, other_token = at_table.create("Other")
    before = at_table.get(table_id)
    refused = [
        (patch(client, "nosuchtable", {"name": "X"}, token), (404, "not-found", None)),
        (patch(client, table_id, {"name": "X"}), (401, "unauthorized", None)),
        (patch(client, table_id, {"name": "X"}, other_token), (403, "forbidden", None)),
        (patch(client, table_id, "{not json", token), (400, "invalid", None)),
        (patch(client, table_id, {"name": 7}, token), (400, "invalid", "name")),
        (patch(client, table_id, {}, token), (400, "invalid", "name")),
        (patch(client, table_id, {"name": "X", "colour": "red"}, token),
         (400, "invalid", "colour")),
        (patch(client, table_id, {"name": "   "}, token), (422, "table", "name")),
        (patch(client, table_id, {"name": "x" * 41}, token), (422, "table", "name")),
        (patch(client, table_id, {"name": "A\u0007B"}, token), (422, "table", "name")),
        (patch(client, table_id, {"name": "X"}, token, **{"Idempotency-Key": "no spaces"}),
         (400, "invalid", "Idempotency-Key")),
    ]
    for answer, expected in refused:
        assert error(answer) == expected, (expected, answer.get_json())
    assert at_table.get(table_id) == before
    assert at_table.get(other_id)["name"] == "Other"
    assert patch(client, table_id, {"name": "x" * 40}, token).status_code == 200  # the longest


def test_a_rename_sent_again_under_its_key_is_not_applied_again(
        client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    used = secrets.token_urlsafe(12)
    first = patch(client, table_id, {"name": "Friday cards"}, token, **{"Idempotency-Key": used})
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    assert patch(client, table_id, {"name": "Saturday"}, token).status_code == 200
    again = patch(client, table_id, {"name": "Friday cards"}, token, **{"Idempotency-Key": used})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["name"] == "Saturday"  # the table as it is now: not renamed back
    assert again.get_json()["version"] == first.get_json()["version"] + 1
    other = patch(client, table_id, {"name": "Sunday"}, token, **{"Idempotency-Key": used})
    assert error(other) == (422, "idempotency-key", "Idempotency-Key")
    assert at_table.get(table_id)["name"] == "Saturday"
    # A refused rename leaves its key unused: corrected, it goes through under the same key.
    fresh = secrets.token_urlsafe(12)
    assert patch(client, table_id, {"name": ""}, token,
                 **{"Idempotency-Key": fresh}).status_code == 422
    assert patch(client, table_id, {"name": "Monday"}, token,
                 **{"Idempotency-Key": fresh}).status_code == 200


def test_the_table_page_renames_the_table(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    watcher = client.application.test_client()
    assert watcher.post(f"/t/{table_id}/name", data={"name": "Mine"}).status_code == 403
    client.get(f"/t/{table_id}/keep/{token}")
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'id="table-rename-name"' in page and 'value="Thursday cards"' in page
    renamed = client.post(f"/t/{table_id}/name", data={"name": "Friday cards"})
    assert renamed.status_code == 303
    assert at_table.get(table_id)["name"] == "Friday cards"
    refused = client.post(f"/t/{table_id}/name", data={"name": "  "},
                          headers={"Accept-Language": "fr"})
    assert refused.status_code == 422
    body = refused.get_data(as_text=True)
    assert "Donne un nom à la table." in body and "Renommer la table" in body
    assert 'id="table-rename-error"' in body and 'aria-invalid="true"' in body
    assert at_table.get(table_id)["name"] == "Friday cards"


@pytest.mark.parametrize(("name", "plain", "typed"), [
    ("Thursday cards", "Thursday cards", "Thursday cards"),
    ('Nonna\'s "best" / Café', "Nonna's best Cafe", "Nonna's best Café"),
])
def test_the_games_sheet_is_named_after_the_table_and_day(
        client: FlaskClient, at_table: Tables, name: str, plain: str, typed: str) -> None:
    table_id, token = at_table.create(name)
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 0)
    day = at_table.get(table_id)["games"][0]["started"][:10]
    answer = client.get(f"/api/v1/tables/{table_id}/games.csv")
    disposition = answer.headers["Content-Disposition"]
    assert disposition.startswith(f'attachment; filename="{plain} {day}.csv"; ')
    assert unquote(disposition.split("filename*=UTF-8''")[1]) == f"{typed} {day}.csv"
    assert answer.get_data(as_text=True).splitlines()[0].startswith('"started","ruleset"')
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    names = re.findall(r'data-file-name="([^"]*)"', page)
    assert [html.unescape(n) for n in names] == [f"{typed} {day}.png"]  # the image, alike
