// An XLSForm workbook's sheets (cells as text, read at the edge: server/services/xlsformImport.ts) as a
// survey model, with a report of what was mapped approximately or dropped, each naming sheet, row and
// column. Refuses what pyxform refuses (duplicate names and headers, unknown types, unmatched begin/end,
// a select without its list, include-style types): then `model` is null and the report holds errors.
// Reads every column through the same declaration the export writes with (columns.ts), and each type
// through question-types.ts `sheet` (docs/xlsform.md has the table).
import { NAME_PATTERN } from '../bindings';
import { emptyQuestion } from '../editor/defaults';
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel, SurveySettings } from '../model';
import { MEDIA_KINDS, type MediaKind } from '../model';
import { QUESTION_TYPE_CODES, questionTypeByKey, questionTypeInfo, type QuestionType } from '../question-types';
import { readAppearance } from '../search';
import { MAX_LANGUAGES, resolveLanguages, type LanguageRef, type Languages, type SheetLanguages } from './languages';
import { said, type NearestReason, type ReportCode } from './messages';
import {
  CHOICES_FILE_COLUMN,
  COLUMNS,
  GRID_OWN,
  LANGUAGES_SETTING,
  METADATA_COLUMN,
  METADATA_TYPES,
  NO_CALCULATION_COLUMN,
  TYPE_COLUMN,
  YES_WORDS,
  NO_WORDS,
  SETTINGS_KEPT,
  SETTING_MAX,
  type RowTarget,
} from './columns';

export interface ReportEntry {
  sheet: string;
  /** 1-based sheet row; 0 for the workbook as a whole. */
  row: number;
  /** The column's header as written in the sheet; '' for a whole row or sheet. */
  column: string;
  level: 'warning' | 'error';
  /** The English text; the app shows the text of `code` in the interface language (messages.ts). */
  message: string;
  /** Which text of REPORT_MESSAGES, and its parameters; absent on entries of the workbook reader. */
  code?: ReportCode;
  params?: Readonly<Record<string, string | number>>;
  /** The question the entry is about, when there is one (the builder opens it). */
  name?: string;
}

export interface Sheet {
  name: string;
  /** Rows of cells as text, row 0 is sheet row 1. */
  rows: readonly (readonly string[])[];
}

export type { LanguageRef } from './languages';

export interface ImportOptions {
  /** A language of the reference table by ISO code or English name (case-insensitive). */
  language: (codeOrName: string) => LanguageRef | undefined;
  newId: () => string;
  /** The survey's name when the settings sheet has no form_title (the file's name). */
  fallbackName: string;
  maxItems: number;
  maxDepth: number;
}

export interface ImportResult {
  model: SurveyModel | null;
  report: ReportEntry[];
}

/** Standard types we have no widget for, the nearest of ours, and why. */
const NEAREST: Readonly<Record<string, { key: string; why: NearestReason }>> = {
  geotrace: { key: 'geopoint', why: 'line' },
  geoshape: { key: 'geopoint', why: 'shape' },
  audio: { key: 'file', why: 'audio' },
  video: { key: 'file', why: 'video' },
  'background-audio': { key: 'file', why: 'backgroundAudio' },
  barcode: { key: 'text', why: 'barcode' },
  select_one_from_file: { key: 'select_one', why: 'fromFile' },
  select_multiple_from_file: { key: 'select_multiple', why: 'fromFile' },
  select_one_external: { key: 'select_one', why: 'external' },
  osm: { key: 'text', why: 'osm' },
};

/** pyxform's other spellings of standard types (aliases.py). */
const ALIASES: Readonly<Record<string, string>> = {
  int: 'integer',
  string: 'text',
  datetime: 'dateTime',
  'date time': 'dateTime',
  photo: 'image',
  trigger: 'acknowledge',
  'select one': 'select_one',
  select1: 'select_one',
  'select all that apply': 'select_multiple',
  'select all that apply from': 'select_multiple',
  'select one from': 'select_one',
  'phone number': 'phone number',
  'select multiple': 'select_multiple',
  'select one from file': 'select_one_from_file',
  'select multiple from file': 'select_multiple_from_file',
  location: 'geopoint',
  'begin group': 'begin_group',
  'end group': 'end_group',
  'begin repeat': 'begin_repeat',
  'end repeat': 'end_repeat',
  'begin loop': 'begin_loop',
  'end loop': 'end_loop',
  gps: 'geopoint',
};

