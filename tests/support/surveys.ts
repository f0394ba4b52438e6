// Surveys in API tests: the demo survey, fresh surveys written for one test, and submissions sent the
// way the fill page sends them (engine encoding, multipart, files as file parts).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  buildSurvey,
  compileSurvey,
  encodeAnswers,
  toFormEntries,
  type CompiledForm,
  type FormEntry,
  type FormValues,
  type ItemBuilder,
  type SubmissionInput,
  type SurveyModel,
} from '../../engine/survey/index';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import type { Envelope } from '../../schemas/problems';
import { insertSurvey, loadSurveyModel } from '../../server/db/queries/surveys';
import type { Session, TestApp } from './app';
import { entriesToParts, multipart, type FilePart } from './multipart';

export interface TestSurvey {
  id: string;
  organizationId: string;
  linkUuid: string;
  model: SurveyModel;
  form: CompiledForm;
}

async function load(t: TestApp, organizationId: string, id: string): Promise<TestSurvey> {
  const row = await t.db.selectFrom('surveys').select(['public_link_uuid']).where('id', '=', id).executeTakeFirstOrThrow();
  const model = (await loadSurveyModel(t.db, organizationId, id))!;
  return { id, organizationId, linkUuid: row.public_link_uuid, model, form: compileSurvey(model) };
}

export async function demoSurveyOf(t: TestApp): Promise<TestSurvey> {
  const row = await t.db
    .selectFrom('surveys')
    .select(['id', 'organization_id'])
    .where('name', '=', DEMO_SURVEY_NAME)
    .executeTakeFirstOrThrow();
  return load(t, row.organization_id, row.id);
}

/** Writes a survey of these items into an organization's project (by default the demo project). */
export async function createSurvey(
  t: TestApp,
  items: ItemBuilder[],
  opts: { organization?: string; project?: string; status?: 0 | 1 | 2; endDate?: Date | null; multipleLink?: boolean; name?: string } = {},
): Promise<TestSurvey> {
  const organizationId = t.ids.organizations[opts.organization ?? 'relief']!;
  const projectId = t.ids.projects[opts.project ?? 'Household Needs Assessment 2026']!;
  const en = await t.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const model = buildSurvey(
    {
      name: opts.name ?? `Test ${randomUUID().slice(0, 8)}`,
      languages: [{ code: 'en', languageId: en.id, name: 'English' }],
      idFor: () => randomUUID(),
    },
    items,
  );
  const { id } = await t.db.transaction().execute((trx) =>
    insertSurvey(trx, {
      organizationId,
      projectId,
      createdBy: null,
      model,
      status: opts.status ?? 1,
      endDate: opts.endDate ?? null,
      ...(opts.multipleLink !== undefined ? { multipleLink: opts.multipleLink } : {}),
    }),
  );
  return load(t, organizationId, id);
}

/** A complete, valid set of answers to the demo survey, as a respondent would give them. */
export const completeDemoAnswers: FormValues = {
  consent: true,
  respondent_name: 'Amina',
  phone: '+254712345678',
  interview_date: '2026-11-01',
  interview_time: '09:30',
  arrival: '2026-10-01 08:00',
  region: 'turkana',
  district: 'kakuma',
  location: '3.1 35.6 500 10',
  household_size: 2,
  members: [
    { member_name: 'A', member_age: 30, member_sex: 'female' },
    { member_name: 'B', member_age: 3 },
  ],
  monthly_income: 120.5,
  priority_needs: 'food water',
  need_ranking: 'water food shelter',
  food_security: 2,
  service_rating: { health_services: 'fair', schools: 'good' },
  assistance: { food_aid: ['received', 'needed'] },
};

export interface SubmitOptions {
  id?: string;
  /** The public link's uuid; null for none. Default: the survey's link. */
  linkUuid?: string | null;
  taskId?: string;
  languageId?: number;
  session?: Session;
  /** Change the fields before they are sent. */
  edit?: (entries: FormEntry[]) => FormEntry[];
  /** Extra file parts, by field name. */
  files?: Record<string, FilePart>;
}

export function submissionOf(survey: TestSurvey, data: FormValues, opts: SubmitOptions = {}): SubmissionInput {
  const encoded = encodeAnswers(survey.form.bindings, data, { surveyId: survey.id, userId: opts.session?.userId ?? null });
  return {
    id: opts.id ?? randomUUID(),
    surveyId: survey.id,
    userId: opts.session?.userId ?? null,
    taskId: opts.taskId ?? null,
    messageReceiverId: null,
    dataCollectionType: 0,
    startTime: '2026-11-20T08:00:00.000Z',
    isAnonymous: !opts.session,
    linkUuid: opts.linkUuid === undefined ? survey.linkUuid : opts.linkUuid,
    languageId: opts.languageId ?? null,
    geolocation: null,
    ...encoded,
  };
}

export interface Submitted<T = SubmittedData> {
  status: number;
  body: Envelope<T>;
  res: LightMyRequestResponse;
}
export interface SubmittedData {
  id: string;
  clientId: string;
  submittedAt: string;
  duplicate: boolean;
  answerCount: number;
  issues?: { path: string; message: string; kind: string }[];
}

/** Sends a submission as the fill page does. */
export async function submit(t: TestApp, survey: TestSurvey, data: FormValues, opts: SubmitOptions = {}): Promise<Submitted> {
  let entries = toFormEntries(submissionOf(survey, data, opts));
  if (opts.edit) entries = opts.edit(entries);
  const parts: [string, string | FilePart][] = entriesToParts(entries);
  for (const [name, file] of Object.entries(opts.files ?? {})) parts.push([name, file]);
  return send(t, parts, opts.session);
}

export async function send(t: TestApp, parts: [string, string | FilePart][], session?: Session): Promise<Submitted> {
  const { payload, headers } = multipart(parts);
  if (session) {
    headers.authorization = `Bearer ${session.token}`;
    headers['organization-id'] = session.organizationId;
  }
  const res = await t.app.inject({ method: 'POST', url: '/api/DataCollection/SubmitSurvey', payload, headers });
  return { status: res.statusCode, body: res.json(), res };
}

export async function submissionCount(t: TestApp, surveyId: string): Promise<number> {
  const r = await t.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The stored answers of a submission, by question name and repeat path. */
export async function storedAnswers(t: TestApp, submissionId: string) {
  return t.db
    .selectFrom('answers')
    .innerJoin('survey_items as i', 'i.id', 'answers.item_id')
    .select(['i.name', 'answers.repeat_path', 'text_value', 'number_value', 'choice_ids', 'detail', 'bool_value'])
    .where('submission_id', '=', submissionId)
    .orderBy('i.sort_order')
    .orderBy('answers.repeat_path')
    .execute();
}
