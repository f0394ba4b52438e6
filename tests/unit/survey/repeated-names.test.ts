// XLSForm names are unique per group, not per form: the same name in two groups is two questions,
// filled, stored, validated and exported apart; a `${name}` of it is ambiguous (pyxform refuses it).
import { describe, expect, it } from 'vitest';
import {
  bindSurvey,
  compileSurvey,
  dataColumns,
  decodeAnswers,
  encodeAnswers,
  q,
  repeat,
  section,
  survey,
} from '../../../engine/survey/index';
import { validate } from './helpers';

const s = survey(
  section('household', q.text('name').label('Head of household').required(), q.integer('size')),
  section('member', q.text('name').label('Member'), q.integer('age').relevant('${size} > 1')),
  repeat('visits', q.text('name').label('Visitor').required()),
  q.text('age_note'),
);
const b = bindSurvey(s);
const keyOf = (label: string) => b.nodes.find((n) => n.model.questionLabels[0]?.text === label)!.name;

describe('the same name in different groups', () => {
  it('gives each question its own key: the group path where the name repeats, the name elsewhere', () => {
    expect(b.diagnostics).toEqual([]);
    expect([keyOf('Head of household'), keyOf('Member'), keyOf('Visitor')]).toEqual(['household~name', 'member~name', 'visits~name']);
    expect(b.byName.get('size')?.model.name).toBe('size');
    const form = compileSurvey(s);
    expect(form.uiSchema['ui:order']).toEqual(['household~name', 'size', 'member~name', 'age', 'visits', 'age_note']);
  });

  it('validates each one on its own', () => {
    const missing = validate(s, { 'member~name': 'Sara', size: 3, visits: [{}] });
    expect(missing.issues.map((i) => [i.path, i.message])).toEqual([
      ['household~name', 'This field is required'],
      ['visits[1]/visits~name', 'This field is required'],
    ]);
    const full = validate(s, { 'household~name': 'Ali', 'member~name': 'Sara', size: 3, age: 30, visits: [{ 'visits~name': 'Omar' }] });
    expect(full.valid).toBe(true);
    expect(full.data).toEqual({ 'household~name': 'Ali', 'member~name': 'Sara', size: 3, age: 30, visits: [{ 'visits~name': 'Omar' }] });
  });

  it('stores each answer under its own question and reads them back apart', () => {
    const data = { 'household~name': 'Ali', 'member~name': 'Sara', visits: [{ 'visits~name': 'Omar' }] };
    const { answers } = encodeAnswers(b, data, { surveyId: s.id, userId: null });
    const texts = answers.filter((a) => a.answerDetail.text !== undefined).map((a) => [a.questionId, a.answerDetail.text]);
    expect(texts).toEqual([
      [b.byName.get('household~name')!.id, 'Ali'],
      [b.byName.get('member~name')!.id, 'Sara'],
      [b.byName.get('visits~name')!.id, 'Omar'],
    ]);
    expect(decodeAnswers(b, answers)).toEqual({ data, problems: [] });
  });

  it('heads export columns with the group path only where the name repeats', () => {
    const top = dataColumns(b, null, { headers: 'names', multiple: 'single' });
    expect(top.map((c) => c.header)).toEqual(['household/name', 'size', 'member/name', 'age', 'age_note']);
    expect(new Set(top.map((c) => c.key)).size).toBe(top.length);
    expect(dataColumns(b, 'visits', { headers: 'names', multiple: 'single' }).map((c) => c.header)).toEqual(['visits/name']);
  });
});

describe('a reference to a repeated name', () => {
  it('is ambiguous: a diagnostic naming the questions, as pyxform refuses it', () => {
    const t = survey(section('a', q.text('name')), section('b', q.text('name')), q.text('greeting').relevant("${name} != ''"));
    expect(bindSurvey(t).diagnostics).toEqual([
      expect.objectContaining({
        name: 'greeting',
        role: 'relevant',
        code: 'ambiguousReference',
        message: "'${name}' is ambiguous: 'a/name', 'b/name' are all named 'name'",
      }),
    ]);
  });

  it('is refused in a label too, and a unique name beside it still resolves', () => {
    const t = survey(section('a', q.text('name'), q.integer('n')), section('b', q.text('name')), q.note('hi').label('${name} has ${n}'));
    expect(bindSurvey(t).diagnostics.map((d) => [d.name, d.code])).toEqual([['hi', 'ambiguousReference']]);
  });

  it('refuses the same name twice in one group', () => {
    const t = survey(section('a', q.text('name'), q.text('name')), q.text('name'));
    expect(bindSurvey(t).diagnostics.map((d) => [d.name, d.code])).toEqual([['name', 'duplicateName']]);
  });
});
