// Lists a signed-in collector needs in the field ('Data collectors work offline'): /mytasks as
// last seen online, and the surveys of its open tasks kept through the same path as a survey opened on
// the fill page (surveyCache.ts), so 'Go to survey' opens with no signal. IndexedDB, not the worker's
// cache: the worker never keeps API answers but the survey data (see README.md).
import { offlineDb, type OfflineDb } from './db';
import { keepSurveyOffline, type SurveyToKeep } from './surveyCache';

export { OUTBOX_SENT_EVENT } from './events';

/** db: the app's database unless a test gives its own. */
export async function keepList(key: string, data: unknown, now: number, db: OfflineDb = offlineDb()): Promise<void> {
  try {
    await db.lists.put({ key, data, savedAt: now });
  } catch {
    // private mode or a full disk: the screen still works online
  }
}

export async function readList<T>(key: string, db: OfflineDb = offlineDb()): Promise<{ data: T; savedAt: number } | undefined> {
  try {
    const r = await db.lists.get(key);
    return r ? { data: r.data as T, savedAt: r.savedAt } : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps each survey once per page load; the fill page refreshes it whenever it is opened online. */
const kept = new Set<string>();

export function keepSurveysOffline(surveys: readonly SurveyToKeep[]): void {
  for (const s of surveys) {
    if (kept.has(s.surveyId)) continue;
    kept.add(s.surveyId);
    void keepSurveyOffline(offlineDb(), s, Date.now()).then((r) => r === 'failed' && kept.delete(s.surveyId));
  }
}
