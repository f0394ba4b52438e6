// Writes demo data into an empty database. The data itself lives in fixtures/ and is handed in by
// server/main.ts (or a test), so production code paths never import fixtures.
import type { Kysely, Transaction } from 'kysely';
import type { DemoAccount, DemoOrganization } from '../../fixtures/demo/accounts';
import { roleByName } from '../../schemas/roles';
import { hashPassword } from '../auth/passwords';
import { addMonths } from '../plugins/payments/sandbox';
import type { DB } from './schema';

export interface DemoData {
  password: string;
  organizations: DemoOrganization[];
  accounts: DemoAccount[];
  /** Further seeders (surveys, tasks, ...) that later areas add; each gets the ids made so far. */
  extra?: ((db: Kysely<DB>, ids: SeededIds, ctx: SeedContext) => Promise<void>)[];
}

/** What a seeder may need beyond the database: where uploaded files live (absent: seed no files). */
export interface SeedContext {
  dataDir?: string | undefined;
}

export interface SeededIds {
  organizations: Record<string, string>;
  users: Record<string, string>;
  members: Record<string, Record<string, string>>;
  workspaces: Record<string, string>;
  projects: Record<string, string>;
}

export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

export async function seedDemo(db: Kysely<DB>, demo: DemoData, ctx: SeedContext = {}): Promise<SeededIds> {
  const ids: SeededIds = { organizations: {}, users: {}, members: {}, workspaces: {}, projects: {} };
  // Inside the transaction every query must go through trx: PGlite has one connection, and a query on
  // db would wait for the transaction that is waiting for it.
  type Q = Kysely<DB>;
  const countryId = async (q: Q, code: string) =>
    (await q.selectFrom('countries').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const typeId = async (q: Q, name: string) =>
    (await q.selectFrom('organization_types').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const planId = async (q: Q, name: string) =>
    (await q.selectFrom('plans').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const now = Date.now();
  const day = 86_400_000;

  // One argon2id hash per account (each with its own salt), computed in parallel on the thread pool.
  const hashes = await Promise.all(demo.accounts.map(() => hashPassword(demo.password)));

  await db.transaction().execute(async (trx) => {
    for (const org of demo.organizations) {
      const row = await trx
        .insertInto('organizations')
        .values({
          name: org.name,
          type_id: await typeId(trx, org.type),
          country_id: await countryId(trx, org.countryCode),
          zip_code: null,
          registration_done: true,
          deactivated_at: org.deactivated ? new Date(now - 10 * day) : null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.organizations[org.key] = row.id;
      // A Visa card and a year of billing history, so every billing screen has content.
      const paymentMethodId = `pm_demo_visa_${org.key}`;
      await trx
        .insertInto('payment_methods')
        .values({ id: paymentMethodId, organization_id: row.id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })
        .execute();
      const plan = await planId(trx, org.planName);
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          organization_id: row.id,
          plan_id: plan,
          status: 'active',
          is_monthly: false,
          starts_at: new Date(now - 30 * day),
          ends_at: new Date(now + 335 * day),
          cancel_at: null,
          payment_method_id: paymentMethodId,
          card_last4: '4242',
          provider_subscription_id: `sub_demo_${org.key}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedInvoices(trx, { organizationId: row.id, subscriptionId: sub.id, planId: plan, periodStart: new Date(now - 30 * day) });
    }

    for (const [i, account] of demo.accounts.entries()) {
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          full_name: account.fullName,
          phone_number: account.phoneNumber,
          password_hash: hashes[i]!,
          email_confirmed_at: new Date(now - 30 * day),
          country_id: await countryId(trx, 'KE'),
          gender: null,
          profile_picture_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.users[account.email] = user.id;
      for (const m of account.memberships) {
        const member = await trx
          .insertInto('organization_members')
          .values({
            organization_id: ids.organizations[m.organization]!,
            user_id: user.id,
            role_id: roleByName(m.role)!.id,
            role_within_organization: m.roleWithinOrganization ?? null,
            deleted_at: null,
            // What the member forms record, varied so the members table's filters find something.
            gender: i % 3,
            location_id: await countryId(trx, i % 2 ? 'SO' : 'KE'),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        (ids.members[m.organization] ??= {})[account.email] = member.id;
        const languageIds = await trx
          .selectFrom('languages')
          .select('id')
          .where('code', 'in', i % 2 ? ['en', 'so'] : ['en', 'sw'])
          .execute();
        if (languageIds.length) {
          await trx
            .insertInto('member_languages')
            .values(
              languageIds.map((l) => ({ organization_id: ids.organizations[m.organization]!, member_id: member.id, language_id: l.id })),
            )
            .execute();
        }
      }
    }

    for (const org of demo.organizations) {
      const organizationId = ids.organizations[org.key]!;
      const members = ids.members[org.key] ?? {};
      for (const ws of org.workspaces) {
        const workspace = await trx
          .insertInto('workspaces')
          .values({ organization_id: organizationId, name: ws.name, description: ws.description, created_by: null, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.workspaces[ws.name] = workspace.id;
        const memberIds = Object.values(members);
        if (memberIds.length) {
          await trx
            .insertInto('workspace_members')
            .values(
              memberIds.map((member_id) => ({ organization_id: organizationId, workspace_id: workspace.id, member_id, deleted_at: null })),
            )
            .execute();
        }
        for (const p of ws.projects) {
          const project = await trx
            .insertInto('projects')
            .values({
              organization_id: organizationId,
              workspace_id: workspace.id,
              type_id: 1,
              name: p.name,
              description: p.description,
              manager_id: members[p.manager] ?? null,
              start_date: new Date(now - 60 * day).toISOString().slice(0, 10),
              end_date: new Date(now + 300 * day).toISOString().slice(0, 10),
              deleted_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.projects[p.name] = project.id;
          for (const code of p.countries) {
            await trx
              .insertInto('project_countries')
              .values({ organization_id: organizationId, project_id: project.id, country_id: await countryId(trx, code) })
              .execute();
          }
          if (memberIds.length) {
            await trx
              .insertInto('project_members')
              .values(
                memberIds.map((member_id) => ({ organization_id: organizationId, project_id: project.id, member_id, deleted_at: null })),
              )
              .execute();
          }
        }
      }
    }
  });

  for (const seeder of demo.extra ?? []) await seeder(db, ids, ctx);
  return ids;
}

/**
 * The demo billing history: the months of the trial year paid monthly on Standard, then the annual
 * period that runs now (invoice numbers in date order, as the provider issues them).
 */
async function seedInvoices(
  trx: Transaction<DB>,
  o: { organizationId: string; subscriptionId: string; planId: number; periodStart: Date },
): Promise<void> {
  const plans = await trx.selectFrom('plans').select(['id', 'name', 'monthly_price', 'annual_price']).execute();
  const standard = plans.find((p) => p.name === 'Standard') ?? plans[0]!;
  const current = plans.find((p) => p.id === o.planId) ?? standard;
  const rows: { start: Date; end: Date; plan: typeof standard; monthly: boolean }[] = [];
  for (let i = 4; i >= 1; i--)
    rows.push({ start: addMonths(o.periodStart, -i), end: addMonths(o.periodStart, -i + 1), plan: standard, monthly: true });
  rows.push({ start: o.periodStart, end: addMonths(o.periodStart, 12), plan: current, monthly: false });
  await trx
    .insertInto('invoices')
    .values(
      rows.map((r, i) => ({
        organization_id: o.organizationId,
        subscription_id: o.subscriptionId,
        number: i + 1,
        kind: 'subscription' as const,
        plan_id: r.plan.id,
        plan_name: r.plan.name,
        is_monthly: r.monthly,
        period_start: r.start,
        period_end: r.end,
        amount_cents: Math.round(Number(r.monthly ? r.plan.monthly_price : r.plan.annual_price) * 100) * (r.monthly ? 1 : 12),
        status: 'paid' as const,
        provider_invoice_id: null,
        paid_at: r.start,
      })),
    )
    .execute();
}
