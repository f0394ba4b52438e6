// A multipart/form-data reader for bodies that fit in memory. A submission is hundreds of small
// fields ('answers[12].answerDetail.text'), and a general streaming parser spends most of a
// request's CPU on per-part streams and events (4 ms for 300 parts, against ~0.05 ms here). Bodies
// of unknown or large size go to the streaming parser (@fastify/multipart) instead, so memory stays
// bounded. RFC 7578; limits give the same refusals as the streaming path.

/** A field (its value decoded as UTF-8) or a file (its bytes). */
export type FormPart =
  { name: string; value: string; fileName?: undefined } | { name: string; fileName: string; contentType: string; data: Buffer };

export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

export class FormDataError extends Error {
  constructor(
    readonly code: 'FST_REQ_FILE_TOO_LARGE' | 'FST_FILES_LIMIT' | 'FST_FIELDS_LIMIT' | 'FST_PARTS_LIMIT' | 'FST_INVALID_MULTIPART',
    message: string,
  ) {
    super(message);
  }
}

/** The boundary of a multipart/form-data content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
// The one header a browser writes for a plain field. Matched byte by byte, it spares the general
// header parse (a string, a split, three regular expressions) for almost every part.
const PLAIN_FIELD = Buffer.from('Content-Disposition: form-data; name="', 'latin1');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SEMICOLON = 0x3b;
const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
/** Parts shorter than this are searched for their end in JavaScript: a native indexOf costs more to call. */
const SHORT_SCAN = 256;

// The parameters of a Content-Disposition, read one after another from the start ('; name="a"; filename="b"'),
// so that a parameter spelled inside another's quoted value is never taken for one.
const MEDIA_TYPE = /^([!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:;|$)/;
const PARAM = /\s*;\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s"]*)(?!"))/y;

