// GET DataCollection/exportSubmissions/{surveyId}: a survey's submissions as CSV (RFC 4180 with a BOM
// and CRLF, so Excel opens it in UTF-8), XLSX (a sheet for the submissions, one per repeat group, and a
// codebook) or ZIP (the same as CSV files, plus the attachments laid out by submission). Rows are read
// in keyset batches and written to a stream with backpressure, so memory holds one batch whatever the
// size of the survey; each repeat group is a second pass over the same filter.
// Every text cell goes through neutralizeCell (OWASP CSV injection); numbers stay numbers.
import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import {
  QUESTION_TYPES,
  cellOf,
  dataColumns,
  neutralizeCell,
  repeatGroups,
  textIn,
  type Bindings,
  type CellOptions,
  type CellValue,
  type DataColumn,
} from '../../engine/survey/index';
import type { ExportQuery } from '../../schemas/submissions';
import { batchAnswers, filesOf, nextBatch, type DataFilter, type StoredAnswerRow, type SubmissionHeadRow } from '../db/queries/submissionData';
import type { Storage } from '../plugins/storage';
import { dataFilterOf, readableSurvey, type DataDeps, type DataReader } from './submissionData';

/** Submissions read per database round trip. */
const BATCH = 500;

export const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip' } as const;

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

export const HEAD_COLUMNS = ['_id', '_submitted_at', '_started_at', '_duration_seconds', '_collector', '_task_id', '_latitude', '_longitude', '_review_status', '_review_comment', '_survey_version'];
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

const stamp = (d: Date | null, dates: 'iso' | 'display'): string | null => (d === null ? null : dates === 'iso' ? d.toISOString() : d.toISOString().slice(0, 16).replace('T', ' '));

type ExportOptions = CellOptions & { dates: 'iso' | 'display' };
/** Told how many more submissions were written (export jobs show progress from it). */
export type Progress = (submissions: number) => void;

/** One batch of submission heads with their answers, grouped by submission. */
interface Batch {
  heads: SubmissionHeadRow[];
  answers: Map<string, StoredAnswerRow[]>;
}

async function readBatch(deps: DataDeps, filter: DataFilter, after: SubmissionHeadRow | null, itemIds: readonly string[], topOnly: boolean): Promise<Batch> {
  const heads = await nextBatch(deps.db, filter, after, BATCH);
  const answers = new Map<string, StoredAnswerRow[]>();
  if (!heads.length) return { heads, answers };
  for (const a of await batchAnswers(deps.db, filter.organizationId, heads.map((h) => h.id), itemIds, topOnly)) {
    const list = answers.get(a.submissionId);
    if (list) list.push(a);
    else answers.set(a.submissionId, [a]);
  }
  return { heads, answers };
}

/**
 * Every batch of a filter, oldest first. The next batch is read while the caller formats this one, so
 * the database and the formatting overlap instead of taking turns.
 */
async function* batchesOf(deps: DataDeps, filter: DataFilter, itemIds: readonly string[], topOnly: boolean): AsyncGenerator<Batch> {
  let next = readBatch(deps, filter, null, itemIds, topOnly);
  for (;;) {
    const batch = await next;
    if (!batch.heads.length) return;
    next = readBatch(deps, filter, batch.heads[batch.heads.length - 1]!, itemIds, topOnly);
    // A failed read-ahead is awaited (and thrown) on the next turn; until then it must not count as unhandled.
    next.catch(() => undefined);
    yield batch;
  }
}

/** For each question, the columns of a table it fills (a select multiple split by choice fills several). */
function columnsByItem(t: Table): Map<string, number[]> {
  const out = new Map<string, number[]>();
  t.columns.forEach((c, i) => {
    const list = out.get(c.node.id);
    if (list) list.push(i);
    else out.set(c.node.id, [i]);
  });
  return out;
}

/**
 * Every row of one table, a batch at a time: the cells, neutralized. Each answer is visited once and
 * placed by its question's column index, instead of looking up every column of every row.
 */
