// Matrix (277): any number of columns per row; cells toggle.
import { Grid } from '../shared/Grid';
import type { QuestionWidgetProps } from '../types';

export function MatrixWidget(props: QuestionWidgetProps) {
  return <Grid props={props} many />;
}
