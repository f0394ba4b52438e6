// Names: unique in their group (XLSForm's rule), valid XML names, problems reported by code; a rename carries references along.
import { describe, expect, it } from 'vitest';
import { applyEdit, bindSurvey, checkName, freshName, locate } from '../../../../engine/survey/index';
import { counterEnv, edit, idOf, sample, start } from './helpers';

describe('checkName', () => {
  it.each([
    ['', 'empty'],
    ['1st', 'invalid'],
    ['has space', 'invalid'],
    ['needs', 'duplicate'],
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
  it('refuses a name its group already has, with its code', () => {
    const s0 = start();
    const r = applyEdit(s0, { op: 'set', id: idOf(s0.model, 'name'), property: 'name', value: 'needs' }, counterEnv());
    expect(r.ok ? null : r.problem).toMatchObject({ code: 'duplicate', itemId: idOf(s0.model, 'name') });
    const inner = applyEdit(s0, { op: 'set', id: idOf(s0.model, 'age'), property: 'name', value: 'member_name' }, counterEnv());
    expect(inner.ok ? null : inner.problem).toMatchObject({ code: 'duplicate' });
  });

  it('accepts a name another group uses, and the bindings address both by their paths', () => {
    const s0 = start();
    const s = edit(s0, { op: 'set', id: idOf(s0.model, 'member_name'), property: 'name', value: 'name' });
    expect(checkName(s.model, 'size', idOf(s.model, 'needs'))).toBeNull();
    const b = bindSurvey(s.model);
    expect(b.diagnostics).toEqual([]);
    // The top one's path is its name; the repeat's one is addressed by the groups around it.
    expect(b.byName.get('name')?.id).toBe(idOf(s0.model, 'name'));
    expect(b.byName.get('household~members~name')?.id).toBe(idOf(s0.model, 'member_name'));
  });

  it('refuses a move that brings a second name into a group', () => {
    let s = edit(start(), { op: 'add', questionType: 34, parentId: null });
    s = edit(s, { op: 'set', id: 'new-1', property: 'name', value: 'size' });
    const r = applyEdit(s, { op: 'move', id: 'new-1', parentId: idOf(s.model, 'household'), index: 0 }, counterEnv());
    expect(r.ok ? null : r.problem).toMatchObject({ code: 'duplicate', itemId: 'new-1' });
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
