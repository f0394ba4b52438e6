// Rating (276): one column per row; a chosen cell clicked again is cleared.
import { Grid } from '../shared/Grid';
import type { QuestionWidgetProps } from '../types';

export function RatingWidget(props: QuestionWidgetProps) {
  return <Grid props={props} many={false} />;
}
