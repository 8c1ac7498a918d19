"""The game page answered as cheaply as it can be: 304 from the version alone, and a watcher's
whole answer (its bytes and its ETag) made once per version and language.

A game page depends on the game's version, the language, whether this device keeps score, the
address it was asked at, and the code that draws it (templates, translations, static files). A
scorekeeper's page also holds the session's CSRF token (in its forms), so its ETag names the
session's CSRF secret too, and the tables the session keeps score of (it offers them). A
watcher's page holds nothing of the session: no form of its own, and the language switcher needs
no token (``i18n.set_language`` refuses cross-site posts by their origin instead). Its ETag is
made of exactly the rest, so a browser's ``If-None-Match`` is answered 304 from the version
column alone: no entries read, nothing folded, nothing rendered. A page with a flashed message
is never answered 304.

A watcher's page is rendered once per ``(build, language, address, game, version, path)`` and
cached as bytes with its ETag: every watching phone, with or without a cookie, gets the same
answer. A page that drew a CSRF token after all (a form added to what watchers see) is never
cached: it is rendered for each request, as a scorekeeper's is.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from typing import Any, Protocol

from flask import current_app, g, request, session
from werkzeug.http import quote_etag
from werkzeug.wrappers import Response

from companion.rules.memo import LRU
from companion.http import (
    conditional as conditional_get,  # (``conditional`` below is this module's)
)
from companion.http.headers import add_vary
from companion.http.i18n import chosen_language
from companion.http.compressed import send_as_cached
from companion.storage.caches import cache
from companion.web.shared.access import Rights

#: Stands for a CSRF token in a watcher's page as it is rendered: it cannot occur in a rendered
#: page (a player's name may hold no control character, and the templates write none), so a page
#: holding it drew a token, and is not cached.
CSRF_PLACEHOLDER = "\x00csrf\x00"

#: A game page may be cached by this device's browser, and must be asked for again before each use.
REVALIDATE = conditional_get.PAGE_REVALIDATE


class Head(Protocol):
    id: str
    version: int


@dataclass(frozen=True)
class WatcherPage:
    """A watcher's page of one version, ready to send: the same for every watching phone."""

    body: bytes
    etag: str
    #: What ``send_watcher_page`` sends with it: its type, its ETag, revalidate, Vary: Cookie.
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, body: str, etag: str) -> WatcherPage:
        return cls(body.encode(), etag, (
            ("Content-Type", "text/html; charset=utf-8"), ("ETag", quote_etag(etag, weak=True)),
            ("Cache-Control", REVALIDATE), ("Vary", "Cookie")))


#: A file's content hash by its path and the (mtime, size) it was read at: in debug and testing
#: ``build_id`` is worked out on every request, and reads a file again only when it changed.
_CONTENT: LRU[tuple[str, int, int], str] = LRU(4096)


def _content_hash(path: str) -> str:
    info = os.stat(path)

    def read() -> str:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    return _CONTENT.get_or_make((path, info.st_mtime_ns, info.st_size), read)


def build_id() -> str:
    """A hash of what draws the pages (the templates', the compiled translations' and the
    static files' contents): a new deploy never answers 304 for an older page, and every server
    built from one commit says the same ETag for the same page, however and whenever its files
    were written (a restart that compiles the translations again changes no page's ETag)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found: str | None = app.extensions.get("companion.build")
    if found is not None and not (app.debug or app.testing):
        return found
    digest = hashlib.sha256()
    folders = [app.template_folder or "", app.config.get("BABEL_TRANSLATION_DIRECTORIES", "")]
    for folder in folders:
        base = os.path.join(app.root_path, folder)
        for root, _dirs, names in sorted(os.walk(base)):
            for name in sorted(names):
                if name.endswith((".html", ".mo")):
                    path = os.path.join(root, name)
                    digest.update(f"{os.path.relpath(path, base)}:{_content_hash(path)}".encode())
    from companion.http import assets

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
    """What a page depends on, besides a scorekeeper's CSRF token."""
    where = g.get("_page_where")
    if where is None:  # the same for every key of this request: work it out once
        asked = request._get_current_object()  # (one look-up through the proxy, not four)
        # The address the page's absolute links are made from (what ``request.host_url`` says,
        # without building that string), and the path it was asked at.
        where = g._page_where = (build_id(), chosen_language(),
                                 (asked.scheme, asked.host, asked.root_path),
                                 asked.full_path.rstrip("?"))
    return (*where[:3], game.id, game.version, editable, fragment, "" if fragment else where[3])


def _tag(key: tuple[Any, ...]) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:27]


def etag(game: Head, rights: Rights, fragment: bool) -> str:
    """The page's ETag for a device with these ``rights`` (the view's): a scorekeeper's names
    the session's CSRF secret and the tables it keeps score of (the page offers to add the game
    to them), a watcher's neither."""
    key = _page_key(game, rights.keeps_score, fragment)
    return _tag((*key, _csrf_secret(), rights.tables) if rights.keeps_score else key)


def may_answer_304() -> bool:
    """A flashed message is shown once: that page is never "not modified"."""
    return not session.get("_flashes")


def not_modified(tag: str) -> Response:
    response = conditional_get.not_modified(tag, "text/html", REVALIDATE)
    add_vary(response, "Cookie")
    return response


def conditional(response: Response, game: Head, rights: Rights, fragment: bool) -> Response:
    """Let the browser cache a 200 game page and revalidate it by its ETag."""
    if response.status_code == 200 and may_answer_304():
        conditional_get.tagged(response, etag(game, rights, fragment), REVALIDATE)
        add_vary(response, "Cookie")
    return response


def watcher_page(game: Head, fragment: bool) -> WatcherPage | None:
    """A watcher's page of this version, if this process has made it."""
    found = cache("pages").get(_page_key(game, False, fragment))
    return found if isinstance(found, WatcherPage) else None


def remember_watcher_page(game: Head, fragment: bool, body: str) -> WatcherPage | None:
    """Cache a watcher's page rendered with ``CSRF_PLACEHOLDER`` as its ``csrf_token``; ``None``
    (nothing cached) when it drew a token, and so belongs to one session."""
    if CSRF_PLACEHOLDER in body:
        return None
    key = _page_key(game, False, fragment)
    page = WatcherPage.of(body, _tag(key))
    cache("pages").put(key, page)
    return page


def send_watcher_page(page: WatcherPage) -> Response:
    """A cached watcher's page as a response, revalidated by its ETag."""
    response: Response = current_app.response_class(page.body, headers=page.headers)
    return send_as_cached(response, page.etag)
