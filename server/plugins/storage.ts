// Uploaded files (submission attachments) on the local disk under DATA_DIR/files. Keys are generated
// by the server ('<organization>/<yyyy-mm>/<uuid>.<ext>'), never taken from a client, and checked
// against a strict pattern, so no key can leave the root. `staged()` collects what a transaction wrote
// so that a rollback removes it again.
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** What a file is stored from: bytes in memory, or a temporary file that is moved into place. */
export type Content = Uint8Array | { path: string };

export interface Storage {
  readonly root: string;
  put(key: string, content: Content): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** A fresh key for a file of an organization. */
  newKey(organizationId: string, extension: string): string;
}

const KEY = /^[0-9a-f-]{36}\/\d{4}-\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

function pathOf(root: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return join(root, key);
}

export function createStorage(root: string): Storage {
  return {
    root,
    async put(key, content) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true });
      // 'wx': a key is written once; a clash is a bug, not something to overwrite.
      if (content instanceof Uint8Array) return writeFile(path, content, { flag: 'wx' });
      try {
        await rename(content.path, path);
      } catch (err) {
        // Another disk (DATA_DIR/files mounted elsewhere): copy, never overwriting.
        if ((err as { code?: string }).code !== 'EXDEV') throw err;
        await copyFile(content.path, path, 1 /* COPYFILE_EXCL */);
      }
    },
    get: (key) => readFile(pathOf(root, key)),
    async remove(key) {
      await rm(pathOf(root, key), { force: true });
    },
    newKey(organizationId, extension) {
      const month = new Date().toISOString().slice(0, 7);
      const ext = /^[a-z0-9]{1,10}$/.test(extension) ? `.${extension}` : '';
      return `${organizationId}/${month}/${randomUUID()}${ext}`;
    },
  };
}

/** Runs `work` with a put() that remembers its keys; when `work` fails, the files it wrote are removed. */
export async function staged<T>(storage: Storage, work: (put: (key: string, content: Content) => Promise<void>) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await work(async (key, content) => {
      await storage.put(key, content);
      written.push(key);
    });
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k).catch(() => undefined)));
    throw err;
  }
}

/**
 * Types a browser shows without running anything: anything else (html, svg, xml, scripts, unknown)
 * goes out as application/octet-stream, whatever the uploader's browser declared.
 */
const INERT_TYPE =
  /^(image\/(jpeg|png|gif|webp|avif|bmp|heic|heif|tiff)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/(pdf|zip|msword|vnd\.[a-z0-9.+-]+)|text\/(plain|csv))$/;

/**
 * The headers of every file the server sends (uploads, exports): always a download, never a page of
 * ours. An uploaded file is hostile content: served inline from our origin it could run script with the
 * viewer's session (stored XSS), so it is an attachment, the type is not to be guessed (nosniff), and
 * were a browser to render it anyway the sandbox gives it an opaque origin with no scripts, and
 * default-src 'none' lets it load nothing.
 */
export function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  const name = fileName.replace(/[\\/]/g, '_') || 'file';
  return {
    'content-type': INERT_TYPE.test(type) ? type : 'application/octet-stream',
    'content-disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, no-store',
  };
}

/** Sends a stored file. Every route that serves a file from storage goes through this, never send(get()). */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Storage,
  file: { key: string; fileName: string; contentType: string },
): Promise<FastifyReply> {
  const bytes = await storage.get(file.key);
  return reply.headers(downloadHeaders(file.fileName, file.contentType)).send(bytes);
}
