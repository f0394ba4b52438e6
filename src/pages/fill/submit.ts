// The one way the fill page sends a submission. The payload is plain data (the multipart fields of
// spec 001 section 3, files as data URLs), so it can be stored and sent again: the offline work
// routes this function through the outbox (src/offline/submit.ts) without touching the page.
import {
  COLLECTION_TYPE,
  encodeAnswers,
  toFormEntries,
  type Bindings,
  type FormEntry,
  type FormValues,
  type SubmissionInput,
} from '../../../engine/survey/index';
import { sendRecord } from '../../offline/outbox/send';
import type { FillRoute } from './route';

export interface SubmissionPayload {
  /** The client's submission id: the server stores it once, however often it is sent. */
  id: string;
  surveyId: string;
  /** The survey's name, for lists of waiting submissions. */
  title: string;
  entries: FormEntry[];
}

export type SubmitResult =
  /** The server stored it (or had it already): its message and the stored submission. */
  | { status: 'sent'; message: string; data: unknown }
  /** Kept on this device to be sent later (the outbox). */
  | { status: 'queued' };

/** Sends the submission; throws the server's refusal or the network failure (ApiError). */
export async function submitSurvey(payload: SubmissionPayload): Promise<SubmitResult> {
  const answer = await sendRecord(payload);
  return { status: 'sent', ...answer };
}

export interface SubmissionContext {
  route: FillRoute;
  /** The client id of this fill-in. */
  submissionId: string;
  userId: string | null;
  startTime: string;
  languageId: number;
  geolocation: { latitude: number; longitude: number } | null;
}

/** The validated answers as the multipart payload (spec 001 "Submission form fields", "Answer input"). */
export function buildPayload(b: Bindings, title: string, data: FormValues, ctx: SubmissionContext): SubmissionPayload {
  const { route } = ctx;
  const encoded = encodeAnswers(b, data, { surveyId: route.surveyId, userId: ctx.userId });
  const submission: SubmissionInput = {
    id: ctx.submissionId,
    surveyId: route.surveyId,
    userId: ctx.userId,
    taskId: route.taskId,
    messageReceiverId: route.receiverId,
    dataCollectionType: route.taskId !== null ? COLLECTION_TYPE.InPerson : COLLECTION_TYPE.SurveyLink,
    startTime: ctx.startTime,
    isAnonymous: ctx.userId === null,
    linkUuid: route.linkUuid,
    languageId: ctx.languageId,
    geolocation: ctx.geolocation,
    ...encoded,
  };
  return { id: ctx.submissionId, surveyId: route.surveyId, title, entries: toFormEntries(submission) };
}
