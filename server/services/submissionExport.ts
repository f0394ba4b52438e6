// GET DataCollection/exportSubmissions/{surveyId}: a survey's submissions as CSV (RFC 4180 with a BOM
// and CRLF, so Excel opens it in UTF-8), XLSX (a sheet for the submissions, one per repeat group, and a
// codebook; services/xlsxStream.ts) or ZIP (the same as CSV files, plus the attachments laid out by submission). Rows are read
// in keyset batches, each submission with its compact copy (services/compactCopy.ts: one row per
// submission, not one per answer), and written to a stream with backpressure, so memory holds one batch
// whatever the size of the survey; each repeat group is a second pass over the same filter.
// Cells (docs/decisions/0067-export-cells-for-analysis-and-for-excel.md): XLSX types them (dates as date
// cells, numbers as numbers, texts as string cells, whatever they begin with, files as links); a CSV is
// for analysis (answers as given) or for Excel (texts a spreadsheet would run neutralized,
// neutralizeCell); a file answer is a link that opens the file, or in the ZIP the path of its entry.
import { Readable } from 'node:stream';
import { once } from 'node:events';
import {
  QUESTION_TYPES,
  typeKeyOf,
  cellOf,
  dataColumns,
  keyLabel,
  neutralizeCell,
  repeatGroups,
  sheetKindOf,
  textIn,
  type Bindings,
  type CellOptions,
  type CellValue,
  type DataColumn,
  type SheetKind,
} from '../../engine/survey/index';
import { submissionFilePage, type ExportQuery } from '../../schemas/submissions';
import { dataColumnsOf, nextCompactBatch, type BatchLimits, type CompactRow } from '../db/queries/submissionCopies';
import { filesOf, nextBatch, type DataFilter, type ExportHead, type SubmissionHeadRow } from '../db/queries/submissionData';
import type { Storage } from '../plugins/storage';
import { storedOfCompact, topSpans } from './compactCopy';
import { isoStamp } from './isoStamp';
import { ByteSink, CSV_FORMAT, XlsxRowFormat, cellChunks, writeCopyCells, type ColumnPlan, type RowFormat } from './exportBytes';
import { dataFilterOf, readableSurvey, type DataDeps, type DataReader } from './submissionData';
import { writeWorkbook, type SheetSource } from './xlsxStream';

/**
 * Submissions read per database round trip: 500, or fewer when their answers are large. Two batches are
 * alive at once (one formatted while the next is read), as JavaScript strings and as the bytes written
 * from them, in an export worker whose heap is 96 MB (workers/pool.ts EXPORT_WORKER_LIMITS).
 */
export const EXPORT_BATCH: BatchLimits = { rows: 500, bytes: 4 << 20 };

/**
 * What an export reads with; `batch` other than EXPORT_BATCH only in tests. `publicUrl` is the app's
 * address, which the links to files start with (without it, in tools, they start with the path).
 */
export type ExportDeps = DataDeps & { storage: Storage; batch?: BatchLimits | undefined; publicUrl?: string | undefined };
type ReadDeps = Omit<ExportDeps, 'storage'>;

export const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

export interface ExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

interface Table {
  name: string;
  /** null: the submissions; else a repeat group's name. */
  repeat: string | null;
  header: string[];
  columns: DataColumn[];
}

export const HEAD_COLUMNS = [
  '_id',
  '_submitted_at',
  '_started_at',
  '_duration_seconds',
  '_collector',
  '_task_id',
  '_latitude',
  '_longitude',
  '_review_status',
  '_review_comment',
  '_survey_version',
];
const REPEAT_COLUMNS = ['_submission_id', '_index', '_parent_index'];
export const REVIEW_NAMES = ['', 'Approved', 'Not approved', 'On hold'];

/** A survey's name as a file name: no path separators, control or reserved characters (zip entries and downloads). */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned === '' ? fallback : cleaned;
}

function tablesOf(b: Bindings, o: CellOptions): Table[] {
  const main: Table = { name: 'submissions', repeat: null, columns: dataColumns(b, null, o), header: [] };
  main.header = [...HEAD_COLUMNS, ...main.columns.map((c) => c.header)];
  return [
    main,
    ...repeatGroups(b).map((g) => {
      const columns = dataColumns(b, g.name, o);
      return { name: g.name, repeat: g.name, columns, header: [...REPEAT_COLUMNS, ...columns.map((c) => c.header)] };
    }),
  ];
}

const stamp = (d: Date | null, dates: 'iso' | 'display'): string | null =>
  d === null ? null : dates === 'iso' ? isoStamp(d.getTime()) : isoStamp(d.getTime()).slice(0, 16).replace('T', ' ');

