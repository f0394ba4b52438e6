// A page of tabs, each a declared screen, chosen by a query parameter (/admin-deleted-items?entityType=2).
import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TabbedScreens as TabbedDecl } from '../../../schemas/screens';
import { AdminScreen } from './AdminScreen';

export function TabbedScreens({ decl, note }: { decl: TabbedDecl; note?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const first = decl.tabs[0]!;
  const chosen = decl.tabs.find((tab) => String(tab.value) === params.get(decl.param)) ?? first;
  return (
    <Stack gap="4" data-testid={`tabs-${decl.id}`}>
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t(decl.title)}
        </Heading>
        {note && (
          <Text fontSize="sm" color="gray.600">
            {t(note)}
          </Text>
        )}
      </Stack>
      <Tabs.Root
        value={String(chosen.value)}
        onValueChange={(e) => setParams({ [decl.param]: e.value, page: '1' }, { replace: true })}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {decl.tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={String(tab.value)} data-testid={`tab-${tab.value}`}>
              {t(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {decl.tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={String(tab.value)}>
            <AdminScreen decl={tab.screen} showTitle={false} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
