// Webhooks (schemas/webhooks.ts, docs/webhooks.md): what a project manager adds, lists, removes and
// enables, the delivery log they read and redeliver from, and the events the rest of the server
// announces. A webhook belongs to one survey or one project; every call reaches only the webhooks of
// the caller's organization, and for a project manager only those of their projects: another's is not
// found. Events are written as delivery rows in the caller's statement or transaction (queueEvent), and
// sent after it commits (services/webhookDelivery.ts).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { RoleName } from '../../schemas/roles';
import {
  ATTEMPTS_SHOWN,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  WEBHOOK_SECRET_PREFIX,
  type AddWebhookBody,
  type DeliveriesQuery,
  type WebhookEvent,
  type WebhooksQuery,
} from '../../schemas/webhooks';
import { projectsOfMember } from '../db/queries/projectScope';
import { hearsEvent } from '../db/queries/webhooks';
import { findSurveyHead } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { checkedAddresses, OutboundRefused, urlProblem, type OutboundPolicy } from '../security/outbound';
import { projectScopeOf } from './projectScope';

type Q = Kysely<DB>;

export interface HookCaller {
  organizationId: string;
  memberId: string;
  userId: string;
  roles: readonly RoleName[];
}

/**
 * Sends deliveries (pg-boss in a served app, plugins/jobs.ts; at once in this process otherwise). It
 * never rejects: the events it is given are stored already, and a delivery it could not queue stays
 * pending for the minute's sweep, so the caller's request succeeds either way.
 */
export interface DeliveryQueue {
  send(deliveryIds: readonly string[]): Promise<void>;
}

export interface HookDeps {
  db: Q;
  queue: DeliveryQueue;
  policy: OutboundPolicy;
}

