// The one component that renders any admin screen declaration (schemas/screens): header with search
// and toolbar (which becomes the bulk actions while rows are selected), the table or cards, the pager,
// confirm and problem dialogs, and screens opened in a dialog. Adding a screen needs no code here.
import { Box, Button, EmptyState, Flex, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuInbox, LuSearch } from 'react-icons/lu';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { hasAnyRole } from '../../../schemas/roles';
import { screenById, type Action, type ScreenDeclaration } from '../../../schemas/screens';
import { session } from '../../state/session';
import { AppDialog } from '../AppDialog';
import { ProjectTypeDialog } from '../ProjectTypeDialog';
import { ConfirmDialog, ProblemDialog } from './dialogs';
import { FilterBar, FilterToggle } from './FilterBar';
import { ActionIcon, paletteOf } from './icons';
import { Pager } from './Pager';
import { ScreenCards } from './ScreenCards';
import { ScreenTable } from './ScreenTable';
import { useActionRunner } from './useActionRunner';
import { useScreenList, type Row } from './useScreenList';

export interface AdminScreenProps {
  decl: ScreenDeclaration;
  /** Replaces the declaration's title (a greeting, say). */
  header?: ReactNode;
  showTitle?: boolean;
  /** Inside a dialog the page is not kept in the address. */
  inDialog?: boolean;
}

export function AdminScreen({ decl, header, showTitle = true, inDialog = false }: AdminScreenProps) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const params = useParams();
  const fillContext = { ctx: { workspaceId: snap.currentWorkspaceId, projectId: snap.currentProjectId }, params };
  const list = useScreenList(decl, fillContext, { inDialog });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [filtersShown, setFiltersShown] = useState(false);
  const runner = useActionRunner(fillContext, snap.roles, { onCalled: () => setSelected(new Set()) });

  // A selection belongs to the rows on screen: another page or search starts without one.
  useEffect(() => setSelected(new Set()), [list.page, list.pageSize, list.searchInput, list.filters]);

  const can = (a: Action) => !a.roles || hasAnyRole(snap.roles, a.roles);
  const rowActions = decl.rowActions.filter(can);
  const toolbar = decl.toolbar.filter(can);
  const selectable = !!decl.selection && hasAnyRole(snap.roles, decl.selection.roles) && decl.selection.actions.some(can);
  const bulk = selectable ? (decl.selection?.actions ?? []).filter(can) : [];
  const createCard = decl.createCard && can(decl.createCard) ? decl.createCard : undefined;
  const onAction = (a: Action, row?: Row) => runner.start(a, row);
  const selecting = selected.size > 0 && bulk.length > 0;

  const buttons = selecting
    ? bulk.map((a) => (
        <Button
          key={a.id}
          size="sm"
          {...paletteOf(a)}
          onClick={() => runner.start(a, undefined, [...selected])}
          disabled={runner.busy}
          data-testid={`bulk-${a.id}`}
        >
          <ActionIcon name={a.icon} />
          {t(a.label)}
        </Button>
      ))
    : toolbar.map((a) => (
        <Button
          key={a.id}
          size="sm"
          {...paletteOf(a)}
          onClick={() => runner.start(a)}
          disabled={runner.busy || (a.run.kind === 'call' && list.total === 0)}
          data-testid={`toolbar-${a.id}`}
        >
          <ActionIcon name={a.icon} />
          {t(a.label)}
        </Button>
      ));

  const empty = !list.isLoading && !list.isError && list.rows.length === 0 && !createCard;
  return (
    <Stack gap="4" data-testid={`screen-${decl.id}`}>
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
        {header ??
          (showTitle ? (
            <Heading as="h1" size="xl">
              {t(decl.title)}
            </Heading>
          ) : (
            <Box />
          ))}
        <Flex gap="2" wrap="wrap" align="center" justify={{ base: 'stretch', md: 'flex-end' }}>
          {selecting && (
            <Text fontSize="sm" color="gray.600" data-testid="selected-count">
              {t('adminScreen.selected', { count: selected.size })}
            </Text>
          )}
          {decl.search && (
            <InputGroup startElement={<LuSearch />} w={{ base: 'full', md: '64' }}>
              <Input
                size="sm"
                bg="white"
                value={list.searchInput}
                onChange={(e) => list.setSearchInput(e.currentTarget.value)}
                placeholder={t(decl.search.placeholder)}
                aria-label={t(decl.search.placeholder)}
                data-testid="screen-search"
              />
            </InputGroup>
          )}
          {decl.filters && (
            <FilterToggle shown={filtersShown} onToggle={() => setFiltersShown((v) => !v)} active={Object.keys(list.filters).length} />
          )}
          {buttons}
        </Flex>
      </Flex>
      {decl.filters && filtersShown && <FilterBar filters={decl.filters} list={list} fc={fillContext} />}

      {list.isError ? (
        <Stack align="center" py="10" gap="3" data-testid="screen-error">
          <Text color="gray.600">{t('adminScreen.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            {t('adminScreen.retry')}
          </Button>
        </Stack>
      ) : empty ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white" data-testid="screen-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuInbox />
            </EmptyState.Indicator>
            <EmptyState.Title fontSize="md">{t(decl.empty)}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : decl.layout === 'cards' ? (
        <ScreenCards decl={decl} list={list} rowActions={rowActions} createCard={createCard} onAction={onAction} />
      ) : (
        <ScreenTable
          decl={decl}
          list={list}
          rowActions={rowActions}
          selectable={selectable}
          selected={selected}
          busy={runner.busy}
          onAction={onAction}
          onSelect={(ids, on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              for (const id of ids)
                if (on) next.add(id);
                else next.delete(id);
              return next;
            })
          }
        />
      )}
      {(decl.layout === 'table' || list.total > list.pageSize) && <Pager list={list} sizes={decl.pagination.sizes} />}

      <ConfirmDialog
        confirm={runner.pending?.action.confirm ?? null}
        busy={runner.busy}
        onConfirm={runner.confirm}
        onCancel={runner.cancel}
      />
      <ProblemDialog problem={runner.problem} onClose={runner.closeProblem} />
      <ScreenDialog id={runner.dialogScreen} onClose={runner.closeDialogScreen} />
      <ProjectTypeDialog open={runner.projectTypesOpen} onClose={runner.closeProjectTypes} />
    </Stack>
  );
}

/** A declared screen in a dialog ('Deleted projects'): its list, its actions, and Close. */
export function ScreenDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const decl = id ? screenById(id) : undefined;
  return (
    <AppDialog
      open={!!decl}
      onClose={onClose}
      testId={`dialog-${id ?? ''}`}
      title={decl ? t(decl.title) : ''}
      size="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {decl && <AdminScreen decl={decl} showTitle={false} inDialog />}
    </AppDialog>
  );
}
