// The value formats of the form data (see README "Form data") and the limits of spec 001 sections 5
// and 9, with small parsers the compiler, the codecs, the validator and the widgets share.

export const TEXT_MAX_LENGTH = 30_000;
/** 5 MB in the 1000-based units the spec uses for file sizes. */
export const MAX_FILE_BYTES = 5_000_000;
/**
 * The spec's three (app, exe, ini), then whatever a computer runs, installs or mounts when it is opened
 * (programs, installers, scripts, shortcuts, disk images) and what a browser runs as a page (html,
 * svg, ...). Every upload is served as an attachment anyway; this keeps them out of the data at all.
 */
export const BLOCKED_EXTENSIONS: readonly string[] = [
  'app',
  'exe',
  'ini',
  'bat',
  'cmd',
  'com',
  'cpl',
  'scr',
  'pif',
  'msi',
  'msp',
  'mst',
  'dll',
  'sys',
  'drv',
  'ocx',
  'appx',
  'msix',
  'apk',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'run',
  'jar',
  'js',
  'jse',
  'mjs',
  'cjs',
  'vb',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ws',
  'hta',
  'ps1',
  'psm1',
  'psd1',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'command',
  'py',
  'pl',
  'rb',
  'php',
  'phtml',
  'php3',
  'php4',
  'php5',
  'phar',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'lnk',
  'url',
  'scf',
  'reg',
  'inf',
  'chm',
  'gadget',
  'application',
  'xbap',
  'iso',
  'img',
  'vhd',
  'vhdx',
  'html',
  'htm',
  'xhtml',
  'xht',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'xsl',
  'xslt',
  'swf',
];
export const IMAGE_QUALITY = 0.8;
export const DEFAULT_PHONE_COUNTRY = 'US';
export const GEOLOCATION_TIMEOUT_MS = 10_000;

export interface RangeParams {
  start: number;
  end: number;
  step: number;
}

/** 'start=0 end=10 step=2' -> { start: '0', end: '10', step: '2' }. */
export function parseParameters(source: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (source ?? '').split(/[\s;,]+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim();
  }
  return out;
}

const num = (v: string | undefined, fallback: number): number => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** Range start (default 1), end (default 5) and step (default 1), spec 001 section 5. */
export function rangeOf(parameters: Readonly<Record<string, string>>): RangeParams {
  const step = Math.abs(num(parameters.step, 1)) || 1;
  return { start: num(parameters.start, 1), end: num(parameters.end, 5), step };
}

/** Whether a range value is one of the range's steps. */
export function onRangeStep(value: number, r: RangeParams): boolean {
  const lo = Math.min(r.start, r.end);
  const hi = Math.max(r.start, r.end);
  if (value < lo - 1e-9 || value > hi + 1e-9) return false;
  const steps = (value - r.start) / r.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

// ---- dates and times: 'YYYY-MM-DD', 'HH:mm', 'YYYY-MM-DD HH:mm' -------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

export const isTime = (value: string): boolean => TIME.test(value);

/** 'date time' text, spec 001: 'YYYY-MM-DD HH:mm'. */
export function isDateTime(value: string): boolean {
  const [date, time, ...rest] = value.split(' ');
  return rest.length === 0 && date !== undefined && time !== undefined && isDate(date) && isTime(time);
}

/** month-year appearance: the first of the month. */
export const isFirstOfMonth = (value: string): boolean => isDate(value) && value.endsWith('-01');

// ---- GPS: the ODK geopoint text 'latitude longitude [altitude [accuracy]]' ----------------------------

export interface Coords {
  latitude: number;
  longitude: number;
  altitude?: number;
  accuracy?: number;
}

export function parseGeopoint(value: string): Coords | undefined {
  const parts = value.trim().split(/\s+/).map(Number);
  if (parts.length < 2 || parts.length > 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [latitude, longitude, altitude, accuracy] = parts as [number, number, number?, number?];
  return { latitude, longitude, ...(altitude !== undefined ? { altitude } : {}), ...(accuracy !== undefined ? { accuracy } : {}) };
}

export function formatGeopoint(c: Coords): string {
  const parts = [c.latitude, c.longitude];
  if (c.altitude !== undefined || c.accuracy !== undefined) parts.push(c.altitude ?? 0);
  if (c.accuracy !== undefined) parts.push(c.accuracy);
  return parts.join(' ');
}

/** Latitude -90..90, longitude -180..180, accuracy at least 0 (spec 001 section 5). */
export function coordsProblem(c: Coords): string | undefined {
  if (c.latitude < -90 || c.latitude > 90) return 'Latitude must be between -90 and 90';
  if (c.longitude < -180 || c.longitude > 180) return 'Longitude must be between -180 and 180';
  if (c.accuracy !== undefined && c.accuracy < 0) return 'Accuracy must be 0 or more';
  return undefined;
}

// ---- choices: select_multiple and ranking answers are space-separated choice names ------------------

export function splitNames(value: string): string[] {
  const t = value.trim();
  return t === '' ? [] : t.split(/\s+/);
}

// ---- files: a data URL ('data:<type>;name=<file name>;base64,...') or a stored file's path ---------

export interface FileInfo {
  name: string;
  /** MIME type: declared by the browser for a new file, sniffed from the bytes on the server. */
  type: string;
  size: number;
  /** Refused whatever its name says: the server sets it when the bytes are an executable. */
  blocked?: boolean;
}

export const isDataUrl = (value: string): boolean => value.startsWith('data:');

/** Name, type and decoded size of a data URL, without decoding it. */
export function describeDataUrl(value: string): FileInfo | undefined {
  const comma = value.indexOf(',');
  if (!value.startsWith('data:') || comma < 0) return undefined;
  const params = value.slice(5, comma).split(';');
  const type = params[0] || 'application/octet-stream';
  const nameParam = params.find((p) => p.startsWith('name='));
  let name = 'file';
  if (nameParam) {
    try {
      name = decodeURIComponent(nameParam.slice(5));
    } catch {
      name = nameParam.slice(5);
    }
  }
  const body = value.length - comma - 1;
  const base64 = params.includes('base64');
  const padding = base64 ? (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0) : 0;
  const size = base64 ? Math.floor((body * 3) / 4) - padding : body;
  return { name, type, size };
}

/** The bytes of a base64 data URL (atob exists in browsers and Node). */
export function dataUrlBytes(value: string): Uint8Array {
  const comma = value.indexOf(',');
  const body = value.slice(comma + 1);
  if (!value.slice(0, comma).includes(';base64')) return new TextEncoder().encode(decodeURIComponent(body));
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const isBlockedFileName = (fileName: string): boolean => BLOCKED_EXTENSIONS.includes(extensionOf(fileName));

// ---- emptiness: 'clearing a field removes the answer' ---------------------------------------------

/** Empty answers: absent, null, blank text, an empty list, an object without entries. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
