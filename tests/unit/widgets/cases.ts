// One case per question type for the registry's contract suite: how to ask a question of that type,
// an answer to start from and how it shows, and one thing a respondent does with the widget and the
// answer that results. Keyed by the type table, so a new type without a case does not compile.
import { q, repeat, type ItemBuilder, type QuestionType } from '../../../engine/survey/index';
import { click, type } from './support';

export interface Case {
  item: (label: string) => ItemBuilder;
  /** The answer to start from (form data of the question's name). */
  value: unknown;
  /** The widget shows that answer. */
  shows: (frame: HTMLElement) => boolean;
  /** What the respondent does, and the answer it gives; none for display-only types. */
  drive?: (frame: HTMLElement) => void;
  driven?: unknown;
}

const input = (frame: HTMLElement, selector = 'input'): HTMLInputElement => frame.querySelector<HTMLInputElement>(selector)!;
const button = (frame: HTMLElement, text: string): HTMLButtonElement =>
  [...frame.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text)!;

const PNG = 'data:image/png;name=shelter.png;base64,iVBORw0KGgoAAAANSUhEUg==';
const PDF = 'data:application/pdf;name=form.pdf;base64,JVBERi0xLjQK';

export const CASES: Record<QuestionType, Case> = {
  0: {
    item: (label) => repeat('answer', q.text('inner').label('Inner')).label(label),
    value: [{ inner: 'one' }],
    shows: (f) => f.querySelectorAll('[data-testid="repeat-instance"]').length === 1 && input(f, 'textarea').value === 'one',
    drive: (f) => click(f.querySelector('[data-testid="repeat-add-answer"]')),
    driven: [{ inner: 'one' }, {}],
  },
  32: {
    item: (label) => q.select_one('answer').label(label).choices('a', 'b', 'c'),
    value: 'b',
    shows: (f) => input(f, 'input[value=b]').checked && !input(f, 'input[value=a]').checked,
    drive: (f) => click(input(f, 'input[value=c]')),
    driven: 'c',
  },
  33: {
    item: (label) => q.select_multiple('answer').label(label).choices('a', 'b', 'c'),
    value: 'a c',
    shows: (f) => input(f, 'input[value=a]').checked && input(f, 'input[value=c]').checked && !input(f, 'input[value=b]').checked,
    drive: (f) => click(input(f, 'input[value=b]')),
    driven: 'a b c',
  },
  34: {
    item: (label) => q.text('answer').label(label),
    value: 'hello',
    shows: (f) => input(f, 'textarea').value === 'hello',
    drive: (f) => type(input(f, 'textarea'), 'good bye'),
    driven: 'good bye',
  },
  35: {
    item: (label) => q.integer('answer').label(label),
    value: 42,
    shows: (f) => input(f).value === '42',
    drive: (f) => type(input(f), '-7'),
    driven: -7,
  },
  36: {
    item: (label) => q.decimal('answer').label(label),
    value: 3.25,
    shows: (f) => input(f).value === '3.25',
    drive: (f) => type(input(f), '1,5'),
    driven: 1.5,
  },
  37: {
    item: (label) => q.date('answer').label(label),
    value: '2024-02-29',
    shows: (f) => input(f).value === '2024-02-29',
    drive: (f) => type(input(f), '2025-01-31'),
    driven: '2025-01-31',
  },
  38: {
    item: (label) => q.time('answer').label(label),
    value: '09:30',
    shows: (f) => input(f).value === '09:30',
    drive: (f) => type(input(f), '18:45'),
    driven: '18:45',
  },
  40: {
    item: (label) => q.note('answer').label(label),
    value: 'A note to read',
    shows: (f) => f.textContent?.includes('A note to read') === true,
  },
  100: {
    item: (label) => q.phone('answer').label(label),
    value: '+12025550123',
    shows: (f) => input(f).value === '+1 202 555 0123',
    drive: (f) => type(input(f), '(202) 555-0199'),
    driven: '+12025550199',
  },
  104: {
    item: (label) => q.datetime('answer').label(label),
    value: '2024-05-01 10:15',
    shows: (f) => input(f).value === '2024-05-01T10:15',
    drive: (f) => type(input(f), '2025-06-02T08:00'),
    driven: '2025-06-02 08:00',
  },
  105: {
    item: (label) => q.geopoint('answer').label(label),
    value: '1.5 2.5',
    shows: (f) => input(f, 'input[id$="answer"]').value === '1.5' && f.querySelectorAll('input')[1]!.value === '2.5',
    drive: (f) => type(f.querySelectorAll('input')[0]!, '-3.25'),
    driven: '-3.25 2.5',
  },
  106: {
    item: (label) => q.image('answer').label(label),
    value: PNG,
    shows: (f) =>
      f.querySelector('[data-testid="file-name"]')?.textContent?.startsWith('shelter.png') === true && f.querySelector('img') !== null,
    drive: (f) => click(button(f, 'Remove the file')),
    driven: undefined,
  },
  110: {
    item: (label) => q.file('answer').label(label),
    value: PDF,
    shows: (f) => f.querySelector('[data-testid="file-name"]')?.textContent?.startsWith('form.pdf') === true,
    drive: (f) => click(button(f, 'Remove the file')),
    driven: undefined,
  },
  112: {
    item: (label) => q.acknowledge('answer').label(label),
    value: true,
    shows: (f) => input(f).checked,
    drive: (f) => click(input(f)),
    driven: undefined,
  },
  113: {
    item: (label) => q.calculate('answer').label(label),
    value: '42',
    shows: (f) => f.querySelector('output')?.textContent === '42',
  },
  275: {
    item: (label) => q.range('answer').label(label).parameters('start=1 end=5 step=1'),
    value: 3,
    shows: (f) => button(f, '3').getAttribute('aria-pressed') === 'true',
    drive: (f) => click(button(f, '5')),
    driven: 5,
  },
  276: {
    item: (label) => q.rating('answer').label(label).choices('r1', 'r2').columns('c1', 'c2'),
    value: { r1: 'c1' },
    shows: (f) => input(f, '[data-cell="r1:c1"]').checked && !input(f, '[data-cell="r2:c1"]').checked,
    drive: (f) => click(input(f, '[data-cell="r2:c2"]')),
    driven: { r1: 'c1', r2: 'c2' },
  },
  277: {
    item: (label) => q.matrix('answer').label(label).choices('r1', 'r2').columns('c1', 'c2'),
    value: { r1: ['c1'] },
    shows: (f) => input(f, '[data-cell="r1:c1"]').checked && !input(f, '[data-cell="r1:c2"]').checked,
    drive: (f) => click(input(f, '[data-cell="r1:c2"]')),
    driven: { r1: ['c1', 'c2'] },
  },
  278: {
    item: (label) => q.ranking('answer').label(label).choices('a', 'b', 'c'),
    value: 'b a c',
    shows: (f) => [...f.querySelectorAll('li[data-ranked="true"]')].map((li) => li.getAttribute('data-choice')).join(' ') === 'b a c',
    drive: (f) => click(f.querySelectorAll('li[data-ranked="true"]')[1]!.querySelector('button[aria-label="Move up"]')),
    driven: 'a b c',
  },
  279: {
    item: (label) => q.hidden('answer').label(label),
    value: 'kept',
    shows: (f) => f.querySelector('output')?.textContent === 'kept',
  },
};
