// The development mailbox: with no SMTP server configured, e-mails stay in the outbox and this lists
// them, so a new user can read their confirmation code. Off when DEV_MAILBOX=off or SMTP_URL is set.
import { DEV_MAILBOX_API } from '../../schemas/account';
import type { FastifyRequest } from 'fastify';
import { ok, type App } from '../envelope';
import { listMail } from '../db/queries/outbox';
import { problem } from '../problems';
import { routeOf } from '../route';

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

/**
 * The request was made on this machine, not relayed: a reverse proxy on the same host connects from
 * 127.0.0.1 for every visitor, so a forwarding header makes it someone else's request, whatever TRUST_PROXY says.
 */
function fromThisMachine(req: FastifyRequest): boolean {
  const relayed =
    req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  return !relayed && isLoopback(req.socket.remoteAddress ?? '');
}

export default async function devMailboxRoutes(app: App): Promise<void> {
  if (!app.deps.config.devMailbox) return;
  app.route({
    ...routeOf(DEV_MAILBOX_API.mailbox),
    handler: async (req) => {
      // The mailbox shows everyone's codes: unless asked for explicitly, only the machine itself may read it.
      if (app.deps.config.devMailboxLoopbackOnly && !fromThisMachine(req)) throw problem('routeNotFound');
      const mail = await listMail(app.deps.database.db, { to: req.query.to, limit: req.query.limit });
      return ok(
        mail.map((m) => ({
          id: m.id,
          to: m.to_address,
          subject: m.subject,
          text: m.body_text,
          createdAt: new Date(m.created_at).toISOString(),
          sentAt: m.sent_at,
        })),
      );
    },
  });
}
