// Select one (32). Appearances (spec 001 section 5): 'minimal' is a drop-down; 'autocomplete' and
// 'search' put a search box over the list; 'columns', 'columns-n', 'columns-pack' and 'likert' lay
// the choices out across; 'no-buttons' hides the dots. The choice filter re-filters the list as
// answers change, and an answer it no longer offers is cleared (by the runtime).
import { useAnswer } from '../runtime/hooks';
import { describedBy, inputProps, labelId } from '../shared/a11y';
import { ChoiceText, FilterWarning, hasAppearance, layoutOf, useChoiceSearch, useOfferedChoices } from '../shared/choices';
import { optionsOf, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';
import { plainLabel } from '../runtime/messages';

export function SelectOneWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf(props);
  const { choices, failed } = useOfferedChoices(o);
  const { box, shown } = useChoiceSearch(o, choices);
  const locked = props.readonly === true || props.disabled === true;
  const current = typeof value === 'string' ? value : undefined;
  if (failed) return <FilterWarning name={o.name} />;

  if (hasAppearance(o, 'minimal')) {
    return (
      <select
        {...inputProps(props)}
        disabled={locked}
        className="fs-input"
        value={current ?? ''}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">{t('widgets.choices.placeholder')}</option>
        {choices.map((c) => (
          <option key={c.name} value={c.name}>
            {o.hasEmoji && c.emoji ? `${c.emoji} ` : ''}
            {plainLabel(c.label, t)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div>
      {box}
      <div
        className="fs-choices"
        role="radiogroup"
        aria-labelledby={labelId(props.id)}
        aria-describedby={describedBy(props.id)}
        id={props.id}
        {...layoutOf(o)}
      >
        {shown.map((c) => {
          const checked = current === c.name;
          return (
            <label key={c.name} className="fs-choice" data-checked={checked} data-disabled={locked} data-choice={c.name}>
              <input type="radio" name={props.id} value={c.name} checked={checked} disabled={locked} onChange={() => set(c.name)} />
              <ChoiceText choice={c} emoji={o.hasEmoji === true} />
            </label>
          );
        })}
      </div>
      {current !== undefined && !locked && !o.required ? (
        <button type="button" className="fs-btn fs-btn-link" onClick={() => set(undefined)}>
          {t('widgets.choices.clear')}
        </button>
      ) : null}
    </div>
  );
}
