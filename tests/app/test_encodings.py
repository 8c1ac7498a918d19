"""``Accept-Encoding`` honoured as RFC 9110 says: a coding given q=0 is never sent, an explicit
entry beats ``*``: on pages, JSON and the static bundles."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.http.encodings import chosen

#: Accept-Encoding → the codings that may answer it (None: the body as it is).
CASES = [
    ("gzip;q=0", {None}),
    ("br;q=0", {None}),
    ("gzip;q=0, br;q=0", {None}),
    ("*;q=0", {None}),
    ("gzip;q=0, br", {"br"}),
    ("br;q=0, gzip", {"gzip"}),
    ("br;q=0, *", {"gzip"}),
    ("gzip;q=0, *;q=1", {"br"}),
    ("br;q=0.0, gzip;q=0.000", {None}),
    ("BR;Q=0, GZIP", {"gzip"}),
    ("gzip;q=0.5, br;q=0.9", {"br"}),
    ("gzip, br", {"br", "gzip"}),
    ("identity", {None}),
]


@pytest.mark.parametrize(("header", "allowed"), CASES)
def test_the_choice(header: str, allowed: set[str | None]) -> None:
    assert chosen(header, ["br", "gzip"]) in allowed


def _paths(client: FlaskClient) -> list[str]:
    page = client.get("/").get_data(as_text=True)
    import re

    bundles = re.findall(r'(/static/[^"]+\.(?:css|js))"', page)
    assert bundles
    return ["/", "/new", "/rules/oh-hell", "/api/v1/rulesets", "/api/v1/openapi.json", *bundles,
            "/static/css/site.css"]


@pytest.mark.parametrize(("header", "allowed"), CASES)
def test_no_refused_coding_is_sent(client: FlaskClient, header: str, allowed: set[str | None]) -> None:
    for path in _paths(client):
        response = client.get(path, headers={"Accept-Encoding": header})
        assert response.status_code == 200, path
        assert response.headers.get("Content-Encoding") in allowed, (path, header)
