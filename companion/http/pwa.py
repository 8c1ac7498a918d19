"""The installable app: the web manifest, the service worker and its offline page.

The service worker is served from ``/sw.js`` so its scope is the whole site. Its first lines are
written here: the list of static files it caches for an offline start, and a cache name made from
their contents, so any change to them installs a new worker that drops the old cache.
"""

from __future__ import annotations

import json

from flask import Blueprint, Flask, Response, render_template, url_for
from flask_babel import gettext as _

from companion.http import assets, sessions
from companion.http.assets import HTMX

bp = Blueprint("pwa", __name__)

#: Static files (relative to ``static/``) an offline start needs: every style sheet bundle the
#: pages load (``assets.bundles()``, a game's own included), htmx and the icons; every script module
#: (``assets.module_names``, read from static/js: any page's entry module and what it imports).
#: The worker caches them under their fingerprinted (a module: versioned) URLs, so a changed
#: file is a new URL and a new cache.
ASSETS = (
    HTMX,
    "icons/icon-192.png",
    "icons/icon-512.png",
)


def _cached() -> tuple[str, ...]:
    return (*assets.bundles(), *ASSETS, *assets.module_names())


def _assets_digest() -> str:
    return assets.digest((*_cached(), "sw.js"))


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    return assets.serve("manifest.webmanifest")


@bp.get("/sw.js")
def service_worker() -> Response:
    worker = assets.assets().get("sw.js")
    body = worker.body.decode("utf-8") if worker else ""
    head = "const CACHE = {};\nconst ASSETS = {};\nconst OFFLINE = {};\n".format(
        json.dumps("companion-" + _assets_digest()),
        json.dumps([url_for("static", filename=name) for name in _cached()]
                   + ["/manifest.webmanifest"]),
        json.dumps(url_for("pwa.offline")),
    )
    response = Response(head + body, mimetype="text/javascript")
    # The browser checks for a new worker on each visit; never let a cache answer for it.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> Response:
    """What an installed app shows when it starts without a connection to its server."""
    # The service worker fetches it as it installs, while the page that registered it goes on:
    # no CSRF token is made for it (it posts nothing that needs one), and its answer sends no
    # session cookie, which could undo what a page's post answered meanwhile (sessions.read_only).
    sessions.read_only()
    response = Response(render_template(
        "error.html",
        status=None,
        title=_("No connection"),
        message=_("Companion cannot reach its server. Check the Wi-Fi, then try again."),
        csrf_token=lambda: "",
    ), mimetype="text/html")
    # Not HTML's no-store: the service worker caches this page to show it offline (in this
    # device's language, hence private).
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
