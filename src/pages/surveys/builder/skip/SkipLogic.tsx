// The relevance property: a condition builder (question, an operator fitting its type, a value from its
// choices when it has them; all or any) that writes the expression, and the raw expression editor.
// The builder is offered back whenever the engine's parse tree of the expression is a list of conditions.
import { Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { parse } from '../../../../../engine/expression/index';
import { QUESTION_TYPES, walkItems, type QuestionType, type SurveyItem } from '../../../../../engine/survey/index';
import { itemTitle, textIn } from '../labels';
import { ExpressionField } from '../panel/ExpressionField';
import { asText, fieldValue } from '../panel/read';
import type { FieldProps } from '../panel/types';
import { fromTree, needsValue, operatorsFor, toExpression, type Condition, type Conditions } from './conditions';

function conditionsOf(source: string): Conditions | null {
  if (source.trim() === '') return { join: 'and', list: [] };
  try {
    return fromTree(parse(source).root);
  } catch {
    return null;
  }
}

/** Questions a condition may name: those with an answer (not notes), but this item and what it holds. */
function candidates(items: readonly SurveyItem[], self: SurveyItem): SurveyItem[] {
  const inside = new Set([...walkItems([self])].map((i) => i.id));
  return [...walkItems(items)].filter(
    (i) =>
      i.itemLabel === 'Question' && !inside.has(i.id) && QUESTION_TYPES[i.surveyItem.questionType as QuestionType].source !== 'display',
  );
}

function Select({
  label,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <NativeSelect.Root size="xs" flex="1" minW="6rem">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function SkipLogic(p: FieldProps) {
  const { t } = useTranslation();
  const source = asText(fieldValue(p.item, 'relevant'));
  const parsed = useMemo(() => conditionsOf(source), [source]);
  const [mode, setMode] = useState<'conditions' | 'expression'>(parsed ? 'conditions' : 'expression');
  const [refused, setRefused] = useState(false);
  const questions = useMemo(() => candidates(p.model.surveyItems, p.item), [p.model.surveyItems, p.item]);
  const byName = useMemo(() => new Map(questions.map((q) => [q.surveyItem.name, q])), [questions]);
  const typeOf = (name: string) => byName.get(name)?.surveyItem.questionType as QuestionType | undefined;

  // A condition on a question with choices starts on its first choice (an empty value reads as 'not answered').
  const firstChoice = (name: string) => byName.get(name)?.surveyItem.selectQuestionChoices[0]?.name ?? '';
  const write = (c: Conditions) => p.set(toExpression(c, typeOf) || null);
  const conditions = parsed ?? { join: 'and', list: [] };
  const change = (i: number, c: Condition) => write({ ...conditions, list: conditions.list.map((x, j) => (j === i ? c : x)) });
  const add = () => {
    const q = questions[0];
    if (!q) return;
    write({
      ...conditions,
      list: [
        ...conditions.list,
        { name: q.surveyItem.name, op: operatorsFor(q.surveyItem.questionType as QuestionType)[0]!, value: firstChoice(q.surveyItem.name) },
      ],
    });
  };

  const toConditions = () => {
    if (parsed) {
      setRefused(false);
      setMode('conditions');
    } else setRefused(true);
  };

  return (
    <Stack gap="2" data-testid="skip-logic" role="group" aria-labelledby={`${p.id}-title`}>
      <HStack justify="space-between" flexWrap="wrap" gap="1">
        <Text id={`${p.id}-title`} fontSize="sm" fontWeight="medium">
          {p.label}
        </Text>
        <HStack gap="1" role="group" aria-label={t('builder.skip.mode')}>
          <Button
            size="2xs"
            variant={mode === 'conditions' ? 'solid' : 'outline'}
            aria-pressed={mode === 'conditions'}
            onClick={toConditions}
            data-testid="skip-mode-conditions"
          >
            {t('builder.skip.conditions')}
          </Button>
          <Button
            size="2xs"
            variant={mode === 'expression' ? 'solid' : 'outline'}
            aria-pressed={mode === 'expression'}
            onClick={() => setMode('expression')}
            data-testid="skip-mode-expression"
          >
            {t('builder.skip.expression')}
          </Button>
        </HStack>
      </HStack>
      {refused ? (
        <Text fontSize="xs" color="orange.700" role="status" data-testid="skip-refused">
          {t('builder.skip.cannotShow')}
        </Text>
      ) : null}
      {mode === 'expression' || !parsed ? (
        <ExpressionField {...p} label={t('builder.skip.expression')} />
      ) : (
        <Stack gap="2">
          <Text fontSize="xs" color="gray.600">
            {t('builder.skip.showWhen')}
          </Text>
          {conditions.list.length > 1 ? (
            <Select
              label={t('builder.skip.join')}
              value={conditions.join}
              onChange={(v) => write({ ...conditions, join: v === 'or' ? 'or' : 'and' })}
              testId="skip-join"
            >
              <option value="and">{t('builder.skip.all')}</option>
              <option value="or">{t('builder.skip.any')}</option>
            </Select>
          ) : null}
          {conditions.list.map((c, i) => {
            const q = byName.get(c.name);
            const type = q?.surveyItem.questionType as QuestionType | undefined;
            const ops = type === undefined ? [c.op] : operatorsFor(type);
            const choices = q?.surveyItem.selectQuestionChoices ?? [];
            return (
              <Stack key={i} gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="skip-condition">
                <Select
                  label={t('builder.skip.question', { n: i + 1 })}
                  value={c.name}
                  onChange={(name) => {
                    const nt = typeOf(name);
                    change(i, { name, op: nt === undefined ? c.op : operatorsFor(nt)[0]!, value: firstChoice(name) });
                  }}
                  testId="skip-question"
                >
                  {q ? null : <option value={c.name}>{t('builder.skip.unknown', { name: c.name })}</option>}
                  {questions.map((x) => (
                    <option key={x.id} value={x.surveyItem.name}>
                      {itemTitle(x, p.languageId)} ({x.surveyItem.name})
                    </option>
                  ))}
                </Select>
                <HStack gap="1">
                  <Select
                    label={t('builder.skip.operator', { n: i + 1 })}
                    value={c.op}
                    onChange={(op) => change(i, { ...c, op: op as Condition['op'] })}
                    testId="skip-operator"
                  >
                    {ops.map((op) => (
                      <option key={op} value={op}>
                        {t(`builder.skip.op.${op}`)}
                      </option>
                    ))}
                  </Select>
                  {needsValue(c.op) ? (
                    choices.length > 0 ? (
                      <Select
                        label={t('builder.skip.value', { n: i + 1 })}
                        value={c.value}
                        onChange={(value) => change(i, { ...c, value })}
                        testId="skip-value"
                      >
                        <option value="">{t('builder.skip.pick')}</option>
                        {choices.map((ch) => (
                          <option key={ch.id} value={ch.name}>
                            {textIn(ch.choiceLabels, p.languageId) || ch.name}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <ValueInput
                        label={t('builder.skip.value', { n: i + 1 })}
                        value={c.value}
                        onCommit={(value) => change(i, { ...c, value })}
                      />
                    )
                  ) : null}
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('builder.skip.remove', { n: i + 1 })}
                    onClick={() => write({ ...conditions, list: conditions.list.filter((_, j) => j !== i) })}
                  >
                    <LuTrash2 />
                  </IconButton>
                </HStack>
              </Stack>
            );
          })}
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={add} disabled={questions.length === 0} data-testid="skip-add">
            <LuPlus aria-hidden /> {t('builder.skip.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function ValueInput({ label, value, onCommit }: { label: string; value: string; onCommit: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <Input
      size="xs"
      flex="1"
      aria-label={label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => draft !== value && onCommit(draft)}
      onKeyDown={(e) => e.key === 'Enter' && draft !== value && onCommit(draft)}
      dir="auto"
      data-testid="skip-value-text"
    />
  );
}
