// The survey as the server sends it (GetPreviewData, GetById) and the compiler reads it: the item tree
// of spec 001 section 3 ("Survey", "Survey item", "Question (renderer view)", "Choice"). Plain JSON:
// absent values are null, texts are lists of per-language entries.
import type { QuestionType, SheetType } from './question-types';

/** Survey status (spec 001 section 4): Editing 0 (shown Editing), Deployed 1 (shown Published), Archived 2. */
export const SURVEY_STATUS = { Editing: 0, Deployed: 1, Archived: 2 } as const;
export type SurveyStatus = (typeof SURVEY_STATUS)[keyof typeof SURVEY_STATUS];

/** Collection type (spec 001 "Other codes"). */
export const COLLECTION_TYPE = { SurveyLink: 0, InPerson: 1 } as const;
export type CollectionType = (typeof COLLECTION_TYPE)[keyof typeof COLLECTION_TYPE];

export interface LocalizedText {
  languageId: number;
  text: string;
}

export interface SurveyLanguage {
  languageId: number;
  name: string;
  /** ISO code ('en', 'fr', 'ar'): decides the writing direction and jr:choice-name's language. */
  code: string;
  isBaseLanguage: boolean;
  /** Translated 0, InProgress 1, Archived 2; 0 means available. */
  translateStatus: number;
  /**
   * A language of this survey alone, not of the product's list (an imported form's 'label::Local
   * language'): shown by its name, and its code, when it has one, as the form gave it ('' when none).
   */
  custom?: boolean;
}

/** XLSForm settings the survey keeps, exported back as they came (docs/xlsform.md). */
export interface SurveySettings {
  /** The form's version as its authors number it (settings 'version'); shown with the survey. */
  version?: string;
  /** The expression naming each submission (settings 'instance_name'), e.g. concat(${name}, '-', ${village}). */
  instanceName?: string;
  /** The form's style for ODK clients (settings 'style': 'pages', 'theme-grid'). */
  style?: string;
  /** Where ODK clients would send submissions (settings 'submission_url'); submissions come here, it is kept for the export. */
  submissionUrl?: string;
}

/** The media columns of XLSForm (`image::English (en)`, `audio`, `video`, `big-image`), one file name per language. */
export const MEDIA_KINDS = ['image', 'big-image', 'audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface MediaText extends LocalizedText {
  kind: MediaKind;
}

export interface ChoiceModel {
  id: string;
  /** The value stored in the form data and read by expressions; no spaces (XLSForm). */
  name: string;
  choiceLabels: LocalizedText[];
  emoji: string | null;
  /** Further columns of the choice row, read by choice filters as bare names (`county = ${county}`). */
  filters: Record<string, string>;
  /** Images, audio and video shown with the choice, per language (XLSForm media columns of the choices sheet); absent: none. */
  media?: MediaText[];
}

export interface RangeLabels {
  firstLabel: LocalizedText[];
  secondLabel: LocalizedText[];
}

/**
 * A question, or the header of a section (questionType 0). For a section, questionLabels are its names
 * and surveyQuestionHints its descriptions per language.
 */
export interface QuestionModel {
  id: string;
  /**
   * Unique in its parent (group, repeat or the top), as in XLSForm; `${name}` in expressions. The form data
   * keys the answer by it, or by its path where another item has the same name (keys.ts).
   */
  name: string;
  questionType: QuestionType;
  /** Always required (XLSForm `required: yes`); see requiredExpression for a condition. */
  isRequired: boolean;
  /**
   * Required only while this expression holds (XLSForm `required: ${health} = 'dead'`), evaluated like
   * relevance; when present it decides, and isRequired is false. Absent or null: isRequired decides
   * (surveys saved before the field existed have none).
   */
  requiredExpression?: string | null;
  /** A literal, or an expression when it holds `${` or a function call (a dynamic default). */
  default: string | null;
  calculation: string | null;
  relevant: string | null;
  constraint: string | null;
  constraintMessages: LocalizedText[];
  /** The message of a missing required answer, per language (XLSForm `required_message`); empty: the type's own. */
  requiredMessages: LocalizedText[];
  /**
   * The respondent cannot change the answer (XLSForm `read_only: yes`): the fill page shows it without an
   * input, and the server stores the question's default (or calculation) whatever was sent. A boolean,
   * not an expression: ODK Collect evaluates `read_only` once, and the forms we met only say yes or no.
   */
  readOnly: boolean;
  /** Longer guidance for enumerators (XLSForm `guidance_hint`), per language. */
  guidanceHints: LocalizedText[];
  /** Images, audio and video shown with the question, per language (XLSForm media columns). */
  media: MediaText[];
  /**
   * Columns of the XLSForm row we do not model (`body::accuracyThreshold`, `trigger`, tool-specific ones),
   * kept by header so an import exports back with nothing lost. Not read by the engine.
   */
  extraColumns: Record<string, string>;
  /**
   * The XLSForm type the question was, where one of our 21 types carries it (question-types.ts
   * SHEET_TYPES): 'geotrace' or 'geoshape' on a Text, 'audio' or 'video' on a File upload. Absent or
   * null: the type's own.
   */
  sheetType?: SheetType | null;
  choiceFilter: string | null;
  /** Space-separated appearance values (spec 001 section 5), e.g. 'minimal', 'month-year', 'likert'. */
  appearance: string | null;
  /** XLSForm parameters, e.g. 'start=0 end=10 step=1' (range) or 'max-pixels=1024' (image). */
  parameters: string | null;
  questionLabels: LocalizedText[];
  surveyQuestionHints: LocalizedText[];
  selectQuestionChoices: ChoiceModel[];
  /** Columns of matrix and rating questions. */
  secondChoices: ChoiceModel[];
  maxChoices: number | null;
  range: RangeLabels | null;
  hasEmoji: boolean;
  order: number;
}

export interface SurveyItem {
  itemLabel: 'Section' | 'Question';
  id: string;
  /** The enclosing section's id; null at the top. */
  sectionId: string | null;
  /** Names from the top down to this item, sections included: 'household/members/member_age'. */
  xpath: string;
  repeatGroup: boolean;
  /** Fixed number of instances of a repeat: a number or an expression; null lets the respondent add them. */
  repeat_count: string | null;
  surveyItem: QuestionModel;
  innerItems: SurveyItem[];
}

export interface SurveyModel {
  id: string;
  name: string;
  description: string;
  /** ISO date-time after which submissions are refused; null when open-ended. */
  endDate: string | null;
  surveyStatusId: SurveyStatus;
  toggleLocation: boolean;
  surveyLanguageMaps: SurveyLanguage[];
  surveyItems: SurveyItem[];
  /** XLSForm settings kept from an import; absent: none. */
  settings?: SurveySettings;
  /**
   * The CSV files attached to the survey for pulldata(), by instance name (file name without .csv), as
   * rows keyed by the header. Filled by the server from the survey's media when it compiles or serves
   * the survey; never saved with the content.
   */
  attachments?: Readonly<Record<string, readonly Readonly<Record<string, string>>[]>>;
}
