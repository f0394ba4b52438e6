// Export rows written straight into bytes (docs/decisions/0034-exports-from-a-compact-copy.md). A 300-question row built
// as strings (a field string per cell, then `line +=` and `chunk +=`) left ropes of hundreds of
// thousands of pieces alive until the batch was written: a third of the export's CPU was the garbage
// collector, and the heap grew with the size of the export before a full collection. Here a batch is
// one growing byte buffer: cells are copied into it character by character, the compact copy's text is
// scanned in place (services/compactCopy.ts scanTop) instead of parsed into a 300-element array, and
// the common answers (numbers, plain texts, one choice) are copied from that text without a string of
// their own. Anything else takes the slow path, the column's cell reader on the parsed value, which is
// also what the fast paths must agree with (tests/unit/exportBytes.test.ts).
import { numberOfText, serialOfText, type CellValue, type SheetKind } from '../../engine/survey/index';
import { TOKEN, type TopSpans, scanTop } from './compactCopy';

/** A growing UTF-8 byte buffer; take() hands out what was written and starts again. */
export class ByteSink {
  private buf: Buffer;
  private len = 0;

  constructor(size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }

  get length(): number {
    return this.len;
  }

  private room(n: number): Buffer {
    if (this.len + n > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
    }
    return this.buf;
  }

  byte(c: number): void {
    this.room(1)[this.len++] = c;
  }

  bytes(src: Uint8Array): void {
    const b = this.room(src.length);
    let o = this.len;
    for (let i = 0; i < src.length; i++) b[o++] = src[i]!;
    this.len = o;
  }

  /** Characters from..to of s as UTF-8; a lone surrogate becomes U+FFFD, as Buffer.from writes it. */
  text(s: string, from = 0, to = s.length): void {
    const b = this.room((to - from) * 3);
    let o = this.len;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) b[o++] = c;
      else o = wide(b, o, s, i, c, to) ? (i++, o + 4) : o + width(c);
    }
    this.len = o;
  }

  /**
   * Characters from..to of s as XML character data: & < > escaped, characters XML 1.0 cannot hold
   * dropped (Excel would refuse the file), the rest as UTF-8.
   */
  xml(s: string, from = 0, to = s.length): void {
    const b = this.room((to - from) * 5);
    let o = this.len;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x3f && c < 0x80) b[o++] = c;
      else if (c === 0x26) o = put(b, o, AMP);
      else if (c === 0x3c) o = put(b, o, LT);
      else if (c === 0x3e) o = put(b, o, GT);
      else if (c < 0x20) {
        if (c === 0x09 || c === 0x0a || c === 0x0d) b[o++] = c;
      } else if (c < 0x80) b[o++] = c;
      else if (c === 0xfffe || c === 0xffff) continue;
      else o = wide(b, o, s, i, c, to) ? (i++, o + 4) : o + width(c);
    }
    this.len = o;
  }

  /**
   * One CSV field of s[from, to) that holds no quote: a comma first unless it is the row's first
   * field, then the text in quotes. One room check for the whole field instead of one per byte: the
   * CSV export writes a few hundred of these a row.
   */
  csvField(s: string, from: number, to: number, comma: boolean): void {
    const b = this.room((to - from) * 3 + 3);
    let o = this.len;
    if (comma) b[o++] = 44;
    b[o++] = 34;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) b[o++] = c;
      else o = wide(b, o, s, i, c, to) ? (i++, o + 4) : o + width(c);
    }
    b[o++] = 34;
    this.len = o;
  }

  /** What was written, as a buffer of its own (the sink's memory is reused for the next batch). */
  take(): Buffer {
    const out = Buffer.allocUnsafeSlow(this.len);
    this.buf.copy(out, 0, 0, this.len);
    this.len = 0;
    return out;
  }
}

const AMP = [0x26, 0x61, 0x6d, 0x70, 0x3b];
const LT = [0x26, 0x6c, 0x74, 0x3b];
const GT = [0x26, 0x67, 0x74, 0x3b];

function put(b: Buffer, o: number, bytes: readonly number[]): number {
  for (const x of bytes) b[o++] = x;
  return o;
}

/** How many bytes `wide` wrote for a character that is not a surrogate pair. */
const width = (c: number) => (c < 0x800 ? 2 : 3);

