// Carrying out a webhook delivery (docs/webhooks.md): one attempt at a time. The delivery is claimed
// first, so that two workers (or two hosts) never send it at once; its payload is written at the first
// attempt and then kept, so a retry or a redelivery sends the same bytes under the same webhook-id;
// the request is signed as Standard Webhooks says and sent through the SSRF-checked client; every
// attempt is logged. A failure is tried again on the retry schedule; when the schedule runs out the
// delivery is failed, its webhook disabled, and the webhook's owner told by e-mail.
import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  DELIVERY_TIMEOUT_MS,
  RESPONSE_EXCERPT_CHARS,
  RESPONSE_READ_BYTES,
  RETRY_SCHEDULE_SECONDS,
  WEBHOOK_SECRET_PREFIX,
  type WebhookEvent,
} from '../../schemas/webhooks';
import { SURVEY_DATA_PAGE } from '../../schemas/pages';
import type { DB } from '../db/schema';
import type { Mailer } from '../plugins/mail';
import { postChecked, type OutboundPolicy } from '../security/outbound';
import { webhookDisabledMail } from './mailTemplates';
import { submissionById } from './submissionData';
import type { SurveyCache } from './surveyCache';
import type { DeliveryQueue } from './webhooks';

type Q = Kysely<DB>;

export interface DeliveryDeps {
  db: Q;
  cache: SurveyCache;
  mailer: Mailer;
  publicUrl: string;
  policy: OutboundPolicy;
  /** Seconds after each failed attempt; RETRY_SCHEDULE_SECONDS unless a test shortens it. */
  schedule?: readonly number[];
  timeoutMs?: number;
  log: { error(obj: unknown, message?: string): void };
}

/**
 * The Standard Webhooks headers of a request: the message id, the time of this attempt in seconds, and
 * v1 - the base64 HMAC-SHA256, keyed by the secret's decoded bytes, of "id.timestamp.body".
 */
