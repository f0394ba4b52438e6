// Survey data: the data table's listing, one submission, its review and corrections, and its
// audit trail. Who reaches what (docs/decisions/0037-survey-data-roles-review-and-filters.md): the survey must lie in the
// caller's projects (project roles) and organization, a DataCollector reaches only what they submitted,
// and everything else answers 404 like another tenant's data.
import type { Kysely } from 'kysely';
import {
  QUESTION_TYPES,
  cellOf,
  dataColumns,
  parseAnswerFilter,
  type AnswerFilter,
  type Bindings,
  type CellOptions,
  type CellValue,
  type FieldNode,
  type StoredValue,
} from '../../engine/survey/index';
import { hasAnyRole, roleNames, type RoleName } from '../../schemas/roles';
import { OWN_DATA_ONLY_ROLES, type BulkReviewBody, type ReviewBody } from '../../schemas/submissions';
import {
  answersOf,
  auditOf,
  filesOf,
  findFile,
  findSubmissionHead,
  countSubmissionsWhere,
  pageOfSubmissions,
  setReview,
  submissionsInScope,
  upsertAnswer,
  writeAudit,
  type AuditEntryInput,
  type DataFilter,
  type DataSort,
  type SortField,
  type StoredAnswerRow,
  type SubmissionHeadRow,
} from '../db/queries/submissionData';
import { compactTops, dataColumnsOf } from '../db/queries/submissionCopies';
import { findSurveyHead, type SurveyHead } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { fromAnswerRows } from './answerRows';
import { rewriteCompactCopy, storedOfCompact } from './compactCopy';
import { projectScopeOf } from './projectScope';
import type { CachedSurvey, SurveyCache } from './surveyCache';
import { queueEvent, type DeliveryQueue } from './webhooks';

export interface DataDeps {
  db: Kysely<DB>;
  cache: SurveyCache;
  /** Sends the webhook deliveries of corrections and reviews (services/webhooks.ts). */
  webhooks?: DeliveryQueue | undefined;
}

/** The caller on a survey data route (tenantOf). */
export interface DataReader {
  organizationId: string;
  memberId: string;
  userId: string;
  roles: readonly RoleName[];
}

const OTHER_ROLES = roleNames.filter((r) => !(OWN_DATA_ONLY_ROLES as readonly string[]).includes(r));

/** A DataCollector (and no other role) sees only their own submissions. */
export const ownerOf = (r: DataReader): string | undefined => (hasAnyRole(r.roles, OTHER_ROLES) ? undefined : r.userId);

/** The survey, when it lies in the caller's projects; not found otherwise. */
export async function readableSurvey(
  deps: DataDeps,
  reader: DataReader,
  surveyId: string,
): Promise<{ head: SurveyHead; survey: CachedSurvey }> {
  const head = await findSurveyHead(deps.db, surveyId, projectScopeOf(reader));
  if (!head) throw problem('notFound');
  const survey = await deps.cache.get(deps.db, head.organizationId, head.id, head.version);
  if (!survey) throw problem('notFound');
  return { head, survey };
}

/** The filters of the table and the export, as the query names them. */
export interface FilterQuery {
  Search?: string | undefined;
  From?: string | undefined;
  To?: string | undefined;
  CollectorId?: string | undefined;
  TaskId?: string | undefined;
  ReviewStatus?: number[] | undefined;
  Filter?: string[] | undefined;
  Sort?: string | undefined;
}

export function dataFilterOf(reader: DataReader, surveyId: string, b: Bindings, q: FilterQuery): DataFilter {
  const answers: AnswerFilter[] = [];
  const errors: string[] = [];
  (q.Filter ?? []).forEach((source, i) => {
    const f = parseAnswerFilter(b, source);
    if (typeof f === 'string') errors.push(`'Filter[${i}]': ${f}`);
    else answers.push(f);
  });
  if (q.From && q.To && q.From > q.To) errors.push("'To' must not be before 'From'");
  if (errors.length) throw problem('validation', { errors });
  return {
    organizationId: reader.organizationId,
    surveyId,
    ownerId: ownerOf(reader),
    collectorId: q.CollectorId,
    taskId: q.TaskId,
    from: q.From,
    to: q.To,
    reviewStatuses: q.ReviewStatus,
    search: q.Search,
    answers,
  };
}

const COLUMN_OF_SLOT = {
  number: 'number',
  counter: 'number',
  text: 'text',
  answerFiles: 'text',
  choices: 'choices',
  questionChoice: 'bool',
} as const;

