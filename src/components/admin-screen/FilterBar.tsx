// The filters of a declared list (ScreenDeclaration.filters): shown or hidden by a button, one select
// per filter, and 'Clear filters'. The texts sit in the memberManagement namespace, whose screens
// brought filters in first.
import { Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LuFilter, LuFilterX } from 'react-icons/lu';
import type { ListFilter } from '../../../schemas/screens';
import { api } from '../../api/client';
import { buildRequest, canBuild, type FillContext } from './template';
import type { ScreenList } from './useScreenList';

type Data = Record<string, unknown>;

function useFilterChoices(filters: readonly ListFilter[], fc: FillContext) {
  const { t } = useTranslation();
  const results = useQueries({
    queries: filters.map((f) => {
      const o = f.options;
      const ready = !!o && canBuild(o.call, fc);
      const req = ready ? buildRequest(o.call, fc) : undefined;
      return {
        queryKey: ['filter-options', f.param, req?.path, req?.query],
        enabled: ready,
        staleTime: 5 * 60_000,
        queryFn: async () => {
          const res = await api.get<unknown>(req!.path, { query: req!.query });
          return ((o!.items ? (res as Data)[o!.items] : res) as Data[]).map((r) => ({
            value: String(r[o!.value]),
            label: String(r[o!.label] ?? ''),
          }));
        },
      };
    }),
  });
  return filters.map((f, i) =>
    f.choices
      ? f.choices.map((c) => ({ value: String(c.value), label: t(c.label) }))
      : (results[i]?.data ?? []).map((c) => ({ value: c.value, label: f.labels ? t(`${f.labels}${c.label}`) : c.label })),
  );
}

export function FilterToggle({ shown, onToggle, active }: { shown: boolean; onToggle: () => void; active: number }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={shown} data-testid="filters-toggle">
      <LuFilter />
      {t(shown ? 'memberManagement.filterBar.hide' : 'memberManagement.filterBar.show')}
      {active > 0 && ` (${active})`}
    </Button>
  );
}

export function FilterBar({ filters, list, fc }: { filters: readonly ListFilter[]; list: ScreenList; fc: FillContext }) {
  const { t } = useTranslation();
  const choices = useFilterChoices(filters, fc);
  return (
    <Stack gap="2" p="3" borderWidth="1px" borderRadius="md" bg="white" data-testid="filter-bar">
      <Flex gap="3" wrap="wrap" align="flex-end">
        {filters.map((f, i) => (
          <Stack key={f.param} gap="1" minW={{ base: 'full', md: '44' }} flex={{ base: '1 1 100%', md: '0 1 auto' }}>
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor={`filter-${f.param}`}>{t(f.label)}</label>
            </Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={`filter-${f.param}`}
                value={list.filters[f.param] ?? ''}
                onChange={(e) => list.setFilter(f.param, e.currentTarget.value)}
                data-testid={`filter-${f.param}`}
              >
                <option value="">{t('memberManagement.filterBar.all')}</option>
                {choices[i]!.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        ))}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => list.setFilter(null)}
          disabled={!Object.keys(list.filters).length}
          data-testid="filters-clear"
        >
          <LuFilterX />
          {t('memberManagement.filterBar.clear')}
        </Button>
      </Flex>
    </Stack>
  );
}
