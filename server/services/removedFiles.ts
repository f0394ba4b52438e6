// The files whose rows went (a purged survey's submissions, replaced media and pictures, deleted
// tickets) are removed from storage by the daily purge, from the disk or the bucket alike. A file whose
// removal fails stays noted and is tried again the next day.
import type { Kysely } from 'kysely';
import { forgetRemovedFiles, removedFileKeys } from '../db/queries/removedFiles';
import type { DB } from '../db/schema';
import type { Storage } from '../plugins/storage';

/** Keys looked at per round, so a purge of a large survey never holds thousands of keys at once. */
const ROUND = 500;

/** Removes the noted files; answers how many. */
export async function purgeRemovedFiles(db: Kysely<DB>, storage: Storage): Promise<number> {
  let removed = 0;
  for (;;) {
    const { keys, stillNamed } = await removedFileKeys(db, ROUND);
    await forgetRemovedFiles(db, stillNamed);
    const done: string[] = [];
    for (const key of keys) {
      try {
        await storage.remove(key);
        done.push(key);
      } catch {
        // An invalid key (never written by a server) or a storage that is down: left for the next purge.
      }
    }
    await forgetRemovedFiles(db, done);
    removed += done.length;
    if (keys.length + stillNamed.length < ROUND || done.length + stillNamed.length === 0) return removed;
  }
}
