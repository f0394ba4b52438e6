// Decimal (36): a number of at least 0, in steps of 0.01 (spec 001 section 5).
import { useAnswer } from '../runtime/hooks';
import { NumberInput } from '../shared/NumberInput';
import { baseOf, optionsOf, type QuestionWidgetProps } from '../types';

export function DecimalWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const o = optionsOf<{ min: number; step: number }>(props);
  return <NumberInput {...baseOf(props)} mode="decimal" value={value} onChange={set} min={o.min ?? 0} step={o.step ?? 0.01} />;
}
