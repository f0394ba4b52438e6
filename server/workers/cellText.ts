// A workbook cell as the text pyxform reads from it, so that our import sees what ODK Central and
// KoboToolbox see. pyxform reads .xlsx through openpyxl (cached formula results, data_only) and .xls through
// xlrd, and turns each value into text its own way (pyxform/xls2json_backends.py, xlsx_value_to_str and
// xls_value_to_unicode): integer-valued numbers without '.0', other numbers as Python prints a float,
// booleans TRUE/FALSE, numbers in a date format as Python prints a datetime or a time. The two readers
// differ on dates and errors, and so do these functions. Nothing here throws: a value no date can hold
// reads as openpyxl's error text, or as the number.

/** The cell as the reader (SheetJS, raw values: no formatting applied) hands it over. */
export interface RawCell {
  /** 's' text, 'n' number, 'b' boolean, 'e' error, 'z' or 'd' (not produced with cellDates off). */
  t?: string;
  v?: unknown;
  /** The number format. */
  z?: unknown;
}

export type WorkbookFormat = 'xlsx' | 'xls';

/** SheetJS's error codes, as Excel writes them in an .xlsx (openpyxl keeps the text of `<v>`). */
const ERROR_TEXT: Readonly<Record<number, string>> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 system as openpyxl and xlrd count it (the 1900 leap-year bug is why it is not 1899-12-31). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** Python's round(): halves to even. */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** A number as Python's str() of the float, or of the int it equals (pyxform: int(value) == value). */
export function pythonNumber(v: number): string {
  if (Number.isInteger(v)) return BigInt(v).toString();
  // Python switches to an exponent below 1e-4 with at least two exponent digits; JavaScript below 1e-6.
  // A float that is not an integer is below 2^53, where both print it in full.
  if (Math.abs(v) >= 1e-4) return String(v);
  const [mantissa, exp] = v.toExponential().split('e') as [string, string];
  const e = Number(exp);
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Python's str(datetime.time): HH:MM:SS and .ffffff when there are microseconds. */
const pythonTime = (ms: number) => {
  const s = Math.floor(ms / 1000);
  const frac = ms % 1000;
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${frac ? `.${pad(frac * 1000, 6)}` : ''}`;
};
/** Python's str(datetime.datetime) of a UTC instant; null outside years 1..9999, where Python overflows. */
function pythonDateTime(at: number): string | null {
  const d = new Date(at);
  const year = d.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) return null;
  const ms = ((at % DAY_MS) + DAY_MS) % DAY_MS;
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pythonTime(ms)}`;
}

/**
 * openpyxl's STRIP_RE and is_date_format: quoted literals and bracketed locale or colour parts (not the
 * elapsed-time [h] [m] [s]) set aside, then a date or time letter not escaped by a backslash.
 */
const FORMAT_STRIP = /".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]/g;
export function isDateFormat(format: unknown): boolean {
  if (typeof format !== 'string') return false;
  return /[^\\][dmhysDMHYS]/.test(format.split(';')[0]!.replace(FORMAT_STRIP, ''));
}
/**
 * openpyxl's from_excel, printed: a time below one day, else a datetime. An elapsed-time format ([h]:mm)
 * reads as a datetime too: the openpyxl pyxform runs with (3.0) does not apply its duration formats when
 * reading only.
 */
function openpyxlDate(v: number, date1904: boolean): string {
  if (Math.abs(v) > 1e8) return '#VALUE!';
  let day = Math.floor(v);
  const diff = roundHalfEven((v - day) * DAY_MS);
  if (v >= 0 && v < 1 && diff < DAY_MS) return pythonTime(diff);
  if (v > 0 && v < 60 && !date1904) day += 1;
  return pythonDateTime((date1904 ? EPOCH_1904 : EPOCH_1900) + day * DAY_MS + diff) ?? '#VALUE!';
}

/**
 * xlrd's xldate_as_tuple, printed as pyxform does (a time when the date part is zero). Where xlrd refuses
 * (negative, ambiguous before 1900-03-01, too large) pyxform stops; the number is read as a number instead.
 */
function xlrdDate(v: number, date1904: boolean): string {
  if (v === 0) return '00:00:00';
  if (v < 0) return pythonNumber(v);
  let days = Math.floor(v);
  let seconds = roundHalfEven((v - days) * 86_400);
  if (seconds === 86_400) {
    seconds = 0;
    days += 1;
  }
  if (days >= (date1904 ? 2_957_003 : 2_958_466) || (days < 61 && days > 0 && !date1904)) return pythonNumber(v);
  if (days === 0) return pythonTime(seconds * 1000);
  return pythonDateTime((date1904 ? EPOCH_1904 : EPOCH_1900) + days * DAY_MS + seconds * 1000) ?? pythonNumber(v);
}

/** The text pyxform reads from the cell; '' for an empty one. */
export function cellText(cell: RawCell | undefined, format: WorkbookFormat, date1904: boolean): string {
  if (!cell) return '';
  const { t, v } = cell;
  switch (t) {
    case 's':
      return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
    case 'b':
      return v ? 'TRUE' : 'FALSE';
    case 'e':
      // xlrd hands over an error cell's code and pyxform prints it as a number (#N/A reads as '42').
      if (typeof v !== 'number') return '';
      return format === 'xls' ? String(v) : (ERROR_TEXT[v] ?? '');
    case 'n':
      if (typeof v !== 'number' || !Number.isFinite(v)) return '';
      if (!isDateFormat(cell.z)) return pythonNumber(v);
      return format === 'xls' ? xlrdDate(v, date1904) : openpyxlDate(v, date1904);
    default:
      return '';
  }
}
