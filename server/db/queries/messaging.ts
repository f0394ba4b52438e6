// Messaging tasks: a survey link sent to receivers, one tracked link each (MessageReceiverId).
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export async function insertMessagingTask(
  q: Q,
  m: {
    organizationId: string;
    projectId: string;
    surveyId: string;
    channel: number;
    message: string;
    languageCode: string;
    createdBy: string;
    receivers: readonly { name: string; address: string }[];
  },
): Promise<{ id: string; receivers: { id: string; name: string; address: string }[] }> {
  const task = await q
    .insertInto('messaging_tasks')
    .values({
      organization_id: m.organizationId,
      project_id: m.projectId,
      survey_id: m.surveyId,
      channel: m.channel,
      message: m.message,
      language_code: m.languageCode,
      created_by: m.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receivers = await q
    .insertInto('message_receivers')
    .values(m.receivers.map((r) => ({ organization_id: m.organizationId, messaging_task_id: task.id, name: r.name, address: r.address })))
    .returning(['id', 'name', 'address'])
    .execute();
  return { id: task.id, receivers };
}

export async function markReceiverSent(q: Q, id: string, at: Date, error: string | null): Promise<void> {
  await q
    .updateTable('message_receivers')
    .set({ sent_at: error ? null : at, error })
    .where('id', '=', id)
    .execute();
}

/** The receiver a submission names: of a live messaging task of this survey and organization. */
export async function receiverForSubmission(q: Q, organizationId: string, surveyId: string, receiverId: string) {
  return q
    .selectFrom('message_receivers as r')
    .innerJoin('messaging_tasks as mt', 'mt.id', 'r.messaging_task_id')
    .select(['r.id', 'r.status'])
    .where('r.organization_id', '=', organizationId)
    .where('r.id', '=', receiverId)
    .where('mt.survey_id', '=', surveyId)
    .where('mt.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function markReceiverAnswered(q: Q, organizationId: string, receiverId: string, at: Date): Promise<void> {
  await q
    .updateTable('message_receivers')
    .set({ status: 3, submitted_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', receiverId)
    .where('status', '=', 0)
    .execute();
}

export interface ReceiverFilters extends PageRequest {
  projectId: string;
  deleted: boolean;
  search?: string | undefined;
  surveyId?: string | undefined;
  channel?: number | undefined;
  status?: number | undefined;
}

/** GET /Task/getMessagingTaskReceivers: a project's receivers, newest message first. */
export async function projectReceivers(q: Q, scope: ProjectScope, f: ReceiverFilters) {
  const pattern = containsPattern(f.search);
  const base = q
    .selectFrom('message_receivers as r')
    .innerJoin('messaging_tasks as mt', 'mt.id', 'r.messaging_task_id')
    .innerJoin('surveys as s', 's.id', 'mt.survey_id')
    .where('r.organization_id', '=', scope.organizationId)
    .where('mt.project_id', '=', f.projectId)
    .$if(scope.memberId !== undefined, (b) => b.where('mt.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .where('s.deleted_at', 'is', null)
    .where('mt.deleted_at', f.deleted ? 'is not' : 'is', null)
    .$if(f.surveyId !== undefined, (b) => b.where('mt.survey_id', '=', f.surveyId!))
    .$if(f.channel !== undefined, (b) => b.where('mt.channel', '=', f.channel!))
    .$if(f.status !== undefined, (b) => b.where('r.status', '=', f.status!))
    .$if(pattern !== undefined, (b) =>
      b.where((eb) => eb.or([eb('r.name', 'ilike', pattern!), eb('r.address', 'ilike', pattern!), eb('s.name', 'ilike', pattern!)])),
    );
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id',
        'r.name',
        'r.address',
        'mt.channel',
        'r.status',
        's.name as surveyName',
        'r.sent_at as sendingDate',
        'r.error',
        'mt.id as messagingTaskId',
      ])
      .orderBy('mt.created_at', 'desc')
      .orderBy('r.id')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