type ExportOptions = CellOptions & {
  dates: 'iso' | 'display';
  /** What a text cell becomes: itself (XLSX, the CSV for analysis) or neutralized (the CSV for Excel). */
  neutral: (v: CellValue) => CellValue;
  /** The cells of file answers, by the stored file's key. */
  files: FileCells;
};

/** A stored file as the export reads it (db/queries/submissionData.ts filesOf). */
export interface StoredFileRow {
  id: string;
  submission_id: string;
  item_id: string;
  repeat_path: string;
  storage_key: string;
  file_name: string;
}

/**
 * The cell of a file answer, which holds the stored file's key: a link that opens the file, or the
 * file's path in the ZIP. Loaded for a batch of submissions before its rows are written, when the
 * table has file columns; an answer whose file is not stored keeps its text.
 */
export interface FileCells {
  load(submissionIds: readonly string[]): Promise<void>;
  cell(key: string): string | undefined;
}

/** A ZIP's entry for an attached file: attachments/<submission id>/<question>_<repeat>_<file name>. */
export function attachmentPath(b: Bindings, f: StoredFileRow): string {
  const question = b.byId.get(f.item_id)?.name ?? 'file';
  const repeat = f.repeat_path ? `_${f.repeat_path.replace(/\./g, '-')}` : '';
  return `attachments/${f.submission_id}/${safeFileName(`${question}${repeat}_${f.file_name}`, 'file')}`;
}

/** File cells from the stored files of each batch, written by `cellOf`. */
export function fileCells(
  read: (submissionIds: readonly string[]) => Promise<StoredFileRow[]>,
  cellOf: (f: StoredFileRow) => string,
): FileCells {
  let byKey = new Map<string, string>();
  return {
    async load(ids) {
      byKey = new Map((await read(ids)).map((f) => [f.storage_key, cellOf(f)]));
    },
    cell: (key) => byKey.get(key),
  };
}

/** The link that opens a stored file for a signed-in user of the organization: the app's page that fetches it with the session. */
export const fileLink = (publicUrl: string | undefined, organizationId: string, fileId: string) =>
  `${(publicUrl ?? '').replace(/\/$/, '')}${submissionFilePage(organizationId, fileId)}`;
/** Told how many more submissions were written (export jobs show progress from it). */
export type Progress = (submissions: number) => void;

/**
 * Every batch of a filter, oldest first, each submission with its compact copy. The next batch is read
 * while the caller formats this one, so the database and the formatting overlap instead of taking turns.
 */
async function* batchesOf(deps: ReadDeps, filter: DataFilter, withRepeats: boolean): AsyncGenerator<CompactRow[]> {
  const limits = deps.batch ?? EXPORT_BATCH;
  let next = nextCompactBatch(deps.db, filter, null, limits, withRepeats);
  for (;;) {
    const batch = await next;
    if (!batch.length) return;
    next = nextCompactBatch(deps.db, filter, batch[batch.length - 1]!.head, limits, withRepeats);
    // A failed read-ahead is awaited (and thrown) on the next turn; until then it must not count as unhandled.
    next.catch(() => undefined);
    yield batch;
  }
}

/** A column's cell from a value of a compact copy (undefined or null: unanswered), neutralized. */
type CellReader = (raw: unknown) => CellValue;

/**
 * How each column reads its value. Every cell goes through cellOf, as the data table's do; the common
 * kinds (numbers, texts, true/false, one choice) take a shortcut that gives the same cell without
 * building a stored value first, and a choice's cell is worked out once per choice.
 */
function cellReaders(b: Bindings, t: Table, o: ExportOptions, numbers: ReadonlyMap<string, number>): CellReader[] {
  const keys = new Map<number, string>();
  for (const [k, n] of numbers) keys.set(n, k);
  const keyOf = (n: number) => keys.get(n);
  return t.columns.map((col): CellReader => {
    const neutral = o.neutral;
    const generic: CellReader = (raw) => neutral(cellOf(b, col, storedOfCompact(raw, keyOf), o));
    const slot = QUESTION_TYPES[col.node.type].slot;
    if (slot === 'answerFiles') {
      const files = o.files;
      return (raw) => (typeof raw === 'string' ? (files.cell(raw) ?? neutral(raw)) : generic(raw));
    }
    if (col.choice) {
      const n = numbers.get(col.choice.id);
      return (raw) => (Array.isArray(raw) ? (raw.includes(n) ? 1 : 0) : generic(raw));
    }
    if ((slot === 'number' || slot === 'counter') && col.node.type !== 100) return (raw) => (typeof raw === 'number' ? raw : generic(raw));
    if (slot === 'text' || col.node.type === 100) return (raw) => (typeof raw === 'string' ? neutral(raw) : generic(raw));
    if (slot === 'questionChoice') return (raw) => (typeof raw === 'boolean' ? raw : generic(raw));
    if (slot === 'choices') {
      const once = new Map<number, CellValue>();
      return (raw) => {
        if (!Array.isArray(raw) || raw.length !== 1) return generic(raw);
        let cell = once.get(raw[0] as number);
        if (cell === undefined) once.set(raw[0] as number, (cell = generic(raw)));
        return cell;
      };
    }
    return generic;
  });
}

