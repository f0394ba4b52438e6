// The item tree as the flat list of rows the sortable list shows, and where a drop in that list lands in
// the tree. Pure, so the drag rules (into a section, out of it, to the end) are unit-tested without a
// browser. Every section is followed by an 'end' row: the place to drop into it as its last item, and
// the step out of it for a keyboard move.
import { isQuestionType, isSheetType, type QuestionType, type SheetType, type SurveyItem } from '../../../../engine/survey/index';

export const END_OF_TOP = 'end:';
export const endOf = (sectionId: string | null): string => `${END_OF_TOP}${sectionId ?? ''}`;
export const NEW_PREFIX = 'new:';

/** What a palette entry adds: a type, and the XLSForm variant of it ('new:34:geotrace'). */
export interface NewEntry {
  type: QuestionType;
  sheetType?: SheetType;
}
export const newEntryId = (e: NewEntry): string => `${NEW_PREFIX}${e.type}${e.sheetType ? `:${e.sheetType}` : ''}`;
/** The entry of a palette id, or null when the id is none. */
export function newEntryOf(id: string): NewEntry | null {
  if (!id.startsWith(NEW_PREFIX)) return null;
  const [code, variant] = id.slice(NEW_PREFIX.length).split(':');
  const type = Number(code);
  if (!isQuestionType(type)) return null;
  return variant !== undefined && isSheetType(variant) ? { type, sheetType: variant } : { type };
}

export type Row =
  | { kind: 'item'; id: string; depth: number; parentId: string | null; item: SurveyItem }
  | { kind: 'end'; id: string; depth: number; sectionId: string | null };

const isSection = (item: SurveyItem): boolean => item.itemLabel === 'Section';

/** The rows, top down; `hidden`: a section being dragged, whose contents travel with it. */
export function flatten(items: readonly SurveyItem[], hidden: string | null = null): Row[] {
  const rows: Row[] = [];
  const walk = (list: readonly SurveyItem[], depth: number, parentId: string | null) => {
    for (const item of list) {
      rows.push({ kind: 'item', id: item.id, depth, parentId, item });
      if (isSection(item) && item.id !== hidden) {
        walk(item.innerItems, depth + 1, item.id);
        rows.push({ kind: 'end', id: endOf(item.id), depth: depth + 1, sectionId: item.id });
      }
    }
  };
  walk(items, 0, null);
  rows.push({ kind: 'end', id: endOf(null), depth: 0, sectionId: null });
  return rows;
}

export interface Drop {
  parentId: string | null;
  /** In the target list without the moved item (the editor's 'move' and 'add' count so). */
  index: number;
}

function childrenOf(items: readonly SurveyItem[], parentId: string | null): readonly SurveyItem[] {
  if (parentId === null) return items;
  for (const item of items) {
    if (item.id === parentId) return item.innerItems;
    const inner = childrenOf(item.innerItems, parentId);
    if (inner.length > 0) return inner;
  }
  return [];
}

/** Where the item after `prev` goes: right after it, first in it (a section's head), or after its section (an end row). */
function after(items: readonly SurveyItem[], rows: readonly Row[], prev: Row | undefined, movingId: string | null): Drop {
  const without = (parentId: string | null) => childrenOf(items, parentId).filter((i) => i.id !== movingId);
  if (prev === undefined) return { parentId: null, index: 0 };
  if (prev.kind === 'item') {
    if (isSection(prev.item) && prev.id !== movingId && rows.some((r) => r.kind === 'end' && r.sectionId === prev.id))
      return { parentId: prev.id, index: 0 };
    return { parentId: prev.parentId, index: without(prev.parentId).findIndex((i) => i.id === prev.id) + 1 };
  }
  if (prev.sectionId === null) return { parentId: null, index: without(null).length };
  const section = rows.find((r): r is Extract<Row, { kind: 'item' }> => r.kind === 'item' && r.id === prev.sectionId);
  const parentId = section?.parentId ?? null;
  return { parentId, index: without(parentId).findIndex((i) => i.id === prev.sectionId) + 1 };
}

/**
 * Where dropping `activeId` over `overId` puts it, as the sortable list shows it: an item of the list
 * takes the over row's place (after it when moving down); a new item from the palette goes before the
 * row it is over. Null: no move.
 */
export function dropTarget(items: readonly SurveyItem[], rows: readonly Row[], activeId: string, overId: string): Drop | null {
  const o = rows.findIndex((r) => r.id === overId);
  if (o < 0) return null;
  if (activeId.startsWith(NEW_PREFIX)) return after(items, rows, rows[o - 1], null);
  const a = rows.findIndex((r) => r.id === activeId);
  if (a < 0 || a === o) return null;
  // Without the active row, the over row sits at o - 1 when moving down (the active goes after it) and
  // at o when moving up (the active goes before it): either way the row before the new place is o - 1.
  const order = rows.filter((_, i) => i !== a);
  return after(items, rows, order[o - 1], activeId);
}
