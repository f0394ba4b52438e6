// The media of a survey (migration 0009): one row per file name, the bytes in storage.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { SurveyMediaKind } from '../../../schemas/surveyMedia';

type Q = Kysely<DB>;

export interface MediaRow {
  fileName: string;
  kind: SurveyMediaKind;
  contentType: string;
  size: number;
  key: string;
}

const columns = ['file_name', 'kind', 'content_type', 'size_bytes', 'storage_key'] as const;
const toRow = (r: {
  file_name: string;
  kind: SurveyMediaKind;
  content_type: string;
  size_bytes: number;
  storage_key: string;
}): MediaRow => ({
  fileName: r.file_name,
  kind: r.kind,
  contentType: r.content_type,
  size: r.size_bytes,
  key: r.storage_key,
});

export async function findMedia(q: Q, surveyId: string, fileName: string): Promise<MediaRow | undefined> {
  const r = await q
    .selectFrom('survey_media')
    .select(columns)
    .where('survey_id', '=', surveyId)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return r && toRow(r);
}

export async function listMedia(q: Q, organizationId: string, surveyId: string): Promise<MediaRow[]> {
  const rows = await q
    .selectFrom('survey_media')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .orderBy('file_name')
    .execute();
  return rows.map(toRow);
}

export async function countMedia(q: Q, surveyId: string): Promise<number> {
  const r = await q
    .selectFrom('survey_media')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Stores a file's row, replacing one of the same name; returns the key it replaced, if any. */
export async function putMedia(q: Q, m: { organizationId: string; surveyId: string } & MediaRow): Promise<string | undefined> {
  const old = await q
    .deleteFrom('survey_media')
    .where('survey_id', '=', m.surveyId)
    .where('file_name', '=', m.fileName)
    .returning('storage_key')
    .executeTakeFirst();
  await q
    .insertInto('survey_media')
    .values({
      organization_id: m.organizationId,
      survey_id: m.surveyId,
      file_name: m.fileName,
      kind: m.kind,
      content_type: m.contentType,
      size_bytes: m.size,
      storage_key: m.key,
    })
    .execute();
  return old?.storage_key;
}
