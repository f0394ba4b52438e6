// ODK Collect with a member's own account: HTTP Basic under /openrosa/projects/{projectId}. The challenge
// without credentials; what a data collector and a project manager are offered and whose their
// submissions are; wrong passwords slowed down as sign-in's are; a changed password checked afresh;
// guests, strangers and other organizations' projects answered 404; Basic refused over plain HTTP to a
// server that is not local.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { hashPassword } from '../../server/auth/passwords';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { demo, personas } from '../support/personas';
import { createSurvey, type TestSurvey } from '../support/surveys';

let t: TestApp;
let tasked: TestSurvey;
let untasked: TestSurvey;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;
const formId = (s: TestSurvey) => `survey_${s.id.replace(/-/g, '_')}`;
const basic = (email: string, password = DEMO_PASSWORD) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

function get(path: string, authorization?: string, remoteAddress = '127.0.0.1', projectId = project()) {
  return t.app.inject({
    method: 'GET',
    url: `/openrosa/projects/${projectId}${path}`,
    remoteAddress,
    headers: { 'x-openrosa-version': '1.0', ...(authorization ? { authorization } : {}) },
  });
}

function post(survey: TestSurvey, name: string, authorization: string) {
  const xml = `<data id="${formId(survey)}" version="1"><name>${name}</name><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`;
  const { payload, headers } = multipart([
    ['xml_submission_file', { fileName: 'submission.xml', contentType: 'text/xml', bytes: Buffer.from(xml) }],
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/openrosa/projects/${project()}/submission`,
    payload,
    headers: { ...headers, authorization, 'x-openrosa-version': '1.0' },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  tasked = await createSurvey(t, [q.text('name').required()], { name: 'Tasked water survey' });
  untasked = await createSurvey(t, [q.text('name').required()], { name: 'Untasked survey' });
  const manager = await personas(() => t)(demo.manager);
  const task = await t.call('POST', '/api/Task/createTask', {
    session: manager,
    body: { surveyId: tasked.id, dataCollectorIds: [t.ids.members.relief![demo.collector]], collectionType: 1 },
  });
  expect(task.status, JSON.stringify(task.body)).toBe(200);
});
afterAll(() => t.close());

describe('HTTP Basic for members', () => {
  it('challenges a request without credentials, in OpenRosa’s form', async () => {
    const r = await get('/formList');
    expect(r.statusCode).toBe(401);
    expect(r.headers['www-authenticate']).toBe('Basic realm="Field Survey", charset="UTF-8"');
    expect(r.headers['x-openrosa-version']).toBe('1.0');
    expect(r.payload).toContain('<OpenRosaResponse');
  });

  it('offers a data collector the surveys of their tasks, and stores their submission as theirs, completing the task', async () => {
    const list = await get('/formList', basic(demo.collector));
    expect(list.statusCode, list.payload).toBe(200);
    expect(list.payload).toContain(formId(tasked));
    expect(list.payload).not.toContain(formId(untasked));
    expect(list.payload).toContain(`/openrosa/projects/${project()}/forms/${tasked.id}/form.xml`);
    expect((await get(`/forms/${untasked.id}/form.xml`, basic(demo.collector))).statusCode).toBe(404);

    const sent = await post(tasked, 'Amina', basic(demo.collector));
    expect(sent.statusCode, sent.payload).toBe(201);
    const row = await t.db
      .selectFrom('submissions')
      .select(['submitter_id', 'task_id'])
      .where('survey_id', '=', tasked.id)
      .executeTakeFirstOrThrow();
    expect(row.submitter_id).toBe(t.ids.users[demo.collector]);
    expect(row.task_id).not.toBeNull();
  });

  it("offers a project manager the project's deployed surveys and names them in their submissions", async () => {
    const list = await get('/formList', basic(demo.manager));
    expect(list.statusCode).toBe(200);
    expect(list.payload).toContain(formId(tasked));
    expect(list.payload).toContain(formId(untasked));
    expect((await post(untasked, 'Sara', basic(demo.manager))).statusCode).toBe(201);
    const row = await t.db.selectFrom('submissions').select('submitter_id').where('survey_id', '=', untasked.id).executeTakeFirstOrThrow();
    expect(row.submitter_id).toBe(t.ids.users[demo.manager]);
  });

  it('answers 404 to a guest, to a member of another organization, and for a project that is not there', async () => {
    expect((await get('/formList', basic(demo.guest))).statusCode).toBe(404);
    expect((await get('/formList', basic('other@demo.test'))).statusCode).toBe(404);
    expect((await get('/formList', basic(demo.manager), '127.0.0.1', randomUUID())).statusCode).toBe(404);
  });

  it('challenges a wrong password again and slows the pair down after five, as sign-in does', async () => {
    const address = '10.9.8.7';
    for (let i = 0; i < 5; i++) {
      const r = await get('/formList', basic(demo.junior, 'Wrong-Pass-2026!'), address);
      expect(r.statusCode).toBe(401);
      expect(r.headers['www-authenticate']).toContain('Basic');
    }
    // The right password from that address now waits; from another, it is let in.
    expect((await get('/formList', basic(demo.junior), address)).statusCode).toBe(429);
    expect((await get('/formList', basic(demo.junior), '10.9.8.8')).statusCode).toBe(200);
  });

  it('checks a changed password afresh: the one Collect remembered no longer lets it in', async () => {
    expect((await get('/formList', basic(demo.senior))).statusCode).toBe(200);
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Another-Pass-2026!') })
      .where('id', '=', t.ids.users[demo.senior]!)
      .execute();
    expect((await get('/formList', basic(demo.senior))).statusCode).toBe(401);
    expect((await get('/formList', basic(demo.senior, 'Another-Pass-2026!'))).statusCode).toBe(200);
  });
});

describe('HTTP Basic over plain HTTP', () => {
  it('is refused by a server whose address is not local, before any password is read', async () => {
    const remote = await createTestApp({ config: { publicUrl: 'https://survey.example.org' } });
    try {
      const r = await remote.app.inject({
        method: 'GET',
        url: `/openrosa/projects/${remote.ids.projects['Household Needs Assessment 2026']}/formList`,
        headers: { authorization: basic(demo.manager) },
      });
      expect(r.statusCode).toBe(403);
      expect(r.payload).toContain('over HTTPS only');
    } finally {
      await remote.close();
    }
  });
});