export function dataSortOf(b: Bindings, sort: string | undefined): DataSort {
  if (!sort) return { field: 'submittedAt', desc: true };
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  if (!key.startsWith('q:')) return { field: key as SortField, desc };
  const node = b.byName.get(key.slice(2));
  const slot = node?.kind === 'field' ? QUESTION_TYPES[node.type].slot : undefined;
  const column =
    node?.type === 100 ? 'text' : slot && slot in COLUMN_OF_SLOT ? COLUMN_OF_SLOT[slot as keyof typeof COLUMN_OF_SLOT] : undefined;
  if (!node || !column) throw problem('validation', { errors: [`'Sort': the answers of '${key.slice(2)}' cannot be sorted`] });
  return { field: { itemId: node.id, column }, desc };
}

const storedOf = (r: StoredAnswerRow): StoredValue => ({
  text: r.text,
  number: r.number,
  bool: r.bool,
  choices: r.choices,
  detail: r.detail,
});

/** A submission's head as the API shows it. */
function headOut(h: SubmissionHeadRow) {
  const duration = h.startedAt ? Math.max(0, Math.round((h.submittedAt.getTime() - h.startedAt.getTime()) / 1000)) : null;
  return {
    id: h.id,
    surveyId: h.surveyId,
    submittedAt: h.submittedAt.toISOString(),
    startedAt: h.startedAt?.toISOString() ?? null,
    durationSeconds: duration,
    submitterId: h.submitterId,
    submitterName: h.submitterName,
    taskId: h.taskId,
    latitude: h.latitude,
    longitude: h.longitude,
    reviewStatus: h.reviewStatus,
    reviewComment: h.reviewComment,
    reviewedAt: h.reviewedAt?.toISOString() ?? null,
    reviewerName: h.reviewerName,
    surveyVersion: h.surveyVersion,
    languageId: h.languageId,
    isAnonymous: h.isAnonymous,
  };
}

export interface ListQuery extends FilterQuery {
  SurveyId: string;
  Page?: number | undefined;
  PageSize?: number | undefined;
  Headers?: 'labels' | 'names' | undefined;
  LanguageId?: number | undefined;
}

/** GET DataCollection/getSubmissions: a page of the table, one cell per top-level question. */
export async function listSubmissions(deps: DataDeps, reader: DataReader, q: ListQuery) {
  const { survey } = await readableSurvey(deps, reader, q.SurveyId);
  const b = survey.bindings;
  const filter = dataFilterOf(reader, q.SurveyId, b, q);
  const sort = dataSortOf(b, q.Sort);
  const page = q.Page ?? 1;
  const size = q.PageSize ?? 50;
  const [totalSize, heads] = [
    await countSubmissionsWhere(deps.db, filter),
    await pageOfSubmissions(deps.db, filter, sort, { offset: (page - 1) * size, limit: size }),
  ];
  // The page's cells come from the compact copies: one row per submission rather than one per answer.
  const [tops, numbers] = await Promise.all([
    compactTops(
      deps.db,
      reader.organizationId,
      heads.map((h) => h.id),
    ),
    dataColumnsOf(deps.db, q.SurveyId),
  ]);
  const keys = new Map([...numbers].map(([k, n]) => [n, k]));
  const keyOf = (n: number) => keys.get(n);
  const opts: CellOptions = { headers: q.Headers ?? 'names', languageId: q.LanguageId, multiple: 'single' };
  const columns = dataColumns(b, null, opts);
  return {
    totalSize,
    submissions: heads.map((h) => {
      const top = tops.get(h.id);
      const values = top ? (JSON.parse(top) as unknown[]) : [];
      const cells: Record<string, CellValue> = {};
      for (const c of columns) {
        const n = numbers.get(c.node.id);
        const v = n === undefined ? undefined : storedOfCompact(values[n - 1], keyOf);
        if (v) cells[c.key] = cellOf(b, c, v, opts);
      }
      return { ...headOut(h), answers: cells };
    }),
  };
}

export function groupAnswers(rows: readonly StoredAnswerRow[]): Map<string, Map<string, StoredAnswerRow>> {
  const out = new Map<string, Map<string, StoredAnswerRow>>();
  for (const r of rows) {
    let m = out.get(r.submissionId);
    if (!m) out.set(r.submissionId, (m = new Map()));
    m.set(`${r.itemId}|${r.repeatPath}`, r);
  }
  return out;
}

export interface RepeatQuery extends ListQuery {
  Repeat: string;
}

