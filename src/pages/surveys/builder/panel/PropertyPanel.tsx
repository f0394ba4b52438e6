// The property panel, generated: the selected item's type declares which properties it has
// (QUESTION_TYPES[type].properties, in panel order) and each property's input kind (PROPERTIES); a
// typed table gives the field component of each kind. No form is written per type.
import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  locate,
  PROPERTIES,
  QUESTION_TYPES,
  type EditProblem,
  type PropertyInput,
  type PropertyKey,
  type QuestionType,
  type SetProperty,
} from '../../../../../engine/survey/index';
import { SkipLogic } from '../skip/SkipLogic';
import { questionTypeTitle } from '../labels';
import type { Builder } from '../useBuilder';
import { ChoicesField } from './ChoicesField';
import { ExpressionField } from './ExpressionField';
import { AppearanceField, BooleanField, LocalizedField, NameField, NumberField, RangeLabelsField, TextField } from './fields';
import type { FieldProps } from './types';

const INPUTS: Record<PropertyInput, ComponentType<FieldProps>> = {
  localized: LocalizedField,
  name: NameField,
  boolean: BooleanField,
  text: TextField,
  choices: ChoicesField,
  number: NumberField,
  rangeLabels: RangeLabelsField,
  expression: ExpressionField,
  appearance: AppearanceField,
};

/** Properties with an editor of their own beyond their input kind. */
const SPECIAL: Partial<Record<PropertyKey, ComponentType<FieldProps>>> = { relevant: SkipLogic };

export function PropertyPanel({
  builder,
  languageId,
  onProblem,
}: {
  builder: Builder;
  languageId: number;
  onProblem: (p: EditProblem) => void;
}) {
  const { t } = useTranslation();
  const found = builder.selectedId ? locate(builder.model.surveyItems, builder.selectedId) : undefined;
  if (!found) {
    return (
      <Text color="gray.600" fontSize="sm" data-testid="panel-empty">
        {t('builder.panel.none')}
      </Text>
    );
  }
  const item = found.item;
  const type = item.surveyItem.questionType as QuestionType;
  const set =
    (property: PropertyKey) =>
    (value: unknown): EditProblem | null => {
      const problem = builder.edit({ op: 'set', id: item.id, property, value } as SetProperty);
      if (problem && problem.code !== 'invalidValue') onProblem(problem);
      return problem;
    };
  return (
    <Stack gap="3" data-testid="property-panel" as="section" aria-labelledby="builder-panel-title">
      <HStack justify="space-between" gap="2">
        <Heading as="h2" size="sm" id="builder-panel-title">
          {t('builder.panel.title')}
        </Heading>
        <Badge variant="subtle">{questionTypeTitle(t, item.surveyItem)}</Badge>
      </HStack>
      {QUESTION_TYPES[type].properties.map((property: PropertyKey) => {
        const Input = SPECIAL[property] ?? INPUTS[PROPERTIES[property].input];
        return (
          <Box key={`${item.id}:${property}`}>
            <Input
              item={item}
              property={property}
              label={t(`builder.props.${property}`)}
              id={`prop-${property}-input`}
              languageId={languageId}
              model={builder.model}
              set={set(property)}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
