// What runs in a worker thread (pool.ts), one export per task. Inputs and results cross the thread
// boundary by structured clone: plain data only, no functions, no database.
import { randomUUID } from 'node:crypto';
import { parseString } from 'fast-csv';
import {
  bindSurvey,
  importXlsForm,
  languageFinder,
  type Bindings,
  type ReportEntry,
  type Sheet,
  type SubmissionInput,
  type SurveyModel,
} from '../../engine/survey/index';
import { getHeapStatistics } from 'node:v8';
import { threadId, type MessagePort } from 'node:worker_threads';
import type { ExportQuery } from '../../schemas/submissions';
import { openDatabase, type Database } from '../db/database';
import { remoteDatabase } from '../db/remote';
import { openStorage, type Storage, type StorageSettings } from '../plugins/storage';
import { checkOutcome, type CheckOutcome, type UploadFacts } from '../services/answerCheck';
import { progressOf, writeExportFile } from '../services/exportJobs';
import { exportSubmissions } from '../services/submissionExport';
import type { DataReader } from '../services/submissionData';
import { createSurveyCache } from '../services/surveyCache';
import { sendStream } from './streamPort';
import { readWorkbook, type SheetLimits } from './workbook';

export interface LanguageRow {
  id: number;
  name: string;
  code: string;
}

/** Answers once the worker has loaded (pool.ts startExportWorker). */
export const ping = (): number => threadId;

/** A workbook's sheets as rows of text, or the report of why it cannot be read. */
export function readSheets(input: { bytes: Uint8Array; limits: SheetLimits }): Promise<{ sheets: Sheet[] } | { report: ReportEntry[] }> {
  return readWorkbook(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), input.limits);
}

/**
 * A respondent list's file as rows of text: the first sheet of a workbook (read as readSheets does), or a
 * CSV file (RFC 4180, by fast-csv; a BOM is dropped). The limits apply to both; what breaks one is a reason.
 */
export async function readTable(input: {
  bytes: Uint8Array;
  csv: boolean;
  limits: SheetLimits;
}): Promise<{ rows: string[][] } | { reason: string; row?: number }> {
  if (!input.csv) {
    const read = await readSheets(input);
    if ('report' in read) return { reason: read.report[0]!.message, row: read.report[0]!.row };
    const first = read.sheets.find((s) => s.rows.length > 0) ?? read.sheets[0];
    return { rows: (first?.rows ?? []).map((r) => [...r]) };
  }
  const text = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength)
    .toString('utf8')
    .replace(/^\ufeff/, '');
  return new Promise((resolve) => {
    const rows: string[][] = [];
    let failed: { reason: string; row?: number } | undefined;
    const stream = parseString<string[], string[]>(text, { headers: false, ignoreEmpty: true, trim: false });
    stream
      .on('error', (e: Error) => resolve({ reason: `The CSV file cannot be read: ${e.message.slice(0, 200)}`, row: rows.length + 1 }))
      .on('data', (r: string[]) => {
        if (failed) return;
        if (rows.length >= input.limits.rows)
          failed = { reason: `The file has more than ${input.limits.rows} rows.`, row: input.limits.rows + 1 };
        else if (r.length > input.limits.columns)
          failed = { reason: `The file has more than ${input.limits.columns} columns.`, row: rows.length + 1 };
        else if (r.some((c) => c.length > input.limits.cellLength))
          failed = { reason: `A cell is longer than ${input.limits.cellLength} characters.`, row: rows.length + 1 };
        else rows.push(r);
      })
      .on('end', () => resolve(failed ?? { rows }));
  });
}

export interface ConvertInput {
  bytes: Uint8Array;
  limits: SheetLimits;
  /** The languages reference table: workbook columns name languages by code or by English name. */
  languages: LanguageRow[];
  fallbackName: string;
  maxItems: number;
  maxDepth: number;
}

/** An XLSForm workbook as a survey model and its report; errors in the report mean nothing may be stored. */
export async function convertXlsForm(input: ConvertInput): Promise<{ model: SurveyModel | null; report: ReportEntry[] }> {
  const read = await readSheets(input);
  if ('report' in read) return { model: null, report: read.report };
  return importXlsForm(read.sheets, {
    language: languageFinder(input.languages.map((r) => ({ languageId: r.id, name: r.name, code: r.code }))),
    newId: randomUUID,
    fallbackName: input.fallbackName,
    maxItems: input.maxItems,
    maxDepth: input.maxDepth,
  });
}

