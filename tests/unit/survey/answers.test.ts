// Answer encoding: form value <-> the spec's answerDetail for every type, the answer list with repeat
// counters, and the multipart form fields, both ways.
import { describe, expect, it } from 'vitest';
import {
  CODECS,
  bindSurvey,
  decodeAnswers,
  encodeAnswers,
  parseSubmission,
  q,
  repeat,
  survey,
  toFormEntries,
  unflatten,
  type AnswerDetail,
  type FieldNode,
  type FormValues,
  type QuestionBuilder,
  type QuestionType,
  type SubmissionInput,
} from '../../../engine/survey/index';
import { PNG_1x1 } from './helpers';

const s = survey(
  q.select_one('s1').choices('a', 'b'),
  q.select_multiple('sm').choices('a', 'b', 'c'),
  q.rating('rt').choices('r1', 'r2').columns('c1', 'c2'),
  q.matrix('mx').choices('r1', 'r2').columns('c1', 'c2'),
  q.ranking('rk').choices('a', 'b', 'c'),
);
const b = bindSurvey(s);
const field = (name: string) => b.byName.get(name) as FieldNode;
const id = (name: string, choice: string, list: 'choices' | 'columns' = 'choices') => field(name)[list].find((c) => c.name === choice)!.id;

/** Each type: a form value and the answerDetail members it travels as. */
const CASES: Record<Exclude<QuestionType, 0>, [() => QuestionBuilder, unknown, (f: FieldNode) => Omit<AnswerDetail, 'questionType'>]> = {
  32: [() => q.select_one('x').choices('a', 'b'), 'b', (f) => ({ choices: [f.choices[1]!.id] })],
  33: [() => q.select_multiple('x').choices('a', 'b', 'c'), 'c a', (f) => ({ choices: [f.choices[2]!.id, f.choices[0]!.id] })],
  34: [() => q.text('x'), 'some words', () => ({ text: 'some words' })],
  35: [() => q.integer('x'), 42, () => ({ number: 42 })],
  36: [() => q.decimal('x'), 3.25, () => ({ number: 3.25 })],
  37: [() => q.date('x'), '2026-02-28', () => ({ text: '2026-02-28' })],
  38: [() => q.time('x'), '14:05', () => ({ text: '14:05' })],
  40: [() => q.note('x').calculation("'shown'"), 'shown', () => ({ text: 'shown' })],
  100: [() => q.phone('x'), '+254712345678', () => ({ number: '+254712345678' })],
  104: [() => q.datetime('x'), '2026-02-28 14:05', () => ({ text: '2026-02-28 14:05' })],
  105: [
    () => q.geopoint('x'),
    '-1.2921 36.8219 1650 5',
    () => ({ coords: { latitude: -1.2921, longitude: 36.8219, altitude: 1650, accuracy: 5 } }),
  ],
  106: [() => q.image('x'), PNG_1x1, () => ({ answerFiles: [{ fileName: 'dot.png', contentType: 'image/png', uri: PNG_1x1 }] })],
  110: [() => q.file('x'), 'org/2026-11/stored.pdf', () => ({ filePaths: [{ filePath: 'org/2026-11/stored.pdf' }] })],
  112: [() => q.acknowledge('x'), true, () => ({ questionChoice: true })],
  113: [() => q.calculate('x').calculation('1'), '12', () => ({ text: '12' })],
  275: [() => q.range('x'), 4, () => ({ number: 4 })],
  276: [
    () => q.rating('x').choices('r1', 'r2').columns('c1', 'c2'),
    { r1: 'c2', r2: 'c1' },
    (f) => ({
      answerRatings: [
        { choiceId: f.choices[0]!.id, secondChoiceId: f.columns[1]!.id },
        { choiceId: f.choices[1]!.id, secondChoiceId: f.columns[0]!.id },
      ],
    }),
  ],
  277: [
    () => q.matrix('x').choices('r1', 'r2').columns('c1', 'c2'),
    { r1: ['c1', 'c2'] },
    (f) => ({
      answerMatrix: [
        { choiceId: f.choices[0]!.id, secondChoiceId: f.columns[0]!.id, text: 'c1' },
        { choiceId: f.choices[0]!.id, secondChoiceId: f.columns[1]!.id, text: 'c2' },
      ],
    }),
  ],
  278: [
    () => q.ranking('x').choices('a', 'b', 'c'),
    'c a b',
    (f) => ({
      answerRankings: [
        { choiceId: f.choices[2]!.id, rank: 1 },
        { choiceId: f.choices[0]!.id, rank: 2 },
        { choiceId: f.choices[1]!.id, rank: 3 },
      ],
    }),
  ],
  279: [() => q.hidden('x'), 'v2', () => ({ text: 'v2' })],
};

