// A multipart body with many files was buffered whole (380 MB in one
// request). Now a body is limited by its survey (file questions x 5 MB plus a margin for fields) and
// refused with 413 in the envelope before it is read, files stream to disk, and nothing is left behind.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, toFormEntries } from '../../../engine/survey/index';
import { FIELD_BYTES, MAX_BODY } from '../../../server/plugins/submissionBody';
import { createTestApp, type TestApp } from '../../support/app';
import { entriesToParts, multipart } from '../../support/multipart';
import { createSurvey, submissionOf, type TestSurvey } from '../../support/surveys';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const dataUrl = (type: string, name: string, bytes: Buffer) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;

let t: TestApp;
let plain: TestSurvey;
let withFile: TestSurvey;
let incoming: string;
beforeAll(async () => {
  t = await createTestApp();
  plain = await createSurvey(t, [q.text('name')]);
  withFile = await createSurvey(t, [q.text('name'), q.file('doc')]);
  incoming = join(t.config.dataDir, 'files', '.incoming');
});
afterAll(() => t.close());

const leftovers = () => (existsSync(incoming) ? readdirSync(incoming).length : 0);

function post(payload: Buffer | string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/DataCollection/SubmitSurvey', payload, headers });
}

describe('the size of a submission', () => {
  it('a declared size over what any survey takes is a 413 in the envelope, before the body is read', async () => {
    const res = await post('x', { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(MAX_BODY + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ isSuccess: false, message: 'The request is too large.' });
  });

  it("a body larger than its survey's file questions allow is a 413 as soon as the survey is known", async () => {
    // Six files of 4 MB for a survey with one file question: 24 MB against a limit of 5 MB + fields.
    const parts = entriesToParts(toFormEntries(submissionOf(plain, { name: 'x' })));
    for (let i = 0; i < 6; i++)
      parts.push([
        `answers[${10 + i}].answerDetail.answerFiles[0]`,
        { fileName: `f${i}.pdf`, contentType: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(4_000_000)]) },
      ]);
    const { payload, headers } = multipart(parts);
    const res = await post(payload, { ...headers, 'content-length': String(payload.length) });
    expect(res.statusCode).toBe(413);
    expect(res.json().isSuccess).toBe(false);
    expect(leftovers()).toBe(0);
  });

  it('more files than the survey has file questions are refused', async () => {
    const parts = entriesToParts(toFormEntries(submissionOf(withFile, { name: 'x' })));
    for (let i = 0; i < 3; i++)
      parts.push([
        `answers[${10 + i}].answerDetail.answerFiles[0]`,
        { fileName: `f${i}.pdf`, contentType: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(1_200_000)]) },
      ]);
    const { payload, headers } = multipart(parts);
    const res = await post(payload, headers);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errors.join(' ')).toMatch(/at most 1 files/);
    expect(leftovers()).toBe(0);
  });

  it('fields beyond their total are a 413, whatever the body declares', async () => {
    const parts = entriesToParts(toFormEntries(submissionOf(plain, { name: 'x' })));
    const long = 'y'.repeat(190_000);
    for (let i = 0; i < Math.ceil(FIELD_BYTES / long.length) + 1; i++) parts.push([`extra${i}`, long]);
    const { payload, headers } = multipart(parts);
    const res = await post(payload, headers);
    expect(res.statusCode).toBe(413);
  });

  it('a file within the limit streams to disk, is stored, and leaves no temporary file', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3_000_000)]);
    const parts = entriesToParts(toFormEntries(submissionOf(withFile, { name: 'x', doc: dataUrl('application/pdf', 'big.pdf', big) })));
    const { payload, headers } = multipart(parts);
    const res = await post(payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = await t.db
      .selectFrom('submission_files')
      .select(['size_bytes', 'content_type'])
      .where('submission_id', '=', res.json().data.id)
      .execute();
    expect(file).toEqual({ size_bytes: big.length, content_type: 'application/pdf' });
    expect(leftovers()).toBe(0);
  });

  it('a multipart content type without a boundary is a 400', async () => {
    const res = await post('--x\r\n', { 'content-type': 'multipart/form-data' });
    expect(res.statusCode).toBe(400);
    expect(res.json().isSuccess).toBe(false);
  });
});
