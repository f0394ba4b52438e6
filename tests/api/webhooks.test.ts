// Webhooks (docs/webhooks.md) against a real receiver on this machine: a project manager adds one for a
// survey (the secret shown once), each event arrives signed as Standard Webhooks says - checked with
// that project's own library - and is retried on the schedule while the receiver fails, times out or
// redirects; when retries run out the hook is disabled and its owner told; the log shows every attempt;
// a delivery can be sent again, with the same webhook-id. Addresses on private networks are refused
// unless the operator allows them, also when a name changes its address after the check. A burst of
// 1,000 submissions arrives exactly once each, through the job queue too.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { MAX_WEBHOOKS_PER_ORGANIZATION, RETRY_SCHEDULE_SECONDS } from '../../schemas/webhooks';
import { startJobs } from '../../server/plugins/jobs';
import { createSurveyCache } from '../../server/services/surveyCache';
import { attemptDelivery, deliveryDepsOf, dueDeliveries } from '../../server/services/webhookDelivery';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { startReceiver, type Receiver } from '../support/receiver';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

interface Hook {
  id: string;
  secret: string;
  url: string;
  disabledAt: string | null;
  disabledReason: string | null;
}
interface Attempt {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}
interface Delivery {
  id: string;
  event: string;
  submissionId: string | null;
  status: string;
  attempts: number;
  lastAttempts: Attempt[];
}
interface Payload {
  type: string;
  timestamp: string;
  data: { id: string; surveyId?: string; reviewStatus?: number; answers?: { name: string; answerDetail: unknown }[]; name?: string };
}

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;
let rx: Receiver;

// Retries after 50 ms: the whole schedule of three retries runs in a fraction of a second.
const SCHEDULE = [0.05, 0.05, 0.05];

const add = async (body: Record<string, unknown>, who: string = demo.manager) =>
  t.call<Hook>('POST', '/api/Webhooks/add', { session: await as(who), body });
const deliveries = async (webhookId: string) =>
  (
    await t.call<{ totalSize: number; deliveries: Delivery[] }>('GET', '/api/Webhooks/getDeliveries', {
      session: await as(demo.manager),
      query: { webhookId },
    })
  ).body.data;
