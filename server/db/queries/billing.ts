// Billing rows: subscriptions with their card, invoices, payment methods, plans as prices, reminders.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Card, NewInvoice, PlanPrice, SubState } from '../../plugins/payments/provider';
import type { DB } from '../schema';

type Q = Kysely<DB> | Transaction<DB>;

const cents = (v: number | string) => Math.round(Number(v) * 100);

export async function planPrices(q: Q): Promise<Map<number, PlanPrice>> {
  const rows = await q.selectFrom('plans').select(['id', 'name', 'monthly_price', 'annual_price']).execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, monthlyCents: cents(r.monthly_price), annualMonthlyCents: cents(r.annual_price) }]),
  );
}

const subColumns = [
  's.id',
  's.organization_id',
  's.plan_id',
  's.status',
  's.is_monthly',
  's.starts_at',
  's.ends_at',
  's.cancel_at',
  's.payment_method_id',
  's.card_last4',
  's.provider_subscription_id',
  's.pending_plan_id',
  's.pending_is_monthly',
  's.cancel_reason',
  's.credit_cents',
  's.provider',
  's.created_at',
] as const;

/** The organization's subscription (its newest row), locked when `lock` inside a transaction. */
export async function currentSubscription(q: Q, organizationId: string, lock = false) {
  let query = q
    .selectFrom('subscriptions as s')
    .select(subColumns)
    .where('s.organization_id', '=', organizationId)
    .orderBy('s.created_at', 'desc')
    .limit(1);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}
export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof currentSubscription>>>;

