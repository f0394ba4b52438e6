// Subscriptions of organizations.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/** What decides whether an organization may be worked in: its registration and its latest subscription. */
export async function subscriptionFacts(db: Kysely<DB>, organizationId: string) {
  const row = await db
    .selectFrom('organizations as o')
    .leftJoin('subscriptions as s', 's.organization_id', 'o.id')
    .select(['o.registration_done', 's.status', 's.ends_at', 's.payment_method_id'])
    .where('o.id', '=', organizationId)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const sub =
    row.status !== null && row.ends_at !== null
      ? { status: row.status, ends_at: row.ends_at, paymentMethodId: row.payment_method_id }
      : undefined;
  return { registrationDone: row.registration_done, sub };
}