/**
 * GET DataCollection/getRepeatRows: the instances of one repeat group, for a page of the submissions
 * the filters select (the same page as the table's), each linked by submission id, its index (the
 * repeat path) and its parent's index.
 */
export async function repeatRows(deps: DataDeps, reader: DataReader, q: RepeatQuery) {
  const { survey } = await readableSurvey(deps, reader, q.SurveyId);
  const b = survey.bindings;
  const group = b.byName.get(q.Repeat);
  if (!group || group.kind !== 'section' || !group.repeat)
    throw problem('validation', { errors: [`'Repeat': no repeat group named '${q.Repeat}'`] });
  const filter = dataFilterOf(reader, q.SurveyId, b, q);
  const page = q.Page ?? 1;
  const size = q.PageSize ?? 50;
  const [totalSize, heads] = [
    await countSubmissionsWhere(deps.db, filter),
    await pageOfSubmissions(deps.db, filter, dataSortOf(b, q.Sort), { offset: (page - 1) * size, limit: size }),
  ];
  const opts: CellOptions = { headers: q.Headers ?? 'names', languageId: q.LanguageId, multiple: 'single' };
  const columns = dataColumns(b, group.name, opts);
  const ids = new Set(columns.map((c) => c.node.id));
  const bySubmission = groupAnswers(
    await answersOf(
      deps.db,
      reader.organizationId,
      heads.map((h) => h.id),
      false,
    ),
  );
  const rows: {
    submissionId: string;
    submittedAt: string;
    index: string;
    parentIndex: string | null;
    answers: Record<string, CellValue>;
  }[] = [];
  for (const h of heads) {
    const mine = bySubmission.get(h.id);
    const paths = [...new Set([...(mine?.values() ?? [])].filter((v) => ids.has(v.itemId)).map((v) => v.repeatPath))].sort((x, y) =>
      x.localeCompare(y, 'en', { numeric: true }),
    );
    for (const path of paths) {
      const cells: Record<string, CellValue> = {};
      for (const c of columns) {
        const v = mine?.get(`${c.node.id}|${path}`);
        if (v) cells[c.key] = cellOf(b, c, storedOf(v), opts);
      }
      const cut = path.lastIndexOf('.');
      rows.push({
        submissionId: h.id,
        submittedAt: h.submittedAt.toISOString(),
        index: path,
        parentIndex: cut < 0 ? null : path.slice(0, cut),
        answers: cells,
      });
    }
  }
  return { totalSize, columns: columns.map((c) => ({ key: c.key, header: c.header })), rows };
}

/** A submission the caller reaches, with the survey it belongs to (the version it was filled in when kept). */
async function reachableSubmission(deps: DataDeps, reader: DataReader, id: string) {
  const head = await findSubmissionHead(deps.db, { organizationId: reader.organizationId, ownerId: ownerOf(reader) }, id);
  if (!head) throw problem('notFound');
  const { head: surveyHead, survey } = await readableSurvey(deps, reader, head.surveyId);
  const kept =
    head.surveyVersion && head.surveyVersion !== surveyHead.version
      ? await deps.cache.kept(deps.db, head.surveyId, head.surveyVersion)
      : undefined;
  return { head, surveyHead, current: survey, asFilled: kept && kept.organizationId === reader.organizationId ? kept : survey };
}

/** GET DataCollection/getSubmissionById/{id}: the head, the answers as the fill page reads them, the files. */
export async function submissionById(deps: DataDeps, reader: DataReader, id: string) {
  const { head, asFilled } = await reachableSubmission(deps, reader, id);
  const rows = await answersOf(deps.db, reader.organizationId, [id], false);
  const files = await filesOf(deps.db, reader.organizationId, [id]);
  const answers = fromAnswerRows(
    rows.map((r) => ({ ...r, questionType: asFilled.bindings.byId.get(r.itemId)?.type ?? 0 })),
    asFilled.bindings,
    { surveyId: head.surveyId, userId: head.submitterId },
  );
  return {
    ...headOut(head),
    surveyName: asFilled.model.name,
    filledVersion: asFilled.version,
    answers,
    // The storage key is what the file answer holds (the renderer asks for a file by it).
    files: files.map((f) => ({
      id: f.id,
      questionId: f.item_id,
      repeatPath: f.repeat_path,
      fileName: f.file_name,
      contentType: f.content_type,
      size: f.size_bytes,
      storageKey: f.storage_key,
    })),
  };
}

