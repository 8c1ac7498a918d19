"""What is derived from a game, cached per process by ``(game id, version)``.

A game's version grows by one with every write and never goes back, so ``(id, version)`` names one
list of entries forever: the state folded from it, its API body and a watcher's page can be cached
and shared between requests and threads without ever being stale. A write makes a new version,
hence a new key; nothing is ever invalidated, old keys simply age out of the LRU. Nothing that
matters lives only here: a restart, or another app server, folds again from the database.

Each app has its own caches (``app.extensions``, sized by the configuration ``init_app`` is given),
so test apps never share them; the app in context is found through ``database``, the storage's
one door to its app.

Every cache is bounded in bytes as well as in entries: ``CACHE_BYTES`` (the config; 128 MiB by
default, for two workers on a 2-core machine with 1 GB to spare) is shared out among the caches
by ``SHARES``, each value weighed as it is put (``rules.memo.weight``), so a worker's caches stay
within ``CACHE_BYTES`` together whatever the games and tables (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, Protocol

from companion.rules.memo import LRU
from companion.storage import database

#: Where an app keeps its caches.
EXTENSION = "companion.storage.caches"

#: How many entries each cache holds by default (``STATE_CACHE_SIZE`` in the config).
DEFAULT_SIZE = 256

#: The caches sized by another setting: name -> (setting, default). A table's figures
#: (``companion.storage.table_store``) hold each of its games as a ``PlayedGame`` (``table-games``, a few KB
#: for a long game): it must hold a whole table's games, or every table version would fold
#: again the games it lost. ``table-blocks`` (partial sums of about 256 games each, and each
#: block's winners: two entries a block) as many as ``table-games``;
#: ``table-figures`` (a table's figures by its version), ``table-api`` (its JSON bodies)
#: and ``table-latest`` (each table's latest figures this process knows, which the next version's
#: are made from) hold ``STATE_CACHE_SIZE`` entries, as the games' caches do.
#: ``table-rows`` holds the JSON text of a game's row in the table object (a few hundred
#: bytes), by game version and the names shown, as many as ``table-games``.
#: ``images`` holds 64 standings PNGs (about 40 KB each) unless ``IMAGE_CACHE_SIZE`` says more.
SIZES = {"table-games": ("TABLE_CACHE_SIZE", 4096), "table-rows": ("TABLE_CACHE_SIZE", 4096),
         "table-blocks": ("TABLE_CACHE_SIZE", 4096), "images": ("IMAGE_CACHE_SIZE", 64)}


#: Each cache's part of ``CACHE_BYTES``, in hundredths; a cache not named gets ``OTHER_SHARE``.
#: They add up to at most 100 with the few unnamed ones (``renames``, ``table-ahead``,
#: ``table-page-rows``, ``table-charts``). A table's figures at one version (``table-figures``,
#: ``table-latest``) are the largest values: a table at its bounds (``table_games.PLAYERS_MAX``)
#: weighs a few megabytes, so the default keeps a few of them.
SHARES = {"games": 12, "latest": 4, "api": 8, "pages": 8, "compressed": 6, "images": 6,
          "table-games": 14, "table-rows": 3, "table-blocks": 8, "table-figures": 10,
          "table-latest": 10, "table-api": 6}
OTHER_SHARE = 1
#: The default of ``CACHE_BYTES``.
DEFAULT_BYTES = 128 * 1024 * 1024


class App(Protocol):
    """What ``init_app`` needs of an app (a Flask app: the storage imports no Flask)."""

    @property
    def config(self) -> Mapping[str, Any]: ...

    @property
    def extensions(self) -> dict[str, Any]: ...


class Caches(dict[str, LRU[Hashable, object]]):
    """An app's caches by name, made on first use, and the configuration that sizes them."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__()
        self.config = config


def budget(name: str, config: Mapping[str, Any]) -> int:
    """The bytes the cache ``name`` may hold in an app of ``config``."""
    whole = int(config.get("CACHE_BYTES", DEFAULT_BYTES))
    return max(1, whole * SHARES.get(name, OTHER_SHARE) // 100)


def cache(name: str) -> LRU[Hashable, object]:
    """The app's cache called ``name``, made on first use, each an ``LRU`` (``rules.memo``) of
    ``STATE_CACHE_SIZE`` entries unless ``SIZES`` says otherwise, and ``budget(name)`` bytes.
    Their keys:

    - ``games``: ``(game id, version)`` -> ``store.StoredGame``;
    - ``latest``: game id -> the latest ``StoredGame`` this process knows (the next fold's start);
    - ``api``: ``(game id, version)`` -> the API's JSON body;
    - ``pages``: a page's key (``web.shared.caching``) -> a watcher's ``WatcherPage``;
    - ``images``: ``(game id, version, language)`` -> the standings PNG (``web.sharing.share``);
    - ``compressed``: ``"<encoding>;<cached body's key>"`` -> its compressed bytes
      (``companion.http.compressed``);
    - the tables' ones, ``SIZES`` above (``companion.storage.table_store``)."""
    caches: Caches = database.app_extension(EXTENSION)
    found = caches.get(name)
    if found is None:
        setting, default = SIZES.get(name, ("STATE_CACHE_SIZE", DEFAULT_SIZE))
        found = caches.setdefault(name, LRU(int(caches.config.get(setting, default)),
                                            budget(name, caches.config)))
    return found


def init_app(app: App) -> None:
    """The app's caches, none made yet, sized by its configuration as it is when first used."""
    app.extensions[EXTENSION] = Caches(app.config)
