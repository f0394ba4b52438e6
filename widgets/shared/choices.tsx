// What every choice widget shares: the choices the filter offers at this instance, how a choice reads
// (emoji and label), the filter's failure warning, and the search box of 'autocomplete' and 'search'.
import { useMemo, useState } from 'react';
import { FIELD_MESSAGES, splitNames } from '../../engine/survey/index';
import { useChoiceNames, usePath } from '../runtime/hooks';
import type { ChoiceOption, QuestionOptions } from '../types';
import { useText } from '../runtime/text';
import { AuthorText } from '../runtime/AuthorText';
import { engineMessage } from '../runtime/messages';
import { ChoiceImage } from './ChoiceImage';

const NONE: readonly ChoiceOption[] = [];

export interface Offered {
  choices: readonly ChoiceOption[];
  /** The choice filter failed: the list is empty and the spec's warning shows. */
  failed: boolean;
}

/** The question's choices that its choice filter lets through here (spec 001 section 4). */
export function useOfferedChoices(o: QuestionOptions): Offered {
  const names = useChoiceNames(usePath());
  const all = o.choices ?? NONE;
  return useMemo(() => {
    if (names === 'error') return { choices: [], failed: true };
    if (names === undefined) return { choices: all, failed: false };
    // A cascade's list may hold one name twice (allow_choice_duplicates): a name the filter kept once
    // is offered once, not once per row that bears it.
    const left = new Map<string, number>();
    for (const n of names) left.set(n, (left.get(n) ?? 0) + 1);
    const offered = all.filter((c) => {
      const n = left.get(c.name) ?? 0;
      if (n > 0) left.set(c.name, n - 1);
      return n > 0;
    });
    return { choices: offered, failed: false };
  }, [names, all]);
}

export function ChoiceText({ choice, emoji }: { choice: ChoiceOption; emoji: boolean }) {
  return (
    <span className={choice.image ? 'fs-choice-text' : undefined}>
      {/* The label beside it names the choice: an alt text would have screen readers say it twice. */}
      {choice.image ? <ChoiceImage file={choice.image} alt={choice.label.trim() ? '' : choice.name} /> : null}
      {emoji && choice.emoji ? (
        <span className="fs-emoji" aria-hidden="true">
          {choice.emoji}{' '}
        </span>
      ) : null}
      <AuthorText text={choice.label} />
    </span>
  );
}

/** 'Error evaluating choice filter', naming the question (spec 001 section 5). */
export function FilterWarning({ name }: { name: string }) {
  const t = useText();
  return (
    <p className="fs-warning" role="alert" data-testid="choice-filter-error">
      {engineMessage(FIELD_MESSAGES.choiceFilter, t)}: <bdi>{name}</bdi>
    </p>
  );
}

export const hasAppearance = (o: QuestionOptions, ...names: string[]): boolean => names.some((n) => o.appearance.includes(n));

/** 'autocomplete' and 'search' put a search box above the choices. */
export function useChoiceSearch(o: QuestionOptions, choices: readonly ChoiceOption[]) {
  const t = useText();
  const [query, setQuery] = useState('');
  const enabled = hasAppearance(o, 'autocomplete', 'search');
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return q === '' ? choices : choices.filter((c) => c.label.toLocaleLowerCase().includes(q) || c.name.toLocaleLowerCase().includes(q));
  }, [query, choices]);
  const box = enabled ? (
    <input
      className="fs-input fs-search"
      type="search"
      value={query}
      placeholder={t('widgets.choices.search')}
      aria-label={t('widgets.choices.search')}
      onChange={(e) => setQuery(e.target.value)}
    />
  ) : null;
  return { box, shown: enabled ? shown : choices };
}

/** How the list is laid out: 'columns', 'columns-pack', 'columns-3', 'likert'; 'no-buttons' hides the dots. */
export function layoutOf(o: QuestionOptions): { 'data-layout'?: string; 'data-buttons'?: string; style?: Record<string, string> } {
  const out: { 'data-layout'?: string; 'data-buttons'?: string; style?: Record<string, string> } = {};
  const n = o.appearance.map((a) => /^columns-(\d+)$/.exec(a)?.[1]).find((x) => x !== undefined);
  if (hasAppearance(o, 'likert')) out['data-layout'] = 'likert';
  else if (hasAppearance(o, 'columns-pack')) out['data-layout'] = 'pack';
  else if (n !== undefined) {
    out['data-layout'] = 'columns';
    out.style = { '--fs-columns': n };
  } else if (hasAppearance(o, 'columns')) out['data-layout'] = 'columns';
  if (hasAppearance(o, 'no-buttons')) out['data-buttons'] = 'false';
  return out;
}

/** A select_multiple or ranking answer as a list of names. */
export const namesOf = (value: unknown): string[] => (typeof value === 'string' ? splitNames(value) : []);