/** Writes the UTF-8 of a character of 0x80 and above at b[o]; true when it was a surrogate pair (4 bytes, two characters). */
function wide(b: Buffer, o: number, s: string, i: number, c: number, to: number): boolean {
  if (c < 0x800) {
    b[o] = 0xc0 | (c >> 6);
    b[o + 1] = 0x80 | (c & 63);
    return false;
  }
  if (c >= 0xd800 && c <= 0xdfff) {
    const d = i + 1 < to ? s.charCodeAt(i + 1) : 0;
    if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      const p = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      b[o] = 0xf0 | (p >> 18);
      b[o + 1] = 0x80 | ((p >> 12) & 63);
      b[o + 2] = 0x80 | ((p >> 6) & 63);
      b[o + 3] = 0x80 | (p & 63);
      return true;
    }
    c = 0xfffd;
  }
  b[o] = 0xe0 | (c >> 12);
  b[o + 1] = 0x80 | ((c >> 6) & 63);
  b[o + 2] = 0x80 | (c & 63);
  return false;
}

/** How one format writes a row's cells into a sink. `i` is the cell's column in the row (0 first). */
export interface RowFormat {
  begin(sink: ByteSink, row: number): void;
  end(sink: ByteSink): void;
  /** Any cell (null: empty). */
  cell(sink: ByteSink, i: number, v: CellValue): void;
  /** s[from, to) is a number written as JavaScript writes it (String(n)). */
  number(sink: ByteSink, i: number, s: string, from: number, to: number): void;
  /** s[from, to) is a text that needs no JSON unescaping and cannot start a formula. */
  plain(sink: ByteSink, i: number, s: string, from: number, to: number): void;
}

