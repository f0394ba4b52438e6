// Names: unique, valid XML names, problems reported by code; a rename carries references along.
import { describe, expect, it } from 'vitest';
import { applyEdit, checkName, freshName, locate } from '../../../../engine/survey/index';
import { counterEnv, edit, idOf, sample, start } from './helpers';

describe('checkName', () => {
  it.each([
    ['', 'empty'],
    ['1st', 'invalid'],
    ['has space', 'invalid'],
    ['size', 'duplicate'],
    ['x'.repeat(201), 'tooLong'],
  ])('%s -> %s', (name, code) => {
    expect(checkName(sample(), name)?.code).toBe(code);
  });

  it('accepts a valid new name, and an item keeping its own', () => {
    const m = sample();
    expect(checkName(m, 'household_size')).toBeNull();
    expect(checkName(m, 'size', idOf(m, 'size'))).toBeNull();
  });
});

it('freshName counts up past names in use', () => {
  expect(freshName('a', new Set(['a', 'a_2']))).toBe('a_3');
  expect(freshName('1bad name', new Set())).toBe('q_1bad_name');
});

describe('renaming', () => {
  it('refuses a duplicate name with its code', () => {
    const s0 = start();
    const r = applyEdit(s0, { op: 'set', id: idOf(s0.model, 'name'), property: 'name', value: 'size' }, counterEnv());
    expect(r.ok ? null : r.problem).toMatchObject({ code: 'duplicate', itemId: idOf(s0.model, 'name') });
  });

  it('rewrites ${old} in expressions and the xpath of what is inside', () => {
    const s0 = start();
    const s = edit(
      s0,
      { op: 'set', id: idOf(s0.model, 'size'), property: 'name', value: 'hh_size' },
      { op: 'set', id: idOf(s0.model, 'household'), property: 'name', value: 'home' },
    );
    expect(locate(s.model.surveyItems, idOf(s0.model, 'needs'))!.item.surveyItem.constraint).toBe('${hh_size} > 0');
    expect(locate(s.model.surveyItems, idOf(s0.model, 'age'))!.item.xpath).toBe('home/members/age');
  });
});
