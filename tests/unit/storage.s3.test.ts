// The S3 storage against a real S3-compatible server (s3rver on a free port, objects in a temporary
// folder): what goes in comes out, as bytes or as a stream, a missing key is a not-found (the API's 404),
// a large file goes up in parts, and a failed transaction's files are removed again.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openStorage, staged, type Storage } from '../../server/plugins/storage';
import { s3Settings, startS3, type S3Server } from '../support/s3';

const ORG = randomUUID();
let server: S3Server;
let storage: Storage;
let temp: string;
beforeAll(async () => {
  server = await startS3();
  temp = mkdtempSync(join(tmpdir(), 'fieldsurvey-s3-test-'));
  storage = openStorage(s3Settings(server.endpoint, temp));
});
afterAll(async () => {
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 storage', () => {
  it('keeps bytes under their key and gives them back, whole or streamed', async () => {
    const key = storage.newKey(ORG, 'png');
    await storage.put(key, Buffer.from('a photo'));
    expect((await storage.get(key)).toString()).toBe('a photo');
    expect((await text(await storage.stream(key))).toString()).toBe('a photo');
  });

  it('answers a missing key with notFound, whole or streamed', async () => {
    const key = storage.newKey(ORG, 'pdf');
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'notFound', status: 404 });
    await expect(storage.stream(key)).rejects.toMatchObject({ code: 'notFound', status: 404 });
  });

  it('removes a file, and a second removal is no error', async () => {
    const key = storage.newKey(ORG, 'csv');
    await storage.put(key, Buffer.from('a,b\n'));
    await storage.remove(key);
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'notFound' });
  });

  it('refuses a key the server could not have made', async () => {
    await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('uploads a 20 MB file from its temporary file in parts, and the temporary file is gone', async () => {
    const path = join(temp, 'big.part');
    const bytes = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE(i, i);
    writeFileSync(path, bytes);
    const key = storage.newKey(ORG, 'mp4');
    await storage.put(key, { path });
    expect(existsSync(path)).toBe(false);
    const back = await text(await storage.stream(key));
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    // In parts: 20 MB in 8 MB parts is three UploadPart requests, never one body of 20 MB.
    const parts = server.requests.filter((r) => r.startsWith('PUT ') && r.includes(key) && /[?&]partNumber=/.test(r));
    expect(parts).toHaveLength(3);
  });

  it('removes what a failed transaction wrote', async () => {
    const keys = [storage.newKey(ORG, 'png'), storage.newKey(ORG, 'png')];
    await expect(
      staged(storage, async (put) => {
        for (const k of keys) await put(k, Buffer.from(k));
        throw new Error('the database refused');
      }),
    ).rejects.toThrow('the database refused');
    for (const k of keys) await expect(storage.get(k)).rejects.toMatchObject({ code: 'notFound' });
  });

  it('export files have keys of their own', async () => {
    const key = `exports/${randomUUID()}.xlsx`;
    await storage.put(key, Buffer.from('PK'));
    expect((await storage.get(key)).toString()).toBe('PK');
  });
});

describe('FILE_STORAGE', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: temp, JWT_SECRET: 'x'.repeat(40), ...env }).fileStorage;

  it('is the disk by default', () => {
    expect(config({})).toEqual({ kind: 'disk', root: join(temp, 'files') });
  });

  it('names a bucket and a prefix with the S3 settings', () => {
    expect(
      config({
        FILE_STORAGE: 's3://field-files/eu/prod',
        S3_ENDPOINT: 'https://minio.example.org:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'on',
      }),
    ).toMatchObject({
      kind: 's3',
      bucket: 'field-files',
      prefix: 'eu/prod/',
      endpoint: 'https://minio.example.org:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config({ FILE_STORAGE: 's3://field-files' })).toMatchObject({ bucket: 'field-files', prefix: '', credentials: undefined });
  });

  it.each([
    ['s3:/bucket', 'FILE_STORAGE must be disk or s3://bucket/prefix'],
    ['local', 'FILE_STORAGE must be disk or s3://bucket/prefix'],
    ['s3://Bucket_Name/x', 'FILE_STORAGE must be disk or s3://bucket/prefix'],
    ['s3://bucket/../x', 'FILE_STORAGE must be disk or s3://bucket/prefix'],
  ])('refuses %s at start', (value, message) => {
    expect(() => config({ FILE_STORAGE: value })).toThrow(message);
  });

  it('refuses half a key pair, a bad endpoint, and S3 settings without a bucket', () => {
    expect(() => config({ FILE_STORAGE: 's3://b-1', S3_ACCESS_KEY_ID: 'id' })).toThrow('go together');
    expect(() => config({ FILE_STORAGE: 's3://b-1', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be');
    expect(() => config({ FILE_STORAGE: 's3://b-1', S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be on or off');
    expect(() => config({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT is for FILE_STORAGE=s3');
  });
});
