// Saving, publishing and versions: the builder's save with its stale check, publishing
// refused with every problem named, and a submission filled against an earlier published version
// accepted against that version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyEdit,
  createHistory,
  apply,
  savePayload,
  q,
  section,
  type EditOp,
  type History,
  type SurveyModel,
} from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let owner: Session;
let junior: Session;
let guest: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  [owner, junior, guest, other] = (await Promise.all(
    ['organization', 'junior', 'guest', 'other'].map((p) => t.signIn(`${p}@demo.test`)),
  )) as [Session, Session, Session, Session];
});
afterAll(() => t.close());

type Loaded = SurveyModel & { version: number };
const getById = async (id: string, s: Session = owner) =>
  (await t.call<Loaded>('POST', '/api/Survey/GetById', { session: s, body: { SurveyId: id } })).body.data;
const save = (body: unknown, s: Session = owner) =>
  t.call<{ version: number; model: SurveyModel }>('POST', '/api/Survey/SaveSurvey', { session: s, body });
const publish = (surveyId: string, s: Session = owner) =>
  t.call<{ surveyStatusId: number; version: number }>('POST', '/api/DataCollection/PublishSurvey', { session: s, body: { surveyId } });

/** Edits a loaded survey as the builder would, and answers the save payload. */
function edited(loaded: Loaded, ...ops: EditOp[]) {
  let h: History = createHistory(loaded);
  for (const op of ops) {
    const r = apply(h, op);
    if (!r.ok) throw new Error(r.problem.message);
    h = r.history;
  }
  return { surveyId: loaded.id, ...savePayload(h.present, loaded.version) };
}