/** Waits until the hook's deliveries all settled (none pending), and answers them. */
const settled = async (webhookId: string, count: number) => {
  await expect
    .poll(async () => (await deliveries(webhookId)).deliveries.filter((d) => d.status !== 'pending').length, { timeout: 20_000 })
    .toBe(count);
  return (await deliveries(webhookId)).deliveries;
};
const verify = (hook: Hook, r: Receiver['received'][number]) =>
  new Webhook(hook.secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as Payload;
const at = (path: string) => rx.received.filter((r) => r.path === path);

beforeAll(async () => {
  rx = await startReceiver();
  t = await createTestApp({
    config: { webhookAllowPrivate: true, publicLimits: { perAddress: 0, perSurvey: 0 } },
    webhooks: { webhookSchedule: SCHEDULE, webhookTimeoutMs: 3000 },
  });
  as = personas(() => t);
  s = await createSurvey(t, [q.text('name').label('Name'), q.integer('age').label('Age')]);
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('adding and listing', () => {
  it('answers the secret once, lists the hook without it', async () => {
    const added = await add({ surveyId: s.id, url: rx.url('/list'), events: ['submission.created'] });
    expect(added.status).toBe(200);
    expect(added.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = await t.call<{ totalSize: number; webhooks: Record<string, unknown>[] }>('GET', '/api/Webhooks/list', {
      session: await as(demo.manager),
      query: { surveyId: s.id },
    });
    const listed = list.body.data.webhooks.find((h) => h.id === added.body.data.id);
    expect(listed).toMatchObject({ url: rx.url('/list'), events: ['submission.created'], disabledAt: null });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(added.body.data.secret);
    await t.call('POST', '/api/Webhooks/remove', { session: await as(demo.manager), body: { webhookId: added.body.data.id } });
  });

  it('refuses what is not a hook: both or neither scope, unknown events, bad addresses, names the field', async () => {
    const both = await add({
      surveyId: s.id,
      projectId: t.ids.projects['Household Needs Assessment 2026'],
      url: rx.url(),
      events: ['submission.created'],
    });
    expect(both.status).toBe(400);
    expect(both.body.errors.join(' ')).toContain("'surveyId'");
    expect((await add({ url: rx.url(), events: ['submission.created'] })).status).toBe(400);
    const event = await add({ surveyId: s.id, url: rx.url(), events: ['submission.deleted'] });
    expect(event.status).toBe(400);
    expect(event.body.errors.join(' ')).toContain('events');
    for (const url of ['not a url', 'ftp://example.org/x', 'https://user:pass@example.org/x']) {
      const bad = await add({ surveyId: s.id, url, events: ['submission.created'] });
      expect(bad.status, url).toBe(400);
      expect(bad.body.errors.join(' '), url).toContain("'url'");
    }
  });

  it('lets only the roles that manage the project add one; another organization finds nothing', async () => {
    const body = { surveyId: s.id, url: rx.url(), events: ['submission.created'] };
    expect((await add(body, demo.collector)).status).toBe(403);
    expect((await add(body, demo.guest)).status).toBe(403);
    expect((await add(body, demo.other)).status).toBe(404);
  });

  it(`holds an organization to ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks`, async () => {
    const made: string[] = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_ORGANIZATION; i++) {
      const r = await add({ surveyId: s.id, url: rx.url(`/many/${i}`), events: ['survey.published'] });
      if (r.status !== 200) break;
      made.push(r.body.data.id);
    }
    const over = await add({ surveyId: s.id, url: rx.url('/many/over'), events: ['survey.published'] });
    expect(over.status).toBe(400);
    expect(over.body.errors.join(' ')).toContain(`at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks`);
    for (const id of made) await t.call('POST', '/api/Webhooks/remove', { session: await as(demo.manager), body: { webhookId: id } });
  });
});

describe('events', () => {
  let hook: Hook;
  beforeAll(async () => {
    hook = (
      await add({ surveyId: s.id, url: rx.url('/events'), events: ['submission.created', 'submission.updated', 'submission.reviewed'] })
    ).body.data;
  });

  it('sends a stored submission, signed, with its answers as the API shows them', async () => {
    const sent = await submit(t, s, { name: 'Amina', age: 34 });
    expect(sent.status).toBe(200);
    const [d] = await settled(hook.id, 1);
    expect(d).toMatchObject({ event: 'submission.created', submissionId: sent.body.data.id, status: 'delivered', attempts: 1 });
    const [r] = at('/events');
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['webhook-id']).toBe(`msg_${d!.id}`);
    const payload = verify(hook, r!);
    expect(payload.type).toBe('submission.created');
    expect(payload.data.id).toBe(sent.body.data.id);
    expect(payload.data.answers?.find((a) => a.name === 'name')?.answerDetail).toMatchObject({ text: 'Amina' });
    // Signed with another secret, the same request is refused by the receiver's library.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(r!.body, r!.headers as Record<string, string>),
    ).toThrow();
  });

  it('sends a review with the status it set, and a correction as an update', async () => {
    const sent = await submit(t, s, { name: 'Bashir', age: 19 });
    await settled(hook.id, 2);
    const manager = await as(demo.manager);
    expect(
      (await t.call('POST', '/api/DataCollection/reviewSubmission', { session: manager, body: { id: sent.body.data.id, status: 1 } }))
        .status,
    ).toBe(200);
    const question = s.form.bindings.byName.get('age')!;
    const corrected = await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: manager,
      body: { id: sent.body.data.id, corrections: [{ questionId: question.id, value: 20 }], comment: 'Typo' },
    });
    expect(corrected.status).toBe(200);
    await settled(hook.id, 4);
    const payloads = at('/events').map((r) => verify(hook, r));
    expect(payloads.find((p) => p.type === 'submission.reviewed')?.data).toMatchObject({ id: sent.body.data.id, reviewStatus: 1 });
    expect(payloads.find((p) => p.type === 'submission.updated')?.data.id).toBe(sent.body.data.id);
    // A review that changes nothing is no event.
    await t.call('POST', '/api/DataCollection/reviewSubmission', { session: manager, body: { id: sent.body.data.id, status: 1 } });
    expect((await deliveries(hook.id)).totalSize).toBe(4);
  });

  it("tells a project's hook of every survey of the project published", async () => {
    const projectId = t.ids.projects['Household Needs Assessment 2026']!;
    const projectHook = (await add({ projectId, url: rx.url('/published'), events: ['survey.published'] })).body.data;
    const draft = await createSurvey(t, [q.text('where').label('Where')], { status: 0, name: 'Published by hook test' });
    const published = await t.call('POST', '/api/DataCollection/PublishSurvey', {
      session: await as(demo.manager),
      body: { surveyId: draft.id },
    });
    expect(published.status).toBe(200);
    await settled(projectHook.id, 1);
    const payload = verify(projectHook, at('/published')[0]!);
    expect(payload).toMatchObject({ type: 'survey.published', data: { id: draft.id, name: 'Published by hook test' } });
    // The survey's own hook did not ask for it.
    expect(at('/events').map((r) => verify(hook, r).type)).not.toContain('survey.published');
  });
});

