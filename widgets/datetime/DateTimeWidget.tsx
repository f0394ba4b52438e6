// Date and time (104): stored as 'date time' text, 'YYYY-MM-DD HH:mm' (spec 001 section 5).
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import type { QuestionWidgetProps } from '../types';

/** The browser's input kind the widget draws (shared/warmInputs.ts builds one ahead). */
export const DATETIME_INPUT = 'datetime-local';

export function DateTimeWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const text = typeof value === 'string' ? value.replace(' ', 'T') : '';
  return (
    <input
      {...inputProps(props)}
      className="fs-input fs-input-short"
      type={DATETIME_INPUT}
      step={60}
      value={text}
      onChange={(e) => set(e.target.value === '' ? undefined : e.target.value.slice(0, 16).replace('T', ' '))}
    />
  );
}
