"""Creating games and tables is limited per address, and so are a table's costly writes: only
what was done spends the budget, a burst never gets past it, Retry-After comes only with a 429,
the limit can be switched off from the environment, an unreachable redis leaves it counted in
each process, and behind a proxy the app listens only on the loopback address, so nobody
reaches it past the proxy with an X-Forwarded-For of their choosing (which the limit would
believe)."""

from __future__ import annotations

import importlib.util
import io
import json
import logging
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask

from companion import config, create_app

ROOT = Path(__file__).resolve().parents[2]
GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}
NEW_GAME_FORM = {"ruleset": "oh-hell", "first_dealer": "0", "players-0": "Ana",
                 "players-1": "Ben", "players-2": "Cleo"}
#: An export document of a table with one game (docs/api.md, "Export and import").
DOCUMENT = {"format": "companion-export", "format_version": 1,
            "exported": "2026-12-03T20:15:00Z", "table": {"name": "Thursday", "renames": []},
            "games": [{**GAME, "title": None, "options": {}, "first_dealer": 0,
                       "started": "2026-11-26T19:02:11.048213Z",
                       "entries": [{"kind": "bids", "bids": [None, 2, None]}]}]}


@pytest.fixture
def limited(make_app: Callable[..., Flask]) -> Flask:
    return make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="2 per hour")


def test_refused_creations_spend_nothing(limited: Flask) -> None:
    client = limited.test_client()
    refusals = [
        client.post("/api/v1/games", data=b"{", content_type="application/json"),
        client.post("/api/v1/games", json={**GAME, "players": ["Ana"]}),
        client.post("/api/v1/games", json={**GAME, "ruleset": "snap"}),
        client.post("/new", data={**NEW_GAME_FORM, "players-2": ""}),
        client.post("/new", data={**NEW_GAME_FORM, "ruleset": ""}),
    ] * 3
    assert sorted({r.status_code for r in refusals}) == [400, 422]
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    assert client.post("/new", data=NEW_GAME_FORM).status_code == 303
    assert client.post("/api/v1/games", json=GAME).status_code == 429
    assert client.post("/new", data=NEW_GAME_FORM).status_code == 429
    assert client.post("/api/v1/games", json={**GAME, "players": ["Ana"]}).status_code == 429


def test_retry_after_comes_only_with_a_429(limited: Flask) -> None:
    client = limited.test_client()
    answers = [client.post("/api/v1/games", json={**GAME, "players": ["Ana"]}),
               client.post("/api/v1/games", data=b"{", content_type="application/json"),
               client.post("/new", data={**NEW_GAME_FORM, "players-2": ""}),
               client.post("/api/v1/games", json=GAME),
               client.post("/new", data=NEW_GAME_FORM)]
    assert [a.status_code for a in answers] == [422, 400, 422, 201, 303]
    for answer in answers:
        assert "Retry-After" not in answer.headers
        assert "X-RateLimit-Remaining" in answer.headers
    for refused in (client.post("/api/v1/games", json=GAME), client.post("/new", data=NEW_GAME_FORM)):
        assert refused.status_code == 429
        assert 0 < int(refused.headers["Retry-After"]) <= 3600


