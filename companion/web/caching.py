"""The game page answered as cheaply as it can be: 304 from the version alone, and a watcher's
page rendered once per version and language.

A game page depends on the game's version, the language, whether this device keeps score, the
session's CSRF secret (the token in its forms), the address it was asked at, and the code that
draws it (templates, translations, static files). Its ETag is made of exactly those, so a
browser's ``If-None-Match`` is answered 304 from the version column alone: no entries read,
nothing folded, nothing rendered. A page with a flashed message is never answered 304.

A watcher's page holds no form of its own, only the CSRF token of the language switcher: it is
rendered once per ``(game, version, language, address)`` with a placeholder for the token, which
each request fills in. The scorekeeper's page (forms, the scorekeeper link) is always rendered.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any, Protocol

from flask import current_app, g, make_response, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from ..caches import cache

#: Stands for the request's CSRF token in a cached page: it cannot occur in a rendered page (a
#: player's name may hold no control character, and the templates write none).
CSRF_PLACEHOLDER = "\x00csrf\x00"

#: A game page may be kept by this device's browser, and must be asked for again before each use.
REVALIDATE = "private, no-cache"


class Head(Protocol):
    id: str
    version: int


def build_id() -> str:
    """A hash of what draws the pages: a new deploy never answers 304 for an older page."""
    app = current_app
    found: str | None = app.extensions.get("companion.build")
    if found is not None and not (app.debug or app.testing):
        return found
    digest = hashlib.sha256()
    folders = [app.template_folder or "", app.config.get("BABEL_TRANSLATION_DIRECTORIES", "")]
    for folder in folders:
        for root, _dirs, names in sorted(os.walk(os.path.join(app.root_path, folder))):
            for name in sorted(names):
                if name.endswith((".html", ".mo")):
                    info = os.stat(os.path.join(root, name))
                    digest.update(f"{root}/{name}:{info.st_mtime_ns}:{info.st_size}".encode())
    from .. import assets

    for name, asset in sorted(assets.assets().by_name.items()):
        digest.update(f"{name}:{asset.digest}".encode())
    found = digest.hexdigest()[:16]
    app.extensions["companion.build"] = found
    return found


def _csrf_secret() -> str:
    """Which session's CSRF tokens the page holds (a hash: the secret never leaves the session)."""
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    secret = session.get(field, "")
    return hashlib.sha256(str(secret).encode()).hexdigest()[:16] if secret else ""


def _page_key(game: Head, editable: bool, fragment: bool) -> tuple[Any, ...]:
    """What a watcher's page depends on, besides the CSRF token filled in per request."""
    where = g.get("_page_where")
    if where is None:  # the same for every key of this request: work it out once
        where = g._page_where = (build_id(), str(get_locale()), request.host_url,
                                 request.full_path.rstrip("?"))
    return (*where[:3], game.id, game.version, editable, fragment, "" if fragment else where[3])


def etag(game: Head, editable: bool, fragment: bool) -> str:
    key = (*_page_key(game, editable, fragment), _csrf_secret())
    return hashlib.sha256(repr(key).encode()).hexdigest()[:27]


def may_answer_304() -> bool:
    """A flashed message is shown once: that page is never "not modified"."""
    return not session.get("_flashes")


def not_modified(tag: str) -> Response:
    response = make_response("", 304)
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = REVALIDATE
    response.vary.add("Cookie")
    return response


def conditional(response: Response, game: Head, editable: bool, fragment: bool) -> Response:
    """Let the browser keep a 200 game page and revalidate it by its ETag."""
    if response.status_code == 200 and may_answer_304():
        response.set_etag(etag(game, editable, fragment), weak=True)
        response.headers["Cache-Control"] = REVALIDATE
        response.vary.add("Cookie")
    return response


def watcher_page(game: Head, fragment: bool) -> str | None:
    """A watcher's page of this version from the cache, with this request's CSRF token."""
    body = cache("pages").get(_page_key(game, False, fragment))
    if not isinstance(body, str):
        return None
    return body.replace(CSRF_PLACEHOLDER, generate_csrf()) if CSRF_PLACEHOLDER in body else body


def keep_watcher_page(game: Head, fragment: bool, body: str) -> str:
    """Keep a page rendered with the placeholder, and fill in this request's token."""
    token = generate_csrf()
    if token not in body:  # no form drew a real token (which would be this session's only)
        cache("pages").put(_page_key(game, False, fragment), body)
    return body.replace(CSRF_PLACEHOLDER, token)