/** Our type for a standard sheet type: the first declared type whose construct it is. */
const BY_SHEET_TYPE: ReadonlyMap<string, QuestionType> = (() => {
  const m = new Map<string, QuestionType>();
  for (const code of QUESTION_TYPE_CODES) {
    const s = questionTypeInfo(code).sheet;
    if (code !== 0 && !s.grid && !m.has(s.type.toLowerCase())) m.set(s.type.toLowerCase(), code);
  }
  return m;
})();

/** Headers pyxform reads as another column (aliases.py survey_header), ours on the right. */
const HEADER_ALIASES: Readonly<Record<string, string>> = {
  'constraint message': 'constraint_message',
  'jr:constraintmsg': 'constraint_message',
  'required message': 'required_message',
  'jr:requiredmsg': 'required_message',
  readonly: 'read_only',
  'read only': 'read_only',
  'bind::readonly': 'read_only',
  'bind::required': 'required',
  'bind::relevant': 'relevant',
  'bind::constraint': 'constraint',
  'bind::calculate': 'calculation',
  relevance: 'relevant',
  'control::appearance': 'appearance',
  'jr:count': 'repeat_count',
  count: 'repeat_count',
  'repeat count': 'repeat_count',
  'choice filter': 'choice_filter',
  'guidance hint': 'guidance_hint',
  'media::image': 'image',
  'media::big-image': 'big-image',
  'media::audio': 'audio',
  'media::video': 'video',
  'list name': 'list_name',
};

/** Columns that take a language, on either sheet. */
const TRANSLATED: ReadonlySet<string> = new Set([...COLUMNS.filter((c) => c.translated).map((c) => c.header), 'label']);

const EXPRESSION_COLUMNS = new Set([
  'relevant',
  'constraint',
  'calculation',
  'default',
  'choice_filter',
  'repeat_count',
  'required',
  'read_only',
]);

/** Excel turns straight quotes into typographic ones as people type; in an expression they are quotes. */
const straightQuotes = (s: string): string => s.replace(/[\u2018\u2019\u201A\u201B]/g, "'").replace(/[\u201C\u201D\u201E\u201F]/g, '"');

interface Header {
  index: number;
  raw: string;
  /** The column without its language: 'label', 'fs_type', 'body::accuracythreshold'. */
  base: string;
  /** The language part as written: 'English (en)'; null when none. */
  lang: string | null;
}

function readHeaders(sheet: Sheet, report: ReportEntry[]): Header[] {
  const first = sheet.rows[0] ?? [];
  const out: Header[] = [];
  const seen = new Map<string, string>();
  first.forEach((cell, index) => {
    const raw = cell.trim();
    if (raw === '') return;
    const at = raw.indexOf('::');
    let base = (at >= 0 ? raw.slice(0, at) : raw).trim().toLowerCase();
    let lang = at >= 0 ? raw.slice(at + 2).trim() : null;
    // Older forms write one colon: 'label:English'.
    const single = at < 0 ? /^([a-z_-]+)\s*:\s*(.+)$/i.exec(raw) : null;
    if (single && TRANSLATED.has(single[1]!.toLowerCase())) {
      base = single[1]!.toLowerCase();
      lang = single[2]!.trim();
    }
    // 'media::image::English (en)' and 'bind::required'
    const joined = lang !== null ? `${base}::${lang.toLowerCase().split('::')[0]}` : base;
    if (lang !== null && HEADER_ALIASES[joined]) {
      base = HEADER_ALIASES[joined]!;
      const rest = lang.indexOf('::');
      lang = rest >= 0 ? lang.slice(rest + 2).trim() : null;
    } else if (HEADER_ALIASES[base]) base = HEADER_ALIASES[base]!;
    const key = `${base}::${(lang ?? '').toLowerCase()}`;
    const before = seen.get(key);
    if (before !== undefined) {
      report.push({ sheet: sheet.name, row: 1, column: raw, level: 'error', ...said('duplicateColumn', { column: raw, before }) });
      return;
    }
    seen.set(key, raw);
    out.push({ index, raw, base, lang });
  });
  return out;
}

