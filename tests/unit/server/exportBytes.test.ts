// Export rows written as bytes from a compact copy's text (services/exportBytes.ts): the fast paths
// (numbers, plain texts, one choice, true/false copied from the text in place) give exactly the bytes
// of the slow path, which parses the copy and writes each column's cell; and the sink's UTF-8 is
// Buffer's.
import { describe, expect, it } from 'vitest';
import { neutralizeCell, type CellValue } from '../../../engine/survey/index';
import { scanTop, topSpans } from '../../../server/services/compactCopy';
import {
  ByteSink,
  CSV_FORMAT,
  XlsxRowFormat,
  writeCells,
  writeCopyCells,
  type ColumnPlan,
  type RowFormat,
} from '../../../server/services/exportBytes';

const plans: ColumnPlan[] = [
  { at: 0, kind: 'number', choice: -1, cell: (raw) => (typeof raw === 'number' ? raw : neutralizeCell(JSON.stringify(raw))) },
  { at: 1, kind: 'text', choice: -1, cell: (raw) => (typeof raw === 'string' ? neutralizeCell(raw) : `other ${JSON.stringify(raw)}`) },
  { at: 2, kind: 'choice', choice: -1, cell: (raw) => (Array.isArray(raw) ? raw.map((n) => `choice ${n}`).join(' ') : null) },
  { at: 2, kind: 'split', choice: 7, cell: (raw) => (Array.isArray(raw) ? (raw.includes(7) ? 1 : 0) : null) },
  { at: 3, kind: 'bool', choice: -1, cell: (raw) => (typeof raw === 'boolean' ? raw : 'not a boolean') },
  { at: 4, kind: 'other', choice: -1, cell: (raw) => neutralizeCell(JSON.stringify(raw)) },
  // A question with no number yet, and one past the end of a short copy.
  { at: -1, kind: 'text', choice: -1, cell: () => 'never' },
  { at: 40, kind: 'number', choice: -1, cell: () => 'never' },
];

const texts = [
  '',
  'plain',
  'say "hi"',
  '=1+2',
  '+254712345678',
  '-5',
  '@SUM(A1)',
  '\tstarts with a tab',
  '\rcarriage',
  ' leading space',
  'trailing ',
  'a & b < c > d',
  'naïve café',
  'emoji 🎉 here',
  'lone \ud800 surrogate',
  'not xml \ufffe\u0001 chars',
  'line\nbreak',
  'back\\slash',
  'ملف عربي',
];
const numbers = ['0', '42', '-17', '1.50', '1e3', '-0', '123456789012345678', '0.1', '3.14159'];
const values = [
  ...texts.map((t) => JSON.stringify(t)),
  ...numbers,
  'true',
  'false',
  'null',
  '[]',
  '[7]',
  '[3]',
  '[3,7]',
  '[ 7 ]',
  '{"d":{"lat":1.5,"text":"a]b\\"c"}}',
  '{"d":null}',
];

/** The slow path: the copy parsed, every column's cell written as a cell. */
function slowRow(f: RowFormat, top: string): Buffer {
  const sink = new ByteSink(64);
  const parsed = JSON.parse(top) as unknown[];
  const cells: CellValue[] = plans.map((p) => {
    const raw = p.at < 0 ? undefined : parsed[p.at];
    return raw === undefined || raw === null ? null : p.cell(raw);
  });
  writeCells(sink, f, 2, ['head', ...cells]);
  return sink.take();
}

function fastRow(f: RowFormat, top: string): Buffer {
  const sink = new ByteSink(64);
  f.begin(sink, 2);
  f.cell(sink, 0, 'head');
  writeCopyCells(sink, f, plans, 1, top, topSpans(2), []);
  f.end(sink);
  return sink.take();
}

describe('export rows from a compact copy', () => {
  it('write the bytes the parsed copy gives, in CSV and SpreadsheetML, for every kind of value in every column', () => {
    let rows = 0;
    for (let i = 0; i < values.length; i++) {
      // Each column meets every value over the rows (shifted per column).
      const row = Array.from({ length: 5 }, (_, c) => values[(i + c * 7) % values.length]);
      for (const top of [`[${row.join(',')}]`, ` [ ${row.join(' , ')} ] `, `[${row.slice(0, 2).join(',')}]`, '[]']) {
        for (const f of [CSV_FORMAT, new XlsxRowFormat()]) {
          expect(fastRow(f, top).toString('utf8'), top).toBe(slowRow(f, top).toString('utf8'));
          rows++;
        }
      }
    }
    expect(rows).toBeGreaterThan(200);
  });

  it('neutralize a text that starts like a formula, and keep a signed number as it is', () => {
    const csv = fastRow(CSV_FORMAT, '[1,"=HYPERLINK(\\"x\\")","-5"]').toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(fastRow(CSV_FORMAT, '[1,"@cmd"]').toString('utf8')).toContain(`"'@cmd"`);
    expect(fastRow(CSV_FORMAT, '[1,"-5"]').toString('utf8')).toContain(',"-5",');
  });

  it('find the values of a copy without parsing it, and refuse what is not an array', () => {
    const spans = topSpans(1);
    const top = '[1,"a\\"]",[2,3],{"d":[1,{"x":"}"}]},null,true]';
    const n = scanTop(top, spans);
    expect(n).toBe(6);
    const got = Array.from({ length: n }, (_, k) => JSON.parse(top.slice(spans.start[k], spans.end[k])) as unknown);
    expect(got).toEqual(JSON.parse(top));
    expect(() => scanTop('{"a":1}', spans)).toThrow();
    expect(() => scanTop('[1,"open', spans)).toThrow();
  });

  it('write UTF-8 as Buffer does, lone surrogates included', () => {
    for (const t of texts) {
      const sink = new ByteSink(1);
      sink.text(t);
      expect(sink.take().equals(Buffer.from(t))).toBe(true);
    }
  });
});
