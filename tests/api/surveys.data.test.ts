// Survey data: the data table's listing and filters, one submission, review with comment,
// corrections that keep the original in the audit trail, who sees what (Guest reads, a DataCollector
// only their own submissions, reviewing for the managing roles), and another tenant's data as 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat } from '../../engine/survey/index';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

interface Row {
  id: string;
  submitterName: string | null;
  reviewStatus: number;
  reviewComment: string | null;
  answers: Record<string, unknown>;
}
interface Page {
  totalSize: number;
  submissions: Row[];
}

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;
const ids: Record<string, string> = {};

const list = async (query: Record<string, string | string[]>, who: string = demo.owner) => {
  const qs = new URLSearchParams();
  qs.set('SurveyId', s.id);
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
  return t.call<Page>('GET', `/api/DataCollection/getSubmissions?${qs}`, { session: await as(who) });
};

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [
    q.text('name').label('Name'),
    q.integer('age').label('Age'),
    q.select_one('region').label('Region').choices('north', 'south'),
    q.select_multiple('needs').label('Needs').choices('food', 'water', 'shelter'),
    repeat('members', q.text('member_name')),
  ]);
  ids.amina = (
    await submit(t, s, {
      name: 'Amina',
      age: 34,
      region: 'north',
      needs: 'food water',
      members: [{ member_name: 'A' }, { member_name: 'B' }],
    })
  ).body.data.id;
  ids.bashir = (await submit(t, s, { name: 'Bashir', age: 19, region: 'south', needs: 'shelter' })).body.data.id;
  ids.chidi = (
    await submit(t, s, { name: 'Chidi', age: 52, region: 'north' }, { session: await as(demo.collector), linkUuid: null })
  ).body.data.id;
  expect(Object.values(ids).every(Boolean)).toBe(true);
});
afterAll(() => t.close());

describe('the data table', () => {
  it('lists every submission of the survey, newest first, with a cell per question', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    expect(body.data.totalSize).toBe(3);
    expect(body.data.submissions.map((r) => r.answers.name)).toEqual(['Chidi', 'Bashir', 'Amina']);
    const amina = body.data.submissions.find((r) => r.id === ids.amina)!;
    expect(amina.answers).toMatchObject({ name: 'Amina', age: 34, region: 'north', needs: 'food water' });
    expect(body.data.submissions.find((r) => r.id === ids.chidi)!.submitterName).toBe('Chidi Collector');
  });

  it('pages, sorts by a question and by the collector', async () => {
    const first = await list({ PageSize: '2', Page: '1', Sort: 'q:age' });
    const second = await list({ PageSize: '2', Page: '2', Sort: 'q:age' });
    expect([...first.body.data.submissions, ...second.body.data.submissions].map((r) => r.answers.age)).toEqual([19, 34, 52]);
    expect(first.body.data.totalSize).toBe(3);
    expect((await list({ Sort: '-q:name' })).body.data.submissions.map((r) => r.answers.name)).toEqual(['Chidi', 'Bashir', 'Amina']);
  });

  it('filters by number ranges, choices, text, collector and full-text search', async () => {
    const names = async (query: Record<string, string | string[]>) =>
      (await list(query)).body.data.submissions.map((r) => r.answers.name).sort();
    expect(await names({ Filter: ['age:gte:30', 'age:lt:50'] })).toEqual(['Amina']);
    expect(await names({ Filter: 'region:in:north' })).toEqual(['Amina', 'Chidi']);
    expect(await names({ Filter: 'needs:in:water|shelter' })).toEqual(['Amina', 'Bashir']);
    expect(await names({ Filter: 'needs:empty' })).toEqual(['Chidi']);
    expect(await names({ Filter: 'name:contains:ash' })).toEqual(['Bashir']);
    expect(await names({ Filter: 'name:eq:Bashir' })).toEqual(['Bashir']);
    expect(await names({ Filter: 'name:gt:B' })).toEqual(['Bashir', 'Chidi']);
    expect(await names({ Search: 'chidi' })).toEqual(['Chidi']);
    expect(await names({ CollectorId: t.ids.users['collector@demo.test']! })).toEqual(['Chidi']);
    expect(await names({ From: '2000-01-01', To: '2000-01-02' })).toEqual([]);
  });

  it('shows choice labels in the survey language when asked', async () => {
    const { body } = await list({ Headers: 'labels', Filter: 'region:in:south' });
    expect(body.data.submissions[0]!.answers.needs).toBe('shelter');
  });

  it('refuses a filter it cannot apply with a 400 naming it', async () => {
    for (const [filter, says] of [
      ['nosuch:eq:1', "no question named 'nosuch'"],
      ['age:in:3', "'in' is not a filter for 'age'"],
      ['age:gt:abc', "'abc' is not a number"],
      ['region:in:east', "'east' is not a choice of 'region'"],
    ] as const) {
      const { status, body } = await list({ Filter: ['age:gt:1', filter] });
      expect(status, filter).toBe(400);
      expect(body.errors?.join(' '), filter).toContain(`'Filter[1]'`);
      expect(body.errors?.join(' '), filter).toContain(says);
    }
    expect((await list({ Sort: 'q:members' })).status).toBe(400);
    expect((await list({ PageSize: '100000' })).status).toBe(400);
  });
});

