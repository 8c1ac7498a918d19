"""The installable app: manifest, icons, service worker, offline page, and the pinned htmx."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import struct
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.http.pwa import ASSETS

ROOT = Path(__file__).resolve().parents[2]


def test_manifest(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == "Companion"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
        data = image.get_data()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_pages_link_the_manifest_and_icons(client: FlaskClient) -> None:
    page = client.get("/offline").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page


def test_service_worker_is_served_from_the_root(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert response.headers["Cache-Control"] == "no-cache"
    body = response.get_data(as_text=True)
    assert body.startswith('const CACHE = "companion-')
    assert 'const OFFLINE = "/offline";' in body
    assert 'addEventListener("fetch"' in body


def test_service_worker_caches_only_static_files(client: FlaskClient) -> None:
    body = client.get("/sw.js").get_data(as_text=True)
    listed = re.search(r"const ASSETS = (\[.*?\]);", body)
    assert listed
    urls = re.findall(r'"([^"]+)"', listed.group(1))
    assert urls
    for url in urls:
        assert url.startswith("/static/") or url == "/manifest.webmanifest", url
        assert client.get(url).status_code == 200, url
    assert not any(u.startswith(("/g/", "/api/")) for u in urls)


def test_the_cache_name_follows_the_files(app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    app.static_folder = str(static)
    client = app.test_client()
    first = client.get("/sw.js").get_data(as_text=True).splitlines()[0]
    assert client.get("/sw.js").get_data(as_text=True).splitlines()[0] == first
    with open(static / "css" / "app.css", "a") as css:
        css.write("\n.changed { color: red; }\n")  # a rule: a comment is minified away
    second = client.get("/sw.js").get_data(as_text=True).splitlines()[0]
    assert second.startswith('const CACHE = "companion-') and second != first


def test_offline_page(client: FlaskClient) -> None:
    response = client.get("/offline", headers={"Accept-Language": "it"})
    assert response.status_code == 200
    assert '<html lang="it">' in response.get_data(as_text=True)


def test_the_offline_page_leaves_the_session_cookie_alone(client: FlaskClient) -> None:
    """The worker fetches it in the background as it installs, while the page goes on: an
    answer with a cookie could land after a page's post was answered, with the session as it
    was (a game just forgotten back on the list) or with a CSRF token of its own (the next post
    of the page refused). It reads the session (its language), and sets no cookie."""
    client.post("/language", data={"lang": "fr", "next": "/"})
    client.get("/new")  # a session with a CSRF token, kept across a year
    response = client.get("/offline")
    assert '<html lang="fr">' in response.get_data(as_text=True)
    assert not [v for v in response.headers.getlist("Set-Cookie") if v.startswith("session=")]
    assert '<meta name="csrf-token" content="">' in response.get_data(as_text=True)
    fresh = client.application.test_client().get("/offline")  # a first visit: no session made
    assert not fresh.headers.getlist("Set-Cookie")


def test_app_js_registers_the_worker_at_the_root() -> None:
    script = (ROOT / "static/js/app.js").read_text()
    assert 'navigator.serviceWorker.register("/sw.js", { scope: "/" })' in script


def test_the_htmx_integrity_hash_matches_the_vendored_file(client: FlaskClient) -> None:
    page = client.get("/offline").get_data(as_text=True)
    tag = re.search(r'<script src="(/static/vendor/htmx-(\d+\.\d+\.\d+)\.min\.[0-9a-f]{12}\.js)" '
                    r'integrity="(sha384-[^"]+)" crossorigin="anonymous" defer></script>', page)
    assert tag, "base.html must load the pinned htmx with integrity and crossorigin"
    url, version, integrity = tag.groups()
    assert version.startswith("2.")
    served = client.get(url).get_data()
    on_disk = (ROOT / "static" / f"vendor/htmx-{version}.min.js").read_bytes()
    assert served == on_disk
    digest = base64.b64encode(hashlib.sha384(on_disk).digest()).decode()
    assert integrity == f"sha384-{digest}"
    assert f"version:\"{version}\"" in on_disk.decode()  # the file is the version its name says


def test_every_asset_the_worker_lists_exists(app: Flask) -> None:
    from companion.http.assets import bundles

    with app.app_context():
        made = bundles()
        assert {"css/site-seven-up.css", "css/site-score-pad.css"} <= set(made)  # the games'
        for name in (*made, *ASSETS):
            for part in made.get(name, (name,)):
                assert (ROOT / "static" / part).is_file(), part


def test_the_worker_caches_the_fingerprinted_bundles_the_pages_load(client: FlaskClient) -> None:
    body = client.get("/sw.js").get_data(as_text=True)
    listed = json.loads(re.search(r"const ASSETS = (\[.*?\]);", body).group(1))  # type: ignore[union-attr]
    page = client.get("/offline").get_data(as_text=True)
    loaded = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert loaded and set(loaded) <= set(listed)  # an offline start finds every file it needs
    for url in listed:
        if url.startswith("/static/"):
            # Named by its content (a script module: by the modules' version, in its path).
            assert re.search(r"\.[0-9a-f]{12}\.[a-z]+$|^/static/js/[0-9a-f]{12}/[\w-]+\.js$", url), url
            assert "immutable" in client.get(url).headers["Cache-Control"]
