// Hidden (279): holds its default or computed value and is never shown while filling; a stored
// submission shows it like a calculation.
import { CalculateWidget } from '../calculate/CalculateWidget';
import type { QuestionWidgetProps } from '../types';

export function HiddenWidget(props: QuestionWidgetProps) {
  return <CalculateWidget {...props} />;
}
