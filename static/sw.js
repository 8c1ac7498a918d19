/*
 * Companion's service worker. companion/http/pwa.py serves it at /sw.js (scope: the whole site) and
 * writes three constants above this comment: CACHE, a cache name that changes whenever the
 * cached files change; ASSETS, the static files an offline start needs; OFFLINE, the page shown
 * when the server cannot be reached.
 *
 * Game pages (/g/<id>) always come from the server while it can be reached. Each one it
 * answers is also kept (cache PAGES), so that an open game's page opens with no network: the
 * kept copy, marked <html data-from-cache> so the page says it is the last known state, its
 * live part the newest one this phone saw since (an entry's answer, a poll: cache LIVE, kept by
 * static/js/pad.js), without the messages of the moment it was kept with; its taps waiting to
 * be sent are in localStorage (static/js/queue.js), which sends them when it can. A game the
 * server says is gone (404), forgotten or deleted is dropped from both. API answers and
 * fragments are never cached.
 */
"use strict";

var PAGES = "companion-pages";
var LIVE = "companion-live";
var LIVE_END = "<!-- /game-live -->"; // where a game page's live part ends (game/page.html)
var GAME_PAGE = /^\/g\/[^/]+$/;
var LEAVING = /^(\/g\/[^/]+)\/(forget|delete)$/;
// A message of the moment ("Round 3 corrected…" flashed at the page's top, "Saved.", a
// conflict's): said when its page came, never again by a copy of that page shown later.
var MOMENT = /<p class="flash[^"]*"[^>]*>[\s\S]*?<\/p>/g;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) {
        return cache.addAll(ASSETS.concat([OFFLINE]));
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("companion-") === 0 && name !== CACHE && name !== PAGES && name !== LIVE;
        }).map(function (name) {
          return caches.delete(name);
        }));
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

function fromCache(path) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(path, { ignoreVary: true, ignoreSearch: true });
  });
}

function dropPage(path) {
  return Promise.all([PAGES, LIVE].map(function (name) {
    return caches.open(name).then(function (kept) {
      return kept.delete(path, { ignoreSearch: true, ignoreVary: true });
    });
  }));
}

function version(html) {
  var found = /data-version="(\d+)"/.exec(html);
  return found ? parseInt(found[1], 10) : -1;
}

// The kept page with the newest live part this phone saw in place of its own, when newer.
function newest(page, path) {
  return caches.open(LIVE).then(function (kept) {
    return kept.match(path);
  }).then(function (found) {
    return found ? found.text() : "";
  }).then(function (fragment) {
    var start = page.indexOf('<div id="game-live"');
    var end = page.indexOf(LIVE_END);
    if (start < 0 || end < start || version(fragment) <= version(page.slice(start))) {
      return page;
    }
    return page.slice(0, start) + fragment + page.slice(end);
  });
}

// The server's page, kept for an offline start; without a network, the kept one.
function gamePage(request, path) {
  return fetch(request).then(function (response) {
    if (response.status === 200) {
      var copy = response.clone();
      caches.open(PAGES).then(function (pages) {
        return pages.put(path, copy);
      });
    } else if (response.status === 404) {
      dropPage(path);
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (pages) {
      return pages.match(path, { ignoreSearch: true, ignoreVary: true });
    }).then(function (kept) {
      if (!kept) {
        return fromCache(OFFLINE).then(function (page) {
          return page || Response.error();
        });
      }
      return kept.text().then(function (page) {
        return newest(page, path);
      }).then(function (html) {
        return new Response(html.replace(MOMENT, "").replace("<html", "<html data-from-cache"), {
          status: 200,
          headers: { "Content-Type": "text/html; charset=utf-8" }
        });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  var leaving = LEAVING.exec(url.pathname);
  if (request.method === "POST" && leaving) {
    event.waitUntil(dropPage(leaving[1])); // forgotten or deleted: no offline copy any more
    return;
  }
  if (request.method !== "GET") {
    return;
  }
  if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(request, url.pathname));
    return;
  }
  if (request.mode === "navigate") {
    // A page: always the server's; only when it cannot be reached, the offline page.
    event.respondWith(fetch(request).catch(function () {
      return fromCache(OFFLINE).then(function (page) {
        return page || Response.error();
      });
    }));
    return;
  }
  if (ASSETS.indexOf(url.pathname) !== -1) {
    // A static file of this version: from the cache, else from the server.
    event.respondWith(fromCache(url.pathname).then(function (hit) {
      return hit || fetch(request);
    }));
  }
  // Anything else (htmx fragments, the API, other static files) goes to the network untouched.
});
