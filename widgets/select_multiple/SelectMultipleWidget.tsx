// Select multiple (33): once maxChoices are chosen the other choices are disabled, with the hint
// 'You can select up to {n} choices.' (when the question's own hint does not say so); 'minimal' is a compact drop-down that reads '{n} selected'
// when more than one is chosen (spec 001 section 4). Other appearances as for select one. Stored as
// the chosen names, space-separated, in the order of the list.
import type { TFunction } from '../runtime/texts';
import { useAnswer } from '../runtime/hooks';
import { describedBy, labelId } from '../shared/a11y';
import { ChoiceText, FilterWarning, hasAppearance, layoutOf, namesOf, useChoiceSearch, useOfferedChoices } from '../shared/choices';
import { optionsOf, type ChoiceOption, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';

export function SelectMultipleWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf<{ maxChoices: number | null }>(props);
  const { choices, failed } = useOfferedChoices(o);
  const { box, shown } = useChoiceSearch(o, choices);
  const locked = props.readonly === true || props.disabled === true;
  const chosen = new Set(namesOf(value));
  const max = o.maxChoices ?? null;
  const full = max !== null && chosen.size >= max;
  if (failed) return <FilterWarning name={o.name} />;

  const toggle = (name: string): void => {
    const next = new Set(chosen);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    // The list's order, so the same choices always store the same text.
    const ordered = (o.choices ?? []).map((c) => c.name).filter((n) => next.has(n));
    set(ordered.length ? ordered.join(' ') : undefined);
  };
  const list = (
    <div
      className="fs-choices"
      role="group"
      aria-labelledby={labelId(props.id)}
      aria-describedby={describedBy(props.id)}
      id={props.id}
      {...layoutOf(o)}
    >
      {shown.map((c) => {
        const checked = chosen.has(c.name);
        const off = locked || (full && !checked);
        return (
          <label key={c.name} className="fs-choice" data-checked={checked} data-disabled={off} data-choice={c.name}>
            <input type="checkbox" value={c.name} checked={checked} disabled={off} onChange={() => toggle(c.name)} />
            <ChoiceText choice={c} emoji={o.hasEmoji === true} />
          </label>
        );
      })}
    </div>
  );
  // The limit as a hint, unless the question's own hint says it (in its language) already.
  const hint =
    max !== null && !o.hint ? (
      <p className="fs-hint">
        <span dir="auto">{t('widgets.choices.maxHint', { n: max })}</span>
      </p>
    ) : null;
  if (hasAppearance(o, 'minimal')) {
    return (
      <>
        <details className="fs-dropdown">
          <summary className="fs-input" aria-describedby={describedBy(props.id)}>
            {summaryOf(choices, chosen, t)}
          </summary>
          <div className="fs-dropdown-list">
            {box}
            {list}
          </div>
        </details>
        {hint}
      </>
    );
  }
  return (
    <div>
      {hint}
      {box}
      {list}
    </div>
  );
}

function summaryOf(choices: readonly ChoiceOption[], chosen: ReadonlySet<string>, t: TFunction): string {
  if (chosen.size === 0) return t('widgets.choices.placeholder');
  if (chosen.size === 1) return choices.find((c) => chosen.has(c.name))?.label ?? t('widgets.choices.selected', { n: 1 });
  return t('widgets.choices.selected', { n: chosen.size });
}
