// `npm run backup -- FILE` and `npm run restore -- FILE` (compiled to dist/server/backup.js, run by
// build/start.mjs): the embedded database and its stored files, with the same DATA_DIR and FILE_STORAGE
// settings as `npm start`. A backup is taken from the running server when there is one (the only
// process that may open its database) and from the database directly when not; a restore goes into a
// fresh DATA_DIR with no server on it. With PostgreSQL the database's own tools do this (docs/backups.md).
import { createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { openPglite } from '../db/database';
import { openStorage } from '../plugins/storage';
import { BackupFileError, readBackup, writeBackup } from './archive';
import { backupFromServer, serverRunsOn } from './control';
import { backupSourceOf } from './source';

const USAGE = 'Usage: npm run backup -- FILE | npm run restore -- FILE';
const POSTGRES =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with its own tools, and restore them the same way (docs/backups.md).';

class Refusal extends Error {}

/** A database lives in DATA_DIR once PostgreSQL's version file is there. */
const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

async function backup(file: string): Promise<string> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Refusal(POSTGRES);
  if (existsSync(file)) throw new Refusal(`${file} exists already: give the backup a new name.`);
  // Written beside its name and renamed when whole, so a backup cut off never looks like one.
  const partial = `${file}.partial`;
  const out = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    if (await backupFromServer(config.dataDir, out)) {
      await rename(partial, file);
      return `Backed up the running server's ${config.dataDir} to ${file}.`;
    }
    if (!holdsDatabase(config.dataDir)) throw new Refusal(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
    const database = await openPglite(config.dataDir);
    try {
      await writeBackup(out(), await backupSourceOf(database, openStorage(config.fileStorage)));
    } finally {
      await database.close();
    }
    await rename(partial, file);
    return `Backed up ${config.dataDir} to ${file}.`;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

async function restore(file: string): Promise<string> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Refusal(POSTGRES);
  if (!existsSync(file)) throw new Refusal(`${file} is not there.`);
  if (await serverRunsOn(config.dataDir))
    throw new Refusal(`A server is running on ${config.dataDir}: stop it first, or restore into a fresh DATA_DIR.`);
  if (holdsDatabase(config.dataDir))
    throw new Refusal(`${config.dataDir} (DATA_DIR) holds a database already: restore into a fresh DATA_DIR.`);
  const before = new Set(await readdir(config.dataDir).catch(() => []));
  const storage = openStorage(config.fileStorage);
  try {
    const { header, files } = await readBackup(createReadStream(file), {
      workDir: join(config.dataDir, '.restore'),
      storage,
      async loadImage(path) {
        const database = await openPglite(config.dataDir, await openAsBlob(path));
        await database.close();
      },
    });
    await rm(join(config.dataDir, '.restore'), { recursive: true, force: true });
    const what = storage.settings.kind === 's3' ? `the database, and ${files} files into the bucket` : 'the database and its files';
    return `Restored the backup of ${header.createdAt} into ${config.dataDir}: ${what}. Start the server with this DATA_DIR.`;
  } catch (err) {
    // Nothing half-restored stays: what this restore added to DATA_DIR goes (the files it stored are
    // removed by readBackup).
    for (const name of await readdir(config.dataDir).catch(() => [])) {
      if (!before.has(name) || name === 'jwt-secret') await rm(join(config.dataDir, name), { recursive: true, force: true });
    }
    throw err;
  }
}

const [command, given] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !given) {
  console.error(USAGE);
  process.exit(2);
}
const file = resolve(given);
try {
  console.log(await (command === 'backup' ? backup(file) : restore(file)));
} catch (err) {
  if (err instanceof Refusal || err instanceof BackupFileError) {
    console.error(err instanceof BackupFileError ? `${file} cannot be restored: ${err.message}.` : err.message);
    process.exit(1);
  }
  throw err;
}
