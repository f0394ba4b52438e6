// Spec 001 section 5: max choices N is written into the constraint as count-selected(.) <= N.
import { describe, expect, it } from 'vitest';
import { bindSurvey, locate, maxChoicesOf, withMaxChoices } from '../../../../engine/survey/index';
import { edit, idOf, start } from './helpers';

describe('withMaxChoices', () => {
  it.each([
    [null, 2, 'count-selected(.) <= 2'],
    ['count-selected(.) <= 2', 3, 'count-selected(.) <= 3'],
    ["selected(., 'food') and count-selected(.) <= 2", 4, "selected(., 'food') and count-selected(.) <= 4"],
    ["count-selected( . )<=2 and not(selected(., 'none'))", 1, "not(selected(., 'none')) and count-selected(.) <= 1"],
    ["selected(., 'a') or selected(., 'b')", 2, "(selected(., 'a') or selected(., 'b')) and count-selected(.) <= 2"],
    ["selected(., 'a') and count-selected(.) <= 2", null, "selected(., 'a')"],
    ['count-selected(.) <= 2', null, null],
    ["${band} = 'and or'", 2, "${band} = 'and or' and count-selected(.) <= 2"],
  ])('%s with %s -> %s', (constraint, max, expected) => {
    expect(withMaxChoices(constraint, max)).toBe(expected);
  });

  it('reads the maximum back', () => {
    expect(maxChoicesOf("selected(., 'a') and count-selected(.) <= 5")).toBe(5);
    expect(maxChoicesOf("selected(., 'a')")).toBeNull();
  });
});

it('setting max choices on a select multiple rewrites its constraint, and the result compiles', () => {
  const s0 = start();
  const id = idOf(s0.model, 'needs');
  const s1 = edit(s0, { op: 'set', id, property: 'maxChoices', value: 1 });
  expect(locate(s1.model.surveyItems, id)!.item.surveyItem).toMatchObject({
    maxChoices: 1,
    constraint: '${size} > 0 and count-selected(.) <= 1',
  });
  expect(bindSurvey(s1.model).diagnostics).toEqual([]);
  const s2 = edit(s1, { op: 'set', id, property: 'maxChoices', value: null });
  expect(locate(s2.model.surveyItems, id)!.item.surveyItem).toMatchObject({ maxChoices: null, constraint: '${size} > 0' });
  const s3 = edit(s2, { op: 'set', id, property: 'constraint', value: 'count-selected(.) <= 2' });
  expect(locate(s3.model.surveyItems, id)!.item.surveyItem.maxChoices).toBe(2);
});
