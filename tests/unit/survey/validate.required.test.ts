// Required answers of relevant questions, with the spec's message per type (spec 001 section 5).
import { describe, expect, it } from 'vitest';
import { initialize, recalculate } from '../../../engine/expression/index';
import { bindSurvey, compileSurvey, graphOf, q, repeat, section, survey } from '../../../engine/survey/index';
import { messages, validate } from './helpers';

describe('required questions', () => {
  const s = survey(
    q.text('anchor'),
    q.text('name').required(),
    q.select_one('yn').required().choices('yes', 'no'),
    q.select_multiple('fruit').required().choices('apple', 'mango'),
    q.ranking('rank').required().choices('a', 'b'),
    q.phone('phone').required(),
    q.acknowledge('ok').required(),
    q.rating('stars').required().choices('r').columns('c'),
  );

  it.each([
    ['name', 'This field is required'],
    ['yn', 'You must select one'],
    ['fruit', 'You must select at least one'],
    ['rank', 'All rankings must be selected'],
    ['phone', 'This field is required'],
    ['ok', 'This field is required'],
    ['stars', 'This field is required'],
  ])('%s: %s', (name, message) => {
    expect(messages(s, { anchor: 'x' })[name]).toBe(message);
  });

  it('counts blank text, an empty list, an unticked acknowledge and an empty grid as missing', () => {
    const found = messages(s, { anchor: 'x', name: '   ', fruit: '', ok: false, stars: { r: '' } });
    expect(Object.keys(found)).toEqual(['name', 'yn', 'fruit', 'rank', 'phone', 'ok', 'stars']);
  });

  it('asks nothing of questions that are not relevant, or inside a section that is not', () => {
    const t = survey(
      q.text('show'),
      q.text('a').required().relevant("${show} = 'yes'"),
      section('s', q.text('b').required()).relevant("${show} = 'yes'"),
      repeat('r', q.text('c').required()).relevant("${show} = 'yes'"),
    );
    expect(messages(t, { show: 'no', r: [{}] })).toEqual({});
    expect(messages(t, { show: 'yes', r: [{}, { c: 'x' }] })).toEqual({
      a: 'This field is required',
      b: 'This field is required',
      'r[1]/c': 'This field is required',
    });
  });

  it('points at the answer in the form data, for the page to scroll to the first one', () => {
    const t = survey(q.text('top'), repeat('members', q.text('member_name').required()));
    const { issues } = validate(t, { top: 'x', members: [{ member_name: 'A' }, {}] });
    expect(issues).toEqual([
      {
        path: 'members[2]/member_name',
        pointer: ['members', 1, 'member_name'],
        name: 'member_name',
        questionId: expect.any(String),
        kind: 'required',
        message: 'This field is required',
      },
    ]);
  });

  it('never requires what the respondent does not answer (notes, calculations, hidden)', () => {
    const t = survey(q.text('a'), q.note('n').required(), q.calculate('c').calculation("''").required(), q.hidden('h').required());
    expect(messages(t, { a: 'x' })).toEqual({});
  });
});

describe('a required condition', () => {
  // A verbal-autopsy row: the date of death is asked of everyone, required only of the dead.
  const s = survey(
    q.select_one('health').choices('alive', 'dead'),
    q.date('death_date').required("${health} = 'dead'"),
    repeat('members', q.select_one('status').choices('here', 'away'), q.text('where').required("${status} = 'away'")),
  );

  it('is required only while its condition holds', () => {
    expect(messages(s, { health: 'alive' })).toEqual({});
    expect(messages(s, { health: 'dead' })).toEqual({ death_date: 'This field is required' });
    expect(validate(s, { health: 'dead', death_date: '2026-03-01' }).valid).toBe(true);
  });

  it('is evaluated per repeat instance', () => {
    expect(messages(s, { health: 'alive', members: [{ status: 'here' }, { status: 'away' }] })).toEqual({
      'members[2]/where': 'This field is required',
    });
  });

  it('shows as required in the live state only while it holds, and is no schema-level required', () => {
    const b = bindSurvey(s);
    const graph = graphOf(b);
    let { state } = initialize(graph, { health: 'alive' });
    expect(state.questions.get('death_date')?.required).toBe(false);
    const r = recalculate(state, 'health', 'dead');
    ({ state } = r);
    expect(state.questions.get('death_date')?.required).toBe(true);
    expect(r.changes.required).toContain('death_date');
    expect(compileSurvey(s).schema.required ?? []).not.toContain('death_date');
    expect(b.diagnostics).toEqual([]);
  });

  it('names an unknown question in the condition for the builder', () => {
    const t = survey(q.text('a').required("${nobody} = 'x'"));
    expect(bindSurvey(t).diagnostics).toMatchObject([{ name: 'a', role: 'requiredIf', code: 'reference' }]);
  });
});
