// The templates of the survey form's registry (rjsf's template names, so that an @rjsf/core Form takes
// them too): the question frame and the shared label, hint and error every widget takes from the
// registry, and the layout of sections.
import { FieldTemplate } from './QuestionFrame';
import { Layout } from './Layout';
import { QuestionError, QuestionHint, QuestionLabel } from './texts';

export const TEMPLATES = {
  FieldTemplate,
  ObjectFieldTemplate: Layout,
  TitleFieldTemplate: QuestionLabel,
  DescriptionFieldTemplate: QuestionHint,
  FieldErrorTemplate: QuestionError,
} as const;
