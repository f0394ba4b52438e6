// Makes an opened survey available offline: once the service worker is active (the app shell is
// precached), the survey's data and the media it names are put in the worker's caches and the survey
// is listed in IndexedDB. The first time says 'Data has been downloaded.'.
import type { OfflineDb } from './db';
import { SURVEY_DATA_CACHE, SURVEY_MEDIA_CACHE } from './sw/contract';

const READY_TIMEOUT_MS = 120_000;
const MEDIA = /\.(png|jpe?g|gif|webp|svg|bmp|avif|mp3|m4a|ogg|wav)(\?.*)?$/i;

export interface SurveyToKeep {
  surveyId: string;
  title: string;
  /** The page the survey was opened at. */
  path: string;
  /** The data call as the page made it (GET /api/Survey/GetPreviewData?...). */
  dataUrl: string;
  /** The caller's credentials when the data depends on who asks (a task's survey answers linkValid only to its collector). */
  headers?: Record<string, string>;
}

export type KeepResult = 'downloaded' | 'refreshed' | 'unsupported' | 'failed';

/** Strings in the survey's data that point at media files (choice images, label images). */
export function mediaUrlsOf(data: unknown, origin: string): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (MEDIA.test(v) && (v.startsWith('/') || v.startsWith('http'))) {
        try {
          found.add(new URL(v, origin).href);
        } catch {
          // not a URL after all
        }
      }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
  return [...found];
}

/** A short fingerprint of the data, to tell a changed survey from the same one. */
export async function fingerprint(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function ready(): Promise<ServiceWorkerRegistration | undefined> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((r) => setTimeout(() => r(undefined), READY_TIMEOUT_MS))]);
}

async function keepMedia(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(SURVEY_MEDIA_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      try {
        const res = await fetch(url, { mode: new URL(url).origin === location.origin ? 'same-origin' : 'no-cors' });
        if (res.ok || res.type === 'opaque') await cache.put(url, res);
      } catch {
        // one missing picture does not make the survey unusable
      }
    }),
  );
}

export async function keepSurveyOffline(db: OfflineDb, s: SurveyToKeep, now: number): Promise<KeepResult> {
  // No worker: a development build (register.ts registers none) or a browser without one.
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined')
    return 'unsupported';
  // The worker is registered once the page has loaded (register.ts); the fill page can get here first,
  // so wait for it rather than ask whether it is there yet.
  if (!(await ready())) return 'failed';
  try {
    const cache = await caches.open(SURVEY_DATA_CACHE);
    // The worker keeps the page's own call once it controls the page; the very first visit was made
    // before it did, so the call is made again here and kept by hand.
    let res = await cache.match(s.dataUrl);
    if (!res) {
      const fresh = await fetch(s.dataUrl, { cache: 'no-store', ...(s.headers ? { headers: s.headers } : {}) });
      if (!fresh.ok) return 'failed';
      await cache.put(s.dataUrl, fresh.clone());
      res = fresh;
    }
    const text = await res.text();
    const data = JSON.parse(text) as { isSuccess?: boolean };
    if (data.isSuccess !== true) return 'failed';
    await keepMedia(mediaUrlsOf(data, location.origin));
    const before = await db.surveys.get(s.surveyId);
    await db.surveys.put({ surveyId: s.surveyId, title: s.title, path: s.path, cachedAt: now, version: await fingerprint(text) });
    return before ? 'refreshed' : 'downloaded';
  } catch {
    return 'failed';
  }
}
