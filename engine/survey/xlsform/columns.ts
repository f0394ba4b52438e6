// The columns of an XLSForm survey sheet row and the model field each one is, declared once: the export
// writes a row from these and the import reads a row back through the same entries. Headers are
// pyxform's (lower case; a translated column is 'label::English (en)'). Columns starting 'fs_' are ours:
// pyxform ignores columns it does not know, so they carry what the standard cannot say (docs/xlsform.md).
import { MEDIA_KINDS, type LocalizedText, type MediaKind, type QuestionModel, type SurveyItem, type SurveySettings } from '../model';

/** The question and its item fields that a row fills (the import starts from an empty question). */
export interface RowTarget {
  q: QuestionModel;
  item: Pick<SurveyItem, 'repeat_count'>;
}

interface Plain {
  header: string;
  translated: false;
  get: (t: RowTarget) => string | null;
  set: (t: RowTarget, cell: string) => void;
}
interface Translated {
  header: string;
  translated: true;
  get: (t: RowTarget) => readonly LocalizedText[];
  set: (t: RowTarget, texts: LocalizedText[]) => void;
}
export type Column = Plain | Translated;

const plain = (
  header: string,
  field: 'relevant' | 'constraint' | 'calculation' | 'default' | 'choiceFilter' | 'appearance' | 'parameters',
): Plain => ({
  header,
  translated: false,
  get: (t) => t.q[field],
  set: (t, cell) => {
    t.q[field] = cell;
  },
});
const texts = (
  header: string,
  field: 'questionLabels' | 'surveyQuestionHints' | 'guidanceHints' | 'constraintMessages' | 'requiredMessages',
): Translated => ({
  header,
  translated: true,
  get: (t) => t.q[field],
  set: (t, list) => {
    t.q[field] = list;
  },
});
const media = (kind: MediaKind): Translated => ({
  header: kind,
  translated: true,
  get: (t) => t.q.media.filter((m) => m.kind === kind),
  set: (t, list) => {
    t.q.media = [...t.q.media.filter((m) => m.kind !== kind), ...list.map((l) => ({ kind, ...l }))];
  },
});
const rangeLabel = (header: string, end: 'firstLabel' | 'secondLabel'): Translated => ({
  header,
  translated: true,
  get: (t) => t.q.range?.[end] ?? [],
  set: (t, list) => {
    t.q.range = { firstLabel: [], secondLabel: [], ...t.q.range, [end]: list };
  },
});

/** Words pyxform reads as yes in required and read_only (aliases.py yes_no). */
export const YES_WORDS: ReadonlySet<string> = new Set(['yes', 'true', 'true()']);
export const NO_WORDS: ReadonlySet<string> = new Set(['no', 'false', 'false()', '']);

/**
 * In sheet order. 'required' is a flag or an expression (pyxform passes anything but its yes/no words
 * through to the bind); 'read_only' is a flag, an expression in it is reported by the import.
 * 'fs_max_choices' and the range labels have no standard column.
 */
