// SubmitSurvey: the rules of spec 001 sections 4, 5 and 8 around one submission. Who may submit (a
// public link, a task link, or a member of the survey's organization), idempotency by the client's id
// (same content: the stored submission again; other content: 409), the survey's state (deployed, not
// expired, single-use link unused), the answers re-validated by the same engine the browser ran, and
// one atomic write; files written to storage are removed again when the write fails.
import { requireStorage } from './storageQuota';
import { open } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { extensionOf, parseSubmission, type AnswerInput, type FormEntry, type SubmissionInput } from '../../engine/survey/index';
import type { Caller } from '../access';
import { findMembership } from '../db/queries/memberships';
import { surveyInProject } from '../db/queries/projectScope';
import {
  findSubmissionByClientId,
  insertFiles,
  insertSubmission,
  submissionContext,
  surveyVersion,
  type NewFile,
  type NewSubmission,
  type SubmissionContext,
} from '../db/queries/submissions';
import type { DB } from '../db/schema';
import { nulFormFields } from '../hostileInput';
import { staged, type Storage } from '../plugins/storage';
import { uploadLimit, type ReceivedFile, type UploadLimit } from '../plugins/submissionBody';
import { problem } from '../problems';
import { checkAnswers } from './answerCheck';
import { compactOf, numbersFor } from './compactCopy';
import { toAnswerRow } from './answerRows';
import { contentHash } from './contentHash';
import type { CachedSurvey, SurveyCache } from './surveyCache';
import type { DeliveryQueue } from './webhooks';
import { fillsInPerson, linkOpens } from './surveyLinks';
import { taskAfterSubmission, taskAllowsSubmission } from './taskAccess';

export interface SubmitDeps {
  db: Kysely<DB>;
  storage: Storage;
  cache: SurveyCache;
  now?: () => Date;
  /** Sends the webhook deliveries a stored submission wrote (services/webhooks.ts). */
  webhooks?: DeliveryQueue | undefined;
}

export type { ReceivedFile };

export interface StoredSubmission {
  id: string;
  clientId: string;
  surveyId: string;
  submittedAt: string;
  /** Answers stored (repeat counters included). */
  answerCount: number;
}

// What file-type recognizes that runs when opened: programs, installers, packages, applets.
const EXECUTABLES = new Set([
  'exe',
  'elf',
  'macho',
  'dmg',
  'deb',
  'rpm',
  'apk',
  'cab',
  'msi',
  'class',
  'jar',
  'swf',
  'wasm',
  'lnk',
  'chm',
  'xpi',
  'crx',
]);
/** Markup a browser renders as a page (and runs its scripts), whatever the file is called. */
const MARKUP = /^(?:\ufeff)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|svg|script|head|body|iframe|\?php)\b/i;

interface Upload extends ReceivedFile {
  type: string;
  extension: string;
  blocked: boolean;
}

function isMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.subarray(0, 1024).toString('utf8'));
}

