// Stored files go with their rows: a row that goes by cascade (a submission's files, a purged survey's
// media) is noted by a trigger, and the daily purge then removes those files from storage (the disk, or
// the bucket in the api-s3 project), while the files of what is kept stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { purgeExpired } from '../../server/db/queries/recycleBin';
import { purgeRemovedFiles } from '../../server/services/removedFiles';
import { createTestApp, type TestApp } from '../support/app';
import { PNG } from '../support/files';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

const photo = `data:image/png;name=p.png;base64,${PNG.toString('base64')}`;

let t: TestApp;
let kept: TestSurvey;
let binned: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  kept = await createSurvey(t, [q.image('photo')]);
  binned = await createSurvey(t, [q.image('photo')]);
});
afterAll(() => t.close());

const keysOf = async (s: TestSurvey) =>
  (
    await t.db
      .selectFrom('submission_files as f')
      .innerJoin('submissions as s', 's.id', 'f.submission_id')
      .select('f.storage_key')
      .where('s.survey_id', '=', s.id)
      .execute()
  ).map((r) => r.storage_key);

describe('the purge of the recycle bin', () => {
  it('removes the files of rows that went and keeps the others', async () => {
    expect((await submit(t, kept, { photo })).status).toBe(200);
    expect((await submit(t, binned, { photo })).status).toBe(200);
    const [keptKey] = await keysOf(kept);
    const [goneKey] = await keysOf(binned);
    expect(await t.app.storage.get(goneKey!)).toEqual(PNG);
    const media = t.app.storage.newKey(binned.organizationId, 'csv');
    await t.app.storage.put(media, Buffer.from('name\n'));
    await t.db
      .insertInto('survey_media')
      .values({
        organization_id: binned.organizationId,
        survey_id: binned.id,
        file_name: 'a.csv',
        kind: 'csv',
        content_type: 'text/csv',
        size_bytes: 5,
        storage_key: media,
      })
      .execute();

    // The rows go by cascade from their submissions, which no service sees (a survey's purge takes them
    // the same way).
    await t.db.deleteFrom('submissions').where('survey_id', '=', binned.id).execute();
    await t.db
      .updateTable('surveys')
      .set({ deleted_at: new Date(Date.now() - 61 * 86_400_000) })
      .where('id', '=', binned.id)
      .execute();
    expect((await purgeExpired(t.db)).surveys).toBeGreaterThanOrEqual(1);
    expect(await purgeRemovedFiles(t.db, t.app.storage)).toBeGreaterThanOrEqual(1);

    await expect(t.app.storage.get(goneKey!)).rejects.toMatchObject({ code: 'notFound' });
    await expect(t.app.storage.get(media)).rejects.toMatchObject({ code: 'notFound' });
    expect(await t.app.storage.get(keptKey!)).toEqual(PNG);
    // Done once: nothing is left to remove.
    expect(await t.db.selectFrom('removed_files').selectAll().execute()).toEqual([]);
  });

  it('never removes a file a row still names', async () => {
    expect((await submit(t, kept, { photo })).status).toBe(200);
    const keys = await keysOf(kept);
    await t.db.insertInto('removed_files').values({ storage_key: keys[0]! }).execute();
    await purgeRemovedFiles(t.db, t.app.storage);
    expect(await t.app.storage.get(keys[0]!)).toEqual(PNG);
    expect(await t.db.selectFrom('removed_files').selectAll().execute()).toEqual([]);
  });
});

describe('a stored file', () => {
  it('downloads byte for byte, and one missing from storage is a 404, not a 500', async () => {
    expect((await submit(t, kept, { photo })).status).toBe(200);
    const file = await t.db
      .selectFrom('submission_files as f')
      .innerJoin('submissions as s', 's.id', 'f.submission_id')
      .select(['f.id', 'f.storage_key'])
      .where('s.survey_id', '=', kept.id)
      .orderBy('f.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const session = await personas(() => t)(demo.owner);
    const download = () => t.call('GET', `/api/DataCollection/getSubmissionFile/${file.id}`, { session });
    const found = await download();
    expect(found.status).toBe(200);
    expect(found.res.rawPayload).toEqual(PNG);
    await t.app.storage.remove(file.storage_key);
    const lost = await download();
    expect(lost.status).toBe(404);
    expect(lost.body.code).toBe('notFound');
  });
});
