// Export batches are bounded by the size of their answers as well as by their count: a survey whose
// submissions carry very large answers is read a few submissions at a time, so one batch cannot reach
// the export worker's small heap (services/submissionExport.ts EXPORT_BATCH), and nothing is lost at
// the cuts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import type { BatchLimits } from '../../server/db/queries/submissionCopies';
import { createStorage } from '../../server/plugins/storage';
import { exportSubmissions } from '../../server/services/submissionExport';
import { createSurveyCache } from '../../server/services/surveyCache';
import { createTestApp, type TestApp } from '../support/app';
import { parseCsv } from '../support/csv';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let s: TestSurvey;
const MB = 1 << 20;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('comment'), q.integer('age')]);
  for (let i = 0; i < 4; i++) {
    const sent = await submit(t, s, { comment: 'short', age: i });
    expect(sent.status).toBe(200);
    ids.push(sent.body.data.id);
  }
  // A megabyte of answer in each compact copy (what an export reads), more than a submission may send.
  for (const [i, id] of ids.entries()) {
    const copy = await t.db.selectFrom('submission_data').select('top').where('submission_id', '=', id).executeTakeFirstOrThrow();
    const top = (JSON.parse(copy.top) as unknown[]).map((v) => (v === 'short' ? String(i).repeat(MB) : v));
    await t.db
      .updateTable('submission_data')
      .set({ top: JSON.stringify(top) })
      .where('submission_id', '=', id)
      .execute();
  }
});
afterAll(() => t.close());

/** The survey's CSV export by the owner with these batch limits, and the size of each batch read. */
async function exportWith(batch: BatchLimits) {
  const owner = await personas(() => t)(demo.owner);
  const member = await t.db
    .selectFrom('organization_members')
    .select('id')
    .where('user_id', '=', owner.userId)
    .where('organization_id', '=', owner.organizationId)
    .executeTakeFirstOrThrow();
  const reader = { organizationId: owner.organizationId, memberId: member.id, userId: owner.userId, roles: ['Organization' as const] };
  const deps = { db: t.db, cache: createSurveyCache(), storage: createStorage(join(t.config.dataDir, 'files')), batch };
  const batches: number[] = [];
  const file = await exportSubmissions(
    deps,
    reader,
    s.id,
    { format: 'csv', headers: 'names', multiple: 'single', dates: 'iso', csvFor: 'excel' },
    (n) => batches.push(n),
  );
  return { file, batches };
}

describe('an export of submissions with very large answers', () => {
  it('reads them in batches cut by bytes, and writes every row whole', async () => {
    const { file, batches } = await exportWith({ rows: 500, bytes: 1.5 * MB });
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    // 1 MB each: the second submission starts under 1.5 MB, the third would not.
    expect(batches).toEqual([2, 2]);
    const [header, ...rows] = await parseCsv(Buffer.concat(chunks).toString('utf8'));
    const comment = header!.indexOf('comment');
    expect(rows.map((r) => r[0])).toEqual(ids);
    expect(rows.map((r) => r[comment])).toEqual(ids.map((_, i) => String(i).repeat(MB)));
  });

  it("reads at most the batch's count when answers are small", async () => {
    const { file, batches } = await exportWith({ rows: 3, bytes: 100 * MB });
    for await (const _ of file.stream);
    expect(batches).toEqual([3, 1]);
  });
});