const parse = (text: string | null): unknown[] => (text ? (JSON.parse(text) as unknown[]) : []);

/** Each column's place in a copy's top-level array (-1: the question has no number, so was never answered). */
const placesOf = (t: Table, numbers: ReadonlyMap<string, number>): number[] => t.columns.map((c) => (numbers.get(c.node.id) ?? 0) - 1);

/** Whether a table has file columns, whose cells need the batch's stored files. */
const hasFiles = (t: Table) => t.columns.some((c) => QUESTION_TYPES[c.node.type].slot === 'answerFiles');

/** How the XLSX types each column of a table (its head columns first). */
function sheetKinds(t: Table): (SheetKind | undefined)[] {
  const head: (SheetKind | undefined)[] =
    t.repeat === null
      ? HEAD_COLUMNS.map((c) => (c === '_submitted_at' || c === '_started_at' ? 'datetime' : undefined))
      : REPEAT_COLUMNS.map(() => undefined);
  return [...head, ...t.columns.map((c) => (c.choice ? undefined : sheetKindOf(c.node)))];
}

/** The submission's own columns (HEAD_COLUMNS), neutralized for Excel's CSV. */
function headCells(h: ExportHead, o: ExportOptions): CellValue[] {
  const duration = h.startedAt ? Math.max(0, Math.round((h.submittedAt.getTime() - h.startedAt.getTime()) / 1000)) : null;
  return [
    h.id,
    stamp(h.submittedAt, o.dates),
    stamp(h.startedAt, o.dates),
    duration,
    o.neutral(h.submitterName),
    h.taskId,
    h.latitude,
    h.longitude,
    REVIEW_NAMES[h.reviewStatus] ?? '',
    o.neutral(h.reviewComment),
    h.surveyVersion,
  ];
}

/**
 * Every row of one repeat group's table, a batch of submissions at a time: the cells, neutralized. The
 * instances are the repeat paths the group's fields were answered at, from the copy's flat `repeats`.
 */
async function* repeatRowsOf(deps: ReadDeps, filter: DataFilter, b: Bindings, t: Table, o: ExportOptions): AsyncGenerator<CellValue[][]> {
  const numbers = await dataColumnsOf(deps.db, filter.surveyId);
  const readers = cellReaders(b, t, o, numbers);
  const width = t.columns.length;
  const byNumber = new Map<number, number[]>();
  placesOf(t, numbers).forEach((p, i) => {
    if (p < 0) return;
    const list = byNumber.get(p + 1);
    if (list) list.push(i);
    else byNumber.set(p + 1, [i]);
  });
  const files = hasFiles(t);
  for await (const batch of batchesOf(deps, filter, true)) {
    if (files) await o.files.load(batch.map((r) => r.head.id));
    const rows: CellValue[][] = [];
    for (const { head: h, repeats } of batch) {
      const flat = parse(repeats);
      const byPath = new Map<string, CellValue[]>();
      for (let k = 0; k < flat.length; k += 3) {
        const columns = byNumber.get(flat[k] as number);
        if (!columns) continue;
        const path = flat[k + 1] as string;
        let cells = byPath.get(path);
        if (!cells) {
          const cut = path.lastIndexOf('.');
          cells = [h.id, path, cut < 0 ? null : path.slice(0, cut)];
          cells.length = REPEAT_COLUMNS.length + width;
          cells.fill(null, REPEAT_COLUMNS.length);
          byPath.set(path, cells);
        }
        const raw = flat[k + 2];
        if (raw !== null && raw !== undefined) for (const i of columns) cells[REPEAT_COLUMNS.length + i] = readers[i]!(raw);
      }
      const ordered = [...byPath.keys()].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
      for (const path of ordered) rows.push(byPath.get(path)!);
    }
    yield rows;
  }
}