/** A stored file of a submission the caller reaches. */
export async function submissionFile(deps: DataDeps, reader: DataReader, fileId: string, surveyId?: string) {
  const file = await findFile(deps.db, reader.organizationId, fileId);
  if (!file) throw problem('notFound');
  const { head } = await reachableSubmission(deps, reader, file.submission_id);
  // A feed token opens its own survey's files only.
  if (surveyId !== undefined && head.surveyId !== surveyId) throw problem('notFound');
  return { key: file.storage_key, fileName: file.file_name, contentType: file.content_type };
}

const TEXT_FORMATS: Partial<Record<number, RegExp>> = {
  37: /^\d{4}-\d{2}(-\d{2})?$/,
  38: /^\d{2}:\d{2}(:\d{2})?$/,
  104: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/,
  100: /^\+?[0-9][0-9 ]{2,19}$/,
};

type Correction = NonNullable<ReviewBody['corrections']>[number];

/** A correction as the answers table stores it; a string is why it cannot be applied. */
function answerWriteOf(node: FieldNode, c: Correction) {
  const v = c.value;
  const base = {
    itemId: node.id,
    questionType: node.type,
    repeatPath: c.repeatPath ?? '',
    text: null,
    number: null,
    bool: null,
    choices: null,
  };
  const slot = QUESTION_TYPES[node.type].slot;
  if (QUESTION_TYPES[node.type].source !== 'input') return `'${node.name}' is not answered by the respondent and cannot be corrected`;
  if (node.type === 100 || slot === 'text') {
    if (typeof v !== 'string') return `'${node.name}' takes a text`;
    const format = TEXT_FORMATS[node.type];
    if (format && !format.test(v)) return `'${v}' is not a valid answer to '${node.name}'`;
    return { ...base, text: v };
  }
  if (slot === 'number') {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `'${node.name}' takes a number`;
    if (node.type === 35 && !Number.isInteger(v)) return `'${node.name}' takes a whole number`;
    return { ...base, number: v };
  }
  if (slot === 'questionChoice') return typeof v === 'boolean' ? { ...base, bool: v } : `'${node.name}' takes true or false`;
  if (slot === 'choices') {
    if (!Array.isArray(v)) return `'${node.name}' takes a list of choice names`;
    const ids: string[] = [];
    for (const name of v) {
      const found = node.choices.find((ch) => ch.name === name);
      if (!found) return `'${name}' is not a choice of '${node.name}'`;
      if (!ids.includes(found.id)) ids.push(found.id);
    }
    if (node.type === 32 && ids.length !== 1) return `'${node.name}' takes exactly one choice`;
    if (node.maxChoices !== null && ids.length > node.maxChoices) return `'${node.name}' takes at most ${node.maxChoices} choices`;
    return { ...base, choices: ids };
  }
  return `answers of '${node.name}' cannot be corrected here`;
}

/** An answer's value for the audit trail: the names a person reads, not ids. */
function auditValue(b: Bindings, node: FieldNode, v: StoredValue | undefined): CellValue {
  return cellOf(b, { key: node.name, header: node.name, node }, v, { headers: 'names', multiple: 'single' });
}