interface HookRow {
  id: string;
  survey_id: string | null;
  project_id: string | null;
  url: string;
  events: string[];
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  last_delivered_at?: Date | string | null;
  last_failed_at?: Date | string | null;
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

function hookOut(r: HookRow) {
  return {
    id: r.id,
    surveyId: r.survey_id,
    projectId: r.project_id,
    url: r.url,
    events: r.events as WebhookEvent[],
    createdAt: r.created_at.toISOString(),
    disabledAt: iso(r.disabled_at),
    disabledReason: r.disabled_reason,
    lastDeliveredAt: iso(r.last_delivered_at),
    lastFailedAt: iso(r.last_failed_at),
  };
}

/** The project a caller may manage webhooks in; not found otherwise (another organization, not theirs). */
async function reachableProject(db: Q, caller: HookCaller, projectId: string): Promise<void> {
  const scope = projectScopeOf(caller);
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .where('organization_id', '=', caller.organizationId)
    .where('deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (qb) => qb.where('id', 'in', projectsOfMember(db, caller.organizationId, scope.memberId!)))
    .executeTakeFirst();
  if (!row) throw problem('notFound');
}

async function reachableSurvey(db: Q, caller: HookCaller, surveyId: string): Promise<void> {
  if (!(await findSurveyHead(db, surveyId, projectScopeOf(caller)))) throw problem('notFound');
}

/** Exactly one of surveyId and projectId, reached by the caller. */
async function scopeOf(db: Q, caller: HookCaller, q: { surveyId?: string | undefined; projectId?: string | undefined }) {
  if ((q.surveyId === undefined) === (q.projectId === undefined))
    throw problem('validation', { errors: ["'surveyId': give a survey or a project (projectId), one of the two"] });
  if (q.surveyId !== undefined) await reachableSurvey(db, caller, q.surveyId);
  else await reachableProject(db, caller, q.projectId!);
  return { surveyId: q.surveyId ?? null, projectId: q.projectId ?? null };
}

/** A webhook of the caller's organization that the caller reaches; not found otherwise. */
async function reachableHook(db: Q, caller: HookCaller, webhookId: string) {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', webhookId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!row) throw problem('notFound');
  if (row.survey_id) await reachableSurvey(db, caller, row.survey_id);
  else await reachableProject(db, caller, row.project_id!);
  return row;
}

export async function addWebhook(deps: HookDeps, caller: HookCaller, body: AddWebhookBody) {
  const scope = await scopeOf(deps.db, caller, body);
  const url = body.url.trim();
  const bad = urlProblem(url, deps.policy);
  if (bad) throw problem('validation', { errors: [`'url': the address ${bad}`] });
  try {
    await checkedAddresses(new URL(url), deps.policy);
  } catch (err) {
    if (err instanceof OutboundRefused) throw problem('validation', { errors: [`'url': ${err.message}`] });
    throw err;
  }
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  const row = await deps.db.transaction().execute(async (trx) => {
    // Counted under a lock of the organization's row, so that two adds at once cannot pass the limit.
    await trx.selectFrom('organizations').select('id').where('id', '=', caller.organizationId).forUpdate().execute();
    const { n } = await trx
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', caller.organizationId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_WEBHOOKS_PER_ORGANIZATION)
      throw problem('validation', {
        errors: [`'url': at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks per organization; remove one first`],
      });
    return trx
      .insertInto('webhooks')
      .values({
        organization_id: caller.organizationId,
        survey_id: scope.surveyId,
        project_id: scope.projectId,
        url,
        events: [...body.events],
        secret,
        created_by: caller.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { ...hookOut(row), secret };
}

export async function listWebhooks(db: Q, caller: HookCaller, q: WebhooksQuery) {
  const scope = await scopeOf(db, caller, q);
  const size = q.PageSize ?? 50;
  const base = db
    .selectFrom('webhooks as h')
    .where('h.organization_id', '=', caller.organizationId)
    .$if(scope.surveyId !== null, (qb) => qb.where('h.survey_id', '=', scope.surveyId!))
    .$if(scope.projectId !== null, (qb) => qb.where('h.project_id', '=', scope.projectId!));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('h')
      .select([
        sql<Date | null>`(select max(a.attempted_at) from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id
           where d.webhook_id = h.id and a.status_code between 200 and 299)`.as('last_delivered_at'),
        sql<Date | null>`(select max(a.attempted_at) from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id
           where d.webhook_id = h.id and (a.status_code is null or a.status_code not between 200 and 299))`.as('last_failed_at'),
      ])
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id')
      .offset(((q.Page ?? 1) - 1) * size)
      .limit(size)
      .execute(),
  ]);
  return { totalSize: Number(count.n), webhooks: rows.map(hookOut) };
}

/** Removes a webhook with its log; deliveries not yet sent are not sent. */
export async function removeWebhook(db: Q, caller: HookCaller, webhookId: string) {
  const row = await reachableHook(db, caller, webhookId);
  await db.deleteFrom('webhooks').where('id', '=', row.id).where('organization_id', '=', caller.organizationId).execute();
  return hookOut(row);
}

/** Enables a disabled webhook; its pending deliveries are tried now. Enabling an enabled one changes nothing. */
export async function enableWebhook(deps: HookDeps, caller: HookCaller, webhookId: string) {
  const row = await reachableHook(deps.db, caller, webhookId);
  if (!row.disabled_at) return hookOut(row);
  const { updated, pending } = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhooks')
      .set({ disabled_at: null, disabled_reason: null, failures: 0 })
      .where('id', '=', row.id)
      .where('organization_id', '=', caller.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const pending = await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('webhook_id', '=', row.id)
      .where('organization_id', '=', caller.organizationId)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return { updated, pending };
  });
  await deps.queue.send(pending.map((p) => p.id));
  return hookOut(updated);
}

interface DeliveryRow {
  id: string;
  event: string;
  submission_id: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
}

function deliveryOut(
  r: DeliveryRow,
  attempts: readonly {
    attempted_at: Date;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    response_excerpt: string | null;
  }[],
) {
  return {
    id: r.id,
    event: r.event as WebhookEvent,
    submissionId: r.submission_id,
    status: r.status,
    attempts: r.attempts,
    createdAt: r.created_at.toISOString(),
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    lastAttempts: attempts.map((a) => ({
      attemptedAt: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      responseExcerpt: a.response_excerpt,
    })),
  };
}

async function attemptsOf(db: Q, organizationId: string, deliveryIds: readonly string[]) {
  if (!deliveryIds.length) return new Map<string, never[]>();
  // The latest attempts of each delivery, oldest of them first.
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('webhook_attempts')
        .select(['delivery_id', 'attempted_at', 'status_code', 'duration_ms', 'error', 'response_excerpt', 'id'])
        .select(sql<number>`row_number() over (partition by delivery_id order by id desc)`.as('n'))
        .where('organization_id', '=', organizationId)
        .where('delivery_id', 'in', [...deliveryIds])
        .as('x'),
    )
    .selectAll('x')
    .where('x.n', '<=', ATTEMPTS_SHOWN)
    .orderBy('x.id')
    .execute();
  const by = new Map<string, typeof rows>();
  for (const r of rows) by.set(r.delivery_id, [...(by.get(r.delivery_id) ?? []), r]);
  return by;
}

/** A hook's deliveries, newest first, each with its latest attempts. */
export async function listDeliveries(db: Q, caller: HookCaller, q: DeliveriesQuery) {
  const hook = await reachableHook(db, caller, q.webhookId);
  const size = q.PageSize ?? 50;
  const base = db.selectFrom('webhook_deliveries').where('organization_id', '=', caller.organizationId).where('webhook_id', '=', hook.id);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'event', 'submission_id', 'status', 'attempts', 'created_at', 'next_attempt_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(((q.Page ?? 1) - 1) * size)
      .limit(size)
      .execute(),
  ]);
  const attempts = await attemptsOf(
    db,
    caller.organizationId,
    rows.map((r) => r.id),
  );
  return { totalSize: Number(count.n), deliveries: rows.map((r) => deliveryOut(r, attempts.get(r.id) ?? [])) };
}

