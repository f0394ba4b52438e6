// The reader's cell text against pyxform's own: each workbook read by openpyxl (.xlsx, read-only with
// cached formula results, as pyxform opens it) or xlrd (.xls), every cell of the form's sheets (within the import's limits of
// 20,000 rows and 500 columns, past which a formatted sheet would have openpyxl pad millions) turned into text by pyxform's
// xlsx_value_to_str / xls_value_to_unicode, compared cell by cell with server/workers/workbook.ts. Run on
// the published fixtures, on a workbook of every .xlsx cell type, and on an .xls of every cell type.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../../server/workers/workbook';
import { mustJudge } from './pyxform';
import { cellsSheet, rawXlsx, SURVEY, XLSX_SHARED, xlsCells } from './workbookFixtures';

/** pyxform's source beside the repository (../shared/tools); XLSFORM_TOOLS names another tools folder. */
const PYXFORM = resolve(process.env.XLSFORM_TOOLS ?? resolve(import.meta.dirname, '../../../../shared/tools'), 'pyxform');
const READ = `
import io, json, sys
sys.path.insert(0, sys.argv[1])
import xlrd
from openpyxl.reader.excel import ExcelReader
from pyxform.xls2json_backends import is_empty, xls_value_to_unicode, xlsx_value_to_str

def text(v, convert):
    if isinstance(v, str):
        v = v.strip()
    if is_empty(v):
        return ''
    try:
        return convert(v)
    except Exception as e:  # pyxform refuses the workbook here (an ambiguous .xls date)
        return None

FORM = {'survey', 'choices', 'settings', 'external_choices', 'osm', 'entities'}

for path in sys.argv[2:]:
    data = open(path, 'rb').read()
    sheets = {}
    if data[:2] == b'PK':
        reader = ExcelReader(io.BytesIO(data), read_only=True, data_only=True)
        reader.read()
        for name in reader.wb.sheetnames:
            if name.strip().lower() not in FORM:
                continue
            sheets[name] = [[text(c.value, xlsx_value_to_str) for c in row] for row in reader.wb[name].iter_rows(max_row=20000, max_col=500)]
    else:
        book = xlrd.open_workbook(file_contents=data)
        for sh in book.sheets():
            if sh.name.strip().lower() not in FORM:
                continue
            sheets[sh.name] = [[text(sh.cell(r, c).value, lambda v, t=sh.cell(r, c).ctype: xls_value_to_unicode(v, t, book.datemode))
                                for c in range(min(sh.ncols, 500))] for r in range(min(sh.nrows, 20000))]
    # Trailing empty cells and rows dropped here as the comparison drops them: a formatted sheet pads to
    # the limits, hundreds of megabytes of nothing.
    for name, rows in sheets.items():
        rows = [r[:max([i + 1 for i, c in enumerate(r) if c != ''], default=0)] for r in rows]
        while rows and not rows[-1]:
            rows.pop()
        sheets[name] = rows
    print(json.dumps({'file': path, 'sheets': sheets}))
`;

/** Why pyxform's readers cannot run here, or null. */
function readersMissing(): string | null {
  if (!existsSync(PYXFORM)) return `pyxform's source ${PYXFORM} is missing`;
  const r = spawnSync('/usr/bin/python3', ['-c', 'import openpyxl, xlrd'], { encoding: 'utf8' });
  return r.status === 0 ? null : `openpyxl and xlrd are missing (apt-get install -y python3-openpyxl python3-xlrd)`;
}
const missing = readersMissing();
type Rows = (string | null)[][];

/** pyxform's text of every cell of each file, by sheet. */
function pyxformCells(files: readonly string[]): Record<string, Rows>[] {
  const r = spawnSync('/usr/bin/python3', ['-c', READ, PYXFORM, ...files], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 100_000,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { sheets: Record<string, Rows> }).sheets);
}

/** Rows without trailing empty cells and rows; pyxform's refusals (null) become holes both sides skip. */
const trimmed = (rows: readonly (readonly (string | null)[])[]) => {
  const out = rows.map((row) => {
    const r = row.map((c) => (c === null ? null : c.trim()));
    while (r.length && r[r.length - 1] === '') r.pop();
    return r;
  });
  while (out.length && out[out.length - 1]!.length === 0) out.pop();
  return out;
};

async function compare(named: readonly { name: string; bytes: Buffer }[]) {
  if (missing) {
    if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
    console.warn(`pyxform parity not checked: ${missing}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'reader-'));
  const files = named.map(({ name, bytes }) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return file;
  });
  const theirs = pyxformCells(files);
  for (const [i, { name, bytes }] of named.entries()) {
    const expected = theirs[i]!;
    // Every sheet read as a form sheet, so no-break spaces are treated as pyxform treats them.
    const read = await readWorkbook(bytes, {
      rows: 20_000,
      columns: 500,
      cellLength: 30_000,
      sheets: Object.keys(expected).map((n) => n.trim().toLowerCase()),
    });
    if ('report' in read) throw new Error(`${name}: ${JSON.stringify(read.report)}`);
    // The form's sheets only: the others are not read (workbook.ts), and openpyxl reading every help sheet
    // of the published forms would make this the slowest unit test.
    const formSheets = read.sheets.filter((s) => s.name in expected);
    expect(
      formSheets.map((s) => s.name),
      name,
    ).toEqual(Object.keys(expected));
    for (const sheet of formSheets) {
      const want = trimmed(expected[sheet.name]!);
      const got = trimmed(sheet.rows).map((row, r) => row.map((c, k) => (want[r]?.[k] === null ? null : c)));
      expect(got, `${name} ${sheet.name}`).toEqual(want);
    }
  }
}

describe('cell text as pyxform reads it', () => {
  it('matches pyxform on every published fixture', { timeout: 120_000 }, async () => {
    const dir = 'fixtures/xlsforms';
    await compare(
      readdirSync(dir)
        .filter((f) => /\.(xlsx|xlsm|xls)$/.test(f))
        .map((name) => ({ name, bytes: readFileSync(join(dir, name)) })),
    );
  });

  it('matches pyxform on every kind of cell of an .xlsx and an .xls', { timeout: 60_000 }, async () => {
    await compare([
      { name: 'cells.xlsx', bytes: await rawXlsx([SURVEY, cellsSheet()], XLSX_SHARED) },
      { name: 'cells.xls', bytes: xlsCells() },
    ]);
  });
});
