// When the page was opened from the cache and the network returns: is the survey on the server still
// the one on screen? If not, the user is told 'This survey has been updated.'.
import type { OfflineDb } from './db';
import { fingerprint } from './surveyCache';

export async function surveyChanged(db: OfflineDb, surveyId: string, dataUrl: string): Promise<boolean> {
  const known = await db.surveys.get(surveyId);
  if (!known) return false;
  try {
    // Through the worker, which stores the fresh answer in its cache on the way.
    const res = await fetch(dataUrl, { cache: 'no-store' });
    if (!res.ok) return false;
    const text = await res.text();
    if ((JSON.parse(text) as { isSuccess?: boolean }).isSuccess !== true) return false;
    const version = await fingerprint(text);
    if (version === known.version) return false;
    await db.surveys.put({ ...known, version, cachedAt: Date.now() });
    return true;
  } catch {
    return false;
  }
}
