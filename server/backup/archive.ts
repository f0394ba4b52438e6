// The backup file of an embedded installation: one gzipped tar holding the database's image (the whole
// DATA_DIR: the database, the JWT secret and, with FILE_STORAGE=disk, the stored files, all of one
// moment) and, with a bucket, the bucket's files, between a header that says what the file is and a
// trailer that says it is whole. Names in the archive are never paths on this machine: each is one of the few this file writes,
// and a file's name is a storage key, checked by the storage before anything is written.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { checkKey, type Storage } from '../plugins/storage';

export const BACKUP_FORMAT = 'fieldsurvey-backup';
export const BACKUP_VERSION = 1;

const HEADER = 'fieldsurvey-backup.json';
const DATABASE = 'database.tar';
const FILES = 'files/';
const TRAILER = 'end.json';
/** Header and trailer are a few lines of JSON; anything longer is not one of ours. */
const SMALL_ENTRY_BYTES = 64 * 1024;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The last migration the database had, so a restore into an older release can say so. */
  migration: string;
}

interface Trailer {
  files: number;
  fileBytes: number;
}

export interface BackupSource {
  header: BackupHeader;
  /** The database as one consistent image (Database.image). */
  image: () => Promise<Blob>;
  /** The bucket the files are in; undefined when they are on the disk, and so in the image. */
  bucket: Storage | undefined;
}

/** A problem with the file being restored, said to the operator as it is. */
export class BackupFileError extends Error {
  readonly code = 'backupFile';
}

/** Writes the whole backup to `out`; the database is imaged first, then the files are read one by one. */
export async function writeBackup(out: Writable, source: BackupSource): Promise<Trailer> {
  const pack = tar.pack();
  const done = pipeline(chunks(pack), createGzip({ level: 6 }), out);
  const entry = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve())),
    );
  const trailer: Trailer = { files: 0, fileBytes: 0 };
  try {
    await entry(HEADER, Buffer.from(JSON.stringify(source.header)));
    const image = Buffer.from(await (await source.image()).arrayBuffer());
    await entry(DATABASE, image);
    for await (const { key, size } of source.bucket?.list() ?? []) {
      const body = await source.bucket!.stream(key).catch(() => undefined);
      // Removed since it was listed (the purge): it is not part of the database image either.
      if (!body) continue;
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: FILES + key, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
        body.on('error', reject);
        body.pipe(sink);
      });
      trailer.files++;
      trailer.fileBytes += size;
    }
    await entry(TRAILER, Buffer.from(JSON.stringify(trailer)));
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    await done.catch(() => undefined);
    throw err;
  }
  await done;
  return trailer;
}

export interface RestoreTarget {
  /** A folder of the same disk as the database's, for the image while it is read. */
  workDir: string;
  storage: Storage;
  /** Called once the image is whole on disk, with its path; loads it into the fresh database. */
  loadImage(path: string): Promise<void>;
}

/** An entry's bytes as Node's pipeline reads them (tar-stream's entries are not Node streams). */
async function* chunks(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of entry) yield chunk as Buffer;
}

async function readSmall(stream: AsyncIterable<unknown>, name: string, size: number): Promise<Buffer> {
  if (size > SMALL_ENTRY_BYTES) throw new BackupFileError(`${name} is ${size} bytes: this is not a backup of this product`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson<T>(bytes: Buffer, name: string): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new BackupFileError(`${name} is not JSON: this is not a backup of this product`);
  }
}

/**
 * Reads a backup into the target. The entries must come as writeBackup wrote them: the header first,
 * the database image, then the files, the trailer last with the count of files seen. A file that stops
 * short (a copy cut off) has no trailer and is refused; the files written to the storage by then are
 * removed again (the caller removes the database it loaded).
 */
export async function readBackup(input: Readable, target: RestoreTarget): Promise<{ header: BackupHeader; files: number }> {
  const extract = tar.extract();
  const written: string[] = [];
  let header: BackupHeader | undefined;
  let image = false;
  let trailer: Trailer | undefined;
  let fileBytes = 0;
  await mkdir(target.workDir, { recursive: true });
  // tar-stream's streams are not Node's: the file is piped in, and a broken one ends the reading.
  const gunzip = createGunzip();
  const broken = (err: Error) => extract.destroy(new BackupFileError(`the file is not a whole gzipped backup (${err.message})`));
  input.on('error', broken);
  gunzip.on('error', broken);
  input.pipe(gunzip).pipe(extract);
  try {
    for await (const item of extract) {
      const { name, size = 0, type } = item.header;
      if (trailer) throw new BackupFileError(`${name} comes after the end of the backup`);
      if (type !== 'file') throw new BackupFileError(`${name} is not a file: this is not a backup of this product`);
      if (!header) {
        if (name !== HEADER) throw new BackupFileError('the file does not start as a backup of this product does');
        header = parseJson<BackupHeader>(await readSmall(item, name, size), name);
        if (header.format !== BACKUP_FORMAT) throw new BackupFileError('the file is not a backup of this product');
        if (header.version !== BACKUP_VERSION)
          throw new BackupFileError(`the backup is of format ${String(header.version)}; this release reads ${BACKUP_VERSION}`);
      } else if (name === DATABASE && !image) {
        const path = join(target.workDir, `${randomUUID()}.tar`);
        await pipeline(chunks(item), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
        try {
          await target.loadImage(path);
        } finally {
          await rm(path, { force: true });
        }
        image = true;
      } else if (name.startsWith(FILES) && image) {
        const key = name.slice(FILES.length);
        try {
          checkKey(key);
        } catch {
          throw new BackupFileError(`${name} is not a file this product stores`);
        }
        const path = join(target.storage.tempDir, `${randomUUID()}.restore`);
        await mkdir(target.storage.tempDir, { recursive: true });
        await pipeline(chunks(item), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
        await target.storage.put(key, { path });
        written.push(key);
        fileBytes += size;
      } else if (name === TRAILER && image) {
        trailer = parseJson<Trailer>(await readSmall(item, name, size), name);
        if (trailer.files !== written.length || trailer.fileBytes !== fileBytes)
          throw new BackupFileError(`the backup names ${trailer.files} files and holds ${written.length}`);
      } else {
        throw new BackupFileError(`${name} is not part of a backup of this product`);
      }
    }
    if (!header) throw new BackupFileError('the file is empty');
    if (!trailer) throw new BackupFileError('the backup stops short: the file was cut off');
    return { header, files: written.length };
  } catch (err) {
    input.destroy();
    extract.destroy();
    await Promise.all(written.map((k) => target.storage.remove(k).catch(() => undefined)));
    throw err;
  }
}
