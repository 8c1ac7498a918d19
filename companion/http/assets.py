"""Static files: bundled, fingerprinted, precompressed, cached for a year.

Every file under ``static/`` (and each bundle below, the concatenation of a few of them) is read
once into memory with its gzip and brotli forms. ``url_for("static", filename="css/site.css")``
names it with its content hash, ``/static/css/site.<hash>.css``: such a URL never changes
meaning, so it is served ``Cache-Control: public, max-age=31536000, immutable`` and a repeat
visit asks for nothing. The plain name (``/static/css/app.css``) still works, revalidated on
every use. What a browser gets is negotiated by ``Accept-Encoding`` (brotli, gzip, or as is).

In debug and testing the files are read again whenever one changes on disk; in production once
per process.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import os
import re
import threading
from dataclasses import dataclass, field
from typing import Any

import brotli
import rcssmin
import rjsmin
from flask import Flask, Response, abort, current_app, request, url_for

from companion.http import encodings

#: Served as one file each, in this order: a page needs one style sheet and one script of ours.
#: A watcher's game page (no edit right: it sends no form) loads ``js/site-watch.js``, without
#: the scorekeeper's tap queue, offline pad, double-tap guard, one-player-at-a-time forms and
#: waiting forms; a card game's scorekeeper ``js/site-game.js``; a score pad's scorekeeper
#: ``js/site-score-pad.js`` (its round's keypad); every other page ``js/site.js``. ``live.js``
#: comes first: it defines what a poll is for the others.
BUNDLES: dict[str, tuple[str, ...]] = {
    "css/site.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
                     "css/table.css", "css/table_links.css"),
    # The pages that start a game: the new-game page and a table's (its chips), with the score
    # pad's title and options.
    "css/site-start.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
                           "css/table.css", "css/table_links.css", "css/new_game.css",
                           "css/score_pad.css"),
    # A card game's scorekeeper (its page and a round's correction): the round forms too.
    "css/site-game.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/entry.css",
                          "css/offline.css", "css/table.css", "css/table_links.css"),
    "css/site-seven-up.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/seven_up.css",
                              "css/offline.css", "css/table_links.css"),
    "css/site-rules.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/new_game.css",
                           "css/rules.css"),
    # A score pad's game and correction pages: its round too (kept off every other page).
    "css/site-score-pad.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
                               "css/table.css", "css/table_links.css", "css/score_pad.css",
                               "css/score_pad_round.css"),
    # Every other page (home, new game, tables, rules): no tap queue, which only the game's
    # scorekeeper sends; the home page's Forget.
    "js/site.js": ("js/live.js", "js/app.js", "js/game.js", "js/waiting_forms.js", "js/forget.js"),
    # A card game's scorekeeper (its page and its corrections): Seven-Up's hand and the round
    # shown a player at a time too (kept off the home, new-game and table pages' weight).
    "js/site-game.js": ("js/live.js", "js/app.js", "js/game.js", "js/seven_up.js",
                        "js/double_tap.js", "js/steps.js", "js/reveal.js", "js/pad.js",
                        "js/queue.js", "js/waiting_forms.js"),
    "js/site-score-pad.js": ("js/live.js", "js/app.js", "js/game.js", "js/seven_up.js",
                             "js/double_tap.js", "js/steps.js", "js/pad.js",
                             "js/queue.js", "js/waiting_forms.js", "js/score_pad.js"),
    "js/site-watch.js": ("js/live.js", "js/app.js", "js/game.js"),
}

#: htmx, vendored from the npm registry (``htmx.org``), pinned, with its Subresource Integrity.
HTMX = "vendor/htmx-2.0.11.min.js"
HTMX_INTEGRITY = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

_lock = threading.RLock()

YEAR = 60 * 60 * 24 * 365
IMMUTABLE = f"public, max-age={YEAR}, immutable"
COMPRESSIBLE = (".css", ".js", ".json", ".webmanifest", ".svg", ".html", ".txt")
FINGERPRINTED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{12})(?P<ext>\.[A-Za-z0-9]+)$")


@dataclass(frozen=True)
class Asset:
    name: str
    body: bytes
    digest: str  # 12 hex digits of its SHA-256
    mimetype: str
    compressible: bool
    #: Its gzip and brotli forms, made on first demand (brotli's best level takes a while).
    _packed: dict[str, bytes] = field(default_factory=dict, compare=False)

    def packed(self, encoding: str) -> bytes:
        found = self._packed.get(encoding)
        if found is None:
            with _lock:
                found = self._packed.get(encoding)
                if found is None:
                    if encoding == "br":
                        found = brotli.compress(self.body, quality=11)
                    else:
                        found = gzip.compress(self.body, compresslevel=9, mtime=0)
                    self._packed[encoding] = found
        return found

    @property
    def fingerprinted(self) -> str:
        stem, ext = os.path.splitext(self.name)
        return f"{stem}.{self.digest}{ext}"


def _asset(name: str, body: bytes) -> Asset:
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if name.endswith(".webmanifest"):
        mimetype = "application/manifest+json"
    if mimetype.startswith("text/") or mimetype == "application/javascript":
        mimetype = "text/javascript" if name.endswith(".js") else mimetype
    return Asset(name, body, hashlib.sha256(body).hexdigest()[:12], mimetype,
                 name.endswith(COMPRESSIBLE))


def _stamp(folder: str) -> tuple[Any, ...]:
    files = []
    for root, _dirs, names in os.walk(folder):
        for file in names:
            path = os.path.join(root, file)
            info = os.stat(path)
            files.append((path, info.st_mtime_ns, info.st_size))
    return (folder, tuple(sorted(files)))


class Assets:
    """The static folder in memory, built again when ``stamp`` changes (debug and tests)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.stamp: tuple[Any, ...] = _stamp(folder)
        files: dict[str, bytes] = {}
        for root, _dirs, names in os.walk(folder):
            for file in names:
                path = os.path.join(root, file)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
        for bundle, parts in BUNDLES.items():
            if all(p in files for p in parts):
                files[bundle] = _minified(bundle, b"\n".join(files[p].rstrip(b"\n") + b"\n"
                                                           for p in parts))
        self.by_name = {name: _asset(name, body) for name, body in files.items()}

    def get(self, name: str) -> Asset | None:
        return self.by_name.get(name)


