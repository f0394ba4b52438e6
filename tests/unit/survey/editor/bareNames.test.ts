// The builder's word on a bare name that is a question's name (`age > 5` for `${age} > 5`): the engine
// reads it as blank, like JavaRosa, so the field warns - but not in a choice filter, whose bare names are
// choice columns, nor in a predicate, whose bare names are the repeat's questions.
import { describe, expect, it } from 'vitest';
import { bareQuestionNames, checkDraft, q, repeat, survey, walkItems } from '../../../../engine/survey/index';

const model = survey(
  q.integer('age'),
  q.text('district'),
  repeat('member', q.integer('member_age')),
  q.select_one('pick').choices('a', 'b'),
);

describe('bareQuestionNames', () => {
  it.each([
    ['relevant', 'age > 5', ['age']],
    ['constraint', '. < age and district != ""', ['age', 'district']],
    ['calculation', 'if(age > 5, age, 0)', ['age']],
    ['repeatCount', 'age', ['age']],
  ] as const)('%s %j names %j', (property, draft, names) => {
    expect(bareQuestionNames(model, property, draft)).toEqual(names);
  });

  it.each([
    ['relevant', '${age} > 5'],
    // A bare name that is no question's is not this warning's business.
    ['relevant', 'nobody > 5'],
    // Choice columns, by design.
    ['choiceFilter', 'age = ${age}'],
    // The repeat's own questions inside a predicate.
    ['calculation', 'count(${member}[member_age > 17])'],
    // A default that is a plain value, not an expression.
    ['default', 'age'],
    // Broken drafts say their syntax error instead.
    ['relevant', 'age >'],
  ] as const)('%s %j: no warning', (property, draft) => {
    expect(bareQuestionNames(model, property, draft)).toEqual([]);
  });

  it('warns without refusing: the check of the same draft finds nothing wrong', () => {
    const id = [...walkItems(model.surveyItems)].find((i) => i.surveyItem.name === 'district')!.id;
    expect(checkDraft(model, id, 'relevant', 'age > 5')).toBeNull();
    expect(bareQuestionNames(model, 'relevant', 'age > 5')).toEqual(['age']);
  });
});