/** Compiled surveys kept per worker, by id and version (a version never changes), least recently used out. */
const compiled = new Map<string, Bindings>();
const COMPILED_MAX = 20;

export interface CheckInput {
  /** `${surveyId}@${version}` */
  key: string;
  model: SurveyModel;
  submission: SubmissionInput;
  uploads: UploadFacts[];
  now: Date;
  defaultLanguageId: number;
}

/** An unusually large submission's re-validation (services/answerCheck.ts). */
export function checkSubmission(input: CheckInput): CheckOutcome {
  let b = compiled.get(input.key);
  if (b) compiled.delete(input.key);
  else b = bindSurvey(input.model);
  compiled.set(input.key, b);
  if (compiled.size > COMPILED_MAX) compiled.delete(compiled.keys().next().value!);
  return checkOutcome(b, input.submission, input.uploads, input.now, input.defaultLanguageId);
}

/** Each worker's own PostgreSQL pool, opened on its first export and kept for the worker's life. */
const databases = new Map<string, Promise<Database>>();
/** And its storage: a bucket's client keeps its connections for the next export. */
const storages = new Map<string, Storage>();

export interface ExportInput {
  /** PostgreSQL: the worker connects on its own. */
  databaseUrl?: string | undefined;
  /** Embedded PGlite: the main thread answers this port's queries (db/remote.ts). */
  port?: MessagePort | undefined;
  /** Where the attachments that go into an export's zip are read from. */
  storage: StorageSettings;
  /** The app's address, which the links to files start with. */
  publicUrl?: string | undefined;
  jobId: string;
  total: number;
  reader: DataReader;
  surveyId: string;
  query: ExportQuery;
  target: string;
}

/** What an export reads with: this worker's PostgreSQL pool, or the main thread's database through a port. */
async function exportDeps(input: Pick<ExportInput, 'databaseUrl' | 'port' | 'storage' | 'publicUrl'>) {
  let db;
  if (input.port) db = remoteDatabase(input.port);
  else {
    const url = input.databaseUrl!;
    let database = databases.get(url);
    if (!database) databases.set(url, (database = openDatabase({ databaseUrl: url })));
    db = (await database).db;
  }
  const settings = JSON.stringify(input.storage);
  let storage = storages.get(settings);
  if (!storage) storages.set(settings, (storage = openStorage(input.storage)));
  return { db, cache: createSurveyCache(20), storage, publicUrl: input.publicUrl };
}

/**
 * The highest total heap of this worker while `work` runs (sampled every 50 ms): its own memory, which the
 * process's RSS mixes with every other thread's. Node 20 has no Worker.getHeapStatistics, so it is read here.
 */
async function withHeapPeak<T>(work: () => Promise<T>): Promise<T & { heapPeakBytes: number }> {
  let peak = getHeapStatistics().total_heap_size;
  const timer = setInterval(() => (peak = Math.max(peak, getHeapStatistics().total_heap_size)), 50);
  try {
    const result = await work();
    return { ...result, heapPeakBytes: Math.max(peak, getHeapStatistics().total_heap_size) };
  } finally {
    clearInterval(timer);
  }
}

/** An export job's file (services/exportJobs.ts), written in this worker; `threadId` says which thread wrote it. */
export async function writeExport(
  input: ExportInput,
): Promise<{ fileName: string; sizeBytes: number; threadId: number; heapPeakBytes: number }> {
  try {
    const deps = await exportDeps(input);
    const file = await withHeapPeak(() =>
      writeExportFile(
        deps,
        { reader: input.reader, surveyId: input.surveyId, query: input.query, target: input.target },
        progressOf(deps.db, input.jobId, input.total),
      ),
    );
    return { ...file, threadId };
  } finally {
    input.port?.close();
  }
}

export type StreamInput = Pick<ExportInput, 'databaseUrl' | 'port' | 'storage' | 'publicUrl' | 'reader' | 'surveyId' | 'query'> & {
  /** Where the file's bytes go, as the main thread asks for them (streamPort.ts). */
  out: MessagePort;
};

/** An export streamed into a download: made here, its bytes sent to the main thread over `out`. */
export async function streamExport(input: StreamInput): Promise<{ threadId: number; heapPeakBytes: number }> {
  try {
    const deps = await exportDeps(input);
    return await withHeapPeak(async () => {
      const file = await exportSubmissions(deps, input.reader, input.surveyId, input.query);
      await sendStream(file.stream, input.out);
      return { threadId };
    });
  } finally {
    input.port?.close();
  }
}
