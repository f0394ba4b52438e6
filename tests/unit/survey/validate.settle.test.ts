// What is stored: answers of irrelevant questions dropped, calculations recomputed (a calculation
// wins over a submitted value), repeat counts applied, choice filters re-applied.
import { describe, expect, it } from 'vitest';
import { q, repeat, section, survey } from '../../../engine/survey/index';
import { messages, stored, validate } from './helpers';

describe('relevance', () => {
  const s = survey(
    q.select_one('smoker').choices('yes', 'no'),
    q.integer('per_day').relevant("${smoker} = 'yes'"),
    section('details', q.text('brand'), q.integer('years')).relevant('${per_day} > 10'),
    q.text('after'),
  );

  it('drops answers of questions and sections that are not relevant', () => {
    expect(stored(s, { smoker: 'no', per_day: 20, brand: 'X', years: 3, after: 'kept' })).toEqual({ smoker: 'no', after: 'kept' });
    expect(stored(s, { smoker: 'yes', per_day: 5, brand: 'X', after: 'kept' })).toEqual({ smoker: 'yes', per_day: 5, after: 'kept' });
    expect(stored(s, { smoker: 'yes', per_day: 20, brand: 'X' })).toEqual({ smoker: 'yes', per_day: 20, brand: 'X' });
  });

  it('drops answers the survey does not ask', () => {
    expect(stored(s, { smoker: 'no', unknown: 'x', __proto__: { polluted: true } } as never)).toEqual({ smoker: 'no' });
  });

  it('drops a whole repeat that is not relevant', () => {
    const t = survey(q.integer('n'), repeat('r', q.text('v')).relevant('${n} > 0'));
    expect(stored(t, { n: 0, r: [{ v: 'a' }] })).toEqual({ n: 0 });
    expect(stored(t, { n: 1, r: [{ v: 'a' }] })).toEqual({ n: 1, r: [{ v: 'a' }] });
  });
});

describe('calculations', () => {
  const s = survey(
    q.integer('adults'),
    q.integer('children'),
    q.calculate('size').calculation('${adults} + ${children}'),
    q.calculate('share').calculation('round(${children} div ${size} * 100, 0)'),
    q.hidden('version').default('v3'),
    q.integer('doubled').calculation('${size} * 2'),
  );

  it('recomputes the chain whatever the client sent, each value as its question holds it', () => {
    expect(stored(s, { adults: 2, children: 2, size: '99', share: 'x', version: 'tampered', doubled: 1 })).toEqual({
      adults: 2,
      children: 2,
      size: '4',
      share: '50',
      version: 'v3',
      doubled: 8,
    });
  });

  it('leaves an incomplete calculation empty', () => {
    expect(stored(s, { adults: 2 })).toEqual({ adults: 2, version: 'v3' });
  });

  it('computes per repeat instance and across instances', () => {
    const t = survey(
      repeat('members', q.integer('age'), q.calculate('is_child').calculation('if(${age} < 5, 1, 0)')),
      q.calculate('children').calculation('sum(${is_child})'),
    );
    expect(stored(t, { members: [{ age: 30 }, { age: 2 }, { age: 4 }] })).toEqual({
      members: [
        { age: 30, is_child: '0' },
        { age: 2, is_child: '1' },
        { age: 4, is_child: '1' },
      ],
      children: '2',
    });
  });
});

describe('repeat counts', () => {
  const s = survey(q.integer('n'), repeat('members', q.text('name').required()).repeat('${n}'), repeat('three', q.text('t')).repeat(3));

  it('applies the count: extra instances go, missing ones come (and must be filled)', () => {
    const r = validate(s, { n: 2, members: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    expect(r.data.members).toEqual([{ name: 'A' }, { name: 'B' }]);
    expect(messages(s, { n: 2, members: [{ name: 'A' }] })).toEqual({ 'members[2]/name': 'This field is required' });
    expect(validate(s, { n: 0 }).data).toEqual({ n: 0, three: [{}, {}, {}] });
  });
});

describe('choice filters', () => {
  const s = survey(
    q.select_one('region').choices('north', 'south'),
    q
      .select_one('district')
      .choiceFilter('region = ${region}')
      .choices(
        { name: 'n1', filters: { region: 'north' } },
        { name: 'n2', filters: { region: 'north' } },
        { name: 's1', filters: { region: 'south' } },
      ),
    q.select_one('broken').choiceFilter('region = = ${region}').choices('a'),
  );

  it('keeps a choice the filter allows', () => {
    expect(stored(s, { region: 'north', district: 'n2' })).toEqual({ region: 'north', district: 'n2' });
  });

  it('clears a choice the filter does not allow, as the page does', () => {
    expect(stored(s, { region: 'south', district: 'n2' })).toEqual({ region: 'south' });
  });
});

describe('defaults', () => {
  const s = survey(
    q.text('t'),
    q.integer('n').default('5'),
    q.acknowledge('ok').default('yes'),
    q.text('greet').default("it's me"),
    q.date('d').default('today()'),
  );

  it('fill a new form with values of the right type', () => {
    expect(stored(s, { t: 'x' }, { applyDefaults: true, now: new Date('2026-03-04T10:00:00Z'), timeZoneOffset: 0 })).toEqual({
      t: 'x',
      n: 5,
      ok: true,
      greet: "it's me",
      d: '2026-03-04',
    });
  });

  it('are never applied to a received submission: a cleared answer stays cleared', () => {
    expect(stored(s, { t: 'x' })).toEqual({ t: 'x' });
  });
});
