"""Creating games is limited per address: only a game created spends the budget, Retry-After
comes only with a 429, the limit can be switched off from the environment, and behind a proxy
the app listens only on the loopback address, so nobody reaches it past the proxy with an
X-Forwarded-For of their choosing (which the limit would believe)."""

from __future__ import annotations

import importlib.util
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
        "code": "rate-limited", "message": "too many games created from this address; try again "
        "later", "field": None}}
    for refused in (page, api):
        assert refused.headers["X-RateLimit-Limit"] == "2"
        assert refused.headers["X-RateLimit-Remaining"] == "0"
        reset = int(refused.headers["X-RateLimit-Reset"])
        assert 0 < reset - time.time() <= 3601


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
