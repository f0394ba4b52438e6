// The 21 question types of spec 001 ("Question types (code)"), declared once. The compiler's emitters,
// the answer codecs, the validator's checks and the widget registry are all Record<QuestionType, ...>,
// so a type added here without its emitter, codec, check or widget does not compile.

import { isSearchCall } from './search';

/** Which member of the spec's answerDetail carries a type's answer ("Answer input"). */
export type AnswerSlot =
  | 'counter' // section: the repeat instance count ('__counter' answers), answerDetail.number
  | 'text'
  | 'choices'
  | 'number'
  | 'coords'
  | 'answerFiles'
  | 'questionChoice'
  | 'answerMatrix'
  | 'answerRankings'
  | 'answerRatings';

/** Where a type's value comes from. */
export type ValueSource = 'layout' | 'input' | 'display' | 'computed';

export interface QuestionTypeInfo {
  /** Stable name: the widget name in the UI schema (`ui:widget`) and in the widget registry. */
  readonly key: string;
  /** The spec's name of the type. */
  readonly title: string;
  readonly slot: AnswerSlot;
  readonly source: ValueSource;
  /** The XLSForm type the expression engine is told (Env.types) for answers of this type. */
  readonly xlsform: string;
  /** Uses selectQuestionChoices; 'grid' also uses secondChoices (rows x columns). */
  readonly choices: 'none' | 'list' | 'grid';
  /** Message of a missing required answer (spec 001 section 5 "Questions"). */
  readonly requiredMessage: string;
  /** What the builder's property panel edits for this type, in panel order. */
  readonly properties: readonly PropertyKey[];
  /** The appearance values the spec accepts for this type ('columns-n' stands for columns-2, columns-3, ...). */
  readonly appearances: readonly Appearance[];
  /**
   * How the type is written in an XLSForm's survey sheet, the nearest construct pyxform accepts
   * (docs/xlsform.md): the standard type name, an appearance the construct needs, and for grids a
   * `table-list` group holding one select per row. Where several of our types share a construct, an
   * `fs_type` column says which one it was; the import reads both back.
   */
  readonly sheet: { readonly type: string; readonly appearance?: string; readonly grid?: true };
}

/**
 * The properties the builder edits (spec 001 section 3 "Survey item", "Question"), each with the model
 * field it writes and the kind of input the panel shows. The panel is generated from this and from each
 * type's `properties`; the editor's `set` operation writes them (engine/survey/editor/properties.ts).
 */
export const PROPERTIES = {
  title: { label: 'Title', input: 'localized', field: 'questionLabels' },
  name: { label: 'Name', input: 'name', field: 'name' },
  hint: { label: 'Hint', input: 'localized', field: 'surveyQuestionHints' },
  guidanceHint: { label: 'Guidance hint', input: 'localized', field: 'guidanceHints' },
  required: { label: 'Required', input: 'boolean', field: 'isRequired' },
  requiredIf: { label: 'Required when', input: 'expression', field: 'requiredExpression' },
  requiredMessage: { label: 'Required message', input: 'localized', field: 'requiredMessages' },
  readOnly: { label: 'Read only', input: 'boolean', field: 'readOnly' },
  default: { label: 'Default', input: 'text', field: 'default' },
  emoji: { label: 'Emoji', input: 'boolean', field: 'hasEmoji' },
  choices: { label: 'Choices', input: 'choices', field: 'selectQuestionChoices' },
  secondChoices: { label: 'Columns', input: 'choices', field: 'secondChoices' },
  rangeStart: { label: 'Start', input: 'number', field: 'parameters' },
  rangeEnd: { label: 'End', input: 'number', field: 'parameters' },
  rangeStep: { label: 'Step', input: 'number', field: 'parameters' },
  rangeLabels: { label: 'Range labels', input: 'rangeLabels', field: 'range' },
  maxChoices: { label: 'Max choices', input: 'number', field: 'maxChoices' },
  calculation: { label: 'Calculation', input: 'expression', field: 'calculation' },
  relevant: { label: 'Relevant', input: 'expression', field: 'relevant' },
  constraint: { label: 'Constraint', input: 'expression', field: 'constraint' },
  constraintMessage: { label: 'Constraint message', input: 'localized', field: 'constraintMessages' },
  appearance: { label: 'Appearance', input: 'appearance', field: 'appearance' },
  parameters: { label: 'Parameters', input: 'text', field: 'parameters' },
  choiceFilter: { label: 'Choice filter', input: 'expression', field: 'choiceFilter' },
  repeat: { label: 'Repeat group', input: 'boolean', field: 'repeatGroup' },
  repeatCount: { label: 'Repeat count', input: 'expression', field: 'repeat_count' },
} as const satisfies Record<string, { label: string; input: PropertyInput; field: string }>;

