// The fill page's code cache, written on the first visit rather than on the second.
//
// Chromium keeps V8's compiled code for an ES module beside the module's entry in Cache Storage, but only
// once the module has run from there: the first visit runs the page's modules from the network (the worker
// is registered after the form has settled), so it is the second visit, the first from the worker's cache,
// that writes the cache, right after the modules have run and before the form's first paint (70-95 ms of a
// 4x-slowed main thread, 'app' 433 KB and 'fill' 648 KB of compiled code), and only the third that reads
// it. The service worker's own eager cache, built when a file is precached, compiles the file as a classic
// script and fails on our modules (docs/decisions/0059-fill-page-repeat-visit.md).
//
// So once the worker controls a first visit, the page runs the fill page's modules from the worker's
// cache once more, in a hidden frame of a page that holds nothing else (the worker makes it up: sw.ts,
// CODE_CACHE_PAGE): their top-level code only (definitions; nothing renders, nothing is asked of the
// server) and V8 writes their cache there, at an idle moment while the respondent reads and types. The
// repeat visit then starts as the third did, with no cache to write on its main thread. The frame goes
// once it has loaded.
import { CODE_CACHE_PAGE, isBuiltScriptPath } from './sw/contract';
import { whenIdle } from '../../widgets/runtime/schedule';

/** Time for the cache, written in the tasks right after the modules have run, to reach the worker's storage. */
const REMOVE_AFTER_MS = 2000;
/** A frame that never loads (a worker gone) is not kept. */
const GIVE_UP_MS = 60_000;

/** The address of the page that runs `moduleUrl` (a file of this origin's /assets/), or null for any other. */
export function codeCachePage(moduleUrl: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(moduleUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !isBuiltScriptPath(url.pathname)) return null;
  return `${CODE_CACHE_PAGE}?module=${encodeURIComponent(url.pathname)}`;
}

/**
 * Runs `moduleUrl` (with what it imports) once from the worker's cache in a hidden, inert frame, so that
 * its code cache is written now. Only once the worker controls this page: the frame must be its client too.
 */
export async function writeCodeCache(moduleUrl: string): Promise<void> {
  const page = codeCachePage(moduleUrl, window.location.origin);
  if (!page || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  }
  // The worker registers once the form has settled (register.ts); an idle moment more, not a fixed wait.
  await new Promise<void>((resolve) => whenIdle(resolve));
  const frame = document.createElement('iframe');
  frame.src = page;
  frame.hidden = true;
  // The page's reset draws every iframe as a block, over the hidden attribute's display.
  frame.style.display = 'none';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('inert', '');
  const remove = () => frame.remove();
  frame.addEventListener('load', () => setTimeout(remove, REMOVE_AFTER_MS), { once: true });
  setTimeout(remove, GIVE_UP_MS);
  document.body.append(frame);
}
