// What ODK Collect and KoboCollect ask of a server (the OpenRosa Form List, Form Submission and manifest
// APIs, docs/openrosa.md), for one device: the forms it may fill, each form's XForm and media, and its
// filled instances. A submission goes the same way as the fill page's (services/submissions.ts): the
// instance is read back into our form data (engine/survey/xform/instance.ts), encoded as the fill page
// encodes it, re-validated by the engine and stored atomically with its attachments.
import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { encodeAnswers, type FormEntry } from '../../engine/survey/index';
import { toFormEntries } from '../../engine/survey/answers/form-fields';
import type { SubmissionInput } from '../../engine/survey/answers/types';
import { XFormError, readInstance, xformOf } from '../../engine/survey/xform/index';
import { formIdOf } from '../../engine/survey/xlsform/export';
import { OPEN_TASK_STATUSES } from '../../schemas/tasks';
import { SURVEY_STATUS } from '../../engine/survey/model';
import type { Caller } from '../access';
import { listMedia } from '../db/queries/surveyMedia';
import type { DB } from '../db/schema';
import { parseInstanceXml, XmlRefused } from '../openrosa/xml';
import type { Storage } from '../plugins/storage';
import type { ReceivedFile } from '../plugins/submissionBody';
import { problem } from '../problems';
import type { Device } from './appUsers';
import { submitSurvey, type StoredSubmission } from './submissions';
import type { CachedSurvey, SurveyCache } from './surveyCache';
import type { DeliveryQueue } from './webhooks';

export interface OpenRosaDeps {
  db: Kysely<DB>;
  cache: SurveyCache;
  storage: Storage;
  /** Sends the webhook deliveries of what a device submits. */
  webhooks?: DeliveryQueue | undefined;
}

type Q = Kysely<DB>;

/** A form a device may fill, at its current version. */
export interface DeviceForm {
  surveyId: string;
  name: string;
  version: number;
}

const FILE_TYPES = new Set<number>([106, 110]);

/**
 * The forms of the device: its project's deployed, unexpired surveys; for a device of a data collector,
 * the surveys of that collector's open tasks in the project.
 */
export async function formsOf(db: Q, device: Device, surveyId?: string): Promise<DeviceForm[]> {
  let q = db
    .selectFrom('surveys as s')
    .select(['s.id', 's.name', 's.version'])
    .where('s.organization_id', '=', device.organizationId)
    .where('s.project_id', '=', device.projectId)
    .where('s.deleted_at', 'is', null)
    .where('s.status', '=', SURVEY_STATUS.Deployed)
    .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>', new Date())]));
  if (surveyId !== undefined) q = q.where('s.id', '=', surveyId);
  if (device.collectorId !== null) {
    const collectorId = device.collectorId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('tasks as t')
          .select('t.id')
          .whereRef('t.survey_id', '=', 's.id')
          .where('t.organization_id', '=', device.organizationId)
          .where('t.collector_id', '=', collectorId)
          .where('t.deleted_at', 'is', null)
          .where('t.status', 'in', OPEN_TASK_STATUSES),
      ),
    );
  }
  const rows = await q.orderBy('s.name').orderBy('s.id').limit(1000).execute();
  return rows.map((r) => ({ surveyId: r.id, name: r.name, version: r.version }));
}

/** One form of the device, or the OpenRosa 404 (another project's, closed, unknown: the same answer). */
export async function deviceForm(db: Q, device: Device, surveyId: string): Promise<DeviceForm> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(surveyId)) throw problem('notFound');
  const [form] = await formsOf(db, device, surveyId.toLowerCase());
  if (!form) throw problem('notFound');
  return form;
}

interface Written {
  xml: string;
  md5: string;
  /** The version the XForm carries: the XLSForm `version` setting when the survey has one, else ours. */
  version: string;
}

/** XForms by survey and version: a version's XForm never changes, so it is written once. */
const XFORMS_KEPT = 500;
const xforms = new Map<string, Written>();