const cellOf = (row: readonly string[] | undefined, h: Header): string => (row?.[h.index] ?? '').trim();

/** The columns ('label', 'hint') a row has a text of in some language. */
function translatedIn(row: readonly string[], headers: readonly Header[]): Set<string> {
  const out = new Set<string>();
  for (const h of headers) if (h.lang !== null && cellOf(row, h) !== '') out.add(h.base);
  return out;
}

/**
 * A cell's text into its column's list. A column without a language is the default language, which
 * 'label::<default language>' overrides whatever the column order (pyxform); a text so replaced is counted
 * for the report.
 */
function putText(
  list: LocalizedText[],
  langs: Languages,
  h: Header,
  cell: string,
  sheet: string,
  from: Map<LocalizedText, Header>,
  translated: ReadonlySet<string>,
): void {
  const l = langs.of(h.lang, translated.has(h.base));
  const at = list.findIndex((t) => t.languageId === l.languageId);
  const entry = { languageId: l.languageId, text: cell };
  if (at >= 0) {
    const before = list[at]!;
    const plain = h.lang === null ? h : from.get(before);
    const kept = h.lang === null ? before : entry;
    if (plain && plain.lang === null && (h.lang === null ? cell : before.text) !== kept.text)
      langs.replaced(sheet, plain.raw, (h.lang === null ? from.get(before) : h)?.raw ?? '');
    if (h.lang === null) return;
    list[at] = entry;
  } else list.push(entry);
  from.set(entry, h);
}

/** One row's columns of the model, read into a target; returns the headers it did not know. */
function readRow(
  target: RowTarget,
  row: readonly string[],
  headers: readonly Header[],
  langs: Languages,
  rename: (base: string) => string = (b) => b,
): Header[] {
  const unknown: Header[] = [];
  const texts = new Map<string, LocalizedText[]>();
  const from = new Map<LocalizedText, Header>();
  const translated = translatedIn(row, headers);
  const known = new Set<string>();
  for (const h of headers) {
    const base = rename(h.base);
    const col = COLUMNS.find((c) => c.header === base);
    if (!col) {
      unknown.push(h);
      continue;
    }
    known.add(base);
    const cell = cellOf(row, h);
    if (cell === '') continue;
    if (col.translated) {
      const list = texts.get(base) ?? [];
      putText(list, langs, h, cell, 'survey', from, translated);
      texts.set(base, list);
    } else col.set(target, EXPRESSION_COLUMNS.has(base) ? straightQuotes(cell) : cell);
  }
  for (const col of COLUMNS) if (col.translated && texts.has(col.header)) col.set(target, texts.get(col.header)!);
  return unknown;
}

type Frame = { kind: 'group' | 'repeat'; row: number; item: SurveyItem } | { kind: 'grid'; row: number; item: SurveyItem; typeKey: string };

