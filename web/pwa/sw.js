// Game Solver's service worker: the app works offline after one visit.
//
// The build (web/pwa/make_service_worker.py) writes build/site/sw.js from this file, replacing
// the line below by the build's list of files with their SHA-256 and a version: the first 20
// hex digits of the SHA-256 of the lines "<sha256 of the file>  <path>\n" (the output of
// `sha256sum <files>`). So the cache name changes whenever any cached file changes, sw.js's
// bytes change with it, and the browser installs the new worker.
//
// 1. Install: fetch every file of the list (revalidated with the server), check each against
//    its SHA-256, and store the set in a cache named after the scope and the version. A file of
//    another build (a stale copy on a CDN, a deploy in progress) fails the install: the
//    installed version keeps serving and the browser tries again on a later visit.
// 2. Fetch: the files of the list, and navigations to the scope (./ or ./index.html, any
//    query) or to a page of the list (the guides, guides/ for their index), come from that
//    cache: cache first, one consistent build — index.html, index.js and index.wasm call each
//    other and must come from the same build. The guides' screenshots are stored in a second
//    cache of the version as they are first shown, and answered from it after. Every other
//    request (the module gamesolver.js, the standalone file, the examples) goes to the network
//    untouched.
// 3. Update: the browser fetches sw.js on every visit. A newer build's worker installs beside
//    the running one and takes over when a page of the app tells it to (message
//    'gs-skip-waiting'): the page does so once its runtime is up, when it has fetched everything
//    it will ever fetch, so a running page never mixes two builds. The page keeps running the
//    version it started with; the next load is the new build.
// 4. Activate: delete this scope's caches of other versions and control the open pages.
//
// Everything is relative to the registration's scope, so the site works from a sub-path
// (https://user.github.io/game-solver/). Cache names include the scope: several copies of the
// site on one origin (user.github.io/a/ and user.github.io/b/) keep their own caches.
'use strict';

const kBuild = {/* replaced at build time */};

const kScope = self.registration.scope;  // ends with '/'
const kCachePrefix = `gamesolver ${kScope} `;
const kCacheName = kCachePrefix + kBuild.version;
const urlOf = (path) => new URL(path, kScope).href;
const kFileUrls = new Set(kBuild.files.map((file) => urlOf(file.path)));
const kIndexUrl = urlOf('index.html');
const kGuidesUrl = urlOf('guides/');
const kShotsUrl = urlOf('guides/screenshots/');
const kShotsCacheName = kCachePrefix + 'screenshots ' + kBuild.version;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The file at url as a Response to cache, if the server's copy is the build's (sha256);
// null otherwise. cacheMode 'no-cache' revalidates the browser's HTTP cache (cheap when the
// page has just fetched the file), 'reload' bypasses it.
async function fetchChecked(url, sha256, cacheMode) {
  const response = await fetch(new Request(url, { cache: cacheMode, credentials: 'same-origin' }));
  if (!response.ok) return null;
  const bytes = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== sha256) return null;
  return new Response(bytes, { status: response.status, statusText: response.statusText,
                               headers: response.headers });
}

async function precache() {
  const cache = await caches.open(kCacheName);
  try {
    await Promise.all(kBuild.files.map(async ({ path, sha256 }) => {
      const url = urlOf(path);
      const response = (await fetchChecked(url, sha256, 'no-cache')) ||
                       (await fetchChecked(url, sha256, 'reload'));
      if (!response) throw new Error(`${path}: not the file of build ${kBuild.version}`);
      await cache.put(url, response);
    }));
  } catch (error) {
    await caches.delete(kCacheName);
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith(kCachePrefix) && name !== kCacheName && name !== kShotsCacheName)
        await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'gs-skip-waiting') self.skipWaiting();
});

// The cached URL that answers request, or null when the request is not the app's.
function cachedUrlFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') {
    url.search = '';
    if (url.href === kScope || url.href === kIndexUrl) return kIndexUrl;
    if (url.href === kGuidesUrl) return urlOf('guides/index.html');
  }
  return kFileUrls.has(url.href) ? url.href : null;
}

// A guide's screenshot: from the screenshots cache, else from the network, kept there.
async function screenshot(request) {
  const cache = await caches.open(kShotsCacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method === 'GET' && request.url.startsWith(kShotsUrl)) {
    event.respondWith(screenshot(request));
    return;
  }
  const cachedUrl = cachedUrlFor(request);
  if (!cachedUrl) return;
  event.respondWith((async () => {
    // The network if the cache lost the file (storage cleared under pressure).
    return (await caches.match(cachedUrl, { cacheName: kCacheName })) || fetch(event.request);
  })());
});
