// The survey as an XLSForm (the 'Export survey' download): the sheets 'survey', 'choices' and 'settings'
// as rows of text, one column per language for every translated text ('label::English (en)'). Each of
// our types is written as the nearest construct pyxform accepts (question-types.ts `sheet`), with 'fs_'
// columns for what the standard cannot say, so the file converts in ODK Central and KoboToolbox and reads
// back into our builder unchanged (docs/xlsform.md). Writing the .xlsx is I/O, at the edge
// (server/services/surveyExport.ts).
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel } from '../model';
import { MEDIA_KINDS } from '../model';
import { KEY_SEPARATOR, surveyKeys } from '../keys';
import { QUESTION_TYPE_CODES, questionTypeInfo, sheetTypeOf, type QuestionType } from '../question-types';
import {
  CHOICES_FILE_COLUMN,
  COLUMNS,
  ENTITIES_COLUMN,
  EMPTY_CALCULATION,
  LANGUAGES_SETTING,
  METADATA_COLUMN,
  METADATA_TYPES,
  GRID_OWN,
  NO_CALCULATION_COLUMN,
  SETTINGS_KEPT,
  TYPE_COLUMN,
  languageColumn,
  type RowTarget,
} from './columns';

export type SheetRow = readonly string[];

export interface XlsFormSheet {
  name: 'survey' | 'choices' | 'settings' | 'entities';
  rows: SheetRow[];
}

/** Types whose construct another type shares need the fs_type column (the first declared owns the construct). */
const NEEDS_TYPE_COLUMN: ReadonlySet<QuestionType> = (() => {
  const seen = new Set<string>();
  const out = new Set<QuestionType>();
  for (const code of QUESTION_TYPE_CODES) {
    const s = questionTypeInfo(code).sheet;
    const key = `${s.type}|${s.grid ? 'grid' : ''}`;
    if (seen.has(key) || s.grid) out.add(code);
    seen.add(key);
  }
  return out;
})();

/**
 * Choice list names: the question's name (its rows for a grid), and '<name>_columns' for a grid's columns.
 * A list name is one per form, a question name one per group: where the name repeats, the list is named
 * by the question's key, its steps joined by '__' ('household__name').
 */
type ListNames = (q: QuestionModel) => string;

/**
 * pyxform refuses a table-list group (appearance table-list) whose selects name different lists: there,
 * the selects of one section whose choices are the same share the first one's list.
 */
function tableListNames(items: readonly SurveyItem[], listOf: ListNames): ListNames {
  const shared = new Map<string, string>();
  const signature = (q: QuestionModel) =>
    JSON.stringify(q.selectQuestionChoices.map((c) => [c.name, c.choiceLabels, c.filters, c.emoji, c.media ?? []]));
  for (const { item, edge } of walk(items)) {
    if (edge !== 'begin' || !(item.surveyItem.appearance ?? '').split(/\s+/).includes('table-list')) continue;
    const first = new Map<string, string>();
    for (const child of item.innerItems) {
      const q = child.surveyItem;
      if (child.itemLabel === 'Section' || questionTypeInfo(q.questionType).choices !== 'list' || q.selectQuestionChoices.length === 0)
        continue;
      const sig = signature(q);
      const name = first.get(sig);
      if (name === undefined) first.set(sig, listOf(q));
      else shared.set(q.id, name);
    }
  }
  return (q) => shared.get(q.id) ?? listOf(q);
}
function listNames(model: SurveyModel): ListNames {
  const { keys } = surveyKeys(model.surveyItems);
  return (q) => (keys.get(q.id) ?? q.name).split(KEY_SEPARATOR).join('__');
}
const columnListOf = (listOf: ListNames, q: QuestionModel): string => `${listOf(q)}_columns`;
/** A grid row's select: '<grid name>_<row name>'. */
export const gridRowName = (q: QuestionModel, row: ChoiceModel): string => `${q.name}_${row.name}`;

type Cells = Map<string, string>;

