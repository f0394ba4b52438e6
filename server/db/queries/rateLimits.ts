// Fixed-window counters kept in the database, so every server process behind a load balancer sees the
// same counts.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

/** Counts one hit on `key`; answers whether it is still within `limit` hits per `windowSeconds`. */
export async function hit(db: Kysely<DB>, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits <= limit;
}

/** Whether `key` has had fewer than `limit` hits in the current window, without counting one. */
export async function underLimit(db: Kysely<DB>, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return (row?.hits ?? 0) < limit;
}

export async function purgeOldWindows(db: Kysely<DB>, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute();
}
