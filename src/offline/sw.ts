/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js). It precaches the app
// shell and keeps each survey opened once, so the fill page opens, fills and submits with no network.
//
// What it never does:
// - touch a write: only GET routes are registered, so POST/PUT/DELETE (the submission included) go to
//   the network untouched and the outbox in IndexedDB stays the one place where unsent data lives;
// - keep an old index.html: page loads go to the network first (the server sends no-cache) and fall
//   back to the precached copy only when the network fails or is slower than NAVIGATION_TIMEOUT_MS.
//   The exception is a survey link's page, for a respondent's repeat visit: kept by this worker for its own build's files,
//   served at once on a repeat visit and refreshed behind; a new build's worker drops it;
// - cache other API answers: sign-in, admin data and the online probe always go to the network.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  CODE_CACHE_PAGE,
  FILL_DOCUMENT_CACHE,
  isBuiltScriptPath,
  SURVEY_DATA_CACHE,
  SURVEY_MEDIA_CACHE,
  SURVEY_ADDRESS,
  isCacheUrlsMessage,
  isSurveyAddress,
  isSurveyDataUrl,
  surveyIdOf,
  type WorkerMessage,
} from './sw/contract';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const NAVIGATION_TIMEOUT_MS = 4_000;
/** Longer than a page load: the survey is worth waiting for, but not forever on a 2G link. */
const SURVEY_TIMEOUT_MS = 8_000;

// A new version takes over at once: pages load index.html from the network anyway, and a page still
// running the old code reloads when one of its lazy chunks has gone (see register.ts).
void self.skipWaiting();
clientsClaim();

/**
 * A survey link's page (server/fillDocument.ts: the same HTML for every survey, no-cache, which names the
 * fill page's files) is kept once loaded and served from here on the next visit while the network's copy
 * is fetched behind it (stale-while-revalidate). Only a page whose files the precache holds is kept, so a
 * kept page always starts offline; a page of a newer build than this worker's waits for the new worker.
 */
const FILL_DOCUMENT_KEY = SURVEY_ADDRESS;

function isFillPage(url: URL): boolean {
  return url.origin === self.location.origin && isSurveyAddress(url.pathname);
}

async function keptFillDocument(): Promise<Response | undefined> {
  return (await caches.open(FILL_DOCUMENT_CACHE).then((c) => c.match(FILL_DOCUMENT_KEY))) ?? undefined;
}

async function keepFillDocument(res: Response): Promise<void> {
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('text/html')) return;
  const html = await res.clone().text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  if (files.length === 0) return;
  for (const f of files) if (!(await matchPrecache(f))) return;
  const cache = await caches.open(FILL_DOCUMENT_CACHE);
  const kept = await cache.match(FILL_DOCUMENT_KEY);
  if (kept && (await kept.text()) === html) return;
  // The server's headers go with it (the Content-Security-Policy and the other document headers apply
  // to the kept page as to the network's), except those describing the bytes on the wire: the text kept
  // is already decoded.
  const headers = new Headers(res.headers);
  for (const h of ['content-encoding', 'content-length', 'transfer-encoding', 'date', 'etag', 'last-modified']) headers.delete(h);
  await cache.put(FILL_DOCUMENT_KEY, new Response(html, { headers }));
  // A page that names other files than the kept one: a new build is out, and its worker with it.
  if (kept) await self.registration.update().catch(() => undefined);
}

async function refreshFillDocument(request: Request): Promise<void> {
  const res = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS * 5);
  await keepFillDocument(res);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// The code cache's page (codeCache.ts): made up here, from precached files only, so that it never