def test_a_replayed_creation_spends_nothing(limited: Flask) -> None:
    client = limited.test_client()
    key = {"Idempotency-Key": "k" * 22}
    first = client.post("/api/v1/games", json=GAME, headers=key)
    assert first.status_code == 201 and first.headers["X-RateLimit-Remaining"] == "1"
    again = client.post("/api/v1/games", json=GAME, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["X-RateLimit-Remaining"] == "1"
    assert client.post("/new", data=NEW_GAME_FORM).status_code == 303
    assert client.post("/api/v1/games", json=GAME, headers=key).status_code == 429


def test_a_refusal_says_the_limit_in_its_headers_and_its_shape(limited: Flask) -> None:
    client = limited.test_client()
    assert [client.post("/new", data=NEW_GAME_FORM).status_code for _ in range(2)] == [303, 303]
    page = client.post("/new", data=NEW_GAME_FORM)
    assert page.status_code == 429 and page.mimetype == "text/html"
    assert "Slow down a little" in page.get_data(as_text=True)
    api = client.post("/api/v1/games", json=GAME)
    assert api.status_code == 429 and api.get_json() == {"error": {
        "code": "rate-limited", "message": "too many games and tables created from this address; "
        "try again later", "field": None}}
    for refused in (page, api):
        assert refused.headers["X-RateLimit-Limit"] == "2"
        assert refused.headers["X-RateLimit-Remaining"] == "0"
        reset = int(refused.headers["X-RateLimit-Reset"])
        assert 0 < reset - time.time() <= 3601


def test_a_burst_of_creations_never_gets_past_the_limit(make_app: Callable[..., Flask]) -> None:
    # Checking the budget before the view and counting it after let 13 of 16 through "5 per hour".
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="5 per hour")
    start = threading.Barrier(16)
    statuses: list[int] = []

    def create() -> None:
        client = app.test_client()
        start.wait()
        statuses.append(client.post("/api/v1/games", json=GAME).status_code)

    burst = [threading.Thread(target=create) for _ in range(16)]
    for thread in burst:
        thread.start()
    for thread in burst:
        thread.join()
    assert sorted(statuses) == [201] * 5 + [429] * 11
    assert app.test_client().post("/new", data=NEW_GAME_FORM).status_code == 429


def test_tables_are_creations_too(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="3 per hour")
    client = app.test_client()
    assert client.post("/api/v1/tables", json={"name": 7}).status_code == 400  # costs nothing
    assert client.post("/api/v1/tables", json={"name": "Thursday"}).status_code == 201
    assert client.post("/t", data={"name": "Friday"}).status_code == 303
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    for refused in (client.post("/api/v1/tables", json={"name": "Saturday"}),
                    client.post("/t", data={"name": "Sunday"}),
                    client.post("/api/v1/games", json=GAME)):
        assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert refused.get_json()["error"]["code"] == "rate-limited"


def test_joins_and_renames_are_limited(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, TABLE_WRITE_LIMIT="3 per hour")
    client = app.test_client()
    table = client.post("/api/v1/tables", json={"name": "Thursday"}).get_json()
    path, bearer = f"/api/v1/tables/{table['table']['id']}", {
        "Authorization": f"Bearer {table['edit_token']}"}
    game = client.post("/api/v1/games", json=GAME).get_json()
    join = {"game": game["game"]["id"], "edit_token": game["edit_token"]}
    assert client.post(f"{path}/games", json=join, headers=bearer).status_code == 200
    # A refused write costs nothing: the name is nobody's, the token is wrong.
    assert client.post(f"{path}/players/rename", json={"from": "Zed", "to": "Zoe"},
                       headers=bearer).status_code == 422
    assert client.post(f"{path}/games", json={**join, "edit_token": "x" * 32},
                       headers=bearer).status_code == 403
    renames = [client.post(f"{path}/players/rename", json={"from": old, "to": new},
                           headers=bearer) for old, new in (("Ana", "Anna"), ("Ben", "Benn"),
                                                            ("Cleo", "Clio"))]
    assert [r.status_code for r in renames] == [200, 200, 429]
    assert renames[1].headers["X-RateLimit-Remaining"] == "0"
    assert renames[2].get_json()["error"]["code"] == "rate-limited"
    assert 0 < int(renames[2].headers["Retry-After"]) <= 3600
    # The pages' rename spends the same budget.
    page = client.post(f"/t/{table['table']['id']}/rename", data={"from": "Cleo", "to": "Clio"})
    assert page.status_code == 429