/** Depth-first, in document order: a section opens and closes around its items. */
function* walk(items: readonly SurveyItem[]): Generator<{ item: SurveyItem; edge: 'begin' | 'end' | 'question' }> {
  for (const item of [...items].sort((a, b) => a.surveyItem.order - b.surveyItem.order)) {
    if (item.itemLabel === 'Section') {
      yield { item, edge: 'begin' };
      yield* walk(item.innerItems);
      yield { item, edge: 'end' };
    } else yield { item, edge: 'question' };
  }
}

function textCells(cells: Cells, header: string, list: readonly LocalizedText[], languages: ReadonlyMap<number, string>): void {
  for (const t of list) {
    const lang = languages.get(t.languageId);
    if (lang !== undefined && t.text !== '') cells.set(`${header}::${lang}`, t.text);
  }
}

/** The model's own columns of a row; `rename` moves a column (a grid's constraint lives under fs_ on its group). */
function modelCells(
  target: RowTarget,
  languages: ReadonlyMap<number, string>,
  rename: (header: string) => string | null = (h) => h,
): Cells {
  const cells: Cells = new Map();
  for (const col of COLUMNS) {
    const header = rename(col.header);
    if (header === null) continue;
    if (col.translated) textCells(cells, header, col.get(target), languages);
    else {
      const v = col.get(target);
      if (v !== null && v !== '') cells.set(header, v);
    }
  }
  return cells;
}

function questionRows(item: SurveyItem, languages: ReadonlyMap<number, string>, listOf: ListNames): Cells[] {
  const q = item.surveyItem;
  const listName = listOf(q);
  const columnList = columnListOf(listOf, q);
  const info = questionTypeInfo(q.questionType);
  const target: RowTarget = { q, item };
  const extra = (cells: Cells): Cells => {
    for (const [h, v] of Object.entries(q.extraColumns)) if (!cells.has(h) && v !== '' && h !== ENTITIES_COLUMN) cells.set(h, v);
    return cells;
  };

  if (info.sheet.grid) {
    // A table-list group of one select per row, all on the columns' list.
    const group = modelCells(target, languages, (h) => (h === 'required' ? null : GRID_OWN.has(h) ? `fs_${h}` : h));
    group.set('type', 'begin_group');
    group.set('name', q.name);
    group.set('appearance', info.sheet.appearance ?? 'table-list');
    group.set(TYPE_COLUMN, info.key);
    const rows = q.selectQuestionChoices.map((row) => {
      const cells: Cells = new Map([
        ['type', `${info.sheet.type} ${columnList}`],
        ['name', gridRowName(q, row)],
      ]);
      textCells(cells, 'label', row.choiceLabels, languages);
      for (const kind of MEDIA_KINDS)
        textCells(
          cells,
          kind,
          (row.media ?? []).filter((m) => m.kind === kind),
          languages,
        );
      const required = q.requiredExpression?.trim() ? q.requiredExpression.trim() : q.isRequired ? 'yes' : null;
      if (required !== null) cells.set('required', required);
      return cells;
    });
    return [extra(group), ...rows, new Map([['type', 'end_group']])];
  }

  const cells = modelCells(target, languages);
  if (info.choices === 'list' && q.selectQuestionChoices.length === 0 && info.sheet.type.startsWith('select_')) {
    // pyxform refuses a select whose list has no choices; one whose choices come from a file it accepts,
    // and one whose choices are earlier answers ('select_one ${q1}').
    const source = q.extraColumns[CHOICES_FILE_COLUMN] ?? `${q.name}.csv`;
    cells.set('type', source.includes('${') ? `${info.sheet.type} ${source}` : `${info.sheet.type}_from_file ${source}`);
  } else cells.set('type', `${sheetTypeOf(q) ?? info.sheet.type}${info.choices === 'list' ? ` ${listName}` : ''}`);
  // A hidden question read from a metadata row ('start', 'deviceid') goes back as that row, so ODK clients
  // keep filling it in; once the builder gave it a calculation it is ours and stays 'hidden'.
  const metadata = q.extraColumns[METADATA_COLUMN]?.toLowerCase();
  if (q.questionType === 279 && metadata && METADATA_TYPES.has(metadata) && !(q.calculation ?? '').trim()) cells.set('type', metadata);
  cells.set('name', q.name);
  if (NEEDS_TYPE_COLUMN.has(q.questionType)) cells.set(TYPE_COLUMN, info.key);
  if (info.sheet.appearance !== undefined) {
    const own = (q.appearance ?? '').split(/\s+/).filter(Boolean);
    cells.set('appearance', [...new Set([...own, info.sheet.appearance])].join(' '));
  }
  // pyxform refuses a calculate without a calculation; a new one in the builder has none yet.
  if (info.sheet.type === 'calculate' && (q.calculation ?? '').trim() === '') {
    cells.set('calculation', EMPTY_CALCULATION);
    cells.set(NO_CALCULATION_COLUMN, 'yes');
  }
  return [extra(cells)];
}