describe('CODECS: every type both ways', () => {
  it.each(Object.entries(CASES))('type %s', (code, [make, value, detail]) => {
    const one = bindSurvey(survey(make()));
    const f = one.byName.get('x') as FieldNode;
    const encoded = CODECS[Number(code) as QuestionType].encode(value, f);
    expect(encoded).toEqual(detail(f));
    expect(CODECS[Number(code) as QuestionType].decode(encoded as Record<string, unknown>, f)).toEqual({ value });
  });

  it('reads multipart text for numbers, booleans and coordinates', () => {
    const one = bindSurvey(survey(q.integer('n'), q.acknowledge('a'), q.geopoint('g')));
    expect(CODECS[35].decode({ number: '17' }, one.byName.get('n') as FieldNode)).toEqual({ value: 17 });
    expect(CODECS[112].decode({ questionChoice: 'true' }, one.byName.get('a') as FieldNode)).toEqual({ value: true });
    expect(CODECS[105].decode({ coords: { latitude: '1.5', longitude: '2' } }, one.byName.get('g') as FieldNode)).toEqual({
      value: '1.5 2',
    });
  });

  it('refuses what it cannot read, in the product words', () => {
    expect(CODECS[32].decode({ choices: ['00000000-0000-4000-a000-000000000000'] }, field('s1'))).toEqual({
      error: 'Please choose one of the offered options.',
    });
    expect(CODECS[32].decode({ choices: [id('s1', 'a'), id('s1', 'b')] }, field('s1'))).toEqual({
      error: 'Please choose one of the offered options.',
    });
    expect(CODECS[35].decode({ number: 'twelve' }, field('s1'))).toEqual({ error: 'Please enter a number.' });
    expect(
      CODECS[276].decode(
        {
          answerRatings: [
            { choiceId: id('rt', 'r1'), secondChoiceId: id('rt', 'c1', 'columns') },
            { choiceId: id('rt', 'r1'), secondChoiceId: id('rt', 'c2', 'columns') },
          ],
        },
        field('rt'),
      ),
    ).toEqual({
      error: 'Please choose one of the offered options.',
    });
    expect(
      CODECS[278].decode(
        {
          answerRankings: [
            { choiceId: id('rk', 'a'), rank: 1 },
            { choiceId: id('rk', 'b'), rank: 3 },
          ],
        },
        field('rk'),
      ),
    ).toEqual({ error: 'All rankings must be selected' });
    expect(CODECS[106].decode({ answerFiles: [], filePaths: [] }, field('s1'))).toEqual({ error: 'Please attach the file again.' });
  });

  it('matches choice ids without regard to case', () => {
    expect(CODECS[32].decode({ choices: [id('s1', 'a').toUpperCase()] }, field('s1'))).toEqual({ value: 'a' });
  });
});