/** How each question column of the submissions table reads its value from a compact copy (exportBytes.ts). */
function columnPlans(b: Bindings, t: Table, o: ExportOptions, numbers: ReadonlyMap<string, number>): ColumnPlan[] {
  const cells = cellReaders(b, t, o, numbers);
  const at = placesOf(t, numbers);
  return t.columns.map((col, i): ColumnPlan => {
    const slot = QUESTION_TYPES[col.node.type].slot;
    const kind: ColumnPlan['kind'] = col.choice
      ? 'split'
      : (slot === 'number' || slot === 'counter') && col.node.type !== 100
        ? 'number'
        : slot === 'text' || col.node.type === 100
          ? 'text'
          : slot === 'questionChoice'
            ? 'bool'
            : slot === 'choices'
              ? 'choice'
              : 'other';
    return { at: at[i]!, kind, choice: col.choice ? (numbers.get(col.choice.id) ?? -1) : -1, cell: cells[i]! };
  });
}

/**
 * The submissions table in a format (CSV or SpreadsheetML rows from row 2), a batch per chunk: each row
 * written into one byte buffer from the head and the compact copy's text as it stands. The table of 300
 * questions is 300 cells a row, so this path is the export's speed.
 */
async function* submissionChunks(
  deps: ReadDeps,
  filter: DataFilter,
  b: Bindings,
  t: Table,
  o: ExportOptions,
  f: RowFormat,
  progress?: Progress,
): AsyncGenerator<Buffer> {
  const plans = columnPlans(b, t, o, await dataColumnsOf(deps.db, filter.surveyId));
  const sink = new ByteSink();
  const spans = topSpans();
  const once: Map<number, CellValue>[] = [];
  const offset = HEAD_COLUMNS.length;
  let r = 1;
  const files = hasFiles(t);
  for await (const batch of batchesOf(deps, filter, false)) {
    if (files) await o.files.load(batch.map((row) => row.head.id));
    for (const { head, top } of batch) {
      f.begin(sink, ++r);
      const cells = headCells(head, o);
      for (let i = 0; i < offset; i++) f.cell(sink, i, cells[i]!);
      writeCopyCells(sink, f, plans, offset, top, spans, once);
      f.end(sink);
    }
    progress?.(batch.length);
    yield sink.take();
  }
}

/** The codebook: every question with its type, choices and expressions. */
function codebookRows(b: Bindings, o: ExportOptions): CellValue[][] {
  const lang = o.languageId ?? b.baseLanguageId;
  const rows: CellValue[][] = [
    ['name', 'type', 'label', 'table', 'required', 'choices', 'relevant', 'constraint', 'calculation', 'choice_filter'],
  ];
  for (const n of b.nodes) {
    if (n.kind !== 'field') continue;
    const m = n.model;
    const choices = n.choices.map((c) => `${c.name}=${textIn(c.labels, lang, b.baseLanguageId) ?? c.name}`).join('; ');
    rows.push(
      [
        keyLabel(n.name),
        typeKeyOf(m),
        textIn(m.questionLabels, lang, b.baseLanguageId) ?? '',
        n.repeats[n.repeats.length - 1] ?? 'submissions',
        // The condition where there is one, as the XLSForm column says it.
        m.requiredExpression ?? m.isRequired,
        choices,
        m.relevant,
        m.constraint,
        m.calculation,
        m.choiceFilter,
      ].map(o.neutral),
    );
  }
  return rows;
}

/**
 * RFC 4180 bytes (exportBytes.ts CSV_FORMAT): CRLF after every record, fields quoted and quotes
 * doubled; the BOM makes Excel read UTF-8. Readable.from waits while the reader is behind, so memory
 * holds about one batch.
 */
function csvOf(chunks: AsyncIterable<Buffer>, header: string[] | null, o: ExportOptions): Readable {
  return Readable.from(
    (async function* () {
      const sink = new ByteSink(1 << 16);
      sink.text('\ufeff');
      if (header) {
        for (let i = 0; i < header.length; i++) CSV_FORMAT.cell(sink, i, o.neutral(header[i]!));
        CSV_FORMAT.end(sink);
      }
      yield sink.take();
      yield* chunks;
    })(),
    { objectMode: false },
  );
}

/** The download's name: the survey's, made safe. */
export const exportFileName = (surveyName: string, format: keyof typeof CONTENT_TYPES) =>
  `${safeFileName(surveyName, 'survey')} - data.${format}`;