export const COLUMNS: readonly Column[] = [
  texts('label', 'questionLabels'),
  texts('hint', 'surveyQuestionHints'),
  texts('guidance_hint', 'guidanceHints'),
  {
    header: 'required',
    translated: false,
    get: (t) => (t.q.requiredExpression?.trim() ? t.q.requiredExpression.trim() : t.q.isRequired ? 'yes' : null),
    set: (t, cell) => {
      const word = cell.trim().toLowerCase();
      // 1 and 0 are what XPath makes of them, true and false: a flag the builder's switch shows.
      const yes = YES_WORDS.has(word) || word === '1';
      const no = NO_WORDS.has(word) || word === '0';
      t.q.isRequired = yes;
      t.q.requiredExpression = yes || no ? null : cell.trim();
    },
  },
  texts('required_message', 'requiredMessages'),
  {
    header: 'read_only',
    translated: false,
    get: (t) => (t.q.readOnly ? 'yes' : null),
    set: (t, cell) => {
      t.q.readOnly = !NO_WORDS.has(cell.trim().toLowerCase());
    },
  },
  plain('relevant', 'relevant'),
  plain('constraint', 'constraint'),
  texts('constraint_message', 'constraintMessages'),
  plain('calculation', 'calculation'),
  plain('default', 'default'),
  plain('choice_filter', 'choiceFilter'),
  plain('appearance', 'appearance'),
  plain('parameters', 'parameters'),
  {
    header: 'repeat_count',
    translated: false,
    get: (t) => t.item.repeat_count,
    set: (t, cell) => {
      t.item.repeat_count = cell;
    },
  },
  ...MEDIA_KINDS.map(media),
  {
    header: 'fs_max_choices',
    translated: false,
    get: (t) => (t.q.maxChoices === null ? null : String(t.q.maxChoices)),
    set: (t, cell) => {
      const n = Number(cell);
      t.q.maxChoices = Number.isInteger(n) && n > 0 ? n : null;
    },
  },
  {
    header: 'fs_emoji',
    translated: false,
    get: (t) => (t.q.hasEmoji ? 'yes' : null),
    set: (t, cell) => {
      t.q.hasEmoji = YES_WORDS.has(cell.trim().toLowerCase());
    },
  },
  rangeLabel('fs_range_first_label', 'firstLabel'),
  rangeLabel('fs_range_second_label', 'secondLabel'),
];

/** Our own column: which of our types a row was, where the standard construct is shared (phone, rating, matrix). */
export const TYPE_COLUMN = 'fs_type';
/** Our own column: a calculate written with a placeholder calculation because it had none (pyxform refuses an empty one). */
export const NO_CALCULATION_COLUMN = 'fs_no_calculation';
/** Our own column: the file a select's choices came from (select_one_from_file); a select without choices is written so. */
export const CHOICES_FILE_COLUMN = 'fs_choices_file';
/** Our own column: the XLSForm metadata type ('start', 'deviceid', …) a hidden question was read from. */
export const METADATA_COLUMN = 'fs_metadata';
/** XLSForm metadata types ODK clients fill in themselves: read as hidden questions and written back as such. */
export const METADATA_TYPES: ReadonlySet<string> = new Set([
  'start',
  'end',
  'today',
  'deviceid',
  'subscriberid',
  'simserial',
  'phonenumber',
  'username',
  'email',
  'audit',
  'start-geopoint',
  'background-geopoint',
  'uri:deviceid',
  'uri:email',
  'uri:username',
  'uri:subscriberid',
  'uri:simserial',
  'uri:phonenumber',
]);
/**
 * Our own column: the entities sheet (ODK Central datasets) as JSON rows of cells, on the row that saves to
 * it; the export writes it back as the 'entities' sheet, not as a column.
 */
export const ENTITIES_COLUMN = 'fs_entities';
/** An extra column's longest value (schemas/surveyBuilder.ts extraColumns). */
export const ENTITIES_MAX = 10000;
/** Our own setting: every language of the survey, with texts or not. */
export const LANGUAGES_SETTING = 'fs_languages';
/** The placeholder: an empty string. */
export const EMPTY_CALCULATION = "''";

/** Columns pyxform refuses or ignores on a group row: a grid question keeps them under 'fs_' there. */
export const GRID_OWN = new Set([
  'constraint',
  'constraint_message',
  'calculation',
  'default',
  'required_message',
  'read_only',
  'choice_filter',
  'parameters',
]);

/** 'English (en)': the language part of a translated column's header, as XLSForm writes it; a language without a code by its name alone. */
export const languageColumn = (l: { name: string; code: string }): string => (l.code === '' ? l.name : `${l.name} (${l.code})`);

/** The settings a survey keeps (SurveyModel.settings), by settings-sheet column; the import reads and the export writes these. */
export const SETTINGS_KEPT: readonly (readonly [column: string, field: keyof SurveySettings])[] = [
  ['version', 'version'],
  ['instance_name', 'instanceName'],
  ['style', 'style'],
  ['submission_url', 'submissionUrl'],
];
/** Longest value of a kept setting (an instance_name expression is the longest we met, well under this). */
export const SETTING_MAX = 2000;
