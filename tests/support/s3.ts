// A real S3-compatible server for the tests (s3rver, objects kept in a temporary folder), and the
// FILE_STORAGE settings that point a server at it. The API project api-s3 starts one per run (its
// global setup, below); the storage's own test starts its own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import type { StorageSettings } from '../../server/plugins/storage';
import { freePort } from './ports';

export const TEST_BUCKET = 'fieldsurvey-test';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string | null;
  }
}

export interface S3Server {
  endpoint: string;
  /** Every request the server received, as 'METHOD /path?query'. */
  requests: string[];
  close(): Promise<void>;
}

export async function startS3(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'fieldsurvey-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  await server.run();
  const requests: string[] = [];
  server.httpServer.on('request', (req: { method: string; url: string }) => requests.push(`${req.method} ${req.url}`));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver's own keys, path-style addressing, and a prefix of the test's own so files never meet. */
export function s3Settings(endpoint: string, tempDir: string, prefix = `${randomUUID()}/`): StorageSettings {
  return {
    kind: 's3',
    bucket: TEST_BUCKET,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    tempDir,
  };
}

/** The global setup of api-s3: one S3 server for the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_STORAGE !== 's3') {
    project.provide('s3Endpoint', null);
    return async () => undefined;
  }
  const server = await startS3();
  project.provide('s3Endpoint', server.endpoint);
  return () => server.close();
}
