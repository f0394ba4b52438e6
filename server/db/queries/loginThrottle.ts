// Failed sign-ins per (account, address) pair, in the database so that every server process sees them.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../schema';

export interface Throttle {
  failures: number;
  nextAllowedAt: Date;
}

/** The pair's failures since it last got in, forgetting those older than `windowSeconds`. */
export async function throttleOf(db: Kysely<DB>, account: string, address: string, windowSeconds: number): Promise<Throttle | undefined> {
  const row = await db
    .selectFrom('login_throttle')
    .select(['failures', 'next_allowed_at'])
    .where('account', '=', account)
    .where('address', '=', address)
    .where('last_failure_at', '>', new Date(Date.now() - windowSeconds * 1000))
    .executeTakeFirst();
  return row && { failures: row.failures, nextAllowedAt: new Date(row.next_allowed_at) };
}

/** Counts one failure; `delayAfter(n)` is how long the pair waits after its n-th. Answers n. */
export async function recordFailure(
  db: Kysely<DB>,
  account: string,
  address: string,
  windowSeconds: number,
  delayAfter: (failures: number) => number,
): Promise<number> {
  const now = new Date();
  const forgotten = new Date(now.getTime() - windowSeconds * 1000);
  const row = await db
    .insertInto('login_throttle')
    .values({ account, address, failures: 1, last_failure_at: now, next_allowed_at: new Date(now.getTime() + delayAfter(1)) })
    .onConflict((oc) =>
      oc.columns(['account', 'address']).doUpdateSet({
        failures: sql<number>`case when login_throttle.last_failure_at <= ${forgotten} then 1 else login_throttle.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('login_throttle')
    .set({ next_allowed_at: new Date(now.getTime() + delayAfter(row.failures)) })
    .where('account', '=', account)
    .where('address', '=', address)
    .execute();
  return row.failures;
}

/** The pair got in: its failures are forgotten, and so are everyone's stale ones. */
export async function clearFailures(db: Kysely<DB>, account: string, address: string, windowSeconds: number): Promise<void> {
  await db.deleteFrom('login_throttle').where('account', '=', account).where('address', '=', address).execute();
  await db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', new Date(Date.now() - windowSeconds * 1000))
    .execute();
}
