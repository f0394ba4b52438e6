// Media that survey authors attach. An author is as hostile as any uploader: the
// name decides the kind (image, audio, video, csv) and its size limit before the bytes are read; the
// bytes then decide the type (file-type), and a file whose bytes are not of its kind is refused. A CSV
// has no magic number, so it must be UTF-8 text, not markup, within the row, column and cell bounds.
// Files go out through storage.downloadHeaders: attachment, nosniff and a sandboxing CSP.
import type { Kysely } from 'kysely';
import { requireStorage } from './storageQuota';
import { fileTypeFromBuffer } from 'file-type';
import { roleById } from '../../schemas/roles';
import {
  MEDIA_CSV_LIMITS,
  MEDIA_FILE_NAME,
  MEDIA_KINDS,
  MEDIA_PER_SURVEY,
  MEDIA_RULES,
  type MediaRefusal,
  type SurveyMediaKind,
} from '../../schemas/surveyMedia';
import type { Caller } from '../access';
import { findMembership } from '../db/queries/memberships';
import { countMedia, findMedia, listMedia, putMedia, type MediaRow } from '../db/queries/surveyMedia';
import { findSurveyHead, projectExists } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import type { Storage } from '../plugins/storage';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

interface Deps {
  db: Kysely<DB>;
  storage: Storage;
}

const NAME = new RegExp(MEDIA_FILE_NAME, 'u');
// Each refusal carries its reason as data, so the page says it in the reader's language.
const refused = (why: string, data: MediaRefusal) => problem('validation', { errors: [`'File' ${why}`], data });
const harmful = (why: string, data: MediaRefusal) => problem('fileTypeNotAllowed', { errors: [`'File' ${why}`], data });
const MB = 1024 * 1024;
/** A file over its kind's limit (or over the largest limit, when the kind is not known yet). */
export const mediaTooLarge = (maxBytes: number, kind?: SurveyMediaKind) =>
  problem('payloadTooLarge', {
    errors: [
      `'File' must be at most ${maxBytes / MB} MB${kind ? ` for ${kind === 'csv' ? 'a CSV file' : `${kind === 'audio' || kind === 'image' ? 'an' : 'a'} ${kind} file`}` : ''}`,
    ],
    data: { reason: 'tooLarge', max: maxBytes / MB, ...(kind ? { kind } : {}) } satisfies MediaRefusal,
  });

/** The kind a media file name announces, checked before any byte is read; refused when it names none. */
export function mediaKindOf(fileName: string): SurveyMediaKind {
  if (!NAME.test(fileName))
    throw refused('must be a plain file name (letters, digits, spaces, . _ - ( ), at most 100 characters, with an extension)', {
      reason: 'fileName',
    });
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const kind = MEDIA_KINDS.find((k) => MEDIA_RULES[k].extensions.includes(ext));
  if (!kind)
    throw harmful(
      `must be an image (${MEDIA_RULES.image.extensions.join(', ')}), audio (${MEDIA_RULES.audio.extensions.join(', ')}), video (${MEDIA_RULES.video.extensions.join(', ')}) or CSV file`,
      { reason: 'kind' },
    );
  return kind;
}

/** Markup a browser would render as a page, whatever the file is called. */
const MARKUP = /<(?:!doctype|html|svg|script|iframe|object|embed|body|head|\?xml|\?php)\b/i;

function checkCsv(bytes: Buffer): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw harmful('is not a CSV file: its bytes are not UTF-8 text', { reason: 'notText', kind: 'csv' });
  }
  if (text.includes('\u0000')) throw harmful('is not a CSV file: it holds binary data', { reason: 'binary', kind: 'csv' });
  if (MARKUP.test(text.slice(0, 4096))) throw harmful('is not a CSV file: it holds markup', { reason: 'markup', kind: 'csv' });
  let row = 0;
  for (const line of text.split(/\r?\n/)) {
    row++;
    if (row > MEDIA_CSV_LIMITS.rows + 1)
      throw refused(`has more than ${MEDIA_CSV_LIMITS.rows} rows`, { reason: 'rows', max: MEDIA_CSV_LIMITS.rows });
    // Counting separators overcounts quoted commas: a conservative bound, never an undercount.
    const cells = line.split(',');
    if (cells.length > MEDIA_CSV_LIMITS.columns)
      throw refused(`has more than ${MEDIA_CSV_LIMITS.columns} columns (row ${row})`, {
        reason: 'columns',
        max: MEDIA_CSV_LIMITS.columns,
        row,
      });
    if (cells.some((c) => c.length > MEDIA_CSV_LIMITS.cellLength))
      throw refused(`has a cell longer than ${MEDIA_CSV_LIMITS.cellLength} characters (row ${row})`, {
        reason: 'cell',
        max: MEDIA_CSV_LIMITS.cellLength,
        row,
      });
  }
}

