// checkDraft, the expression field's check as typed: it reads only the draft against the survey's
// bindings, and must say what binding the whole edited survey would say of that field.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  bindSurvey,
  checkDraft,
  editorState,
  q,
  section,
  survey,
  walkItems,
  type ExpressionProperty,
  type SetProperty,
  type SurveyModel,
} from '../../../../engine/survey/index';

const model = survey(
  q.integer('age'),
  q.calculate('double').calculation('${age} * 2'),
  q.calculate('quadruple').calculation('${double} * 2'),
  section('household', q.integer('size').relevant('${age} > 17'), q.text('head')).relevant('${age} > 0'),
  q.select_one('pick').choices('a', 'b'),
);
const idOf = (m: SurveyModel, name: string) => [...walkItems(m.surveyItems)].find((i) => i.surveyItem.name === name)!.id;

/** What binding the survey with the draft in place says of the field (the slow way the check replaces). */
function bound(m: SurveyModel, name: string, property: ExpressionProperty, draft: string): string | null {
  const id = idOf(m, name);
  const r = applyEdit(editorState(m), { op: 'set', id, property, value: draft === '' ? null : draft } as SetProperty);
  if (!r.ok) return r.problem.message;
  const all = bindSurvey(r.state.model).diagnostics.filter((d) => d.itemId === id && (d.role === property || d.code === 'cycle'));
  return all[0]?.message ?? null;
}

const check = (name: string, property: ExpressionProperty, draft: string) => checkDraft(model, idOf(model, name), property, draft);

describe('checkDraft', () => {
  it.each([
    ['age', 'constraint', '. >= 0'],
    ['age', 'constraint', '. >= '],
    ['age', 'constraint', '${nobody} > 1'],
    ['double', 'calculation', '${quadruple} + 1'],
    ['double', 'calculation', '${double} + 1'],
    ['quadruple', 'calculation', '${age} + 1'],
    ['age', 'relevant', '${age} > 1'],
    ['household', 'relevant', '${size} > 1'],
    ['head', 'relevant', '${size} > 1'],
    ['pick', 'choiceFilter', "name != 'a'"],
    ['household', 'repeatCount', '3'],
  ] as const)('%s %s %s: as binding the edited survey says', (name, property, draft) => {
    expect(check(name, property, draft)?.message ?? null).toBe(bound(model, name, property, draft));
  });

  it('says where a syntax error is, in the trimmed draft', () => {
    expect(check('age', 'constraint', '  . >= ')).toMatchObject({ code: 'syntax', at: { offset: expect.any(Number) } });
  });

  it('reports a cycle through the item for any expression that orders it, naming the chain', () => {
    expect(check('age', 'relevant', '${quadruple} > 2')).toEqual({
      code: 'cycle',
      message: 'These questions depend on each other: age, quadruple, double',
    });
    // A section's questions wait for it: its relevance may not read them.
    expect(check('household', 'relevant', '${size} > 1')?.code).toBe('cycle');
    // A constraint is checked after everything is settled: no cycle.
    expect(check('age', 'constraint', '. < ${quadruple}')).toBeNull();
  });

  it("refuses what the property's writer refuses, and takes literal defaults and counts as they are", () => {
    expect(check('household', 'repeatCount', '${age}')?.code).toBe('invalidValue');
    expect(check('age', 'default', '12')).toBeNull();
    expect(check('age', 'default', 'today(')?.code).toBe('syntax');
    expect(check('age', 'constraint', '')).toBeNull();
  });
});