// reaches the network and never falls back to the app's shell. It names one module of the precache and
// nothing else; the page that frames it is ours (frame-ancestors 'self').
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === CODE_CACHE_PAGE,
  async ({ url }) => {
    const module = url.searchParams.get('module') ?? '';
    if (!isBuiltScriptPath(module) || !(await matchPrecache(module))) return new Response(null, { status: 404 });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>-</title><script type="module" crossorigin src="${module}"></script></head><body></body></html>`;
    return new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
        'x-content-type-options': 'nosniff',
      },
    });
  },
);

// Registered before the precache route so that '/' (which the precache maps to index.html) is a
// navigation too, answered from the network first, except a survey link's page (below).
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      if (isFillPage(new URL(request.url))) {
        const kept = await keptFillDocument();
        if (kept) {
          // A repeat visit: no round trip (400 ms and more on a phone's link) before the form; the
          // network's copy replaces the kept one for the next visit.
          (event as FetchEvent).waitUntil(refreshFillDocument(request).catch(() => undefined));
          return kept;
        }
      }
      try {
        const res = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
        if (res.status < 500) {
          if (isFillPage(new URL(request.url))) (event as FetchEvent).waitUntil(keepFillDocument(res.clone()).catch(() => undefined));
          return res;
        }
      } catch {
        // offline, or too slow: the shell below
      }
      return (await matchPrecache('/index.html')) ?? Response.error();
    },
    { denylist: [/^\/api\//i, /^\/sw\.js$/] },
  ),
);

// A new worker is a new build: the page kept by the old one names files the new precache may not hold.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(FILL_DOCUMENT_CACHE)));

// Workbox's own plugins declare optional members without '| undefined', which our
// exactOptionalPropertyTypes rejects although they are the very type Workbox expects.
const plugin = (p: object): WorkboxPlugin => p as WorkboxPlugin;

// Only the fill page's files are precached (vite.config.ts, fillRouteOnly): a respondent's phone
// downloads what filling needs, not the admin screens. The other screens' files are kept as they are
// loaded: their names carry a content hash, so a kept copy is never stale.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      plugin(new CacheableResponsePlugin({ statuses: [200] })),
      plugin(new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true })),
    ],
  }),
);

// The files the page loaded before this worker controlled it (register.ts): kept like the ones above.
self.addEventListener('message', (event) => {
  if (!isCacheUrlsMessage(event.data)) return;
  // The survey link's page itself, kept for the next visit (the page was not under this worker yet).
  for (const u of event.data.urls.slice(0, 200)) {
    try {
      if (isFillPage(new URL(u))) event.waitUntil(refreshFillDocument(new Request(u)).catch(() => undefined));
    } catch {
      // not an address
    }
  }
  const urls = event.data.urls.slice(0, 200).filter((u) => {
    try {
      const url = new URL(u);
      return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches.open(ASSETS_CACHE).then(async (cache) => {
      for (const u of urls) {
        if ((await matchPrecache(u)) || (await cache.match(u))) continue;
        await cache.add(u).catch(() => undefined);
      }
    }),
  );
});

async function tell(clientId: string, message: WorkerMessage): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  if (client) client.postMessage(message);
  else for (const c of await self.clients.matchAll({ type: 'window' })) c.postMessage(message);
}

/** The cached answer for this survey: the same request, else the same survey asked another way (another language, link or task). */
async function cachedSurvey(cache: Cache, request: Request, surveyId: string | undefined): Promise<Response | undefined> {
  const exact = await cache.match(request);
  if (exact || !surveyId) return exact;
  for (const key of [...(await cache.keys())].reverse()) {
    if (surveyIdOf(new URL(key.url)) === surveyId) return (await cache.match(key)) ?? undefined;
  }
  return undefined;
}

/** Only a success in the API's envelope is worth keeping. */
async function isKeepable(res: Response): Promise<boolean> {
  if (!res.ok) return false;
  try {
    return ((await res.clone().json()) as { isSuccess?: unknown }).isSuccess === true;
  } catch {
    return false;
  }
}

// The survey's data. Kept from an earlier visit (the same request): served at once, so that a repeat visit
// waits for no round trip, and asked of the network behind it (stale-while-revalidate); when the network
// brings something different the cache takes it and the page is told 'This survey has been updated.'
// (a submission names the version it was filled in, which the server keeps and checks against); when
// the network fails, 'You are viewing cached data.'. Not kept yet: the network first, the cache of the
// same survey asked another way when the network fails or is slow.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isSurveyDataUrl(url),
  async ({ request, event }) => {
    const surveyId = surveyIdOf(new URL(request.url));
    const cache = await caches.open(SURVEY_DATA_CACHE);
    const clientId = (event as FetchEvent).clientId || (event as FetchEvent).resultingClientId;
    let servedBody: string | undefined;
    const network = fetch(request.clone()).then(async (res) => {
      if (await isKeepable(res)) {
        await cache.put(request, res.clone());
        if (servedBody !== undefined && surveyId && (await res.clone().text()) !== servedBody)
          await tell(clientId, { type: 'fieldsurvey:survey-updated', surveyId });
      }
      return res;
    });
    const fromCache = async (cached: Response): Promise<Response> => {
      servedBody = await cached.clone().text();
      // Keep listening: a slow network may still bring a newer version.
      (event as FetchEvent).waitUntil(
        withTimeout(network, SURVEY_TIMEOUT_MS * 4).then(
          () => undefined,
          async () => {
            if (surveyId) await tell(clientId, { type: 'fieldsurvey:cached-data', surveyId });
          },
        ),
      );
      return cached;
    };
    // The page's own "has it changed?" (surveyRefresh.ts) asks with no-store: the network's answer only.
    const kept = request.cache === 'no-store' ? undefined : await cache.match(request);
    if (kept) return fromCache(kept);
    try {
      return await withTimeout(network, SURVEY_TIMEOUT_MS);
    } catch {
      const cached = await cachedSurvey(cache, request, surveyId);
      if (!cached) return network.catch(() => Response.error());
      if (surveyId) await tell(clientId, { type: 'fieldsurvey:cached-data', surveyId });
      return fromCache(cached);
    }
  },
);

// Images and files a survey shows: from the cache at once, refreshed behind.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    (request.destination === 'image' || /^\/api\/filedata\/getfile/i.test(url.pathname)) &&
    !url.pathname.startsWith('/assets/'),
  new StaleWhileRevalidate({
    cacheName: SURVEY_MEDIA_CACHE,
    plugins: [
      plugin(new CacheableResponsePlugin({ statuses: [0, 200] })),
      plugin(new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })),
    ],
  }),
);
