// The submission as multipart form fields (spec 001 "Submission form fields"): 'submission.id',
// 'surveyId', 'answers[3].answerDetail.choices[0]', ... and back. Files travel as file parts named
// 'answers[i].answerDetail.answerFiles[0]'. Field names are matched without regard to case.
import { MAX_REPEAT_INSTANCES } from '../../expression/index';
import { COLLECTION_TYPE, type CollectionType } from '../model';
import { isObject } from '../instances';
import type { AnswerFile, AnswerInput, SubmissionInput } from './types';

export type FormEntryValue = string | AnswerFile;
export type FormEntry = [name: string, value: FormEntryValue];

const isFile = (v: unknown): v is AnswerFile => isObject(v) && typeof v.uri === 'string' && typeof v.fileName === 'string';

/** Flattens a value into multipart entries: objects by '.', lists by '[i]'; null and undefined are left out. */
function flatten(prefix: string, value: unknown, out: FormEntry[]): void {
  if (value === undefined || value === null) return;
  if (isFile(value)) out.push([prefix, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(`${prefix}[${i}]`, v, out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
  else out.push([prefix, String(value)]);
}

export function toFormEntries(s: SubmissionInput): FormEntry[] {
  const out: FormEntry[] = [];
  const top: [string, unknown][] = [
    ['submission.id', s.id],
    ['submission.dataCollectionType', s.dataCollectionType],
    ['submission.SubmissionStartTime', s.startTime],
    ['submission.isAnonymous', s.isAnonymous],
    ['submission.linkUuid', s.linkUuid],
    ['submission.languageId', s.languageId],
    ['submission.geolocation', s.geolocation],
    ['submission.surveyVersion', s.surveyVersion],
    ['userId', s.userId],
    ['surveyId', s.surveyId],
    ['TaskId', s.taskId],
    ['MessageReceiverId', s.messageReceiverId],
    ['answers', s.answers],
    ['sectionRepeatGroups', s.sectionRepeatGroups],
    ['questionIds', s.questionIds],
  ];
  for (const [name, value] of top) flatten(name, value, out);
  return out;
}

// ---- reading -----------------------------------------------------------------------------------------

const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d{1,6}\])*)$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
type Tree = Record<string, unknown>;
type Step = string | number;

const DETAIL_KEYS = [
  'questionType',
  'repeatGroup',
  'text',
  'choices',
  'number',
  'coords',
  'answerGeoLocation',
  'answerFiles',
  'filePaths',
  'questionChoice',
  'answerMatrix',
  'answerRankings',
  'answerRatings',
  'choiceId',
  'secondChoiceId',
  'rank',
  'filePath',
  'latitude',
  'longitude',
  'altitude',
  'accuracy',
  'fileName',
  'contentType',
  'uri',
];
/** Names are matched without regard to case: lower-cased, answerDetail's members back in the spec's spelling. */
const CANONICAL = new Map(DETAIL_KEYS.map((k) => [k.toLowerCase(), k]));

/** The steps of a field name ('answers[3].answerDetail.choices[0]' -> answers 3 answerDetail choices 0), or undefined. */
function stepsOf(name: string): readonly Step[] | undefined {
  const steps: Step[] = [];
  for (const segment of name.split('.')) {
    const m = SEGMENT.exec(segment);
    const lower = m?.[1]?.toLowerCase();
    if (!m || lower === undefined || FORBIDDEN.has(lower)) return undefined;
    steps.push(CANONICAL.get(lower) ?? lower);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(idx[1]));
  }
  return steps;
}

// Every submission of a survey repeats the same few hundred names: parse each once.
const STEPS_CACHE_LIMIT = 50_000;
const stepsCache = new Map<string, readonly Step[] | undefined>();
function cachedSteps(name: string): readonly Step[] | undefined {
  let steps = stepsCache.get(name);
  if (steps === undefined && !stepsCache.has(name)) {
    steps = stepsOf(name);
    if (stepsCache.size >= STEPS_CACHE_LIMIT) stepsCache.clear();
    stepsCache.set(name, steps);
  }
  return steps;
}

type Container = Tree | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null && !isFile(v);

