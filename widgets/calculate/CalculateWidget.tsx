// Calculate (113): holds the computed value; nothing shows while filling. A stored submission (or the
// widget on its own, outside a fill-in) shows the value.
import { useAnswer, useRuntime } from '../runtime/hooks';
import type { QuestionWidgetProps } from '../types';

export function CalculateWidget(props: QuestionWidgetProps) {
  const rt = useRuntime();
  const [value] = useAnswer(props);
  if (rt !== null && !rt.readOnly) return null;
  return (
    <output className="fs-note-value" id={props.id}>
      {value === undefined || value === null ? '' : String(value)}
    </output>
  );
}
