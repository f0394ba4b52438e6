// An expression property (relevance, constraint, calculation, choice filter, repeat count, default):
// checked by the engine as typed - the survey is bound with the draft in place, and what bindSurvey
// says about this item's expression (syntax with its position, unknown ${names}, cycles) shows under it.
import { Textarea } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyEdit, bindSurvey, editorState, type SetProperty } from '../../../../../engine/survey/index';
import { PanelField } from './Field';
import { asText, fieldValue } from './read';
import type { FieldProps } from './types';
import { useDraft } from './useDraft';

export function useExpressionProblem(p: Pick<FieldProps, 'model' | 'item' | 'property'>, draft: string): string | null {
  const { t } = useTranslation();
  return useMemo(() => {
    const r = applyEdit(editorState(p.model), { op: 'set', id: p.item.id, property: p.property, value: draft === '' ? null : draft } as SetProperty);
    if (!r.ok) return r.problem.message;
    const found = bindSurvey(r.state.model).diagnostics.find((d) => d.itemId === p.item.id && d.role === p.property);
    if (!found) return null;
    return found.at ? t('builder.expression.at', { message: found.message, position: found.at.offset + 1 }) : found.message;
  }, [p.model, p.item.id, p.property, draft, t]);
}

export function ExpressionField(p: FieldProps & { hideLabel?: boolean }) {
  const value = asText(fieldValue(p.item, p.property));
  const [draft, setDraft] = useDraft(value, p.item.id);
  const [refused, setRefused] = useState<string | null>(null);
  const problem = useExpressionProblem(p, draft);
  const commit = () => {
    if (draft !== value) setRefused(p.set(draft === '' ? null : draft)?.message ?? null);
  };
  return (
    <PanelField id={p.id} label={p.label} problem={problem ?? refused} testId={`prop-${p.property}`}>
      <Textarea
        id={p.id}
        size="sm"
        rows={2}
        fontFamily="mono"
        dir="ltr"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${p.id}-problem`}
        spellCheck={false}
      />
    </PanelField>
  );
}
