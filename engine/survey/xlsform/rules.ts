// pyxform 4.5.0's rules for reading a survey sheet's type and name cells, as it writes them
// (pyxform/aliases.py, question_type_dictionary.py, xls2json.py, parsing/expression.py): which type
// spellings it knows, how it splits a select or a begin/end row, what a valid name is and what a
// ${reference} is. The import (import.ts) follows these so that it accepts a workbook iff pyxform does.

/** aliases._type_alias_map: whole type cells pyxform rewrites before anything else. */
const TYPE_ALIAS_MAP: Readonly<Record<string, string>> = {
  imei: 'deviceid',
  image: 'photo',
  'add image prompt': 'photo',
  'add photo prompt': 'photo',
  'add audio prompt': 'audio',
  'add video prompt': 'video',
  'add file prompt': 'file',
};

/**
 * Every key of pyxform's question_type_dictionary that is not a select, and the type the import reads it
 * as: one of our sheet types, a metadata kind (columns.ts METADATA_TYPES) or a type with a nearest of ours.
 */
const QUESTION_TYPES: Readonly<Record<string, string>> = (() => {
  const groups: Record<string, readonly string[]> = {
    text: ['text', 'string', 'q string', 'add text prompt'],
    integer: [
      'integer',
      'int',
      'q int',
      'add integer prompt',
      'percentage',
      'number of days in last month',
      'number of days in last six months',
      'number of days in last year',
    ],
    decimal: ['decimal', 'q decimal', 'add decimal prompt'],
    date: ['date', 'q date', 'add date prompt'],
    time: ['time'],
    dateTime: ['dateTime', 'datetime', 'date time', 'q date time', 'q dateTime', 'add date time prompt', 'add dateTime prompt'],
    note: ['note', 'q note', 'add note prompt'],
    geopoint: ['geopoint', 'location', 'gps', 'q geopoint', 'q location', 'add location prompt'],
    geotrace: ['geotrace', 'q geotrace'],
    geoshape: ['geoshape', 'q geoshape'],
    image: ['photo', 'q picture', 'q image'],
    audio: ['audio', 'q audio'],
    video: ['video', 'q video'],
    file: ['file'],
    barcode: ['barcode', 'q barcode', 'add barcode prompt'],
    acknowledge: ['acknowledge', 'trigger', 'q acknowledge', 'add acknowledge prompt'],
    calculate: ['calculate', 'q calculate', 'add calculate prompt'],
    range: ['range'],
    hidden: ['hidden'],
    'phone number': ['phone number'],
    osm: ['osm'],
    'background-audio': ['background-audio'],
    'xml-external': ['xml-external'],
    'csv-external': ['csv-external'],
    // Metadata ODK clients fill in (a preload, or an action for start-geopoint and background-geopoint).
    start: ['start', 'start time', 'get start time'],
    end: ['end', 'end time', 'get end time'],
    today: ['today', 'get today'],
    deviceid: ['deviceid', 'device id', 'get device id'],
    subscriberid: ['subscriberid', 'subscriber id', 'get subscriber id'],
    simserial: ['simserial', 'sim id', 'get sim id'],
    phonenumber: ['phonenumber', 'get phone number'],
    username: ['username'],
    email: ['email'],
    audit: ['audit'],
    'start-geopoint': ['start-geopoint'],
    'background-geopoint': ['background-geopoint'],
    'uri:deviceid': ['uri:deviceid'],
    'uri:email': ['uri:email'],
    'uri:username': ['uri:username'],
    'uri:subscriberid': ['uri:subscriberid'],
    'uri:simserial': ['uri:simserial'],
    'uri:phonenumber': ['uri:phonenumber'],
  };
  const out: Record<string, string> = {};
  for (const [to, spellings] of Object.entries(groups)) for (const s of spellings) out[s] = to;
  return out;
})();

/** The select types the import knows, by pyxform's select command (aliases.select, in its order). */
type SelectKind = 'select_one' | 'select_multiple' | 'rank' | 'select_one_external' | 'select_one_from_file' | 'select_multiple_from_file';
const SELECT_COMMANDS: readonly (readonly [string, SelectKind])[] = [
  ['add select one prompt using', 'select_one'],
  ['add select multiple prompt using', 'select_multiple'],
  ['select all that apply from', 'select_multiple'],
  ['select one from', 'select_one'],
  ['select1', 'select_one'],
  ['select_one', 'select_one'],
  ['select one', 'select_one'],
  ['select_multiple', 'select_multiple'],
  ['select all that apply', 'select_multiple'],
  ['select_one_external', 'select_one_external'],
  ['select_one_from_file', 'select_one_from_file'],
  ['select_multiple_from_file', 'select_multiple_from_file'],
  ['select one from file', 'select_one_from_file'],
  ['select multiple from file', 'select_multiple_from_file'],
  ['rank', 'rank'],
];
/** aliases.select_from_file: the commands whose list is a file name. */
const FROM_FILE_COMMANDS: ReadonlySet<string> = new Set([
  'select_one_from_file',
  'select_multiple_from_file',
  'select one from file',
  'select multiple from file',
]);
/** aliases.control. */
type ControlKind = 'group' | 'repeat' | 'loop';
const CONTROLS: Readonly<Record<string, ControlKind>> = {
  group: 'group',
  lgroup: 'repeat',
  repeat: 'repeat',
  loop: 'loop',
  'looped group': 'repeat',
};
/** aliases.settings_header: a survey row whose type is a setting sets it from its name. */
const SETTING_TYPES: Readonly<Record<string, string>> = {
  form_title: 'form_title',
  set_form_title: 'form_title',
  form_id: 'form_id',
  set_form_id: 'form_id',
  prefix: 'prefix',
};
/**
 * aliases.settings_header for the settings sheet's own columns: pyxform's names ('title', 'id_string')
 * and its aliases, as ours.
 */
