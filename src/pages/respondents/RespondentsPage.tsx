// /beneficiaries/table (Manage Relationships > Respondents): the chosen project's respondent lists, and the
// chosen list's table: search, the spec's filters (District, Intervention, Type, gender, location group)
// shown as chips, page size, a column chooser, row selection with bulk delete, add, edit and delete, and
// the import dialog. The chosen list, page and filters live in the address, so a reload or 'Go back'
// returns to the same view.
import {
  Badge,
  Box,
  Button,
  Checkbox,
  HStack,
  Heading,
  IconButton,
  Input,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Table,
  Tag,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuColumns3, LuPencil, LuPlus, LuTrash2, LuUpload } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  BENEFICIARY_EDITORS,
  BENEFICIARY_PAGE_SIZES,
  type BeneficiariesQuery,
  type Beneficiary,
  type BeneficiaryTable,
} from '../../../schemas/beneficiaries';
import { genders } from '../../../schemas/common';
import { hasAnyRole } from '../../../schemas/roles';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { ChooseFirst } from '../../components/ChooseFirst';
import { Options, SelectControl } from '../../components/FormField';
import { firstProblemText } from '../../i18n';
import { session } from '../../state/session';
import { respondentsApi } from './api';
import { ImportDialog } from './ImportDialog';
import { PersonDialog } from './PersonDialog';
import { genderLabel } from './fields';

/** The table's columns; the chooser shows and hides all but the name. */
const COLUMNS = ['idNumber', 'gender', 'age', 'phone', 'email', 'district', 'intervention', 'type', 'locationGroupName'] as const;
type Column = (typeof COLUMNS)[number];
const DEFAULT_COLUMNS: Column[] = ['idNumber', 'gender', 'phone', 'district', 'intervention', 'type'];
const FILTERS = ['District', 'Intervention', 'Type', 'Gender', 'LocationGroupId'] as const;
type Filter = (typeof FILTERS)[number];

const fail = (e: unknown, fallback: string) => notify('error', e instanceof ApiError ? firstProblemText(e) : fallback);

export default function RespondentsPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const projectId = snap.currentProjectId;
  const [params, setParams] = useSearchParams();
  const [importing, setImporting] = useState<{ into?: BeneficiaryTable } | null>(null);
  const canEdit = hasAnyRole(snap.roles, BENEFICIARY_EDITORS);
  const tables = useQuery({
    queryKey: ['respondentLists', projectId],
    queryFn: () => respondentsApi.tables(projectId!),
    enabled: !!projectId,
  });
  if (!projectId) return <ChooseFirst what="project" />;
  const lists = tables.data?.tables ?? [];
  const chosen = lists.find((l) => l.id === params.get('list')) ?? lists[0];
  const choose = (id: string) => setParams({ list: id });

  return (
    <Stack gap="5" data-testid="page-respondents">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('respondents.title')}
        </Heading>
        {canEdit && (
          <Button colorPalette="brand" onClick={() => setImporting({})} data-testid="import-list">
            <LuUpload />
            {t('respondents.import.open')}
          </Button>
        )}
      </HStack>
      {tables.isLoading ? (
        <Skeleton h="10" />
      ) : lists.length === 0 ? (
        <Box borderWidth="1px" borderRadius="lg" bg="white" p="6" data-testid="no-lists">
          <Text>{t('respondents.noLists')}</Text>
        </Box>
      ) : (
        <Wrap gap="2" role="list" aria-label={t('respondents.lists')}>
          {lists.map((l) => (
            <Box role="listitem" key={l.id}>
              <Button
                size="sm"
                variant={l.id === chosen?.id ? 'solid' : 'outline'}
                colorPalette={l.id === chosen?.id ? 'brand' : 'gray'}
                aria-pressed={l.id === chosen?.id}
                onClick={() => choose(l.id)}
                data-testid="list-choice"
              >
                {l.name}
                <Badge colorPalette="gray" variant="subtle">
                  {l.size}
                </Badge>
              </Button>
            </Box>
          ))}
        </Wrap>
      )}
      {chosen && <ListTable key={chosen.id} table={chosen} canEdit={canEdit} onImport={() => setImporting({ into: chosen })} />}
      {importing && (
        <ImportDialog
          projectId={projectId}
          into={importing.into}
          onClose={() => setImporting(null)}
          onDone={(tableId) => {
            void tables.refetch();
            choose(tableId);
          }}
        />
      )}
    </Stack>
  );
}

