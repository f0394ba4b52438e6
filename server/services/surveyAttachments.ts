// The CSV files a survey's pulldata() calls read, from its media: each
// attached .csv parsed into rows keyed by its header, under its instance name (the file name without
// .csv). They travel with the survey model (SurveyModel.attachments): the server's re-validation and the
// fill page, online and offline, read the same rows. Uploads were bounded already (schemas/surveyMedia.ts).
import { parseString } from 'fast-csv';
import type { Kysely } from 'kysely';
import type { SurveyModel } from '../../engine/survey/index';
import { listMedia } from '../db/queries/surveyMedia';
import type { DB } from '../db/schema';
import type { Storage } from '../plugins/storage';

export type Attachments = NonNullable<SurveyModel['attachments']>;

/** RFC 4180 text as rows keyed by the first row's headers; a byte-order mark is dropped. */
export function parseAttachment(text: string): Promise<Record<string, string>[]> {
  return new Promise((done, fail) => {
    const rows: Record<string, string>[] = [];
    parseString<Record<string, string>, Record<string, string>>(text.replace(/^\ufeff/, ''), {
      headers: (h) => h.map((x) => x?.trim()),
      ignoreEmpty: true,
      discardUnmappedColumns: true,
      trim: false,
    })
      .on('error', fail)
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', () => done(rows));
  });
}

const instanceName = (fileName: string): string => fileName.replace(/\.csv$/i, '');

/** The instance names of the survey's CSV files (what pulldata() and search() name), for the publish check. */
export async function attachedCsvFiles(db: Kysely<DB>, organizationId: string, surveyId: string): Promise<string[]> {
  return (await listMedia(db, organizationId, surveyId)).filter((m) => m.kind === 'csv').map((m) => instanceName(m.fileName));
}

export async function loadAttachments(db: Kysely<DB>, storage: Storage, organizationId: string, surveyId: string): Promise<Attachments> {
  const files = (await listMedia(db, organizationId, surveyId)).filter((m) => m.kind === 'csv');
  const out: Record<string, Record<string, string>[]> = {};
  for (const f of files) {
    // A file the server could not parse is left out: pulldata() then names it as not attached.
    out[instanceName(f.fileName)] = await parseAttachment((await storage.get(f.key)).toString('utf8')).catch(() => []);
  }
  return out;
}
