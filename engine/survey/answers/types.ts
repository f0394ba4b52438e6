// The submission payload of spec 001 section 3: "Answer input" (answerDetail by type) and "Submission
// form fields", as typed objects. form-fields.ts turns them into multipart fields and back.
import type { CollectionType } from '../model';
import type { QuestionType } from '../question-types';
import type { Coords } from '../values';

/** A file of an image or file question: a new upload (data URL in the browser, 'upload:<field>' on the server). */
export interface AnswerFile {
  fileName: string;
  contentType: string;
  uri: string;
}

export interface AnswerDetail {
  questionType: QuestionType;
  /** 1-based instance indexes of the repeats around the question, joined with '.'; absent at the top. */
  repeatGroup?: string;
  text?: string;
  /** Choice ids. */
  choices?: string[];
  /** Number, decimal and range answers; a section's instance count; a phone number as E.164 text. */
  number?: number | string;
  coords?: Coords;
  answerFiles?: AnswerFile[];
  /** A file stored before (a stored submission shown read-only). */
  filePaths?: { filePath: string }[];
  questionChoice?: boolean;
  answerMatrix?: { choiceId: string; secondChoiceId: string; text: string }[];
  answerRankings?: { choiceId: string; rank: number }[];
  answerRatings?: { choiceId: string; secondChoiceId: string }[];
}

export interface AnswerInput {
  surveyId: string;
  userId: string | null;
  questionId: string;
  /** The question's name; inside repeats with the instance indexes as suffix ('member_age_2'). */
  name: string;
  answerDetail: AnswerDetail;
}

export interface SubmissionInput {
  /** The client's id of this submission (idempotency key). */
  id: string;
  surveyId: string;
  userId: string | null;
  taskId: string | null;
  messageReceiverId: string | null;
  dataCollectionType: CollectionType;
  /** ISO date-time the respondent opened the form. */
  startTime: string | null;
  isAnonymous: boolean;
  /** The uuid segment of the public link the form was opened from ('multiple-link' for a reusable one). */
  linkUuid: string | null;
  /** The language the respondent filled the form in (constraint messages of a refusal). */
  languageId: number | null;
  geolocation: { latitude: number; longitude: number } | null;
  answers: AnswerInput[];
  /** Instance count per repeat section (the '__counter' answers carry the same, per enclosing instance). */
  sectionRepeatGroups: { sectionId: string; repeatGroup: number }[];
  /** Ids of the questions answered. */
  questionIds: string[];
  /** The survey version the form was filled against (GetPreviewData's `version`); absent: the latest. */
  surveyVersion?: number | null;
}
