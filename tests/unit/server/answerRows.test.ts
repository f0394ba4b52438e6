// answerDetail <-> the answers table: one value column per type, and back to the spec's answers.
import { describe, expect, it } from 'vitest';
import { bindSurvey, encodeAnswers, q, repeat, survey } from '../../../engine/survey/index';
import { fromAnswerRows, toAnswerRow } from '../../../server/services/answerRows';

const s = survey(
  q.text('t'),
  q.integer('n'),
  q.phone('p'),
  q.select_multiple('m').choices('a', 'b'),
  q.acknowledge('ok'),
  q.geopoint('g'),
  q.matrix('mx').choices('r').columns('c'),
  q.ranking('rk').choices('a', 'b'),
  q.rating('rt').choices('r').columns('c'),
  q.file('f'),
  repeat('r', q.text('v')),
);
const b = bindSurvey(s);
const data = {
  t: 'x',
  n: 4,
  p: '+254712345678',
  m: 'b a',
  ok: true,
  g: '1 2',
  mx: { r: ['c'] },
  rk: 'b a',
  rt: { r: 'c' },
  f: 'org/2026-11/a.pdf',
  r: [{ v: 'y' }],
};

describe('answer rows', () => {
  const { answers } = encodeAnswers(b, data, { surveyId: s.id, userId: null });
  const rows = answers.map((a) => toAnswerRow(a, () => undefined));

  it('fills exactly one value column per answer', () => {
    for (const r of rows)
      expect(
        [r.text, r.number, r.bool, r.choices, r.detail].filter((v) => v !== null),
        r.itemId,
      ).toHaveLength(1);
    const byName = new Map(answers.map((a, i) => [a.name, rows[i]!]));
    expect(byName.get('p')).toMatchObject({ text: '+254712345678', number: null });
    expect(byName.get('r__counter')).toMatchObject({ number: 1, repeatPath: '' });
    expect(byName.get('v_1')).toMatchObject({ text: 'y', repeatPath: '1' });
    expect(byName.get('g')?.detail).toEqual({ latitude: 1, longitude: 2 });
  });

  it('reads back the answers that were written (files as stored paths)', () => {
    const back = fromAnswerRows(rows, b, { surveyId: s.id, userId: null });
    expect(back).toEqual(
      answers.map((a) =>
        a.name === 'f' ? { ...a, answerDetail: { questionType: 110, filePaths: [{ filePath: 'org/2026-11/a.pdf' }] } } : a,
      ),
    );
  });
});
