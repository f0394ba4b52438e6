// Reads SubmitSurvey's multipart body within limits that hold before the bytes arrive. A request says its
// size (content-length) and, early in its fields, its survey: a body larger than the survey's file
// questions x 5 MB plus a margin for fields is refused with 413 before it is read, and a body that does
// not say its size is counted as it streams. Small bodies are parsed in memory (the hand-written reader
// is fast for hundreds of fields); larger ones stream, each file straight to a temporary file on disk, so
// a request holds at most IN_MEMORY_BODY + FIELD_BYTES of memory however large it is.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, type FormEntry } from '../../engine/survey/index';
import { problem } from '../problems';
import { FormDataError, boundaryOf, parseFormData } from './formData';

/** A received file: its first bytes tell its type; the rest is in memory or in a temporary file. */
export interface ReceivedFile {
  /** The multipart field name: 'answers[4].answerDetail.answerFiles[0]'. */
  field: string;
  fileName: string;
  declaredType: string;
  size: number;
  sha256: string;
  content: { bytes: Buffer } | { path: string };
}

export interface UploadLimit {
  /** Files this survey's submission can carry. */
  files: number;
  /** Bytes of the whole body. */
  bytes: number;
}

/** Fields of a submission, all together: 300 questions of long text fit many times over. */
export const FIELD_BYTES = 4 * 1024 * 1024;
/** Files of one submission, whatever the survey. */
export const MAX_FILES = 50;
/** The largest body any survey can take; anything larger is refused before the survey is known. */
export const MAX_BODY = MAX_FILES * MAX_FILE_BYTES + FIELD_BYTES;
/** Bodies up to this size (known from content-length) are read whole and parsed in memory. */
const IN_MEMORY_BODY = 2 * 1024 * 1024;
const FIELD_LIMITS = { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 50_000, fieldSize: 200_000 };

export const uploadLimit = (files: number): UploadLimit => ({
  files: Math.min(files, MAX_FILES),
  bytes: Math.min(files, MAX_FILES) * MAX_FILE_BYTES + FIELD_BYTES,
});

export function fileFromBytes(field: string, fileName: string, declaredType: string, bytes: Buffer): ReceivedFile {
  return {
    field,
    fileName,
    declaredType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    content: { bytes },
  };
}

const tooLarge = () => problem('payloadTooLarge');

function refusal(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw problem('fileTooLarge');
  if (code === 'FST_FILES_LIMIT') throw problem('validation', { errors: [`A submission carries at most ${MAX_FILES} files`] });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw problem('validation', { errors: [`A submission carries at most ${FIELD_LIMITS.fields} fields`] });
  if (err instanceof FormDataError) throw problem('validation', { errors: [err.message] });
  // busboy's own complaints about a malformed body ('Unexpected end of form', 'Malformed part header').
  if (err instanceof Error && !('statusCode' in err) && !('status' in err) && /multipart|part|form|boundary/i.test(err.message)) {
    throw problem('validation', { errors: [`The multipart body is malformed: ${err.message}`] });
  }
  throw err;
}

async function readWhole(req: FastifyRequest, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > length) throw problem('validation', { errors: ['The body is longer than its content-length'] });
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

export interface ReadOptions {
  /** Folder for streamed files; created when needed, on the same disk as the storage root. */
  tempDir: string;
  /** The limit of a survey's submissions; asked once, when its id arrives. */
  limitOf(surveyId: string): Promise<UploadLimit>;
}

export interface SubmissionBody {
  entries: FormEntry[];
  files: ReceivedFile[];
  /** Removes the temporary files that were not moved into storage. */
  dispose(): Promise<void>;
}

/** Reads the multipart body: fields as entries, files in memory (small bodies) or on disk. */
export async function readSubmissionBody(req: FastifyRequest, opts: ReadOptions): Promise<SubmissionBody> {
  if (!req.isMultipart()) throw problem('validation', { errors: ['The submission must be sent as multipart/form-data'] });
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary === undefined) throw problem('validation', { errors: ["The content-type 'multipart/form-data' has no boundary"] });
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  if (declared !== undefined && !(Number.isInteger(declared) && declared >= 0))
    throw problem('validation', { errors: ['The content-length is not a number'] });
  if (declared !== undefined && declared > MAX_BODY) throw tooLarge();

  const entries: FormEntry[] = [];
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const dispose = async () => {
    await Promise.all(temps.map((p) => rm(p, { force: true }).catch(() => undefined)));
  };
  const addFile = (f: ReceivedFile): void => {
    files.push(f);
    entries.push([f.field, { fileName: f.fileName, contentType: f.declaredType, uri: `upload:${f.field}` }]);
  };
  try {
    if (declared !== undefined && declared <= IN_MEMORY_BODY) {
      for (const part of parseFormData(await readWhole(req, declared), boundary, FIELD_LIMITS)) {
        if (part.fileName === undefined) entries.push([part.name, part.value]);
        else addFile(fileFromBytes(part.name, part.fileName, part.contentType, part.data));
      }
      return { entries, files, dispose };
    }
    let limit: UploadLimit = { files: MAX_FILES, bytes: MAX_BODY };
    let fieldBytes = 0;
    for await (const part of req.parts({ limits: { ...FIELD_LIMITS, parts: FIELD_LIMITS.files + FIELD_LIMITS.fields } })) {
      if (part.type === 'file') {
        if (files.length >= limit.files)
          throw problem('validation', { errors: [`A submission of this survey carries at most ${limit.files} files`] });
        addFile(
          await toDisk(part.file, opts.tempDir, temps, { field: part.fieldname, fileName: part.filename, declaredType: part.mimetype }),
        );
        continue;
      }
      const value = String(part.value);
      fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (fieldBytes > FIELD_BYTES) throw tooLarge();
      entries.push([part.fieldname, value]);
      if (part.fieldname.toLowerCase() === 'surveyid' && /^[0-9a-f-]{36}$/i.test(value.trim())) {
        limit = await opts.limitOf(value.trim().toLowerCase());
        if ((declared ?? 0) > limit.bytes) throw tooLarge();
        if (files.length > limit.files)
          throw problem('validation', { errors: [`A submission of this survey carries at most ${limit.files} files`] });
      }
    }
    return { entries, files, dispose };
  } catch (err) {
    await dispose();
    refusal(err);
  }
}

/** Streams one file part to a temporary file, hashing it on the way; a part over 5 MB is refused. */
async function toDisk(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  dir: string,
  temps: string[],
  meta: { field: string; fileName: string; declaredType: string },
): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.part`);
  temps.push(path);
  const handle = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = chunk as Buffer;
      if (stream.truncated) throw problem('fileTooLarge');
      size += b.length;
      hash.update(b);
      await handle.write(b);
    }
    if (stream.truncated) throw problem('fileTooLarge');
  } finally {
    await handle.close();
  }
  return { ...meta, size, sha256: hash.digest('hex'), content: { path } };
}
