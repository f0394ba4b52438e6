import type { EditProblem, PropertyKey, SurveyItem, SurveyModel } from '../../../../../engine/survey/index';

/** What every generated field gets: the item, its property, and the one way to write it (an engine edit). */
export interface FieldProps {
  item: SurveyItem;
  property: PropertyKey;
  label: string;
  id: string;
  languageId: number;
  model: SurveyModel;
  set: (value: unknown) => EditProblem | null;
}
