// `npm start`: the whole product on one port. Reads the configuration, prepares the database and the
// front end, serves both, and prints where to go and how to sign in.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot } from './boot';
import { loadConfig } from './config';
import { ensureFrontend } from './frontend';
import { printWelcome } from './welcome';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig();
const webRoot = join(root, 'dist');

await ensureFrontend(root, webRoot, (m) => console.log(m));
const booted = await boot(config, { webRoot, log: console });
await booted.app.listen({ port: config.port, host: config.host });
await printWelcome(booted, config);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    booted.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
