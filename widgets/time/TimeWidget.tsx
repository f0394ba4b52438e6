// Time (38): 'HH:mm'.
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import type { QuestionWidgetProps } from '../types';

/** The browser's input kind the widget draws (shared/warmInputs.ts builds one ahead). */
export const TIME_INPUT = 'time';

export function TimeWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  return (
    <input
      {...inputProps(props)}
      className="fs-input fs-input-short"
      type={TIME_INPUT}
      step={60}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => set(e.target.value === '' ? undefined : e.target.value.slice(0, 5))}
    />
  );
}
