// The appearance values a question may carry (spec 001 section 5); others are logged as invalid and
// otherwise ignored (the widget shows its plain form).
import type { Bindings } from '../../engine/survey/index';

const ACCEPTED = new Set([
  'autocomplete',
  'minimal',
  'search',
  'quick',
  'columns-pack',
  'columns',
  'no-buttons',
  'image-map',
  'likert',
  'map',
  'label',
  'list-nolabel',
  'list',
  'numbers',
  'month-year',
  'rating',
]);

export const isAcceptedAppearance = (a: string): boolean => ACCEPTED.has(a) || /^columns-\d+$/.test(a) || /^search\(.*\)$/.test(a);

/** '<question>: <appearance>' for every value outside the list. */
export function invalidAppearances(b: Bindings): string[] {
  const out: string[] = [];
  for (const node of b.nodes)
    if (node.kind === 'field') for (const a of node.appearance) if (!isAcceptedAppearance(a)) out.push(`${node.name}: ${a}`);
  return out;
}
