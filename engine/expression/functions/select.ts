// select_one / select_multiple answers: space-separated choice names.
import { fn } from './types';

const SPACES = /\s+/;

function names(answer: string): string[] {
  const trimmed = answer.trim();
  return trimmed === '' ? [] : trimmed.split(SPACES);
}

/**
 * JavaRosa's test (XPathFuncExpr.multiSelected): the trimmed choice between spaces inside the answer
 * between spaces. So an empty choice is selected only where the answer has an empty item (a blank
 * answer, or a doubled, leading or trailing space), never in 'a b'.
 */
const selected = (answer: string, choice: string): boolean => ` ${answer} `.includes(` ${choice.trim()} `);

export const selectFunctions = {
  selected: fn(['string', 'string'], 'boolean', (_, answer, choice) => selected(answer, choice), { quoted: [1] }),
  'not-selected': fn(['string', 'string'], 'boolean', (_, answer, choice) => !selected(answer, choice), { quoted: [1] }),
  'count-selected': fn(['string'], 'number', (_, answer) => names(answer).length),
  /** 0-based; an index outside the answer gives ''. */
  'selected-at': fn(['string', 'number'], 'string', (_, answer, index) => {
    const list = names(answer);
    return list[Math.trunc(index)] ?? '';
  }),
  'jr:choice-name': fn(['string', 'string'], 'string', (scope, value, field) => scope.choiceLabel(value, field), {
    volatile: true,
  }),
} as const;
