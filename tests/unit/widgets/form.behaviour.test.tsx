// @vitest-environment jsdom
// The form's behaviours of spec 001 section 4, through the rendered form: relevance, defaults and
// calculations, label references, required errors only after a submit attempt, read-only stored
// submissions, repeats.
import { afterEach, describe, expect, it } from 'vitest';
import { compileSurvey, decodeAnswers, encodeAnswers, q, repeat, section, survey } from '../../../engine/survey/index';
import { blur, click, mountSurvey, question, settle, settleUntil, type, type MountedForm } from './support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const has = (path: string): boolean => m!.container.querySelector(`[data-path="${path}"]`) !== null;
const errorAt = (path: string): string | undefined =>
  question(m!.container, path).querySelector('[data-testid="field-error"]')?.textContent ?? undefined;
const labelAt = (path: string): string => question(m!.container, path).querySelector('.fs-label')!.textContent!.replace(/\*$/, '');

describe('relevance', () => {
  it('hides questions and sections whose rule is false, and shows them again', () => {
    m = mountSurvey([
      q.integer('age').label('Age'),
      q.text('job').label('Job').relevant('${age} >= 18'),
      section('adult', q.text('employer').label('Employer')).label('Adult').relevant('${age} >= 18'),
    ]);
    expect(has('job')).toBe(false);
    expect(m.container.querySelector('[data-section="adult"]')).toBeNull();
    type(question(m.container, 'age').querySelector('input'), '30');
    expect(has('job')).toBe(true);
    expect(has('employer')).toBe(true);
    type(question(m.container, 'age').querySelector('input'), '12');
    expect(has('job')).toBe(false);
  });

  it('drops the answers of hidden questions from what is submitted, and keeps them for the form', () => {
    m = mountSurvey([q.integer('age').label('Age'), q.text('job').label('Job').relevant('${age} >= 18')]);
    type(question(m.container, 'age').querySelector('input'), '30');
    type(question(m.container, 'job').querySelector('textarea'), 'Nurse');
    type(question(m.container, 'age').querySelector('input'), '12');
    expect(m.runtime.data()).toEqual({ age: 12, job: 'Nurse' });
    expect(m.runtime.validate()!.data).toEqual({ age: 12 });
  });
});

describe('relevance of a repeat, per instance', () => {
  it('hides one instance and shows another, and submits only the shown one', () => {
    m = mountSurvey(
      [
        q.text('only_first').label('Only the first?'),
        repeat('people', q.text('name').label('Name')).label('People').relevant("position(..) = 1 or ${only_first} != 'yes'"),
      ],
      { data: { only_first: 'yes', people: [{ name: 'Amina' }, { name: 'Kofi' }] } },
    );
    const instances = () => m!.container.querySelectorAll('[data-testid="repeat-instance"]');
    expect(instances()).toHaveLength(1);
    expect(has('people[1]/name')).toBe(true);
    expect(has('people[2]/name')).toBe(false);
    expect(m.runtime.validate()!.data).toEqual({ only_first: 'yes', people: [{ name: 'Amina' }, {}] });
    type(question(m.container, 'only_first').querySelector('textarea'), 'no');
    expect(instances()).toHaveLength(2);
    expect(has('people[2]/name')).toBe(true);
  });
});

describe('defaults and calculations', () => {
  it('fill answers in a new form, typed for their question; a calculation wins over a default', () => {
    m = mountSurvey([
      q.integer('count').label('Count').default('5'),
      q.acknowledge('ok').label('OK?').default('yes'),
      q.integer('double').label('Double').calculation('${count} * 2').default('1'),
      q.calculate('total').calculation('${count} + ${double}'),
      q.hidden('version').default('007'),
    ]);
    expect(m.runtime.data()).toEqual({ count: 5, ok: true, double: 10, total: 15, version: '007' });
    expect(question(m.container, 'double').querySelector('input')!.readOnly).toBe(true);
    type(question(m.container, 'count').querySelector('input'), '7');
    expect(m.runtime.data()).toMatchObject({ count: 7, double: 14, total: 21 });
    expect(m.runtime.validate()!.valid).toBe(true);
  });

  it('leave a draft as it was: no defaults over what was saved', () => {
    m = mountSurvey([q.text('name').label('Name').default('Anonymous')], { data: { name: 'Amina' } });
    expect(m.runtime.data()).toEqual({ name: 'Amina' });
  });
});

