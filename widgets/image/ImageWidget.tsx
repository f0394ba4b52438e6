// Photograph (106): images only, scaled to the max-pixels parameter at quality 0.8.
import { FileField } from '../shared/FileField';
import type { QuestionWidgetProps } from '../types';

export function ImageWidget(props: QuestionWidgetProps) {
  return <FileField props={props} image />;
}
