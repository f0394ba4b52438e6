// The 21 question types of spec 001 ("Question types (code)"), declared once. The compiler's emitters,
// the answer codecs, the validator's checks and the widget registry are all Record<QuestionType, ...>,
// so a type added here without its emitter, codec, check or widget does not compile.

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
}

const REQUIRED = 'This field is required';

export const QUESTION_TYPES = {
  0: { key: 'section', title: 'Section', slot: 'counter', source: 'layout', xlsform: 'group', choices: 'none', requiredMessage: REQUIRED },
  32: { key: 'select_one', title: 'Select one', slot: 'choices', source: 'input', xlsform: 'select_one', choices: 'list', requiredMessage: 'You must select one' },
  33: { key: 'select_multiple', title: 'Select multiple', slot: 'choices', source: 'input', xlsform: 'select_multiple', choices: 'list', requiredMessage: 'You must select at least one' },
  34: { key: 'text', title: 'Text', slot: 'text', source: 'input', xlsform: 'text', choices: 'none', requiredMessage: REQUIRED },
  35: { key: 'integer', title: 'Number', slot: 'number', source: 'input', xlsform: 'integer', choices: 'none', requiredMessage: REQUIRED },
  36: { key: 'decimal', title: 'Decimal', slot: 'number', source: 'input', xlsform: 'decimal', choices: 'none', requiredMessage: REQUIRED },
  37: { key: 'date', title: 'Date', slot: 'text', source: 'input', xlsform: 'date', choices: 'none', requiredMessage: REQUIRED },
  38: { key: 'time', title: 'Time', slot: 'text', source: 'input', xlsform: 'time', choices: 'none', requiredMessage: REQUIRED },
  40: { key: 'note', title: 'Note', slot: 'text', source: 'display', xlsform: 'note', choices: 'none', requiredMessage: REQUIRED },
  100: { key: 'phone', title: 'Phone number', slot: 'number', source: 'input', xlsform: 'text', choices: 'none', requiredMessage: REQUIRED },
  104: { key: 'datetime', title: 'Date and time', slot: 'text', source: 'input', xlsform: 'dateTime', choices: 'none', requiredMessage: REQUIRED },
  105: { key: 'geopoint', title: 'GPS', slot: 'coords', source: 'input', xlsform: 'geopoint', choices: 'none', requiredMessage: REQUIRED },
  106: { key: 'image', title: 'Image upload', slot: 'answerFiles', source: 'input', xlsform: 'image', choices: 'none', requiredMessage: REQUIRED },
  110: { key: 'file', title: 'File upload', slot: 'answerFiles', source: 'input', xlsform: 'file', choices: 'none', requiredMessage: REQUIRED },
  112: { key: 'acknowledge', title: 'Acknowledge', slot: 'questionChoice', source: 'input', xlsform: 'acknowledge', choices: 'none', requiredMessage: REQUIRED },
  113: { key: 'calculate', title: 'Calculate', slot: 'text', source: 'computed', xlsform: 'calculate', choices: 'none', requiredMessage: REQUIRED },
  275: { key: 'range', title: 'Range', slot: 'number', source: 'input', xlsform: 'range', choices: 'none', requiredMessage: REQUIRED },
  276: { key: 'rating', title: 'Rating', slot: 'answerRatings', source: 'input', xlsform: 'rating', choices: 'grid', requiredMessage: REQUIRED },
  277: { key: 'matrix', title: 'Matrix', slot: 'answerMatrix', source: 'input', xlsform: 'matrix', choices: 'grid', requiredMessage: REQUIRED },
  278: { key: 'ranking', title: 'Ranking', slot: 'answerRankings', source: 'input', xlsform: 'rank', choices: 'list', requiredMessage: 'All rankings must be selected' },
  279: { key: 'hidden', title: 'Hidden', slot: 'text', source: 'computed', xlsform: 'hidden', choices: 'none', requiredMessage: REQUIRED },
} as const satisfies Record<number, QuestionTypeInfo>;

export type QuestionType = keyof typeof QUESTION_TYPES;
export type QuestionKey = (typeof QUESTION_TYPES)[QuestionType]['key'];

/** Every type code, in the spec's order. */
export const QUESTION_TYPE_CODES = Object.keys(QUESTION_TYPES).map(Number) as QuestionType[];

export function isQuestionType(code: unknown): code is QuestionType {
  return typeof code === 'number' && Object.hasOwn(QUESTION_TYPES, code);
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
