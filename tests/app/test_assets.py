"""Static files bundled, fingerprinted, precompressed and cached for a year; pages and JSON
compressed (brotli, gzip) when the browser accepts it."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import rcssmin
from flask.testing import FlaskClient

from companion.http.assets import BUNDLES

ROOT = Path(__file__).resolve().parents[2]


def _stylesheet(client: FlaskClient) -> str:
    page = client.get("/offline").get_data(as_text=True)
    found = re.search(r'<link rel="stylesheet" href="(/static/css/site\.([0-9a-f]{12})\.css)">', page)
    assert found
    return found.group(1)


def test_a_fingerprinted_file_is_kept_for_a_year(client: FlaskClient) -> None:
    url = _stylesheet(client)
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.mimetype == "text/css"
    bundle = b"\n".join((ROOT / "static" / name).read_bytes() for name in BUNDLES["css/site.css"])
    # The sources' rules, minified: comments gone, every rule kept.
    assert rcssmin.cssmin(bundle) == response.get_data()
    assert b"/*" not in response.get_data() and b".table-scroll{" in response.get_data()


def test_static_files_are_sent_compressed_as_the_browser_accepts(client: FlaskClient) -> None:
    url = _stylesheet(client)
    plain = client.get(url, headers={"Accept-Encoding": "identity"}).get_data()
    br = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br" and "Accept-Encoding" in br.headers["Vary"]
    assert brotli.decompress(br.get_data()) == plain and len(br.get_data()) < len(plain) / 3
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(gz.get_data()) == plain
    icon = client.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in icon.headers  # a PNG is compressed already


def test_a_plain_or_outdated_name_is_revalidated(client: FlaskClient) -> None:
    plain = client.get("/static/css/app.css")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    again = client.get("/static/css/app.css", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304
    old = client.get("/static/css/site.000000000000.css")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/css/nothing.css").status_code == 404
    assert client.get("/static/css/nothing.000000000000.css").status_code == 404


def test_pages_and_json_are_compressed(client: FlaskClient) -> None:
    page = client.get("/new", headers={"Accept-Encoding": "br"})
    assert page.headers["Content-Encoding"] == "br"
    assert b"<!doctype html>" in brotli.decompress(page.get_data())
    answer = client.get("/api/v1/rulesets", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(answer.get_data()).startswith(b"[")
    assert "Content-Encoding" not in client.get("/new").headers  # not asked for: not sent


def test_every_page_loads_one_style_sheet_and_one_script_of_ours(client: FlaskClient) -> None:
    for url in ("/", "/new", "/offline"):
        page = client.get(url).get_data(as_text=True)
        assert page.count('rel="stylesheet"') == 1, url
        scripts = re.findall(r'<script src="([^"]+)"', page)
        assert len(scripts) == 2 and any("/static/js/site." in s for s in scripts), (url, scripts)
        assert 'integrity="sha384-' in page  # htmx keeps its Subresource Integrity
