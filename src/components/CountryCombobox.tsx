// A country picker whose search matches names by their starting letters (spec 000 section 5).
import { Combobox, Portal, createListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CountryOption {
  id: number;
  name: string;
}

export function startsWithFilter<T extends { name: string }>(items: readonly T[], input: string): T[] {
  const q = input.trim().toLocaleLowerCase();
  return q ? items.filter((c) => c.name.toLocaleLowerCase().startsWith(q)) : [...items];
}

export function CountryCombobox(props: {
  countries: readonly CountryOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const selected = props.countries.find((c) => c.id === props.value);
  const [input, setInput] = useState(selected?.name ?? '');
  const collection = useMemo(
    () => createListCollection({ items: startsWithFilter(props.countries, input === selected?.name ? '' : input), itemToString: (c) => c.name, itemToValue: (c) => String(c.id) }),
    [props.countries, input, selected?.name],
  );
  return (
    <Combobox.Root
      collection={collection}
      value={props.value ? [String(props.value)] : []}
      inputValue={input}
      onInputValueChange={(d) => setInput(d.inputValue)}
      onValueChange={(d) => {
        const id = d.value[0] ? Number(d.value[0]) : null;
        props.onChange(id);
        setInput(props.countries.find((c) => c.id === id)?.name ?? '');
      }}
      disabled={props.disabled ?? false}
      invalid={props.invalid ?? false}
      openOnClick
    >
      <Combobox.Control>
        <Combobox.Input placeholder={t('auth.fields.countryPlaceholder')} data-testid={props.testId} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger />
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content maxH="300px">
            <Combobox.Empty>{t('common.noResults')}</Combobox.Empty>
            {collection.items.map((c) => (
              <Combobox.Item item={c} key={c.id}>
                {c.name}
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
