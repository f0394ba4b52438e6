// ODK Collect's side of the server: a project manager creates an app user, the device lists its forms,
// downloads an XForm and its manifest, asks (HEAD) and sends (POST) a filled instance as Collect does,
// sends it again, and stops working when revoked. Another project's form is not found.
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat } from '../../engine/survey/index';
import { OPENROSA_RATE_PER_MINUTE } from '../../schemas/appUsers';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart, type FilePart } from '../support/multipart';
import { demo, personas } from '../support/personas';
import { createSurvey, storedAnswers, type TestSurvey } from '../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let as: (email: string) => Promise<Session>;
let survey: TestSurvey;
let manager: Session;
let device: { id: string; token: string; serverUrl: string; qrCode: string };

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  manager = await as(demo.manager);
  survey = await createSurvey(t, [
    q.text('name').required(),
    q.integer('age'),
    q.select_one('district').choices('north', 'south'),
    q.select_multiple('needs').choices('food', 'water', 'shelter'),
    q.date('visited'),
    q.time('at'),
    q.image('photo'),
    repeat('members', q.text('member_name'), q.integer('member_age')),
  ]);
  const created = await t.call<typeof device>('POST', '/api/AppUsers/create', {
    session: manager,
    body: { projectId: t.ids.projects['Household Needs Assessment 2026'], name: 'Tablet 1' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  device = created.body.data;
});
afterAll(() => t.close());

const path = (p: string, token = device.token) => `/openrosa/key/${token}${p}`;
const get = (p: string, token?: string) => t.app.inject({ method: 'GET', url: path(p, token), headers: { 'x-openrosa-version': '1.0' } });
const parse = (xml: string) => new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
const formId = () => `survey_${survey.id.replace(/-/g, '_')}`;

function instance(id: string, body: string): string {
  return `<?xml version="1.0"?><data xmlns:jr="http://openrosa.org/javarosa" xmlns:orx="http://openrosa.org/xforms" id="${formId()}" version="1">${body}<meta><instanceID>uuid:${id}</instanceID></meta></data>`;
}

function post(xml: string, files: [string, FilePart][] = [], token?: string) {
  const { payload, headers } = multipart([
    ['xml_submission_file', { fileName: 'submission.xml', contentType: 'text/xml', bytes: Buffer.from(xml) }],
    ...files,
  ]);
  return t.app.inject({ method: 'POST', url: path('/submission', token), payload, headers: { ...headers, 'x-openrosa-version': '1.0' } });
}

describe('app users', () => {
  it('answers the token once with the server address and the QR code of Collect settings', () => {
    expect(device.token).toMatch(/^fso_[A-Za-z0-9_-]{43}$/);
    expect(device.serverUrl).toBe(`${t.config.publicUrl}/openrosa/key/${device.token}`);
    const settings = JSON.parse(inflateSync(Buffer.from(device.qrCode, 'base64')).toString('utf8')) as {
      general: { server_url: string };
      project: { name: string };
    };
    expect(settings.general.server_url).toBe(device.serverUrl);
    expect(settings.project.name).toBe('Household Needs Assessment 2026');
  });

  it('lists them without their tokens, and refuses them to a guest and to another organization', async () => {
    const projectId = t.ids.projects['Household Needs Assessment 2026']!;
    const list = await t.call<{ totalSize: number; appUsers: Record<string, unknown>[] }>('GET', '/api/AppUsers/list', {
      session: manager,
      query: { projectId },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.appUsers.map((a) => a.name)).toContain('Tablet 1');
    expect(JSON.stringify(list.body.data)).not.toContain(device.token);
    expect((await t.call('GET', '/api/AppUsers/list', { session: await as(demo.guest), query: { projectId } })).status).toBe(403);
    expect((await t.call('GET', '/api/AppUsers/list', { session: await as(demo.other), query: { projectId } })).status).toBe(404);
  });
});

describe('the Form List and the form', () => {
  it("lists the project's deployed surveys with their hash, and serves the XForm that hash is of", async () => {
    const res = await get('/formList');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-openrosa-version']).toBe('1.0');
    expect(res.headers['content-type']).toContain('text/xml');
    const doc = parse(res.payload);
    const forms = Array.from(doc.getElementsByTagName('xform'));
    const ours = forms.find((f) => f.getElementsByTagName('formID')[0]?.textContent === formId())!;
    expect(ours).toBeDefined();
    const url = ours.getElementsByTagName('downloadUrl')[0]!.textContent!;
    const xform = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(xform.statusCode).toBe(200);
    const { createHash } = await import('node:crypto');
    expect(ours.getElementsByTagName('hash')[0]!.textContent).toBe(`md5:${createHash('md5').update(xform.payload).digest('hex')}`);
    expect(xform.payload).toContain(`id="${formId()}"`);
  });

  it("does not list another organization's survey, nor serve it", async () => {
    const elsewhere = await createSurvey(t, [q.text('x')], { organization: 'other', project: 'Other Aid Water Points' });
    const res = await get('/formList');
    expect(res.payload).not.toContain(elsewhere.id.replace(/-/g, '_'));
    expect((await get(`/forms/${elsewhere.id}/form.xml`)).statusCode).toBe(404);
    expect((await get(`/forms/${elsewhere.id}/manifest`)).statusCode).toBe(404);
    const aimed = `<data id="survey_${elsewhere.id.replace(/-/g, '_')}"><x>taken</x><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`;
    expect((await post(aimed)).statusCode).toBe(404);
    expect(await t.db.selectFrom('submissions').select('id').where('survey_id', '=', elsewhere.id).execute()).toEqual([]);
  });

  it('refuses an unknown token with 401 in an OpenRosaResponse', async () => {
    const res = await get('/formList', `fso_${'x'.repeat(43)}`);
    expect(res.statusCode).toBe(401);
    expect(res.payload).toContain('<OpenRosaResponse');
  });
});

describe('submissions', () => {
  it('answers HEAD with 204 and the size it accepts', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: path('/submission') });
    expect(res.statusCode).toBe(204);
    expect(Number(res.headers['x-openrosa-accept-content-length'])).toBeGreaterThan(10_000_000);
    expect(res.headers['x-openrosa-version']).toBe('1.0');
  });

  it('stores an instance with its photo as the fill page would, and the same instance again as the same submission', async () => {
    const id = randomUUID();
    const xml = instance(
      id,
      '<name>Amina</name><age>34</age><district>north</district><needs>food water</needs><visited>2026-05-17</visited><at>09:30:00.000+03:00</at><photo>1717.png</photo>' +
        '<members><member_name>Ali</member_name><member_age>4</member_age></members><members><member_name>Sara</member_name><member_age>7</member_age></members>',
    );
    const files: [string, FilePart][] = [['1717.png', { fileName: '1717.png', contentType: 'image/png', bytes: PNG }]];
    const res = await post(xml, files);
    expect(res.statusCode, res.payload).toBe(201);
    expect(res.payload).toContain('submit_success');
    const stored = await t.db
      .selectFrom('submissions')
      .select(['id', 'data_collection_type'])
      .where('client_id', '=', id)
      .executeTakeFirstOrThrow();
    const answers = await storedAnswers(t, stored.id);
    const by = (name: string, repeatPath = '') => answers.find((a) => a.name === name && a.repeat_path === repeatPath);
    expect(by('name')?.text_value).toBe('Amina');
    expect(Number(by('age')?.number_value)).toBe(34);
    expect(by('at')?.text_value).toBe('09:30');
    expect(by('member_name', '2')?.text_value).toBe('Sara');
    const file = await t.db
      .selectFrom('submission_files')
      .select(['file_name', 'content_type'])
      .where('submission_id', '=', stored.id)
      .execute();
    expect(file).toEqual([{ file_name: '1717.png', content_type: 'image/png' }]);

    const again = await post(xml, files);
    expect(again.statusCode).toBe(202);
    const count = await t.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // Other content under the same instanceID is refused, as SubmitSurvey refuses it.
    const changed = await post(xml.replace('Amina', 'Someone else'), files);
    expect(changed.statusCode).toBe(409);
  });

  it('refuses with a message naming the question: a missing required answer, a choice the question lacks, a missing attachment', async () => {
    const missing = await post(instance(randomUUID(), '<age>3</age>'));
    expect(missing.statusCode).toBe(400);
    const unknown = await post(instance(randomUUID(), '<name>A</name><district>east</district>'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.payload).toContain("'district'");
    const noFile = await post(instance(randomUUID(), '<name>A</name><photo>x.png</photo>'));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.payload).toContain('x.png');
  });

  it('refuses XML with a DOCTYPE (entity bombs), malformed XML, and nesting past the limit, as 400s', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><data id="${formId()}"><name>&b;</name></data>`;
    const res = await post(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.payload).toContain('DOCTYPE');
    expect((await post('<data id="x"><name>unclosed</data>')).statusCode).toBe(400);
    const deep = `<data id="${formId()}">${'<g>'.repeat(100)}${'</g>'.repeat(100)}</data>`;
    expect((await post(deep)).statusCode).toBe(400);
    expect(
      (await post(`<data id="survey_${randomUUID().replace(/-/g, '_')}"><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`))
        .statusCode,
    ).toBe(404);
  });

  it("stores a file-less instance in one write, and answers a survey closed since with the fill page's reason", async () => {
    const own = await createSurvey(t, [q.text('name').required()]);
    const xmlOf = (id: string) =>
      `<data id="survey_${own.id.replace(/-/g, '_')}" version="1"><name>Amina</name><meta><instanceID>uuid:${id}</instanceID></meta></data>`;
    const first = randomUUID();
    expect((await post(xmlOf(first))).statusCode).toBe(201);
    expect((await post(xmlOf(first))).statusCode).toBe(202);
    await t.db.updateTable('surveys').set({ status: 2 }).where('id', '=', own.id).execute();
    const closed = await post(xmlOf(randomUUID()));
    expect(closed.statusCode).toBe(400);
    expect(closed.payload).toContain('This survey is not open for submissions.');
    // Moved to another project: not this device's survey any more.
    const elsewhere = await t.db
      .insertInto('projects')
      .values({
        organization_id: t.ids.organizations.relief!,
        workspace_id: t.ids.workspaces['East Africa Emergency Response']!,
        type_id: 1,
        name: 'Another project',
        description: '',
        manager_id: t.ids.members.relief![demo.senior]!,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('surveys').set({ status: 1, project_id: elsewhere.id }).where('id', '=', own.id).execute();
    expect((await post(xmlOf(randomUUID()))).statusCode).toBe(404);
    expect(await t.db.selectFrom('submissions').select('id').where('survey_id', '=', own.id).execute()).toHaveLength(1);
  });

  it('answers 429 to a device past its requests a minute, and not to another device', async () => {
    const created = async (name: string) =>
      (
        await t.call<typeof device>('POST', '/api/AppUsers/create', {
          session: manager,
          body: { projectId: t.ids.projects['Household Needs Assessment 2026'], name },
        })
      ).body.data.token;
    const [busy, quiet] = [await created('Busy tablet'), await created('Quiet tablet')];
    const head = (token: string) => t.app.inject({ method: 'HEAD', url: path('/submission', token) });
    const codes = [];
    for (let i = 0; i < OPENROSA_RATE_PER_MINUTE; i++) codes.push((await head(busy)).statusCode);
    expect(new Set(codes)).toEqual(new Set([204]));
    const refused = await head(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-openrosa-version']).toBe('1.0');
    expect((await head(quiet)).statusCode).toBe(204);
  });

  it('stops a revoked device at once', async () => {
    const other = await t.call<typeof device>('POST', '/api/AppUsers/create', {
      session: manager,
      body: { projectId: t.ids.projects['Household Needs Assessment 2026'], name: 'Tablet 2' },
    });
    expect((await get('/formList', other.body.data.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/AppUsers/revoke', { session: manager, body: { id: other.body.data.id } })).status).toBe(200);
    expect((await get('/formList', other.body.data.token)).statusCode).toBe(401);
    expect((await post(instance(randomUUID(), '<name>A</name>'), [], other.body.data.token)).statusCode).toBe(401);
  });
});
