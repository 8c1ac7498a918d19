"""Static files: fingerprinted, precompressed, cached for a year; style sheets bundled.

Every file under ``static/`` (and each style sheet bundle below, the concatenation of a few) is
read once into memory with its gzip and brotli forms. ``url_for("static", filename="css/site.css")``
names it with its content hash, ``/static/css/site.<hash>.css``: such a URL never changes
meaning, so it is served ``Cache-Control: public, max-age=31536000, immutable`` and a repeat
visit asks for nothing. The plain name (``/static/css/app.css``) still works, revalidated on
every use. What a browser gets is negotiated by ``Accept-Encoding`` (brotli, gzip, or as is).

The phone's script is native ES modules (``static/js/``, no build step): a page loads its one
entry module (``js/site*.js``; a watcher's game page ``js/board.js``), which imports what the page needs by relative URL
(``import "./live.js"``). Those imports must resolve to URLs that are as safe to cache for a year
as the entry's, yet a module's text names its imports by their plain names. So the modules are
named by one version, the hash of them all, in their folder's path: ``js/site.js`` is
``/static/js/<version>/site.js``, and ``./live.js`` inside it resolves to
``/static/js/<version>/live.js``, the same version. A change to any module is a new version for
all (a few KB once after a deploy, against rewriting import specifiers or an inline import map
that the Content-Security-Policy would refuse). Each module is served minified, as the bundles
were; the page preloads every module its entry imports, so the phone asks for them at once
(``modules_of``), not one import level at a time.

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
from types import MappingProxyType
from typing import Any, Mapping

import brotli
import rcssmin
import rjsmin
from flask import Flask, Response, abort, current_app, request, url_for

from companion.http import encodings

#: Served as one file each, in this order: a page needs one style sheet of ours. (Scripts are
#: modules, not bundles: each page's entry module imports its own, see above.) These are every
#: app's; a game's own pages add theirs to the app, and their part of the pages that start a
#: game, from the game's declaration (``add_bundle``, ``add_to_bundle``, as the pages'
#: blueprint is registered).
BUNDLES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "css/site.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
                     "css/table.css", "css/table_links.css"),
    # The pages that start a game: the new-game page and a table's (its chips).
    "css/site-start.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
                           "css/table.css", "css/table_links.css", "css/new_game.css"),
    # A card game's scorekeeper (its page and a round's correction): the round forms too.
    "css/site-game.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/entry.css",
                          "css/offline.css", "css/table.css", "css/table_links.css"),
    "css/site-rules.css": ("css/app.css", "css/htmx.css", "css/game.css", "css/new_game.css",
                           "css/rules.css"),
})
_BUNDLES_OF_APP = "companion.http.assets.bundles"


def _app_bundles(app: Flask) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = app.extensions.setdefault(_BUNDLES_OF_APP, dict(BUNDLES))
    return found


def add_bundle(app: Flask, name: str, parts: tuple[str, ...]) -> None:
    """A style sheet bundle of a game's own pages."""
    _app_bundles(app)[name] = parts


def add_to_bundle(app: Flask, name: str, parts: tuple[str, ...]) -> None:
    """A game's part of a bundle every game's pages share (the pages that start a game)."""
    found = _app_bundles(app)
    found[name] = found[name] + tuple(part for part in parts if part not in found[name])


def bundles() -> Mapping[str, tuple[str, ...]]:
    """The app's style sheet bundles: every app's and its games'."""
    return _app_bundles(current_app)


#: htmx, vendored from the npm registry (``htmx.org``), pinned, with its Subresource Integrity.
HTMX = "vendor/htmx-2.0.11.min.js"
HTMX_INTEGRITY = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

_lock = threading.RLock()

