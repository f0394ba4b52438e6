// Filters on the answers of one question each, shared by the data table and the dashboard's
// reports: pick a question, give a range (numbers, dates, times), choices (selects), a text it contains,
// yes/no, or whether it was answered at all; each filter then shows as a removable chip. Which operators
// a question takes follows the server's (engine/survey/data.ts filterColumnOf, FILTER_OPS_OF); the
// chips travel as 'name:op:value' (the calls' Filter parameter).
import { Box, Button, CheckboxGroup, Checkbox, Flex, IconButton, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFilter, LuX } from 'react-icons/lu';
import { bindSurvey, dataFields, filterColumnOf, keyLabel, textIn, type FieldNode, type FilterOp, type SurveyModel } from '../../../engine/survey/index';
import { MAX_ANSWER_FILTERS } from '../../../schemas/submissions';

/** One answer filter as the calls take it, with the text its chip shows. */
export interface AnswerFilterChip {
  name: string;
  op: FilterOp;
  value: string;
  text: string;
}

export const filterStrings = (chips: readonly AnswerFilterChip[]): string[] => chips.map((c) => (c.op === 'empty' || c.op === 'notempty' ? `${c.name}:${c.op}` : `${c.name}:${c.op}:${c.value}`));

type Kind = 'number' | 'date' | 'datetime' | 'time' | 'text' | 'choices' | 'bool';

/** How a question's answers are filtered here: the stored column, with dates and times given their own inputs. */
function kindOf(node: FieldNode): Kind | null {
  const column = filterColumnOf(node);
  if (!column) return null;
  if (node.type === 37) return 'date';
  if (node.type === 104) return 'datetime';
  if (node.type === 38) return 'time';
  return column;
}

