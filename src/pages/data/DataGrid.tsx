// The Survey Data table's grid: only the rows and columns in view are in the page (TanStack
// Virtual), as plain table elements styled by DataGrid.css. Scrolling must not redraw anything else:
// the virtualizers live here, not in the page, and rows and cells are memoized, so a frame scrolled down
// mounts the rows coming into view and one scrolled across the cells coming into view. (With Chakra's
// table components per cell and the whole page redrawn per frame, a frame took 100-1,000 ms.)
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { memo, useCallback, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import type { SubmissionRow } from './api';
import { REVIEW_PALETTE, cellText, durationText } from './format';
import './DataGrid.css';

const ROW_HEIGHT = 41;

// The virtualizers start from a guess of the scroller's size instead of measuring it at mount: TanStack
// Virtual's own observer reads clientWidth/clientHeight in the commit, a forced style and layout of the
// whole page between the data's arrival and the first row drawn, and from its initial 0 x 0 drew a first
// range of only the overscan rows, then a second one. The guess is the window's (which reads no layout;
// the scroller is at most 65vh tall and never wider than the window): a few rows or columns too many at
// worst. The real size comes from a ResizeObserver, whose first report follows the frame's layout.
const initialRect = () => (typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: Math.ceil(window.innerHeight * 0.65) });

function observeScrollerRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void): () => void {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

export type ColumnKind = 'select' | 'open' | 'fact' | 'question';

export interface GridColumn {
  id: string;
  kind: ColumnKind;
  /** The text shown (translated, or the question's header). */
  header: string;
  width: number;
  sortable: boolean;
}

export type SortDirection = 'ascending' | 'descending';

export interface DataGridProps {
  rows: readonly SubmissionRow[];
  columns: readonly GridColumn[];
  selection: Readonly<Record<string, boolean>>;
  allSelected: boolean | 'indeterminate';
  onToggleRow: (id: string) => void;
  onToggleAll: () => void;
  sort: { id: string; direction: SortDirection } | null;
  onSort: (id: string) => void;
  /** aria-rowindex of the first row: the header and the rows of earlier pages come before it. */
  firstRowIndex: number;
  /** aria-rowcount: every row of the filtered data with the header, not only those drawn. */
  rowCount: number;
  hidden: boolean;
  empty: boolean;
  label: string;
}

/** What every cell reads besides its row: made once per language, so cells stay memoized across renders. */
interface CellContext {
  t: TFunction;
  language: string;
  when: Intl.DateTimeFormat;
  onToggleRow: (id: string) => void;
}

type Fact = (r: SubmissionRow, c: CellContext) => ReactNode;

/** The cells of the submission's own columns (columns.ts FIXED_COLUMNS). */
const FACTS: Readonly<Record<string, Fact>> = {
  _submittedAt: (r, c) => c.when.format(new Date(r.submittedAt)),
  _collector: (r, c) => (r.submitterName ? <bdi>{r.submitterName}</bdi> : <span className="dg-muted">{c.t('surveyData.anonymous')}</span>),
  _review: (r, c) => {
    const palette = REVIEW_PALETTE[r.reviewStatus] ?? 'gray';
    return (
      <span className="dg-badge" data-testid="review-badge" style={{ background: `var(--chakra-colors-${palette}-subtle)`, color: `var(--chakra-colors-${palette}-fg)` }}>
        {c.t(`surveyData.status.${r.reviewStatus}`)}
      </span>
    );
  },
  _duration: (r, c) => durationText(r.durationSeconds, c.language),
  // A pair of coordinates reads left to right in every language.
  _location: (r) =>
    r.latitude !== null && r.longitude !== null ? <bdi dir="ltr">{`${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`}</bdi> : '',
};

function cellContent(r: SubmissionRow, column: GridColumn, selected: boolean, c: CellContext): ReactNode {
  switch (column.kind) {
    case 'select':
      return (
        <input
          type="checkbox"
          className="dg-check"
          checked={selected}
          onChange={() => c.onToggleRow(r.id)}
          aria-label={c.t('surveyData.selectRow', { when: c.when.format(new Date(r.submittedAt)) })}
        />
      );
    case 'open':
      return (
        <a href={`/survey/submission/${r.id}`} className="dg-open" data-testid="open-submission">
          {c.t('surveyData.open')}
        </a>
      );
    case 'fact':
      return FACTS[column.id]?.(r, c) ?? null;
    case 'question':
      return <bdi>{cellText(r.answers[column.id], c.t)}</bdi>;
  }
}

/**
 * Where a cell sits: a pinned cell (the checkbox, Open) stays at its offset from the table's start while
 * the others scroll under it; the first scrolled cell drawn is pushed past the columns not drawn before it.
 */
interface Place {
  pin?: number;
  /** The last pinned column, which draws the edge the others scroll under. */
  edge?: boolean;
  skip?: number;
}

const placeStyle = (width: number, place: Place | undefined) => ({ width, insetInlineStart: place?.pin, marginInlineStart: place?.skip });
const cellClass = (base: string, place: Place | undefined) => (place?.pin === undefined ? base : place.edge ? `${base} dg-pin dg-pin-edge` : `${base} dg-pin`);

const DataCell = memo(function DataCell({ row, column, index, selected, context, place }: { row: SubmissionRow; column: GridColumn; index: number; selected: boolean; context: CellContext; place: Place | undefined }) {
  return (
    <td className={cellClass('dg-cell', place)} style={placeStyle(column.width, place)} aria-colindex={index + 1}>
      {cellContent(row, column, selected, context)}
    </td>
  );
});

/** The columns a row draws: the pinned ones, then those in view from `from` to `to`. */
interface Span {
  /** Offsets of the pinned columns from the table's start. */
  pins: readonly number[];
  from: number;
  to: number;
  /** Room left before the cell at `from` for the scrolled columns not drawn. */
  skip: number;
}

// The same place is the same object, so that a memoized cell (a pinned one above all) is not drawn again
// when the table scrolls across: only the cells whose place changed are.
const places = new Map<string, Place>();
function placeOf(pin: number | undefined, edge: boolean, skip: number): Place {
  const key = `${pin}|${edge}|${skip}`;
  let place = places.get(key);
  if (!place) {
    // Scrolled offsets are many: the cache is a convenience, not a store.
    if (places.size > 500) places.clear();
    places.set(key, (place = pin === undefined ? { skip } : { pin, edge }));
  }
  return place;
}

/** The cells of one row, or of the header: each column of the span by `cell`, given its place. */
function spanCells(columns: readonly GridColumn[], span: Span, cell: (column: GridColumn, index: number, place: Place | undefined) => ReactNode): ReactNode[] {
  const cells = span.pins.map((pin, i) => cell(columns[i]!, i, placeOf(pin, i === span.pins.length - 1, 0)));
  for (let i = span.from; i <= span.to; i++) cells.push(cell(columns[i]!, i, i === span.from && span.skip > 0 ? placeOf(undefined, false, span.skip) : undefined));
  return cells;
}

interface RowProps {
  row: SubmissionRow;
  top: number;
  rowIndex: number;
  selected: boolean;
  columns: readonly GridColumn[];
  span: Span;
  width: number;
  context: CellContext;
}

const DataRow = memo(function DataRow({ row, top, rowIndex, selected, columns, span, width, context }: RowProps) {
  // Only the checkbox's cell hears of the selection: selecting a row redraws one cell.
  const cells = spanCells(columns, span, (column, i, place) => (
    <DataCell key={column.id} row={row} column={column} index={i} selected={column.kind === 'select' && selected} context={context} place={place} />
  ));
  return (
    <tr className="dg-row" data-testid="data-row" aria-rowindex={rowIndex} style={{ transform: `translateY(${top}px)`, width }}>
      {cells}
    </tr>
  );
});

interface HeaderProps {
  column: GridColumn;
  index: number;
  /** The column's sort; undefined when it does not sort. */
  sort: SortDirection | 'none' | undefined;
  allSelected: boolean | 'indeterminate';
  onSort: (id: string) => void;
  onToggleAll: () => void;
  t: TFunction;
  place: Place | undefined;
}

const HeaderCell = memo(function HeaderCell({ column, index, sort, allSelected, onSort, onToggleAll, t, place }: HeaderProps) {
  let content: ReactNode;
  if (column.kind === 'select') {
    content = (
      <input
        type="checkbox"
        className="dg-check"
        checked={allSelected === true}
        ref={(el) => {
          if (el) el.indeterminate = allSelected === 'indeterminate';
        }}
        onChange={onToggleAll}
        aria-label={t('surveyData.selectAll')}
      />
    );
  } else if (column.kind === 'open') {
    content = <span className="dg-sr-only">{t('surveyData.open')}</span>;
  } else if (sort !== undefined) {
    content = (
      <button type="button" className="dg-sort" onClick={() => onSort(column.id)} title={column.header}>
        <span>
          <bdi>{column.header}</bdi>
        </span>
        {sort === 'ascending' ? <LuArrowUp aria-hidden /> : sort === 'descending' ? <LuArrowDown aria-hidden /> : null}
      </button>
    );
  } else content = <bdi title={column.header}>{column.header}</bdi>;
  return (
    <th className={cellClass('dg-cell', place)} style={placeStyle(column.width, place)} aria-colindex={index + 1} aria-sort={sort}>
      {content}
    </th>
  );
});

/**
 * The leading columns that stay in view when the table scrolls across (the checkbox and Open: at 360 px
 * the Open link used to scroll away), as offsets from the table's start.
 */
function pinOffsets(columns: readonly GridColumn[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const c of columns) {
    if (c.kind !== 'select' && c.kind !== 'open') break;
    offsets.push(at);
    at += c.width;
  }
  return offsets;
}

export const DataGrid = memo(function DataGrid(props: DataGridProps) {
  const { rows, columns, selection, allSelected, onToggleRow, onToggleAll, sort, onSort, firstRowIndex, rowCount, hidden, empty, label } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  // The Open links are plain anchors (a router Link per row cost its hooks in every row drawn): one
  // handler here opens them in the app, leaving modified clicks (new tab, window) to the browser.
  const onClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element).closest('a.dg-open');
      if (!link) return;
      e.preventDefault();
      void navigate(link.getAttribute('href')!);
    },
    [navigate],
  );
  const getScrollElement = useCallback(() => scroller.current, []);
  const startRect = useMemo(initialRect, []);
  const rowVirtual = useVirtualizer({ count: rows.length, getScrollElement, estimateSize: () => ROW_HEIGHT, overscan: 6, initialRect: startRect, observeElementRect: observeScrollerRect });
  const columnWidth = useCallback((i: number) => columns[i]!.width, [columns]);
  const colVirtual = useVirtualizer({ horizontal: true, count: columns.length, getScrollElement, estimateSize: columnWidth, overscan: 2, initialRect: startRect, observeElementRect: observeScrollerRect });
  const context = useMemo<CellContext>(
    () => ({ t, language: i18n.language, when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), onToggleRow }),
    [t, i18n.language, onToggleRow],
  );

  const vRows = rowVirtual.getVirtualItems();
  const vCols = colVirtual.getVirtualItems();
  const width = colVirtual.getTotalSize();
  const pins = useMemo(() => pinOffsets(columns), [columns]);
  const first = vCols.find((v) => v.index >= pins.length);
  const from = first?.index ?? pins.length;
  const to = vCols[vCols.length - 1]?.index ?? -1;
  const pinned = pins.reduce((sum, _, i) => sum + columns[i]!.width, 0);
  const skip = (first?.start ?? 0) - pinned;
  // A new object only when what is drawn changes, so that rows stay memoized.
  const span = useMemo<Span>(() => ({ pins, from, to, skip }), [pins, from, to, skip]);

  const headers = spanCells(columns, span, (column, i, place) => {
    const own = !column.sortable ? undefined : sort?.id === column.id ? sort.direction : 'none';
    return <HeaderCell key={column.id} column={column} index={i} sort={own} allSelected={allSelected} onSort={onSort} onToggleAll={onToggleAll} t={t} place={place} />;
  });

  return (
    // The scroll padding keeps a cell reached by keyboard out from under the pinned columns.
    <div ref={scroller} className="dg-scroller" style={{ scrollPaddingInlineStart: pinned }} hidden={hidden} tabIndex={0} aria-label={label} onClick={onClick} data-testid="data-scroller">
      <table className="dg-table" style={{ width }} aria-rowcount={rowCount} aria-colcount={columns.length}>
        <thead className="dg-head">
          <tr className="dg-row" aria-rowindex={1} style={{ width }}>
            {headers}
          </tr>
        </thead>
        <tbody className="dg-body" style={{ height: rowVirtual.getTotalSize() }}>
          {vRows.map((vr) => {
            const row = rows[vr.index]!;
            return (
              <DataRow
                key={row.id}
                row={row}
                top={vr.start}
                rowIndex={firstRowIndex + vr.index}
                selected={selection[row.id] === true}
                columns={columns}
                span={span}
                width={width}
                context={context}
              />
            );
          })}
        </tbody>
      </table>
      {empty && (
        <p className="dg-empty" data-testid="data-empty">
          {t('surveyData.empty')}
        </p>
      )}
    </div>
  );
});