async function compiled(deps: OpenRosaDeps, device: Device, form: DeviceForm): Promise<CachedSurvey> {
  const survey = await deps.cache.get(deps.db, device.organizationId, form.surveyId, form.version);
  if (!survey) throw problem('notFound');
  return survey;
}

/** The form's XForm with its MD5 (the formList's hash, which Collect compares to offer an update). */
export async function xformFor(deps: OpenRosaDeps, device: Device, form: DeviceForm): Promise<Written> {
  const key = `${form.surveyId}@${form.version}`;
  const hit = xforms.get(key);
  if (hit) return hit;
  const survey = await compiled(deps, device, form);
  let xml: string;
  const version = survey.model.settings?.version ?? String(form.version);
  try {
    xml = xformOf(survey.model, { version });
  } catch (e) {
    // A survey with an expression naming no question (or two) has no XForm; the formList leaves it out.
    if (e instanceof XFormError) throw problem('badRequest', { message: e.message, data: { code: e.code } });
    throw e;
  }
  const written = { xml, version, md5: createHash('md5').update(xml, 'utf8').digest('hex') };
  if (xforms.size >= XFORMS_KEPT) xforms.delete(xforms.keys().next().value!);
  xforms.set(key, written);
  return written;
}

/** Which of these surveys have media (their Form List entry names a manifest). */
export async function surveysWithMedia(db: Q, organizationId: string, surveyIds: readonly string[]): Promise<Set<string>> {
  if (surveyIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('survey_media')
    .select('survey_id')
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('survey_id', 'in', surveyIds)
    .execute();
  return new Set(rows.map((r) => r.survey_id));
}

/** MD5 of stored media by storage key: a key's bytes never change (a replaced file gets a new key). */
const mediaHashes = new Map<string, string>();

export interface ManifestFile {
  fileName: string;
  md5: string;
}

/** The survey's media (images, audio, video, the CSVs of pulldata() and search()) with their hashes. */
export async function manifestOf(deps: OpenRosaDeps, device: Device, form: DeviceForm): Promise<ManifestFile[]> {
  const media = await listMedia(deps.db, device.organizationId, form.surveyId);
  const out: ManifestFile[] = [];
  for (const m of media) {
    let md5 = mediaHashes.get(m.key);
    if (md5 === undefined) {
      md5 = createHash('md5')
        .update(await deps.storage.get(m.key))
        .digest('hex');
      if (mediaHashes.size >= 5000) mediaHashes.clear();
      mediaHashes.set(m.key, md5);
    }
    out.push({ fileName: m.fileName, md5 });
  }
  return out;
}

/** The XForms spec's instanceID 'uuid:…' as our submission id; any other id is mapped to a stable UUID. */
export function submissionIdOf(instanceId: string): string {
  const m = /^(?:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(instanceId.trim());
  if (m) return m[1]!.toLowerCase();
  const h = createHmac('sha256', 'openrosa-instance-id').update(instanceId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface OpenRosaSubmission {
  xml: Buffer;
  /** The other parts: the attachments, each under its file name. */
  files: ReceivedFile[];
}

/**
 * Stores a device's filled instance: read, mapped onto our answers, then SubmitSurvey's rules (the same
 * id again with the same content is the stored submission; other content under it is refused).
 */
export async function submitInstance(
  deps: OpenRosaDeps,
  device: Device,
  body: OpenRosaSubmission,
): Promise<{ submission: StoredSubmission; duplicate: boolean }> {
  let root;
  try {
    root = parseInstanceXml(body.xml);
  } catch (e) {
    if (e instanceof XmlRefused) throw problem('validation', { errors: [e.message] });
    throw e;
  }
  const surveyId = /^survey_([0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12})$/i
    .exec(root.attributes.id ?? '')?.[1]
    ?.replace(/_/g, '-');
  if (!surveyId) throw problem('validation', { errors: ["The instance's root has no form id of this server ('id')"] });
  // A device without a data collector sending no files, of a survey compiled before: the write checks
  // the survey is still that version, deployed and in the device's project (services/submissions.ts
  // quickly), so the device's forms are not read first. Otherwise they are.
  const known = deps.cache.latest(surveyId.toLowerCase());
  const quick = device.collectorId === null && body.files.length === 0 && known?.organizationId === device.organizationId;
  const form: DeviceForm = quick
    ? { surveyId: known.model.id, name: known.model.name, version: known.version }
    : await deviceForm(deps.db, device, surveyId);
  const survey = quick ? known : await compiled(deps, device, form);
  if (root.attributes.id !== formIdOf(survey.model)) throw problem('notFound');
  const read = readInstance(survey.model, root);
  if ('errors' in read) throw problem('validation', { errors: read.errors });
  const { instance } = read;
  if (instance.deprecatedId !== null)
    throw problem('validation', { errors: ["Edits of sent submissions ('meta/deprecatedID') are not accepted; send a new submission"] });

  const refused: string[] = [];
  const encoded = encodeAnswers(
    survey.bindings,
    instance.values,
    { surveyId: form.surveyId, userId: device.collectorUserId },
    (name, value) => refused.push(`'${name}': '${String(value).slice(0, 100)}' is not an answer this question takes`),
  );
  if (refused.length) throw problem('validation', { errors: refused.slice(0, 100) });

  // Each file question's answer names its attachment by file name; the part of that name is its upload.
  const byName = new Map(body.files.map((f) => [f.fileName, f]));
  const files: ReceivedFile[] = [];
  for (const a of encoded.answers) {
    const path = a.answerDetail.filePaths?.[0]?.filePath;
    if (path === undefined || !FILE_TYPES.has(a.answerDetail.questionType)) continue;
    const upload = byName.get(path);
    if (!upload)
      throw problem('validation', { errors: [`'${a.name}': the attachment '${path.slice(0, 200)}' was not sent with the submission`] });
    const field = `answers[${files.length}].file`;
    files.push({ ...upload, field });
    delete a.answerDetail.filePaths;
    a.answerDetail.answerFiles = [{ fileName: upload.fileName, contentType: upload.declaredType, uri: `upload:${field}` }];
  }

  const s: SubmissionInput = {
    id: submissionIdOf(instance.instanceId),
    surveyId: form.surveyId,
    userId: device.collectorUserId,
    taskId: await taskOf(deps.db, device, form.surveyId, submissionIdOf(instance.instanceId)),
    messageReceiverId: null,
    dataCollectionType: 1,
    startTime: null,
    isAnonymous: device.collectorUserId === null,
    linkUuid: null,
    languageId: null,
    geolocation: null,
    ...encoded,
    surveyVersion: form.version,
  };
  const entries: FormEntry[] = toFormEntries(s);
  const caller: Caller | null =
    device.collectorUserId === null ? null : { userId: device.collectorUserId, familyId: `app-user:${device.id}`, roles: [] };
  return submitSurvey(deps, {
    entries,
    files,
    caller,
    device: { organizationId: device.organizationId, projectId: device.projectId, ...(quick ? {} : { checkedSurveyId: form.surveyId }) },
  });
}

/**
 * A data collector's device completes the collector's open task of the survey, when there is one. A
 * resent instance names the task its first sending completed, so that it is the same submission again.
 */
async function taskOf(db: Q, device: Device, surveyId: string, clientId: string): Promise<string | null> {
  if (device.collectorId === null) return null;
  const sent = await db
    .selectFrom('submissions')
    .select('task_id')
    .where('organization_id', '=', device.organizationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (sent) return sent.task_id;
  const row = await db
    .selectFrom('tasks')
    .select('id')
    .where('organization_id', '=', device.organizationId)
    .where('survey_id', '=', surveyId)
    .where('collector_id', '=', device.collectorId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', OPEN_TASK_STATUSES)
    .orderBy('end_date', (ob) => ob.asc().nullsLast())
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