/** RFC 4180: every field quoted, quotes doubled, CRLF after every record. */
export const CSV_FORMAT: RowFormat = {
  begin() {},
  end(sink) {
    sink.byte(13);
    sink.byte(10);
  },
  cell(sink, i, v) {
    if (v === null) return sink.csvField('', 0, 0, i > 0);
    let s = typeof v === 'string' ? v : String(v);
    if (s.includes('"')) s = s.replace(/"/g, '""');
    sink.csvField(s, 0, s.length, i > 0);
  },
  number(sink, i, s, from, to) {
    sink.csvField(s, from, to, i > 0);
  },
  // A JSON string without escapes has no quote inside.
  plain(sink, i, s, from, to) {
    sink.csvField(s, from, to, i > 0);
  },
};

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const CELL_CLOSE = { v: ascii('</v></c>'), t: ascii('</t></is></c>') };

/** The cell styles of xlsxStream.ts's styles.xml, by index: 1 the bold header, then the date formats and links. */
export const XLSX_STYLE = { header: 1, date: 2, time: 3, datetime: 4, link: 5 } as const;

/** A hyperlink of a sheet: the cell it is on and where it leads (xlsxStream.ts writes them after the rows). */
export interface SheetLink {
  ref: string;
  url: string;
}

/** Links a spreadsheet opens: on the public address, never javascript: or file:. */
const WEB_LINK = /^https?:\/\//;

/**
 * SpreadsheetML rows: typed cells (numbers, true/false, inline strings, dates as numbers with a date
 * style), empty cells left out; `style` is the cell style of every cell without a kind of its own
 * (1: the bold header). `kinds` says per column how its texts are typed (engine sheetKindOf): a date,
 * time or date-time that reads as one is a date cell, a calculation that is a plain number a number,
 * a file's link a string cell with a hyperlink (collected in `links`), anything else a string cell,
 * whatever it begins with. The fixed parts of a cell are bytes made once, so a cell is a few copies
 * and its text.
 */
export class XlsxRowFormat implements RowFormat {
  /** Per column: `<c r="` and its letters. */
  private refs: Uint8Array[] = [];
  private row: Uint8Array = new Uint8Array();
  private rowNumber = 0;
  private readonly opens: { number: Uint8Array; bool: Uint8Array; text: Uint8Array; spaced: Uint8Array };
  private readonly dated: Record<'date' | 'time' | 'datetime', Uint8Array>;
  private readonly linked: { text: Uint8Array; spaced: Uint8Array };
  /** The hyperlinks of the rows written so far. */
  readonly links: SheetLink[] = [];

  constructor(
    style = 0,
    private readonly kinds: readonly (SheetKind | undefined)[] = [],
  ) {
    const s = style ? ` s="${style}"` : '';
    this.opens = {
      number: ascii(`"${s}><v>`),
      bool: ascii(`"${s} t="b"><v>`),
      text: ascii(`"${s} t="inlineStr"><is><t>`),
      // Spreadsheets drop a text's leading and trailing white space unless told to keep it.
      spaced: ascii(`"${s} t="inlineStr"><is><t xml:space="preserve">`),
    };
    this.dated = {
      date: ascii(`" s="${XLSX_STYLE.date}"><v>`),
      time: ascii(`" s="${XLSX_STYLE.time}"><v>`),
      datetime: ascii(`" s="${XLSX_STYLE.datetime}"><v>`),
    };
    this.linked = {
      text: ascii(`" s="${XLSX_STYLE.link}" t="inlineStr"><is><t>`),
      spaced: ascii(`" s="${XLSX_STYLE.link}" t="inlineStr"><is><t xml:space="preserve">`),
    };
  }

  private open(sink: ByteSink, i: number, type: Uint8Array): void {
    sink.bytes(this.refs[i] ?? (this.refs[i] = ascii(`<c r="${columnName(i)}`)));
    sink.bytes(this.row);
    sink.bytes(type);
  }

  begin(sink: ByteSink, row: number): void {
    this.rowNumber = row;
    this.row = ascii(String(row));
    sink.text(`<row r="${row}">`);
  }

  end(sink: ByteSink): void {
    sink.text('</row>');
  }

  cell(sink: ByteSink, i: number, v: CellValue): void {
    if (v === null || v === undefined) return;
    if (typeof v === 'number' && Number.isFinite(v)) {
      this.open(sink, i, this.opens.number);
      sink.text(String(v));
      sink.bytes(CELL_CLOSE.v);
    } else if (typeof v === 'boolean') {
      this.open(sink, i, this.opens.bool);
      sink.byte(v ? 0x31 : 0x30);
      sink.bytes(CELL_CLOSE.v);
    } else {
      const s = String(v);
      this.plain(sink, i, s, 0, s.length);
    }
  }

  number(sink: ByteSink, i: number, s: string, from: number, to: number): void {
    this.open(sink, i, this.opens.number);
    sink.text(s, from, to);
    sink.bytes(CELL_CLOSE.v);
  }

  plain(sink: ByteSink, i: number, s: string, from: number, to: number): void {
    const kind = this.kinds[i];
    if (kind === 'date' || kind === 'time' || kind === 'datetime') {
      const serial = serialOfText(kind, from === 0 && to === s.length ? s : s.slice(from, to));
      if (serial !== null) {
        this.open(sink, i, this.dated[kind]);
        sink.text(String(serial));
        sink.bytes(CELL_CLOSE.v);
        return;
      }
    } else if (kind === 'number') {
      const n = numberOfText(s.slice(from, to));
      if (n !== null) return this.number(sink, i, String(n), 0, String(n).length);
    } else if (kind === 'file') {
      const url = s.slice(from, to);
      if (WEB_LINK.test(url)) {
        this.links.push({ ref: `${columnName(i)}${this.rowNumber}`, url });
        return this.text(sink, i, s, from, to, this.linked);
      }
    }
    this.text(sink, i, s, from, to, this.opens);
  }

  private text(sink: ByteSink, i: number, s: string, from: number, to: number, opens: { text: Uint8Array; spaced: Uint8Array }): void {
    const spaced = to > from && (s.charCodeAt(from) <= 0x20 || s.charCodeAt(to - 1) <= 0x20);
    this.open(sink, i, spaced ? opens.spaced : opens.text);
    sink.xml(s, from, to);
    sink.bytes(CELL_CLOSE.t);
  }
}

/** A row of cells, whatever their source (heads, repeat groups, the codebook). */
export function writeCells(sink: ByteSink, f: RowFormat, row: number, cells: readonly CellValue[]): void {
  f.begin(sink, row);
  for (let i = 0; i < cells.length; i++) f.cell(sink, i, cells[i] ?? null);
  f.end(sink);
}

/** How a question column reads its value from a compact copy. */
export interface ColumnPlan {
  /** The value's place in the copy's top-level array; -1: the question has no number, so was never answered. */
  at: number;
  /**
   * Which fast path the column may take: 'number' and 'text' copy a number or plain text, 'choice'
   * writes the cell of one choice (worked out once per choice), 'split' is a column per choice (1 when
   * chosen, else 0), 'bool' true/false.
   */
  kind: 'number' | 'text' | 'choice' | 'split' | 'bool' | 'other';
  /** 'split': the choice's column number. */
  choice: number;
  /** The column's cell from a parsed value, neutralized: the slow path, which the fast paths match. */
  cell: (raw: unknown) => CellValue;
}

/**
 * Whether s[a, b) is an integer of up to 15 digits written as JavaScript writes it (no leading zero,
 * no -0); anything else (1.50, 1e3, written by PostgreSQL) goes through Number, as String(n) writes it.
 */
function canonicalInt(s: string, a: number, b: number): boolean {
  if (s.charCodeAt(a) === 0x2d) a++;
  const digits = b - a;
  if (digits < 1 || digits > 15) return false;
  const first = s.charCodeAt(a);
  if (first === 0x30) return digits === 1 && s.charCodeAt(a - 1) !== 0x2d;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Characters that start a formula (engine neutralizeCell); a text starting with one takes the slow path. */
const isFormulaStart = (c: number) => c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40;

/**
 * Writes the question cells of one submission from its compact copy's text, after `offset` cells
 * already written in the row. `spans` is scratch space reused from row to row.
 */
export function writeCopyCells(
  sink: ByteSink,
  f: RowFormat,
  plans: readonly ColumnPlan[],
  offset: number,
  top: string | null,
  spans: TopSpans,
  once: Map<number, CellValue>[],
): void {
  const count = top === null ? 0 : scanTop(top, spans);
  const s = top ?? '';
  const { start, end, kind } = spans;
  for (let j = 0; j < plans.length; j++) {
    const p = plans[j]!;
    const i = offset + j;
    const at = p.at;
    if (at < 0 || at >= count) {
      f.cell(sink, i, null);
      continue;
    }
    const a = start[at]!;
    const b = end[at]!;
    const k = kind[at]!;
    if (k === TOKEN.null) {
      f.cell(sink, i, null);
      continue;
    }
    switch (p.kind) {
      case 'number':
        if (k === TOKEN.number) {
          if (canonicalInt(s, a, b)) f.number(sink, i, s, a, b);
          else f.cell(sink, i, Number(s.slice(a, b)));
          continue;
        }
        break;
      case 'text':
        if (k === TOKEN.plain && !isFormulaStart(s.charCodeAt(a + 1))) {
          f.plain(sink, i, s, a + 1, b - 1);
          continue;
        }
        break;
      case 'bool':
        if (k === TOKEN.true || k === TOKEN.false) {
          f.cell(sink, i, k === TOKEN.true);
          continue;
        }
        break;
      case 'choice':
      case 'split': {
        if (k !== TOKEN.array) break;
        const n = singleNumber(s, a, b);
        if (p.kind === 'choice') {
          if (n < 0) break;
          const cache = once[j] ?? (once[j] = new Map());
          let cell = cache.get(n);
          if (cell === undefined) cache.set(n, (cell = p.cell([n])));
          f.cell(sink, i, cell);
        } else f.cell(sink, i, n >= 0 ? (n === p.choice ? 1 : 0) : (JSON.parse(s.slice(a, b)) as number[]).includes(p.choice) ? 1 : 0);
        continue;
      }
    }
    f.cell(sink, i, p.cell(JSON.parse(s.slice(a, b))));
  }
}

/** The number of an array of one whole number (`[12]`), else -1. */
function singleNumber(s: string, a: number, b: number): number {
  let n = 0;
  let digits = 0;
  for (let i = a + 1; i < b - 1; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39 || digits > 9) return -1;
    n = n * 10 + (c - 0x30);
    digits++;
  }
  return digits ? n : -1;
}

/** Rows of cells as bytes, a batch per chunk, numbered from `firstRow`. */
export async function* cellChunks(
  batches: AsyncIterable<CellValue[][]> | Iterable<CellValue[][]>,
  f: RowFormat,
  firstRow: number,
): AsyncGenerator<Buffer> {
  const sink = new ByteSink(1 << 16);
  let r = firstRow;
  for await (const rows of batches) {
    for (const row of rows) writeCells(sink, f, r++, row);
    yield sink.take();
  }
}