export function importXlsForm(sheets: readonly Sheet[], opts: ImportOptions): ImportResult {
  const report: ReportEntry[] = [];
  const byName = new Map(sheets.map((s) => [s.name.trim().toLowerCase(), s]));
  const surveySheet = byName.get('survey');
  if (!surveySheet) return { model: null, report: [{ sheet: 'survey', row: 0, column: '', level: 'error', ...said('noSurveySheet') }] };
  const choicesSheet = byName.get('choices');
  const settingsSheet = byName.get('settings');
  for (const s of sheets) {
    const n = s.name.trim().toLowerCase();
    if (n === 'entities') report.push({ sheet: s.name, row: 0, column: '', level: 'warning', ...said('entitiesSheet') });
    else if (n === 'external_choices')
      report.push({ sheet: s.name, row: 0, column: '', level: 'warning', ...said('externalChoicesSheet') });
  }

  const surveyHeaders = readHeaders(surveySheet, report);
  const typeH = surveyHeaders.find((h) => h.base === 'type');
  const nameH = surveyHeaders.find((h) => h.base === 'name');
  if (!typeH || !nameH) {
    report.push({
      sheet: surveySheet.name,
      row: 1,
      column: typeH ? 'name' : 'type',
      level: 'error',
      ...said('surveyColumnMissing', { column: typeH ? 'name' : 'type' }),
    });
    return { model: null, report };
  }
  const choiceHeaders = choicesSheet ? readHeaders(choicesSheet, report) : [];
  const settingsHeaders = settingsSheet ? readHeaders(settingsSheet, report) : [];
  const settings = new Map<string, string>();
  for (const h of settingsHeaders) settings.set(h.lang === null ? h.base : `${h.base}::${h.lang}`, cellOf(settingsSheet?.rows[1], h));
  const languageColumns = (sheet: Sheet, headers: readonly Header[], translated: (base: string) => boolean): SheetLanguages => {
    const columns = headers.filter((h) => translated(h.base));
    // pyxform reads a text without a language as the default language where its row has that column in
    // a language too, and as the text of every language where it has not.
    const beside = { any: false, label: false };
    for (const [i, row] of sheet.rows.entries()) {
      if (i === 0) continue;
      const inRow = translatedIn(row, columns);
      for (const h of columns)
        if (h.lang === null && inRow.has(h.base) && cellOf(row, h) !== '') {
          beside.any = true;
          if (h.base === 'label') beside.label = true;
        }
    }
    return { sheet: sheet.name, columns: columns.map((h) => ({ raw: h.raw, lang: h.lang })), beside };
  };
  const langs = resolveLanguages(
    [
      languageColumns(surveySheet, surveyHeaders, (b) => TRANSLATED.has(b)),
      ...(choicesSheet ? [languageColumns(choicesSheet, choiceHeaders, (b) => b === 'label' || MEDIA_KINDS.some((k) => k === b))] : []),
    ],
    settings.get('default_language'),
    (settings.get(LANGUAGES_SETTING) ?? '').split(/\s*,\s*/).filter(Boolean),
    opts.language,
    (n) => report.push({ sheet: n.sheet, row: 1, column: n.column, level: 'warning', ...said('freeLanguage', { language: n.language }) }),
  );

  // Choice lists by name.
  const lists = new Map<string, { rows: { row: number; choice: Omit<ChoiceModel, 'id'> }[] }>();
  if (choicesSheet) {
    const listH = choiceHeaders.find((h) => h.base === 'list_name');
    const cNameH = choiceHeaders.find((h) => h.base === 'name');
    if (!listH || !cNameH)
      report.push({
        sheet: choicesSheet.name,
        row: 1,
        column: listH ? 'name' : 'list_name',
        level: 'error',
        ...said('choicesColumnMissing', { column: listH ? 'name' : 'list_name' }),
      });
    else {
      choicesSheet.rows.forEach((row, i) => {
        if (i === 0) return;
        const list = cellOf(row, listH);
        const name = cellOf(row, cNameH);
        if (list === '' && name === '') return;
        const at = { sheet: choicesSheet.name, row: i + 1 };
        if (list === '' || name === '') {
          report.push({ ...at, column: list === '' ? listH.raw : cNameH.raw, level: 'error', ...said('choiceIncomplete') });
          return;
        }
        if (/\s/.test(name) || name.length > 200) {
          report.push({ ...at, column: cNameH.raw, level: 'error', ...said('choiceName', { name: name.slice(0, 50) }) });
          return;
        }
        const entry = lists.get(list) ?? { rows: [] };
        if (entry.rows.some((r) => r.choice.name === name)) {
          // pyxform allows it with allow_choice_duplicates; a choice's name is its stored value here, so one is kept.
          const allowed = YES_WORDS.has((settings.get('allow_choice_duplicates') ?? '').toLowerCase());
          report.push({
            ...at,
            column: cNameH.raw,
            level: allowed ? 'warning' : 'error',
            ...said(allowed ? 'duplicateChoiceKept' : 'duplicateChoice', { list, name }),
          });
          return;
        }
        const choice: Omit<ChoiceModel, 'id'> = { name, choiceLabels: [], emoji: null, filters: {}, media: [] };
        const choiceTexts = new Map<string, LocalizedText[]>();
        const from = new Map<LocalizedText, Header>();
        const translated = translatedIn(row, choiceHeaders);
        for (const h of choiceHeaders) {
          if (h === listH || h === cNameH) continue;
          const cell = cellOf(row, h);
          if (cell === '') continue;
          const mediaKind = MEDIA_KINDS.find((k) => k === h.base);
          if (h.base === 'label' || mediaKind) {
            const key = mediaKind ?? 'label';
            const texts = choiceTexts.get(key) ?? [];
            putText(texts, langs, h, cell, choicesSheet.name, from, translated);
            choiceTexts.set(key, texts);
          } else if (h.base === 'fs_emoji') choice.emoji = cell;
          else if (h.lang === null) choice.filters[h.raw] = cell;
        }
        for (const [key, texts] of choiceTexts)
          if (key === 'label') choice.choiceLabels = texts;
          else choice.media!.push(...texts.map((t) => ({ kind: key as MediaKind, ...t })));
        if (!choice.media!.length) delete choice.media;
        entry.rows.push({ row: i + 1, choice });
        lists.set(list, entry);
      });
    }
  }
  const choicesOf = (list: string): ChoiceModel[] =>
    (lists.get(list)?.rows ?? []).map((r) => ({
      ...r.choice,
      id: opts.newId(),
      choiceLabels: [...r.choice.choiceLabels],
      filters: { ...r.choice.filters },
    }));

  const top: SurveyItem[] = [];
  const stack: Frame[] = [];
  const names = new Map<string, number>();
  let count = 0;
  const container = (): SurveyItem[] => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.kind !== 'grid') return stack[i]!.item.innerItems;
    return top;
  };
  const newQuestion = (code: QuestionType, name: string): QuestionModel => ({
    ...emptyQuestion(),
    id: opts.newId(),
    name,
    questionType: code,
    order: 0,
  });
  const place = (item: SurveyItem) => {
    const list = container();
    item.surveyItem.order = list.length + 1;
    list.push(item);
    count++;
  };
  const claim = (name: string, row: number, column: string): boolean => {
    if (!NAME_PATTERN.test(name) || name.length > 200) {
      report.push({ sheet: surveySheet.name, row, column, level: 'error', ...said('invalidName', { name: name.slice(0, 50) }), name });
      return false;
    }
    const before = names.get(name);
    if (before !== undefined) {
      report.push({ sheet: surveySheet.name, row, column, level: 'error', ...said('duplicateName', { name, row: before }), name });
      return false;
    }
    names.set(name, row);
    return true;
  };
  const keepUnknown = (q: QuestionModel, unknown: readonly Header[], row: readonly string[], rowNo: number) => {
    for (const h of unknown) {
      if (
        h === typeH ||
        h === nameH ||
        h.base === TYPE_COLUMN ||
        h.base === NO_CALCULATION_COLUMN ||
        GRID_OWN.has(h.base.replace(/^fs_/, ''))
      )
        continue;
      const cell = cellOf(row, h);
      if (cell === '') continue;
      q.extraColumns[h.raw] = cell;
      if (h.base === 'trigger')
        report.push({ sheet: surveySheet.name, row: rowNo, column: h.raw, level: 'warning', ...said('trigger'), name: q.name });
    }
  };
  const warnExpressions = (q: QuestionModel, rowNo: number) => {
    const check: [string, string | null][] = [
      ['relevant', q.relevant],
      ['constraint', q.constraint],
      ['calculation', q.calculation],
      ['default', q.default],
      ['choice_filter', q.choiceFilter],
    ];
    for (const [column, e] of check) {
      if (!e) continue;
      if (e.includes('${last-saved#'))
        report.push({ sheet: surveySheet.name, row: rowNo, column, level: 'warning', ...said('lastSaved'), name: q.name });
      // Named per file, as the publish check will name it; a name computed at run time says 'pulldata()'s first argument'.
      for (const m of e.matchAll(/\bpulldata\s*\(\s*(?:'([^']*)'|"([^"]*)"|[^,)]*)/g)) {
        const file = (m[1] ?? m[2])?.trim().replace(/\.csv$/i, '');
        report.push({
          sheet: surveySheet.name,
          row: rowNo,
          column,
          level: 'warning',
          ...said('pulldata', { file: file ? `${file}.csv` : '?' }),
          name: q.name,
        });
      }
    }
    const search = readAppearance(q.appearance).search;
    if (search)
      report.push({
        sheet: surveySheet.name,
        row: rowNo,
        column: 'appearance',
        level: 'warning',
        ...said('search', { file: `${search.file}.csv` }),
        name: q.name,
      });
  };

  surveySheet.rows.forEach((row, i) => {
    if (i === 0) return;
    const rowNo = i + 1;
    const rawType = cellOf(row, typeH);
    const name = cellOf(row, nameH);
    const at = { sheet: surveySheet.name, row: rowNo };
    if (rawType === '' && name === '') return; // blank or comment row
    if (rawType.startsWith('#')) return;
    if (rawType === '') {
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('noType', { name }), name });
      return;
    }
    // The longest spelling pyxform knows: 'select all that apply x', 'begin group', 'select_one x or_other'.
    const words = rawType.replace(/\s+/g, ' ').split(' ');
    let n = 1;
    for (const k of [4, 3, 2])
      if (words.length >= k && ALIASES[words.slice(0, k).join(' ').toLowerCase()]) {
        n = k;
        break;
      }
    const spelled = words.slice(0, n).join(' ').toLowerCase();
    const type = ALIASES[spelled] ?? spelled;
    const listName = words[n] ?? '';
    const orOther = ['or_other', 'or other', 'or specify other'].includes(
      words
        .slice(n + 1)
        .join(' ')
        .toLowerCase(),
    );
    const fsType = (() => {
      const h = surveyHeaders.find((x) => x.base === TYPE_COLUMN);
      return h ? cellOf(row, h) : '';
    })();

    if (type === 'end_group' || type === 'end_repeat') {
      const frame = stack.pop();
      const want = type === 'end_group' ? 'group' : 'repeat';
      if (!frame) {
        report.push({ ...at, column: typeH.raw, level: 'error', ...said('closesNothing', { type: rawType }) });
        return;
      }
      if ((frame.kind === 'grid' ? 'group' : frame.kind) !== want) {
        report.push({
          ...at,
          column: typeH.raw,
          level: 'error',
          ...said(frame.kind === 'repeat' ? 'closesRepeat' : 'closesGroup', { type: rawType, row: frame.row }),
        });
        return;
      }
      if (frame.kind === 'grid') place(frame.item);
      return;
    }
    if (type === 'begin_loop' || type === 'end_loop' || type.startsWith('include') || type === 'xml-external' || type === 'csv-external') {
      const include = type.startsWith('include');
      report.push({
        ...at,
        column: typeH.raw,
        level: include || type.includes('loop') ? 'error' : 'warning',
        ...(include ? said('include', { type: rawType }) : type.includes('loop') ? said('loop') : said('externalFile', { type: rawType })),
        name,
      });
      return;
    }
    if (stack.length + 1 > opts.maxDepth && type.startsWith('begin')) {
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('tooDeep', { max: opts.maxDepth }), name });
      return;
    }
    if (count >= opts.maxItems) {
      if (count === opts.maxItems) report.push({ ...at, column: '', level: 'error', ...said('tooMany', { max: opts.maxItems }) });
      count++;
      return;
    }
    if (!claim(name, rowNo, nameH.raw)) return;

    if (type === 'begin_group' || type === 'begin_repeat') {
      const gridKey = type === 'begin_group' ? questionTypeByKey(fsType) : undefined;
      if (gridKey !== undefined && questionTypeInfo(gridKey).sheet.grid) {
        const q = newQuestion(gridKey, name);
        const target: RowTarget = { q, item: { repeat_count: null } };
        const unknown = readRow(target, row, surveyHeaders, langs, (b) =>
          b.startsWith('fs_') && GRID_OWN.has(b.slice(3)) ? b.slice(3) : GRID_OWN.has(b) ? `ignored_${b}` : b,
        );
        q.appearance = null;
        keepUnknown(q, unknown, row, rowNo);
        const item: SurveyItem = {
          itemLabel: 'Question',
          id: q.id,
          sectionId: null,
          xpath: name,
          repeatGroup: false,
          repeat_count: null,
          surveyItem: q,
          innerItems: [],
        };
        stack.push({ kind: 'grid', row: rowNo, item, typeKey: fsType });
        return;
      }
      const q = newQuestion(0, name);
      const item: SurveyItem = {
        itemLabel: 'Section',
        id: q.id,
        sectionId: null,
        xpath: name,
        repeatGroup: type === 'begin_repeat',
        repeat_count: null,
        surveyItem: q,
        innerItems: [],
      };
      const unknown = readRow({ q, item }, row, surveyHeaders, langs);
      if (!item.repeatGroup) item.repeat_count = null;
      keepUnknown(q, unknown, row, rowNo);
      place(item);
      stack.push({ kind: type === 'begin_group' ? 'group' : 'repeat', row: rowNo, item });
      return;
    }

    // A row of a grid: its label and media are the row's; the list is the grid's columns.
    const frame = stack[stack.length - 1];
    if (frame?.kind === 'grid') {
      const grid = frame.item.surveyItem;
      const prefix = `${grid.name}_`;
      const rowName = name.startsWith(prefix) ? name.slice(prefix.length) : name;
      const q = newQuestion(34, name);
      readRow({ q, item: { repeat_count: null } }, row, surveyHeaders, langs);
      if (grid.secondChoices.length === 0) grid.secondChoices = choicesOf(listName);
      grid.selectQuestionChoices.push({
        id: opts.newId(),
        name: rowName,
        choiceLabels: q.questionLabels,
        emoji: null,
        filters: {},
        ...(q.media.length ? { media: q.media } : {}),
      });
      if (q.isRequired) grid.isRequired = true;
      names.delete(name);
      return;
    }

    let code: QuestionType | undefined;
    let hidden = false;
    const byKey = fsType ? questionTypeByKey(fsType) : undefined;
    const nearest = NEAREST[type.toLowerCase()];
    if (byKey !== undefined && byKey !== 0) code = byKey;
    else if (type === 'phone number')
      code = 100; // pyxform's own phone type: text with the numbers appearance
    else if (METADATA_TYPES.has(type.toLowerCase())) {
      code = 279;
      hidden = true;
      report.push({ ...at, column: typeH.raw, level: 'warning', ...said('metadata', { type: rawType }), name });
    } else if (nearest) {
      code = questionTypeByKey(nearest.key);
      report.push({
        ...at,
        column: typeH.raw,
        level: 'warning',
        ...said('nearest', { type, to: nearest.key, toTitle: questionTypeInfo(code!).title, why: nearest.why }),
        name,
      });
    } else code = BY_SHEET_TYPE.get(type.toLowerCase());
    if (code === undefined || code === 0) {
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('unknownType', { type: rawType }), name });
      return;
    }
    const info = questionTypeInfo(code);
    const q = newQuestion(code, name);
    const item: SurveyItem = {
      itemLabel: 'Question',
      id: q.id,
      sectionId: null,
      xpath: name,
      repeatGroup: false,
      repeat_count: null,
      surveyItem: q,
      innerItems: [],
    };
    const unknown = readRow({ q, item }, row, surveyHeaders, langs);
    item.repeat_count = null;
    keepUnknown(q, unknown, row, rowNo);
    if (hidden) q.extraColumns[METADATA_COLUMN] = type.toLowerCase();
    if (info.sheet.appearance !== undefined && q.appearance !== null) {
      const rest = q.appearance.split(/\s+/).filter((a) => a !== '' && a !== info.sheet.appearance);
      q.appearance = rest.length ? rest.join(' ') : null;
    }
    const noCalc = surveyHeaders.find((h) => h.base === NO_CALCULATION_COLUMN);
    if (noCalc && YES_WORDS.has(cellOf(row, noCalc).toLowerCase())) q.calculation = null;
    for (const column of ['required', 'read_only'] as const) {
      const h = surveyHeaders.find((x) => x.base === column);
      const cell = h ? cellOf(row, h).toLowerCase() : '';
      if (cell !== '' && !YES_WORDS.has(cell) && !NO_WORDS.has(cell))
        report.push({
          ...at,
          column: h!.raw,
          level: 'warning',
          ...said(column === 'required' ? 'conditionalRequired' : 'conditionalReadOnly', { expression: cell.slice(0, 80) }),
          name,
        });
    }
    if (info.choices === 'list') {
      if (listName === '' || (!lists.has(listName) && !nearest)) {
        report.push({
          ...at,
          column: typeH.raw,
          level: 'error',
          ...(listName === '' ? said('needsList', { type: rawType }) : said('unknownList', { list: listName })),
          name,
        });
        return;
      }
      q.selectQuestionChoices = choicesOf(listName);
      if (type.endsWith('_from_file')) q.extraColumns[CHOICES_FILE_COLUMN] = listName;
    }
    warnExpressions(q, rowNo);
    place(item);
    if (orOther) {
      // pyxform's or_other: an 'other' choice and a text question shown when it is chosen.
      q.selectQuestionChoices.push({
        id: opts.newId(),
        name: 'other',
        choiceLabels: langs.used.map((l) => ({ languageId: l.languageId, text: 'Other' })),
        emoji: null,
        filters: {},
      });
      const otherName = `${name}_other`;
      if (claim(otherName, rowNo, typeH.raw)) {
        const other = newQuestion(34, otherName);
        other.questionLabels = [{ languageId: langs.base.languageId, text: 'Specify other.' }];
        other.relevant = `selected(\${${name}}, 'other')`;
        place({
          itemLabel: 'Question',
          id: other.id,
          sectionId: null,
          xpath: otherName,
          repeatGroup: false,
          repeat_count: null,
          surveyItem: other,
          innerItems: [],
        });
      }
    }
  });
  for (const frame of stack)
    report.push({
      sheet: surveySheet.name,
      row: frame.row,
      column: typeH.raw,
      level: 'error',
      ...said(frame.kind === 'repeat' ? 'unclosedRepeat' : 'unclosedGroup'),
      name: frame.item.surveyItem.name,
    });

  if (langs.used.length > MAX_LANGUAGES)
    report.push({
      sheet: surveySheet.name,
      row: 1,
      column: '',
      level: 'error',
      ...said('tooManyLanguages', { count: langs.used.length, max: MAX_LANGUAGES }),
    });
  const settingsAt = { sheet: settingsSheet?.name ?? 'settings', row: 2 };
  // ODK encrypts each submission with the form's public key; we store answers as sent, so such a form is refused rather than run unencrypted.
  if (settings.get('public_key')) report.push({ ...settingsAt, column: 'public_key', level: 'error', ...said('encryptedForm') });
  const kept: SurveySettings = {};
  for (const [key, field] of SETTINGS_KEPT) {
    const v = settings.get(key) ?? '';
    if (v === '') continue;
    if (v.length > SETTING_MAX) {
      report.push({ ...settingsAt, column: key, level: 'error', ...said('settingTooLong', { setting: key, max: SETTING_MAX }) });
      continue;
    }
    kept[field] = v;
  }
  if (kept.submissionUrl)
    report.push({
      ...settingsAt,
      column: 'submission_url',
      level: 'warning',
      ...said('submissionUrl', { url: kept.submissionUrl.slice(0, 80) }),
    });
  for (const k of ['clean_text_values', 'namespaces', 'auto_send', 'auto_delete']) {
    const v = settings.get(k);
    if (v) report.push({ ...settingsAt, column: k, level: 'warning', ...said('settingDropped', { setting: k, value: v.slice(0, 40) }) });
  }
  for (const r of langs.replacements())
    report.push({
      sheet: r.sheet,
      row: 1,
      column: r.column,
      level: 'warning',
      ...said('textReplaced', { column: r.column, by: r.by, count: r.count }),
    });
  if (report.some((r) => r.level === 'error')) return { model: null, report };

  // Parents and xpaths.
  const fix = (list: SurveyItem[], parent: SurveyItem | null) => {
    for (const item of list) {
      item.sectionId = parent?.id ?? null;
      item.xpath = parent ? `${parent.xpath}/${item.surveyItem.name}` : item.surveyItem.name;
      fix(item.innerItems, item);
    }
  };
  fix(top, null);
  const languages: SurveyLanguage[] = langs.used.map((l) => ({
    languageId: l.languageId,
    name: l.name,
    code: l.code,
    isBaseLanguage: l.languageId === langs.base.languageId,
    translateStatus: 0,
    ...(l.custom ? { custom: true } : {}),
  }));
  const title = settings.get('form_title') || opts.fallbackName;
  return {
    model: {
      id: opts.newId(),
      name: title.slice(0, 200),
      description: (settings.get('fs_description') ?? '').slice(0, 4000),
      endDate: null,
      surveyStatusId: 0,
      toggleLocation: false,
      surveyLanguageMaps: languages,
      surveyItems: top,
      ...(Object.keys(kept).length ? { settings: kept } : {}),
    },
    report,
  };
}
