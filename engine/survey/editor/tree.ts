// The survey's item tree as immutable data: find, remove and insert by path, then one pass that puts
// order numbers, section ids and xpaths right again. Untouched items keep their identity, so an undo
// history of whole states shares everything that did not change.
import type { SurveyItem } from '../model';

/** Where an item sits: the indexes from the top down. */
export type Path = readonly number[];

export interface Located {
  item: SurveyItem;
  path: Path;
  /** The enclosing section's id; null at the top. */
  parentId: string | null;
}

export function locate(items: readonly SurveyItem[], id: string): Located | undefined {
  const search = (list: readonly SurveyItem[], path: number[], parentId: string | null): Located | undefined => {
    for (let i = 0; i < list.length; i++) {
      const item = list[i]!;
      if (item.id === id) return { item, path: [...path, i], parentId };
      const inner = search(item.innerItems, [...path, i], item.id);
      if (inner) return inner;
    }
    return undefined;
  };
  return search(items, [], null);
}

/** Every item of the tree, parents before their children. */
export function* walkItems(items: readonly SurveyItem[]): Generator<SurveyItem> {
  for (const item of items) {
    yield item;
    yield* walkItems(item.innerItems);
  }
}

/** A copy of the tree with the children list at `path` replaced. */
function withChildren(
  items: readonly SurveyItem[],
  path: Path,
  next: (list: readonly SurveyItem[]) => readonly SurveyItem[],
): SurveyItem[] {
  if (path.length === 0) return [...next(items)];
  const [head, ...rest] = path as [number, ...number[]];
  return items.map((item, i) => (i === head ? { ...item, innerItems: withChildren(item.innerItems, rest, next) } : item));
}

export function replaceAt(items: readonly SurveyItem[], path: Path, item: SurveyItem): SurveyItem[] {
  return withChildren(items, path.slice(0, -1), (list) => list.map((x, i) => (i === path[path.length - 1] ? item : x)));
}

export function removeAt(items: readonly SurveyItem[], path: Path): SurveyItem[] {
  return withChildren(items, path.slice(0, -1), (list) => list.filter((_, i) => i !== path[path.length - 1]));
}

/** Inserts into the section at `parentPath` (empty: the top) at `index` (clamped; undefined: the end). */
export function insertAt(items: readonly SurveyItem[], parentPath: Path, index: number | undefined, item: SurveyItem): SurveyItem[] {
  return withChildren(items, parentPath, (list) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), item, ...list.slice(at)];
  });
}

/**
 * Order numbers 1..n in every list, sectionId and xpath from the tree itself. Items whose values do
 * not change are returned as they were.
 */
export function normalize(items: readonly SurveyItem[], sectionId: string | null = null, prefix = ''): SurveyItem[] {
  let changed = false;
  const out = items.map((item, index) => {
    const xpath = prefix ? `${prefix}/${item.surveyItem.name}` : item.surveyItem.name;
    const innerItems = normalize(item.innerItems, item.id, xpath);
    const order = index + 1;
    const same = item.sectionId === sectionId && item.xpath === xpath && item.surveyItem.order === order && innerItems === item.innerItems;
    if (same) return item;
    changed = true;
    return {
      ...item,
      sectionId,
      xpath,
      innerItems,
      surveyItem: item.surveyItem.order === order ? item.surveyItem : { ...item.surveyItem, order },
    };
  });
  return changed || out.length !== items.length ? out : (items as SurveyItem[]);
}
