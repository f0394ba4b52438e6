// Sends the product's e-mails. Every message is kept in the outbox table first; with SMTP_URL it then
// goes out through nodemailer, otherwise it is printed to the log and readable at /dev/mailbox.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { enqueueMail, enqueueMails, markMailSent } from '../db/queries/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Many messages at once (a bulk upload's invitations): all kept in the outbox in one statement, which
   * is what the caller waits for; the SMTP deliveries then go one after another in the background.
   */
  sendMany(messages: readonly MailMessage[]): Promise<void>;
  close(): void;
}

/**
 * Header values (the recipient and the subject, which carries names: an organization's, a person's)
 * with a CR, an LF or another control character are refused: a name holding '\r\nBcc: ...' must not
 * add a header or a recipient (anyone may choose those names). The routes refuse such names already;
 * this is the second wall for a name stored before that rule or by another path.
 */
export const HEADER_UNSAFE = /[\u0000-\u001f\u007f\u2028\u2029]/;

export function createMailer(opts: {
  db: Kysely<DB>;
  smtpUrl: string | undefined;
  from: string;
  log: { info(message: string): void; error(obj: unknown, message?: string): void };
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  async function deliver(id: string, message: MailMessage): Promise<void> {
    if (HEADER_UNSAFE.test(message.to) || HEADER_UNSAFE.test(message.subject)) {
      opts.log.error({ to: JSON.stringify(message.to) }, 'mail refused: a control character (CR, LF) in a header');
      await markMailSent(opts.db, id, 'refused: a control character (CR, LF) in a header');
      return;
    }
    if (!transport) {
      opts.log.info(`mail to ${message.to}: ${message.subject}\n${message.text}`);
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      await markMailSent(opts.db, id, null);
    } catch (err) {
      // The request that asked for the mail still succeeds: the user can ask for the code again.
      opts.log.error({ err }, `mail to ${message.to} failed`);
      await markMailSent(opts.db, id, err instanceof Error ? err.message : String(err));
    }
  }
  const row = (m: MailMessage) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null });
  return {
    async send(message) {
      await deliver(await enqueueMail(opts.db, row(message)), message);
    },
    async sendMany(messages) {
      const ids = await enqueueMails(opts.db, messages.map(row));
      if (!transport) {
        opts.log.info(`${messages.length} mails kept in the outbox (no SMTP_URL): ${messages.map((m) => m.to).join(', ')}`);
        return;
      }
      void (async () => {
        for (const [i, m] of messages.entries()) await deliver(ids[i]!, m).catch(() => undefined);
      })();
    },
    close() {
      transport?.close();
    },
  };
}