describe('when the receiver fails', () => {
  it('retries on the schedule until it answers, and logs each attempt', async () => {
    const hook = (await add({ surveyId: s.id, url: rx.url('/flaky'), events: ['submission.created'] })).body.data;
    rx.answer((r, n) =>
      r.path === '/flaky' && at('/flaky').length <= 2 ? { status: 503, body: `down ${n}` } : { status: 200, body: 'ok' },
    );
    await submit(t, s, { name: 'Chidi', age: 52 });
    const [d] = await settled(hook.id, 1);
    expect(d!.status).toBe('delivered');
    expect(d!.lastAttempts.map((a) => a.statusCode)).toEqual([503, 503, 200]);
    expect(d!.lastAttempts[0]!.responseExcerpt).toMatch(/^down \d+$/);
    // Every attempt is the same message: one webhook-id, one body.
    const tries = at('/flaky');
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    rx.answer(() => ({ status: 200, body: 'ok' }));
  });

  it('gives up on a receiver that does not answer in time, or redirects, and reads only the start of a huge answer', async () => {
    const slow = (await add({ surveyId: s.id, url: rx.url('/hang'), events: ['submission.created'] })).body.data;
    const moved = (await add({ surveyId: s.id, url: rx.url('/moved'), events: ['submission.created'] })).body.data;
    const huge = (await add({ surveyId: s.id, url: rx.url('/huge'), events: ['submission.created'] })).body.data;
    rx.answer((r) =>
      r.path === '/hang'
        ? { status: 200, hang: true }
        : r.path === '/moved'
          ? { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }
          : r.path === '/huge'
            ? { status: 200, body: 'x'.repeat(5_000_000) }
            : { status: 200, body: 'ok' },
    );
    await submit(t, s, { name: 'Dawit', age: 41 });
    // A receiver that never answers: the attempt ends at the timeout, and is failed.
    await expect
      .poll(async () => (await deliveries(slow.id)).deliveries[0]?.lastAttempts[0]?.error ?? null, { timeout: 20_000 })
      .toBe('No answer within 3 s.');
    const [redirected] = await settled(moved.id, 1);
    expect(redirected!.lastAttempts[0]).toMatchObject({ statusCode: 302, error: 'Redirects are not followed.' });
    expect(rx.received.filter((r) => r.path.includes('meta-data'))).toHaveLength(0);
    const [big] = await settled(huge.id, 1);
    expect(big!.status).toBe('delivered');
    expect(big!.lastAttempts[0]!.responseExcerpt!.length).toBeLessThanOrEqual(1000);
    rx.answer(() => ({ status: 200, body: 'ok' }));
    for (const h of [moved, huge])
      await t.call('POST', '/api/Webhooks/remove', { session: await as(demo.manager), body: { webhookId: h.id } });
  });

  it('disables the hook when retries run out, tells its owner, and sends what it missed once enabled', async () => {
    const hook = (await add({ surveyId: s.id, url: rx.url('/down'), events: ['submission.created'] })).body.data;
    rx.answer((r) => (r.path === '/down' ? { status: 500, body: 'broken' } : { status: 200, body: 'ok' }));
    await submit(t, s, { name: 'Esi', age: 27 });
    const [d] = await settled(hook.id, 1);
    expect(d).toMatchObject({ status: 'failed', attempts: SCHEDULE.length + 1 });
    const list = await t.call<{ webhooks: Hook[] }>('GET', '/api/Webhooks/list', {
      session: await as(demo.manager),
      query: { surveyId: s.id },
    });
    const disabled = list.body.data.webhooks.find((h) => h.id === hook.id)!;
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.disabledReason).toBe('HTTP 500');
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address as to', 'subject', 'body_text as text'])
      .where('to_address', '=', demo.manager)
      .where('subject', 'like', 'A webhook of%')
      .execute();
    expect(mail.filter((m) => m.text.includes(rx.url('/down')))).toHaveLength(1);
    // Disabled: new submissions are not announced to it.
    await submit(t, s, { name: 'Farah', age: 30 });
    expect((await deliveries(hook.id)).totalSize).toBe(1);
    // A redelivery waits for the hook to be enabled; then it is sent once more, as it was.
    const refused = await t.call('POST', '/api/Webhooks/redeliver', { session: await as(demo.manager), body: { deliveryId: d!.id } });
    expect(refused.status).toBe(400);
    rx.answer(() => ({ status: 200, body: 'ok' }));
    expect((await t.call('POST', '/api/Webhooks/enable', { session: await as(demo.manager), body: { webhookId: hook.id } })).status).toBe(
      200,
    );
    const again = await t.call<Delivery>('POST', '/api/Webhooks/redeliver', {
      session: await as(demo.manager),
      body: { deliveryId: d!.id },
    });
    expect(again.status).toBe(200);
    await expect.poll(async () => (await deliveries(hook.id)).deliveries[0]!.status).toBe('delivered');
    const sends = at('/down');
    expect(sends.at(-1)!.headers['webhook-id']).toBe(sends[0]!.headers['webhook-id']);
    expect(sends.at(-1)!.body).toBe(sends[0]!.body);
  });

  it('keeps the default schedule within a day', () => {
    const total = RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThanOrEqual(24 * 3600);
  });
});

