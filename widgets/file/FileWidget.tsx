// File upload (110): any application file, one, at most 5 MB; .app, .exe and .ini are refused.
import { FileField } from '../shared/FileField';
import type { QuestionWidgetProps } from '../types';

export function FileWidget(props: QuestionWidgetProps) {
  return <FileField props={props} image={false} />;
}
