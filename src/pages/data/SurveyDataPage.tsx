// /survey/survey-data: pick a survey of the project and browse its submissions. Paging,
// sorting and filtering happen on the server; the table renders only the rows and columns in view
// (TanStack Table + Virtual), so a page of 500 rows by 300 questions stays smooth. Columns can be
// hidden and reordered (remembered per user and survey); rows can be reviewed in bulk; the filtered
// data exports as CSV, XLSX or ZIP.
// The controls around the table are memoized parts with stable props: the page renders again as its
// calls answer and at every row checked, and each render of ~20 Chakra controls (recipes, emotion) used to
// sit between the data's arrival and the first row, and between a click on a checkbox and its answer.
import { Badge, Box, Button, Checkbox, Flex, Heading, IconButton, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
// The v8-style API of TanStack Table 9 (its stable surface for row models and selection).
import { getCoreRowModel, useLegacyTable, type LegacyColumnDef } from '@tanstack/react-table/legacy';
import { Suspense, lazy, memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuColumns3, LuDownload, LuRss, LuWebhook } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { DATA_REVIEW_ROLES, type ExportFormat } from '../../../schemas/submissions';
import { FEED_ROLES } from '../../../schemas/dataFeed';
import { WEBHOOK_ROLES } from '../../../schemas/webhooks';
import { hasAnyRole } from '../../../schemas/roles';
import { ApiError } from '../../api/client';
import { toaster } from '../../app/toastStore';
import { ChooseFirst } from '../../components/ChooseFirst';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { session } from '../../state/session';
import { bulkReview, exportSubmissions, filterParams, useProjectSurveys, useSubmissions, useSurveyModel, type ExportJob, type SubmissionRow, type SurveyChoice, type TableQuery } from './api';
import { FIRST_FILTERS, FIRST_PAGE_SIZE } from './calls';
import { ExportProgress } from './ExportProgress';
import { AnswerFilters, filterStrings, type AnswerFilterChip } from './AnswerFilters';
import { FIXED_COLUMNS, arrange, loadPrefs, move, questionColumns, questionHeaders, savePrefs, type ColumnDef, type ColumnPrefs } from './columns';
import { DataGrid, type GridColumn } from './DataGrid';
import { bindSurvey, repeatGroups, textIn, type CsvAudience } from '../../../engine/survey/index';

// What only a click shows (the data feed's dialog, a repeat group's table) loads when first shown: its code
// (Chakra's dialog, the feed's calls) is not evaluated on the way to the first rows. loadLater()
// fetches it once the first rows are drawn.
const loadFeedDialog = () => import('./FeedDialog').then((m) => m.FeedDialog);
const loadRepeatTable = () => import('./RepeatTable').then((m) => ({ default: m.RepeatTable }));
const FeedDialog = lazyDialog(loadFeedDialog, whenOpen);
// Rendered only while open: its code loads on the first click (or with ?webhooks=1, the e-mail's link).
const WebhooksDialog = lazyDialog(
  () => import('./WebhooksDialog').then((m) => m.WebhooksDialog),
  () => true,
);
const RepeatTable = lazy(loadRepeatTable);
let laterLoaded = false;
function loadLater(): void {
  if (laterLoaded) return;
  laterLoaded = true;
  const load = () => void Promise.all([loadFeedDialog(), loadRepeatTable()]).catch(() => (laterLoaded = false));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 500);
}

const PAGE_SIZES = [25, 50, 100, 250, 500] as const;
/** A survey without repeat groups: the same empty list each time, so the filter bar is not drawn again for it. */
const NO_GROUPS: readonly { name: string; label: string }[] = [];

export default function SurveyDataPage() {
  const snap = useSnapshot(session);
  if (!snap.currentProjectId) return <ChooseFirst what="project" />;
  return <SurveyData projectId={snap.currentProjectId} />;
}