/** The type of a media file, by its bytes; refused when the bytes are not of the kind its name says. */
export async function checkMediaBytes(kind: SurveyMediaKind, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw refused('is empty', { reason: 'empty' });
  if (bytes.length > MEDIA_RULES[kind].maxBytes) throw mediaTooLarge(MEDIA_RULES[kind].maxBytes, kind);
  if (kind === 'csv') {
    const sniffed = await fileTypeFromBuffer(bytes);
    if (sniffed) throw harmful(`is not a CSV file: its bytes are ${sniffed.mime}`, { reason: 'notKind', kind });
    checkCsv(bytes);
    return 'text/csv';
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !MEDIA_RULES[kind].types.includes(sniffed.mime))
    throw harmful(
      `is not ${kind === 'audio' || kind === 'image' ? 'an' : 'a'} ${kind} file by its bytes${sniffed ? ` (${sniffed.mime})` : ''}`,
      { reason: 'notKind', kind },
    );
  return sniffed.mime;
}

async function authoredSurvey(db: Kysely<DB>, t: Tenant, surveyId: string) {
  const head = await findSurveyHead(db, surveyId, projectScopeOf(t));
  if (!head) throw problem('notFound');
  return head;
}

/** POST DataCollection/uploadSurveyMedia: stores the file under its name, replacing one of that name. */
export async function uploadMedia(deps: Deps, t: Tenant, f: { surveyId: string; fileName: string; kind: SurveyMediaKind; bytes: Buffer }) {
  await authoredSurvey(deps.db, t, f.surveyId);
  const contentType = await checkMediaBytes(f.kind, f.bytes);
  if (!(await findMedia(deps.db, f.surveyId, f.fileName)) && (await countMedia(deps.db, f.surveyId)) >= MEDIA_PER_SURVEY)
    throw refused(`cannot be added: a survey holds at most ${MEDIA_PER_SURVEY} media files`, { reason: 'full', max: MEDIA_PER_SURVEY });
  const previous = await findMedia(deps.db, f.surveyId, f.fileName);
  // A replaced file frees its own bytes.
  await requireStorage(deps.db, t.organizationId, f.bytes.length - (previous?.size ?? 0));
  const ext = f.fileName.slice(f.fileName.lastIndexOf('.') + 1).toLowerCase();
  const key = deps.storage.newKey(t.organizationId, ext);
  await deps.storage.put(key, f.bytes);
  let replaced: string | undefined;
  try {
    replaced = await deps.db.transaction().execute((trx) =>
      putMedia(trx, {
        organizationId: t.organizationId,
        surveyId: f.surveyId,
        fileName: f.fileName,
        kind: f.kind,
        contentType,
        size: f.bytes.length,
        key,
      }),
    );
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  if (replaced) await deps.storage.remove(replaced).catch(() => undefined);
  return { fileName: f.fileName, kind: f.kind, contentType, size: f.bytes.length };
}

/** GET DataCollection/getSurveyMediaList. */
export async function surveyMediaList(deps: Deps, t: Tenant, surveyId: string) {
  await authoredSurvey(deps.db, t, surveyId);
  return (await listMedia(deps.db, t.organizationId, surveyId)).map(({ fileName, kind, contentType, size }) => ({
    fileName,
    kind,
    contentType,
    size,
  }));
}

/**
 * GET DataCollection/getSurveyMedia/{surveyId}/{fileName}: whoever may open the survey's fill page
 * (a deployed survey: anyone; otherwise the members who may read its project, as GetPreviewData).
 */
export async function surveyMediaFile(deps: Deps, caller: Caller | null, surveyId: string, fileName: string): Promise<MediaRow> {
  const head = await findSurveyHead(deps.db, surveyId);
  if (!head) throw problem('notFound');
  if (head.status !== 1) {
    const member = caller ? await findMembership(deps.db, caller.userId, head.organizationId) : undefined;
    const role = member && !member.organizationDeactivated ? roleById(member.roleId)?.name : undefined;
    const reader = member && role ? { organizationId: head.organizationId, memberId: member.memberId, roles: [role] } : undefined;
    if (!reader || !(await projectExists(deps.db, projectScopeOf(reader), head.projectId))) throw problem('notFound');
  }
  const media = await findMedia(deps.db, surveyId, fileName);
  if (!media) throw problem('notFound');
  return media;
}