function sectionRow(item: SurveyItem, languages: ReadonlyMap<number, string>): Cells {
  const cells = modelCells({ q: item.surveyItem, item }, languages);
  cells.set('type', item.repeatGroup ? 'begin_repeat' : 'begin_group');
  cells.set('name', item.surveyItem.name);
  for (const [h, v] of Object.entries(item.surveyItem.extraColumns))
    if (!cells.has(h) && v !== '' && h !== ENTITIES_COLUMN) cells.set(h, v);
  return cells;
}

/** The entities sheet the import kept (import.ts keepEntities), or null. */
function entitiesOf(items: readonly SurveyItem[]): SheetRow[] | null {
  for (const item of items) {
    const kept = item.surveyItem.extraColumns[ENTITIES_COLUMN];
    if (kept !== undefined) {
      try {
        const rows: unknown = JSON.parse(kept);
        if (Array.isArray(rows) && rows.every((r) => Array.isArray(r) && r.every((c) => typeof c === 'string'))) return rows as SheetRow[];
      } catch {
        // Not ours (a column of that name in someone's workbook): nothing to write.
      }
    }
    const inner = entitiesOf(item.innerItems);
    if (inner) return inner;
  }
  return null;
}

/** Rows of cells by header as a sheet: the headers in first-use order after the leading ones. */
function sheetOf(rows: readonly Cells[], leading: readonly string[]): SheetRow[] {
  const headers = [...leading];
  const seen = new Set(headers);
  for (const r of rows)
    for (const h of r.keys())
      if (!seen.has(h)) {
        seen.add(h);
        headers.push(h);
      }
  return [headers, ...rows.map((r) => headers.map((h) => r.get(h) ?? ''))];
}

/** The leading columns, in the order people read them: type, name, then every language's label and hint. */
function surveyHeaders(languages: readonly string[]): string[] {
  const out = ['type', 'name'];
  for (const col of COLUMNS) if (col.translated) for (const l of languages) out.push(`${col.header}::${l}`);
  return out;
}

/** The form id the settings sheet writes: 'survey_' and the survey's id. */
export const formIdOf = (model: Pick<SurveyModel, 'id'>): string => `survey_${model.id.replace(/-/g, '_')}`;

/** An item's rows on the survey sheet: the sheet row number of the first (the header is row 1) and their cells. */
export interface SheetPlacement {
  readonly row: number;
  readonly cells: readonly ReadonlyMap<string, string>[];
}

/** The three sheets of the survey's XLSForm. Languages: the base language first, as the survey lists them. */
export function xlsformSheets(model: SurveyModel): XlsFormSheet[] {
  return layout(model).sheets;
}

/**
 * Where each item goes on the survey sheet and what is written there. The XForm emitter
 * (engine/survey/xform) reads each question's construct (type cell, list, appearance, calculation) from
 * here, so an XForm and pyxform's reading of the export never choose differently.
 */
