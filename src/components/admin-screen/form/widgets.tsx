// Select widgets whose choices come from the API (a project's manager, team members, countries):
// searchable comboboxes, single or multiple. The choices arrive in ui:options (see translate.ts).
import { Combobox, Field, HStack, Portal, Spinner, Tag, Text, createListCollection } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice } from './translate';

interface ChoiceOptions {
  placeholder?: string;
  choices?: Choice[];
  loading?: boolean;
  emptyHint?: string;
  /** Inside a dialog the list renders in place: a portal outside the dialog would be inert to it. */
  inDialog?: boolean;
}

function useChoices(props: WidgetProps) {
  const o = props.options as ChoiceOptions;
  const choices = useMemo(() => o.choices ?? [], [o.choices]);
  const [input, setInput] = useState('');
  const q = input.trim().toLocaleLowerCase();
  const collection = useMemo(
    () =>
      createListCollection({
        items: q ? choices.filter((c) => c.label.toLocaleLowerCase().includes(q)) : choices,
        itemToString: (c) => c.label,
        itemToValue: (c) => String(c.value),
      }),
    [choices, q],
  );
  const byKey = useMemo(() => new Map(choices.map((c) => [String(c.value), c])), [choices]);
  return { o, choices, input, setInput, collection, byKey };
}

function Frame(props: WidgetProps & { children: React.ReactNode; hint?: string | undefined }) {
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return (
    <Field.Root invalid={invalid} required={props.required} disabled={props.disabled || props.readonly} mb="1">
      {props.label && (
        <Field.Label>
          {props.label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {props.children}
      {props.hint && <Field.HelperText data-testid={`${props.id}-hint`}>{props.hint}</Field.HelperText>}
    </Field.Root>
  );
}

function Options({
  collection,
  loading,
  inDialog,
}: {
  collection: ReturnType<typeof createListCollection<Choice>>;
  loading: boolean;
  inDialog?: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Portal disabled={!!inDialog}>
      <Combobox.Positioner>
        <Combobox.Content maxH="280px">
          {loading ? (
            <HStack p="2">
              <Spinner size="xs" />
              <Text fontSize="sm">{t('adminScreen.loading')}</Text>
            </HStack>
          ) : (
            <Combobox.Empty>{t('common.noResults')}</Combobox.Empty>
          )}
          {collection.items.map((c) => (
            <Combobox.Item item={c} key={String(c.value)}>
              {c.label}
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Portal>
  );
}

export function ApiSelectWidget(props: WidgetProps) {
  const { o, choices, input, setInput, collection, byKey } = useChoices(props);
  const selected = props.value !== undefined && props.value !== null && props.value !== '' ? byKey.get(String(props.value)) : undefined;
  const empty = !o.loading && choices.length === 0;
  return (
    <Frame {...props} hint={empty ? o.emptyHint : undefined}>
      <Combobox.Root
        collection={collection}
        value={selected ? [String(selected.value)] : []}
        inputValue={input || selected?.label || ''}
        onInputValueChange={(d) => setInput(d.inputValue === selected?.label ? '' : d.inputValue)}
        onValueChange={(d) => {
          const c = d.value[0] ? byKey.get(d.value[0]) : undefined;
          props.onChange(c ? c.value : undefined);
          setInput('');
        }}
        openOnClick
        disabled={props.disabled || props.readonly || empty}
        invalid={(props.rawErrors?.length ?? 0) > 0}
      >
        <Combobox.Control>
          <Combobox.Input id={props.id} placeholder={props.placeholder || o.placeholder} data-testid={`field-${props.name}`} />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger />
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Options collection={collection} loading={!!o.loading} inDialog={o.inDialog} />
      </Combobox.Root>
    </Frame>
  );
}

export function ApiMultiSelectWidget(props: WidgetProps) {
  const { o, input, setInput, collection, byKey } = useChoices(props);
  const values = Array.isArray(props.value) ? (props.value as (string | number)[]) : [];
  const keys = values.map(String);
  const set = (next: string[]) => props.onChange(next.map((k) => byKey.get(k)?.value ?? k));
  return (
    <Frame {...props} hint={!o.loading && byKey.size === 0 ? o.emptyHint : undefined}>
      <Combobox.Root
        collection={collection}
        multiple
        value={keys}
        inputValue={input}
        onInputValueChange={(d) => setInput(d.inputValue)}
        onValueChange={(d) => {
          set(d.value);
          setInput('');
        }}
        openOnClick
        closeOnSelect={false}
        selectionBehavior="clear"
        disabled={props.disabled || props.readonly}
        invalid={(props.rawErrors?.length ?? 0) > 0}
      >
        <Combobox.Control>
          <Combobox.Input id={props.id} placeholder={props.placeholder || o.placeholder} data-testid={`field-${props.name}`} />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Options collection={collection} loading={!!o.loading} inDialog={o.inDialog} />
      </Combobox.Root>
      {keys.length > 0 && (
        <HStack wrap="wrap" gap="1.5" mt="1.5">
          {keys.map((k) => (
            <Tag.Root key={k} size="md" colorPalette="brand" variant="subtle">
              <Tag.Label>{byKey.get(k)?.label ?? k}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger onClick={() => set(keys.filter((x) => x !== k))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </HStack>
      )}
    </Frame>
  );
}

export const formWidgets = { apiSelect: ApiSelectWidget, apiMultiSelect: ApiMultiSelectWidget };
