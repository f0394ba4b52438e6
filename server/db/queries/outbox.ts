// Every e-mail the product sends is kept here first; the development mailbox page reads it back.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

export async function enqueueMail(
  db: Kysely<DB>,
  mail: { to: string; subject: string; text: string; html: string | null },
): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text, body_html: mail.html, sent_at: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many mails in one statement (a bulk upload's invitations); answers their ids in the same order. */
export async function enqueueMails(
  db: Kysely<DB>,
  mails: readonly { to: string; subject: string; text: string; html: string | null }[],
): Promise<string[]> {
  const ids: string[] = [];
  // 500 rows of 6 parameters stay far below PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < mails.length; i += 500) {
    const rows = await db
      .insertInto('mail_outbox')
      .values(
        mails
          .slice(i, i + 500)
          .map((m) => ({ to_address: m.to, subject: m.subject, body_text: m.text, body_html: m.html, sent_at: null, error: null })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function markMailSent(db: Kysely<DB>, id: string, error: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(error ? { error } : { sent_at: new Date(), error: null })
    .where('id', '=', id)
    .execute();
}

export async function listMail(db: Kysely<DB>, opts: { to?: string | undefined; limit: number }) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').limit(opts.limit);
  if (opts.to) q = q.where('to_address', 'ilike', opts.to);
  return q.execute();
}
