// Messaging tasks: a survey link sent to each receiver through a channel, one link per
// receiver (/public-survey/{language}/{surveyId}?receiverId=...), so each answer is tracked
// (MessageReceiverId) and the receiver turns Finished (./taskAccess.ts).
import type { Kysely } from 'kysely';
import { isValidEmail } from '../../engine/validation/account';
import { messageChannels, type CreateMessagingTaskBody, type ReceiversQuery } from '../../schemas/tasks';
import type { Config } from '../config';
import { insertMessagingTask, markReceiverSent, projectReceivers } from '../db/queries/messaging';
import { findSurveyHead } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import type { Mailer } from '../plugins/mail';
import { problem } from '../problems';
import { messageProviders } from './messageChannels';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

export interface MessagingDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'publicUrl' | 'whatsapp'>;
  mailer: Mailer;
}

const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/** Which channels this server can send through: the screens show the others as off. */
export function channelStatus(deps: Pick<MessagingDeps, 'config' | 'mailer'>) {
  const p = messageProviders(deps.config, deps.mailer);
  return { whatsapp: p[messageChannels.Whatsapp].available, email: p[messageChannels.Email].available };
}

export async function createMessagingTask(deps: MessagingDeps, t: Tenant, body: CreateMessagingTaskBody, now: Date = new Date()) {
  const provider = messageProviders(deps.config, deps.mailer)[body.channel as 0 | 1];
  if (!provider.available) throw problem('channelUnavailable');
  const survey = await findSurveyHead(deps.db, body.surveyId, projectScopeOf(t));
  if (!survey) throw problem('notFound');
  if (survey.status !== 1) throw problem('surveyNotDeployed');
  const receivers = body.receivers.map((r) => ({ name: r.name?.trim() ?? '', address: r.address.trim() }));
  const valid = body.channel === messageChannels.Email ? isValidEmail : (a: string) => PHONE.test(a);
  const bad = receivers.findIndex((r) => !valid(r.address));
  if (bad >= 0) throw problem('validation', { errors: [`'receivers[${bad}].address' is not valid`] });
  const language = await deps.db
    .selectFrom('languages')
    .select('code')
    .where('id', '=', survey.defaultLanguageId)
    .executeTakeFirstOrThrow();
  const created = await insertMessagingTask(deps.db, {
    organizationId: t.organizationId,
    projectId: survey.projectId,
    surveyId: survey.id,
    channel: body.channel,
    message: body.message?.trim() ?? '',
    languageCode: body.languageCode ?? language.code,
    createdBy: t.userId,
    receivers,
  });
  let sent = 0;
  for (const r of created.receivers) {
    const link = `${deps.config.publicUrl}/public-survey/${encodeURIComponent(body.languageCode ?? language.code)}/${survey.id}?receiverId=${r.id}`;
    const text = [
      `Hello${r.name ? ` ${r.name}` : ''},`,
      body.message?.trim() || `You are invited to fill in the survey "${survey.name}".`,
    ].join('\n\n');
    try {
      await provider.send({ to: r.address, name: r.name, subject: survey.name, text, link });
      await markReceiverSent(deps.db, r.id, now, null);
      sent += 1;
    } catch (err) {
      await markReceiverSent(deps.db, r.id, now, (err instanceof Error ? err.message : String(err)).slice(0, 1000));
    }
  }
  return { id: created.id, receivers: created.receivers.length, sent };
}

export async function receiversOf(db: Kysely<DB>, t: Tenant, q: ReceiversQuery) {
  const { rows, total } = await projectReceivers(db, projectScopeOf(t), {
    projectId: q.ProjectId,
    deleted: q.isDeleted ?? false,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 10,
    search: q.Search,
    surveyId: q.SurveyId,
    channel: q.Channel,
    status: q.Status,
  });
  return { receivers: rows.map((r) => ({ ...r, sendingDate: r.sendingDate ? r.sendingDate.toISOString() : null })), totalSize: total };
}
