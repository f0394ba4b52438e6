// Where a drop in the builder's flat sortable list lands in the item tree: within a list, into a
// section (its head or its end row), out of it, and a new item from the palette.
import { describe, expect, it } from 'vitest';
import { q, section, survey, type SurveyItem } from '../../../engine/survey/index';
import { dropTarget, endOf, flatten, newEntryId, newEntryOf, NEW_PREFIX } from '../../../src/pages/surveys/builder/treeRows';

const model = survey(q.text('a'), section('s', q.text('b'), q.text('c')), q.text('d'));
const items: readonly SurveyItem[] = model.surveyItems;
const id = (name: string): string => {
  const find = (list: readonly SurveyItem[]): SurveyItem | undefined =>
    list.map((i) => (i.surveyItem.name === name ? i : find(i.innerItems))).find(Boolean);
  return find(items)!.id;
};
const rows = flatten(items);
const drop = (active: string, over: string) => dropTarget(items, flatten(items, active), active, over);

describe('flatten', () => {
  it('lists items top down with an end row after each section and at the end', () => {
    expect(rows.map((r) => (r.kind === 'item' ? r.item.surveyItem.name : r.id === endOf(null) ? 'END' : 'end:s'))).toEqual([
      'a',
      's',
      'b',
      'c',
      'end:s',
      'd',
      'END',
    ]);
  });
  it("hides a dragged section's contents", () => expect(flatten(items, id('s')).length).toBe(4));
});

describe('dropTarget', () => {
  it('moves down within the top list', () => expect(drop(id('a'), id('d'))).toEqual({ parentId: null, index: 2 }));
  it('moves up into a section after its head', () => expect(drop(id('d'), id('b'))).toEqual({ parentId: id('s'), index: 0 }));
  it('moves down onto a section head: first in it', () => expect(drop(id('a'), id('s'))).toEqual({ parentId: id('s'), index: 0 }));
  // As the sortable list shows it: moving up onto the end row is before it (last in the section),
  // moving down onto it is after it (out of the section).
  it('moves up onto the end row: last in the section', () =>
    expect(drop(id('d'), endOf(id('s')))).toEqual({ parentId: id('s'), index: 2 }));
  it('moves down onto the end row: right after the section', () =>
    expect(drop(id('a'), endOf(id('s')))).toEqual({ parentId: null, index: 1 }));
  it('moves out of a section past its end row', () => expect(drop(id('c'), endOf(id('s')))).toEqual({ parentId: null, index: 2 }));
  it('puts a new item before the row it is over', () => {
    expect(dropTarget(items, rows, `${NEW_PREFIX}34`, id('c'))).toEqual({ parentId: id('s'), index: 1 });
    expect(dropTarget(items, rows, `${NEW_PREFIX}34`, endOf(null))).toEqual({ parentId: null, index: 3 });
  });
  it('is no move over itself', () => expect(drop(id('a'), id('a'))).toBeNull());
});

describe('a palette entry', () => {
  it('reads back from its drag id, with its XLSForm variant', () => {
    expect(newEntryOf(newEntryId({ type: 34, sheetType: 'geotrace' }))).toEqual({ type: 34, sheetType: 'geotrace' });
    expect(newEntryOf(newEntryId({ type: 110 }))).toEqual({ type: 110 });
    expect(newEntryOf('new:999')).toBeNull();
    expect(newEntryOf('new:34:nonsense')).toEqual({ type: 34 });
  });
});