/** The first kilobyte of a received file, wherever it is kept. */
async function headOf(f: ReceivedFile): Promise<Buffer> {
  if ('bytes' in f.content) return f.content.bytes;
  const handle = await open(f.content.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function inspect(f: ReceivedFile): Promise<Upload> {
  const sniffed = 'bytes' in f.content ? await fileTypeFromBuffer(f.content.bytes) : await fileTypeFromFile(f.content.path);
  // The bytes decide the type; a declared image, audio or video type that the bytes do not confirm is not
  // trusted (photographs, and the audio and video variants of a file question, take only their media kind).
  const declared = f.declaredType && !/^(image|audio|video)\//.test(f.declaredType) ? f.declaredType : 'application/octet-stream';
  return {
    ...f,
    type: sniffed?.mime ?? declared,
    extension:
      sniffed?.ext ??
      extensionOf(f.fileName)
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10),
    // The bytes decide: an executable or a page is refused under any name (a photo's type is checked
    // against the sniffed type by the engine's rule, so text called .png is not an image either).
    blocked: (sniffed !== undefined && EXECUTABLES.has(sniffed.ext)) || isMarkup(await headOf(f)),
  };
}

/** An ODK device's app user (services/appUsers.ts): it may fill the surveys of its project. */
export interface DeviceClaim {
  organizationId: string;
  projectId: string;
  /** The survey the caller has already found among the device's forms (services/openrosa.ts deviceForm). */
  checkedSurveyId?: string;
}

async function mayUse(
  db: Kysely<DB>,
  ctx: SubmissionContext,
  s: SubmissionInput,
  caller: Caller | null,
  device: DeviceClaim | undefined,
): Promise<boolean> {
  if (
    device !== undefined &&
    !(
      ctx.organizationId === device.organizationId &&
      (device.checkedSurveyId === ctx.surveyId || (await surveyInProject(db, device, ctx.surveyId)))
    )
  )
    return false;
  // A task id is a claim to be checked whatever else came with it: it is stored with the submission.
  if (s.taskId !== null || s.messageReceiverId !== null) {
    // A retry of a stored submission finds its task already Completed: the repeat is still answered.
    return taskAllowsSubmission(db, {
      organizationId: ctx.organizationId,
      surveyId: ctx.surveyId,
      taskId: s.taskId,
      messageReceiverId: s.messageReceiverId,
      caller,
      retry: ctx.existing !== null,
    });
  }
  if (device !== undefined) return true;
  if (linkOpens(ctx, s.linkUuid)) return true;
  return caller !== null && fillsInPerson(db, await findMembership(db, caller.userId, ctx.organizationId), ctx);
}

type Result = { submission: StoredSubmission; duplicate: boolean };

/** What a submission of this survey may carry: one file per file or image question, more inside repeats. */
export async function uploadLimitOf(deps: SubmitDeps, surveyId: string): Promise<UploadLimit> {
  const at = await surveyVersion(deps.db, surveyId);
  const survey = at && (await deps.cache.get(deps.db, at.organizationId, surveyId, at.version));
  if (!survey) return uploadLimit(0);
  let files = 0;
  for (const node of survey.bindings.nodes) {
    if (node.kind === 'field' && (node.type === 106 || node.type === 110)) files += node.repeats.length ? Number.POSITIVE_INFINITY : 1;
  }
  return uploadLimit(files);
}

export async function submitSurvey(
  deps: SubmitDeps,
  input: { entries: FormEntry[]; files: ReceivedFile[]; caller: Caller | null; device?: DeviceClaim },
): Promise<Result> {
  // PostgreSQL text cannot hold U+0000: refused here, naming the field, not by the insert as a 500.
  const nul = nulFormFields(input.entries, input.files);
  if (nul.length > 0) throw problem('validation', { errors: nul });
  const parsed = parseSubmission(input.entries);
  if ('errors' in parsed) throw problem('validation', { errors: parsed.errors });
  const s = parsed.submission;
  const uploads = input.files.length ? await Promise.all(input.files.map(inspect)) : [];
  const hash = contentHash(input.entries, new Map(uploads.map((u) => [u.field, u.sha256])));
  const now = deps.now?.() ?? new Date();
  return (
    (await quickly(deps, s, uploads, hash, now, input.caller, input.device)) ??
    carefully(deps, s, uploads, hash, now, input.caller, input.device)
  );
}

/**
 * The usual case in one statement: a survey compiled before, opened through a reusable public link
 * or sent by an ODK device of its project, without files. The write itself checks that the survey is
 * still that version, open, unexpired (and in the device's project); anything else (a retry, a
 * refusal, a change) goes the careful way, which explains it.
 */
async function quickly(
  deps: SubmitDeps,
  s: SubmissionInput,
  uploads: readonly Upload[],
  hash: string,
  now: Date,
  caller: Caller | null,
  device: DeviceClaim | undefined,
): Promise<Result | undefined> {
  const survey = deps.cache.latest(s.surveyId);
  // Tasks go the careful way: the write's guard knows links and projects, not tasks.
  const noTask = s.taskId === null && s.messageReceiverId === null;
  const way = device ? s.linkUuid === null && survey?.organizationId === device.organizationId : s.linkUuid !== null;
  if (!survey || uploads.length > 0 || !noTask || !way) return undefined;
  // Filled against another version (offline since): the careful way finds that version.
  if (s.surveyVersion != null && s.surveyVersion !== survey.version) return undefined;
  let answers: AnswerInput[];
  try {
    answers = await checkAnswers(survey, s, uploads, now, survey.bindings.baseLanguageId);
  } catch {
    return undefined;
  }
  const { record } = await recordOf(deps, survey, s, answers, [], hash, caller, false);
  const stored = await insertSubmission(deps.db, record, { version: survey.version, link: s.linkUuid, project: device?.projectId ?? null });
  if (!stored) return undefined;
  await deps.webhooks?.send(stored.deliveries);
  return storedResult(survey.model.id, s, stored, record.answers.length);
}

async function carefully(
  deps: SubmitDeps,
  s: SubmissionInput,
  uploads: readonly Upload[],
  hash: string,
  now: Date,
  caller: Caller | null,
  device?: DeviceClaim,
): Promise<Result> {
  const ctx = await submissionContext(deps.db, s.surveyId, s.id, s.linkUuid);
  if (!ctx || !(await mayUse(deps.db, ctx, s, caller, device))) throw problem('notFound');
  if (ctx.existing) return afterTask(deps, ctx, s, now, await repeatOf(deps, ctx, ctx.existing.contentHash, hash, s));
  if (ctx.status !== 1) throw problem('surveyNotOpen');
  if (ctx.endDate !== null && ctx.endDate.getTime() < now.getTime()) throw problem('surveyExpired');
  const singleUseLink = s.linkUuid !== null && s.linkUuid !== 'multiple-link' && !ctx.multipleLink;
  if (singleUseLink && ctx.linkUsed) throw problem('alreadySubmitted');

  const survey = await versionFilled(deps, ctx, s.surveyVersion ?? null);
  if (!survey) throw problem('notFound');
  const answers = await checkAnswers(survey, s, uploads, now, ctx.defaultLanguageId);
  const { record, used } = await recordOf(deps, survey, s, answers, uploads, hash, caller, singleUseLink);

  let stored: { id: string; submittedAt: Date; deliveries: string[] } | undefined;
  try {
    if (used.length === 0) stored = await insertSubmission(deps.db, record);
    else {
      stored = await deps.db.transaction().execute((trx) =>
        staged(deps.storage, async (put) => {
          const row = await insertSubmission(trx, record);
          if (!row) return undefined;
          const files: NewFile[] = [];
          for (const { u, itemId, repeatPath } of used) {
            await put(u.key, 'bytes' in u.content ? u.content.bytes : u.content);
            files.push({
              organizationId: ctx.organizationId,
              submissionId: row.id,
              itemId,
              repeatPath,
              storageKey: u.key,
              fileName: u.fileName.slice(0, 255) || 'file',
              contentType: u.type,
              size: u.size,
              sha256: u.sha256,
            });
          }
          await requireStorage(
            trx,
            ctx.organizationId,
            files.reduce((n, f) => n + f.size, 0),
          );
          await insertFiles(trx, files);
          return row;
        }),
      );
    }
  } catch (err) {
    if ((err as { constraint?: string }).constraint === 'submissions_link_once') {
      const same = await findSubmissionByClientId(deps.db, ctx.organizationId, s.id);
      if (same) return repeatOf(deps, ctx, same.contentHash, hash, s);
      throw problem('alreadySubmitted');
    }
    throw err;
  }
  if (!stored) {
    // Another request with this id won the race between our check and our write.
    const same = await findSubmissionByClientId(deps.db, ctx.organizationId, s.id);
    if (!same) throw problem('internal');
    return repeatOf(deps, ctx, same.contentHash, hash, s);
  }
  await deps.webhooks?.send(stored.deliveries);
  return afterTask(deps, ctx, s, now, storedResult(ctx.surveyId, s, stored, record.answers.length));
}

/** A submission through a task completes it; through a receiver's link, marks the receiver answered. */
async function afterTask(deps: SubmitDeps, ctx: SubmissionContext, s: SubmissionInput, now: Date, result: Result): Promise<Result> {
  if (s.taskId !== null || s.messageReceiverId !== null) {
    await taskAfterSubmission(
      deps.db,
      { organizationId: ctx.organizationId, surveyId: ctx.surveyId, taskId: s.taskId, messageReceiverId: s.messageReceiverId },
      now,
    );
  }
  return result;
}

/**
 * The survey as the respondent saw it: the version they name when it was kept (published, then
 * changed), else the current one (old clients send none; a version never published was never filled).
 */
async function versionFilled(deps: SubmitDeps, ctx: SubmissionContext, version: number | null): Promise<CachedSurvey | undefined> {
  if (version !== null && version !== ctx.version) {
    const kept = await deps.cache.kept(deps.db, ctx.surveyId, version);
    if (kept && kept.organizationId === ctx.organizationId) return kept;
  }
  return deps.cache.get(deps.db, ctx.organizationId, ctx.surveyId, ctx.version);
}

function storedResult(surveyId: string, s: SubmissionInput, stored: { id: string; submittedAt: Date }, answerCount: number): Result {
  return {
    duplicate: false,
    submission: { id: stored.id, clientId: s.id, surveyId, submittedAt: stored.submittedAt.toISOString(), answerCount },
  };
}

/** The rows to write: answers by value column with their compact copy, files under fresh storage keys. */
async function recordOf(
  deps: SubmitDeps,
  survey: CachedSurvey,
  s: SubmissionInput,
  answers: readonly AnswerInput[],
  uploads: readonly Upload[],
  hash: string,
  caller: Caller | null,
  singleUseLink: boolean,
) {
  const keyOf = new Map<string, Upload & { key: string }>();
  for (const u of uploads) keyOf.set(`upload:${u.field}`, { ...u, key: deps.storage.newKey(survey.organizationId, u.extension) });
  const rows = answers.map((a) => toAnswerRow(a, (uri) => keyOf.get(uri)?.key));
  // Numbered once per survey version and then known in memory: no round trip on the usual path.
  const copy = compactOf(rows, await numbersFor(deps.db, survey.organizationId, survey.bindings, rows));
  const used = answers.flatMap((a) => {
    const u = keyOf.get(fileUri(a) ?? '');
    return u ? [{ u, itemId: a.questionId, repeatPath: a.answerDetail.repeatGroup ?? '' }] : [];
  });
  const record: NewSubmission = {
    organizationId: survey.organizationId,
    surveyId: survey.model.id,
    clientId: s.id,
    contentHash: hash,
    dataCollectionType: s.dataCollectionType,
    isAnonymous: s.isAnonymous || caller === null,
    submitterId: caller?.userId ?? null,
    taskId: s.taskId,
    receiverId: s.messageReceiverId,
    linkUuid: s.linkUuid,
    singleUseLink,
    languageId: survey.model.surveyLanguageMaps.some((l) => l.languageId === s.languageId) ? s.languageId : null,
    startedAt: s.startTime === null ? null : new Date(s.startTime),
    latitude: s.geolocation?.latitude ?? null,
    longitude: s.geolocation?.longitude ?? null,
    surveyVersion: survey.version,
    answers: rows,
    copy,
  };
  return { record, used };
}

/** The file an answer of an image or file question refers to: a new upload's uri or a stored path. */
function fileUri(a: AnswerInput): string | undefined {
  return a.answerDetail.answerFiles?.[0]?.uri ?? a.answerDetail.filePaths?.[0]?.filePath;
}

async function repeatOf(
  deps: SubmitDeps,
  ctx: SubmissionContext,
  storedHash: string,
  hash: string,
  s: SubmissionInput,
): Promise<{ submission: StoredSubmission; duplicate: boolean }> {
  if (storedHash !== hash) throw problem('submissionConflict');
  const found = await findSubmissionByClientId(deps.db, ctx.organizationId, s.id);
  if (!found) throw problem('internal');
  return {
    duplicate: true,
    submission: {
      id: found.id,
      clientId: s.id,
      surveyId: found.surveyId,
      submittedAt: found.submittedAt.toISOString(),
      answerCount: found.answerCount,
    },
  };
}