describe('label references', () => {
  it("show the answer, '[No value]' without one, and '( No label )' for a missing label", () => {
    m = mountSurvey([q.text('name').label('Name'), q.integer('age').label('Age of ${name}'), q.text('nolabel')]);
    expect(labelAt('age')).toBe('Age of [No value]');
    expect(labelAt('nolabel')).toBe('( No label )');
    type(question(m.container, 'name').querySelector('textarea'), 'Omar');
    expect(labelAt('age')).toBe('Age of Omar');
  });
});

describe('errors', () => {
  it('show required errors only after a submit attempt; other errors once the question is left', async () => {
    m = mountSurvey([q.text('name').label('Name').required(), q.integer('age').label('Age').constraint('. < 130', 'Too old')]);
    const age = question(m.container, 'age').querySelector('input')!;
    type(age, '200');
    await settle();
    expect(errorAt('age')).toBeUndefined();
    blur(age);
    await settleUntil(() => errorAt('age') !== undefined);
    expect(errorAt('age')).toBe('Too old');
    expect(errorAt('name')).toBeUndefined();
    const result = m.runtime.validate()!;
    await settleUntil(() => errorAt('name') !== undefined);
    expect(result.message).toBe('Error: Please make sure you have filled all the required fields.');
    expect(result.issues[0]!.path).toBe('name');
    expect(errorAt('name')).toBe('This field is required');
    type(question(m.container, 'name').querySelector('textarea'), 'Amina');
    await settleUntil(() => errorAt('name') === undefined);
    expect(errorAt('name')).toBeUndefined();
  });
});

describe('a stored submission, read-only', () => {
  it('shows every answer as stored, relevance or not, and nothing can change it', () => {
    const model = survey(
      q.integer('age').label('Age'),
      q.text('job').label('Job').relevant('${age} >= 18'),
      q.calculate('twice').calculation('${age} * 2'),
    );
    const b = compileSurvey(model).bindings;
    const { answers } = encodeAnswers(b, { age: 12, job: 'Student', twice: '99' }, { surveyId: model.id, userId: null });
    const { data } = decodeAnswers(b, answers);
    m = mountSurvey(model, { data, readOnly: true });
    expect(question(m.container, 'job').querySelector('textarea')!.value).toBe('Student');
    expect(question(m.container, 'twice').textContent).toContain('99');
    expect(question(m.container, 'age').querySelector('input')!.readOnly).toBe(true);
  });
});

describe('repeats', () => {
  it('count from repeat_count, number instances from 1, collapse and expand', () => {
    m = mountSurvey([
      q.integer('n').label('How many?'),
      repeat('member', q.text('member_name').label('Name of member ${member_name}')).label('Member').repeat('${n}'),
    ]);
    expect(m.container.querySelectorAll('[data-testid="repeat-instance"]')).toHaveLength(0);
    type(question(m.container, 'n').querySelector('input'), '3');
    const instances = m.container.querySelectorAll('[data-testid="repeat-instance"]');
    expect([...instances].map((i) => i.querySelector('h3')!.textContent)).toEqual(['Member 1', 'Member 2', 'Member 3']);
    expect(m.container.querySelector('[data-testid="repeat-add-member"]')).toBeNull();
    const toggle = instances[1]!.querySelector('button[aria-expanded]')!;
    expect(toggle.textContent).toBe('Show less');
    click(toggle);
    expect(toggle.textContent).toBe('Show more');
    expect(instances[1]!.querySelector('.fs-collapsed')).not.toBeNull();
    click(toggle);
    expect(toggle.textContent).toBe('Show less');
  });

  it('that the respondent sizes start with one instance and can grow and shrink', () => {
    m = mountSurvey([
      repeat('child', q.text('child_name').label('Name'), q.integer('child_age').label('Age of ${child_name}')).label('Child'),
    ]);
    expect(m.container.querySelectorAll('[data-testid="repeat-instance"]')).toHaveLength(1);
    click(m.container.querySelector('[data-testid="repeat-add-child"]'));
    type(question(m.container, 'child[2]/child_name').querySelector('textarea'), 'Omar');
    expect(labelAt('child[2]/child_age')).toBe('Age of Omar');
    expect(labelAt('child[1]/child_age')).toBe('Age of [No value]');
    const first = m.container.querySelectorAll('[data-testid="repeat-instance"]')[0]!;
    click([...first.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!);
    expect(m.runtime.data()).toEqual({ child: [{ child_name: 'Omar' }] });
    expect((question(m.container, 'child[1]/child_name').querySelector('textarea') as HTMLTextAreaElement).value).toBe('Omar');
  });
});