def _minified(bundle: str, body: bytes) -> bytes:
    """A bundle without comments and spare white space: the sources keep their comments for
    the next engineer, the phone downloads none of them (the first-visit budget is 40 KB)."""
    if bundle.endswith(".css"):
        return rcssmin.cssmin(body)  # type: ignore[no-any-return]
    if bundle.endswith(".js"):
        return rjsmin.jsmin(body)  # type: ignore[no-any-return]
    return body


def assets() -> Assets:
    app = current_app
    folder = app.static_folder or ""
    found: Assets | None = app.extensions.get("companion.http.assets")
    if found is not None and found.folder == folder and not (app.debug or app.testing):
        return found
    if found is None or found.folder != folder or found.stamp != _stamp(folder):
        with _lock:
            found = app.extensions.get("companion.http.assets")
            if found is None or found.folder != folder or found.stamp != _stamp(folder):
                found = Assets(folder)
                app.extensions["companion.http.assets"] = found
    return found


def data_uri(name: str) -> str:
    """A small file as a ``data:`` URI, to write into a page (the CSP allows data: images)."""
    asset = assets().get(name)
    if asset is None:
        return ""
    found = asset._packed.get("data")
    if found is None:
        found = f"data:{asset.mimetype};base64,".encode() + base64.b64encode(asset.body)
        asset._packed["data"] = found
    return found.decode()


def digest(names: tuple[str, ...]) -> str:
    """One hash of several files' contents (the service worker's cache name)."""
    table = assets()
    combined = hashlib.sha256()
    for name in names:
        asset = table.get(name)
        combined.update(name.encode() + b"\0" + (asset.body if asset else b""))
    return combined.hexdigest()[:16]


def _fingerprint_urls(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for("static", filename=…)`` names the file by its content."""
    if endpoint != "static":
        return
    name = values.get("filename")
    asset = assets().get(name) if isinstance(name, str) else None
    if asset is not None:
        values["filename"] = asset.fingerprinted


def _choose(asset: Asset) -> tuple[bytes, str | None]:
    encoding = (encodings.chosen(request.environ.get("HTTP_ACCEPT_ENCODING"), ("br", "gzip"))
                if asset.compressible else None)
    return (asset.packed(encoding), encoding) if encoding else (asset.body, None)


def serve(filename: str) -> Response:
    """A static file from memory: a year for a fingerprinted name, revalidated for a plain one."""
    table = assets()
    asset = table.get(filename)
    immutable = False
    if asset is None:
        match = FINGERPRINTED.match(filename)
        if match is None:
            abort(404)
        asset = table.get(match["stem"] + match["ext"])
        if asset is None:
            abort(404)
        # An older fingerprint (a page from before a deploy) gets today's file, not for long.
        immutable = match["hash"] == asset.digest
    body, encoding = _choose(asset)
    response = Response(body, mimetype=asset.mimetype)
    if encoding:
        response.headers["Content-Encoding"] = encoding
    if asset.compressible:
        response.vary.add("Accept-Encoding")
    if immutable:
        response.headers["Cache-Control"] = IMMUTABLE
    else:
        response.headers["Cache-Control"] = "no-cache"
        response.set_etag(asset.digest + (f"-{encoding}" if encoding else ""))
        response.make_conditional(request)
    return response


def _template_context() -> dict[str, str]:
    """The static files every page's head names: htmx with its integrity, the icon inline."""
    return {"htmx_src": url_for("static", filename=HTMX), "htmx_integrity": HTMX_INTEGRITY,
            "favicon": data_uri("icons/icon-192.png")}


def init_app(app: Flask) -> None:
    app.context_processor(_template_context)
    app.url_defaults(_fingerprint_urls)
    app.view_functions["static"] = serve