/** POST DataCollection/reviewSubmission: a review status with a comment, corrections, or both; all audited. */
export async function reviewSubmission(deps: DataDeps, reader: DataReader, body: ReviewBody) {
  if (body.status === undefined && !body.corrections?.length)
    throw problem('validation', { errors: ["'status' or 'corrections' is required"] });
  const { head, current } = await reachableSubmission(deps, reader, body.id);
  const b = current.bindings;
  const writes = (body.corrections ?? []).map((c, i) => {
    const node = b.byId.get(c.questionId);
    if (!node || node.kind !== 'field')
      throw problem('validation', { errors: [`'corrections[${i}].questionId': no such question in this survey`] });
    const depth = (c.repeatPath ?? '') === '' ? 0 : (c.repeatPath ?? '').split('.').length;
    if (depth !== node.repeats.length)
      throw problem('validation', {
        errors: [`'corrections[${i}].repeatPath': '${node.name}' sits in ${node.repeats.length} repeat group(s)`],
      });
    const w = answerWriteOf(node, c);
    if (typeof w === 'string') throw problem('validation', { errors: [`'corrections[${i}].value': ${w}`] });
    return { node, write: w };
  });
  const actor = { userId: reader.userId, organizationId: reader.organizationId };
  const deliveries = await deps.db.transaction().execute(async (trx) => {
    const audit: AuditEntryInput[] = [];
    const told: string[] = [];
    if (writes.length) {
      const before = groupAnswers(await answersOf(trx, reader.organizationId, [head.id], false)).get(head.id);
      for (const { node, write } of writes) {
        const old = before?.get(`${node.id}|${write.repeatPath}`);
        const oldValue = auditValue(b, node, old && storedOf(old));
        const newValue = auditValue(b, node, { ...write, choices: write.choices?.join(',') ?? null, detail: null });
        if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
        await upsertAnswer(trx, reader.organizationId, head.id, write);
        audit.push({
          submissionId: head.id,
          action: 'correction',
          itemId: node.id,
          repeatPath: write.repeatPath,
          oldValue,
          newValue,
          comment: body.comment ?? null,
        });
      }
      // Exports read the compact copy: it changes with the answers, in the same transaction.
      if (audit.length) {
        await rewriteCompactCopy(trx, reader.organizationId, b, head.id);
        told.push(
          ...(await queueEvent(trx, {
            organizationId: reader.organizationId,
            surveyId: head.surveyId,
            event: 'submission.updated',
            submissionIds: [head.id],
          })),
        );
      }
    }
    if (body.status !== undefined) {
      const comment = body.comment ?? null;
      const [was] = await setReview(trx, actor, [head.id], body.status, comment);
      if (was && changed(was, body.status, comment)) {
        audit.push(reviewAudit(head.id, was, body.status, comment));
        told.push(...(await queueReviewed(trx, reader.organizationId, head.surveyId, [head.id], body.status, comment)));
      }
    }
    await writeAudit(trx, actor, audit);
    return told;
  });
  await deps.webhooks?.send(deliveries);
  return submissionById(deps, reader, head.id);
}

/** The review as it was set, in the payload: a later review must not change what this event says. */
const queueReviewed = (
  trx: Kysely<DB>,
  organizationId: string,
  surveyId: string,
  ids: readonly string[],
  status: number,
  comment: string | null,
) =>
  queueEvent(trx, {
    organizationId,
    surveyId,
    event: 'submission.reviewed',
    submissionIds: ids,
    detail: { reviewStatus: status, reviewComment: comment },
  });

/** A review that sets what was already there is no change for the trail. */
const changed = (was: { status: number; comment: string | null }, status: number, comment: string | null) =>
  was.status !== status || (was.comment ?? '') !== (comment ?? '');

function reviewAudit(id: string, was: { status: number; comment: string | null }, status: number, comment: string | null): AuditEntryInput {
  return {
    submissionId: id,
    action: 'review',
    itemId: null,
    repeatPath: '',
    oldValue: { status: was.status, comment: was.comment },
    newValue: { status, comment },
    comment,
  };
}

/** POST DataCollection/bulkReviewSubmissions: one status for several submissions of the table. */
export async function bulkReview(deps: DataDeps, reader: DataReader, body: BulkReviewBody) {
  if (ownerOf(reader)) throw problem('forbidden');
  const ids = await submissionsInScope(deps.db, projectScopeOf(reader), body.ids);
  if (!ids.length) throw problem('notFound');
  const actor = { userId: reader.userId, organizationId: reader.organizationId };
  const comment = body.comment ?? null;
  const deliveries = await deps.db.transaction().execute(async (trx) => {
    const was = await setReview(trx, actor, ids, body.status, comment);
    const moved = was.filter((w) => changed(w, body.status, comment));
    await writeAudit(
      trx,
      actor,
      moved.map((w) => reviewAudit(w.id, w, body.status, comment)),
    );
    const told: string[] = [];
    for (const surveyId of new Set(moved.map((w) => w.surveyId))) {
      const of = moved.filter((w) => w.surveyId === surveyId).map((w) => w.id);
      told.push(...(await queueReviewed(trx, reader.organizationId, surveyId, of, body.status, comment)));
    }
    return told;
  });
  await deps.webhooks?.send(deliveries);
  return { reviewed: ids.length };
}

/** GET DataCollection/getSubmissionAudit/{id}: newest first, with the question names. */
export async function submissionAudit(deps: DataDeps, reader: DataReader, id: string, page: { page: number; pageSize: number }) {
  const { head, current } = await reachableSubmission(deps, reader, id);
  const { entries, totalSize } = await auditOf(deps.db, reader.organizationId, head.id, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    totalSize,
    entries: entries.map((e) => ({
      ...e,
      at: e.at.toISOString(),
      questionName: e.itemId ? (current.bindings.byId.get(e.itemId)?.name ?? null) : null,
    })),
  };
}