function dispositionParams(header: string): Map<string, string> | undefined {
  const head = /^\s*form-data/i.exec(header);
  if (!head) return undefined;
  const out = new Map<string, string>();
  let end = head[0].length;
  PARAM.lastIndex = end;
  for (let m = PARAM.exec(header); m; m = PARAM.exec(header)) {
    const key = m[1]!.toLowerCase();
    // Only \\ and \" are escapes (as busboy reads them); browsers write neither, and a lone backslash is itself.
    const value = m[2] !== undefined ? m[2].replace(/\\(["\\])/g, '$1') : m[3]!;
    if (!out.has(key)) out.set(key, value);
    end = PARAM.lastIndex;
  }
  // Anything left that is not a parameter makes the header malformed: no guessing at what it meant.
  return /^[\s;]*$/.test(header.slice(end)) ? out : undefined;
}

/**
 * Where the closing quote of a plain field's name is, when the part's headers are exactly
 * `Content-Disposition: form-data; name="..."` (no escapes, no ';', nothing after): else -1, and the
 * general parse decides.
 */
function plainFieldNameEnd(body: Buffer, at: number): number {
  const n = PLAIN_FIELD.length;
  if (at + n > body.length) return -1;
  for (let i = 0; i < n; i++) if (body[at + i] !== PLAIN_FIELD[i]) return -1;
  for (let i = at + n; i < body.length; i++) {
    const c = body[i];
    if (c === QUOTE) return body[i + 1] === CR && body[i + 2] === LF && body[i + 3] === CR && body[i + 4] === LF ? i : -1;
    if (c === BACKSLASH || c === SEMICOLON || c === CR || c === LF) return -1;
  }
  return -1;
}

/** The next `\r\n--boundary` from `from`, or -1. */
function partEnd(body: Buffer, from: number, next: Buffer): number {
  const last = body.length - next.length;
  const limit = Math.min(last, from + SHORT_SCAN);
  outer: for (let i = from; i <= limit; i++) {
    if (body[i] !== CR) continue;
    for (let k = 1; k < next.length; k++) if (body[i + k] !== next[k]) continue outer;
    return i;
  }
  return limit < last ? body.indexOf(next, limit + 1) : -1;
}

export function parseFormData(body: Buffer, boundary: string, limits: FormLimits): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: FormPart[] = [];
  let files = 0;
  // The first delimiter starts the body or a line (RFC 2046: a preamble before it is ignored).
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(next);
  if (at < 0) throw new FormDataError('FST_INVALID_MULTIPART', 'The multipart body has no boundary');
  if (at > 0) at += CRLF.length;
  at += delimiter.length;
  for (;;) {
    // After a delimiter: '--' ends the body, CRLF starts a part.
    if (body[at] === DASH && body[at + 1] === DASH) return parts;
    if (body[at] !== CR || body[at + 1] !== LF) throw new FormDataError('FST_INVALID_MULTIPART', 'Malformed multipart body');
    at += CRLF.length;
    let name: string | undefined;
    let fileName: string | undefined;
    let contentType = 'text/plain';
    let start: number;
    const quote = plainFieldNameEnd(body, at);
    if (quote >= 0) {
      name = body.toString('utf8', at + PLAIN_FIELD.length, quote);
      start = quote + 1 + HEADER_END.length;
    } else {
      const headerEnd = body.indexOf(HEADER_END, at);
      if (headerEnd < 0) throw new FormDataError('FST_INVALID_MULTIPART', 'Malformed multipart part headers');
      let disposition: string | undefined;
      for (const line of body.toString('utf8', at, headerEnd).split('\r\n')) {
        // Refused rather than guessed at, since readers disagree on them: a bare CR or LF (RFC 5322), a folded
        // line (obsolete in RFC 7230), a line that is no header, a second Content-Disposition. A NUL is read
        // as busboy reads it, and SubmitSurvey refuses it naming the field.
        const colon = line.indexOf(':');
        if (colon <= 0 || /[\r\n]/.test(line) || line[0] === ' ' || line[0] === '\t')
          throw new FormDataError('FST_INVALID_MULTIPART', 'Malformed multipart part headers');
        const key = line.slice(0, colon).trim().toLowerCase();
        if (key === 'content-disposition') {
          if (disposition !== undefined) throw new FormDataError('FST_INVALID_MULTIPART', 'Malformed multipart part headers');
          disposition = line.slice(colon + 1);
        } else if (key === 'content-type') {
          // Only type/subtype, lower-cased; anything else is the default. It is advisory: bytes decide a file's type.
          contentType =
            MEDIA_TYPE.exec(
              line
                .slice(colon + 1)
                .trim()
                .toLowerCase(),
            )?.[1] ?? 'text/plain';
        }
      }
      const params = dispositionParams(disposition ?? '');
      name = params?.get('name');
      fileName = params?.get('filename');
      start = headerEnd + HEADER_END.length;
    }
    // From the header block's last CRLF: a part without a body ('...\r\n\r\n--boundary') shares it with the
    // delimiter, as RFC 2046 reads it and busboy does.
    const found = partEnd(body, start - CRLF.length, next);
    if (found < 0) throw new FormDataError('FST_INVALID_MULTIPART', 'The multipart body ends inside a part');
    const end = Math.max(found, start);
    if (name === undefined) throw new FormDataError('FST_INVALID_MULTIPART', 'A part without a form-data name');
    const size = end - start;
    if (fileName !== undefined) {
      if (++files > limits.files) throw new FormDataError('FST_FILES_LIMIT', 'Too many files');
      if (size > limits.fileSize) throw new FormDataError('FST_REQ_FILE_TOO_LARGE', 'File too large');
      parts.push({ name, fileName, contentType, data: Buffer.from(body.subarray(start, end)) });
    } else {
      if (parts.length - files >= limits.fields) throw new FormDataError('FST_FIELDS_LIMIT', 'Too many fields');
      if (size > limits.fieldSize) throw new FormDataError('FST_INVALID_MULTIPART', `The field '${name}' is too long`);
      parts.push({ name, value: body.toString('utf8', start, end) });
    }
    at = found + next.length;
  }
}
