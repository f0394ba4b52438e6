// Input that used to answer a 500 or a reply outside the envelope.
// NUL characters (PostgreSQL text cannot store them), multipart without a boundary, addresses and
// headers over the limits, and numbers sent where the schema wants strings (silently coerced before).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../../server/app';
import { MAX_ARRAY_ITEMS } from '../../../server/hostileInput';
import { MAX_URL_LENGTH } from '../../../server/httpErrors';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { submissionEntries, type JsonSchema } from '../../support/fuzz';
import { demoSurveyOf, send, type TestSurvey } from '../../support/surveys';

let t: TestApp;
let owner: Session;
/** For the routes the owner may not call (plan administration, answering tickets): validation is behind the role check. */
let superAdmin: Session;
let demo: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('organization@demo.test');
  superAdmin = await t.signIn('superadmin@demo.test');
  demo = await demoSurveyOf(t);
});
afterAll(() => t.close());

const ENVELOPE = {
  isSuccess: false,
  data: null,
  message: expect.any(String),
  errors: expect.arrayContaining([expect.any(String)]),
  code: expect.any(String),
};
const UUID = '00000000-0000-4000-8000-000000000000';

function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, () => UUID);
}

function stringFields(schema: unknown): string[] {
  const props = (schema as JsonSchema | undefined)?.properties ?? {};
  return Object.entries(props)
    .filter(([, s]) => [s.type].flat().includes('string') && !s.enum)
    .map(([name]) => name);
}

function sessionFor(r: RouteInfo): { session?: Session } {
  if (r.access === 'public') return {};
  return { session: Array.isArray(r.access) && !r.access.includes('Organization') ? superAdmin : owner };
}