async function* rowsOf(deps: DataDeps, filter: DataFilter, b: Bindings, t: Table, o: ExportOptions, progress?: Progress): AsyncGenerator<CellValue[][]> {
  const byItem = columnsByItem(t);
  const width = t.columns.length;
  const place = (cells: CellValue[], offset: number, a: StoredAnswerRow) => {
    const at = byItem.get(a.itemId);
    if (at) for (const i of at) cells[offset + i] = neutralizeCell(cellOf(b, t.columns[i]!, a, o));
  };
  for await (const { heads, answers } of batchesOf(deps, filter, [...byItem.keys()], t.repeat === null)) {
    const rows: CellValue[][] = [];
    for (const h of heads) {
      const mine = answers.get(h.id) ?? [];
      if (t.repeat === null) {
        const duration = h.startedAt ? Math.max(0, Math.round((h.submittedAt.getTime() - h.startedAt.getTime()) / 1000)) : null;
        const cells: CellValue[] = [h.id, stamp(h.submittedAt, o.dates), stamp(h.startedAt, o.dates), duration, neutralizeCell(h.submitterName), h.taskId, h.latitude, h.longitude, REVIEW_NAMES[h.reviewStatus] ?? '', neutralizeCell(h.reviewComment), h.surveyVersion];
        const offset = cells.length;
        cells.length = offset + width;
        cells.fill(null, offset);
        for (const a of mine) if (a.repeatPath === '') place(cells, offset, a);
        // Split choice columns read 0 for a question answered without that choice, null when unanswered.
        rows.push(cells);
      } else {
        // The instances of this repeat group in the submission: the repeat paths its fields were answered at.
        const byPath = new Map<string, StoredAnswerRow[]>();
        for (const a of mine) {
          if (!byItem.has(a.itemId)) continue;
          const list = byPath.get(a.repeatPath);
          if (list) list.push(a);
          else byPath.set(a.repeatPath, [a]);
        }
        const ordered = [...byPath.keys()].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
        for (const path of ordered) {
          const cut = path.lastIndexOf('.');
          const cells: CellValue[] = [h.id, path, cut < 0 ? null : path.slice(0, cut)];
          cells.length = REPEAT_COLUMNS.length + width;
          cells.fill(null, REPEAT_COLUMNS.length);
          for (const a of byPath.get(path)!) place(cells, REPEAT_COLUMNS.length, a);
          rows.push(cells);
        }
      }
    }
    if (t.repeat === null) progress?.(heads.length);
    yield rows;
  }
}

/** The codebook: every question with its type, choices and expressions. */
function codebookRows(b: Bindings, o: CellOptions): CellValue[][] {
  const lang = o.languageId ?? b.baseLanguageId;
  const rows: CellValue[][] = [['name', 'type', 'label', 'table', 'required', 'choices', 'relevant', 'constraint', 'calculation', 'choice_filter']];
  for (const n of b.nodes) {
    if (n.kind !== 'field') continue;
    const m = n.model;
    const choices = n.choices.map((c) => `${c.name}=${textIn(c.labels, lang, b.baseLanguageId) ?? c.name}`).join('; ');
    rows.push(
      [n.name, QUESTION_TYPES[n.type].key, textIn(m.questionLabels, lang, b.baseLanguageId) ?? '', n.repeats[n.repeats.length - 1] ?? 'submissions', m.isRequired, choices, m.relevant, m.constraint, m.calculation, m.choiceFilter].map(
        neutralizeCell,
      ),
    );
  }
  return rows;
}

/** One CSV field, always quoted (a leading zero or a long number is then not reformatted by a careless reader). */
function csvField(c: CellValue): string {
  if (c === null) return '""';
  const s = typeof c === 'string' ? c : String(c);
  return s.includes('"') ? `"${s.replace(/"/g, '""')}"` : `"${s}"`;
}

const csvLine = (row: readonly CellValue[]): string => `${row.map(csvField).join(',')}\r\n`;

/**
 * RFC 4180 text: CRLF after every record, fields quoted and quotes doubled; the BOM makes Excel read
 * UTF-8. Written a batch of rows per chunk; Readable.from waits while the reader is behind, so memory
 * holds about one batch.
 */
