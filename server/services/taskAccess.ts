// Whether a submission may arrive through a task link (spec 001 section 2: '/public-survey/...?taskId=',
// or a messaging task's receiver), and what a submission through one does to its task. The task itself
// is the credential:
//   - a task id must name a live task of this survey in the survey's organization, assigned to the
//     signed-in caller (a task link without sign-in, or another collector's, is refused), Assigned or
//     In Progress;
//   - a receiver id must name a receiver of a live messaging task of this survey who has not answered.
// Anything else answers 404, before anything is written.
import type { Kysely } from 'kysely';
import { OPEN_TASK_STATUSES, taskStatuses } from '../../schemas/tasks';
import type { Caller } from '../access';
import { receiverForSubmission, markReceiverAnswered } from '../db/queries/messaging';
import { completeTask, taskForSubmission } from '../db/queries/tasks';
import type { DB } from '../db/schema';

export interface TaskClaim {
  organizationId: string;
  surveyId: string;
  taskId: string | null;
  messageReceiverId: string | null;
  caller: Caller | null;
  /** The submission is already stored (a retry): its task may have turned Completed by it. */
  retry?: boolean;
}

const OPEN = new Set<number>(OPEN_TASK_STATUSES);
const OPEN_OR_DONE = new Set<number>([...OPEN_TASK_STATUSES, taskStatuses.Completed]);

/** True when the task (or message receiver) named lets this submission in; false answers 404. */
export async function taskAllowsSubmission(db: Kysely<DB>, claim: TaskClaim): Promise<boolean> {
  if (claim.taskId !== null) {
    if (!claim.caller) return false;
    const task = await taskForSubmission(db, claim.organizationId, claim.surveyId, claim.taskId);
    if (
      !task ||
      task.memberDeletedAt !== null ||
      task.userId !== claim.caller.userId ||
      !(claim.retry ? OPEN_OR_DONE : OPEN).has(task.status)
    )
      return false;
  }
  if (claim.messageReceiverId !== null) {
    const receiver = await receiverForSubmission(db, claim.organizationId, claim.surveyId, claim.messageReceiverId);
    if (!receiver || (receiver.status !== 0 && !claim.retry)) return false;
  }
  return true;
}

/** After the submission is stored: the task turns Completed (Finished), the receiver Finished. */
export async function taskAfterSubmission(db: Kysely<DB>, claim: Omit<TaskClaim, 'caller' | 'retry'>, at: Date): Promise<void> {
  if (claim.taskId !== null) await completeTask(db, claim.organizationId, claim.taskId, at);
  if (claim.messageReceiverId !== null) await markReceiverAnswered(db, claim.organizationId, claim.messageReceiverId, at);
}
