// The one address of a question or section in a survey's data. XLSForm names are unique per parent
// (group or repeat), not per form, so a name alone may not say which question an answer belongs to.
// The key is the name where the survey uses it once (every survey before names could repeat, so their
// form data, drafts, exports and filters are unchanged), and the names from the top down to the item
// joined by KEY_SEPARATOR where the name repeats: `household~name` and `household~member~name`. The
// bindings carry the key as each node's `name`, so the form data, the dependency graph, the validator,
// the answer codecs and the data columns all address by it.
import type { SurveyItem } from './model';

/** A character no name holds (NAME_PATTERN) and no instance path uses ('/', '[n]'): a key never meets a name. */
export const KEY_SEPARATOR = '~';

export interface SurveyKeys {
  /** Item id -> key. */
  readonly keys: ReadonlyMap<string, string>;
  /** Names used by more than one question or section: a `${name}` of them is ambiguous (pyxform refuses it). */
  readonly repeated: ReadonlySet<string>;
}

/** The key of every item of the tree. */
export function surveyKeys(items: readonly SurveyItem[]): SurveyKeys {
  const count = new Map<string, number>();
  const countNames = (list: readonly SurveyItem[]): void => {
    for (const item of list) {
      count.set(item.surveyItem.name, (count.get(item.surveyItem.name) ?? 0) + 1);
      countNames(item.innerItems);
    }
  };
  countNames(items);
  const keys = new Map<string, string>();
  const assign = (list: readonly SurveyItem[], path: readonly string[]): void => {
    for (const item of list) {
      const name = item.surveyItem.name;
      const steps = [...path, name];
      keys.set(item.id, (count.get(name) ?? 0) > 1 ? steps.join(KEY_SEPARATOR) : name);
      assign(item.innerItems, steps);
    }
  };
  assign(items, []);
  return { keys, repeated: new Set([...count].filter(([, n]) => n > 1).map(([name]) => name)) };
}

/** How a key is shown as a column header or in a message: the group path where the name repeats (`household/name`). */
export const keyLabel = (key: string): string => key.split(KEY_SEPARATOR).join('/');
