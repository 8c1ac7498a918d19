"""The installable app: the web manifest, the service worker and its offline page.

The service worker is served from ``/sw.js`` so its scope is the whole site. Its first lines are
written here: the list of static files it keeps for an offline start, and a cache name made from
their contents, so any change to them installs a new worker that drops the old cache.
"""

from __future__ import annotations

import hashlib
import json
import os

from flask import Blueprint, Flask, Response, current_app, render_template, send_from_directory, url_for
from flask_babel import gettext as _

bp = Blueprint("pwa", __name__)

#: htmx, vendored from the npm registry (``htmx.org``), pinned, with its Subresource Integrity.
HTMX = "vendor/htmx-2.0.11.min.js"
HTMX_INTEGRITY = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

#: Static files (relative to ``static/``) an offline start needs.
ASSETS = (
    "css/app.css",
    "css/htmx.css",
    "js/app.js",
    HTMX,
    "icons/icon-192.png",
    "icons/icon-512.png",
)


def _assets_digest(static_folder: str) -> str:
    # Read on each request for /sw.js (a few small files): an edited file is seen at once.
    digest = hashlib.sha256()
    for name in (*ASSETS, "sw.js"):
        with open(os.path.join(static_folder, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    return digest.hexdigest()[:16]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    return send_from_directory(
        current_app.static_folder or "", "manifest.webmanifest", mimetype="application/manifest+json"
    )


@bp.get("/sw.js")
def service_worker() -> Response:
    static = current_app.static_folder or ""
    with open(os.path.join(static, "sw.js"), encoding="utf-8") as f:
        body = f.read()
    head = "const CACHE = {};\nconst ASSETS = {};\nconst OFFLINE = {};\n".format(
        json.dumps("companion-" + _assets_digest(static)),
        json.dumps([url_for("static", filename=name) for name in ASSETS] + ["/manifest.webmanifest"]),
        json.dumps(url_for("pwa.offline")),
    )
    response = Response(head + body, mimetype="text/javascript")
    # The browser checks for a new worker on each visit; never let a cache answer for it.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What an installed app shows when it starts without a connection to its server."""
    return render_template(
        "error.html",
        status=None,
        title=_("No connection"),
        message=_("Companion cannot reach its server. Check the Wi-Fi, then try again."),
    )


def _template_context() -> dict[str, str]:
    return {"htmx_src": url_for("static", filename=HTMX), "htmx_integrity": HTMX_INTEGRITY}


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.context_processor(_template_context)
