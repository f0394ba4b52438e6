// An expression property (relevance, constraint, calculation, choice filter, repeat count, default):
// checked by the engine as typed - the draft alone is parsed and looked up against the survey's
// bindings, built once per edit (checkDraft), so the check costs the same on 20 or 2,000 questions: a
// syntax error with its position, unknown ${names}, a cycle through this item, with a word on
// references to questions that come later, and on a bare name that is a question's (`age` read as blank
// where `${age}` was meant). Typing `${` offers the survey's names and a word offers the
// engine's functions (a combobox: arrows, Enter or Tab to take one, Escape to close).
import { Box, Text, Textarea } from '@chakra-ui/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bareQuestionNames,
  checkDraft,
  completionsAt,
  laterReferences,
  surveyNames,
  type Completion,
  type ExpressionProperty,
} from '../../../../../engine/survey/index';
import { PanelField } from './Field';
import { asText, fieldValue } from './read';
import type { FieldProps } from './types';
import { useDraft } from './useDraft';

export function useExpressionProblem(p: Pick<FieldProps, 'model' | 'item' | 'property'>, draft: string): string | null {
  const { t } = useTranslation();
  return useMemo(() => {
    const found = checkDraft(p.model, p.item.id, p.property as ExpressionProperty, draft);
    if (!found) return null;
    return found.at ? t('builder.expression.at', { message: found.message, position: found.at.offset + 1 }) : found.message;
  }, [p.model, p.item.id, p.property, draft, t]);
}

export function ExpressionField(p: FieldProps & { hideLabel?: boolean }) {
  const { t } = useTranslation();
  const value = asText(fieldValue(p.item, p.property));
  const [draft, setDraft] = useDraft(value, p.item.id);
  const [refused, setRefused] = useState<string | null>(null);
  const problem = useExpressionProblem(p, draft);
  const later = useMemo(() => laterReferences(p.model, p.item.id, draft), [p.model, p.item.id, draft]);
  const bare = useMemo(() => bareQuestionNames(p.model, p.property as ExpressionProperty, draft), [p.model, p.property, draft]);
  const names = useMemo(() => surveyNames(p.model).filter((n) => n !== p.item.surveyItem.name), [p.model, p.item.surveyItem.name]);
  const [completion, setCompletion] = useState<Completion | null>(null);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  // The caret after a taken completion, placed once React has written the new text: in the same task
  // as the key or click, so typing that follows at once (a fast typist, a test) lands after the name
  // rather than a frame later moving the caret under it.
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretAfter.current;
    if (caret === null) return;
    caretAfter.current = null;
    area.current?.setSelectionRange(caret, caret);
  });
  const listId = `${p.id}-completions`;

  const suggest = (text: string, caret: number) => {
    setCompletion(completionsAt(text, caret, names));
    setActive(0);
  };
  const accept = (index: number) => {
    const c = completion;
    const option = c?.options[index];
    if (!c || !option) return;
    const next = draft.slice(0, c.from) + option.insert + draft.slice(c.to);
    caretAfter.current = c.from + option.insert.length;
    setDraft(next);
    setCompletion(null);
  };
  const commit = () => {
    setCompletion(null);
    if (draft !== value) setRefused(p.set(draft === '' ? null : draft)?.message ?? null);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!completion) return;
    const n = completion.options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setCompletion(null);
    }
  };
  const open = completion !== null;
  return (
    <PanelField id={p.id} label={p.label} problem={problem ?? refused} testId={`prop-${p.property}`}>
      <Box position="relative">
        <Textarea
          ref={area}
          id={p.id}
          size="sm"
          rows={2}
          fontFamily="mono"
          dir="ltr"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            suggest(e.target.value, e.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={commit}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${p.id}-problem`}
          spellCheck={false}
          data-testid="expression-input"
        />
        {open ? (
          <Box
            as="ul"
            id={listId}
            role="listbox"
            aria-label={t('builder.expression.suggestions')}
            position="absolute"
            zIndex="dropdown"
            insetStart="0"
            top="100%"
            mt="1"
            minW="12rem"
            maxW="100%"
            bg="white"
            borderWidth="1px"
            borderRadius="md"
            boxShadow="md"
            py="1"
            listStyleType="none"
            data-testid="expression-completions"
          >
            {completion.options.map((o, i) => (
              <Box
                as="li"
                key={o.label}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                px="2"
                py="0.5"
                fontFamily="mono"
                fontSize="sm"
                dir="ltr"
                cursor="pointer"
                bg={i === active ? 'brand.100' : undefined}
                // Taken before the field loses focus (a click would blur it first).
                onMouseDown={(e: React.MouseEvent) => {
                  e.preventDefault();
                  accept(i);
                }}
                data-testid="expression-completion"
              >
                {o.label}
              </Box>
            ))}
          </Box>
        ) : null}
      </Box>
      {!problem &&
        bare.map((name) => (
          <Text key={name} fontSize="xs" color="orange.700" mt="1" data-testid="field-bare-name">
            {t('builder.expression.bareName', { name, reference: `\${${name}}` })}
          </Text>
        ))}
      {!problem && later.length ? (
        <Text fontSize="xs" color="orange.700" mt="1" data-testid="field-later">
          {t('builder.expression.later', { names: later.map((n) => `\${${n}}`).join(', '), count: later.length })}
        </Text>
      ) : null}
    </PanelField>
  );
}