const idOf = (m: SurveyModel, name: string) => {
  const find = (items: SurveyModel['surveyItems']): string | undefined => {
    for (const i of items) if (i.surveyItem.name === name) return i.id;
    for (const i of items) {
      const inner = find(i.innerItems);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(m.surveyItems)!;
};

describe('save', () => {
  it('writes added, moved, renamed and deleted items, keeping ids', async () => {
    const s = await createSurvey(t, [q.text('a'), q.integer('b'), q.select_one('c').choices('x', 'y')], { status: 0 });
    const loaded = await getById(s.id);
    let h = createHistory(loaded);
    const step = (op: EditOp) => {
      const r = apply(h, op);
      if (!r.ok) throw new Error(r.problem.message);
      h = r.history;
      return r.itemId;
    };
    step({ op: 'add', questionType: 33, parentId: null });
    const sectionId = step({ op: 'add', questionType: 0, parentId: null })!;
    step({ op: 'delete', id: idOf(loaded, 'b') });
    step({ op: 'set', id: idOf(loaded, 'a'), property: 'name', value: 'first' });
    step({ op: 'move', id: idOf(loaded, 'c'), parentId: sectionId, index: 0 });
    step({ op: 'set', id: idOf(loaded, 'c'), property: 'name', value: 'a' });
    const r = await save({ surveyId: s.id, ...savePayload(h.present, loaded.version) }, junior);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.version).toBeGreaterThan(loaded.version);
    const back = await getById(s.id);
    expect(back.surveyItems.map((i) => i.surveyItem.name)).toEqual(['first', 'select_multiple', 'section']);
    expect(back.surveyItems[2]!.innerItems.map((i) => [i.id, i.surveyItem.name])).toEqual([[idOf(loaded, 'c'), 'a']]);
    expect(back.surveyItems[2]!.innerItems[0]!.surveyItem.selectQuestionChoices.map((c) => c.id)).toEqual(
      loaded.surveyItems[2]!.surveyItem.selectQuestionChoices.map((c) => c.id),
    );
    expect(back.version).toBe(r.body.data.version);
  });

  it('refuses a stale save with 409 and says to reload', async () => {
    const s = await createSurvey(t, [q.text('a')], { status: 0 });
    const loaded = await getById(s.id);
    const first = await save(edited(loaded, { op: 'setSurvey', patch: { name: 'Tab one' } }));
    expect(first.status).toBe(200);
    const second = await save(edited(loaded, { op: 'setSurvey', patch: { name: 'Tab two' } }));
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/reload the page/);
    expect((await getById(s.id)).name).toBe('Tab one');
  });

  it('refuses items dropped without being deleted, ids of another survey, and bad payloads, naming them', async () => {
    const s = await createSurvey(t, [q.text('a'), q.text('b')], { status: 0 });
    const loaded = await getById(s.id);
    const dropped = await save({
      surveyId: s.id,
      version: loaded.version,
      model: { ...loaded, surveyItems: loaded.surveyItems.slice(0, 1) },
      deletedIds: [],
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors[0]).toMatch(/lacks item/);
    const elsewhere = await createSurvey(t, [q.text('z')], { status: 0 });
    const stolen = { ...elsewhere.model.surveyItems[0]!, surveyItem: { ...elsewhere.model.surveyItems[0]!.surveyItem, name: 'stolen' } };
    const foreign = await save({
      surveyId: s.id,
      version: loaded.version,
      model: { ...loaded, surveyItems: [...loaded.surveyItems, stolen] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatch(/already used/);
    const bad = await save({ surveyId: s.id, version: loaded.version, model: { ...loaded, name: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join()).toMatch(/name/);
    const badName = await save({
      surveyId: s.id,
      version: loaded.version,
      model: {
        ...loaded,
        surveyItems: [
          { ...loaded.surveyItems[0]!, surveyItem: { ...loaded.surveyItems[0]!.surveyItem, name: '1 bad' } },
          loaded.surveyItems[1]!,
        ],
      },
    });
    expect(badName.body.errors).toEqual(["'model.surveyItems[0].surveyItem.name' '1 bad' is not a valid name"]);
    expect(badName.status).toBe(400);
  });

  it('is for authors of this organization only', async () => {
    const s = await createSurvey(t, [q.text('a')], { status: 0 });
    const loaded = await getById(s.id);
    expect((await save(edited(loaded), guest)).status).toBe(403);
    expect((await save(edited(loaded), other)).status).toBe(404);
  });
});

describe('PublishSurvey', () => {
  it('publishes an Editing survey; only survey owners may', async () => {
    const s = await createSurvey(t, [q.text('a')], { status: 0 });
    expect((await publish(s.id, junior)).status).toBe(403);
    const r = await publish(s.id);
    expect(r.body.data.surveyStatusId).toBe(1);
    expect((await publish(s.id)).status).toBe(200);
    expect((await publish(s.id, other)).status).toBe(404);
  });

  it('refuses with every problem named with its question', async () => {
    const s = await createSurvey(
      t,
      [
        q.integer('age').constraint('. > '),
        q.text('why').relevant('${nobody} = 1'),
        q.select_one('region'),
        q.text('town').choiceFilter("region = 'x'"),
      ],
      { status: 0 },
    );
    const r = await publish(s.id);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The survey has problems that must be fixed first.');
    const text = r.body.errors.join('\n');
    expect(text).toMatch(/^age \(constraint at \d+\): /m);
    expect(text).toMatch(/^why \(relevant\): There is no question named 'nobody'/m);
    expect(text).toMatch(/^region \(choices\): The question has no choices/m);
    expect(text).toMatch(/^town \(choiceFilter\): A choice filter needs a question with choices/m);
    expect((await getById(s.id)).surveyStatusId).toBe(0);
  });
});

describe('versions', () => {
  async function published(): Promise<{ s: TestSurvey; v1: number }> {
    const s = await createSurvey(t, [q.text('name').required(), q.integer('age')], { status: 0 });
    const r = await publish(s.id);
    return { s, v1: r.body.data.version };
  }

  it('accepts a submission filled against version 1 after version 2 was published', async () => {
    const { s, v1 } = await published();
    const preview = await t.call<{ version: number }>('GET', `/api/Survey/GetPreviewData?surveyId=${s.id}`);
    expect(preview.body.data.version).toBe(v1);
    const loaded = await getById(s.id);
    // Version 2: 'age' removed, a new required question added.
    const v2 = await save(
      edited(
        loaded,
        { op: 'delete', id: idOf(loaded, 'age') },
        { op: 'add', questionType: 34, parentId: null },
        { op: 'set', id: idOf(loaded, 'name'), property: 'required', value: false },
      ),
    );
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    const old = await submit(t, s, { name: 'Ada', age: 36 }, { edit: (e) => [...e, ['submission.surveyVersion', String(v1)]] });
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    const row = await t.db.selectFrom('submissions').select('survey_version').where('id', '=', old.body.data.id).executeTakeFirstOrThrow();
    expect(row.survey_version).toBe(v1);
    const ageRow = await t.db
      .selectFrom('answers')
      .innerJoin('survey_items as i', 'i.id', 'answers.item_id')
      .select(['i.name', 'i.removed_at'])
      .where('submission_id', '=', old.body.data.id)
      .where('i.name', '=', 'age')
      .executeTakeFirst();
    expect(ageRow?.removed_at).not.toBeNull();
    // Without a version (an old client) the current version applies: 'age' is no longer a question.
    const current = await submit(t, s, { name: 'Bo', age: 3 });
    expect(current.status).toBe(400);
  });

  it('refuses a save that would break a published survey', async () => {
    const { s } = await published();
    const loaded = await getById(s.id);
    const r = await save(edited(loaded, { op: 'set', id: idOf(loaded, 'age'), property: 'relevant', value: '${ghost} > 1' }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(["age (relevant): There is no question named 'ghost'"]);
  });
});

it('keeps applyEdit importable for the front end', () => expect(typeof applyEdit).toBe('function'));

describe('save of XLSForm-style names and required conditions', () => {
  it('keeps a name used in two sections and a required condition, and refuses a name twice in one section', async () => {
    const s = await createSurvey(t, [section('household', q.text('name')), section('member', q.text('age'))], { status: 0 });
    const loaded = await getById(s.id);
    const memberAge = idOf(loaded, 'age');
    const saved = await save(
      edited(
        loaded,
        { op: 'set', id: memberAge, property: 'name', value: 'name' },
        { op: 'set', id: memberAge, property: 'requiredIf', value: "${household} != ''" },
      ),
    );
    expect(saved.status).toBe(200);
    const back = await getById(s.id);
    const names = back.surveyItems.map((i) => i.innerItems.map((x) => [x.xpath, x.surveyItem.requiredExpression ?? null]));
    expect(names).toEqual([[['household/name', null]], [['member/name', "${household} != ''"]]]);
    const twice = structuredClone(back);
    const extra = structuredClone(twice.surveyItems[1]!.innerItems[0]!);
    extra.id = extra.surveyItem.id = crypto.randomUUID();
    twice.surveyItems[1]!.innerItems.push(extra);
    const refused = await save({ surveyId: s.id, model: twice, deletedIds: [], version: back.version });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("'name' is used twice in one section");
  });
});