export function signedHeaders(secret: string, messageId: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

/** The message id of a delivery: the same on every attempt, so a receiver drops a repeat by it. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId}`;

interface Claimed {
  id: string;
  organization_id: string;
  webhook_id: string;
  event: WebhookEvent;
  survey_id: string;
  submission_id: string | null;
  detail: unknown;
  payload: string | null;
  tries: number;
  created_at: Date;
  url: string;
  secret: string;
}

/** Takes a due delivery for one attempt; undefined when it is not due, done, held by another, or its hook is off. */
async function claim(db: Q, id: string, holdSeconds: number): Promise<Claimed | undefined> {
  const { rows } = await sql<Claimed>`
    update webhook_deliveries d
       set claimed_until = now() + make_interval(secs => ${holdSeconds})
      from webhooks h
     where d.id = ${id}::uuid and h.organization_id = d.organization_id and h.id = d.webhook_id
       and d.status = 'pending' and d.next_attempt_at <= now() + interval '1 second'
       and (d.claimed_until is null or d.claimed_until < now()) and h.disabled_at is null
    returning d.id, d.organization_id, d.webhook_id, d.event, d.survey_id, d.submission_id, d.detail, d.payload, d.tries,
              d.created_at, h.url, h.secret`.execute(db);
  return rows[0];
}

/** What the receiver gets: the event, when it happened, and its subject as the API shows it. */
async function payloadOf(deps: DeliveryDeps, d: Claimed): Promise<string | null> {
  let data: unknown;
  if (d.event === 'survey.published') {
    const s = await deps.db
      .selectFrom('surveys')
      .select(['id', 'project_id', 'name', 'version', 'status'])
      .where('organization_id', '=', d.organization_id)
      .where('id', '=', d.survey_id)
      .executeTakeFirst();
    if (!s) return null;
    data = { id: s.id, projectId: s.project_id, name: s.name, version: s.version };
  } else {
    // The submission as GET DataCollection/getSubmissionById answers it, read with the organization's rights.
    const reader = { organizationId: d.organization_id, memberId: '', userId: '', roles: ['Organization' as const] };
    try {
      data = await submissionById({ db: deps.db, cache: deps.cache }, reader, d.submission_id!);
    } catch {
      return null;
    }
  }
  const body = {
    type: d.event,
    timestamp: d.created_at.toISOString(),
    data: d.detail ? { ...(data as object), ...(d.detail as object) } : data,
  };
  return JSON.stringify(body);
}

const excerpt = (s: string) => (s.length > RESPONSE_EXCERPT_CHARS ? s.slice(0, RESPONSE_EXCERPT_CHARS) : s);

/**
 * One attempt at a delivery. Returns the seconds until its next attempt when it failed and is to be
 * tried again, null otherwise (delivered, failed for good, or not this worker's to send now).
 */
export async function attemptDelivery(deps: DeliveryDeps, id: string): Promise<number | null> {
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const d = await claim(deps.db, id, Math.ceil(timeoutMs / 1000) + 30);
  if (!d) return null;
  let payload = d.payload;
  if (payload === null) {
    payload = await payloadOf(deps, d);
    if (payload === null) {
      // Its subject went before it was sent (a deleted submission or survey): nothing to tell.
      await finish(
        deps,
        d,
        { statusCode: null, durationMs: 0, error: 'Its submission or survey was deleted before it was sent.', responseExcerpt: null },
        'failed',
      );
      return null;
    }
    await deps.db.updateTable('webhook_deliveries').set({ payload }).where('id', '=', d.id).where('payload', 'is', null).execute();
  }
  const started = performance.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'FieldSurvey-Webhooks/1',
    ...signedHeaders(d.secret, messageIdOf(d.id), Math.floor(Date.now() / 1000), payload),
  };
  let outcome: { statusCode: number | null; durationMs: number; error: string | null; responseExcerpt: string | null };
  try {
    const answer = await postChecked(d.url, payload, headers, { ...deps.policy, timeoutMs, maxBytes: RESPONSE_READ_BYTES });
    outcome = {
      statusCode: answer.status,
      durationMs: Math.round(performance.now() - started),
      error: answer.status >= 300 && answer.status < 400 ? 'Redirects are not followed.' : null,
      responseExcerpt: excerpt(answer.body),
    };
  } catch (err) {
    outcome = {
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      responseExcerpt: null,
    };
  }
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (ok) {
    await finish(deps, d, outcome, 'delivered');
    return null;
  }
  const schedule = deps.schedule ?? RETRY_SCHEDULE_SECONDS;
  const wait = schedule[d.tries];
  if (wait === undefined) {
    await finish(deps, d, outcome, 'failed');
    await disable(deps, d, outcome.error ?? `HTTP ${outcome.statusCode}`);
    return null;
  }
  await deps.db.transaction().execute(async (trx) => {
    await logAttempt(trx, d, outcome);
    await sql`update webhook_deliveries
                 set attempts = attempts + 1, tries = tries + 1, claimed_until = null,
                     next_attempt_at = now() + make_interval(secs => ${wait})
               where id = ${d.id}::uuid`.execute(trx);
    await sql`update webhooks set failures = failures + 1 where id = ${d.webhook_id}::uuid`.execute(trx);
  });
  return wait;
}

async function logAttempt(
  q: Q,
  d: Claimed,
  o: { statusCode: number | null; durationMs: number; error: string | null; responseExcerpt: string | null },
) {
  await q
    .insertInto('webhook_attempts')
    .values({
      organization_id: d.organization_id,
      delivery_id: d.id,
      status_code: o.statusCode !== null && o.statusCode >= 100 && o.statusCode <= 999 ? o.statusCode : null,
      duration_ms: o.durationMs,
      error: o.error,
      // PostgreSQL text cannot hold U+0000, which a receiver may well answer.
      response_excerpt: o.responseExcerpt?.replace(/\u0000/g, '') ?? null,
    })
    .execute();
}

async function finish(
  deps: DeliveryDeps,
  d: Claimed,
  o: { statusCode: number | null; durationMs: number; error: string | null; responseExcerpt: string | null },
  status: 'delivered' | 'failed',
) {
  await deps.db.transaction().execute(async (trx) => {
    await logAttempt(trx, d, o);
    await sql`update webhook_deliveries set status = ${status}, attempts = attempts + 1, tries = tries + 1, claimed_until = null
               where id = ${d.id}::uuid`.execute(trx);
    if (status === 'delivered') await sql`update webhooks set failures = 0 where id = ${d.webhook_id}::uuid and failures <> 0`.execute(trx);
  });
}