/** The day after an ISO date: a date-and-time answer 'on or before' a day is one before the next day begins. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

type Mode = 'value' | 'notempty' | 'empty';

// Memoized: the data table re-renders its page on every scrolled frame, and a survey of 300 questions
// would redraw this picker's 300 options each time.
// Without a model yet (null: still loading), the frame is drawn with its controls disabled and empty, so
// that what follows it on the page does not move when the questions arrive.
export const AnswerFilters = memo(function AnswerFilters({ model, value, onChange, idPrefix }: { model: SurveyModel | null; value: readonly AnswerFilterChip[]; onChange: (next: AnswerFilterChip[]) => void; idPrefix: string }) {
  const { t } = useTranslation();
  const questions = useMemo(() => {
    if (!model) return [];
    const b = bindSurvey(model);
    return dataFields(b, null).flatMap((node) => {
      const kind = kindOf(node);
      if (!kind) return [];
      const label = textIn(node.model.questionLabels, b.baseLanguageId, b.baseLanguageId) ?? keyLabel(node.name);
      const choices = node.choices.map((c) => ({ name: c.name, label: textIn(c.labels, b.baseLanguageId, b.baseLanguageId) ?? c.name }));
      return [{ name: node.name, label, kind, choices }];
    });
  }, [model]);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('value');
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const question = questions.find((q) => q.name === name) ?? questions[0];
  const full = value.length >= MAX_ANSWER_FILTERS;
  const id = (part: string) => `${idPrefix}-${part}`;

  const reset = () => {
    setLow('');
    setHigh('');
    setPicked([]);
    setMode('value');
  };

  const built = (): AnswerFilterChip[] => {
    if (!question) return [];
    const q = question;
    const chip = (op: FilterOp, v: string, text: string): AnswerFilterChip => ({ name: q.name, op, value: v, text });
    if (mode !== 'value') return [chip(mode, '', t(`answerFilters.chip.${mode}`, { question: q.label }))];
    switch (q.kind) {
      case 'number':
      case 'date':
      case 'time':
      case 'datetime': {
        const out: AnswerFilterChip[] = [];
        const lo = low.trim();
        const hi = high.trim();
        if (lo) out.push(chip('gte', lo, t('answerFilters.chip.gte', { question: q.label, value: lo })));
        if (hi) out.push(q.kind === 'datetime' ? chip('lt', nextDay(hi), t('answerFilters.chip.lte', { question: q.label, value: hi })) : chip('lte', hi, t('answerFilters.chip.lte', { question: q.label, value: hi })));
        return out;
      }
      case 'text':
        return low.trim() ? [chip('contains', low.trim(), t('answerFilters.chip.contains', { question: q.label, value: low.trim() }))] : [];
      case 'bool':
        return low ? [chip('eq', low, t('answerFilters.chip.eq', { question: q.label, value: t(low === 'true' ? 'surveyData.yes' : 'surveyData.no') }))] : [];
      case 'choices':
        return picked.length
          ? [chip('in', picked.join('|'), t('answerFilters.chip.in', { question: q.label, value: picked.map((p) => q.choices.find((c) => c.name === p)?.label ?? p).join(', ') }))]
          : [];
    }
  };
  const pending = built();
  const add = () => {
    const next = [...value];
    for (const c of pending) if (next.length < MAX_ANSWER_FILTERS && !next.some((x) => x.name === c.name && x.op === c.op && x.value === c.value)) next.push(c);
    onChange(next);
    reset();
  };

  if (model && !questions.length) return null;
  const loading = !model;
  const rangeType = question?.kind === 'date' || question?.kind === 'datetime' ? 'date' : question?.kind === 'time' ? 'time' : 'number';

  return (
    <Stack gap="2" data-testid={`${idPrefix}`}>
      <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" minW="0">
        <Text as="legend" fontSize="sm" fontWeight="medium" px="1">
          {t('answerFilters.legend')}
        </Text>
        <Flex gap="3" wrap="wrap" align="end">
          <Stack gap="1" flex="1 1 12rem" minW="0">
            <label htmlFor={id('question')} style={{ fontSize: '0.875rem' }}>
              {t('answerFilters.question')}
            </label>
            <NativeSelect.Root size="sm" disabled={loading}>
              <NativeSelect.Field
                id={id('question')}
                value={question?.name ?? ''}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  reset();
                }}
                data-testid={id('question')}
              >
                {questions.map((q) => (
                  <option key={q.name} value={q.name}>
                    {q.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <Stack gap="1" flex="0 1 10rem" minW="8rem">
            <label htmlFor={id('mode')} style={{ fontSize: '0.875rem' }}>
              {t('answerFilters.condition')}
            </label>
            <NativeSelect.Root size="sm" disabled={loading}>
              <NativeSelect.Field id={id('mode')} value={mode} onChange={(e) => setMode(e.currentTarget.value as Mode)} data-testid={id('mode')}>
                <option value="value">{t(`answerFilters.mode.${question?.kind ?? 'text'}`)}</option>
                <option value="notempty">{t('answerFilters.mode.notempty')}</option>
                <option value="empty">{t('answerFilters.mode.empty')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          {mode === 'value' && question && (question.kind === 'number' || question.kind === 'date' || question.kind === 'datetime' || question.kind === 'time') && (
            <>
              <Stack gap="1" flex="0 1 9rem" minW="7rem">
                <label htmlFor={id('low')} style={{ fontSize: '0.875rem' }}>
                  {t('answerFilters.atLeast')}
                </label>
                <Input id={id('low')} size="sm" type={rangeType} step={rangeType === 'number' ? 'any' : undefined} value={low} onChange={(e) => setLow(e.currentTarget.value)} data-testid={id('low')} />
              </Stack>
              <Stack gap="1" flex="0 1 9rem" minW="7rem">
                <label htmlFor={id('high')} style={{ fontSize: '0.875rem' }}>
                  {t('answerFilters.atMost')}
                </label>
                <Input id={id('high')} size="sm" type={rangeType} step={rangeType === 'number' ? 'any' : undefined} value={high} onChange={(e) => setHigh(e.currentTarget.value)} data-testid={id('high')} />
              </Stack>
            </>
          )}
          {mode === 'value' && question?.kind === 'text' && (
            <Stack gap="1" flex="1 1 10rem" minW="0">
              <label htmlFor={id('text')} style={{ fontSize: '0.875rem' }}>
                {t('answerFilters.contains')}
              </label>
              <Input id={id('text')} size="sm" maxLength={200} value={low} onChange={(e) => setLow(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && pending.length > 0 && add()} data-testid={id('text')} />
            </Stack>
          )}
          {/* Loading: the place of a question's answer field (most kinds have one or two), so that at phone
              width the frame has its rows already when the questions arrive. */}
          {loading && (
            <Stack gap="1" flex="0 1 8rem">
              <label htmlFor={id('pending')} style={{ fontSize: '0.875rem' }}>
                {t('answerFilters.answer')}
              </label>
              <NativeSelect.Root size="sm" disabled>
                <NativeSelect.Field id={id('pending')} />
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
          )}
          {mode === 'value' && question?.kind === 'bool' && (
            <Stack gap="1" flex="0 1 8rem">
              <label htmlFor={id('bool')} style={{ fontSize: '0.875rem' }}>
                {t('answerFilters.answer')}
              </label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id={id('bool')} value={low} onChange={(e) => setLow(e.currentTarget.value)}>
                  <option value="">—</option>
                  <option value="true">{t('surveyData.yes')}</option>
                  <option value="false">{t('surveyData.no')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
          )}
          <Button size="sm" variant="outline" onClick={add} disabled={full || pending.length === 0} data-testid={id('add')}>
            <LuFilter /> {t('answerFilters.add')}
          </Button>
        </Flex>
        {mode === 'value' && question?.kind === 'choices' && (
          <CheckboxGroup value={picked} onValueChange={setPicked} mt="3" role="group" aria-label={t('answerFilters.choicesOf', { question: question.label })}>
            <Wrap gap="3" data-testid={id('choices')}>
              {question.choices.map((c) => (
                <Checkbox.Root key={c.name} value={c.name} size="sm">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    <bdi>{c.label}</bdi>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </CheckboxGroup>
        )}
        {full && (
          <Text fontSize="sm" color="gray.600" mt="2">
            {t('answerFilters.full', { count: MAX_ANSWER_FILTERS })}
          </Text>
        )}
      </Box>
      {value.length > 0 && (
        <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label={t('answerFilters.applied')} data-testid={id('chips')}>
          {value.map((c, i) => (
            <Flex as="li" key={`${c.name}:${c.op}:${c.value}`} align="center" gap="1" bg="brand.50" color="brand.900" borderWidth="1px" borderColor="brand.200" borderRadius="full" ps="3" pe="1" py="0.5" fontSize="sm" maxW="full" minW="0">
              <Text as="span" truncate>
                <bdi>{c.text}</bdi>
              </Text>
              <IconButton size="2xs" variant="ghost" borderRadius="full" aria-label={t('answerFilters.remove', { filter: c.text })} onClick={() => onChange(value.filter((_, j) => j !== i))} data-testid={id('remove')}>
                <LuX />
              </IconButton>
            </Flex>
          ))}
          {value.length > 1 && (
            <Box as="li">
              <Button size="xs" variant="ghost" onClick={() => onChange([])}>
                {t('answerFilters.clear')}
              </Button>
            </Box>
          )}
        </Flex>
      )}
    </Stack>
  );
});
