// Files of a submission: type sniffed from the bytes, 5 MB, blocked extensions, one per question,
// written to storage with the submission and removed again when the write fails.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, toFormEntries } from '../../engine/survey/index';
import type { Storage } from '../../server/plugins/storage';
import { fileFromBytes } from '../../server/plugins/submissionBody';
import { createSurveyCache } from '../../server/services/surveyCache';
import { submitSurvey } from '../../server/services/submissions';
import { createTestApp, type TestApp } from '../support/app';
import { createSurvey, storedAnswers, submissionOf, submit, submissionCount, type TestSurvey } from '../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)]);
const dataUrl = (type: string, name: string, bytes: Buffer) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('note_text'), q.image('photo'), q.file('doc'), q.file('doc2')]);
});
afterAll(() => t.close());

describe('a file with the submission', () => {
  it('is stored with the type its bytes say, and the answer points at it', async () => {
    const { status, body } = await submit(t, s, {
      note_text: 'x',
      photo: dataUrl('image/png', 'shelter.png', PNG),
      doc: dataUrl('application/pdf', 'id card.pdf', PDF),
    });
    expect(status).toBe(200);
    const files = await t.db
      .selectFrom('submission_files')
      .selectAll()
      .where('submission_id', '=', body.data.id)
      .orderBy('file_name')
      .execute();
    expect(files.map((f) => [f.file_name, f.content_type, f.size_bytes])).toEqual([
      ['id card.pdf', 'application/pdf', PDF.length],
      ['shelter.png', 'image/png', PNG.length],
    ]);
    for (const f of files) expect(await t.app.storage.get(f.storage_key)).toEqual(f.file_name.endsWith('.png') ? PNG : PDF);
    const photo = (await storedAnswers(t, body.data.id)).find((a) => a.name === 'photo');
    expect(photo?.text_value).toBe(files[1]!.storage_key);
    expect(files[1]!.storage_key).toMatch(new RegExp(`^${s.organizationId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
  });
});

describe('large bodies', () => {
  it('are streamed (over 8 MB) and stored the same way', async () => {
    const a = Buffer.concat([PDF, Buffer.alloc(4_500_000)]);
    const b = Buffer.concat([PDF, Buffer.alloc(4_400_000)]);
    const { status, body } = await submit(t, s, {
      note_text: 'x',
      doc: dataUrl('application/pdf', 'a.pdf', a),
      doc2: dataUrl('application/pdf', 'b.pdf', b),
    });
    expect(status).toBe(200);
    const files = await t.db
      .selectFrom('submission_files')
      .select(['file_name', 'size_bytes', 'content_type', 'storage_key'])
      .where('submission_id', '=', body.data.id)
      .orderBy('file_name')
      .execute();
    expect(files.map(({ storage_key: _, ...f }) => f)).toEqual([
      { file_name: 'a.pdf', size_bytes: a.length, content_type: 'application/pdf' },
      { file_name: 'b.pdf', size_bytes: b.length, content_type: 'application/pdf' },
    ]);
    expect((await t.app.storage.get(files[0]!.storage_key)).equals(a)).toBe(true);
    expect((await t.app.storage.get(files[1]!.storage_key)).equals(b)).toBe(true);
  });
});

describe('refused files', () => {
  it.each([
    ['a PDF as a photograph', 'photo', dataUrl('image/png', 'looks.png', PDF)],
    ['an .exe', 'doc', dataUrl('application/octet-stream', 'setup.exe', PDF)],
    ['an .ini', 'doc', dataUrl('text/plain', 'desktop.ini', Buffer.from('[x]\na=1\n'))],
    ['an .app', 'doc', dataUrl('application/octet-stream', 'Tool.APP', PDF)],
    ['an executable named .pdf', 'doc', dataUrl('application/pdf', 'invoice.pdf', EXE)],
  ])('%s', async (_, name, value) => {
    const before = await submissionCount(t, s.id);
    const { status, body } = await submit(t, s, { note_text: 'x', [name]: value });
    expect(status).toBe(400);
    expect(body.message).toBe('File type not allowed or potentially harmful.');
    expect(body.errors).toEqual([`${name}: File type not allowed or potentially harmful.`]);
    expect(await submissionCount(t, s.id)).toBe(before);
  });

  it('over 5 MB', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5_000_001)]);
    const { status, body } = await submit(t, s, { note_text: 'x', doc: dataUrl('application/pdf', 'big.pdf', big) });
    expect(status).toBe(413);
    expect(body).toMatchObject({ isSuccess: false, message: 'File size exceeds the 5MB limit.' });
  });

  it('over 5 MB in a body too large to read at once', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5_000_001)]);
    const other = Buffer.concat([PDF, Buffer.alloc(4_000_000)]);
    const { status, body } = await submit(t, s, {
      note_text: 'x',
      doc: dataUrl('application/pdf', 'a.pdf', other),
      doc2: dataUrl('application/pdf', 'big.pdf', big),
    });
    expect(status).toBe(413);
    expect(body.message).toBe('File size exceeds the 5MB limit.');
  });

  it('exactly 5 MB is fine', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(5_000_000 - PDF.length)]);
    expect((await submit(t, s, { note_text: 'x', doc: dataUrl('application/pdf', 'exact.pdf', exact) })).status).toBe(200);
  });

  it('an answer that names a file not sent', async () => {
    const { status, body } = await submit(
      t,
      s,
      { note_text: 'x' },
      {
        edit: (entries) => [
          ...entries,
          ['answers[9].questionId', s.form.bindings.byName.get('doc')!.id],
          ['answers[9].answerDetail.questionType', '110'],
          ['answers[9].answerDetail.filePaths[0].filePath', '../../etc/passwd'],
        ],
      },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual(['doc: Please attach the file again.']);
  });
});

describe('a failed write', () => {
  it('leaves neither a submission nor a file behind', async () => {
    const real = t.app.storage;
    const written: string[] = [];
    let puts = 0;
    const failing: Storage = {
      ...real,
      async put(key, bytes) {
        if (++puts === 2) throw new Error('disk full');
        await real.put(key, bytes);
        written.push(key);
      },
    };
    const input = submissionOf(
      s,
      { note_text: 'x', photo: dataUrl('image/png', 'a.png', PNG), doc: dataUrl('application/pdf', 'b.pdf', PDF) },
      { id: randomUUID() },
    );
    const entries = toFormEntries(input);
    const files = entries.flatMap(([field, v]) =>
      typeof v === 'string'
        ? []
        : [fileFromBytes(field, v.fileName, v.contentType, Buffer.from(v.uri.slice(v.uri.indexOf(',') + 1), 'base64'))],
    );
    const uploads = entries.map(
      ([field, v]) => [field, typeof v === 'string' ? v : { ...v, uri: `upload:${field}` }] as (typeof entries)[number],
    );
    const before = await submissionCount(t, s.id);
    await expect(
      submitSurvey({ db: t.db, storage: failing, cache: createSurveyCache() }, { entries: uploads, files, caller: null }),
    ).rejects.toThrow('disk full');
    expect(written).toHaveLength(1);
    await expect(t.app.storage.get(written[0]!)).rejects.toMatchObject({ code: 'notFound' });
    expect(await submissionCount(t, s.id)).toBe(before);
    expect(await t.db.selectFrom('submissions').select('id').where('client_id', '=', input.id).execute()).toEqual([]);
  });
});
