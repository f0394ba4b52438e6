// Whether a submission may arrive through a task link (spec 001 section 2: '/public-survey/...?taskId=',
// or a messaging task's receiver). Task links need no sign-in, so the task itself is the credential:
// it must exist in the survey's organization, be a task of that survey, be assigned to the caller (or
// name the message receiver given), and be in a state that takes a submission (Assigned or In Progress).
//
// There are no task tables yet (tasks are a later issue), so no task exists and every task id or
// receiver id is refused. The tasks issue replaces the body of `taskAllowsSubmission` with the lookup
// (a query in server/db/queries/tasks.ts) and may then let SubmitSurvey's fast path take task links
// again; until then both SubmitSurvey paths call this before anything is written.
import type { Kysely } from 'kysely';
import type { Caller } from '../access';
import type { DB } from '../db/schema';

export interface TaskClaim {
  organizationId: string;
  surveyId: string;
  taskId: string | null;
  messageReceiverId: string | null;
  caller: Caller | null;
}

/** True when the task (or message receiver) named lets this submission in; false answers 404. */
export async function taskAllowsSubmission(_db: Kysely<DB>, _claim: TaskClaim): Promise<boolean> {
  return false;
}