function SurveyData({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const [params, setParams] = useSearchParams();
  const surveys = useProjectSurveys(projectId);
  const surveyId = params.get('survey') ?? surveys.data?.[0]?.id ?? null;
  const model = useSurveyModel(surveyId);
  const [filters, setFilters] = useState(FIRST_FILTERS);
  const [chips, setChips] = useState<AnswerFilterChip[]>([]);
  useEffect(() => setChips([]), [surveyId]);
  const answerFilters = useMemo(() => filterStrings(chips), [chips]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(FIRST_PAGE_SIZE);
  const [showColumns, setShowColumns] = useState(false);
  // '' : the submissions; else the name of a repeat group shown in its own table.
  const [repeat, setRepeat] = useState('');
  useEffect(() => setRepeat(''), [surveyId]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const userId = snap.user?.id ?? 'anonymous';
  const [prefs, setPrefs] = useState<ColumnPrefs>({ order: [], hidden: [] });
  useEffect(() => setPrefs(surveyId ? loadPrefs(userId, surveyId) : { order: [], hidden: [] }), [userId, surveyId]);
  useEffect(() => {
    setPage(1);
    setSelection({});
  }, [surveyId, filters, answerFilters, pageSize]);
  const updatePrefs = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      if (surveyId) savePrefs(userId, surveyId, next);
    },
    [userId, surveyId],
  );

  const query: TableQuery | null = surveyId ? { surveyId, page, pageSize, ...filters, answerFilters, languageId: undefined } : null;
  const data = useSubmissions(query);
  const rows = data.data?.submissions ?? [];
  const total = data.data?.totalSize ?? 0;
  const canReview = hasAnyRole(snap.roles, DATA_REVIEW_ROLES);
  const canFeed = hasAnyRole(snap.roles, FEED_ROLES);
  const canHooks = hasAnyRole(snap.roles, WEBHOOK_ROLES);
  const queryClient = useQueryClient();
  const drawn = rows.length > 0;
  useEffect(() => {
    if (drawn) loadLater();
  }, [drawn]);

  // The controls around the grid take the calls' answers a render later, in a transition (React renders
  // it in slices, yielding to input): the render that draws the first rows holds only the grid, and a click
  // on a row's checkbox is answered between the slices. Before, that render also drew the filter bar
  // again for the surveys, mounted the answer filters (300 options, ~15 Chakra controls) and the pager:
  // Chakra's style work between the data's arrival and the first row.
  const controlSurveys = useDeferredValue(surveys.data);
  // The model with an initial value: when the early calls have answered before the page renders (their
  // answers are then its first render's data, api.ts), the answer filters and the repeat groups still
  // come a render after the first rows.
  const controlModel = useDeferredValue(model.data ?? null, null);
  const controlTotal = useDeferredValue(total);
  const groups = useMemo(() => {
    if (!controlModel) return NO_GROUPS;
    const b = bindSurvey(controlModel);
    const found = repeatGroups(b).map((g) => ({ name: g.name, label: textIn(g.model.questionLabels, b.baseLanguageId, b.baseLanguageId) ?? g.name }));
    return found.length ? found : NO_GROUPS;
  }, [controlModel]);
  const headers = useMemo(() => (model.data ? questionHeaders(model.data, undefined) : new Map<string, string>()), [model.data]);
  const arranged = useMemo(() => arrange([...FIXED_COLUMNS, ...(model.data ? questionColumns(model.data, headers) : [])], prefs), [model.data, headers, prefs]);
  const gridColumns = useMemo<GridColumn[]>(
    () => [
      ...(canReview ? [{ id: '_select', kind: 'select' as const, header: '', width: 48, sortable: false }] : []),
      { id: '_open', kind: 'open', header: t('surveyData.open'), width: 90, sortable: false },
      ...arranged
        .filter((c) => c.shown)
        .map((c): GridColumn => ({ id: c.key, kind: c.fixed ? 'fact' : 'question', header: c.fixed ? t(c.label) : c.label, width: c.fixed ? 170 : 200, sortable: c.sort !== undefined })),
    ],
    [arranged, canReview, t],
  );
  const columns = useMemo<LegacyColumnDef<SubmissionRow>[]>(() => gridColumns.map((c) => ({ id: c.id, header: c.header, size: c.width })), [gridColumns]);
  // TanStack Table keeps the page's rows and their selection; the grid draws them (DataGrid.tsx).
  const table = useLegacyTable<SubmissionRow>({
    data: rows,
    columns,
    getRowId: (r) => r.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: canReview,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const allSelected = table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false;
  // The table object stays the same across renders: reading it at the click sees the page's rows then.
  const toggleAll = useCallback(() => table.toggleAllRowsSelected(), [table]);
  // Stable, so that a row's checkbox does not redraw the other rows' cells.
  const toggleRow = useCallback(
    (id: string) =>
      setSelection((s) => {
        const { [id]: was, ...rest } = s;
        return was ? rest : { ...s, [id]: true };
      }),
    [],
  );

  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const onSort = useCallback(
    (id: string) => {
      const field = arranged.find((c) => c.key === id)?.sort;
      if (field) setFilters((f) => ({ ...f, sort: f.sort === `-${field}` ? field : `-${field}` }));
    },
    [arranged],
  );
  const sortKey = filters.sort.replace(/^-/, '');
  const sortedBy = arranged.find((c) => c.sort === sortKey);
  const sort = useMemo(() => (sortedBy ? { id: sortedBy.key, direction: filters.sort.startsWith('-') ? ('descending' as const) : ('ascending' as const) } : null), [sortedBy, filters.sort]);

  const selected = useMemo(() => Object.keys(selection).filter((k) => selection[k]), [selection]);
  const review = useCallback(
    async (status: number) => {
      try {
        const { reviewed } = await bulkReview({ ids: selected, status });
        toaster.create({ type: 'success', title: t('surveyData.bulkDone', { count: reviewed }) });
        setSelection({});
        await queryClient.invalidateQueries({ queryKey: ['submissions'] });
      } catch (err) {
        toaster.create({ type: 'error', title: err instanceof ApiError ? err.message : t('surveyData.failed') });
      }
    },
    [selected, t, queryClient],
  );
  // The exports and the feed take the table's filters as the calls do.
  const filtered = useMemo(() => filterParams({ ...filters, answerFilters, languageId: undefined }), [filters, answerFilters]);
  const pickSurvey = useCallback((id: string) => setParams({ survey: id }), [setParams]);
  const toggleColumns = useCallback(() => setShowColumns((v) => !v), []);

  if (surveys.data && surveys.data.length === 0) {
    return (
      <Stack gap="4" maxW="7xl">
        <Heading size="xl">{t('surveyData.title')}</Heading>
        <Text color="gray.600">{t('surveyData.noSurveys')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="4" maxW="full" minW="0" data-testid="survey-data">
      <Flex gap="3" wrap="wrap" align="end" justify="space-between">
        <Heading size="xl">{t('surveyData.title')}</Heading>
        <ExportBar surveyId={surveyId} filters={filtered} canFeed={canFeed} canHooks={canHooks} />
      </Flex>
      <FilterBar
        surveys={controlSurveys}
        surveyId={surveyId}
        onSurvey={pickSurvey}
        filters={filters}
        setFilters={setFilters}
        groups={groups}
        repeat={repeat}
        onRepeat={setRepeat}
        showColumns={showColumns}
        onToggleColumns={toggleColumns}
      />
      {/* Its frame is drawn from the start (the model's questions fill it later), so the grid below does not move. */}
      <AnswerFilters model={controlModel} value={chips} onChange={setChips} idPrefix="answer-filter" />
      {showColumns && <ColumnChooser arranged={arranged} prefs={prefs} onChange={updatePrefs} />}
      <Flex gap="3" align="center" wrap="wrap" minH="8">
        <Text fontSize="sm" color="gray.600" data-testid="data-total" aria-live="polite">
          {t('surveyData.total', { count: total, formatted: number.format(total) })}
        </Text>
        {canReview && selected.length > 0 && <BulkReview count={selected.length} onReview={review} />}
      </Flex>
      {repeat && query && (
        <Suspense fallback={null}>
          <RepeatTable query={{ ...query, repeat }} headers={headers} />
        </Suspense>
      )}
      <DataGrid
        rows={rows}
        columns={gridColumns}
        selection={selection}
        allSelected={allSelected}
        onToggleRow={toggleRow}
        onToggleAll={toggleAll}
        sort={sort}
        onSort={onSort}
        firstRowIndex={(page - 1) * pageSize + 2}
        rowCount={total + 1}
        hidden={repeat !== ''}
        empty={!data.isLoading && rows.length === 0}
        label={t('surveyData.tableLabel')}
      />
      <Pager page={page} pageSize={pageSize} total={controlTotal} onPage={setPage} onPageSize={setPageSize} />
    </Stack>
  );
}

/** The export buttons: a CSV for Excel (formulas neutralized) and one for analysis (answers as given), XLSX, ZIP. */
const EXPORT_CHOICES: readonly { format: ExportFormat; csvFor?: CsvAudience; key: string; testId: string }[] = [
  { format: 'csv', csvFor: 'excel', key: 'csv', testId: 'export-csv' },
  { format: 'csv', csvFor: 'analysis', key: 'csvAnalysis', testId: 'export-csv-analysis' },
  { format: 'xlsx', key: 'xlsx', testId: 'export-xlsx' },
  { format: 'zip', key: 'zip', testId: 'export-zip' },
];

/** The export buttons, a running export's progress, the data feed and the webhooks. */
const ExportBar = memo(function ExportBar({
  surveyId,
  filters,
  canFeed,
  canHooks,
}: {
  surveyId: string | null;
  filters: URLSearchParams;
  canFeed: boolean;
  canHooks: boolean;
}) {
  const { t } = useTranslation();
  const [exportJob, setExportJob] = useState<ExportJob | null>(null);
  const clearExportJob = useCallback(() => setExportJob(null), []);
  const [feedOpen, setFeedOpen] = useState(false);
  const [params] = useSearchParams();
  const [hooksOpen, setHooksOpen] = useState(() => params.get('webhooks') === '1');
  const download = async (format: ExportFormat, csvFor?: CsvAudience) => {
    if (!surveyId) return;
    try {
      const job = await exportSubmissions(surveyId, format, filters, undefined, csvFor);
      if (job) setExportJob(job);
    } catch {
      toaster.create({ type: 'error', title: t('surveyData.downloadFailed') });
    }
  };
  return (
    <>
      <Wrap gap="2">
        {/* Two CSVs (docs/decisions/0067-export-cells-for-analysis-and-for-excel.md): the button's own words say which is which. */}
        {EXPORT_CHOICES.map(({ format, csvFor, key, testId }) => (
          <Button
            key={key}
            size="sm"
            variant="outline"
            onClick={() => void download(format, csvFor)}
            disabled={!surveyId || exportJob !== null}
            data-testid={testId}
            title={t(`surveyData.export.${key}Hint`)}
          >
            <LuDownload /> {t(`surveyData.export.${key}`)}
          </Button>
        ))}
        {exportJob && <ExportProgress job={exportJob} onDone={clearExportJob} />}
        {canFeed && surveyId && (
          <Button size="sm" variant="outline" onClick={() => setFeedOpen(true)} data-testid="open-feed">
            <LuRss /> {t('surveyData.feed.button')}
          </Button>
        )}
        {canHooks && surveyId && (
          <Button size="sm" variant="outline" onClick={() => setHooksOpen(true)} data-testid="open-webhooks">
            <LuWebhook /> {t('webhooks.button')}
          </Button>
        )}
      </Wrap>
      {canFeed && surveyId && feedOpen && <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} surveyId={surveyId} filters={filters} />}
      {canHooks && surveyId && hooksOpen && <WebhooksDialog scope={{ surveyId }} onClose={() => setHooksOpen(false)} />}
    </>
  );
});

type Filters = typeof FIRST_FILTERS;

interface FilterBarProps {
  surveys: readonly SurveyChoice[] | undefined;
  surveyId: string | null;
  onSurvey: (id: string) => void;
  filters: Filters;
  setFilters: Dispatch<SetStateAction<Filters>>;
  groups: readonly { name: string; label: string }[];
  repeat: string;
  onRepeat: (name: string) => void;
  showColumns: boolean;
  onToggleColumns: () => void;
}

/** The survey picker, search, date range, review status, the table shown (submissions or a repeat group) and the column chooser's button. */
const FilterBar = memo(function FilterBar({ surveys, surveyId, onSurvey, filters, setFilters, groups, repeat, onRepeat, showColumns, onToggleColumns }: FilterBarProps) {
  const { t } = useTranslation();
  const set = (key: keyof Filters) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFilters((f) => ({ ...f, [key]: value }));
  };
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <Field label={t('surveyData.survey')} grow>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id="data-survey" value={surveyId ?? ''} onChange={(e) => onSurvey(e.currentTarget.value)} data-testid="survey-picker">
            {(surveys ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <Field label={t('surveyData.search')} grow>
        <Input id="data-search" size="sm" type="search" maxLength={200} value={filters.search} onChange={set('search')} data-testid="data-search" />
      </Field>
      <Field label={t('surveyData.from')}>
        <Input id="data-from" size="sm" type="date" value={filters.from} onChange={set('from')} />
      </Field>
      <Field label={t('surveyData.to')}>
        <Input id="data-to" size="sm" type="date" value={filters.to} onChange={set('to')} />
      </Field>
      <Field label={t('surveyData.col.review')}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id="data-review" value={filters.reviewStatus} onChange={set('reviewStatus')} data-testid="review-filter">
            <option value="">{t('surveyData.any')}</option>
            {[0, 1, 2, 3].map((s) => (
              <option key={s} value={s}>
                {t(`surveyData.status.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      {/* Always there (disabled without repeat groups): the repeat groups are known a render after the first
          rows (the model is deferred), and a field appearing then would move the grid below. */}
      <Field label={t('surveyData.tableChoice')}>
        <NativeSelect.Root size="sm" disabled={groups.length === 0}>
          <NativeSelect.Field id="data-table-choice" value={repeat} onChange={(e) => onRepeat(e.currentTarget.value)} data-testid="table-choice">
            <option value="">{t('surveyData.submissionsTable')}</option>
            {groups.map((g) => (
              <option key={g.name} value={g.name}>
                {g.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <Button size="sm" variant="outline" onClick={onToggleColumns} aria-expanded={showColumns} aria-controls="data-columns" disabled={repeat !== ''}>
        <LuColumns3 /> {t('surveyData.columns')}
      </Button>
    </Flex>
  );
});

/** Which columns are shown, and their order (remembered per user and survey, columns.ts). */
const ColumnChooser = memo(function ColumnChooser({ arranged, prefs, onChange }: { arranged: readonly (ColumnDef & { shown: boolean })[]; prefs: ColumnPrefs; onChange: (next: ColumnPrefs) => void }) {
  const { t } = useTranslation();
  return (
    <Box id="data-columns" borderWidth="1px" borderRadius="md" p="3" maxH="64" overflowY="auto">
      <Stack gap="1" as="ul" listStyleType="none">
        {arranged.map((c, i) => (
          <Flex as="li" key={c.key} align="center" gap="2">
            <Checkbox.Root
              size="sm"
              checked={c.shown}
              onCheckedChange={(e) => onChange({ order: arranged.map((x) => x.key), hidden: e.checked ? prefs.hidden.filter((h) => h !== c.key) : [...prefs.hidden, c.key] })}
              flex="1"
              minW="0"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label truncate>
                <bdi>{c.fixed ? t(c.label) : c.label}</bdi>
              </Checkbox.Label>
            </Checkbox.Root>
            <IconButton size="xs" variant="ghost" aria-label={t('surveyData.moveUp', { name: c.fixed ? t(c.label) : c.label })} disabled={i === 0} onClick={() => onChange({ ...prefs, order: move(arranged, c.key, -1) })}>
              <LuArrowUp />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={t('surveyData.moveDown', { name: c.fixed ? t(c.label) : c.label })} disabled={i === arranged.length - 1} onClick={() => onChange({ ...prefs, order: move(arranged, c.key, 1) })}>
              <LuArrowDown />
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
});

/** The bulk review buttons for the rows checked. */
const BulkReview = memo(function BulkReview({ count, onReview }: { count: number; onReview: (status: number) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Wrap gap="2">
      <Text fontSize="sm">{t('surveyData.selected', { count })}</Text>
      {[1, 2, 3].map((s) => (
        <Button key={s} size="xs" variant="outline" onClick={() => void onReview(s)} data-testid={`bulk-${s}`}>
          {t(`surveyData.mark.${s}`)}
        </Button>
      ))}
    </Wrap>
  );
});

/** Page size, previous and next. */
const Pager = memo(function Pager({ page, pageSize, total, onPage, onPageSize }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; onPageSize: (size: number) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" align="center" wrap="wrap" justify="space-between">
      <Flex align="center" gap="2">
        <label htmlFor="data-page-size" style={{ fontSize: '0.875rem' }}>
          {t('surveyData.pageSize')}
        </label>
        <NativeSelect.Root size="sm" width="24">
          <NativeSelect.Field id="data-page-size" value={String(pageSize)} onChange={(e) => onPageSize(Number(e.currentTarget.value))}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Flex align="center" gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('surveyData.previous')}
        </Button>
        <Badge variant="subtle">{t('surveyData.page', { page, pages: Math.max(1, Math.ceil(total / pageSize)) })}</Badge>
        <Button size="sm" variant="outline" disabled={page * pageSize >= total} onClick={() => onPage(page + 1)}>
          {t('surveyData.next')}
        </Button>
      </Flex>
    </Flex>
  );
});

function Field({ label, children, grow }: { label: string; children: React.ReactElement<{ children?: unknown }>; grow?: boolean }) {
  // The control's id is on the field inside: the label points at it by the id its child carries.
  const id = findId(children);
  return (
    <Stack gap="1" flex={grow ? '1 1 12rem' : '0 0 auto'} minW={grow ? '12rem' : undefined}>
      <label htmlFor={id} style={{ fontSize: '0.875rem' }}>
        {label}
      </label>
      {children}
    </Stack>
  );
}

function findId(el: unknown): string | undefined {
  if (!el || typeof el !== 'object' || !('props' in el)) return undefined;
  const props = (el as { props: { id?: string; children?: unknown } }).props;
  if (props.id) return props.id;
  const kids = Array.isArray(props.children) ? props.children : [props.children];
  for (const k of kids) {
    const found = findId(k);
    if (found) return found;
  }
  return undefined;
}
