// The table layout: optional selection column, the declared columns (some fold away on phones), the
// row actions, and a row click.
import { Box, Button, Checkbox, IconButton, Menu, Portal, Skeleton, Table, Text } from '@chakra-ui/react';
import { LuEllipsisVertical } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { Action, ScreenDeclaration } from '../../../schemas/screens';
import { ownDirection, renderCell, typedText } from './cells';
import { ActionIcon } from './icons';
import type { ScreenList } from './useScreenList';
import type { Row } from './useScreenList';

const cellDisplay = (hideBelow: 'md' | 'lg' | undefined) => (hideBelow ? { base: 'none', [hideBelow]: 'table-cell' } : undefined);

// A wide table scrolls inside its own box; its actions column stays in view at the end of every row, so a
// row's actions are never cut off whatever the width (the admin User Management table at 1280 px was).
const stickyEnd = {
  position: 'sticky',
  insetInlineEnd: '0',
  zIndex: '1',
  // A line on the column's start edge (left in LTR, right in RTL) shows that the columns pass beneath it.
  boxShadow: 'inset 1px 0 0 var(--chakra-colors-gray-200)',
  _rtl: { boxShadow: 'inset -1px 0 0 var(--chakra-colors-gray-200)' },
} as const;

/**
 * From which width the row actions carry their label beside the icon (the label is always their
 * accessible name). A table of many columns keeps icons only up to 2xl, so at 1280 px its columns fit
 * beside the actions instead of passing beneath them.
 */
const labelsFrom = (columns: number) => (columns > 5 ? '2xl' : 'md');

export interface TableProps {
  decl: ScreenDeclaration;
  list: ScreenList;
  rowActions: readonly Action[];
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onAction: (a: Action, row: Row) => void;
  busy: boolean;
}

export function ScreenTable({ decl, list, rowActions, selectable, selected, onSelect, onAction, busy }: TableProps) {
  const { t, i18n } = useTranslation();
  const key = (r: Row) => String(r[decl.source.rowKey]);
  const ids = list.rows.map(key);
  const allOn = ids.length > 0 && ids.every((id) => selected.has(id));
  const someOn = ids.some((id) => selected.has(id));
  const click = decl.rowClick;
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="white" overflowX="auto">
      <Table.Root size="sm" interactive={!!click} data-testid={`table-${decl.id}`}>
        <Table.Header>
          <Table.Row bg="gray.50">
            {selectable && (
              <Table.ColumnHeader w="10">
                <Checkbox.Root
                  size="sm"
                  checked={allOn ? true : someOn ? 'indeterminate' : false}
                  onCheckedChange={(e) => onSelect(ids, e.checked === true)}
                  aria-label={t('adminScreen.selectAll')}
                  data-testid="select-all"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {decl.columns.map((c) => (
              <Table.ColumnHeader key={c.key} display={cellDisplay(c.hideBelow)}>
                {t(c.label)}
              </Table.ColumnHeader>
            ))}
            {rowActions.length > 0 && (
              <Table.ColumnHeader textAlign="end" {...stickyEnd} bg="gray.50">
                {t('adminScreen.actions')}
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.isLoading
            ? [1, 2, 3].map((i) => (
                <Table.Row key={i}>
                  <Table.Cell colSpan={decl.columns.length + 2}>
                    <Skeleton h="5" />
                  </Table.Cell>
                </Table.Row>
              ))
            : list.rows.map((row) => {
                const id = key(row);
                return (
                  <Table.Row
                    key={id}
                    data-testid="row"
                    data-row-id={id}
                    cursor={click ? 'pointer' : undefined}
                    onClick={click ? () => onAction(click, row) : undefined}
                  >
                    {selectable && (
                      <Table.Cell onClick={(e) => e.stopPropagation()}>
                        <Checkbox.Root
                          size="sm"
                          checked={selected.has(id)}
                          onCheckedChange={(e) => onSelect([id], e.checked === true)}
                          aria-label={t('adminScreen.selectRow')}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                    )}
                    {decl.columns.map((c) => {
                      const typed = typedText(c, row);
                      return (
                        <Table.Cell
                          key={c.key}
                          display={cellDisplay(c.hideBelow)}
                          fontWeight={c.primary ? 'semibold' : undefined}
                          maxW="md"
                        >
                          {typed !== undefined ? (
                            <Text as="div" lineClamp={2} {...ownDirection}>
                              {typed}
                            </Text>
                          ) : (
                            <Text as="div" lineClamp={2}>
                              {renderCell(c, row, t, i18n.language)}
                            </Text>
                          )}
                        </Table.Cell>
                      );
                    })}
                    {rowActions.length > 0 && (
                      <Table.Cell textAlign="end" whiteSpace="nowrap" {...stickyEnd} bg="white" onClick={(e) => e.stopPropagation()}>
                        {rowActions
                          .filter((a) => !a.menu)
                          .map((a) => (
                            <Button
                              key={a.id}
                              size="xs"
                              variant="ghost"
                              colorPalette={a.tone === 'danger' ? 'red' : 'gray'}
                              onClick={() => onAction(a, row)}
                              disabled={busy}
                              aria-label={t(a.label)}
                              title={t(a.label)}
                              data-testid={`action-${a.id}`}
                            >
                              <ActionIcon name={a.icon} />
                              <Box as="span" display={{ base: 'none', [labelsFrom(decl.columns.length)]: 'inline' }}>
                                {t(a.label)}
                              </Box>
                            </Button>
                          ))}
                        <RowMenu actions={rowActions.filter((a) => a.menu)} onAction={(a) => onAction(a, row)} disabled={busy} />
                      </Table.Cell>
                    )}
                  </Table.Row>
                );
              })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The row's actions declared `menu: true`, behind one 'More actions' button. */
function RowMenu({ actions, onAction, disabled }: { actions: readonly Action[]; onAction: (a: Action) => void; disabled: boolean }) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={t('adminScreen.moreActions')} disabled={disabled} data-testid="row-menu">
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((a) => (
              <Menu.Item
                key={a.id}
                value={a.id}
                color={a.tone === 'danger' ? 'red.600' : undefined}
                onSelect={() => onAction(a)}
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
  );
}
