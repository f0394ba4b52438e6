// Acknowledge (112): one box to tick; unticked is no answer (spec 001 "Answer input": questionChoice).
import { useAnswer } from '../runtime/hooks';
import { describedBy } from '../shared/a11y';
import type { QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';

export function AcknowledgeWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const checked = value === true;
  return (
    <label className="fs-choice" data-checked={checked}>
      <input
        id={props.id}
        type="checkbox"
        checked={checked}
        disabled={props.disabled === true || props.readonly === true}
        aria-describedby={describedBy(props.id)}
        onChange={(e) => set(e.target.checked ? true : undefined)}
      />
      <span>{t('widgets.acknowledge.ok')}</span>
    </label>
  );
}