describe('encodeAnswers / decodeAnswers', () => {
  const household = survey(
    q.text('name'),
    q.integer('n'),
    repeat('members', q.text('member_name'), q.integer('age'), repeat('visits', q.date('visit_date'))),
    q.note('plain'),
  );
  const hb = bindSurvey(household);
  const data: FormValues = {
    name: 'Amina',
    n: 2,
    members: [{ member_name: 'A', age: 34, visits: [{ visit_date: '2026-01-02' }, {}] }, { member_name: 'B' }, {}],
  };

  it('writes counters for repeats and suffixes for answers inside them', () => {
    const { answers, sectionRepeatGroups, questionIds } = encodeAnswers(hb, data, { surveyId: household.id, userId: null });
    expect(answers.map((a) => [a.name, a.answerDetail.repeatGroup ?? '', a.answerDetail.questionType])).toEqual([
      ['name', '', 34],
      ['n', '', 35],
      ['members__counter', '', 0],
      ['member_name_1', '1', 34],
      ['age_1', '1', 35],
      ['visits__counter_1', '1', 0],
      ['visit_date_1_1', '1.1', 37],
      ['member_name_2', '2', 34],
    ]);
    expect(answers.find((a) => a.name === 'members__counter')?.answerDetail.number).toBe(3);
    expect(sectionRepeatGroups).toEqual([
      { sectionId: hb.byName.get('members')!.id, repeatGroup: 3 },
      { sectionId: hb.byName.get('visits')!.id, repeatGroup: 2 },
    ]);
    expect(questionIds).toHaveLength(5);
  });

  it('reads the same form data back, empty instances included', () => {
    const { answers } = encodeAnswers(hb, data, { surveyId: household.id, userId: null });
    expect(decodeAnswers(hb, answers)).toEqual({
      data: {
        name: 'Amina',
        n: 2,
        members: [{ member_name: 'A', age: 34, visits: [{ visit_date: '2026-01-02' }, {}] }, { member_name: 'B' }, {}],
      },
      problems: [],
    });
  });

  it('names answers it cannot place', () => {
    const nameId = hb.byName.get('name')!.id;
    const ageId = hb.byName.get('age')!.id;
    const { problems } = decodeAnswers(hb, [
      { questionId: '00000000-0000-4000-a000-000000000000', answerDetail: { questionType: 34, text: 'x' } },
      { questionId: ageId, answerDetail: { questionType: 35, number: 3 } },
      { questionId: nameId, answerDetail: { questionType: 35, text: 'x' } },
      { questionId: nameId, answerDetail: { questionType: 34, text: 'x' } },
      { questionId: nameId, answerDetail: { questionType: 34, text: 'y' } },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      "'00000000-0000-4000-a000-000000000000' is not a question of this survey",
      "'answers[1].answerDetail.repeatGroup' does not fit the repeats around 'age'",
      "'answers[2].answerDetail.questionType' is not the type of 'name'",
      "'name' is answered more than once",
    ]);
  });
});

