// Subscriptions of organizations.
import type { Kysely } from 'kysely';
import { problem } from '../../problems';
import type { DB } from '../schema';

/** Starts the free trial and marks the organization's registration as done, in one transaction. */
export async function startTrial(db: Kysely<DB>, opts: { organizationId: string; planId: number; isMonthly: boolean; days: number }) {
  return db.transaction().execute(async (trx) => {
    const plan = await trx.selectFrom('plans').select('id').where('id', '=', opts.planId).executeTakeFirst();
    if (!plan) throw problem('validation', { errors: ["'packetId' is not valid"] });
    // The free trial is had once, when the registration finishes; later plan changes are billing's.
    const org = await trx
      .selectFrom('organizations')
      .select('registration_done')
      .where('id', '=', opts.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!org) throw problem('notFound');
    if (org.registration_done) throw problem('conflict', { message: 'This organization already has a subscription.' });
    const now = new Date();
    const row = await trx
      .insertInto('subscriptions')
      .values({
        organization_id: opts.organizationId,
        plan_id: opts.planId,
        status: 'trialing',
        is_monthly: opts.isMonthly,
        starts_at: now,
        ends_at: new Date(now.getTime() + opts.days * 86_400_000),
        cancel_at: null,
        payment_method_id: null,
        card_last4: null,
        provider_subscription_id: null,
      })
      .returning(['id', 'status', 'ends_at'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('organizations').set({ registration_done: true }).where('id', '=', opts.organizationId).execute();
    return { id: row.id, status: row.status, endsAt: new Date(row.ends_at).toISOString() };
  });
}

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
