"""Static files fingerprinted (style sheets bundled, script modules named by their version),
precompressed and cached for a year; pages and JSON compressed (brotli, gzip) when the browser
accepts it."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from urllib.parse import urljoin

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
        scripts = re.findall(r'<script (?:type="module" )?src="([^"]+)"', page)
        assert len(scripts) == 2 and any(re.search(r"/static/js/[0-9a-f]{12}/site[\w-]*\.js$", s)
                                         for s in scripts), (url, scripts)
        assert '<script type="module" src="/static/js/' in page  # ours: one entry module
        assert 'integrity="sha384-' in page  # htmx keeps its Subresource Integrity


def test_a_pages_modules_are_named_by_their_version_and_preloaded_at_once(client: FlaskClient) -> None:
    """An entry module's relative imports resolve to URLs cached for a year, of the same version
    as the entry; the page preloads every module its entry imports, directly or not."""
    page = client.get("/offline").get_data(as_text=True)
    entry = re.search(r'<script type="module" src="(/static/js/([0-9a-f]{12})/site\.js)">', page)
    assert entry
    url, version = entry.groups()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    imported: set[str] = set()
    waiting = [url]
    while waiting:
        module = waiting.pop()
        response = client.get(module)
        assert response.status_code == 200 and response.mimetype == "text/javascript", module
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable", module
        body = response.get_data(as_text=True)
        assert "/*" not in body.split("\n", 1)[0]  # minified: no comments for the phone
        for name in re.findall(r'import(?:[^"\';]*?from)?\s*"\./([\w-]+\.js)"', body):
            found = urljoin(module, name)
            assert found == f"/static/js/{version}/{name}"
            if found not in imported:
                imported.add(found)
                waiting.append(found)
    assert {f"/static/js/{version}/live.js", f"/static/js/{version}/app.js"} <= imported
    assert preloaded == imported
    # Another version (a page from before a deploy) gets today's module, revalidated.
    old = client.get("/static/js/000000000000/site.js")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    assert old.get_data() == client.get(url).get_data()
    assert client.get(f"/static/js/{version}/nothing.js").status_code == 404
