// Online state (spec 001 "Online state"): GET /api/DataCollection/CheckOnlineStatus every 5 seconds.
// "Online" means our server answers, not merely that the phone has a signal: that is what decides
// whether a submission can go. The browser's online/offline events only make the next probe sooner.
import { proxy } from 'valtio';
import type { SURVEYS_API } from '../../schemas/surveys';

export const ONLINE_POLL_MS = 5_000;
const PROBE_TIMEOUT_MS = 4_000;
/**
 * Fetched as it is, not by src/api/call.ts: no session, no refresh, never from a cache. Written here
 * (the fill route ships without the declarations' schemas), held to the declaration by the compiler.
 */
export const PROBE_PATH = `/api${'/DataCollection/CheckOnlineStatus' satisfies typeof SURVEYS_API.checkOnlineStatus.path}`;

export interface ConnectionState {
  /** Until the first probe answers, the browser's own opinion. */
  online: boolean;
  /** A probe has answered at least once. */
  known: boolean;
}

export const connection = proxy<ConnectionState>({ online: typeof navigator === 'undefined' ? true : navigator.onLine, known: false });

type Listener = (online: boolean) => void;
const listeners = new Set<Listener>();

/** Called on every change after the first probe (went offline, came back). */
export function onConnectionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function probe(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const res = await fetch(PROBE_PATH, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
}

function record(online: boolean): void {
  const changed = connection.known && connection.online !== online;
  connection.online = online;
  connection.known = true;
  if (changed) for (const fn of listeners) fn(online);
}

let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let inFlight: Promise<void> | undefined;

/** Probes now (one probe at a time) and records the answer. */
export function checkNow(): Promise<void> {
  inFlight ??= probe()
    .then(record)
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

const soon = () => void checkNow();

/** Starts polling while at least one caller wants it; the returned function stops this caller's share. */
export function watchConnection(): () => void {
  if (users++ === 0) {
    void checkNow();
    timer = setInterval(soon, ONLINE_POLL_MS);
    window.addEventListener('online', soon);
    window.addEventListener('offline', soon);
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--users === 0) {
      clearInterval(timer);
      window.removeEventListener('online', soon);
      window.removeEventListener('offline', soon);
    }
  };
}