export type PropertyInput = 'localized' | 'name' | 'boolean' | 'text' | 'choices' | 'number' | 'rangeLabels' | 'expression' | 'appearance';
export type PropertyKey = keyof typeof PROPERTIES;

/** The appearance values spec 001 section 5 accepts; others are logged as invalid. */
export const APPEARANCES = [
  'autocomplete',
  'minimal',
  'search',
  'quick',
  'columns-pack',
  'columns',
  'columns-n',
  'no-buttons',
  'image-map',
  'likert',
  'map',
  'label',
  'list-nolabel',
  'list',
  'numbers',
  'month-year',
  'rating',
] as const;
export type Appearance = (typeof APPEARANCES)[number];

const ASKED = [
  'title',
  'name',
  'hint',
  'guidanceHint',
  'required',
  'requiredIf',
  'requiredMessage',
  'readOnly',
  'relevant',
  'constraint',
  'constraintMessage',
  'default',
  'calculation',
] as const satisfies readonly PropertyKey[];
const INPUT = [...ASKED, 'appearance'] as const satisfies readonly PropertyKey[];
const LIST = [...INPUT, 'emoji', 'choices', 'choiceFilter', 'parameters'] as const satisfies readonly PropertyKey[];
const GRID = [...ASKED, 'emoji', 'choices', 'secondChoices'] as const satisfies readonly PropertyKey[];
const COMPUTED = ['title', 'name', 'hint', 'guidanceHint', 'relevant', 'calculation', 'default'] as const satisfies readonly PropertyKey[];
const SELECT_APPEARANCES = [
  'minimal',
  'autocomplete',
  'search',
  'columns-pack',
  'columns',
  'columns-n',
  'no-buttons',
  'image-map',
  'map',
  'label',
  'list-nolabel',
  'list',
] as const;

const REQUIRED = 'This field is required';