def test_an_import_from_the_home_page_is_a_creation(limited: Flask) -> None:
    # The home page's file form created tables past the limit the API's import kept.
    client = limited.test_client()

    def bring(document: object, key: str = "") -> object:
        return client.post("/import", data={
            "file": (io.BytesIO(json.dumps(document).encode()), "thursday.json"),
            "idempotency_key": key}, content_type="multipart/form-data")

    # Refusals spend nothing: a newer format, no file at all.
    assert bring({**DOCUMENT, "format_version": 9}).status_code == 422
    assert client.post("/import", data={}, content_type="multipart/form-data").status_code == 422
    key = "import-" + "k" * 24
    first = bring(DOCUMENT, key)
    assert first.status_code == 303 and first.headers["X-RateLimit-Remaining"] == "1"
    again = bring(DOCUMENT, key)  # a second tap: the same table, and nothing spent
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert again.headers["X-RateLimit-Remaining"] == "1"
    assert client.post("/api/v1/tables/import", json=DOCUMENT).status_code == 201
    refused = bring(DOCUMENT)
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Slow down a little" in refused.get_data(as_text=True)
    # One budget for every creation, pages and API.
    assert client.post("/t", data={"name": "Friday"}).status_code == 429
    assert client.post("/api/v1/tables/import", json=DOCUMENT).status_code == 429


def test_the_pages_table_rename_spends_the_apis_budget(make_app: Callable[..., Flask]) -> None:
    # The API's PATCH of a table's name was limited, the page's same write was not.
    app = make_app(RATELIMIT_ENABLED=True, TABLE_WRITE_LIMIT="2 per hour")
    client = app.test_client()
    table = client.post("/api/v1/tables", json={"name": "Thursday"}).get_json()
    table_id, token = table["table"]["id"], table["edit_token"]
    client.get(f"/t/{table_id}/keep/{token}")  # this phone keeps the table
    assert client.post(f"/t/{table_id}/name", data={"name": "  "}).status_code == 422  # free
    renamed = client.post(f"/t/{table_id}/name", data={"name": "Friday"})
    assert renamed.status_code == 303 and renamed.headers["X-RateLimit-Remaining"] == "1"
    assert client.patch(f"/api/v1/tables/{table_id}", json={"name": "Saturday"},
                        headers={"Authorization": f"Bearer {token}"}).status_code == 200
    page = client.post(f"/t/{table_id}/name", data={"name": "Sunday"})
    assert page.status_code == 429 and "Retry-After" in page.headers
    api = client.patch(f"/api/v1/tables/{table_id}", json={"name": "Sunday"},
                       headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 429
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["name"] == "Saturday"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Said(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_with_redis_unreachable_each_process_counts_alone(make_app: Callable[..., Flask]) -> None:
    # A creation with redis down was a generic 500; it is counted in this process instead
    # (Flask-Limiter's in-memory fallback), said once in the log, and redis asked again later.
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="2 per hour",
                   RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{_closed_port()}/0")
    client = app.test_client()
    said, log = _Said(), logging.getLogger("companion.http.creation_limit")
    log.addHandler(said)
    try:
        statuses = [client.post("/api/v1/games", json=GAME).status_code for _ in range(3)]
    finally:
        log.removeHandler(said)
    assert statuses == [201, 201, 429]
    assert len(said.lines) == 1 and "cannot be reached" in said.lines[0]


def test_several_limits_each_count(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="3 per hour; 2 per minute")
    client = app.test_client()
    answers = [client.post("/api/v1/games", json=GAME) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[0].headers["X-RateLimit-Limit"] == "2"  # the shortest window's
    assert 0 < int(answers[2].headers["Retry-After"]) <= 60


def test_behind_a_proxy_the_forwarded_address_has_the_budget(
        make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="1 per hour", TRUST_PROXY=True)
    client = app.test_client()

    def create(address: str) -> int:
        return client.post("/api/v1/games", json=GAME,
                           headers={"X-Forwarded-For": address}).status_code

    assert [create("198.51.100.7"), create("198.51.100.7"), create("203.0.113.9")] == [
        201, 429, 201]


@pytest.mark.parametrize("value, enabled", [("0", False), ("false", False), ("off", False),
                                            ("1", True), ("TRUE", True)])
def test_the_environment_switches_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           value: str, enabled: bool) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "limits")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'limits.sqlite'}")
    monkeypatch.setenv("GAME_CREATION_LIMIT", "1 per hour")
    monkeypatch.setenv("RATELIMIT_ENABLED", value)
    app = create_app()
    assert app.config["RATELIMIT_ENABLED"] is enabled
    from flask_migrate import upgrade
    with app.app_context():
        upgrade()
    client = app.test_client()
    statuses = [client.post("/api/v1/games", json=GAME).status_code for _ in range(3)]
    assert statuses == ([201, 429, 429] if enabled else [201, 201, 201])