function csvOf(batches: AsyncIterable<CellValue[][]> | Iterable<CellValue[][]>, header: string[] | null): Readable {
  return Readable.from(
    (async function* () {
      yield `\ufeff${header ? csvLine(header.map(neutralizeCell)) : ''}`;
      for await (const rows of batches) {
        let chunk = '';
        for (const row of rows) chunk += csvLine(row);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

export async function exportSubmissions(deps: DataDeps & { storage: Storage }, reader: DataReader, surveyId: string, q: ExportQuery, progress?: Progress): Promise<ExportFile> {
  const { head, survey } = await readableSurvey(deps, reader, surveyId);
  const b = survey.bindings;
  const filter = dataFilterOf(reader, surveyId, b, q);
  const o = { headers: q.headers ?? 'names', languageId: q.languageId, multiple: q.multiple ?? 'single', dates: q.dates ?? 'iso' } as const;
  const tables = tablesOf(b, o);
  const format = q.format ?? 'xlsx';
  const base = safeFileName(head.name, 'survey');
  const fileName = `${base} - data.${format}`;
  if (format === 'csv') {
    return { fileName, contentType: CONTENT_TYPES.csv, stream: csvOf(rowsOf(deps, filter, b, tables[0]!, o, progress), tables[0]!.header) };
  }
  if (format === 'xlsx') return { fileName, contentType: CONTENT_TYPES.xlsx, stream: await xlsxOf(deps, filter, b, tables, o, progress) };
  return { fileName, contentType: CONTENT_TYPES.zip, stream: await zipOf(deps, filter, b, tables, o, base, progress) };
}

async function xlsxOf(deps: DataDeps, filter: DataFilter, b: Bindings, tables: Table[], o: ExportOptions, progress?: Progress): Promise<Readable> {
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  // The streaming writer: each row is committed and leaves memory; inline strings, no shared-string table.
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  void (async () => {
    try {
      const names = new Set<string>();
      for (const t of tables) {
        // Sheet names: at most 31 characters, unique, without []:*?/\ .
        let name = t.name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
        for (let i = 2; names.has(name.toLowerCase()); i++) name = `${t.name.slice(0, 27)}_${i}`;
        names.add(name.toLowerCase());
        const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
        const header = ws.addRow(t.header.map((h) => neutralizeCell(h)));
        header.font = { bold: true };
        header.commit();
        for await (const rows of rowsOf(deps, filter, b, t, o, progress)) {
          for (const row of rows) ws.addRow(row).commit();
          // Let the zip stream drain before the next batch piles up.
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        ws.commit();
      }
      const cb = wb.addWorksheet('codebook', { views: [{ state: 'frozen', ySplit: 1 }] });
      for (const row of codebookRows(b, o)) cb.addRow(row).commit();
      cb.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

async function zipOf(deps: DataDeps & { storage: Storage }, filter: DataFilter, b: Bindings, tables: Table[], o: ExportOptions, base: string, progress?: Progress): Promise<Readable> {
  const { default: archiver } = await import('archiver');
  const zip = archiver('zip', { zlib: { level: 6 } });
  void (async () => {
    try {
      for (const t of tables) {
        const csv = csvOf(rowsOf(deps, filter, b, t, o, progress), t.header);
        zip.append(csv, { name: `${safeFileName(t.repeat === null ? base : t.name, 'data')}.csv` });
        await once(csv, 'end');
      }
      zip.append(csvOf([codebookRows(b, o)], null), { name: 'codebook.csv' });
      // Attachments, by submission: attachments/<submission id>/<question>_<repeat>_<file name>.
      let after: SubmissionHeadRow | null = null;
      for (;;) {
        const heads = await nextBatch(deps.db, filter, after, BATCH);
        if (!heads.length) break;
        after = heads[heads.length - 1]!;
        for (const f of await filesOf(deps.db, filter.organizationId, heads.map((h) => h.id))) {
          const question = b.byId.get(f.item_id)?.name ?? 'file';
          const repeat = f.repeat_path ? `_${f.repeat_path.replace(/\./g, '-')}` : '';
          const name = `attachments/${f.submission_id}/${safeFileName(`${question}${repeat}_${f.file_name}`, 'file')}`;
          zip.append(await deps.storage.get(f.storage_key), { name });
        }
      }
      await zip.finalize();
    } catch (err) {
      zip.destroy(err as Error);
    }
  })();
  return zip;
}
