// The property declaration every builder panel reads, and the `set` edit that writes it.
import { describe, expect, it } from 'vitest';
import {
  APPEARANCES,
  PROPERTIES,
  QUESTION_TYPES,
  QUESTION_TYPE_CODES,
  acceptsAppearance,
  applyEdit,
  checkDraft,
  compileSurvey,
  locate,
  q,
  survey,
  type QuestionType,
} from '../../../../engine/survey/index';
import { counterEnv, edit, idOf, start } from './helpers';

describe('the property declaration', () => {
  it.each(QUESTION_TYPE_CODES)('type %i declares its properties, each one known, its name among them', (type) => {
    const props = QUESTION_TYPES[type].properties;
    expect(props.length).toBeGreaterThan(0);
    expect(props).toContain('name');
    for (const p of props) expect(Object.keys(PROPERTIES)).toContain(p);
    expect(new Set(props).size).toBe(props.length);
  });

  it('gives choices to exactly the types with choices, columns to grids, max choices to select multiple', () => {
    for (const type of QUESTION_TYPE_CODES) {
      const props: readonly string[] = QUESTION_TYPES[type].properties;
      expect(props.includes('choices')).toBe(QUESTION_TYPES[type].choices !== 'none');
      expect(props.includes('secondChoices')).toBe(QUESTION_TYPES[type].choices === 'grid');
      expect(props.includes('maxChoices')).toBe(type === 33);
      expect(props.includes('appearance')).toBe(QUESTION_TYPES[type].appearances.length > 0);
    }
  });

  it.each(QUESTION_TYPE_CODES.filter((t) => t !== 0))(
    'type %i declares only appearances the spec accepts, and the compiler passes them on',
    (type) => {
      for (const a of QUESTION_TYPES[type].appearances) {
        expect(APPEARANCES).toContain(a);
        const value = a === 'columns-n' ? 'columns-3' : a;
        expect(acceptsAppearance(type, value)).toBe(true);
        const key = QUESTION_TYPES[type].key as keyof typeof q;
        const question = q[key]('x').appearance(value);
        if (QUESTION_TYPES[type].choices !== 'none') question.choices('a', 'b').columns('c');
        const form = compileSurvey(survey(question));
        expect((form.uiSchema.x as { 'ui:options': { appearance: string[] } })['ui:options'].appearance).toEqual([value]);
      }
    },
  );

  it('declares the appearances the compiler acts on where it acts on them', () => {
    const has = (t: QuestionType, a: string) => acceptsAppearance(t, a);
    expect([has(34, 'numbers'), has(37, 'month-year'), has(275, 'rating')]).toEqual([true, true, true]);
    expect([has(34, 'minimal'), has(32, 'numbers'), has(32, 'columns-x')]).toEqual([false, false, false]);
  });
});

describe('set', () => {
  it('writes a localized title for one language', () => {
    const s0 = start();
    const s = edit(s0, { op: 'set', id: idOf(s0.model, 'name'), property: 'title', value: { languageId: 1, text: 'Full name' } });
    expect(locate(s.model.surveyItems, idOf(s0.model, 'name'))!.item.surveyItem.questionLabels).toEqual([
      { languageId: 1, text: 'Full name' },
    ]);
  });

  it('writes range parameters into the parameters text', () => {
    let s = edit(start(), { op: 'add', questionType: 275, parentId: null });
    s = edit(s, { op: 'set', id: 'new-1', property: 'rangeEnd', value: 10 }, { op: 'set', id: 'new-1', property: 'rangeStep', value: 2 });
    expect(locate(s.model.surveyItems, 'new-1')!.item.surveyItem.parameters).toBe('start=1 end=10 step=2');
  });

  it('refuses a property the type does not have, and an appearance the spec does not accept for it', () => {
    const s0 = start();
    const env = counterEnv();
    const r1 = applyEdit(s0, { op: 'set', id: idOf(s0.model, 'name'), property: 'maxChoices', value: 2 }, env);
    expect(r1.ok ? null : r1.problem.code).toBe('notApplicable');
    const r2 = applyEdit(s0, { op: 'set', id: idOf(s0.model, 'name'), property: 'appearance', value: 'likert' }, env);
    expect(r2.ok ? null : r2.problem).toMatchObject({ code: 'invalidValue', message: "'likert' is not an appearance of Text" });
  });

  it('turns a repeat group off and forgets its count', () => {
    const s0 = start();
    const members = idOf(s0.model, 'members');
    const s = edit(
      s0,
      { op: 'set', id: members, property: 'repeatCount', value: '3' },
      { op: 'set', id: members, property: 'repeat', value: false },
    );
    expect(locate(s.model.surveyItems, members)!.item).toMatchObject({ repeatGroup: false, repeat_count: null });
  });

  it("edits the survey's own fields", () => {
    const s = edit(start(), { op: 'setSurvey', patch: { name: 'Renamed', toggleLocation: true } });
    expect(s.model).toMatchObject({ name: 'Renamed', toggleLocation: true });
  });
});

describe('required and its condition', () => {
  const itemOf = (model: ReturnType<typeof start>['model'], name: string) => locate(model.surveyItems, idOf(model, name))!.item.surveyItem;

  it('a condition replaces always required, and switching required on again drops the condition', () => {
    const s0 = start();
    const id = idOf(s0.model, 'name');
    let s = edit(s0, { op: 'set', id, property: 'required', value: true });
    s = edit(s, { op: 'set', id, property: 'requiredIf', value: '${size} > 2' });
    expect(itemOf(s.model, 'name')).toMatchObject({ isRequired: false, requiredExpression: '${size} > 2' });
    expect(compileSurvey(s.model).bindings.diagnostics).toEqual([]);
    s = edit(s, { op: 'set', id, property: 'required', value: true });
    expect(itemOf(s.model, 'name')).toMatchObject({ isRequired: true, requiredExpression: null });
  });

  it('checks the condition as it is typed, like every expression', () => {
    const s0 = start();
    expect(checkDraft(s0.model, idOf(s0.model, 'name'), 'requiredIf', '${nobody} = 1')).toMatchObject({ code: 'reference' });
    expect(checkDraft(s0.model, idOf(s0.model, 'name'), 'requiredIf', '${size} >')).toMatchObject({ code: 'syntax' });
  });
});
