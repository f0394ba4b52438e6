// Date (37): 'YYYY-MM-DD'; with the 'month-year' appearance the respondent picks a month, stored as
// the first of that month (spec 001 section 5).
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import { optionsOf, type QuestionWidgetProps } from '../types';

/** The browser's input kind the widget draws (shared/warmInputs.ts builds one ahead). */
export const dateInputType = (monthYear: boolean): string => (monthYear ? 'month' : 'date');

export function DateWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const monthYear = optionsOf<{ monthYear: boolean }>(props).monthYear === true;
  const text = typeof value === 'string' ? value : '';
  return (
    <input
      {...inputProps(props)}
      className="fs-input fs-input-short"
      type={dateInputType(monthYear)}
      value={monthYear ? text.slice(0, 7) : text}
      onChange={(e) => set(e.target.value === '' ? undefined : monthYear ? `${e.target.value}-01` : e.target.value)}
    />
  );
}
