// The panel's inputs for the simple kinds of PropertyInput: localized text (the base language), name,
// yes/no, text, number, appearance (a select of the type's declared values) and the range labels.
import { Checkbox, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkName, QUESTION_TYPES, type QuestionType, type RangeLabels } from '../../../../../engine/survey/index';
import { textIn } from '../labels';
import { PanelField } from './Field';
import { asText, fieldValue } from './read';
import type { FieldProps } from './types';
import { useDraft } from './useDraft';

const commitKeys = (commit: () => void) => (e: React.KeyboardEvent) => {
  if (e.key === 'Enter') commit();
};

export function LocalizedField(p: FieldProps) {
  const value = textIn((fieldValue(p.item, p.property) as { languageId: number; text: string }[]) ?? [], p.languageId);
  const [draft, setDraft] = useDraft(value, p.item.id);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = () => draft !== value && setProblem(p.set({ languageId: p.languageId, text: draft })?.message ?? null);
  return (
    <PanelField id={p.id} label={p.label} problem={problem} testId={`prop-${p.property}`}>
      <Input
        id={p.id}
        size="sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={commitKeys(commit)}
        dir="auto"
      />
    </PanelField>
  );
}

export function NameField(p: FieldProps) {
  const { t } = useTranslation();
  const value = p.item.surveyItem.name;
  const [draft, setDraft] = useDraft(value, p.item.id);
  const problem = draft === value ? null : checkName(p.model, draft, p.item.id);
  const commit = () => {
    if (draft !== value && !problem) p.set(draft);
  };
  return (
    <PanelField
      id={p.id}
      label={p.label}
      problem={problem ? t(`builder.name.${problem.code}`, { name: draft }) : null}
      testId={`prop-${p.property}`}
    >
      <Input
        id={p.id}
        size="sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={commitKeys(commit)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${p.id}-problem`}
        dir="ltr"
        fontFamily="mono"
      />
    </PanelField>
  );
}

export function BooleanField(p: FieldProps) {
  const { t } = useTranslation();
  const on = fieldValue(p.item, p.property) === true;
  const required =
    p.property === 'required' && on
      ? t('builder.panel.requiredMessage', { message: QUESTION_TYPES[p.item.surveyItem.questionType as QuestionType].requiredMessage })
      : null;
  return (
    <Stack gap="0" data-testid={`prop-${p.property}`}>
      {/* The input's id through the root's ids: an id set on the input alone left the label pointing at
          the generated one, so a click on the label did nothing. */}
      <Checkbox.Root checked={on} onCheckedChange={(d) => p.set(d.checked === true)} size="sm" ids={{ hiddenInput: p.id }}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{p.label}</Checkbox.Label>
      </Checkbox.Root>
      {required ? (
        <PanelField id={`${p.id}-msg`} label="" hint={required} testId="prop-requiredMessage">
          {null}
        </PanelField>
      ) : null}
    </Stack>
  );
}

export function TextField(p: FieldProps) {
  const value = asText(fieldValue(p.item, p.property));
  const [draft, setDraft] = useDraft(value, p.item.id);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = () => draft !== value && setProblem(p.set(draft === '' ? null : draft)?.message ?? null);
  return (
    <PanelField id={p.id} label={p.label} problem={problem} testId={`prop-${p.property}`}>
      <Input
        id={p.id}
        size="sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={commitKeys(commit)}
        dir="auto"
      />
    </PanelField>
  );
}

export function NumberField(p: FieldProps) {
  const value = asText(fieldValue(p.item, p.property));
  const [draft, setDraft] = useDraft(value, p.item.id);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = () => draft !== value && setProblem(p.set(draft.trim() === '' ? null : Number(draft))?.message ?? null);
  return (
    <PanelField id={p.id} label={p.label} problem={problem} testId={`prop-${p.property}`}>
      <Input
        id={p.id}
        size="sm"
        type="number"
        inputMode="decimal"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={commitKeys(commit)}
      />
    </PanelField>
  );
}

/** 'columns-n' stands for columns-2 ... columns-5 in the select. */
const expand = (values: readonly string[]): string[] =>
  values.flatMap((v) => (v === 'columns-n' ? ['columns-2', 'columns-3', 'columns-4', 'columns-5'] : [v]));

export function AppearanceField(p: FieldProps) {
  const { t } = useTranslation();
  const value = asText(fieldValue(p.item, p.property));
  const [problem, setProblem] = useState<string | null>(null);
  const options = expand(QUESTION_TYPES[p.item.surveyItem.questionType as QuestionType].appearances);
  return (
    <PanelField id={p.id} label={p.label} problem={problem} testId={`prop-${p.property}`}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          id={p.id}
          value={value}
          onChange={(e) => setProblem(p.set(e.target.value === '' ? null : e.target.value)?.message ?? null)}
        >
          <option value="">{t('builder.panel.appearanceDefault')}</option>
          {options.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
          {value !== '' && !options.includes(value) ? <option value={value}>{value}</option> : null}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </PanelField>
  );
}

export function RangeLabelsField(p: FieldProps) {
  const { t } = useTranslation();
  const range = (fieldValue(p.item, p.property) as RangeLabels | null) ?? { firstLabel: [], secondLabel: [] };
  const write = (which: 'firstLabel' | 'secondLabel', text: string) => {
    const others = range[which].filter((x) => x.languageId !== p.languageId);
    p.set({ ...range, [which]: text === '' ? others : [...others, { languageId: p.languageId, text }] });
  };
  return (
    <Stack gap="2" data-testid={`prop-${p.property}`}>
      {(['firstLabel', 'secondLabel'] as const).map((which) => (
        <RangeLabel
          key={which}
          id={`${p.id}-${which}`}
          itemId={p.item.id}
          label={t(`builder.panel.${which}`)}
          value={textIn(range[which], p.languageId)}
          onCommit={(v) => write(which, v)}
        />
      ))}
    </Stack>
  );
}

function RangeLabel({
  id,
  itemId,
  label,
  value,
  onCommit,
}: {
  id: string;
  itemId: string;
  label: string;
  value: string;
  onCommit: (v: string) => void;
}) {
  const [draft, setDraft] = useDraft(value, itemId);
  const commit = () => draft !== value && onCommit(draft);
  return (
    <PanelField id={id} label={label} testId={id}>
      <Input
        id={id}
        size="sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={commitKeys(commit)}
        dir="auto"
      />
    </PanelField>
  );
}