describe('addresses', () => {
  let strict: TestApp;
  let strictAs: ReturnType<typeof personas>;
  let strictSurvey: TestSurvey;
  // What names resolve to, as a test's DNS: a public address, a private one, and one that changes.
  const names = new Map<string, string[]>([
    ['public.example', ['93.184.215.14']],
    ['internal.example', ['10.0.0.7']],
    ['metadata.example', ['169.254.169.254']],
    ['mixed.example', ['93.184.215.14', '127.0.0.1']],
  ]);
  let rebinds = 0;
  beforeAll(async () => {
    strict = await createTestApp({
      webhooks: {
        webhookSchedule: [],
        webhookResolve: async (host) => {
          if (host === 'rebind.example') return [{ address: rebinds++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
          const found = names.get(host);
          if (!found) throw new Error('ENOTFOUND');
          return found.map((address) => ({ address, family: 4 }));
        },
      },
    });
    strictAs = personas(() => strict);
    strictSurvey = await createSurvey(strict, [q.text('name').label('Name')]);
  });
  afterAll(() => strict?.close());

  const strictAdd = async (url: string) =>
    strict.call<Hook>('POST', '/api/Webhooks/add', {
      session: await strictAs(demo.manager),
      body: { surveyId: strictSurvey.id, url, events: ['submission.created'] },
    });

  it('refuses this machine, private networks and plain http, by address or by name', async () => {
    for (const url of [
      'http://93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest',
      'https://internal.example/hook',
      'https://metadata.example/hook',
      'https://mixed.example/hook',
      'https://nowhere.example/hook',
    ]) {
      const r = await strictAdd(url);
      expect(r.status, url).toBe(400);
      expect(r.body.errors.join(' '), url).toContain("'url'");
    }
    const ok = await strictAdd('https://public.example/hook');
    expect(ok.body.errors).toEqual([]);
    expect(ok.status).toBe(200);
  });

  it('checks the address again where it connects: a name that turns private after the check reaches nothing', async () => {
    const hook = (await strictAdd('https://rebind.example/hook')).body.data;
    expect(hook.id).toBeDefined();
    await submit(strict, strictSurvey, { name: 'Rebinding' });
    await expect
      .poll(async () => {
        const list = await strict.call<{ deliveries: Delivery[] }>('GET', '/api/Webhooks/getDeliveries', {
          session: await strictAs(demo.manager),
          query: { webhookId: hook.id },
        });
        return list.body.data.deliveries.find((d) => d.status === 'failed')?.lastAttempts[0]?.error ?? null;
      })
      .toContain('private or local network');
  });
});

describe('a burst', () => {
  it('announces each of 1,000 submissions exactly once, signed, with the retries of a receiver down at first in the log', async () => {
    const burst = await createSurvey(t, [q.integer('n').label('N')]);
    const hook = (await add({ surveyId: burst.id, url: rx.url('/burst'), events: ['submission.created'] })).body.data;
    // Down for its first 200 requests: the deliveries that meet it then are retried.
    rx.answer((r) => (r.path === '/burst' && at('/burst').length <= 200 ? { status: 503, body: 'down' } : { status: 200, body: 'ok' }));
    const ids: string[] = [];
    for (let i = 0; i < 1000; i += 25) {
      const sent = await Promise.all(Array.from({ length: 25 }, (_, k) => submit(t, burst, { n: i + k })));
      for (const r of sent) {
        expect(r.status).toBe(200);
        ids.push(r.body.data.id);
      }
    }
    await expect
      .poll(
        async () =>
          Number(
            (
              await t.db
                .selectFrom('webhook_deliveries')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('webhook_id', '=', hook.id)
                .where('status', '=', 'delivered')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 60_000 },
      )
      .toBe(1000);
    // Every request the receiver got is an attempt in the log (nothing is sent unlogged), every one is
    // signed, and each submission has exactly one accepted attempt. (A request the server gave up on
    // while the receiver still answered it counts as failed and is sent again: receivers drop such
    // repeats by their webhook-id, which the repeats share.)
    const requests = at('/burst');
    const attempts = await t.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['d.id', 'd.submission_id', 'a.status_code', 'a.error'])
      .where('d.webhook_id', '=', hook.id)
      .execute();
    expect(requests.length).toBeLessThanOrEqual(attempts.length);
    const payloads = requests.map((r) => ({ id: String(r.headers['webhook-id']), submission: verify(hook, r).data.id }));
    expect(new Set(payloads.map((p) => p.submission))).toEqual(new Set(ids));
    expect(new Set(payloads.map((p) => p.id)).size).toBe(1000);
    const accepted = attempts.filter((a) => a.status_code === 200);
    expect(accepted.length).toBe(1000);
    expect(new Set(accepted.map((a) => a.submission_id))).toEqual(new Set(ids));
    const refused = attempts.filter((a) => a.status_code === 503).length;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(200);
    rx.answer(() => ({ status: 200, body: 'ok' }));
  }, 120_000);

  it('sends through the job queue as a served app does, and the sweep finds what a lost job left', async () => {
    const burst = await createSurvey(t, [q.integer('n').label('N')]);
    const hook = (await add({ surveyId: burst.id, url: rx.url('/queued'), events: ['submission.created'] })).body.data;
    const deps = deliveryDepsOf({
      db: t.db,
      cache: createSurveyCache(),
      mailer: t.mailer,
      publicUrl: t.config.publicUrl,
      allowPrivate: true,
      log: { error: () => undefined },
      schedule: [1],
    });
    const stored: string[] = [];
    for (let i = 0; i < 30; i++) stored.push((await submit(t, burst, { n: i })).body.data.id);
    // The test app's own queue sent them; set back to pending and due, they are what a host that died
    // between its commit and its queueing leaves: rows without a job, which the sweep's query finds.
    await expect.poll(async () => (await deliveries(hook.id)).deliveries.filter((d) => d.status === 'delivered').length).toBe(30);
    await t.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: new Date(Date.now() - 60_000) })
      .where('webhook_id', '=', hook.id)
      .execute();
    expect((await dueDeliveries(t.db, 100)).length).toBeGreaterThanOrEqual(30);
    const before = at('/queued').length;
    const jobs = await startJobs(
      t.database,
      { info: () => undefined, error: () => undefined },
      {
        pollingIntervalSeconds: 0.5,
        runners: {
          runExport: async () => undefined,
          purgeExports: async () => 0,
          attemptWebhook: (id) => attemptDelivery(deps, id),
          dueWebhooks: () => dueDeliveries(t.db, 1000),
        },
      },
    );
    try {
      await jobs.sendWebhooks(await dueDeliveries(t.db, 1000));
      await expect
        .poll(async () => (await deliveries(hook.id)).deliveries.filter((d) => d.status === 'delivered').length, { timeout: 30_000 })
        .toBe(30);
    } finally {
      await jobs.stop();
    }
    const again = at('/queued')
      .slice(before)
      .map((r) => verify(hook, r).data.id);
    expect(new Set(again).size).toBe(30);
    expect(again.length).toBe(30);
    expect(new Set(again)).toEqual(new Set(stored));
  }, 60_000);
});