YEAR = 60 * 60 * 24 * 365
IMMUTABLE = f"public, max-age={YEAR}, immutable"
COMPRESSIBLE = (".css", ".js", ".json", ".webmanifest", ".svg", ".html", ".txt")
FINGERPRINTED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{12})(?P<ext>\.[A-Za-z0-9]+)$")
#: The phone's script modules, named by their version in the folder's path (see above).
MODULES = "js/"
VERSIONED = re.compile(r"^js/(?P<version>[0-9a-f]{12})/(?P<name>[^/]+\.js)$")
#: A module's imports of its neighbours (``import … from "./x.js"``, ``import "./x.js"``).
IMPORTS = re.compile(r"""^import\s+(?:[^"';]*?\s+from\s+)?["']\./([\w-]+\.js)["'];?$""", re.M)


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

    def __init__(self, folder: str, bundles: Mapping[str, tuple[str, ...]]) -> None:
        self.folder = folder
        self.stamp: tuple[Any, ...] = _stamp(folder)
        files: dict[str, bytes] = {}
        for root, _dirs, names in os.walk(folder):
            for file in names:
                path = os.path.join(root, file)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
        for bundle, parts in bundles.items():
            if all(p in files for p in parts):
                files[bundle] = _minified(bundle, b"\n".join(files[p].rstrip(b"\n") + b"\n"
                                                           for p in parts))
        modules = sorted(name for name in files if _is_module(name))
        #: Each module's neighbours it imports, read from its source (before minifying).
        self.imports = {name: [MODULES + found for found in IMPORTS.findall(files[name].decode())]
                        for name in modules}
        for name in modules:
            files[name] = _minified(name, files[name])
        combined = hashlib.sha256()
        for name in modules:
            combined.update(name.encode() + b"\0" + files[name] + b"\0")
        self.version = combined.hexdigest()[:12]
        self.modules = tuple(modules)
        self.by_name = {name: _asset(name, body) for name, body in files.items()}

    def get(self, name: str) -> Asset | None:
        return self.by_name.get(name)

    def url_name(self, asset: Asset) -> str:
        """The name a URL gives ``asset``: its module version's path, or its own fingerprint."""
        if asset.name in self.imports:
            return f"{MODULES}{self.version}/{asset.name[len(MODULES):]}"
        return asset.fingerprinted

    def graph(self, entry: str) -> list[str]:
        """The modules ``entry`` imports, directly or not, each once (``entry`` not among them)."""
        found: list[str] = []
        waiting = list(self.imports.get(entry, ()))
        while waiting:
            name = waiting.pop(0)
            if name != entry and name not in found and name in self.imports:
                found.append(name)
                waiting.extend(self.imports[name])
        return found


def _is_module(name: str) -> bool:
    return name.startswith(MODULES) and name.endswith(".js") and name.count("/") == 1


def _minified(bundle: str, body: bytes) -> bytes:
    """A bundle or a script module without comments and spare white space: the sources keep
    their comments for the next engineer, the phone downloads none of them (the first-visit
    budget is 40 KB)."""
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
                found = Assets(folder, bundles())
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
    """``url_for("static", filename=…)`` names the file by its content (a module: by the
    modules' version)."""
    if endpoint != "static":
        return
    name = values.get("filename")
    table = assets()
    asset = table.get(name) if isinstance(name, str) else None
    if asset is not None:
        values["filename"] = table.url_name(asset)


def modules_of(entry: str) -> list[str]:
    """The URLs of the modules a page's entry module imports, to preload with it: the phone
    asks for them all at once instead of finding each import level in turn."""
    return [url_for("static", filename=name) for name in assets().graph(entry)]


def module_names() -> tuple[str, ...]:
    """Every script module (for the service worker, which keeps them all for an offline start)."""
    return assets().modules


def _choose(asset: Asset) -> tuple[bytes, str | None]:
    encoding = (encodings.chosen(request.environ.get("HTTP_ACCEPT_ENCODING"), ("br", "gzip"))
                if asset.compressible else None)
    return (asset.packed(encoding), encoding) if encoding else (asset.body, None)


def serve(filename: str) -> Response:
    """A static file from memory: a year for a fingerprinted name, revalidated for a plain one."""
    table = assets()
    asset = table.get(filename)
    immutable = False
    versioned = VERSIONED.match(filename)
    if versioned is not None:
        asset = table.get(MODULES + versioned["name"])
        if asset is None:
            abort(404)
        # An older version (a page from before a deploy) gets today's modules, not for long.
        immutable = versioned["version"] == table.version
    elif asset is None:
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


def _template_context() -> dict[str, Any]:
    """The static files every page's head names: htmx with its integrity, the icon inline, the
    modules to preload with the page's entry module."""
    return {"htmx_src": url_for("static", filename=HTMX), "htmx_integrity": HTMX_INTEGRITY,
            "favicon": data_uri("icons/icon-192.png"), "modules_of": modules_of}


def init_app(app: Flask) -> None:
    app.context_processor(_template_context)
    app.url_defaults(_fingerprint_urls)
    app.view_functions["static"] = serve
