// Completion in the builder's expression fields: after `${` the survey's names, elsewhere the names of
// the engine's functions (engine/expression FUNCTIONS). Pure: the text and the caret in, what to offer
// and the span it replaces out; the field only shows the list.
import { FUNCTIONS } from '../../expression/index';
import type { SurveyModel } from '../model';
import { walkItems } from './tree';

export interface CompletionOption {
  /** What the list shows. */
  label: string;
  /** What replaces the span. */
  insert: string;
  kind: 'name' | 'function';
}

export interface Completion {
  from: number;
  to: number;
  options: CompletionOption[];
}

export const MAX_COMPLETIONS = 8;

const FUNCTION_NAMES = [...FUNCTIONS.keys()].sort();

/** The survey's names, in the outline's order (sections included: their counters are read too). */
export const surveyNames = (model: SurveyModel): string[] => [...walkItems(model.surveyItems)].map((i) => i.surveyItem.name);

/** Starting with what was typed first, then containing it; at most MAX_COMPLETIONS. */
function rank(all: readonly string[], typed: string): string[] {
  const t = typed.toLowerCase();
  const starts = all.filter((n) => n.toLowerCase().startsWith(t));
  const contains = t === '' ? [] : all.filter((n) => !n.toLowerCase().startsWith(t) && n.toLowerCase().includes(t));
  return [...starts, ...contains].slice(0, MAX_COMPLETIONS);
}

export function completionsAt(text: string, caret: number, names: readonly string[]): Completion | null {
  const before = text.slice(0, caret);
  const ref = /\$\{([^}\s]*)$/.exec(before);
  if (ref) {
    // A closing brace already there is replaced too, so accepting never leaves `}}`.
    const to = text[caret] === '}' ? caret + 1 : caret;
    const options = rank(names, ref[1]!).map((n): CompletionOption => ({ label: n, insert: `\${${n}}`, kind: 'name' }));
    return options.length ? { from: ref.index, to, options } : null;
  }
  // A function name: a word of two letters or more, not inside a string, a reference or a path.
  const word = /(^|[\s(,=<>!+*|/-])([a-z][a-z0-9-]+)$/i.exec(before);
  if (!word || (before.split("'").length - 1) % 2 === 1 || (before.split('"').length - 1) % 2 === 1) return null;
  const typed = word[2]!;
  const options = rank(FUNCTION_NAMES, typed)
    .filter((n) => n !== typed)
    .map((n): CompletionOption => ({ label: `${n}()`, insert: `${n}(`, kind: 'function' }));
  return options.length ? { from: caret - typed.length, to: caret, options } : null;
}

/** Names an expression refers to (`${name}`), each once. */
export function referencedNames(expression: string): string[] {
  return [...new Set([...expression.matchAll(/\$\{([^}\s]+)\}/g)].map((m) => m[1]!))];
}

/**
 * The names an item's expression refers to that come after it in the survey: when the item is asked
 * they are still empty (allowed in XLSForm, and usually a mistake worth a word).
 */
export function laterReferences(model: SurveyModel, itemId: string, expression: string): string[] {
  const order = surveyNames(model);
  const items = [...walkItems(model.surveyItems)];
  const at = items.findIndex((i) => i.id === itemId);
  if (at < 0) return [];
  // Inside a section, the section's own questions are not "later" for the section's relevance.
  const self = items[at]!;
  const inside = new Set([...walkItems(self.innerItems)].map((i) => i.surveyItem.name));
  return referencedNames(expression).filter((n) => {
    const i = order.indexOf(n);
    return i > at && !inside.has(n);
  });
}