/** Retries ran out: the webhook stops, and its owner (or, gone, the organization's owners) is told. */
async function disable(deps: DeliveryDeps, d: Claimed, reason: string) {
  const hook = await deps.db
    .updateTable('webhooks')
    .set({ disabled_at: sql<Date>`now()`, disabled_reason: reason.slice(0, 500) })
    .where('id', '=', d.webhook_id)
    .where('disabled_at', 'is', null)
    .returning(['created_by', 'url', 'survey_id', 'project_id'])
    .executeTakeFirst();
  if (!hook) return;
  const owner = hook.created_by
    ? await deps.db.selectFrom('users').select(['email', 'full_name']).where('id', '=', hook.created_by).executeTakeFirst()
    : undefined;
  if (!owner) return;
  const survey = await deps.db.selectFrom('surveys').select('name').where('id', '=', d.survey_id).executeTakeFirst();
  const where = hook.survey_id ? `?survey=${hook.survey_id}&webhooks=1` : '';
  try {
    await deps.mailer.send({
      to: owner.email,
      ...webhookDisabledMail({
        fullName: owner.full_name,
        url: hook.url,
        surveyName: survey?.name ?? '',
        reason,
        link: `${deps.publicUrl.replace(/\/$/, '')}${SURVEY_DATA_PAGE}${where}`,
      }),
    });
  } catch (err) {
    deps.log.error({ err }, 'webhook disabled: the mail to its owner failed');
  }
}

/** Deliveries due and not held (their job lost with a host that died): sent again by the sweep. */
export async function dueDeliveries(db: Q, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select d.id from webhook_deliveries d join webhooks h on h.organization_id = d.organization_id and h.id = d.webhook_id
     where d.status = 'pending' and d.next_attempt_at <= now() - interval '30 seconds'
       and (d.claimed_until is null or d.claimed_until < now()) and h.disabled_at is null
     order by d.next_attempt_at limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** What a delivery needs, from the server's settings: one place for the app and the job runner. */
export function deliveryDepsOf(o: {
  db: Q;
  cache: SurveyCache;
  mailer: Mailer;
  publicUrl: string;
  allowPrivate: boolean;
  log: DeliveryDeps['log'];
  schedule?: readonly number[] | undefined;
  resolve?: OutboundPolicy['resolve'] | undefined;
  timeoutMs?: number | undefined;
}): DeliveryDeps {
  return {
    db: o.db,
    cache: o.cache,
    mailer: o.mailer,
    publicUrl: o.publicUrl,
    log: o.log,
    policy: { allowPrivate: o.allowPrivate, ...(o.resolve ? { resolve: o.resolve } : {}) },
    ...(o.schedule ? { schedule: o.schedule } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
  };
}

/**
 * Deliveries sent in this process, each attempt when it falls due: an app without the job queue (the
 * API tests, a tool). Closing it waits for the attempts in flight and drops the retries not yet due,
 * which stay pending in the database for a server's sweep.
 */
export function inProcessDeliveries(deps: DeliveryDeps): DeliveryQueue & { close(): Promise<void> } {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const waiting: string[] = [];
  let closed = false;
  // A burst of a thousand submissions is sent a few at a time, as the job queue's batches would.
  const MAX_IN_FLIGHT = 8;
  const run = (id: string) => {
    if (closed) return;
    if (running.size >= MAX_IN_FLIGHT) {
      waiting.push(id);
      return;
    }
    const p = attemptDelivery(deps, id)
      .then((wait) => {
        if (wait === null || closed) return;
        const t = setTimeout(() => {
          timers.delete(t);
          run(id);
        }, wait * 1000);
        timers.add(t);
      })
      .catch((err: unknown) => deps.log.error({ err }, 'webhook delivery failed'))
      .finally(() => {
        running.delete(p);
        const next = waiting.shift();
        if (next !== undefined) run(next);
      });
    running.add(p);
  };
  return {
    send(ids) {
      for (const id of ids) run(id);
      return Promise.resolve();
    },
    async close() {
      closed = true;
      waiting.length = 0;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