describe('NUL characters', () => {
  it('are refused in every string field of every JSON body with a 400 naming the field', async () => {
    let checked = 0;
    for (const r of t.app.apiRoutes.filter((x) => x.schema?.body)) {
      for (const field of stringFields(r.schema!.body)) {
        const res = await t.call(r.method, concretePath(r.url), { ...sessionFor(r), body: { [field]: `a\u0000b` } });
        const what = `${r.method} ${r.url} ${field}: ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, what).toBe(400);
        expect(res.body.errors, what).toContain(`'${field}' must not contain the character U+0000`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('are refused in querystrings and paths, naming the parameter', async () => {
    const search = await t.call('GET', '/api/Workspaces/getMyWorkspaces?search=W%00x', { session: owner });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ ...ENVELOPE, errors: ["'search' must not contain the character U+0000 (querystring)"] });
    const resend = await t.call('POST', '/api/Account/resendConfirmEmail?email=a%00@b.test');
    expect(resend.status).toBe(400);
    expect(resend.body.errors).toEqual(["'email' must not contain the character U+0000 (querystring)"]);
    const path = await t.call('GET', '/api/Workspaces/getById/%00', { session: owner });
    expect(path.status).toBe(400);
    expect(path.body.errors).toEqual(["'id' must not contain the character U+0000 (params)"]);
  });

  it('names the place in nested bodies and arrays', async () => {
    const res = await t.call('PUT', '/api/DataCollection/bulkToggleDeleteOrRestore?entityType=2&isDeleted=true', {
      session: owner,
      body: [UUID, `${UUID}\u0000`],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["'1' must not contain the character U+0000"]);
  });

  it('are refused in multipart fields and file names of a submission', async () => {
    const fields = submissionEntries(demo).filter((e): e is [string, string] => typeof e[1] === 'string');
    const text = fields.map(([n, v]): [string, string] => [n, n === 'answers[1].answerDetail.text' ? `Am\u0000ina` : v]);
    const res = await send(t, text);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["'answers[1].answerDetail.text' must not contain the character U+0000"]);
    const file = await send(t, [
      ...fields,
      ['answers[0].answerDetail.answerFiles[0]', { fileName: 'a\u0000.png', contentType: 'image/png', bytes: new Uint8Array([1, 2, 3]) }],
    ]);
    expect(file.status).toBe(400);
    expect(file.body.errors).toEqual(["'answers[0].answerDetail.answerFiles[0]' must not contain the character U+0000"]);
  });

  it('leaves other control and bidi characters alone: they are text', async () => {
    const res = await t.call('POST', '/api/Workspaces/add', {
      session: owner,
      body: { name: '\u202eevil\u2066 name\u2069', description: 'tab\there' },
    });
    expect(res.status).toBe(200);
  });
});

describe('long lists', () => {
  const bulk = (payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/DataCollection/bulkToggleDeleteOrRestore?entityType=2&isDeleted=true',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, 'organization-id': owner.organizationId },
      payload,
    });

  it('are refused with one sentence, not one per item (a 2 MB body used to answer 26 MB)', async () => {
    const res = await bulk(`[${'1,'.repeat(1_000_000)}1]`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...ENVELOPE, errors: [`'body' must have at most ${MAX_ARRAY_ITEMS} item(s)`] });
  });

  it('report at most a hundred errors when the list is within reach of the schema', async () => {
    const res = await bulk(`[${'1,'.repeat(5000)}1]`);
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: string[] }).errors;
    expect(errors[0]).toBe("'body' must have at most 1000 item(s)");
    expect(errors).toHaveLength(100);
  });
});

describe('multipart bodies', () => {
  const submit = (contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/DataCollection/SubmitSurvey',
      headers: { 'content-type': contentType },
      payload: '--x\r\nContent-Disposition: form-data; name="surveyId"\r\n\r\n1\r\n--x--\r\n',
    });

  it('without a boundary are a 400 in the envelope', async () => {
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="x',
      'multipart/form-data; charset=utf-8',
    ]) {
      const res = await submit(type);
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual({ ...ENVELOPE, errors: ["'content-type' must name the multipart boundary"] });
    }
  });

  it('with a boundary that the body does not use are a 400 in the envelope', async () => {
    const res = await submit('multipart/form-data; boundary=other');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(ENVELOPE);
  });
});

describe('addresses and headers over the limits', () => {
  it('answers an address longer than the limit with 414 in the envelope, before the access check', async () => {
    const res = await t.call('GET', `/api/Workspaces/getMyWorkspaces?search=${'x'.repeat(MAX_URL_LENGTH)}`);
    expect(res.status).toBe(414);
    expect(res.body).toEqual({
      isSuccess: false,
      data: null,
      message: 'The address of the request is too long.',
      errors: ['The address of the request is too long.'],
      code: 'uriTooLong',
    });
  });

  it("answers a path parameter over the router's limit with 414, and a broken percent-encoding with 400, in the envelope", async () => {
    const long = await t.call('GET', `/api/Workspaces/getById/${'x'.repeat(300)}`, { session: owner });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ ...ENVELOPE, message: 'The address of the request is too long.' });
    const broken = await t.call('GET', '/api/Workspaces/getById/%E0%A4%A', { session: owner });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ ...ENVELOPE, message: 'The request could not be read.' });
  });

  it('answers headers over Node’s limit with 431 in the envelope, on a real connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let reply = '';
        socket.on('data', (d: Buffer) => (reply += d.toString('utf8')));
        socket.on('close', () => resolve(reply));
        socket.on('error', reject);
      });
    const big = await raw(`GET /api/DataCollection/CheckOnlineStatus HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(64 * 1024)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      isSuccess: false,
      data: null,
      message: 'The request headers are too large.',
      errors: ['The request headers are too large.'],
      code: 'headersTooLarge',
    });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({
      isSuccess: false,
      message: 'The request could not be read.',
    });
    const longUrl = await raw(
      `GET /api/DataCollection/CheckOnlineStatus?x=${'z'.repeat(MAX_URL_LENGTH)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(longUrl).toMatch(/^HTTP\/1\.1 414 /);
  });
});

describe('types in JSON bodies', () => {
  it('refuses a number where the schema wants a string, naming the field', async () => {
    const res = await t.call('POST', '/api/Workspaces/add', { session: owner, body: { name: 13 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["'name' must be string"]);
    const login = await t.call('POST', '/api/Account/login', { body: { email: 'organization@demo.test', password: 12345678 } });
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual(["'password' must be string"]);
  });

  it('refuses a string where the schema wants a number or a boolean, and a bare value where it wants a list', async () => {
    const res = await t.call('POST', '/api/Projects/add', { session: owner, body: { workspaceId: UUID, typeId: '1' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["'typeId' must be integer"]);
    const login = await t.call('POST', '/api/Account/login', { body: { email: 'a@b.test', password: 'x', rememberMe: 'true' } });
    expect(login.body.errors).toEqual(["'rememberMe' must be boolean"]);
    const bulk = await t.call('PUT', '/api/DataCollection/bulkToggleDeleteOrRestore?entityType=2&isDeleted=true', {
      session: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(UUID),
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.errors).toEqual(["'body' must be array"]);
  });

  it('still reads numbers, booleans and lists from querystrings, which are text', async () => {
    const res = await t.call('GET', '/api/Workspaces/getMyWorkspaces?isDeleted=false&page=1&pageSize=5', { session: owner });
    expect(res.status).toBe(200);
    const project = t.ids.projects['Household Needs Assessment 2026']!;
    const one = await t.call('GET', `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${project}&surveyStatuses=1`, {
      session: owner,
    });
    expect(one.status).toBe(200);
  });
});
