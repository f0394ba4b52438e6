// Keys of stored files whose row went (migration 0023), for the purge that removes the files.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/**
 * The oldest noted keys, `limit` of them. A key some row still names (which a server never makes, keys
 * being fresh) is left out and forgotten rather than removed: a live file is never deleted by this.
 */
export async function removedFileKeys(db: Kysely<DB>, limit: number): Promise<{ keys: string[]; stillNamed: string[] }> {
  const rows = await db
    .selectFrom('removed_files as r')
    .select((eb) => [
      'r.storage_key',
      eb
        .or([
          eb.exists(eb.selectFrom('submission_files').select('id').whereRef('storage_key', '=', 'r.storage_key')),
          eb.exists(eb.selectFrom('survey_media').select('survey_id').whereRef('storage_key', '=', 'r.storage_key')),
          eb.exists(eb.selectFrom('ticket_attachments').select('id').whereRef('file_key', '=', 'r.storage_key')),
          eb.exists(eb.selectFrom('users').select('id').whereRef('profile_picture_key', '=', 'r.storage_key')),
        ])
        .as('named'),
    ])
    .orderBy('r.removed_at')
    .limit(limit)
    .execute();
  return {
    keys: rows.filter((r) => !r.named).map((r) => r.storage_key),
    stillNamed: rows.filter((r) => r.named).map((r) => r.storage_key),
  };
}

export async function forgetRemovedFiles(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('removed_files').where('storage_key', 'in', keys).execute();
}
