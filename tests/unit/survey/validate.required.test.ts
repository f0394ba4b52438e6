// Required answers of relevant questions, with the spec's message per type (spec 001 section 5).
import { describe, expect, it } from 'vitest';
import { q, repeat, section, survey } from '../../../engine/survey/index';
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