export const QUESTION_TYPES = {
  0: {
    key: 'section',
    title: 'Section',
    slot: 'counter',
    source: 'layout',
    xlsform: 'group',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ['title', 'name', 'hint', 'relevant', 'repeat', 'repeatCount'],
    appearances: [],
    sheet: { type: 'group' },
  },
  32: {
    key: 'select_one',
    title: 'Select one',
    slot: 'choices',
    source: 'input',
    xlsform: 'select_one',
    choices: 'list',
    requiredMessage: 'You must select one',
    properties: LIST,
    appearances: [...SELECT_APPEARANCES, 'quick', 'likert'],
    sheet: { type: 'select_one' },
  },
  33: {
    key: 'select_multiple',
    title: 'Select multiple',
    slot: 'choices',
    source: 'input',
    xlsform: 'select_multiple',
    choices: 'list',
    requiredMessage: 'You must select at least one',
    properties: [...LIST, 'maxChoices'],
    appearances: SELECT_APPEARANCES,
    sheet: { type: 'select_multiple' },
  },
  34: {
    key: 'text',
    title: 'Text',
    slot: 'text',
    source: 'input',
    xlsform: 'text',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: INPUT,
    appearances: ['numbers'],
    sheet: { type: 'text' },
  },
  35: {
    key: 'integer',
    title: 'Number',
    slot: 'number',
    source: 'input',
    xlsform: 'integer',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'integer' },
  },
  36: {
    key: 'decimal',
    title: 'Decimal',
    slot: 'number',
    source: 'input',
    xlsform: 'decimal',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'decimal' },
  },
  37: {
    key: 'date',
    title: 'Date',
    slot: 'text',
    source: 'input',
    xlsform: 'date',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: INPUT,
    appearances: ['month-year'],
    sheet: { type: 'date' },
  },
  38: {
    key: 'time',
    title: 'Time',
    slot: 'text',
    source: 'input',
    xlsform: 'time',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'time' },
  },
  40: {
    key: 'note',
    title: 'Note',
    slot: 'text',
    source: 'display',
    xlsform: 'note',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ['title', 'name', 'hint', 'relevant', 'calculation'],
    appearances: [],
    sheet: { type: 'note' },
  },
  100: {
    key: 'phone',
    title: 'Phone number',
    slot: 'number',
    source: 'input',
    xlsform: 'text',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'text', appearance: 'numbers' },
  },
  104: {
    key: 'datetime',
    title: 'Date and time',
    slot: 'text',
    source: 'input',
    xlsform: 'dateTime',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'dateTime' },
  },
  105: {
    key: 'geopoint',
    title: 'GPS',
    slot: 'coords',
    source: 'input',
    xlsform: 'geopoint',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: INPUT,
    appearances: ['map'],
    sheet: { type: 'geopoint' },
  },
  106: {
    key: 'image',
    title: 'Image upload',
    slot: 'answerFiles',
    source: 'input',
    xlsform: 'image',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: [...ASKED, 'parameters'],
    appearances: [],
    sheet: { type: 'image' },
  },
  110: {
    key: 'file',
    title: 'File upload',
    slot: 'answerFiles',
    source: 'input',
    xlsform: 'file',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'file' },
  },
  112: {
    key: 'acknowledge',
    title: 'Acknowledge',
    slot: 'questionChoice',
    source: 'input',
    xlsform: 'acknowledge',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ASKED,
    appearances: [],
    sheet: { type: 'acknowledge' },
  },
  113: {
    key: 'calculate',
    title: 'Calculate',
    slot: 'text',
    source: 'computed',
    xlsform: 'calculate',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: COMPUTED,
    appearances: [],
    sheet: { type: 'calculate' },
  },
  275: {
    key: 'range',
    title: 'Range',
    slot: 'number',
    source: 'input',
    xlsform: 'range',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: [...INPUT, 'rangeStart', 'rangeEnd', 'rangeStep', 'rangeLabels'],
    appearances: ['rating'],
    sheet: { type: 'range' },
  },
  276: {
    key: 'rating',
    title: 'Rating',
    slot: 'answerRatings',
    source: 'input',
    xlsform: 'rating',
    choices: 'grid',
    requiredMessage: REQUIRED,
    properties: GRID,
    appearances: [],
    sheet: { type: 'select_one', appearance: 'table-list', grid: true },
  },
  277: {
    key: 'matrix',
    title: 'Matrix',
    slot: 'answerMatrix',
    source: 'input',
    xlsform: 'matrix',
    choices: 'grid',
    requiredMessage: REQUIRED,
    properties: GRID,
    appearances: [],
    sheet: { type: 'select_one', appearance: 'table-list', grid: true },
  },
  278: {
    key: 'ranking',
    title: 'Ranking',
    slot: 'answerRankings',
    source: 'input',
    xlsform: 'rank',
    choices: 'list',
    requiredMessage: 'All rankings must be selected',
    properties: [...ASKED, 'emoji', 'choices', 'choiceFilter'],
    appearances: [],
    sheet: { type: 'rank' },
  },
  279: {
    key: 'hidden',
    title: 'Hidden',
    slot: 'text',
    source: 'computed',
    xlsform: 'hidden',
    choices: 'none',
    requiredMessage: REQUIRED,
    properties: ['name', 'calculation', 'default'],
    appearances: [],
    sheet: { type: 'hidden' },
  },
} as const satisfies Record<number, QuestionTypeInfo>;

export type QuestionType = keyof typeof QUESTION_TYPES;
export type QuestionKey = (typeof QUESTION_TYPES)[QuestionType]['key'];

/** Every type code, in the spec's order. */
export const QUESTION_TYPE_CODES = Object.keys(QUESTION_TYPES).map(Number) as QuestionType[];

