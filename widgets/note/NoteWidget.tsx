// Note (40): text for the respondent, the question's label (with its answer references filled in by
// the frame); a default or calculation shows under it.
import { useAnswer } from '../runtime/hooks';
import type { QuestionWidgetProps } from '../types';

export function NoteWidget(props: QuestionWidgetProps) {
  const [value] = useAnswer(props);
  if (value === undefined || value === null || value === '') return null;
  return (
    <p className="fs-note-value" id={props.id}>
      {String(value)}
    </p>
  );
}
