// The card layout (workspaces): a card per row that opens on click, a menu of row actions, and a
// 'New ...' card at the end.
import { Box, Card, Heading, IconButton, Menu, Portal, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuEllipsisVertical, LuFolderKanban, LuPlus } from 'react-icons/lu';
import type { Action, ScreenDeclaration } from '../../../schemas/screens';
import { ownDirection } from './cells';
import { ActionIcon } from './icons';
import type { Row, ScreenList } from './useScreenList';

export interface CardsProps {
  decl: ScreenDeclaration;
  list: ScreenList;
  rowActions: readonly Action[];
  createCard: Action | undefined;
  onAction: (a: Action, row?: Row) => void;
}

export function ScreenCards({ decl, list, rowActions, createCard, onAction }: CardsProps) {
  const { t } = useTranslation();
  const [title, subtitle] = decl.columns;
  const click = decl.rowClick;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" data-testid={`cards-${decl.id}`}>
      {list.isLoading && [1, 2, 3].map((i) => <Skeleton key={i} h="36" borderRadius="xl" />)}
      {list.rows.map((row) => {
        const id = String(row[decl.source.rowKey]);
        return (
          <Card.Root
            key={id}
            data-testid="card"
            data-row-id={id}
            position="relative"
            _hover={{ borderColor: 'brand.300', shadow: 'sm' }}
            transition="all 0.15s"
          >
            <Card.Body
              gap="2"
              cursor={click ? 'pointer' : undefined}
              onClick={click ? () => onAction(click, row) : undefined}
              onKeyDown={click ? (e) => e.key === 'Enter' && onAction(click, row) : undefined}
              tabIndex={click ? 0 : undefined}
              role={click ? 'button' : undefined}
              // Named by what it shows (WCAG 2.5.3: the spoken name holds the visible text); the action is described.
              aria-description={click ? t(click.label) : undefined}
              pe="12"
            >
              <Box color="brand.600" fontSize="2xl">
                <LuFolderKanban />
              </Box>
              <Heading size="md" lineClamp={2} {...ownDirection}>
                {String(row[title?.key ?? 'name'] ?? '')}
              </Heading>
              {subtitle && (
                <Text fontSize="sm" color="gray.600" lineClamp={3} {...ownDirection}>
                  {String(row[subtitle.key] ?? '')}
                </Text>
              )}
            </Card.Body>
            {rowActions.length > 0 && (
              <Box position="absolute" top="3" insetEnd="3">
                <Menu.Root positioning={{ placement: 'bottom-end' }}>
                  <Menu.Trigger asChild>
                    <IconButton size="sm" variant="ghost" aria-label={t('adminScreen.moreActions')} data-testid="card-menu">
                      <LuEllipsisVertical />
                    </IconButton>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        {rowActions.map((a) => (
                          <Menu.Item
                            key={a.id}
                            value={a.id}
                            color={a.tone === 'danger' ? 'red.600' : undefined}
                            onSelect={() => onAction(a, row)}
                            data-testid={`menu-${a.id}`}
                          >
                            <ActionIcon name={a.icon} />
                            {t(a.label)}
                          </Menu.Item>
                        ))}
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </Box>
            )}
          </Card.Root>
        );
      })}
      {createCard && !list.isLoading && (
        <Card.Root
          as="button"
          borderStyle="dashed"
          borderWidth="2px"
          borderColor="brand.200"
          bg="brand.50"
          textAlign="start"
          cursor="pointer"
          _hover={{ borderColor: 'brand.400' }}
          onClick={() => onAction(createCard)}
          data-testid="create-card"
        >
          <Card.Body gap="2" justifyContent="center">
            <Box color="brand.600" fontSize="2xl">
              <LuPlus />
            </Box>
            <Heading size="md" color="brand.700">
              {t(createCard.label)}
            </Heading>
            {createCard.hint && (
              <Text fontSize="sm" color="gray.600">
                {t(createCard.hint)}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </SimpleGrid>
  );
}
