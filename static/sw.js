/*
 * Companion's service worker. companion/pwa.py serves it at /sw.js (scope: the whole site) and
 * writes three constants above this comment: CACHE, a cache name that changes whenever the
 * cached files change; ASSETS, the static files an offline start needs; OFFLINE, the page shown
 * when the server cannot be reached.
 *
 * Only those are cached. Game pages and API answers always come from the server, never from a
 * cache: a score shown must never be stale.
 */
"use strict";

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
          return name.indexOf("companion-") === 0 && name !== CACHE;
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

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
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
