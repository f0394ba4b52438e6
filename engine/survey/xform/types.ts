// The XForm of each XLSForm type the export writes (pyxform's question_type_dictionary.py): the bind's type,
// the body control and its media type. Keyed by the sheet type, so which of our types becomes which sheet type
// stays declared once (question-types.ts `sheet`); a sheet type added there without an entry here does not compile.
import type { QUESTION_TYPES, QuestionType } from '../question-types';

/** The sheet types our types are written as (but 'group': a section), and the metadata rows kept from an import. */
type OwnSheetType = Exclude<(typeof QUESTION_TYPES)[QuestionType]['sheet']['type'], 'group'>;

export interface BindOfType {
  readonly type: string;
  /** The body control; none for a value the form computes. */
  readonly control?: string;
  readonly mediatype?: string;
  readonly readonly?: true;
}

export const BIND_OF_TYPE: Readonly<Record<OwnSheetType, BindOfType>> & Readonly<Record<string, BindOfType | undefined>> = {
  select_one: { type: 'string', control: 'select1' },
  select_multiple: { type: 'string', control: 'select' },
  rank: { type: 'odk:rank', control: 'odk:rank' },
  text: { type: 'string', control: 'input' },
  integer: { type: 'int', control: 'input' },
  decimal: { type: 'decimal', control: 'input' },
  date: { type: 'date', control: 'input' },
  time: { type: 'time', control: 'input' },
  dateTime: { type: 'dateTime', control: 'input' },
  note: { type: 'string', control: 'input', readonly: true },
  geopoint: { type: 'geopoint', control: 'input' },
  image: { type: 'binary', control: 'upload', mediatype: 'image/*' },
  file: { type: 'binary', control: 'upload', mediatype: 'application/*' },
  acknowledge: { type: 'string', control: 'trigger' },
  // The variants one of ours carries (question-types.ts SHEET_TYPES).
  geotrace: { type: 'geotrace', control: 'input' },
  geoshape: { type: 'geoshape', control: 'input' },
  barcode: { type: 'barcode', control: 'input' },
  audio: { type: 'binary', control: 'upload', mediatype: 'audio/*' },
  video: { type: 'binary', control: 'upload', mediatype: 'video/*' },
  calculate: { type: 'string' },
  range: { type: 'int', control: 'range' },
  hidden: { type: 'string' },
  // Metadata rows with an action rather than a preload.
  audit: { type: 'binary' },
  'start-geopoint': { type: 'geopoint' },
  'background-geopoint': { type: 'geopoint' },
};

/** Metadata ODK clients fill in themselves (columns.ts METADATA_TYPES): the bind's preload. */
export const PRELOADS: Readonly<Record<string, { type: string; preload: string; params: string } | undefined>> = {
  start: { type: 'dateTime', preload: 'timestamp', params: 'start' },
  end: { type: 'dateTime', preload: 'timestamp', params: 'end' },
  today: { type: 'date', preload: 'date', params: 'today' },
  ...Object.fromEntries(
    ['deviceid', 'subscriberid', 'simserial', 'phonenumber', 'username', 'email'].flatMap((p) => [
      [p, { type: 'string', preload: 'property', params: p }],
      [`uri:${p}`, { type: 'string', preload: 'property', params: `uri:${p}` }],
    ]),
  ),
};

/** A type cell's type as rules.ts reads it: one of ours or a metadata type. */
export type SheetType = string;
