// The application serving a stand-in for the built front end (a temporary folder of files), for tests of
// what the server does with the front end's files: headers, compression, the SPA fallback.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp, type App } from '../../server/app';
import type { Config } from '../../server/config';
import type { TestApp } from './app';

export interface SpaApp {
  app: App;
  close(): Promise<void>;
}

/** Builds the app of `t` with these files (path -> content) as its web root, and the config changed as given. */
export async function createSpaApp(t: TestApp, files: Record<string, string | Uint8Array>, config: Partial<Config> = {}): Promise<SpaApp> {
  const webRoot = mkdtempSync(join(tmpdir(), 'fieldsurvey-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(webRoot, path)), { recursive: true });
    writeFileSync(join(webRoot, path), content);
  }
  const app = await buildApp({ ...t.app.deps, config: { ...t.app.deps.config, ...config }, webRoot });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