export function sheetPlacements(model: SurveyModel): ReadonlyMap<SurveyItem, SheetPlacement> {
  return layout(model).placements;
}

function layout(model: SurveyModel): { sheets: XlsFormSheet[]; placements: Map<SurveyItem, SheetPlacement> } {
  const placements = new Map<SurveyItem, SheetPlacement>();
  const languages = [...model.surveyLanguageMaps].sort((a, b) => Number(b.isBaseLanguage) - Number(a.isBaseLanguage));
  const langOf = new Map(languages.map((l: SurveyLanguage) => [l.languageId, languageColumn(l)]));
  const listOf = tableListNames(model.surveyItems, listNames(model));
  const rows: Cells[] = [];
  const choices: Cells[] = [];
  let duplicates = false;
  const written = new Set<string>();
  const addChoices = (list: string, cs: readonly ChoiceModel[]) => {
    if (written.has(list)) return;
    written.add(list);
    if (new Set(cs.map((c) => c.name)).size < cs.length) duplicates = true;
    for (const c of cs) {
      const cells: Cells = new Map([
        ['list_name', list],
        ['name', c.name],
      ]);
      textCells(cells, 'label', c.choiceLabels, langOf);
      for (const kind of MEDIA_KINDS)
        textCells(
          cells,
          kind,
          (c.media ?? []).filter((m) => m.kind === kind),
          langOf,
        );
      if (c.emoji) cells.set('fs_emoji', c.emoji);
      for (const [k, v] of Object.entries(c.filters)) if (!cells.has(k)) cells.set(k, v);
      choices.push(cells);
    }
  };
  for (const { item, edge } of walk(model.surveyItems)) {
    if (edge === 'begin') {
      const cells = sectionRow(item, langOf);
      placements.set(item, { row: rows.length + 2, cells: [cells] });
      rows.push(cells);
    } else if (edge === 'end') rows.push(new Map([['type', item.repeatGroup ? 'end_repeat' : 'end_group']]));
    else {
      const own = questionRows(item, langOf, listOf);
      placements.set(item, { row: rows.length + 2, cells: own });
      rows.push(...own);
      const q = item.surveyItem;
      const info = questionTypeInfo(q.questionType);
      if (info.choices === 'list') addChoices(listOf(q), q.selectQuestionChoices);
      if (info.choices === 'grid') addChoices(columnListOf(listOf, q), q.secondChoices);
    }
  }
  const used = new Set([...rows.flatMap((r) => [...r.keys()])]);
  const leading = surveyHeaders([...langOf.values()]).filter((h) => h === 'type' || h === 'name' || used.has(h));
  const base = languages[0];
  const settings = new Map([
    ['form_title', model.name],
    ['form_id', formIdOf(model)],
    ['default_language', base ? languageColumn(base) : ''],
    ['fs_description', model.description],
    [LANGUAGES_SETTING, [...langOf.values()].join(', ')],
  ]);
  // A list holding a choice name twice (kept from a form that allowed it) is refused without this.
  if (duplicates) settings.set('allow_choice_duplicates', 'yes');
  const entities = entitiesOf(model.surveyItems);
  for (const [column, field] of SETTINGS_KEPT) {
    const v = model.settings?.[field];
    if (v) settings.set(column, v);
  }
  const sheets: XlsFormSheet[] = [
    { name: 'survey', rows: sheetOf(rows, leading) },
    { name: 'choices', rows: sheetOf(choices, ['list_name', 'name']) },
    { name: 'settings', rows: sheetOf([settings], []) },
    ...(entities ? [{ name: 'entities' as const, rows: entities }] : []),
  ];
  return { sheets, placements };
}

/** The download's file name: '{survey name}.xlsx', without characters file systems refuse. */
export function exportFileName(surveyName: string): string {
  const cleaned = surveyName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${cleaned === '' ? 'survey' : cleaned}.xlsx`;
}