// The tree's objects inherit nothing, so no field name meets Object.prototype's members. Instances of
// a constructor whose prototype is an empty null-prototype object stay in V8's fast mode, where
// Object.create(null) makes slow dictionaries: a submission builds over a hundred of them.
function Bag(): void {}
Bag.prototype = Object.create(null) as object;
const newTree = (): Tree => new (Bag as unknown as new () => Tree)();

/** At most this many errors are reported: a body of a million bad fields must not get a million lines back. */
export const MAX_REPORTED_ERRORS = 100;
/** An index below this is always taken; above it, it must be below the number of entries (a list of n items has indexes below n). */
const FREE_INDEX = 1000;

/**
 * Builds the nested value of the entries: lists (by '[i]') become arrays in index order, gaps closed up.
 * Linear in the entries whatever their indexes: a list only ever grows by one at its end, and an item
 * given past the end waits aside (by index) until the end, so 'answers[999999]' allocates one slot, not a
 * million. An index past what the body could hold is refused before anything is built for it.
 */
export function unflatten(entries: Iterable<FormEntry>): { tree: Tree; errors: string[] } {
  const list = Array.isArray(entries) ? (entries as readonly FormEntry[]) : [...entries];
  const maxIndex = Math.max(FREE_INDEX, list.length);
  const root = newTree();
  const errors: string[] = [];
  const fail = (message: string): void => {
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(message);
  };
  const aside = new Map<unknown[], Map<number, unknown>>();
  const at = (node: Container, key: Step): unknown => {
    if (typeof key === 'string') return (node as Tree)[key];
    const items = node as unknown[];
    return key < items.length ? items[key] : aside.get(items)?.get(key);
  };
  const put = (node: Container, key: Step, value: unknown): void => {
    if (typeof key === 'string') (node as Tree)[key] = value;
    else if (key === (node as unknown[]).length) (node as unknown[]).push(value);
    else {
      const items = node as unknown[];
      let waiting = aside.get(items);
      if (!waiting) aside.set(items, (waiting = new Map()));
      waiting.set(key, value);
    }
  };
  for (const [name, value] of list) {
    const steps = cachedSteps(name);
    if (steps === undefined) {
      fail(`'${name}' is not a field of a submission`);
      continue;
    }
    if (steps.some((k) => typeof k === 'number' && k >= maxIndex)) {
      fail(`'${name}' has an index past the end of its list`);
      continue;
    }
    let node: Container = root;
    let ok = true;
    for (let i = 0; i < steps.length - 1; i++) {
      const key = steps[i]!;
      if ((typeof key === 'number') !== Array.isArray(node)) {
        ok = false;
        break;
      }
      const next = at(node, key);
      if (next === undefined) {
        const created: Container = typeof steps[i + 1] === 'number' ? [] : newTree();
        put(node, key, created);
        node = created;
      } else if (isContainer(next)) node = next;
      else {
        ok = false;
        break;
      }
    }
    const last = steps[steps.length - 1]!;
    if (!ok || (typeof last === 'number') !== Array.isArray(node) || at(node, last) !== undefined) {
      fail(`'${name}' is given more than once or conflicts with another field`);
    } else put(node, last, value);
  }
  // Items given past the end follow the list's own, in index order (every waiting index is past the end).
  for (const [items, waiting] of aside) {
    for (const key of [...waiting.keys()].sort((a, b) => a - b)) items.push(waiting.get(key));
  }
  return { tree: root, errors };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a submission from its form entries; errors name the fields. */
export function parseSubmission(entries: Iterable<FormEntry>): { submission: SubmissionInput } | { errors: string[] } {
  const { tree, errors } = unflatten(entries);
  const sub = isObject(tree.submission) ? tree.submission : {};
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const uuid = (v: unknown, field: string, required: boolean): string | null => {
    const s = str(v);
    if (s === undefined) {
      if (required) errors.push(`'${field}' is required`);
      return null;
    }
    if (!UUID.test(s)) errors.push(`'${field}' is not a valid uuid`);
    return s.toLowerCase();
  };
  const bool = (v: unknown, field: string): boolean => {
    const s = str(v)?.toLowerCase();
    if (s === undefined || s === 'false' || s === '0') return false;
    if (s === 'true' || s === '1') return true;
    errors.push(`'${field}' must be true or false`);
    return false;
  };
  const num = (v: unknown, field: string, lo: number, hi: number): number | null => {
    const s = str(v);
    if (s === undefined) return null;
    const n = Number(s);
    if (!Number.isFinite(n) || n < lo || n > hi) {
      errors.push(`'${field}' must be a number between ${lo} and ${hi}`);
      return null;
    }
    return n;
  };

  const id = uuid(sub.id, 'submission.id', true);
  const surveyId = uuid(tree.surveyid, 'surveyId', true);
  const type = num(sub.datacollectiontype, 'submission.dataCollectionType', 0, 1) ?? COLLECTION_TYPE.SurveyLink;
  const startText = str(sub.submissionstarttime);
  const start = startText === undefined ? null : new Date(startText);
  if (start !== null && Number.isNaN(start.getTime())) errors.push(`'submission.SubmissionStartTime' is not a valid date-time`);
  const link = str(sub.linkuuid);
  if (link !== undefined && link !== 'multiple-link' && !UUID.test(link)) errors.push(`'submission.linkUuid' is not a valid uuid`);
  const geo = isObject(sub.geolocation) ? sub.geolocation : {};
  const latitude = num(geo.latitude, 'submission.geolocation.latitude', -90, 90);
  const longitude = num(geo.longitude, 'submission.geolocation.longitude', -180, 180);
  if ((latitude === null) !== (longitude === null)) errors.push(`'submission.geolocation' needs both latitude and longitude`);
  const languageId = num(sub.languageid, 'submission.languageId', 1, 2_147_483_647);
  const surveyVersion = num(sub.surveyversion, 'submission.surveyVersion', 1, 2_147_483_647);
  if (surveyVersion !== null && !Number.isInteger(surveyVersion)) errors.push(`'submission.surveyVersion' must be a whole number`);
  const isAnonymous = bool(sub.isanonymous, 'submission.isAnonymous');
  const userId = uuid(tree.userid, 'userId', false);
  const taskId = uuid(tree.taskid, 'TaskId', false);
  const messageReceiverId = uuid(tree.messagereceiverid, 'MessageReceiverId', false);

  const answers: AnswerInput[] = [];
  const rawAnswers = tree.answers === undefined ? [] : tree.answers;
  if (!Array.isArray(rawAnswers)) errors.push(`'answers' must be a list`);
  else {
    rawAnswers.forEach((a, i) => {
      if (!isObject(a)) return void errors.push(`'answers[${i}]' is not an answer`);
      const questionId = uuid(a.questionid, `answers[${i}].questionId`, true);
      const detail = isObject(a.answerdetail) ? a.answerdetail : {};
      answers.push({
        surveyId: surveyId ?? '',
        userId: str(a.userid) ?? null,
        questionId: questionId ?? '',
        name: str(a.name) ?? '',
        answerDetail: detail as unknown as AnswerInput['answerDetail'],
      });
    });
  }
  const groups = Array.isArray(tree.sectionrepeatgroups) ? tree.sectionrepeatgroups : [];
  // A count that is not a number is named, never thrown on.
  const sectionRepeatGroups = groups.flatMap((g, i) =>
    isObject(g)
      ? [
          {
            sectionId: str(g.sectionid) ?? '',
            repeatGroup: num(g.repeatGroup, `sectionRepeatGroups[${i}].repeatGroup`, 0, MAX_REPEAT_INSTANCES) ?? 0,
          },
        ]
      : [],
  );
  const questionIds = (Array.isArray(tree.questionids) ? tree.questionids : []).map((q) => str(q) ?? '');

  if (errors.length) return { errors: errors.slice(0, MAX_REPORTED_ERRORS) };
  return {
    submission: {
      id: id!,
      surveyId: surveyId!,
      userId,
      taskId,
      messageReceiverId,
      dataCollectionType: type as CollectionType,
      startTime: start === null ? null : start.toISOString(),
      isAnonymous,
      linkUuid: link === undefined ? null : link.toLowerCase(),
      languageId,
      geolocation: latitude !== null && longitude !== null ? { latitude, longitude } : null,
      answers,
      sectionRepeatGroups,
      questionIds,
      ...(surveyVersion !== null ? { surveyVersion } : {}),
    },
  };
}
