// Every text of the import report, by code. The server sends the English text with its code and
// parameters; the app shows `xlsform.messages.<code>` of src/i18n with the same parameters, so the report
// reads in the interface language (as the API's problems do through their codes, src/i18n translateMessage).
// A parameter that is itself ours ('to', a type's key; 'why', a reason's code) is translated by the app too.

type Params = Readonly<Record<string, string | number>>;

/** Why a standard type became the nearest of ours ('why' of the 'nearest' entry). */
export const NEAREST_REASONS = {
  backgroundAudio: 'background recording is not offered; an audio file can be uploaded',
  fromFile: 'choices from a CSV or XML file are not read; add them in the builder',
  external: 'external choices are not read; add them in the builder',
  osm: 'OpenStreetMap tagging is not offered',
} as const;
export type NearestReason = keyof typeof NEAREST_REASONS;

const s = (p: Params, k: string): string => String(p[k] ?? '');

export const REPORT_MESSAGES = {
  // The workbook reader (server/workers/workbook.ts, server/services/archive.ts) and its worker's budgets.
  archiveSize: (p: Params) => `The file is larger than ${s(p, 'max')} MB.`,
  archiveDamaged: () => 'The file is not a zip archive as an .xlsx workbook is: it is truncated, damaged or of another kind.',
  archiveEntries: (p: Params) => `The workbook has more than ${s(p, 'max')} parts.`,
  archiveInflates: (p: Params) => `The workbook inflates to more than ${s(p, 'max')} MB.`,
  archiveRatio: (p: Params) => `The workbook inflates more than ${s(p, 'max')} times its size: refused as a zip bomb.`,
  archiveDoctype: () => 'A part of the workbook declares a DOCTYPE or entities, which workbooks never need: refused.',
  notWorkbook: () => 'The file is not a workbook Excel can open (.xlsx or .xls).',
  xlsDamaged: () => 'The file is an Excel 97-2003 workbook (.xls) that is truncated or damaged.',
  workbookEncrypted: () => 'The workbook is protected by a password: save it without one and import that.',
  sheetUnreadable: () => 'This sheet cannot be read: it is damaged. Copy its cells into a new sheet and import again.',
  sheetRows: (p: Params) => `A sheet has more than ${s(p, 'max')} rows.`,
  sheetColumns: (p: Params) => `The sheet has ${s(p, 'count')} columns; at most ${s(p, 'max')} are read.`,
  cellLength: (p: Params) => `The cell holds ${s(p, 'length')} characters; at most ${s(p, 'max')}.`,
  readingTime: (p: Params) => `Reading the workbook took longer than ${s(p, 'max')} s.`,
  readingMemory: (p: Params) => `Reading the workbook needed more than ${s(p, 'max')} MB of memory.`,
  duplicateColumn: (p: Params) => `The column '${s(p, 'column')}' appears twice (also as '${s(p, 'before')}'); keep one.`,
  freeLanguage: (p: Params) =>
    `The language '${s(p, 'language')}' is not on our list of languages; it is kept as a language of this survey under that name.`,
  textReplaced: (p: Params) =>
    `${s(p, 'count')} texts of '${s(p, 'column')}' (no language: the default language) were replaced by those of '${s(p, 'by')}', as pyxform does.`,
  encryptedForm: () =>
    'The form encrypts its submissions (public_key); submissions here would not be encrypted, so the form is refused. Remove public_key to import it unencrypted.',
  submissionUrl: (p: Params) =>
    `Submissions come to this survey, not to '${s(p, 'url')}' (submission_url); the setting is kept for the export.`,
  tooManyLanguages: (p: Params) => `The form has ${s(p, 'count')} languages; at most ${s(p, 'max')}.`,
  settingTooLong: (p: Params) => `The setting '${s(p, 'setting')}' is longer than ${s(p, 'max')} characters.`,
  noSurveySheet: () => "The workbook has no 'survey' sheet.",
  entitiesSheet: () => 'Entities (ODK Central datasets) are not supported; the entities sheet was not imported.',
  entitiesKept: () => 'The entities sheet (ODK Central datasets) is kept and written back on export; entities are not created here.',
  externalChoicesSheet: () => 'External choices are not supported; the external_choices sheet was not imported.',
  surveyColumnMissing: (p: Params) => `The survey sheet needs a '${s(p, 'column')}' column.`,
  choicesColumnMissing: (p: Params) => `The choices sheet needs a '${s(p, 'column')}' column.`,
  choiceIncomplete: () => 'A choice needs a name.',
  choiceNoList: (p: Params) => `The choice '${s(p, 'name')}' has no list name; it belongs to no list and was not imported.`,
  choiceNameSpace: (p: Params) =>
    `The choice name '${s(p, 'name')}' in the list '${s(p, 'list')}' has a space: a select_multiple cannot use it, and its answers are hard to analyse.`,
  choiceSpaceMultiple: (p: Params) =>
    `The list '${s(p, 'list')}' has the choice name '${s(p, 'name')}' with a space, which a select_multiple cannot use.`,
  choiceName: (p: Params) => `The choice name '${s(p, 'name')}…' is longer than 200 characters.`,
  duplicateChoice: (p: Params) => `The list '${s(p, 'list')}' has the choice '${s(p, 'name')}' twice.`,
  duplicateChoiceKept: (p: Params) =>
    `The list '${s(p, 'list')}' has the choice '${s(p, 'name')}' twice; allow_choice_duplicates is yes, so both are kept.`,
  invalidName: (p: Params) => `'${s(p, 'name')}' is not a valid name: start with a letter or '_', then letters, digits, '_', '-' or '.'.`,
  duplicateName: (p: Params) => `The name '${s(p, 'name')}' is used twice in the same group or repeat (also on row ${s(p, 'row')}).`,
  caseDuplicateName: (p: Params) =>
    `The name '${s(p, 'name')}' differs from another in the same group or repeat only by upper and lower case letters, which some tools mix up.`,
  reservedName: (p: Params) => `The name '${s(p, 'name')}' is reserved for the form's metadata.`,
  duplicateRepeat: (p: Params) => `The repeat name '${s(p, 'name')}' is used twice; repeat names must be unique in the whole form.`,
  repeatRootName: (p: Params) => `A repeat cannot be named '${s(p, 'name')}', the name of the form's root element.`,
  noName: (p: Params) => `The '${s(p, 'type')}' row has no name.`,
  generatedName: (p: Params) => `The note has no name; it was named '${s(p, 'name')}'.`,
  auditName: (p: Params) => `An audit is always named 'audit'; leave its name empty (not '${s(p, 'name')}').`,
  referenceSyntax: () => "A reference is malformed: write '${', a question's name, then '}'.",
  referenceUnknown: (p: Params) => `The reference to '${s(p, 'name')}' names no question or group of the survey sheet.`,
  referenceAmbiguous: (p: Params) =>
    `The reference to '${s(p, 'name')}' is ambiguous: ${s(p, 'count')} questions or groups have that name.`,
  disabledRow: () => "The row is disabled (the 'disabled' column says yes); it was not imported.",
  rowSkipped: () => 'The row has no type, name or label; it was skipped.',
  trigger: () => 'Triggers (recalculating when another answer changes) are not honoured; the column is kept for export.',
  lastSaved: () =>
    '${last-saved#…} (the previous submission’s answer) is not available here; the expression needs editing before publishing.',
  pulldata: (p: Params) =>
    `pulldata() reads the CSV file '${s(p, 'file')}': attach it to the survey under the same name before publishing.`,
  search: (p: Params) =>
    `The choices are the rows of the CSV file '${s(p, 'file')}' (search()): attach it to the survey under the same name before publishing.`,
  noType: (p: Params) => `The row '${s(p, 'name')}' has no type.`,
  closesNothing: (p: Params) => `'${s(p, 'type')}' closes nothing: no group or repeat is open here.`,
  closesRepeat: (p: Params) => `'${s(p, 'type')}' closes the repeat begun on row ${s(p, 'row')}; use end_repeat.`,
  closesGroup: (p: Params) => `'${s(p, 'type')}' closes the group begun on row ${s(p, 'row')}; use end_group.`,
  closesLoop: (p: Params) => `'${s(p, 'type')}' closes the loop begun on row ${s(p, 'row')}; use end loop.`,
  include: (p: Params) => `'${s(p, 'type')}' includes another form, which is not supported: copy its rows in.`,
  loopExpanded: (p: Params) =>
    `The loop over the list '${s(p, 'list')}' became one group per choice (${s(p, 'count')}); later changes to the list do not add or remove groups.`,
  externalFile: (p: Params) => `'${s(p, 'type')}' attaches an external data file, which is not supported; the row was not imported.`,
  tooDeep: (p: Params) => `Groups nest deeper than ${s(p, 'max')} levels.`,
  tooMany: (p: Params) => `The form has more than ${s(p, 'max')} questions and groups.`,
  metadata: (p: Params) =>
    `'${s(p, 'type')}' is metadata ODK clients fill in themselves; it is kept as a hidden question that stays empty here.`,
  nearest: (p: Params) => `'${s(p, 'type')}' became ${s(p, 'toTitle')}: ${NEAREST_REASONS[s(p, 'why') as NearestReason] ?? ''}.`,
  unknownType: (p: Params) => `Unknown question type '${s(p, 'type')}'.`,
  conditionalReadOnly: (p: Params) => `A conditional read-only ('${s(p, 'expression')}') is kept as always read-only.`,
  needsList: (p: Params) => `'${s(p, 'type')}' needs a list name.`,
  unknownList: (p: Params) => `The list '${s(p, 'list')}' is not on the choices sheet.`,
  unclosedGroup: () => 'The group begun here is never closed.',
  unclosedRepeat: () => 'The repeat begun here is never closed.',
  unclosedLoop: () => 'The loop begun here is never closed.',
  missingCalculation: () => 'A calculate needs a calculation.',
  needsTrigger: (p: Params) => `'${s(p, 'type')}' needs a trigger: the question whose answer starts it.`,
  fileExtension: (p: Params) => `'${s(p, 'type')}': the file name must end with .csv, .xml or .geojson.`,
  noExternalChoices: () => 'select_one_external needs an external_choices sheet.',
  unknownExternalList: (p: Params) => `The list '${s(p, 'list')}' is not on the external_choices sheet.`,
  orOtherFilter: (p: Params) => `'${s(p, 'name')}': or_other cannot be used with a choice_filter.`,
  choicesFromAnswers: (p: Params) =>
    `The choices are earlier answers (${s(p, 'list')}), which the builder cannot list; the type is kept for export.`,
  settingDropped: (p: Params) => `The setting '${s(p, 'setting')}' (${s(p, 'value')}) is not kept.`,
} as const satisfies Record<string, (p: Params) => string>;

export type ReportCode = keyof typeof REPORT_MESSAGES;

/** The code, its parameters and the English text of one report entry. */
export function said(code: ReportCode, params: Params = {}): { code: ReportCode; params: Params; message: string } {
  return { code, params, message: REPORT_MESSAGES[code](params) };
}
