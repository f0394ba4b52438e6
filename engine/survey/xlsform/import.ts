// An XLSForm workbook's sheets (cells as text, read at the edge: server/services/xlsformImport.ts) as a
// survey model, with a report of what was mapped approximately or dropped, each naming sheet, row and
// column. Refuses what pyxform refuses (duplicate names and headers, unknown types, unmatched begin/end,
// a select without its list, include-style types): then `model` is null and the report holds errors.
// Reads every column through the same declaration the export writes with (columns.ts), and each type
// through question-types.ts `sheet` (docs/xlsform.md has the table).
import { emptyQuestion } from '../editor/defaults';
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel, SurveySettings } from '../model';
import { MEDIA_KINDS, type MediaKind } from '../model';
import { QUESTION_TYPE_CODES, SHEET_TYPES, isSheetType, questionTypeByKey, questionTypeInfo, type QuestionType } from '../question-types';
import { readAppearance } from '../search';
import { MAX_LANGUAGES, resolveLanguages, type LanguageRef, type Languages, type SheetLanguages } from './languages';
import { said, type NearestReason, type ReportCode } from './messages';
import { defaultIsDynamic, hasFileExtension, isXmlName, parseType, referencesOf, SETTINGS_COLUMN_ALIASES, type ParsedType } from './rules';
import {
  CHOICES_FILE_COLUMN,
  COLUMNS,
  ENTITIES_COLUMN,
  ENTITIES_MAX,
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

/**
 * Standard types we have no widget for, the nearest of ours, and why. geotrace, geoshape, barcode, audio
 * and video are not here: they are kept as variants of ours (SHEET_TYPES), written back as they came.
 */
/** pyxform's 'phone number' (question_type_dictionary): the bind and hint it gives the text question. */
const PHONE_NUMBER = { constraint: "regex(., '^\\d*$')", hint: 'Enter numbers only.' } as const;
const NEAREST: Readonly<Record<string, { key: string; why: NearestReason }>> = {
  'background-audio': { key: 'file', why: 'backgroundAudio' },
  select_one_from_file: { key: 'select_one', why: 'fromFile' },
  select_multiple_from_file: { key: 'select_multiple', why: 'fromFile' },
  select_one_external: { key: 'select_one', why: 'external' },
  osm: { key: 'text', why: 'osm' },
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
  'bind::jr:constraintmsg': 'constraint_message',
  'bind::jr:requiredmsg': 'required_message',
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
    else {
      // Older forms write one colon here too: 'bind:jr:constraintMsg' (process_header keeps 'jr:x' whole).
      const legacy = /^(bind|control)\s*:\s*([^:].*)$/.exec(base);
      const alias = legacy ? HEADER_ALIASES[`${legacy[1]}::${legacy[2]}`] : undefined;
      if (alias) base = alias;
    }
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

/** The names already given among one parent's children (pyxform's child_names and child_names_lower). */
interface Scope {
  names: Map<string, number>;
  lower: Set<string>;
}
type Frame = { row: number; item: SurveyItem; scope: Scope } & (
  { kind: 'group' | 'repeat' } | { kind: 'loop'; list: string } | { kind: 'grid'; typeKey: string }
);
/** A form full of broken references is reported this far; the first ones say what to fix. */
const MAX_REFERENCE_ERRORS = 100;

export function importXlsForm(sheets: readonly Sheet[], opts: ImportOptions): ImportResult {
  const report: ReportEntry[] = [];
  const byName = new Map(sheets.map((s) => [s.name.trim().toLowerCase(), s]));
  const surveySheet = byName.get('survey');
  if (!surveySheet) return { model: null, report: [{ sheet: 'survey', row: 0, column: '', level: 'error', ...said('noSurveySheet') }] };
  const choicesSheet = byName.get('choices');
  const settingsSheet = byName.get('settings');
  for (const s of sheets) {
    const n = s.name.trim().toLowerCase();
    if (n === 'external_choices') report.push({ sheet: s.name, row: 0, column: '', level: 'warning', ...said('externalChoicesSheet') });
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
  for (const h of settingsHeaders) {
    const base = SETTINGS_COLUMN_ALIASES[h.base] ?? h.base;
    const key = h.lang === null ? base : `${base}::${h.lang}`;
    const v = cellOf(settingsSheet?.rows[1], h);
    if (v !== '' || !settings.has(key)) settings.set(key, v);
  }
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
        if (list === '') {
          // pyxform groups choices by list name and drops a row without one.
          report.push({ ...at, column: listH.raw, level: 'warning', ...said('choiceNoList', { name: name.slice(0, 50) }) });
          return;
        }
        if (name === '') {
          report.push({ ...at, column: cNameH.raw, level: 'error', ...said('choiceIncomplete') });
          return;
        }
        if (name.length > 200) {
          report.push({ ...at, column: cNameH.raw, level: 'error', ...said('choiceName', { name: name.slice(0, 50) }) });
          return;
        }
        // pyxform accepts a space in a choice name except in a select_multiple's list (checked at the select).
        if (/\s/.test(name))
          report.push({ ...at, column: cNameH.raw, level: 'warning', ...said('choiceNameSpace', { name: name.slice(0, 50), list }) });
        const entry = lists.get(list) ?? { rows: [] };
        if (entry.rows.some((r) => r.choice.name === name)) {
          // allow_choice_duplicates: the form means both (a cascade's options under different parents); both are kept.
          const allowed = YES_WORDS.has((settings.get('allow_choice_duplicates') ?? '').toLowerCase());
          report.push({
            ...at,
            column: cNameH.raw,
            level: allowed ? 'warning' : 'error',
            ...said(allowed ? 'duplicateChoiceKept' : 'duplicateChoice', { list, name }),
          });
          if (!allowed) return;
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
  /** The select questions of each list so far: pyxform's or_other adds its choice to all of them. */
  const selectsOf = new Map<string, QuestionModel[]>();
  const choicesOf = (list: string): ChoiceModel[] =>
    (lists.get(list)?.rows ?? []).map((r) => ({
      ...r.choice,
      id: opts.newId(),
      choiceLabels: [...r.choice.choiceLabels],
      filters: { ...r.choice.filters },
    }));

  const top: SurveyItem[] = [];
  const topScope: Scope = { names: new Map(), lower: new Set() };
  const stack: Frame[] = [];
  /** How often each name is on the survey sheet: pyxform refuses a ${name} unless it is there once. */
  const elementNames = new Map<string, number>();
  /** The questions' names (not groups'): what a trigger may name. */
  const questionNames = new Set<string>();
  /** Repeat names are unique in the whole form, and not the form's root element's. */
  const repeatNames = new Set<string>();
  const rootName = settings.get('name') || 'data';
  let count = 0;
  const container = (): SurveyItem[] => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.kind !== 'grid') return stack[i]!.item.innerItems;
    return top;
  };
  const scope = (): Scope => stack[stack.length - 1]?.scope ?? topScope;
  const newQuestion = (code: QuestionType, name: string): QuestionModel => ({
    ...emptyQuestion(),
    id: opts.newId(),
    name,
    questionType: code,
    order: 0,
  });
  const sectionItem = (q: QuestionModel, repeat: boolean): SurveyItem => ({
    itemLabel: 'Section',
    id: q.id,
    sectionId: null,
    xpath: q.name,
    repeatGroup: repeat,
    repeat_count: null,
    surveyItem: q,
    innerItems: [],
  });
  const place = (item: SurveyItem) => {
    const list = container();
    item.surveyItem.order = list.length + 1;
    list.push(item);
    count++;
  };
  /** pyxform's name rules (unique_names.py): an XML name, unique among its parent's children, never 'meta'. */
  const claim = (name: string, row: number, column: string, counted = true): boolean => {
    const at = { sheet: surveySheet.name, row, column, name };
    if (!isXmlName(name) || name.length > 200) {
      report.push({ ...at, level: 'error', ...said('invalidName', { name: name.slice(0, 50) }) });
      return false;
    }
    if (name === 'meta') {
      report.push({ ...at, level: 'error', ...said('reservedName', { name }) });
      return false;
    }
    const { names, lower } = scope();
    const before = names.get(name);
    if (before !== undefined) {
      report.push({ ...at, level: 'error', ...said('duplicateName', { name, row: before }) });
      return false;
    }
    if (lower.has(name.toLowerCase())) report.push({ ...at, level: 'warning', ...said('caseDuplicateName', { name }) });
    names.set(name, row);
    lower.add(name.toLowerCase());
    if (counted) elementNames.set(name, (elementNames.get(name) ?? 0) + 1);
    return true;
  };
  const freshScope = (): Scope => ({ names: new Map(), lower: new Set() });
  const externalSheet = byName.get('external_choices');
  const externalLists = new Set<string>();
  if (externalSheet) {
    const listH = readHeaders(externalSheet, []).find((h) => h.base === 'list_name');
    if (listH) for (const row of externalSheet.rows.slice(1)) externalLists.add(cellOf(row, listH));
  }
  const hasReference = (list: string): boolean => (referencesOf(list) ?? []).length > 0;
  /** What pyxform refuses about a select row (xls2json.py), or null. */
  const selectRefusal = (select: Extract<ParsedType, { kind: 'select' }>, name: string, row: readonly string[]) => {
    const list = select.list;
    if (select.fromFile) return hasFileExtension(list) ? null : said('fileExtension', { type: `${select.command} ${list}` });
    if (select.select === 'select_one_external')
      return !externalSheet ? said('noExternalChoices') : externalLists.has(list) ? null : said('unknownExternalList', { list });
    const choices = lists.get(list)?.rows;
    if (!choices && !hasReference(list)) return said('unknownList', { list });
    if (select.select === 'select_multiple') {
      const spaced = choices?.find((r) => r.choice.name.includes(' '));
      if (spaced) return said('choiceSpaceMultiple', { list, name: spaced.choice.name.slice(0, 50) });
    }
    if (select.orOther) {
      if (cellAt(row, 'choice_filter') !== '') return said('orOtherFilter', { name });
      if (!choices) return said('unknownList', { list });
    }
    return null;
  };
  /** A question or group and everything in it, with new ids. */
  const cloneItem = (it: SurveyItem): SurveyItem => {
    const q = structuredClone(it.surveyItem);
    q.id = opts.newId();
    q.selectQuestionChoices = q.selectQuestionChoices.map((c) => ({ ...c, id: opts.newId() }));
    q.secondChoices = q.secondChoices.map((c) => ({ ...c, id: opts.newId() }));
    return { ...it, id: q.id, surveyItem: q, innerItems: it.innerItems.map(cloneItem) };
  };
  const itemCount = (items: readonly SurveyItem[]): number => items.reduce((n, i) => n + 1 + itemCount(i.innerItems), 0);
  /**
   * builder.py _create_loop_from_dict: a loop is a group holding one group per choice of its list (but
   * 'none'), named and labelled as the choice, each with the loop's rows, '%(name)s' and '%(label)s' in
   * their texts replaced by the choice's. The same here, once: the groups do not follow later list changes.
   */
  const expandLoop = (frame: Extract<Frame, { kind: 'loop' }>) => {
    const templates = frame.item.innerItems;
    const groups: SurveyItem[] = [];
    const entries = (lists.get(frame.list)?.rows ?? []).filter((r) => r.choice.name !== 'none');
    // Counted before anything is copied: a loop over a long list (or loops in loops) multiplies its rows.
    const size = itemCount(templates);
    if (count - size + entries.length * (1 + size) > opts.maxItems) {
      report.push({ sheet: surveySheet.name, row: frame.row, column: '', level: 'error', ...said('tooMany', { max: opts.maxItems }) });
      return;
    }
    for (const { row, choice } of entries) {
      if (!isXmlName(choice.name)) {
        report.push({
          sheet: choicesSheet!.name,
          row,
          column: 'name',
          level: 'error',
          ...said('invalidName', { name: choice.name.slice(0, 50) }),
        });
        continue;
      }
      const labelIn = (languageId: number): string =>
        (choice.choiceLabels.find((t) => t.languageId === languageId) ?? choice.choiceLabels[0])?.text ?? '';
      const fill = (text: string, label: string) =>
        text.replace(/%(?:\((name|label)\)s|%)/g, (_, k?: string) => (k === 'name' ? choice.name : k === 'label' ? label : '%'));
      const base = labelIn(langs.base.languageId);
      const q = newQuestion(0, choice.name);
      q.questionLabels = choice.choiceLabels.map((t) => ({ ...t }));
      const group = sectionItem(q, false);
      group.surveyItem.order = groups.length + 1;
      group.innerItems = templates.map((t) => {
        const c = cloneItem(t);
        const cq = c.surveyItem;
        for (const field of ['questionLabels', 'surveyQuestionHints', 'guidanceHints', 'constraintMessages', 'requiredMessages'] as const)
          cq[field] = cq[field].map((x) => ({ ...x, text: fill(x.text, labelIn(x.languageId)) }));
        cq.media = cq.media.map((x) => ({ ...x, text: fill(x.text, labelIn(x.languageId)) }));
        for (const field of ['relevant', 'constraint', 'calculation', 'default', 'choiceFilter', 'appearance', 'parameters'] as const) {
          const v = cq[field];
          if (v) cq[field] = fill(v, base);
        }
        for (const [k, v] of Object.entries(cq.extraColumns)) cq.extraColumns[k] = fill(v, base);
        return c;
      });
      groups.push(group);
    }
    // pyxform checks repeat names again on the expanded form: a repeat in a loop of two choices is there twice.
    const repeats = (items: readonly SurveyItem[]): SurveyItem[] =>
      items.flatMap((i) => [...(i.repeatGroup ? [i] : []), ...repeats(i.innerItems)]);
    if (groups.length > 1)
      for (const r of repeats(templates))
        report.push({
          sheet: surveySheet.name,
          row: frame.row,
          column: typeH.raw,
          level: 'error',
          ...said('duplicateRepeat', { name: r.surveyItem.name }),
          name: r.surveyItem.name,
        });
    count += itemCount(groups) - size;
    frame.item.innerItems = groups;
    report.push({
      sheet: surveySheet.name,
      row: frame.row,
      column: typeH.raw,
      level: 'warning',
      ...said('loopExpanded', { list: frame.list, count: groups.length }),
      name: frame.item.surveyItem.name,
    });
  };
  /**
   * pyxform_reference.py: every ${name} in the survey (but its type, name and trigger columns), the
   * settings, the entities and the choices' texts names a survey-sheet row that is there exactly once.
   */
  const checkReferences = () => {
    const counts = new Map(elementNames);
    // pyxform resolves each reference again on the built form (survey.py), where a loop's rows are there
    // once per choice and the audit sits in meta beside a question of that name: there too, once.
    const built = new Map<string, number>();
    const countBuilt = (items: readonly SurveyItem[]) => {
      for (const i of items) {
        built.set(i.surveyItem.name, (built.get(i.surveyItem.name) ?? 0) + 1);
        countBuilt(i.innerItems);
      }
    };
    countBuilt(top);
    if (!YES_WORDS.has((settings.get('omit_instanceid') ?? '').toLowerCase()))
      counts.set('instanceID', (counts.get('instanceID') ?? 0) + 1);
    const entitiesSheet = byName.get('entities');
    const scans: { sheet: Sheet; headers: readonly Header[] }[] = [
      ...(settingsSheet ? [{ sheet: settingsSheet, headers: settingsHeaders }] : []),
      ...(entitiesSheet
        ? [{ sheet: entitiesSheet, headers: readHeaders(entitiesSheet, []).filter((h) => h.base !== 'list_name' && h.base !== 'repeat') }]
        : []),
      { sheet: surveySheet, headers: surveyHeaders.filter((h) => h.base !== 'type' && h.base !== 'name' && h.base !== 'trigger') },
      ...(choicesSheet ? [{ sheet: choicesSheet, headers: choiceHeaders.filter((h) => ['label', ...MEDIA_KINDS].includes(h.base)) }] : []),
    ];
    let found = 0;
    // A trigger names questions only, with one reference or several (qt.process_trigger).
    if (triggerH)
      surveySheet.rows.forEach((row, i) => {
        const cell = i === 0 ? '' : cellOf(row, triggerH);
        if (cell === '' || found >= MAX_REFERENCE_ERRORS) return;
        const refs = cell.includes('${') ? referencesOf(cell) : null;
        const bad = refs === null ? null : refs.find((n) => !questionNames.has(n));
        if (bad === undefined) return;
        found++;
        report.push({
          sheet: surveySheet.name,
          row: i + 1,
          column: triggerH.raw,
          level: 'error',
          ...(bad === null ? said('referenceSyntax') : said('referenceUnknown', { name: bad })),
        });
      });
    for (const { sheet, headers } of scans)
      sheet.rows.forEach((row, i) => {
        if (i === 0 || found >= MAX_REFERENCE_ERRORS) return;
        for (const h of headers) {
          const refs = referencesOf(cellOf(row, h));
          const bad = refs === null ? null : refs.find((n) => counts.get(n) !== 1 || (built.get(n) ?? 0) > 1);
          if (refs !== null && bad === undefined) continue;
          found++;
          report.push({
            sheet: sheet.name,
            row: i + 1,
            column: h.raw,
            level: 'error',
            ...(bad === null || bad === undefined
              ? said('referenceSyntax')
              : counts.has(bad)
                ? said('referenceAmbiguous', { name: bad, count: Math.max(counts.get(bad)!, built.get(bad) ?? 0) })
                : said('referenceUnknown', { name: bad })),
          });
        }
      });
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

  // pyxform collapses runs of spaces in every cell unless clean_text_values says no.
  const cleanText = settings.get('clean_text_values') ?? '';
  const collapseSpaces = cleanText === '' || !NO_WORDS.has(cleanText.toLowerCase());
  const disabledH = surveyHeaders.find((h) => h.base === 'disabled');
  const labelHs = surveyHeaders.filter((h) => h.base === 'label');
  const triggerH = surveyHeaders.find((h) => h.base === 'trigger');
  const cellAt = (row: readonly string[], base: string): string => {
    const h = surveyHeaders.find((x) => x.base === base);
    return h ? cellOf(row, h) : '';
  };
  let titleFromSurvey: string | null = null;
  surveySheet.rows.forEach((row, i) => {
    if (i === 0) return;
    const rowNo = i + 1;
    const rawType = cellOf(row, typeH);
    let name = cellOf(row, nameH);
    const at = { sheet: surveySheet.name, row: rowNo };
    if (row.every((c) => c.trim() === '')) return;
    if (disabledH && YES_WORDS.has(cellOf(row, disabledH).toLowerCase())) {
      report.push({ ...at, column: disabledH.raw, level: 'warning', ...said('disabledRow'), name });
      return;
    }
    if (rawType === '') {
      // pyxform skips a row without type, name or label (a comment) and refuses one with a name or label.
      if (name === '' && labelHs.every((h) => cellOf(row, h) === '')) {
        report.push({ ...at, column: typeH.raw, level: 'warning', ...said('rowSkipped') });
        return;
      }
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('noType', { name }), name });
      return;
    }
    const parsed = parseType(rawType, collapseSpaces);
    // The type as written, for pyxform's rules that name one spelling only ('note', 'calculate').
    const spelled = collapseSpaces ? rawType.replace(/ +/g, ' ') : rawType;
    const fsType = cellAt(row, TYPE_COLUMN);

    if (parsed.kind === 'setting') {
      // A setting written as a survey row ('form_title' with the title as its name).
      if (parsed.setting === 'form_title' && name !== '') titleFromSurvey = name;
      return;
    }
    if (parsed.kind === 'end') {
      const frame = stack[stack.length - 1];
      const kind = frame ? (frame.kind === 'grid' ? 'group' : frame.kind) : null;
      if (!frame || kind !== parsed.control) {
        report.push({
          ...at,
          column: typeH.raw,
          level: 'error',
          ...(!frame
            ? said('closesNothing', { type: rawType })
            : said(kind === 'repeat' ? 'closesRepeat' : kind === 'loop' ? 'closesLoop' : 'closesGroup', { type: rawType, row: frame.row })),
        });
        return;
      }
      stack.pop();
      if (frame.kind === 'grid') place(frame.item);
      if (frame.kind === 'loop' && frame.list !== '') expandLoop(frame);
      return;
    }
    if (parsed.kind === 'question' && (parsed.type === 'xml-external' || parsed.type === 'csv-external')) {
      if (claim(name, rowNo, nameH.raw)) {
        questionNames.add(name);
        report.push({ ...at, column: typeH.raw, level: 'warning', ...said('externalFile', { type: rawType }), name });
      }
      return;
    }
    if (parsed.kind === 'unknown') {
      report.push({
        ...at,
        column: typeH.raw,
        level: 'error',
        ...(rawType.startsWith('include') ? said('include', { type: rawType }) : said('unknownType', { type: rawType })),
        name,
      });
      return;
    }
    if (stack.length + 1 > opts.maxDepth && parsed.kind === 'begin') {
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('tooDeep', { max: opts.maxDepth }), name });
      return;
    }
    if (count >= opts.maxItems) {
      if (count === opts.maxItems) report.push({ ...at, column: '', level: 'error', ...said('tooMany', { max: opts.maxItems }) });
      count++;
      return;
    }
    // A refused begin row still opens its group, so that its end row is not reported as well.
    const openRefused = () => {
      if (parsed.kind !== 'begin') return;
      const item = sectionItem(newQuestion(0, name), false);
      if (parsed.control === 'loop') stack.push({ kind: 'loop', row: rowNo, item, list: '', scope: freshScope() });
      else stack.push({ kind: parsed.control, row: rowNo, item, scope: freshScope() });
    };
    const audit = parsed.kind === 'question' && parsed.type === 'audit';
    if (audit) {
      // pyxform names the audit 'audit' and puts it in the form's meta group, outside the names of its parent.
      if (name !== '' && name !== 'audit') {
        report.push({ ...at, column: nameH.raw, level: 'error', ...said('auditName', { name }), name });
        return;
      }
      name = 'audit';
    } else if (name === '') {
      if (spelled === 'note') {
        // pyxform names a note without a name itself.
        name = `generated_note_name_${rowNo}`;
        report.push({ ...at, column: nameH.raw, level: 'warning', ...said('generatedName', { name }), name });
      } else {
        report.push({ ...at, column: nameH.raw, level: 'error', ...said('noName', { type: rawType }) });
        return openRefused();
      }
    }
    if (!audit && !claim(name, rowNo, nameH.raw)) return openRefused();

    if (parsed.kind === 'begin') {
      if (parsed.control === 'repeat') {
        if (name === rootName) {
          report.push({ ...at, column: nameH.raw, level: 'error', ...said('repeatRootName', { name }), name });
          return openRefused();
        }
        if (repeatNames.has(name)) {
          report.push({ ...at, column: nameH.raw, level: 'error', ...said('duplicateRepeat', { name }), name });
          return openRefused();
        }
        repeatNames.add(name);
      }
      if (parsed.control === 'loop') {
        if (!parsed.list || !lists.has(parsed.list)) {
          report.push({
            ...at,
            column: typeH.raw,
            level: 'error',
            ...(parsed.list ? said('unknownList', { list: parsed.list }) : said('needsList', { type: rawType })),
            name,
          });
          return openRefused();
        }
        const q = newQuestion(0, name);
        const item = sectionItem(q, false);
        keepUnknown(q, readRow({ q, item }, row, surveyHeaders, langs), row, rowNo);
        item.repeat_count = null;
        place(item);
        stack.push({ kind: 'loop', row: rowNo, item, list: parsed.list, scope: freshScope() });
        return;
      }
      const gridKey = parsed.control === 'group' ? questionTypeByKey(fsType) : undefined;
      if (gridKey !== undefined && questionTypeInfo(gridKey).sheet.grid) {
        const q = newQuestion(gridKey, name);
        const target: RowTarget = { q, item: { repeat_count: null } };
        const unknown = readRow(target, row, surveyHeaders, langs, (b) =>
          b.startsWith('fs_') && GRID_OWN.has(b.slice(3)) ? b.slice(3) : GRID_OWN.has(b) ? `ignored_${b}` : b,
        );
        q.appearance = null;
        keepUnknown(q, unknown, row, rowNo);
        const item: SurveyItem = { ...sectionItem(q, false), itemLabel: 'Question' };
        stack.push({ kind: 'grid', row: rowNo, item, typeKey: fsType, scope: freshScope() });
        return;
      }
      const q = newQuestion(0, name);
      const item = sectionItem(q, parsed.control === 'repeat');
      const unknown = readRow({ q, item }, row, surveyHeaders, langs);
      if (!item.repeatGroup) item.repeat_count = null;
      keepUnknown(q, unknown, row, rowNo);
      place(item);
      stack.push({ kind: parsed.control === 'group' ? 'group' : 'repeat', row: rowNo, item, scope: freshScope() });
      return;
    }

    questionNames.add(name);
    const select = parsed.kind === 'select' ? parsed : null;
    const listName = select?.list ?? '';
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
      else if (q.requiredExpression) grid.requiredExpression ??= q.requiredExpression;
      return;
    }

    // The type the rest reads: a select's kind, or the question type pyxform knows the spelling as.
    const type = select ? select.select : (parsed as { type: string }).type;
    let code: QuestionType | undefined;
    let hidden = false;
    const byKey = fsType ? questionTypeByKey(fsType) : undefined;
    const nearest = NEAREST[type];
    if (byKey !== undefined && byKey !== 0) code = byKey;
    else if (type === 'phone number')
      code = 100; // pyxform's own phone type: text with the numbers appearance
    else if (METADATA_TYPES.has(type)) {
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
    } else if (isSheetType(type.toLowerCase())) code = SHEET_TYPES[type.toLowerCase() as keyof typeof SHEET_TYPES].base;
    else code = BY_SHEET_TYPE.get(type.toLowerCase());
    if (code === undefined || code === 0) {
      report.push({ ...at, column: typeH.raw, level: 'error', ...said('unknownType', { type: rawType }), name });
      return;
    }
    const info = questionTypeInfo(code);
    const q = newQuestion(code, name);
    const sheetType = type.toLowerCase();
    if (byKey === undefined && isSheetType(sheetType)) q.sheetType = sheetType;
    const item: SurveyItem = { ...sectionItem(q, false), itemLabel: 'Question' };
    const unknown = readRow({ q, item }, row, surveyHeaders, langs);
    item.repeat_count = null;
    keepUnknown(q, unknown, row, rowNo);
    if (hidden) q.extraColumns[METADATA_COLUMN] = type;
    if (type === 'phone number' && byKey === undefined) {
      // question_type_dictionary: 'phone number' is text with a digits-only constraint and a hint, where the row gives none.
      if (!q.constraint?.trim()) q.constraint = PHONE_NUMBER.constraint;
      if (q.surveyQuestionHints.length === 0) q.surveyQuestionHints = [{ languageId: langs.base.languageId, text: PHONE_NUMBER.hint }];
    }
    if (info.sheet.appearance !== undefined && q.appearance !== null) {
      const rest = q.appearance.split(/\s+/).filter((a) => a !== '' && a !== info.sheet.appearance);
      q.appearance = rest.length ? rest.join(' ') : null;
    }
    if (spelled === 'calculate' && !q.calculation && !(q.default && defaultIsDynamic(q.default, type))) {
      report.push({ ...at, column: 'calculation', level: 'error', ...said('missingCalculation'), name });
      return;
    }
    if (type === 'background-geopoint' && !(triggerH && cellOf(row, triggerH))) {
      report.push({ ...at, column: triggerH?.raw ?? 'trigger', level: 'error', ...said('needsTrigger', { type: rawType }), name });
      return;
    }
    const noCalc = surveyHeaders.find((h) => h.base === NO_CALCULATION_COLUMN);
    if (noCalc && YES_WORDS.has(cellOf(row, noCalc).toLowerCase())) q.calculation = null;
    // A required expression is kept (columns.ts); read_only is a flag in the model.
    {
      const h = surveyHeaders.find((x) => x.base === 'read_only');
      const cell = h ? cellOf(row, h).toLowerCase() : '';
      if (cell !== '' && !YES_WORDS.has(cell) && !NO_WORDS.has(cell))
        report.push({ ...at, column: h!.raw, level: 'warning', ...said('conditionalReadOnly', { expression: cell.slice(0, 80) }), name });
    }
    if (select) {
      const refused = selectRefusal(select, name, row);
      if (refused) {
        report.push({ ...at, column: typeH.raw, level: 'error', ...refused, name });
        return;
      }
      if (lists.has(listName)) {
        q.selectQuestionChoices = choicesOf(listName);
        selectsOf.set(listName, [...(selectsOf.get(listName) ?? []), q]);
      }
      if (select.fromFile) {
        // The file the export names when none is stored ('<name>.csv') is left unstored: a round trip keeps the question as it was.
        if (listName !== `${name}.csv`) q.extraColumns[CHOICES_FILE_COLUMN] = listName;
      } else if (hasReference(listName)) {
        // 'select_one ${q1}': the choices are earlier answers (a repeat's), which the builder cannot list.
        q.extraColumns[CHOICES_FILE_COLUMN] = listName;
        report.push({ ...at, column: typeH.raw, level: 'warning', ...said('choicesFromAnswers', { list: listName }), name });
      }
    }
    warnExpressions(q, rowNo);
    place(item);
    if (select?.orOther) {
      // pyxform's or_other: an 'other' choice (unless the list has one) and a text question shown when it is chosen.
      // pyxform adds the choice to the list itself, so every question of that list has it, before and after this row.
      const list = lists.get(listName);
      if (list && !list.rows.some((r) => r.choice.name === 'other')) {
        const choice = {
          name: 'other',
          choiceLabels: langs.used.map((l) => ({ languageId: l.languageId, text: 'Other' })),
          emoji: null,
          filters: {},
        };
        list.rows.push({ row: rowNo, choice });
        for (const s of selectsOf.get(listName) ?? [])
          s.selectQuestionChoices.push({ ...choice, id: opts.newId(), choiceLabels: [...choice.choiceLabels], filters: {} });
      }
      const otherName = `${name}_other`;
      // Not a name of the sheet: pyxform refuses a ${…_other} reference, so it is not counted for references.
      if (claim(otherName, rowNo, typeH.raw, false)) {
        const other = newQuestion(34, otherName);
        other.questionLabels = [{ languageId: langs.base.languageId, text: 'Specify other.' }];
        other.relevant = `selected(\${${name}}, 'other')`;
        place({ ...sectionItem(other, false), itemLabel: 'Question' });
      }
    }
  });
  for (const frame of stack)
    report.push({
      sheet: surveySheet.name,
      row: frame.row,
      column: typeH.raw,
      level: 'error',
      ...said(frame.kind === 'repeat' ? 'unclosedRepeat' : frame.kind === 'loop' ? 'unclosedLoop' : 'unclosedGroup'),
      name: frame.item.surveyItem.name,
    });
  checkReferences();
  /**
   * The entities sheet (ODK Central datasets) is kept as it is, on the first row that saves to it (or the
   * first row), and the export writes it back: a form with save_to and no entities sheet is refused.
   */
  const keepEntities = () => {
    const sheet = byName.get('entities');
    if (!sheet) return;
    const rows = sheet.rows
      .map((r) => {
        const cells = r.map((c) => c.trim());
        while (cells.length && cells[cells.length - 1] === '') cells.pop();
        return cells;
      })
      .filter((r) => r.length > 0);
    const all = (items: readonly SurveyItem[]): SurveyItem[] => items.flatMap((i) => [i, ...all(i.innerItems)]);
    const items = all(top);
    const carrier = items.find((i) => Object.keys(i.surveyItem.extraColumns).some((k) => k.trim().toLowerCase() === 'save_to')) ?? items[0];
    const kept = JSON.stringify(rows);
    if (!carrier || kept.length > ENTITIES_MAX) {
      report.push({ sheet: sheet.name, row: 0, column: '', level: 'warning', ...said('entitiesSheet') });
      return;
    }
    carrier.surveyItem.extraColumns[ENTITIES_COLUMN] = kept;
    report.push({ sheet: sheet.name, row: 0, column: '', level: 'warning', ...said('entitiesKept'), name: carrier.surveyItem.name });
  };

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
  keepEntities();
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
  // pyxform: the title is the form_id where none is given, and the form_id the file's name.
  const title = settings.get('form_title') || titleFromSurvey || settings.get('form_id') || opts.fallbackName;
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
