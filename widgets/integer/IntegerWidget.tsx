// Number (35): a whole number; '.' and ',' are refused. With an appearance (e.g. 'thousands-sep'):
// digits, one decimal point and thousands separators (spec 001 section 5).
import { useAnswer } from '../runtime/hooks';
import { NumberInput } from '../shared/NumberInput';
import { baseOf, optionsOf, type QuestionWidgetProps } from '../types';

export function IntegerWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const grouped = optionsOf(props).appearance.length > 0;
  return <NumberInput {...baseOf(props)} mode={grouped ? 'grouped' : 'integer'} value={value} onChange={set} step={1} />;
}