describe('form fields (multipart)', () => {
  const { answers, sectionRepeatGroups, questionIds } = encodeAnswers(
    b,
    { s1: 'a', sm: 'b c', rt: { r2: 'c1' }, mx: { r1: ['c2'] }, rk: 'b a c' },
    { surveyId: s.id, userId: null },
  );
  const submission: SubmissionInput = {
    id: '6f1b3c7e-2d4a-4e8f-9a0b-1c2d3e4f5a6b',
    surveyId: s.id,
    userId: null,
    taskId: null,
    messageReceiverId: '7a1b3c7e-2d4a-4e8f-9a0b-1c2d3e4f5a6b',
    dataCollectionType: 0,
    startTime: '2026-11-20T08:00:00.000Z',
    isAnonymous: true,
    linkUuid: 'multiple-link',
    languageId: 3,
    geolocation: { latitude: -1.5, longitude: 36.25 },
    answers,
    sectionRepeatGroups,
    questionIds,
  };

  it('uses the spec field names', () => {
    const names = toFormEntries(submission).map(([n]) => n);
    expect(names).toEqual(
      expect.arrayContaining([
        'submission.id',
        'submission.dataCollectionType',
        'submission.SubmissionStartTime',
        'submission.isAnonymous',
        'submission.geolocation.latitude',
        'submission.geolocation.longitude',
        'surveyId',
        'MessageReceiverId',
        'answers[0].questionId',
        'answers[0].answerDetail.questionType',
        'answers[1].answerDetail.choices[1]',
        'answers[2].answerDetail.answerRatings[0].secondChoiceId',
        'answers[4].answerDetail.answerRankings[2].rank',
        'questionIds[0]',
      ]),
    );
    expect(names).not.toContain('TaskId');
  });

  it('reads back what it wrote, and the answers decode to the same form data', () => {
    const parsed = parseSubmission(toFormEntries(submission));
    if (!('submission' in parsed)) throw new Error(parsed.errors.join('; '));
    expect({ ...parsed.submission, answers: [] }).toEqual({ ...submission, answers: [], userId: null, taskId: null });
    expect(decodeAnswers(b, parsed.submission.answers).data).toEqual({
      s1: 'a',
      sm: 'b c',
      rt: { r2: 'c1' },
      mx: { r1: ['c2'] },
      rk: 'b a c',
    });
  });

  it('matches field names without regard to case', () => {
    const entries = toFormEntries(submission).map(([n, v]) => [n.toUpperCase(), v] as [string, typeof v]);
    expect('submission' in parseSubmission(entries)).toBe(true);
  });

  it('closes up gaps in lists, keeping the order, and takes names of Object.prototype members as plain fields', () => {
    const sub = [
      ['submission.id', s.id],
      ['surveyId', s.id],
    ] as [string, string][];
    const parsed = parseSubmission([
      ...sub,
      ['answers[7].questionId', s.id],
      ['answers[7].answerDetail.choices[5]', 'b'],
      ['answers[7].answerDetail.choices[2]', 'a'],
      ['answers[2].questionId', s.id],
      ['answers[2].answerDetail.toString', 'x'],
      ['answers[2].hasOwnProperty', 'y'],
    ]);
    if (!('submission' in parsed)) throw new Error(parsed.errors.join('; '));
    expect(parsed.submission.answers.map((a) => a.answerDetail)).toEqual([{ tostring: 'x' }, { choices: ['a', 'b'] }]);
    expect(
      unflatten([
        ['a[3].b[2]', 'x'],
        ['a[1].b[0]', 'y'],
      ]).tree,
    ).toEqual({ a: [{ b: ['y'] }, { b: ['x'] }] });
  });

  it('reads the repeat counts, and names one that is not a number instead of failing on it', () => {
    const sub = [
      ['submission.id', s.id],
      ['surveyId', s.id],
    ] as [string, string][];
    const ok = parseSubmission([...sub, ['sectionRepeatGroups[0].sectionId', 'members'], ['sectionRepeatGroups[0].repeatGroup', '2']]);
    if (!('submission' in ok)) throw new Error(ok.errors.join('; '));
    expect(ok.submission.sectionRepeatGroups).toEqual([{ sectionId: 'members', repeatGroup: 2 }]);
    expect(parseSubmission([...sub, ['sectionRepeatGroups[0].repeatGroup', 'two']])).toEqual({
      errors: ["'sectionRepeatGroups[0].repeatGroup' must be a number between 0 and 1000"],
    });
    const nested = parseSubmission([...sub, ['sectionRepeatGroups[0].repeatGroup[0].x', '1']]);
    if (!('submission' in nested)) throw new Error(nested.errors.join('; '));
    expect(nested.submission.sectionRepeatGroups).toEqual([{ sectionId: '', repeatGroup: 0 }]);
  });

  it('names the fields it refuses', () => {
    const result = parseSubmission([
      ['surveyId', 'not-a-uuid'],
      ['submission.isAnonymous', 'perhaps'],
      ['submission.geolocation.latitude', '95'],
      ['__proto__.x', '1'],
      ['answers[0].questionId', s.id],
      ['answers[0].questionId', s.id],
    ]);
    expect(result).toEqual({
      errors: expect.arrayContaining([
        "'submission.id' is required",
        "'surveyId' is not a valid uuid",
        "'submission.isAnonymous' must be true or false",
        "'submission.geolocation.latitude' must be a number between -90 and 90",
        "'__proto__.x' is not a field of a submission",
        "'answers[0].questionId' is given more than once or conflicts with another field",
      ]),
    });
  });
});
