// Stored files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), behind the Storage interface of
// storage.ts. Every byte passes through the server in both directions (docs/decisions, object storage):
// uploads go up as a multipart upload read from the temporary file, at most PART_BYTES x PARTS_IN_FLIGHT
// in memory however large the file; downloads stream the object's body into the response.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { problem } from '../problems';
import { checkKey, isKey, newKey, type Content, type Storage, type StorageSettings } from './storage';

/** A part of a multipart upload (S3's minimum is 5 MiB); a smaller file is one PutObject. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default checksums send streamed bodies aws-chunked with a trailing CRC, which several
    // S3-compatible servers do not read; checksums where the API requires them work everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it (and its socket) forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => settings.prefix + checkKey(key);

  async function body(key: string): Promise<NonNullable<GetObjectCommandOutput['Body']>> {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
      if (!out.Body) throw problem('notFound');
      return out.Body;
    } catch (err) {
      if (isMissing(err)) throw problem('notFound');
      throw err;
    }
  }

  return {
    settings,
    tempDir: settings.tempDir,
    async put(key: string, content: Content) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: content instanceof Uint8Array ? content : createReadStream(content.path) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed upload aborts its parts, so a bucket is not left paying for fragments.
        leavePartsOnError: false,
      });
      await upload.done();
      // Moved into place, as on the disk: the temporary file is gone.
      if (!(content instanceof Uint8Array)) await rm(content.path, { force: true });
    },
    async get(key) {
      return Buffer.from(await (await body(key)).transformToByteArray());
    },
    async stream(key) {
      return (await body(key)) as Readable;
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    newKey,
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = (object.Key ?? '').slice(settings.prefix.length);
          // Objects of other tools that share the bucket are not ours to back up.
          if (isKey(key)) yield { key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
