// A country picker whose search matches names by their starting letters (spec 000 section 5). Names
// are shown in the interface language (Intl.DisplayNames from the ISO code, the API's English name
// where the browser has none) and sorted as that language sorts (Intl.Collator); typing the English
// name still finds a country.
import { Combobox, Portal, createListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CountryOption {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  code?: string;
}

/** The countries named and sorted for a language; `english` keeps the API's name for searching. */
export function localizeCountries(countries: readonly CountryOption[], language: string): (CountryOption & { english: string })[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(language);
  return countries
    .map((c) => {
      let local: string | undefined;
      try {
        local = c.code ? names?.of(c.code.toUpperCase()) : undefined;
      } catch {
        local = undefined;
      }
      return { ...c, name: local ?? c.name, english: c.name };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

export function startsWithFilter<T extends { name: string; english?: string }>(items: readonly T[], input: string): T[] {
  const q = input.trim().toLocaleLowerCase();
  return q
    ? items.filter((c) => c.name.toLocaleLowerCase().startsWith(q) || (c.english?.toLocaleLowerCase().startsWith(q) ?? false))
    : [...items];
}

export function CountryCombobox(props: {
  countries: readonly CountryOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => localizeCountries(props.countries, i18n.language), [props.countries, i18n.language]);
  const selected = countries.find((c) => c.id === props.value);
  const [input, setInput] = useState(selected?.name ?? '');
  const collection = useMemo(
    () =>
      createListCollection({
        items: startsWithFilter(countries, input === selected?.name ? '' : input),
        itemToString: (c) => c.name,
        itemToValue: (c) => String(c.id),
      }),
    [countries, input, selected?.name],
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
        setInput(countries.find((c) => c.id === id)?.name ?? '');
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