export const SETTINGS_COLUMN_ALIASES: Readonly<Record<string, string>> = {
  title: 'form_title',
  set_form_title: 'form_title',
  id_string: 'form_id',
  set_form_id: 'form_id',
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CONTROL_WORDS = Object.keys(CONTROLS).map(escape).join('|');
// xls2json.py RE_BEGIN_CONTROL, RE_END_CONTROL, RE_SELECT, RE_OSM, letter for letter.
const RE_BEGIN = new RegExp(`^(begin)(\\s|_)(${CONTROL_WORDS})( (over )?(\\S+))?$`);
const RE_END = new RegExp(`^(end)(\\s|_)(${CONTROL_WORDS})$`);
const RE_SELECT = new RegExp(`^(${SELECT_COMMANDS.map(([c]) => escape(c)).join('|')}) (\\S+)( (or specify other|or_other|or other))?$`);
const RE_OSM = /(osm) (\S+)/;

export type ParsedType =
  | { kind: 'begin'; control: ControlKind; list: string | null }
  | { kind: 'end'; control: ControlKind }
  | { kind: 'select'; command: string; select: SelectKind; list: string; orOther: boolean; fromFile: boolean }
  | { kind: 'setting'; setting: string }
  | { kind: 'question'; type: string }
  | { kind: 'unknown' };

/**
 * A type cell as pyxform reads it. Case matters ('Integer' is unknown to pyxform); runs of spaces are one
 * space unless the settings say clean_text_values: no.
 */
export function parseType(cell: string, collapseSpaces = true): ParsedType {
  let type = collapseSpaces ? cell.trim().replace(/ +/g, ' ') : cell;
  type = TYPE_ALIAS_MAP[type] ?? type;
  const setting = SETTING_TYPES[type];
  if (setting) return { kind: 'setting', setting };
  const begin = RE_BEGIN.exec(type);
  if (begin) return { kind: 'begin', control: CONTROLS[begin[3]!]!, list: begin[6] ?? null };
  const end = RE_END.exec(type);
  if (end) return { kind: 'end', control: CONTROLS[end[3]!]! };
  const select = RE_SELECT.exec(type);
  if (select) {
    const command = select[1]!;
    return {
      kind: 'select',
      command,
      select: SELECT_COMMANDS.find(([c]) => c === command)![1],
      list: select[2]!,
      orOther: select[4] !== undefined,
      fromFile: FROM_FILE_COMMANDS.has(command),
    };
  }
  if (RE_OSM.test(type)) return { kind: 'question', type: 'osm' };
  const known = QUESTION_TYPES[type];
  return known ? { kind: 'question', type: known } : { kind: 'unknown' };
}

/** select_from_file.validate_list_name_extension: one suffix, of these. */
const FILE_EXTENSIONS = ['.csv', '.xml', '.geojson'];
export function hasFileExtension(list: string): boolean {
  const base = list.slice(list.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  // Python's Path.suffixes ignores a leading dot and counts every further one.
  return dot > 0 && base.slice(0, dot).replace(/^\.+/, '').indexOf('.') < 0 && FILE_EXTENSIONS.includes(base.slice(dot));
}

// parsing/expression.py's NCName, copied as written (its first range lacks a '[', so it is the
// three characters 'À-Ö]' in a row, not a range; pyxform refuses names starting with those letters).
const NAME_START =
  '(?:[A-Z]|_|[a-z]|\\u00c0-\\u00d6\\]|[\\u00d8-\\u00f6]|[\\u00f8-\\u02ff]|[\\u0370-\\u037d]|[\\u037f-\\u1fff]|[\\u200c-\\u200d]|' +
  '[\\u2070-\\u218f]|[\\u2c00-\\u2fef]|[\\u3001-\\ud7ff]|[\\uf900-\\ufdcf]|[\\ufdf0-\\ufffd]|[\\u{10000}-\\u{effff}])';
const NAME_EXTRA = '[-.0-9\\u00b7\\u0300-\\u036f\\u203f-\\u2040]';
const NCNAME = `${NAME_START}(?:${NAME_START}|${NAME_EXTRA})*`;
const XML_NAME = new RegExp(`^${NCNAME}(?::${NCNAME})?$`, 'u');
const REF_INNER = new RegExp(`^(?:last-saved#)?(${NCNAME})$`, 'u');

/** is_xml_tag: a name pyxform accepts for a question, group or repeat. */
export const isXmlName = (name: string): boolean => name !== '' && XML_NAME.test(name);

/** The names a cell's ${…} references name; null when one is malformed (pyxform refuses the cell). */
export function referencesOf(text: string): string[] | null {
  if (text.length <= 2 || !text.includes('${')) return [];
  const out: string[] = [];
  for (const m of text.matchAll(/\$\{([^}]+)\}|\$\{[^}]*$/g)) {
    const inner = m[1] === undefined ? null : REF_INNER.exec(m[1]);
    if (!inner) return null;
    out.push(inner[1]!);
  }
  return out;
}

/** utils.default_is_dynamic, by its tokens: an operator, a bracket, a function call or a reference. */
export function defaultIsDynamic(value: string, type: string): boolean {
  const hyphenIsLiteral = ['date', 'dateTime', 'geopoint', 'geotrace', 'geoshape'].includes(type);
  if (/[+*|[(]|\$\{|\bdiv\b|\bmod\b/.test(value)) return true;
  return !hyphenIsLiteral && /\s-|-\s|\d-\d/.test(value);
}
