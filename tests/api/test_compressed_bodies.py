"""The bodies cached per version (a watcher's page and live part, the API's state) are compressed
once per encoding and cached beside them: every watching phone gets the same bytes, which unpack
to the page it would get uncompressed, a new version is compressed anew, and nothing of one
session (a scorekeeper's page) is ever kept."""

from __future__ import annotations

import gzip
import re
from typing import Any

import brotli
import flask_compress.flask_compress as flask_compress
import pytest
from flask import Flask
from flask.testing import FlaskClient

from .client import Api, Game


@pytest.fixture
def compressions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Each compression Flask-Compress makes: its encoding and the size it was given."""
    made: list[tuple[str, int]] = []
    real = flask_compress._compress_data

    def counted(app: Flask, data: bytes, algorithm: str) -> bytes:
        made.append((algorithm, len(data)))
        return real(app, data, algorithm)

    monkeypatch.setattr(flask_compress, "_compress_data", counted)
    return made


def _unpacked(response: Any) -> bytes:
    encoding = response.headers.get("Content-Encoding")
    data = response.get_data()
    return {"br": brotli.decompress, "gzip": gzip.decompress}.get(encoding, lambda d: d)(data)


def _played(api: Api) -> Game:
    game = api.create("elevator", ["Ana", "Ben", "Cleo", "Dev", "Eli"])
    for _ in range(3):
        api.play_turn_round(game)
    return game


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_watchers_share_one_compression_of_each_version(
        app: Flask, compressions: list[tuple[str, int]], encoding: str) -> None:
    game = _played(Api(app.test_client()))
    plain = app.test_client().get(f"/g/{game.id}").get_data()
    answers = [app.test_client().get(f"/g/{game.id}", headers={"Accept-Encoding": encoding})
               for _ in range(4)]  # four new phones
    assert all(a.headers["Content-Encoding"] == encoding for a in answers)
    assert {a.get_data() for a in answers} == {answers[0].get_data()}
    assert _unpacked(answers[0]) == plain
    assert compressions == [(encoding, len(plain))]
    assert int(answers[0].headers["Content-Length"]) == len(answers[0].get_data()) < len(plain) / 4


def test_a_new_version_is_compressed_anew(app: Flask, compressions: list[tuple[str, int]]) -> None:
    api = Api(app.test_client())
    game = _played(api)
    watcher = app.test_client()
    before = watcher.get(f"/g/{game.id}", headers={"Accept-Encoding": "gzip"})
    api.play_turn_round(game)
    after = watcher.get(f"/g/{game.id}", headers={"Accept-Encoding": "gzip"})
    assert _unpacked(after) == app.test_client().get(f"/g/{game.id}").get_data() != _unpacked(before)
    assert len(compressions) == 2


def test_each_language_and_the_live_part_are_kept_apart(
        app: Flask, compressions: list[tuple[str, int]]) -> None:
    game = _played(Api(app.test_client()))
    bodies = {}
    for language in ("en", "fr", "it"):
        for path in (f"/g/{game.id}", f"/g/{game.id}/live?v=1"):
            headers = {"Accept-Language": language}
            plain = app.test_client().get(path, headers=headers).get_data()
            packed = app.test_client().get(path, headers={**headers, "Accept-Encoding": "br"})
            assert _unpacked(packed) == plain
            bodies[language, path] = plain
    assert len(set(bodies.values())) == 6 and len(compressions) == 6


def test_a_scorekeepers_page_is_compressed_for_its_request_and_never_kept(
        app: Flask, compressions: list[tuple[str, int]]) -> None:
    client = app.test_client()
    game = _played(Api(client))
    client.get(f"/g/{game.id}/keep/{game.token}")  # this phone keeps score
    first = client.get(f"/g/{game.id}", headers={"Accept-Encoding": "gzip"})
    second = client.get(f"/g/{game.id}", headers={"Accept-Encoding": "gzip"})
    pages = [_unpacked(first), _unpacked(second)]
    assert all(b'name="csrf-token"' in page for page in pages)  # this session's own page
    # The same page but for its CSRF token, which is signed with the second it was drawn in.
    assert len({re.sub(rb'[A-Za-z0-9_.-]{40,}', b"TOKEN", page) for page in pages}) == 1
    assert len(compressions) == 2
    assert not app.extensions["companion.storage.caches"].get("compressed")


def test_the_api_state_is_compressed_once_per_version(
        app: Flask, compressions: list[tuple[str, int]]) -> None:
    api = Api(app.test_client())
    game = _played(api)
    answers = [app.test_client().get(f"/api/v1/games/{game.id}", headers={"Accept-Encoding": "gzip"})
               for _ in range(3)]
    assert all(a.headers["Content-Encoding"] == "gzip" for a in answers)
    assert _unpacked(answers[0]) == app.test_client().get(f"/api/v1/games/{game.id}").get_data()
    assert len(compressions) == 1
    api.play_turn_round(game)
    again = app.test_client().get(f"/api/v1/games/{game.id}", headers={"Accept-Encoding": "gzip"})
    assert _unpacked(again) == app.test_client().get(f"/api/v1/games/{game.id}").get_data()
    assert b'"version":%d' % game.version in _unpacked(again)


def test_other_answers_are_compressed_for_their_request(
        client: FlaskClient, compressions: list[tuple[str, int]]) -> None:
    for _ in range(2):
        answer = client.get("/api/v1/rulesets", headers={"Accept-Encoding": "gzip"})
        assert answer.headers["Content-Encoding"] == "gzip"
    assert len(compressions) == 2
    assert not client.application.extensions["companion.storage.caches"].get("compressed")