export async function exportSubmissions(
  deps: ExportDeps,
  reader: DataReader,
  surveyId: string,
  q: ExportQuery,
  progress?: Progress,
): Promise<ExportFile> {
  const { head, survey } = await readableSurvey(deps, reader, surveyId);
  const b = survey.bindings;
  const filter = dataFilterOf(reader, surveyId, b, q);
  const format = q.format ?? 'xlsx';
  const stored = (ids: readonly string[]) => filesOf(deps.db, filter.organizationId, ids);
  const o: ExportOptions = {
    headers: q.headers ?? 'names',
    languageId: q.languageId,
    multiple: q.multiple ?? 'single',
    dates: q.dates ?? 'iso',
    neutral: format !== 'xlsx' && (q.csvFor ?? 'excel') === 'excel' ? neutralizeCell : (v) => v,
    files:
      format === 'zip'
        ? fileCells(stored, (f) => attachmentPath(b, f))
        : fileCells(stored, (f) => fileLink(deps.publicUrl, filter.organizationId, f.id)),
  };
  const tables = tablesOf(b, o);
  const base = safeFileName(head.name, 'survey');
  const fileName = exportFileName(head.name, format);
  if (format === 'csv') {
    return {
      fileName,
      contentType: CONTENT_TYPES.csv,
      stream: csvOf(submissionChunks(deps, filter, b, tables[0]!, o, CSV_FORMAT, progress), tables[0]!.header, o),
    };
  }
  if (format === 'xlsx') return { fileName, contentType: CONTENT_TYPES.xlsx, stream: await xlsxOf(deps, filter, b, tables, o, progress) };
  return { fileName, contentType: CONTENT_TYPES.zip, stream: await zipOf(deps, filter, b, tables, o, base, progress) };
}

async function xlsxOf(
  deps: ReadDeps,
  filter: DataFilter,
  b: Bindings,
  tables: Table[],
  o: ExportOptions,
  progress?: Progress,
): Promise<Readable> {
  const { default: archiver } = await import('archiver');
  // Level 1: the sheet XML is most of the work, and deflate runs on libuv's threads beside the formatting.
  const zip = archiver('zip', { zlib: { level: 1, chunkSize: 1 << 18 } });
  const names = new Set<string>();
  const sheets: SheetSource[] = tables.map((t) => {
    // Sheet names: at most 31 characters, unique, without []:*?/\ .
    let name = t.name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
    for (let i = 2; names.has(name.toLowerCase()); i++) name = `${t.name.slice(0, 27)}_${i}`;
    names.add(name.toLowerCase());
    const f = new XlsxRowFormat(0, sheetKinds(t));
    const rows =
      t.repeat === null ? submissionChunks(deps, filter, b, t, o, f, progress) : cellChunks(repeatRowsOf(deps, filter, b, t, o), f, 2);
    return { name, header: t.header, rows, links: f.links };
  });
  const [head, ...rest] = codebookRows(b, o);
  sheets.push({ name: 'codebook', header: head!, rows: cellChunks([rest], new XlsxRowFormat(), 2) });
  void (async () => {
    try {
      await writeWorkbook(zip, sheets, (entry) => once(entry, 'end'));
      await zip.finalize();
    } catch (err) {
      zip.destroy(err as Error);
    }
  })();
  return zip;
}

async function zipOf(
  deps: ExportDeps,
  filter: DataFilter,
  b: Bindings,
  tables: Table[],
  o: ExportOptions,
  base: string,
  progress?: Progress,
): Promise<Readable> {
  const { default: archiver } = await import('archiver');
  const zip = archiver('zip', { zlib: { level: 6 } });
  void (async () => {
    try {
      for (const t of tables) {
        const csv = csvOf(
          t.repeat === null
            ? submissionChunks(deps, filter, b, t, o, CSV_FORMAT, progress)
            : cellChunks(repeatRowsOf(deps, filter, b, t, o), CSV_FORMAT, 2),
          t.header,
          o,
        );
        zip.append(csv, { name: `${safeFileName(t.repeat === null ? base : t.name, 'data')}.csv` });
        await once(csv, 'end');
      }
      zip.append(csvOf(cellChunks([codebookRows(b, o)], CSV_FORMAT, 1), null, o), { name: 'codebook.csv' });
      // Attachments, by submission: attachments/<submission id>/<question>_<repeat>_<file name>.
      let after: SubmissionHeadRow | null = null;
      for (;;) {
        const heads = await nextBatch(deps.db, filter, after, (deps.batch ?? EXPORT_BATCH).rows);
        if (!heads.length) break;
        after = heads[heads.length - 1]!;
        for (const f of await filesOf(
          deps.db,
          filter.organizationId,
          heads.map((h) => h.id),
        ))
          zip.append(await deps.storage.get(f.storage_key), { name: attachmentPath(b, f) });
      }
      await zip.finalize();
    } catch (err) {
      zip.destroy(err as Error);
    }
  })();
  return zip;
}