/** Sends a delivery again now: pending once more, with its payload and webhook-id as they were. */
export async function redeliver(deps: HookDeps, caller: HookCaller, deliveryId: string) {
  const found = await deps.db
    .selectFrom('webhook_deliveries')
    .select(['webhook_id'])
    .where('id', '=', deliveryId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!found) throw problem('notFound');
  const hook = await reachableHook(deps.db, caller, found.webhook_id);
  if (hook.disabled_at) throw problem('validation', { errors: ["'deliveryId': the webhook is disabled; enable it first"] });
  const row = await deps.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql<Date>`now()`, claimed_until: null })
    .where('id', '=', deliveryId)
    .where('organization_id', '=', caller.organizationId)
    .returning(['id', 'event', 'submission_id', 'status', 'attempts', 'created_at', 'next_attempt_at'])
    .executeTakeFirstOrThrow();
  await deps.queue.send([row.id]);
  const attempts = await attemptsOf(deps.db, caller.organizationId, [row.id]);
  return deliveryOut(row, attempts.get(row.id) ?? []);
}

/**
 * Writes the deliveries of an event of a survey, for each enabled webhook of the survey or of its
 * project that asked for it, in the caller's transaction; returns their ids, to send once it commits.
 * Several submissions (a bulk review) give a delivery each.
 */
export async function queueEvent(
  q: Q,
  e: { organizationId: string; surveyId: string; event: WebhookEvent; submissionIds?: readonly string[]; detail?: unknown },
): Promise<string[]> {
  const subjects = e.submissionIds ?? [null];
  if (!subjects.length) return [];
  const { rows } = await sql<{ id: string }>`
    insert into webhook_deliveries (organization_id, webhook_id, event, survey_id, submission_id, detail)
    select h.organization_id, h.id, ${e.event}, ${e.surveyId}::uuid, x.id, ${e.detail === undefined ? null : JSON.stringify(e.detail)}::jsonb
      from surveys v
      join webhooks h on ${hearsEvent(e.event)}
      cross join unnest(${subjects}::uuid[]) as x(id)
     where v.organization_id = ${e.organizationId}::uuid and v.id = ${e.surveyId}::uuid
    returning id`.execute(q);
  return rows.map((r) => r.id);
}
