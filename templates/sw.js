// Service worker for the Evil Robots companion, release {{ release }}.
{#- Pages come from the network when it answers (so a deploy shows at once) and from the cache
    when it does not; static files have versioned URLs, so they are cached for good. A new
    release installs at once, takes over open pages and deletes the old release's cache.
    (A template comment: every new player downloads this file.) #}
"use strict";

const CACHE = "evilrobots-{{ release }}";
const PRECACHE = {{ precache|tojson }};
const PAGES = {{ pages|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(PRECACHE.concat(PAGES)); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys
          .filter(function (key) { return key.startsWith("evilrobots-") && key !== CACHE; })
          .map(function (key) { return caches.delete(key); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then(function (response) {
          if (response.ok && PAGES.indexOf(url.pathname) !== -1 && !url.searchParams.has("lang")) {
            const copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
          }
          return response;
        })
        .catch(function () {
          return caches.match(url.pathname).then(function (cached) {
            return cached || caches.match("/");
          });
        })
    );
  } else if (url.pathname.startsWith("/static/") || url.pathname === "/icons.svg") {
    event.respondWith(
      caches.match(request).then(function (cached) {
        return cached || fetch(request).then(function (response) {
          if (response.ok && url.searchParams.has("v")) {
            const copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
  }
});