export function isQuestionType(code: unknown): code is QuestionType {
  return typeof code === 'number' && Object.hasOwn(QUESTION_TYPES, code);
}

/** Whether the spec accepts this appearance value for the type ('columns-3' for 'columns-n'; ODK's search('file', ...) where 'search' is). */
export function acceptsAppearance(code: QuestionType, value: string): boolean {
  const accepted: readonly string[] = QUESTION_TYPES[code].appearances;
  return (
    accepted.includes(value) ||
    (/^columns-[1-9][0-9]?$/.test(value) && accepted.includes('columns-n')) ||
    (isSearchCall(value) && accepted.includes('search'))
  );
}

export function questionTypeInfo(code: QuestionType): QuestionTypeInfo {
  return QUESTION_TYPES[code];
}

const byKey = new Map<string, QuestionType>(QUESTION_TYPE_CODES.map((code) => [QUESTION_TYPES[code].key, code]));

/** The type code of a widget name (`ui:widget`), e.g. 'select_one' -> 32. */
export function questionTypeByKey(key: string): QuestionType | undefined {
  return byKey.get(key);
}

/**
 * A registry keyed by type code (the widgets' `Record<QuestionType, W>`) as rjsf wants it: keyed by the
 * `ui:widget` names the compiler writes.
 */
export function byWidgetName<W>(registry: Readonly<Record<QuestionType, W>>): Record<QuestionKey, W> {
  const out = {} as Record<QuestionKey, W>;
  for (const code of QUESTION_TYPE_CODES) out[QUESTION_TYPES[code].key] = registry[code];
  return out;
}

/** Answers that count as "a piece of information" for the submit and draft rules (not note, calculate, hidden). */
export function countsAsAnswer(code: QuestionType): boolean {
  return QUESTION_TYPES[code].source === 'input';
}

/**
 * XLSForm types kept as a variant of one of the 21 types (`QuestionModel.sheetType`), since spec 001 fixes
 * the type codes and their answer slots: a line or a shape is a Text (34) answer in ODK's own text
 * ('lat lon alt acc;lat lon alt acc;...'), a barcode a Text typed in, audio and video a File upload (110)
 * of that media kind. The import sets the variant from the sheet's type, the export writes it back as
 * the type, the emitter, the check and the widget read it (docs/decisions/0069-xlsform-sheet-types.md).
 * `accept` is the file input's filter and the MIME prefix the check wants.
 */
export const SHEET_TYPES = {
  geotrace: { base: 34, title: 'Line' },
  geoshape: { base: 34, title: 'Shape' },
  barcode: { base: 34, title: 'Barcode' },
  audio: { base: 110, title: 'Audio', accept: 'audio/*' },
  video: { base: 110, title: 'Video', accept: 'video/*' },
} as const satisfies Record<string, { base: QuestionType; title: string; accept?: string }>;

export type SheetType = keyof typeof SHEET_TYPES;
export const SHEET_TYPE_NAMES = Object.keys(SHEET_TYPES) as SheetType[];

export function isSheetType(value: unknown): value is SheetType {
  return typeof value === 'string' && Object.hasOwn(SHEET_TYPES, value);
}

/** The question's variant when it is one of its type's (a stored variant of another type counts as none). */
export function sheetTypeOf(q: { questionType: QuestionType; sheetType?: string | null | undefined }): SheetType | null {
  const v = q.sheetType;
  return isSheetType(v) && SHEET_TYPES[v].base === q.questionType ? v : null;
}

/** The XLSForm type the question is: its variant, else its type's own (`xlsform` of the table). */
export function xlsformTypeOf(q: { questionType: QuestionType; sheetType?: string | null | undefined }): string {
  return sheetTypeOf(q) ?? QUESTION_TYPES[q.questionType].xlsform;
}

/** The name a question's type goes by in the builder and the codebook: its variant, else its type's key. */
export function typeKeyOf(q: { questionType: QuestionType; sheetType?: string | null | undefined }): string {
  return sheetTypeOf(q) ?? QUESTION_TYPES[q.questionType].key;
}
