// What a backup is made of, read the same way by the running server and by the command without one.
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Storage } from '../plugins/storage';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupSource } from './archive';

export async function backupSourceOf(database: Database, storage: Storage): Promise<BackupSource> {
  if (!database.image) throw new Error('only the embedded database is backed up by this command');
  const image = database.image;
  const last = await sql<{ name: string }>`select name from schema_migrations order by version desc limit 1`.execute(database.db);
  return {
    header: { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), migration: last.rows[0]?.name ?? '' },
    image: () => image(),
    // On the disk the files are inside DATA_DIR, so inside the image.
    bucket: storage.settings.kind === 's3' ? storage : undefined,
  };
}
