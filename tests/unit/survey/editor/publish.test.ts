// What stops a survey from being published: each problem named with its question.
import { describe, expect, it } from 'vitest';
import { describeProblem, publishProblems, q, survey, type PublishCheck } from '../../../../engine/survey/index';

const codes = (m: Parameters<typeof publishProblems>[0]) => publishProblems(m).map((p) => `${p.name}/${p.property}/${p.code}`);

describe('publishProblems', () => {
  it('passes a sound survey', () => {
    expect(publishProblems(survey(q.integer('age'), q.text('why').relevant('${age} > 18')))).toEqual([]);
  });

  it('names a syntax error with its question, property and position', () => {
    const [p] = publishProblems(survey(q.integer('age').constraint('. > ')));
    expect(p).toMatchObject({ code: 'syntax', name: 'age', property: 'constraint' });
    expect(p!.at!.offset).toBeGreaterThanOrEqual(3);
    expect(describeProblem(p!)).toMatch(/^age \(constraint at \d+\): /);
  });

  it('names a call with the wrong number of arguments, though it fails only when evaluated', () => {
    const [p] = publishProblems(survey(q.integer('age'), q.text('why').relevant('${age} > 18 and round(${age}, 1, 2)')));
    expect(p).toMatchObject({ code: 'syntax', name: 'why', property: 'relevant', at: { offset: 16, length: 19 } });
    expect(p!.message).toMatch(/round\(\) takes 1 or 2 arguments but was given 3/);
  });
  it('refuses a pattern RE2 cannot run in linear time, naming the question, the pattern and the position', () => {
    const problems = publishProblems(
      survey(q.text('code').constraint("regex(., '(a)\\1')"), q.text('ok').constraint("regex(., '^\\p{L}+$')")),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ name: 'code', property: 'constraint' });
    expect(problems[0]!.message).toMatch(/Back-references.*linear time.*at \d+ in '\(a\)\\1'/);
  });

  it('finds unknown references, cycles and duplicate names', () => {
    const m = survey(
      q.integer('a').relevant('${nope} = 1'),
      q.calculate('b').calculation('${c} + 1'),
      q.calculate('c').calculation('${b} + 1'),
      q.text('a'),
    );
    expect(codes(m)).toEqual(
      expect.arrayContaining(['a/relevant/reference', 'a/name/duplicateName', expect.stringMatching(/\/calculation\/cycle$/)]),
    );
  });

  it('finds select questions without choices and choice filters without choices', () => {
    const m = survey(q.select_one('region'), q.text('town').choiceFilter("region = 'x'"), q.integer('n'));
    expect(codes(m)).toEqual(['region/choices/choices', 'town/choiceFilter/choiceFilterWithoutChoices']);
  });

  it('refuses a survey without questions', () => {
    expect(codes(survey())).toEqual(['null/surveyItems/noQuestions']);
  });

  it('runs the checks it is given (new checks are one more entry)', () => {
    const noNotes: PublishCheck = ({ bindings }) =>
      bindings.nodes
        .filter((n) => n.type === 40)
        .map((n) => ({ code: 'structure', itemId: n.id, name: n.name, property: 'questionType', message: 'No notes' }));
    expect(publishProblems(survey(q.note('hello')), [noNotes]).map((p) => p.message)).toEqual(['No notes']);
  });
});