function ListTable({ table, canEdit, onImport }: { table: BeneficiaryTable; canEdit: boolean; onImport: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [columns, setColumns] = useState<Column[]>(DEFAULT_COLUMNS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Beneficiary | 'new' | null>(null);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const page = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('size') ?? 10) || 10;
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : []))) as Partial<
    Record<Filter, string>
  >;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const { Gender: gender, ...textFilters } = filters;
  const query: BeneficiariesQuery = {
    TableId: table.id,
    Page: page,
    PageSize: pageSize,
    ...(params.get('search') ? { Search: params.get('search')! } : {}),
    ...textFilters,
    ...(gender !== undefined ? { Gender: Number(gender) as 0 | 1 | 2 } : {}),
  };
  const rows = useQuery({ queryKey: ['respondents', query], queryFn: () => respondentsApi.page(query) });
  const options = useQuery({ queryKey: ['respondentFilters', table.id], queryFn: () => respondentsApi.filterOptions(table.id) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['respondents'] });
    void qc.invalidateQueries({ queryKey: ['respondentLists'] });
    void qc.invalidateQueries({ queryKey: ['respondentFilters'] });
  };
  const remove = useMutation({
    mutationFn: (ids: string[]) => respondentsApi.remove(ids),
    onSuccess: (_d, ids) => {
      notify('success', t(ids.length === 1 ? 'deletedItems.deleted' : 'deletedItems.bulkDeleted'));
      setSelected(new Set());
      refresh();
    },
    onError: (e) => fail(e, t('respondents.deleteFailed')),
  });
  const data = rows.data;
  const total = data?.totalSize ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const ids = data?.beneficiaries.map((b) => b.id) ?? [];
  const allOn = ids.length > 0 && ids.every((id) => selected.has(id));
  const someOn = ids.some((id) => selected.has(id));
  const select = (list: string[], on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      for (const id of list)
        if (on) n.add(id);
        else n.delete(id);
      return n;
    });
  const shown = COLUMNS.filter((c) => columns.includes(c) && !(data?.contactsHidden && (c === 'phone' || c === 'email')));
  const filterChoices: Record<Filter, { value: string; label: string }[]> = {
    District: (options.data?.districts ?? []).map((v) => ({ value: v, label: v })),
    Intervention: (options.data?.interventions ?? []).map((v) => ({ value: v, label: v })),
    Type: (options.data?.types ?? []).map((v) => ({ value: v, label: v })),
    Gender: Object.values(genders).map((g) => ({ value: String(g), label: genderLabel(t, g) })),
    LocationGroupId: (options.data?.locationGroups ?? []).map((g) => ({ value: g.id, label: g.name })),
  };
  const chipText = (f: Filter, v: string) => filterChoices[f].find((o) => o.value === v)?.label ?? v;

  return (
    <Stack gap="3" data-testid="respondent-list">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {table.name}
          <Text as="span" ms="2" color="gray.600" fontWeight="normal" fontSize="sm">
            {t('respondents.total', { count: total })}
          </Text>
        </Heading>
        {canEdit && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={onImport} data-testid="import-into">
              <LuUpload />
              {t('respondents.import.into')}
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="add-respondent">
              <LuPlus />
              {t('respondents.add')}
            </Button>
          </HStack>
        )}
      </HStack>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: search.trim() || null });
        }}
      >
        <HStack gap="2">
          <Input
            size="sm"
            bg="white"
            maxW="md"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('respondents.search')}
            aria-label={t('respondents.search')}
            data-testid="respondent-search"
          />
          <Button size="sm" type="submit" variant="outline">
            {t('respondents.searchButton')}
          </Button>
        </HStack>
      </form>
      <Wrap gap="2" align="center">
        {FILTERS.map((f) => (
          <SelectControl
            key={f}
            size="sm"
            width={{ base: '40', md: '44' }}
            value=""
            ariaLabel={t(`respondents.filters.${f}`)}
            onChange={(v) => update({ [f]: v })}
            testId={`filter-${f}`}
          >
            <option value="">{t(`respondents.filters.${f}`)}</option>
            <Options items={filterChoices[f]} />
          </SelectControl>
        ))}
        <ColumnChooser columns={columns} onChange={setColumns} />
        <SelectControl
          size="sm"
          width="32"
          value={String(pageSize)}
          ariaLabel={t('respondents.pageSize')}
          onChange={(v) => update({ size: v })}
          testId="page-size"
        >
          <Options items={BENEFICIARY_PAGE_SIZES.map((n) => ({ value: n, label: t('respondents.perPage', { count: n }) }))} />
        </SelectControl>
      </Wrap>
      {Object.keys(filters).length > 0 && (
        <Wrap gap="2" aria-label={t('respondents.activeFilters')} data-testid="filter-chips">
          {(Object.entries(filters) as [Filter, string][]).map(([f, v]) => (
            <Tag.Root key={f} colorPalette="brand" variant="subtle" data-testid="filter-chip">
              <Tag.Label>
                {t(`respondents.filters.${f}`)}: {chipText(f, v)}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={t('respondents.removeFilter', { name: chipText(f, v) })}
                  onClick={() => update({ [f]: null })}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
          <Button size="xs" variant="ghost" onClick={() => update(Object.fromEntries(FILTERS.map((f) => [f, null])))}>
            {t('respondents.clearFilters')}
          </Button>
        </Wrap>
      )}
      {canEdit && selected.size > 0 && (
        <HStack>
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            loading={remove.isPending}
            onClick={() => remove.mutate([...selected])}
            data-testid="delete-selected"
          >
            <LuTrash2 />
            {t('respondents.deleteSelected', { count: selected.size })}
          </Button>
        </HStack>
      )}
      <Box borderWidth="1px" borderRadius="lg" bg="white" overflowX="auto">
        <Table.Root size="sm" data-testid="respondents-table">
          <Table.Header>
            <Table.Row bg="gray.50">
              {canEdit && (
                <Table.ColumnHeader w="10">
                  <Checkbox.Root
                    size="sm"
                    checked={allOn ? true : someOn ? 'indeterminate' : false}
                    onCheckedChange={(e) => select(ids, e.checked === true)}
                    aria-label={t('adminScreen.selectAll')}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
              )}
              <Table.ColumnHeader>{t('respondents.fields.fullName')}</Table.ColumnHeader>
              {shown.map((c) => (
                <Table.ColumnHeader key={c}>{t(`respondents.fields.${c}`)}</Table.ColumnHeader>
              ))}
              {canEdit && <Table.ColumnHeader textAlign="end">{t('adminScreen.actions')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.isLoading ? (
              <Table.Row>
                <Table.Cell colSpan={shown.length + 3}>
                  <Skeleton h="5" />
                </Table.Cell>
              </Table.Row>
            ) : ids.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={shown.length + 3}>
                  <Text color="gray.600">{t('respondents.empty')}</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              data!.beneficiaries.map((b) => (
                <Table.Row key={b.id} data-testid="respondent-row">
                  {canEdit && (
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={selected.has(b.id)}
                        onCheckedChange={(e) => select([b.id], e.checked === true)}
                        aria-label={t('respondents.selectRow', { name: b.fullName ?? b.idNumber ?? '' })}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  )}
                  <Table.Cell fontWeight="semibold">
                    <Link to={`/beneficiaries/respondent/${b.id}`} data-testid="respondent-link">
                      <Text as="span" color="brand.700" textDecoration="underline">
                        {b.erased ? t('respondents.erased') : (b.fullName ?? b.idNumber ?? '—')}
                      </Text>
                    </Link>
                  </Table.Cell>
                  {shown.map((c) => (
                    <Table.Cell key={c}>{cellText(t, b, c)}</Table.Cell>
                  ))}
                  {canEdit && (
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={t('respondents.edit')}
                        title={t('respondents.edit')}
                        onClick={() => setEditing(b)}
                        disabled={b.erased}
                      >
                        <LuPencil />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('respondents.delete')}
                        title={t('respondents.delete')}
                        onClick={() => remove.mutate([b.id])}
                        data-testid="delete-respondent"
                      >
                        <LuTrash2 />
                      </IconButton>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color="gray.700" data-testid="page-of">
          {t('respondents.pageOf', { page, pages })}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
            {t('respondents.previous')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => update({ page: String(page + 1) })}
            data-testid="next-page"
          >
            {t('respondents.next')}
          </Button>
        </HStack>
      </HStack>
      {editing && (
        <PersonDialog
          table={table}
          person={editing === 'new' ? null : editing}
          contactsHidden={data?.contactsHidden ?? false}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Stack>
  );
}

function cellText(t: (k: string) => string, b: Beneficiary, c: Column): string {
  if (c === 'gender') return b.gender === null ? '' : genderLabel(t, b.gender);
  const v = b[c];
  return v === null || v === undefined ? '' : String(v);
}

function ColumnChooser({ columns, onChange }: { columns: Column[]; onChange: (c: Column[]) => void }) {
  const { t } = useTranslation();
  const on = useMemo(() => new Set(columns), [columns]);
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="column-chooser">
          <LuColumns3 />
          {t('respondents.columns')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {COLUMNS.map((c) => (
              <Menu.CheckboxItem
                key={c}
                value={c}
                checked={on.has(c)}
                onCheckedChange={(checked) =>
                  onChange(checked ? COLUMNS.filter((x) => on.has(x) || x === c) : columns.filter((x) => x !== c))
                }
              >
                {t(`respondents.fields.${c}`)}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