def test_a_switch_in_the_instance_file_is_read_as_a_switch(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "config.py").write_text('TRUST_PROXY = "0"\nRATELIMIT_ENABLED = "off"\n')
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "limits")
    for name in ("TRUST_PROXY", "RATELIMIT_ENABLED", "FORCE_HTTPS"):
        monkeypatch.delenv(name, raising=False)
    app = create_app()
    assert app.config["TRUST_PROXY"] is False and app.config["RATELIMIT_ENABLED"] is False


def gunicorn_settings() -> ModuleType:
    """gunicorn.conf.py as gunicorn reads it, with this test's environment."""
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    assert spec and spec.loader
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf


@pytest.mark.parametrize("environment, instance_file, bind", [
    ({}, "", "0.0.0.0:8000"),
    ({"PORT": "9000"}, "", "0.0.0.0:9000"),
    ({"TRUST_PROXY": "1"}, "", "127.0.0.1:8000"),
    ({"TRUST_PROXY": "0"}, "", "0.0.0.0:8000"),
    ({}, "TRUST_PROXY = True\n", "127.0.0.1:8000"),
    ({"TRUST_PROXY": "1", "LISTEN_ADDRESS": "0.0.0.0"}, "", "0.0.0.0:8000"),
    ({"TRUST_PROXY": "1", "LISTEN_ADDRESS": "10.0.0.5"}, "", "10.0.0.5:8000"),
    ({"LISTEN_ADDRESS": "::1"}, "", "[::1]:8000"),
    ({}, 'TRUST_PROXY = True\nLISTEN_ADDRESS = "192.0.2.7"\n', "192.0.2.7:8000"),
])
def test_behind_a_proxy_the_server_listens_only_on_loopback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, environment: dict[str, str],
        instance_file: str, bind: str) -> None:
    for name in ("TRUST_PROXY", "LISTEN_ADDRESS", "PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    (tmp_path / "config.py").write_text(instance_file)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert gunicorn_settings().bind == [bind]
    assert config.listen_address() == bind.rpartition(":")[0].strip("[]")


def test_the_start_script_says_where_it_listens() -> None:
    script = (ROOT / "scripts/start").read_text()
    assert "listen_address()" in script
    assert "gunicorn.conf.py" in script


def test_each_server_has_its_own_control_socket(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # gunicorn's default, one socket per user, was taken by the second server on a machine,
    # and stopping either deleted the other's.
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    for name in ("TRUST_PROXY", "LISTEN_ADDRESS", "CONTROL_SOCKET"):
        monkeypatch.delenv(name, raising=False)
    sockets = set()
    for port in ("8000", "8001"):
        monkeypatch.setenv("PORT", port)
        sockets.add(gunicorn_settings().control_socket)
    assert len(sockets) == 2 and all(s.endswith(".ctl") for s in sockets)
    monkeypatch.setenv("CONTROL_SOCKET", str(tmp_path / "mine.ctl"))
    assert gunicorn_settings().control_socket == str(tmp_path / "mine.ctl")


def test_the_start_script_installs_redis_when_the_limits_are_kept_there() -> None:
    script = (ROOT / "scripts/start").read_text()
    assert 'setting("RATELIMIT_STORAGE_URI")' in script and "install_project redis" in script