describe('who sees which submissions', () => {
  it('lets a Guest read the table and a submission, but not review', async () => {
    expect((await list({}, demo.guest)).body.data.totalSize).toBe(3);
    const one = await t.call('GET', `/api/DataCollection/getSubmissionById/${ids.amina}`, { session: await as(demo.guest) });
    expect(one.status).toBe(200);
    const review = await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: await as(demo.guest),
      body: { id: ids.amina, status: 1 },
    });
    expect(review.status).toBe(403);
  });

  it('shows a DataCollector only the submissions they sent', async () => {
    const { body } = await list({}, demo.collector);
    expect(body.data.submissions.map((r) => r.id)).toEqual([ids.chidi]);
    expect((await t.call('GET', `/api/DataCollection/getSubmissionById/${ids.amina}`, { session: await as(demo.collector) })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/DataCollection/getSubmissionById/${ids.chidi}`, { session: await as(demo.collector) })).status).toBe(
      200,
    );
  });

  it('answers 404 to another organization, for the survey and for a submission', async () => {
    const other = await as(demo.other);
    expect((await t.call('GET', `/api/DataCollection/getSubmissions?SurveyId=${s.id}`, { session: other })).status).toBe(404);
    expect((await t.call('GET', `/api/DataCollection/getSubmissionById/${ids.amina}`, { session: other })).status).toBe(404);
    expect((await t.call('GET', `/api/DataCollection/getSubmissionAudit/${ids.amina}`, { session: other })).status).toBe(404);
    const review = await t.call('POST', '/api/DataCollection/reviewSubmission', { session: other, body: { id: ids.amina, status: 2 } });
    expect(review.status).toBe(404);
    const bulk = await t.call('POST', '/api/DataCollection/bulkReviewSubmissions', {
      session: other,
      body: { ids: [ids.amina], status: 2 },
    });
    expect(bulk.status).toBe(404);
  });
});

describe('a repeat group in its own table', () => {
  it('lists the instances of the page of submissions, linked by submission id and index', async () => {
    const { status, body } = await t.call<{
      rows: { submissionId: string; index: string; parentIndex: string | null; answers: Record<string, unknown> }[];
      columns: { key: string }[];
    }>('GET', `/api/DataCollection/getRepeatRows?SurveyId=${s.id}&Repeat=members&Sort=submittedAt`, { session: await as(demo.guest) });
    expect(status).toBe(200);
    expect(body.data.columns.map((c) => c.key)).toEqual(['member_name']);
    expect(body.data.rows).toEqual([
      { submissionId: ids.amina, submittedAt: expect.any(String), index: '1', parentIndex: null, answers: { member_name: 'A' } },
      { submissionId: ids.amina, submittedAt: expect.any(String), index: '2', parentIndex: null, answers: { member_name: 'B' } },
    ]);
    const bad = await t.call('GET', `/api/DataCollection/getRepeatRows?SurveyId=${s.id}&Repeat=name`, { session: await as(demo.guest) });
    expect(bad.status).toBe(400);
    const collector = await t.call<{ rows: unknown[] }>('GET', `/api/DataCollection/getRepeatRows?SurveyId=${s.id}&Repeat=members`, {
      session: await as(demo.collector),
    });
    expect(collector.body.data.rows).toEqual([]);
  });
});

describe('one submission', () => {
  it('comes with its answers as the fill page reads them, repeats included', async () => {
    const { status, body } = await t.call<{
      answers: { name: string; answerDetail: { text?: string; repeatGroup?: string } }[];
      surveyName: string;
    }>('GET', `/api/DataCollection/getSubmissionById/${ids.amina}`, { session: await as(demo.owner) });
    expect(status).toBe(200);
    const names = body.data.answers.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'age', 'member_name_1', 'member_name_2']));
    expect(body.data.answers.find((a) => a.name === 'member_name_2')?.answerDetail).toMatchObject({ text: 'B', repeatGroup: '2' });
  });
});

describe('review', () => {
  it('marks a submission Approved with a comment, and the trail says who, when and what', async () => {
    const manager = await as(demo.manager);
    const { status, body } = await t.call<{ reviewStatus: number; reviewComment: string }>('POST', '/api/DataCollection/reviewSubmission', {
      session: manager,
      body: { id: ids.amina, status: 1, comment: 'Checked by phone' },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ reviewStatus: 1, reviewComment: 'Checked by phone' });
    expect((await list({ ReviewStatus: '1' })).body.data.submissions.map((r) => r.id)).toEqual([ids.amina]);
    const audit = await t.call<{ entries: { action: string; userName: string; oldValue: unknown; newValue: unknown; at: string }[] }>(
      'GET',
      `/api/DataCollection/getSubmissionAudit/${ids.amina}`,
      { session: await as(demo.guest) },
    );
    expect(audit.body.data.entries[0]).toMatchObject({
      action: 'review',
      userName: 'Marcus Manager',
      oldValue: { status: 0, comment: null },
      newValue: { status: 1, comment: 'Checked by phone' },
    });
    // The same review again changes nothing, and the trail does not grow.
    await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: manager,
      body: { id: ids.amina, status: 1, comment: 'Checked by phone' },
    });
    const again = await t.call<{ totalSize: number }>('GET', `/api/DataCollection/getSubmissionAudit/${ids.amina}`, { session: manager });
    expect(again.body.data.totalSize).toBe(1);
  });

  it('corrects answers in place and keeps the original in the trail', async () => {
    const owner = await as(demo.owner);
    const nameId = s.form.bindings.byName.get('name')!.id;
    const regionId = s.form.bindings.byName.get('region')!.id;
    const memberId = s.form.bindings.byName.get('member_name')!.id;
    const corrections = [
      { questionId: nameId, value: 'Bashir Ali' },
      { questionId: regionId, value: ['north'] },
      { questionId: memberId, repeatPath: '1', value: 'Zed' },
    ];
    const first = await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: owner,
      body: { id: ids.bashir, corrections, comment: 'Typo' },
    });
    expect(first.status).toBe(200);
    await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: owner,
      body: { id: ids.bashir, corrections: [{ questionId: nameId, value: 'Bashir A.' }] },
    });
    const row = (await list({ Search: 'Bashir' })).body.data.submissions[0]!;
    expect(row.answers).toMatchObject({ name: 'Bashir A.', region: 'north' });
    const audit = await t.call<{
      entries: { action: string; questionName: string; oldValue: unknown; newValue: unknown; repeatPath: string; comment: string | null }[];
    }>('GET', `/api/DataCollection/getSubmissionAudit/${ids.bashir}`, { session: owner });
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    const entries = audit.body.data.entries.map((e) => [e.questionName, e.repeatPath, e.oldValue, e.newValue]);
    // Newest first: the original 'Bashir' is the old value of the first correction of 'name'.
    expect(entries).toEqual([
      ['name', '', 'Bashir Ali', 'Bashir A.'],
      ['member_name', '1', null, 'Zed'],
      ['region', '', 'south', 'north'],
      ['name', '', 'Bashir', 'Bashir Ali'],
    ]);
  });

  it('refuses a correction that does not fit the question, naming it, and changes nothing', async () => {
    const owner = await as(demo.owner);
    const b = s.form.bindings;
    for (const [c, says] of [
      [{ questionId: b.byName.get('age')!.id, value: 'old' }, "'age' takes a number"],
      [{ questionId: b.byName.get('age')!.id, value: 3.5 }, 'whole number'],
      [{ questionId: b.byName.get('region')!.id, value: ['north', 'south'] }, 'exactly one choice'],
      [{ questionId: b.byName.get('needs')!.id, value: ['gold'] }, "'gold' is not a choice of 'needs'"],
      [{ questionId: b.byName.get('member_name')!.id, value: 'X' }, 'repeat group'],
    ] as const) {
      const { status, body } = await t.call('POST', '/api/DataCollection/reviewSubmission', {
        session: owner,
        body: { id: ids.chidi, status: 1, corrections: [{ questionId: b.byName.get('name')!.id, value: 'Changed' }, c] },
      });
      expect(status).toBe(400);
      expect(body.errors?.join(' ')).toContain(`'corrections[1]`);
      expect(body.errors?.join(' ')).toContain(says);
    }
    const chidi = (await list({ Search: 'Chidi' })).body.data.submissions[0]!;
    expect(chidi).toMatchObject({ reviewStatus: 0, answers: { name: 'Chidi' } });
    expect((await t.call('POST', '/api/DataCollection/reviewSubmission', { session: owner, body: { id: ids.chidi } })).status).toBe(400);
  });

  it('reviews several submissions at once from the table', async () => {
    const senior = await as(demo.senior);
    const { status, body } = await t.call<{ reviewed: number }>('POST', '/api/DataCollection/bulkReviewSubmissions', {
      session: senior,
      body: { ids: [ids.bashir, ids.chidi], status: 3, comment: 'Call back' },
    });
    expect(status).toBe(200);
    expect(body.data.reviewed).toBe(2);
    expect((await list({ ReviewStatus: '3' })).body.data.totalSize).toBe(2);
    const collector = await t.call('POST', '/api/DataCollection/bulkReviewSubmissions', {
      session: await as(demo.collector),
      body: { ids: [ids.chidi], status: 1 },
    });
    expect(collector.status).toBe(403);
  });
});