export async function cardOf(q: Q, organizationId: string, paymentMethodId: string | null): Promise<Card | null> {
  if (!paymentMethodId) return null;
  const pm = await q
    .selectFrom('payment_methods')
    .select(['id', 'brand', 'last4', 'declines'])
    .where('id', '=', paymentMethodId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return pm ? { id: pm.id, brand: pm.brand, last4: pm.last4, declines: pm.declines } : null;
}

export async function stateOf(q: Q, row: SubscriptionRow): Promise<SubState> {
  return {
    status: row.status,
    planId: row.plan_id,
    isMonthly: row.is_monthly,
    periodStart: new Date(row.starts_at),
    periodEnd: new Date(row.ends_at),
    cancelAt: row.cancel_at ? new Date(row.cancel_at) : null,
    pendingPlanId: row.pending_plan_id,
    pendingIsMonthly: row.pending_is_monthly,
    creditCents: row.credit_cents,
    card: await cardOf(q, row.organization_id, row.payment_method_id),
  };
}

/** Writes a subscription's new state and the invoices issued with it; pays the open invoices named. */
export async function saveState(
  q: Q,
  row: SubscriptionRow,
  state: SubState,
  invoices: NewInvoice[],
  paid: string[],
  now: Date,
  planNames: Map<number, PlanPrice>,
): Promise<void> {
  await q
    .updateTable('subscriptions')
    .set({
      status: state.status,
      plan_id: state.planId,
      is_monthly: state.isMonthly,
      starts_at: state.periodStart,
      ends_at: state.periodEnd,
      cancel_at: state.cancelAt,
      pending_plan_id: state.pendingPlanId,
      pending_is_monthly: state.pendingIsMonthly,
      credit_cents: state.creditCents,
      payment_method_id: state.card?.id ?? null,
      card_last4: state.card?.last4 ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  if (paid.length)
    await q
      .updateTable('invoices')
      .set({ status: 'paid', paid_at: now })
      .where('id', 'in', paid)
      .where('organization_id', '=', row.organization_id)
      .execute();
  await addInvoices(q, row.organization_id, row.id, invoices, now, planNames);
}

export async function addInvoices(
  q: Q,
  organizationId: string,
  subscriptionId: string,
  invoices: NewInvoice[],
  now: Date,
  plans: Map<number, PlanPrice>,
): Promise<void> {
  if (!invoices.length) return;
  const last = await q
    .selectFrom('invoices')
    .select(sql<number>`coalesce(max(number), 0)`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  let n = Number(last.n);
  await q
    .insertInto('invoices')
    .values(
      invoices.map((i) => ({
        organization_id: organizationId,
        subscription_id: subscriptionId,
        number: ++n,
        kind: i.kind,
        plan_id: i.planId,
        plan_name: plans.get(i.planId)?.name ?? '',
        is_monthly: i.isMonthly,
        period_start: i.periodStart,
        period_end: i.periodEnd,
        amount_cents: i.amountCents,
        status: i.status,
        provider_invoice_id: i.providerInvoiceId,
        paid_at: i.status === 'paid' ? now : null,
      })),
    )
    .execute();
}

export const openInvoices = (q: Q, organizationId: string) =>
  q
    .selectFrom('invoices')
    .select(['id', 'amount_cents as amountCents', 'provider_invoice_id as providerInvoiceId'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'open')
    .orderBy('number')
    .execute();

/** Organizations whose subscription period ended by `now` while it still renews: the billing run's work. */
export async function dueOrganizations(q: Q, now: Date, limit: number): Promise<string[]> {
  const rows = await q
    .selectFrom('subscriptions as s')
    .select('s.organization_id')
    .where('s.ends_at', '<=', now)
    .where('s.status', 'in', ['trialing', 'active', 'past_due'])
    .where('s.provider', '=', 'sandbox')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions as n')
            .select('n.id')
            .whereRef('n.organization_id', '=', 's.organization_id')
            .whereRef('n.created_at', '>', 's.created_at'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.organization_id);
}

const invoiceColumns = [
  'i.id',
  'i.number',
  'i.kind',
  'i.plan_name',
  'i.is_monthly',
  'i.period_start',
  'i.period_end',
  'i.amount_cents',
  'i.currency',
  'i.status',
  'i.paid_at',
  'i.created_at',
] as const;

/** One page of an organization's invoices, newest first, matching `search` in any shown field. */
export async function listInvoices(q: Q, organizationId: string, opts: { search: string; page: number; pageSize: number }) {
  let base = q.selectFrom('invoices as i').where('i.organization_id', '=', organizationId);
  const s = opts.search.trim().toLowerCase();
  if (s) {
    const like = `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower('Invoice-' || lpad(i.number::text, 4, '0') || '.pdf')`, 'like', like),
        eb(sql`to_char(i.period_start, 'Mon FMDD, YYYY')`, 'ilike', like),
        eb(sql`to_char(i.period_end, 'Mon FMDD, YYYY')`, 'ilike', like),
        eb(sql`to_char(i.amount_cents / 100.0, 'FM999999990.00')`, 'like', like),
        eb(sql`i.status`, 'like', like),
        eb(sql`lower(i.plan_name)`, 'like', like),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(invoiceColumns)
      .orderBy('i.period_start', 'desc')
      .orderBy('i.number', 'desc')
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const invoiceById = (q: Q, organizationId: string, id: string) =>
  q
    .selectFrom('invoices as i')
    .select(invoiceColumns)
    .where('i.organization_id', '=', organizationId)
    .where('i.id', '=', id)
    .executeTakeFirst();

/** Every invoice of an organization, for the zip; bounded (years of monthly invoices fit many times). */
export const allInvoices = (q: Q, organizationId: string, max: number) =>
  q
    .selectFrom('invoices as i')
    .select(invoiceColumns)
    .where('i.organization_id', '=', organizationId)
    .orderBy('i.number')
    .limit(max)
    .execute();
export type InvoiceRow = Awaited<ReturnType<typeof allInvoices>>[number];

export async function addPaymentMethod(
  q: Q,
  organizationId: string,
  card: Card & { expMonth: number | null; expYear: number | null },
): Promise<void> {
  await q
    .insertInto('payment_methods')
    .values({
      id: card.id,
      organization_id: organizationId,
      brand: card.brand,
      last4: card.last4,
      declines: card.declines,
      exp_month: card.expMonth,
      exp_year: card.expYear,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export const organizationName = async (q: Q, id: string) =>
  (await q.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst())?.name;

/**
 * Owners of organizations whose subscription ends in `days` days (by calendar day, UTC) with no card,
 * that have not been reminded for that end and that day yet.
 */
export async function reminderTargets(q: Q, now: Date, days: number) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  return q
    .selectFrom('subscriptions as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .innerJoin('organization_members as m', (j) =>
      j.onRef('m.organization_id', '=', 's.organization_id').on('m.role_id', '=', 1).on('m.deleted_at', 'is', null),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['s.organization_id', 's.ends_at', 'o.name as organization_name', 'u.email', 'u.full_name'])
    .where('s.payment_method_id', 'is', null)
    .where('s.status', 'in', ['trialing', 'active'])
    .where('s.cancel_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .where('s.ends_at', '>=', dayStart)
    .where('s.ends_at', '<', dayEnd)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions as n')
            .select('n.id')
            .whereRef('n.organization_id', '=', 's.organization_id')
            .whereRef('n.created_at', '>', 's.created_at'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('billing_reminders as r')
            .select('r.organization_id')
            .whereRef('r.organization_id', '=', 's.organization_id')
            .whereRef('r.period_end', '=', 's.ends_at')
            .where('r.days_before', '=', days),
        ),
      ),
    )
    .limit(500)
    .execute();
}

export async function markReminded(q: Q, organizationId: string, periodEnd: Date, days: number): Promise<boolean> {
  const r = await q
    .insertInto('billing_reminders')
    .values({ organization_id: organizationId, period_end: periodEnd, days_before: days })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Bytes an organization stores (survey media and submitted files) and its plan's limit in GB (0: none). */
export async function storageUse(q: Q, organizationId: string): Promise<{ usedBytes: number; limitGb: number }> {
  const [media, files, plan] = await Promise.all([
    q
      .selectFrom('survey_media')
      .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    q
      .selectFrom('submission_files')
      .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    q
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select('p.database_limit')
      .where('s.organization_id', '=', organizationId)
      .orderBy('s.created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { usedBytes: Number(media.n) + Number(files.n), limitGb: plan?.database_limit ?? 0 };
}
